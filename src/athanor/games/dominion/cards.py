"""Dominion card definitions: immutable data, shared by every game.

A card is named by its interned name string everywhere in a state (hands,
decks, piles), so states stay small, fast to copy and readable as JSON. The
definitions here say what a card costs, which types it has and its simple
"+" bonuses; anything more is a small effect in ``frames.py`` registered under
the card's name. Card texts are our own words.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from athanor.engine.text import list_words, with_article
from athanor.engine.text import plural as count_words


class CardType(enum.IntFlag):
    """Card types; a card may have several (Moat is an Action and a Reaction)."""

    ACTION = 1
    TREASURE = 2
    VICTORY = 4
    CURSE = 8
    ATTACK = 16
    REACTION = 32


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost in two separate parts: coins and Potions.

    Costs are only partially ordered: "costing up to" a limit must hold for
    both parts, so a card with a Potion in its cost is never "up to 4 coins".
    """

    coins: int = 0
    potions: int = 0

    def fits(self, limit: Cost) -> bool:
        """True if this cost is at most ``limit`` in coins and in Potions."""
        return self.coins <= limit.coins and self.potions <= limit.potions

    def plus(self, coins: int) -> Cost:
        """This cost with ``coins`` more coins (Remodel: up to 2 more than it)."""
        return Cost(self.coins + coins, self.potions)

    def words(self) -> str:
        """The cost read aloud: "5 coins", "3 coins and 1 Potion"."""
        c = f"{self.coins} coin" + ("" if self.coins == 1 else "s")
        if not self.potions:
            return c
        p = f"{self.potions} Potion" + ("" if self.potions == 1 else "s")
        return p if not self.coins else f"{c} and {p}"


@dataclass(frozen=True, slots=True)
class Card:
    """One card's fixed facts."""

    name: str
    cost: Cost
    types: CardType
    text: str
    expansion: str = "base"
    coins: int = 0  # a Treasure's coins when played
    potions: int = 0  # a Treasure's Potions when played
    vp: int = 0  # fixed victory points (Gardens is counted by the rules)
    cards: int = 0  # +Cards
    actions: int = 0  # +Actions
    buys: int = 0  # +Buys
    plus_coins: int = 0  # +coins from an Action

    def is_(self, t: CardType) -> bool:
        """Whether the card has type ``t``."""
        return bool(self.types & t)

    @property
    def type_words(self) -> str:
        """Types as words: "Action - Attack"."""
        return " - ".join(t.name.title() for t in CardType if t in self.types and t.name)


A, T, V, C = CardType.ACTION, CardType.TREASURE, CardType.VICTORY, CardType.CURSE
ATK, REA = CardType.ATTACK, CardType.REACTION


def _c(coins: int, potions: int = 0) -> Cost:
    return Cost(coins, potions)


BASIC_CARDS: tuple[Card, ...] = (
    Card("Copper", _c(0), T, "+1 coin.", "basic", coins=1),
    Card("Silver", _c(3), T, "+2 coins.", "basic", coins=2),
    Card("Gold", _c(6), T, "+3 coins.", "basic", coins=3),
    Card("Potion", _c(4), T, "+1 Potion.", "basic", potions=1),
    Card("Estate", _c(2), V, "1 victory point.", "basic", vp=1),
    Card("Duchy", _c(5), V, "3 victory points.", "basic", vp=3),
    Card("Province", _c(8), V, "6 victory points.", "basic", vp=6),
    Card("Curse", _c(0), C, "-1 victory point.", "basic", vp=-1),
)

BASE_CARDS: tuple[Card, ...] = (
    Card(
        "Cellar",
        _c(2),
        A,
        "+1 Action. Discard any number of cards, then draw that many.",
        actions=1,
    ),
    Card("Chapel", _c(2), A, "Trash up to 4 cards from your hand."),
    Card(
        "Moat",
        _c(2),
        A | REA,
        "+2 Cards. When another player plays an Attack, you may first reveal this from "
        "your hand, to be unaffected by it.",
        cards=2,
    ),
    Card(
        "Harbinger",
        _c(3),
        A,
        "+1 Card, +1 Action. Look through your discard pile; you may put a card from it "
        "onto your deck.",
        cards=1,
        actions=1,
    ),
    Card(
        "Merchant",
        _c(3),
        A,
        "+1 Card, +1 Action. The first time you play a Silver this turn, +1 coin.",
        cards=1,
        actions=1,
    ),
    Card(
        "Vassal",
        _c(3),
        A,
        "+2 coins. Discard the top card of your deck. If it is an Action card, you may play it.",
        plus_coins=2,
    ),
    Card("Village", _c(3), A, "+1 Card, +2 Actions.", cards=1, actions=2),
    Card("Workshop", _c(3), A, "Gain a card costing up to 4 coins."),
    Card(
        "Bureaucrat",
        _c(4),
        A | ATK,
        "Gain a Silver onto your deck. Each other player reveals a Victory card from their "
        "hand and puts it onto their deck (or reveals a hand with no Victory cards).",
    ),
    Card("Gardens", _c(4), V, "Worth 1 victory point per 10 cards you have (round down)."),
    Card(
        "Militia",
        _c(4),
        A | ATK,
        "+2 coins. Each other player discards down to 3 cards in hand.",
        plus_coins=2,
    ),
    Card("Moneylender", _c(4), A, "You may trash a Copper from your hand for +3 coins."),
    Card(
        "Poacher",
        _c(4),
        A,
        "+1 Card, +1 Action, +1 coin. Discard a card per empty Supply pile.",
        cards=1,
        actions=1,
        plus_coins=1,
    ),
    Card(
        "Remodel",
        _c(4),
        A,
        "Trash a card from your hand. Gain a card costing up to 2 coins more than it.",
    ),
    Card("Smithy", _c(4), A, "+3 Cards.", cards=3),
    Card("Throne Room", _c(4), A, "You may play an Action card from your hand twice."),
    Card(
        "Bandit",
        _c(5),
        A | ATK,
        "Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a "
        "revealed Treasure other than Copper, and discards the rest.",
    ),
    Card(
        "Council Room",
        _c(5),
        A,
        "+4 Cards, +1 Buy. Each other player draws a card.",
        cards=4,
        buys=1,
    ),
    Card("Festival", _c(5), A, "+2 Actions, +1 Buy, +2 coins.", actions=2, buys=1, plus_coins=2),
    Card("Laboratory", _c(5), A, "+2 Cards, +1 Action.", cards=2, actions=1),
    Card(
        "Library",
        _c(5),
        A,
        "Draw until you have 7 cards in hand, skipping any Action cards you choose to; "
        "set those aside, discarding them afterwards.",
    ),
    Card(
        "Market",
        _c(5),
        A,
        "+1 Card, +1 Action, +1 Buy, +1 coin.",
        cards=1,
        actions=1,
        buys=1,
        plus_coins=1,
    ),
    Card(
        "Mine",
        _c(5),
        A,
        "You may trash a Treasure from your hand. Gain a Treasure to your hand costing up "
        "to 3 coins more than it.",
    ),
    Card(
        "Sentry",
        _c(5),
        A,
        "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any "
        "number of them. Put the rest back on top in any order.",
        cards=1,
        actions=1,
    ),
    Card("Witch", _c(5), A | ATK, "+2 Cards. Each other player gains a Curse.", cards=2),
    Card(
        "Artisan",
        _c(6),
        A,
        "Gain a card to your hand costing up to 5 coins. Put a card from your hand onto your deck.",
    ),
)

ALCHEMY_CARDS: tuple[Card, ...] = (
    Card(
        "Transmute",
        _c(0, 1),
        A,
        "Trash a card from your hand. If it is an Action card, gain a Duchy; a Treasure card, "
        "gain a Transmute; a Victory card, gain a Gold.",
        "alchemy",
    ),
    Card(
        "Vineyard",
        _c(0, 1),
        V,
        "Worth 1 victory point for every 3 Action cards you have (round down).",
        "alchemy",
    ),
    Card(
        "Herbalist",
        _c(2),
        A,
        "+1 Buy, +1 coin. When you discard this from play, you may put one of your Treasures "
        "from play onto your deck.",
        "alchemy",
        buys=1,
        plus_coins=1,
    ),
    Card(
        "Apothecary",
        _c(2, 1),
        A,
        "+1 Card, +1 Action. Reveal the top 4 cards of your deck. Put the revealed Coppers and "
        "Potions into your hand. Put the rest back in any order.",
        "alchemy",
        cards=1,
        actions=1,
    ),
    Card(
        "Scrying Pool",
        _c(2, 1),
        A | ATK,
        "+1 Action. Each player (including you) reveals the top card of their deck and either "
        "discards it or puts it back, your choice. Then reveal cards from your deck until "
        "revealing one that is not an Action. Put all of those revealed cards into your hand.",
        "alchemy",
        actions=1,
    ),
    Card(
        "University",
        _c(2, 1),
        A,
        "+2 Actions. You may gain an Action card costing up to 5 coins.",
        "alchemy",
        actions=2,
    ),
    Card(
        "Alchemist",
        _c(3, 1),
        A,
        "+2 Cards, +1 Action. When you discard this from play, if you have a Potion in play, "
        "you may put this onto your deck.",
        "alchemy",
        cards=2,
        actions=1,
    ),
    Card(
        "Familiar",
        _c(3, 1),
        A | ATK,
        "+1 Card, +1 Action. Each other player gains a Curse.",
        "alchemy",
        cards=1,
        actions=1,
    ),
    Card(
        "Philosopher's Stone",
        _c(3, 1),
        T,
        "When you play this, count your deck and discard pile. Worth 1 coin per 5 cards total "
        "between them (round down).",
        "alchemy",
    ),
    Card(
        "Golem",
        _c(4, 1),
        A,
        "Reveal cards from your deck until you reveal 2 Action cards other than Golems. Discard "
        "the other cards, then play the Action cards in either order.",
        "alchemy",
    ),
    Card(
        "Apprentice",
        _c(5),
        A,
        "+1 Action. Trash a card from your hand. +1 Card per coin it costs. +2 Cards if it has "
        "a Potion in its cost.",
        "alchemy",
        actions=1,
    ),
    Card(
        "Possession",
        _c(6, 1),
        A,
        "The player to your left takes an extra turn after this one, in which you can see all "
        "cards they can and make all decisions for them. Any cards they would gain on that turn, "
        "you gain instead; any cards of theirs that are trashed are set aside and returned to "
        "their discard pile at end of turn.",
        "alchemy",
    ),
)

CARDS: Final[dict[str, Card]] = {c.name: c for c in (*BASIC_CARDS, *BASE_CARDS, *ALCHEMY_CARDS)}
KINGDOM_CARDS: tuple[str, ...] = tuple(c.name for c in BASE_CARDS)
ALCHEMY_KINGDOM: tuple[str, ...] = tuple(c.name for c in ALCHEMY_CARDS)
ALL_KINGDOM: tuple[str, ...] = (*KINGDOM_CARDS, *ALCHEMY_KINGDOM)

# Flat lookup tables for the hot paths (a dict lookup beats an attribute chain).
ACTIONS: Final[frozenset[str]] = frozenset(n for n, c in CARDS.items() if c.types & A)
TREASURES: Final[frozenset[str]] = frozenset(n for n, c in CARDS.items() if c.types & T)
VICTORIES: frozenset[str] = frozenset(n for n, c in CARDS.items() if c.types & V)
ATTACKS: frozenset[str] = frozenset(n for n, c in CARDS.items() if c.types & ATK)
COST_COINS: Final[dict[str, int]] = {n: c.cost.coins for n, c in CARDS.items()}
COST_POTIONS: Final[dict[str, int]] = {n: c.cost.potions for n, c in CARDS.items()}
TREASURE_COINS: dict[str, int] = {n: CARDS[n].coins for n in TREASURES}  # printed coins
TREASURE_POTIONS: dict[str, int] = {n: CARDS[n].potions for n in TREASURES}
STONE = "Philosopher's Stone"  # a Treasure whose coins are worked out when played
VP: Final[dict[str, int]] = {n: c.vp for n, c in CARDS.items()}


def card(name: str) -> Card:
    """The definition of a card by name (KeyError if unknown)."""
    return CARDS[name]


def a_card(name: str) -> str:
    """A card name with its article, by sound: "a Silver", "an Estate", "a University"."""
    return with_article(name)


def plural(name: str, n: int) -> str:
    """ "3 Coppers", "1 Gold", "2 Throne Rooms"."""
    return count_words(n, name)


def plural_name(name: str) -> str:
    """A card name in the plural, without a count: "Coppers", "Duchies", "Gardens"."""
    return count_words(2, name)[2:]


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "11th", "22nd": a count in order, as screen readers say it."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def cards_words(names: list[str]) -> str:
    """Cards in order, grouping nothing: "Gold, Copper and Gold"."""
    return list_words(list(names))


def counted_words(names: Sequence[str]) -> str:
    """Cards counted by name in first-seen order: "3 Coppers and a Silver"."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return list_words([a_card(n) if k == 1 else plural(n, k) for n, k in counts.items()])
