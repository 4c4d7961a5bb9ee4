"""Potion Party's components as data: dice, recipes and alchemists.

Face lists per die colour are configurable; the defaults are an assumption
(the publisher gives the kinds of faces, not how many of each), see
docs/rules/potion-party.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

COLOURS = ("blue", "red", "green")
STARDUST = {"blue": "sapphire", "red": "ruby", "green": "emerald"}
ALCHEMY_FACE = {"blue": "heart", "red": "potion", "green": "both"}

# How many dice of each colour the box holds.
BOX = {"blue": 8, "red": 6, "green": 2}
# The pool rolled each turn.
POOL = {"blue": 3, "red": 3}
# A game that nobody has won after this many rounds ends (ruling R11).
MAX_ROUNDS = 50

# Faces: "dark", a number of stars "1".."4", or the colour's alchemy face; every die has
# SIDES of them.
SIDES = 6
DEFAULT_FACES = {
    "blue": ("dark", "dark", "1", "1", "2", "heart"),
    "red": ("dark", "1", "2", "2", "3", "potion"),
    "green": ("2", "2", "3", "3", "4", "both"),
}
ALLOWED_FACES = {
    "blue": {"dark", "1", "2", "heart"},
    "red": {"dark", "1", "2", "3", "potion"},
    "green": {"2", "3", "4", "both"},
}

INGREDIENTS = ("ruby", "sapphire", "emerald", "darkness", "heart", "potion")
INGREDIENT_WORDS = {
    "ruby": "Ruby Stardust",
    "sapphire": "Sapphire Stardust",
    "emerald": "Emerald Stardust",
    "darkness": "Darkness",
    "heart": "Alchemy (heart)",
    "potion": "Alchemy (potion)",
}
COMPLEX = ("emerald", "darkness", "heart", "potion")


@dataclass(frozen=True)
class Recipe:
    """A potion the alchemists race to complete."""

    key: str
    title: str
    needs: tuple[tuple[str, int], ...]
    # Every ingredient with what the recipe needs of it (0 if none), and the complex
    # ingredients it needs (in COMPLEX's order): read on hot paths.
    amounts: dict[str, int] = field(init=False, repr=False, compare=False)
    complex_needs: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        amounts = dict.fromkeys(INGREDIENTS, 0)
        amounts.update(self.needs)
        object.__setattr__(self, "amounts", amounts)
        object.__setattr__(self, "complex_needs", tuple(i for i in COMPLEX if amounts[i]))

    @property
    def is_complex(self) -> bool:
        """True when the recipe needs anything beyond Ruby and Sapphire."""
        return any(ing in COMPLEX for ing, _ in self.needs)

    def need(self, ingredient: str) -> int:
        """How many of one ingredient the recipe needs."""
        return self.amounts.get(ingredient, 0)

    def describe(self) -> str:
        """The needs in words."""
        return ", ".join(f"{n} {INGREDIENT_WORDS[i]}" for i, n in self.needs)


RECIPES: dict[str, Recipe] = {
    r.key: r
    for r in (
        Recipe("fire-breath", "Fire Breath Potion", (("ruby", 14), ("sapphire", 7))),
        Recipe("dull-nerves", "Ointment of Dull Nerves", (("ruby", 7), ("sapphire", 14))),
        Recipe("icy-armor", "Potion of Icy Armor", (("ruby", 10), ("sapphire", 11))),
        Recipe("speed", "Potion of Speed", (("ruby", 11), ("sapphire", 10))),
        Recipe(
            "choking-mist",
            "Choking Mist Bomb",
            (("ruby", 15), ("sapphire", 14), ("potion", 2)),
        ),
        Recipe(
            "invisibility",
            "Potion of Invisibility",
            (("ruby", 14), ("sapphire", 13), ("darkness", 4), ("emerald", 4)),
        ),
        Recipe(
            "invulnerability",
            "Potion of Invulnerability",
            (("ruby", 16), ("sapphire", 16), ("darkness", 6), ("emerald", 4)),
        ),
        Recipe(
            "soul-jar",
            "Soul Jar",
            (
                ("ruby", 15),
                ("sapphire", 16),
                ("heart", 2),
                ("potion", 2),
                ("darkness", 5),
                ("emerald", 1),
            ),
        ),
    )
}


@dataclass(frozen=True)
class Alchemist:
    """An alchemist card and its Skullduggery power, if it has one."""

    key: str
    title: str
    power: str  # "", "lich", "witch" or "kobold"
    power_text: str


ALCHEMISTS: dict[str, Alchemist] = {
    a.key: a
    for a in (
        Alchemist(
            "lich",
            'Skeleton "Lich"',
            "lich",
            "On the first roll of each turn, may roll up to half of the Darkness dice "
            "(rounded down) again instead of setting them aside.",
        ),
        Alchemist(
            "witch",
            "Witch Exterminator",
            "witch",
            "An Alchemy face on a Super Die counts as a heart and a potion together, "
            "so the Super Die is made again; this holds during Sabotage too.",
        ),
        Alchemist(
            "kobold",
            "Kobold Pyrotechnician",
            "kobold",
            "Each Sabotage by this alchemist also takes 1 Ruby Stardust from every other "
            "alchemist's total (never below zero).",
        ),
        Alchemist("nether-elf", "Nether Elf Arachnologist", "", "No Skullduggery power."),
        Alchemist("gnoll", "Gnoll Medicine Man", "", "No Skullduggery power."),
        Alchemist("kodama", "Kodama Chemyst", "", "No Skullduggery power."),
        Alchemist("demon", "Demon Matchmaker", "", "No Skullduggery power."),
        Alchemist("orc", "Orc Cook", "", "No Skullduggery power."),
    )
}


def stars(face: str) -> int:
    """Stars on a face (0 for Darkness and Alchemy faces)."""
    return int(face) if face.isdigit() else 0


def face_words(colour: str, face: str) -> str:
    """A face in words, for narration."""
    if face == "dark":
        return f"{colour} Darkness"
    if face.isdigit():
        n = int(face)
        return f"{colour} {n} star" + ("s" if n != 1 else "")
    return {"heart": "blue heart", "potion": "red potion", "both": "green heart-and-potion"}[face]


@lru_cache(maxsize=256)
def parse_faces(colour: str, text: str) -> tuple[str, ...]:
    """Parse a comma-separated face list for one colour, with clear errors (each list is
    parsed once: every game's set-up reads them twice, and playouts set up many games)."""
    faces = tuple(f.strip() for f in text.split(",") if f.strip())
    if len(faces) != SIDES:
        raise ValueError(f"{colour} dice need exactly {SIDES} faces, got {len(faces)}: {text!r}")
    bad = [f for f in faces if f not in ALLOWED_FACES[colour]]
    if bad:
        allowed = ", ".join(sorted(ALLOWED_FACES[colour]))
        raise ValueError(f"{colour} dice cannot show {bad[0]!r}; allowed faces: {allowed}")
    return faces
