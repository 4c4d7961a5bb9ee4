"""Dominion (Base set, 2nd edition, and Alchemy) for 2-6 players."""

from __future__ import annotations

from typing import Any

from athanor.engine import GameSpec, OptionSpec, Rng
from athanor.games.dominion.cards import CARDS, Card, CardType, Cost
from athanor.games.dominion.commands import COMMANDS, turn_resources
from athanor.games.dominion.kingdoms import PRESETS
from athanor.games.dominion.rules import DominionState
from athanor.games.dominion.strategy import HeuristicBot, Strategy, StrategyBot, builtin_strategies


def _strategy_bots() -> dict[str, Any]:
    """Every shipped strategy file as a bot, plus the general heuristic bot."""
    bots: dict[str, Any] = {}
    for name, strategy in builtin_strategies().items():
        bots[name] = lambda seed, st=strategy: StrategyBot(st, seed)
    bots["heuristic"] = HeuristicBot
    return bots


def status(view: Any, seat: int | None) -> str:
    """A short summary for the terminal's status command."""
    lines = [
        "Supply: " + ", ".join(f"{n} {k}" for n, k in view["supply"].items()) + ".",
    ]
    for i, p in enumerate(view["players"]):
        who = "You" if i == seat else p["name"]
        hand = ", ".join(p["hand"]) if p["hand"] is not None else f"{p['hand_size']} cards"
        lines.append(
            f"{who}: hand {hand}; deck {p['deck_size']}; discard {p['discard_size']}"
            + (f"; in play {', '.join(p['in_play'])}" if p["in_play"] else "")
            + "."
        )
    if not view["over"]:
        lines.append(
            f"{view['names'][view['current']]}'s {view['phase']} phase: {turn_resources(view)}."
        )
    return "\n".join(lines)


def sample_options(rng: Rng) -> dict[str, Any]:
    """A random valid set-up: a random kingdom with any share of Alchemy, or a preset."""
    presets = list(PRESETS)
    if rng.below(4) == 0:
        return {"kingdom": rng.choice(presets)}
    return {"kingdom": "random", "alchemy": rng.choice([*(str(n) for n in range(11)), "any"])}


SPEC = GameSpec(
    name="dominion",
    title="Dominion",
    min_players=2,
    max_players=6,
    state_class=DominionState,
    options=(
        OptionSpec(
            "kingdom",
            "The ten Kingdom cards: 'random', a preset ("
            + ", ".join(PRESETS)
            + "), or a comma-separated list of card names (a shorter list is filled at random).",
            "random",
        ),
        OptionSpec(
            "alchemy",
            "How many of a random kingdom's cards are Alchemy cards: a number 0-10, or 'any' "
            "to draw from the Base set and Alchemy together (named cards count).",
            "0",
            type=Any,
        ),
    ),
    summary="Deck-building: buy cards, build your deck, gain the most victory points.",
    bots=_strategy_bots(),
    default_bot="big-money-ultimate",
    status=status,
    commands=COMMANDS,
    sample_options=sample_options,
    bot_from_text=lambda text, source, seed: StrategyBot(Strategy.parse(text, source), seed),
    help=(
        "Each turn: play Actions (1 Action to start), then play Treasures and buy cards "
        "(1 Buy to start), then discard everything and draw 5. The game ends when the "
        "Provinces or three Supply piles (four with 5-6 players) run out; most victory points wins."
    ),
)

DominionState.spec = SPEC

__all__ = [
    "CARDS",
    "SPEC",
    "Card",
    "CardType",
    "Cost",
    "DominionState",
    "HeuristicBot",
    "Strategy",
    "StrategyBot",
]
