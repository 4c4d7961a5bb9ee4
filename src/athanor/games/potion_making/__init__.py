"""Potion-Making: Practice, with the Guild of Alchemists and the University Course."""

from __future__ import annotations

from athanor.engine import GameSpec, OptionSpec
from athanor.games.potion_making import spells, turn
from athanor.games.potion_making.rules import PotionMakingState

PotionMakingState.FRAMES = {**turn.FRAMES, **spells.FRAMES}

SPEC = GameSpec(
    name="potion-making",
    title="Potion-Making",
    min_players=2,
    max_players=6,
    state_class=PotionMakingState,
    options=(
        OptionSpec(
            "expansions",
            "practice (the base game alone), guild (with the Guild of Alchemists) or "
            "guild,university (with the University Course as well).",
            "practice",
        ),
        OptionSpec(
            "cards",
            "A card data file to play with instead of the built-in one (check it first with "
            "athanor check-cards FILE; docs/potion-making-cards.md).",
            "",
        ),
    ),
    summary="Collect recipes from the Desk of Elements; with the Guild, race to the "
    "Philosopher's Stone.",
    conformance_options=(
        {"expansions": "practice"},
        {"expansions": "guild"},
        {"expansions": "guild,university"},
    ),
)

__all__ = ["SPEC", "PotionMakingState"]
