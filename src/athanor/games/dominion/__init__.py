"""Dominion (Base set, 2nd edition, and Alchemy) for 2-6 players."""

from __future__ import annotations

from typing import Any

from athanor.engine import GameSpec, OptionSpec, Rng
from athanor.games.dominion.cards import CARDS, Card, CardType, Cost, plural
from athanor.games.dominion.commands import COMMANDS, turn_money
from athanor.games.dominion.encoding import encoding
from athanor.games.dominion.kingdoms import PRESETS, alchemy_count, named_cards
from athanor.games.dominion.rules import DominionState
from athanor.games.dominion.strategy import (
    HeuristicBot,
    Strategy,
    StrategyBot,
    builtin_strategies,
    parsed,
)


def _strategy_bots() -> dict[str, Any]:
    """Every shipped strategy file as a bot, plus the general heuristic bot."""
    bots: dict[str, Any] = {}
    for name, strategy in builtin_strategies().items():
        bots[name] = lambda seed, st=strategy: StrategyBot(st, seed)
    bots["heuristic"] = HeuristicBot
    return bots


def status(view: Any, seat: int | None) -> str:
    """One line: whose turn and phase, the money the hand can make, Actions and Buys
    left, and everyone's victory points."""
    names = view["names"]
    vp = "; ".join(
        f"{'you' if i == seat else p['name']} {p['vp']}" for i, p in enumerate(view["players"])
    )
    if view["over"]:
        return f"The game is over. Victory points: {vp}."
    current = view["current"]
    whose = "your" if current == seat else f"{names[current]}'s"
    possessor = view["possessor"]
    if possessor is not None:
        by = "you decide" if possessor == seat else f"{names[possessor]} decides"
        whose = f"{whose} extra turn ({by}, Possession),"
    else:
        whose += " turn,"
    money = view.get("money_with_hand")
    if money is not None:
        coins, potions = money
        hand = "your hand" if current == seat else f"{names[current]}'s hand"
        can = f"{plural('coin', coins)}" + (f" and {plural('Potion', potions)}" if potions else "")
        money_words = f"{can} with the Treasures in {hand}"
    else:
        money_words = turn_money(view)
    return (
        f"Turn {view['turn']}: {whose} {view['phase']} phase. {money_words}; "
        f"{plural('Action', view['actions'])}, {plural('Buy', view['buys'])}. "
        f"Victory points: {vp}."
    )


def card_texts() -> dict[str, str]:
    """Every card with its cost, types and text in our words, for the card command."""
    return {
        c.name: f"{c.type_words}, costs {c.cost.words()}. {c.text}".strip()
        for c in sorted(CARDS.values(), key=lambda c: c.name)
    }


def card_facts() -> dict[str, Any]:
    """Each card's types (in the printed order) and cost, for a client drawing the cards."""
    return {
        c.name: {
            "types": [t.name.title() for t in CardType if t in c.types and t.name],
            "coins": c.cost.coins,
            "potions": c.cost.potions,
        }
        for c in CARDS.values()
    }


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
            check=named_cards,
        ),
        OptionSpec(
            "alchemy",
            "How many of a random kingdom's cards are Alchemy cards: a number 0-10, or 'any' "
            "to draw from the Base set and Alchemy together (named cards count).",
            "0",
            type=Any,
            check=alchemy_count,
        ),
    ),
    summary="Deck-building: buy cards, build your deck, gain the most victory points.",
    bots=_strategy_bots(),
    default_bot="big-money-ultimate",
    status=status,
    commands=COMMANDS,
    sample_options=sample_options,
    minor_events=frozenset({"draw", "shuffle", "discard", "reveal", "put", "aside"}),
    shortcuts={"e": "end", "end": "end", "t": "treasures", "all": "treasures"},
    cards=card_texts,
    card_facts=card_facts,
    score_name="victory points",
    encoding=encoding,
    bot_from_text=lambda text, source, seed: StrategyBot(parsed(text, source), seed),
    help=(
        "Each turn: play Actions (1 Action to start), then play Treasures and buy cards "
        "(1 Buy to start), then discard everything and draw 5. The game ends when the "
        "Provinces or three Supply piles (four with 5-6 players) run out; most victory points "
        "wins, and a tie goes to whoever took fewer turns. In the final result, places count "
        "from first, and the score is victory points."
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
