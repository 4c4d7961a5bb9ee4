"""The ten disciplines: two passive, eight used once per mission on your own turn.

A discipline is data plus the hooks the reaction's resolver reads: the
resolver never asks for a discipline by name. An activated discipline is
offered on its holder's turn when it fits the reaction (``intent``) and its
``usable`` test passes; the option label says what it will do to this
reaction (``label``), and a confirmation follows before the use is spent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from athanor.games.crucible.cards import BRIMSTONE, CATALYST, SUIT

Label = Callable[[int, int], str]  # (Cauldron Limit now, Transmutation Target now) -> words


@dataclass(frozen=True)
class Discipline:
    """One character discipline: its words and the hooks its effect uses."""

    key: str
    name: str
    text: str
    passive: bool = False
    intent: str = ""  # activated: "catalyze", "transmute" or "any"
    label: Label | None = None
    # Hooks (None or False: no effect of that kind).
    limit: Callable[[int], int] | None = None  # the Cauldron Limit while active
    target: Callable[[int], int] | None = None  # the Transmutation Target while active
    zero: Callable[[int], bool] | None = None  # the holder's faces that count 0
    zero_in: str = "any"  # in which reactions ``zero`` applies
    no_win: Callable[[int], bool] | None = None  # the holder's faces that cannot win
    forces_success: bool = False
    claims_trick: bool = False
    keeps_upright: bool = False
    swaps_tasks: bool = False
    usable: Callable[[Any, int], bool] | None = None  # extra test on (state, seat)


def _is_catalyst(face: int) -> bool:
    return SUIT[face] == CATALYST


def _is_brimstone(face: int) -> bool:
    return SUIT[face] == BRIMSTONE


NO_LIMIT = 10_000

DISCIPLINES: dict[str, Discipline] = {
    d.key: d
    for d in (
        Discipline(
            "void-weaver",
            "Void Weaver",
            "Passive: your Catalysts count 0 toward both totals and cannot win a trick.",
            passive=True,
            zero=_is_catalyst,
            no_win=_is_catalyst,
        ),
        Discipline(
            "apprentice",
            "Apprentice",
            "Passive: your Whisper also announces whether the card's transmuted face is odd "
            "or even.",
            passive=True,
        ),
        Discipline(
            "purifier",
            "Purifier",
            "Once per mission: one Catalyze trick ignores the Cauldron Limit.",
            intent="catalyze",
            label=lambda lim, tgt: (
                f"this Catalyze cannot boil over (its limit of {lim} is ignored)"
            ),
            limit=lambda lim: NO_LIMIT,
        ),
        Discipline(
            "metallurgist",
            "Metallurgist",
            "Once per mission: lower the Transmutation Target by 5 for one Transmute.",
            intent="transmute",
            label=lambda lim, tgt: f"the Transmutation Target drops from {tgt} to {tgt - 5}",
            target=lambda tgt: tgt - 5,
        ),
        Discipline(
            "pyromancer",
            "Pyromancer",
            "Once per mission: your Brimstone counts 0 in one Catalyze trick.",
            intent="catalyze",
            label=lambda lim, tgt: "the Brimstone you play to this Catalyze counts 0",
            zero=_is_brimstone,
            zero_in="catalyze",
        ),
        Discipline(
            "stabilizer",
            "Stabilizer",
            "Once per mission: raise the Cauldron Limit by 3 for one Catalyze trick.",
            intent="catalyze",
            label=lambda lim, tgt: f"the Cauldron Limit rises from {lim} to {lim + 3}",
            limit=lambda lim: lim + 3,
        ),
        Discipline(
            "transmuter",
            "Transmuter",
            "Once per mission: one Transmute succeeds whatever its total.",
            intent="transmute",
            label=lambda lim, tgt: "this Transmute succeeds whatever its total",
            forces_success=True,
        ),
        Discipline(
            "hoarder",
            "Hoarder",
            "Once per mission: if a Catalyze trick stays safe, you take its cards and win it.",
            intent="catalyze",
            label=lambda lim, tgt: "if this Catalyze stays safe, you take its cards and win it",
            claims_trick=True,
        ),
        Discipline(
            "anchor",
            "Anchor",
            "Once per mission: your card comes back upright, not flipped, from a successful "
            "Transmute.",
            intent="transmute",
            label=lambda lim, tgt: "if this Transmute succeeds, your card comes back unflipped",
            keeps_upright=True,
        ),
        Discipline(
            "seer",
            "Seer",
            "Once per mission: swap one of your open tasks with another alchemist's open task.",
            intent="any",
            label=lambda lim, tgt: (
                "swap one of your open tasks with another alchemist's (you pick both next)"
            ),
            swaps_tasks=True,
        ),
    )
}

ORDER = tuple(DISCIPLINES)


# The disciplines that can make a card count 0 (``CrucibleState.value``): without one of
# them in play (and without Heavy Metals) every card counts its rank.
ZEROING = frozenset(k for k, d in DISCIPLINES.items() if d.zero is not None)


def of_limit_words(limit: int) -> str:
    """After a total: " of 22", or " (no limit: the Purifier)" once the limit is lifted."""
    return " (no limit: the Purifier)" if limit >= NO_LIMIT else f" of {limit}"
