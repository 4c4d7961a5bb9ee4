"""The Crucible's 58 cards as small integers, with their names and faces.

Every card has an id 0-57. The 54 dual-natured ingredient cards have ids 0-53:
id ``suit * 9 + rank - 1`` is the card whose upright face is that suit and
rank. Catalysts 1-4 are ids 54-57. A *face* is coded the same way, so a card
that has never been flipped shows the face equal to its id. Flipping a card
turns it to the opposite suit on the wheel at 10 minus the rank, which is the
upright face of exactly one sibling card: the deck is closed under flipping.
"""

from __future__ import annotations

from athanor.engine.text import list_words, with_article
from athanor.engine.text import plural as count_words

SUITS = ("Brimstone", "Quicksilver", "Salt", "Mandrake", "Aether", "Lodestone", "Catalyst")
LETTERS = ("B", "Q", "S", "M", "A", "L", "C")
CATALYST = 6  # the suit number of the Catalysts (the trump suit)
BRIMSTONE = 0
MANDRAKE = 3
INGREDIENT_SUITS = range(6)
DECK_SIZE = 58
DUAL = 54  # ids below this are dual-natured
ALL_CARDS = tuple(range(DECK_SIZE))
CATALYST_FOUR = 57


def opposite(suit: int) -> int:
    """The suit across the wheel: Brimstone-Mandrake, Quicksilver-Aether, Salt-Lodestone."""
    return (suit + 3) % 6


def _suit(face: int) -> int:
    return face // 9 if face < DUAL else CATALYST


def _rank(face: int) -> int:
    return face % 9 + 1 if face < DUAL else face - DUAL + 1


# Per-face tables (index by face code), made once.
SUIT: tuple[int, ...] = tuple(_suit(f) for f in ALL_CARDS)
RANK: tuple[int, ...] = tuple(_rank(f) for f in ALL_CARDS)
FLIP: tuple[int, ...] = tuple(
    opposite(SUIT[f]) * 9 + (10 - RANK[f]) - 1 if f < DUAL else f for f in ALL_CARDS
)
CODE: tuple[str, ...] = tuple(f"{LETTERS[SUIT[f]]}{RANK[f]}" for f in ALL_CARDS)
NAME: tuple[str, ...] = tuple(f"{SUITS[SUIT[f]]} {RANK[f]}" for f in ALL_CARDS)
BY_CODE: dict[str, int] = {c: f for f, c in enumerate(CODE)}
SUIT_BIT: tuple[int, ...] = tuple(1 << SUIT[f] for f in ALL_CARDS)


def face_of(code: str) -> int:
    """The face code for a short code such as 'S4' or 'C2' (ValueError if unknown)."""
    try:
        return BY_CODE[code.upper()]
    except KeyError:
        raise ValueError(f"no card {code!r}") from None


def a_name(face: int) -> str:
    """'a Salt 4', 'an Aether 7': the face with its article, for narration."""
    return with_article(NAME[face])


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards', '1 Boil Over', '3 Boil Overs'."""
    return count_words(n, word)


def listing(items: list[str]) -> str:
    """'a, b and c' (or 'nothing')."""
    return list_words(items)


def names(faces: list[int]) -> str:
    """Faces named in order: 'Salt 4, Brimstone 9 and Catalyst 2'."""
    return listing([NAME[f] for f in faces])


def by_suit(faces: list[int]) -> str:
    """Faces grouped by suit, each suit named once: 'Brimstone 1, 3 and 6; Salt 2'."""
    groups: dict[int, list[int]] = {}
    for f in faces:
        groups.setdefault(SUIT[f], []).append(RANK[f])
    parts = [
        f"{SUITS[su]} {listing([str(r) for r in sorted(groups[su])])}" for su in sorted(groups)
    ]
    return "; ".join(parts) if parts else "no cards"
