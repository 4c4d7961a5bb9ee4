"""Dominion (Base set, 2nd edition, and Alchemy) for 2-6 players."""

from __future__ import annotations

from typing import Any

from athanor.engine import GameSpec, Level, OptionSpec, Rng
from athanor.games.dominion.cards import CARDS, Card, CardType, Cost, plural
from athanor.games.dominion.commands import COMMANDS, turn_money
from athanor.games.dominion.encoding import encoding
from athanor.games.dominion.kingdoms import PRESETS, alchemy_count, named_cards
from athanor.games.dominion.rules import DominionState
from athanor.games.dominion.strategy import (
    HeuristicBot,
    Strategy,
    StrategyBot,
    builtin_names,
    builtin_strategy,
    make_beginner,
    parsed,
)


def bot_from_text(text: str, source: str, seed: int) -> StrategyBot:
    """A Dominion bot from a file's text: a DominionSim bot file (``FILE.xml``,
    ``FILE.xml:BOT``, or text that starts as XML) or one of our strategy files. The
    DominionSim reader is imported only for the former."""
    low = source.lower()
    if low.endswith(".xml") or ".xml:" in low or text.lstrip("\ufeff \t\r\n").startswith("<"):
        from athanor.games.dominion.dominionsim import make_bot

        return make_bot(text, source, seed)
    return StrategyBot(parsed(text, source), seed)


def _strategy_bots() -> dict[str, Any]:
    """Every shipped strategy file as a bot, plus the general heuristic bot."""
    bots: dict[str, Any] = {}
    for name in builtin_names():  # each file is parsed when its bot is first made
        bots[name] = lambda seed, n=name: StrategyBot(builtin_strategy(n), seed)
    bots["heuristic"] = HeuristicBot
    bots["beginner"] = make_beginner
    bots["planner"] = _make_expert
    return bots


def _make_expert(seed: int) -> Any:
    """The expert bot (its module imported only when one is made)."""
    from athanor.games.dominion.expert import make_expert

    return make_expert(seed)


LEVELS = {
    "easy": Level(
        "beginner",
        "A beginner: buys like big-money-ultimate, but half its buys are the dearest card it "
        "can afford, with no plan. Weaker than normal; answers at once.",
    ),
    "normal": Level(
        "big-money-ultimate",
        "Big Money Ultimate: Treasures, a Militia or two, Victory cards on time. The default "
        "bot; answers at once.",
    ),
    "hard": Level(
        "heuristic",
        "The heuristic bot: money and the strongest Actions the deck can carry, on any "
        "kingdom; wins about 3 games in 4 against normal. Answers at once.",
    ),
    "expert": Level(
        "planner",
        "Plays quick games to choose its plan for this kingdom, and its buys near the end, "
        "never peeking at hidden cards; wins about 88-90% against normal on Base-set kingdoms, "
        "about 85% when Alchemy cards may appear. Thinks up to about 0.7 s a move.",
    ),
}


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


# The rule words a newcomer meets in questions and narration, in our words, for the
# terminal's card command (card NAME looks up cards and these words alike).
TERMS: dict[str, str] = {
    "Supply": "The piles on the table you buy and gain cards from: Copper, Silver, Gold, "
    "Estate, Duchy, Province and Curse (Potion too when a Kingdom card costs one), and the "
    "ten Kingdom piles. The supply command lists them.",
    "Kingdom": "The ten piles of cards chosen for this game (the kingdom command lists them), "
    "beside the Treasure, Victory and Curse piles every game has.",
    "Action": "A card you play in your Action phase. Playing one uses up an Action; you have "
    "1 each turn, and cards that say +Actions let you play more.",
    "Treasure": "A card you play in your Buy phase for money: Copper 1 coin, Silver 2, Gold 3; "
    "Potion gives a Potion.",
    "Victory": "A card worth victory points at the end of the game (Estate, Duchy, Province, "
    "Gardens, Vineyard). It does nothing in your hand.",
    "Attack": "An Action card that does something to each other player. A player holding a "
    "Moat may reveal it first and be left alone.",
    "Reaction": "A card you may use on another player's turn: Moat, revealed from your hand "
    "when someone plays an Attack.",
    "Action phase": "The first part of your turn, when you play Action cards. It ends when "
    "you choose, or at once when you have no Action or no Action card left.",
    "Buy phase": "The second part of your turn: play Treasures, then buy. Buying a card plays "
    "the Treasures left in your hand first; once you have bought, no more Treasures.",
    "Buy": "Each Buy lets you take one card from the Supply by paying its cost. You have 1 "
    "each turn; cards that say +Buy give more. Unspent coins are lost.",
    "Clean-up": "The end of your turn: every card in play and in your hand goes to your "
    "discard pile, and you draw a new hand of 5.",
    "coins": "Money for this turn only, from Treasures and some Actions. A cost such as "
    "5 coins must be paid in full.",
    "Potions": "A second kind of money, made by the Potion card. Some Alchemy cards cost a "
    "Potion as well as coins; both parts must be paid, and cards costing up to some coins "
    "never reach a card with a Potion in its cost.",
    "victory points": "What wins: counted at the end from your Victory cards and Curses "
    "(-1 each), wherever they are. A tie goes to whoever took fewer turns.",
    "deck": "Your face-down pile to draw from. Onto your deck means on top of it. When it runs "
    "out, your discard pile is shuffled to make a new one.",
    "discard pile": "Your face-up pile of used and gained cards; only its top card is seen. "
    "It becomes your new deck when your deck runs out.",
    "hand": "The cards you hold; only you see them. You draw 5 at the end of each turn.",
    "in play": "Cards played this turn lie in front of you until Clean-up.",
    "draw": "Take the top card of your deck into your hand (+2 Cards: draw 2).",
    "gain": "Take a card from the Supply without paying for it; it goes to your discard pile "
    "unless the card says your hand or deck.",
    "trash": "Put a card out of the game for good, onto the shared trash pile.",
    "reveal": "Show a card to everyone; the game reads out each revealed card and where it goes.",
    "set aside": "Put a card to one side, out of your deck and hand, until the card that did "
    "it says where it goes.",
    "extra turn": "Possession gives the player to your left an extra turn after yours, in "
    "which you make every decision and see their cards; what they would gain goes to you. "
    "It does not count as one of their turns.",
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
    levels=LEVELS,
    status=status,
    commands=COMMANDS,
    sample_options=sample_options,
    minor_events=frozenset({"draw", "shuffle", "discard", "reveal", "put", "aside"}),
    shortcuts={"e": "end", "end": "end", "t": "treasures", "all": "treasures"},
    cards=card_texts,
    terms=TERMS,
    card_facts=card_facts,
    score_name="victory points",
    encoding=encoding,
    bot_from_text=bot_from_text,  # a strategy file, or a DominionSim bot (.xml)
    help=(
        "Each turn: play Actions (1 Action to start), then play Treasures and buy cards "
        "(1 Buy to start), then discard everything and draw 5. Buying a card plays the "
        "Treasures left in your hand first. The game ends when the "
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
