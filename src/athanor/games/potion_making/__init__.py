"""Potion-Making: Practice, with the Guild of Alchemists and the University Course."""

from __future__ import annotations

from athanor.engine import GameSpec, OptionSpec, Rng
from athanor.engine.text import plural
from athanor.games.potion_making import spells, turn
from athanor.games.potion_making.bots import PotionMakingBot, make_bot
from athanor.games.potion_making.cards import MODES, load
from athanor.games.potion_making.commands import COMMANDS, status
from athanor.games.potion_making.rules import PotionMakingState, parse_mode

PotionMakingState.FRAMES = {**turn.FRAMES, **spells.FRAMES}


def card_texts() -> dict[str, str]:
    """Every card of the built-in data with its points, needs or effect, for the card command."""
    cs = load()
    out = {}
    for t in cs.types.values():
        copies = "; ".join(" or ".join(c) for c in t.bottoms)
        bottom = f" Bottom: {copies} ({plural(len(t.bottoms), 'copy', 'copies')})."
        if t.kind == "recipe":
            text = f"Recipe, {plural(t.points, 'point')}, needs {t.requires_words()}."
            effect = spells.RECIPE_EFFECTS.get(t.effect)
            if effect is not None:
                text += f" {effect.text}"
        elif t.kind == "spell":
            text = f"Spell. {spells.SPELLS[t.effect].text}"
        else:
            text = (
                "Philosopher's Stone: completes a Great Work Sequence whose six recipes are done."
            )
        made = " (reconstructed)" if t.source == "reconstructed" else ""
        out[t.name] = f"{t.deck}{made}. {text}{bottom}"
    return out


def sample_options(rng: Rng) -> dict[str, str]:
    """A mode at random, for tests that vary the set-up."""
    return {"expansions": rng.choice(list(MODES))}


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
            check=parse_mode,
        ),
        OptionSpec(
            "cards",
            "A card data file to play with instead of the built-in one (check it first with "
            "athanor check-cards FILE; docs/potion-making-cards.md).",
            "",
            check=load,
            local=True,
        ),
    ),
    summary="Collect recipes from the Desk of Elements; with the Guild, race to the "
    "Philosopher's Stone.",
    bots={"heuristic": make_bot},
    default_bot="heuristic",
    status=status,
    commands=COMMANDS,
    sample_options=sample_options,
    minor_events=frozenset({"draw", "detail"}),
    cards=card_texts,
    help=(
        "Each card is a recipe or spell on top and an element below. Play a card as an "
        "element on the Desk (1 point if that element is new), collect a recipe from your "
        "hand with its elements from the Desk (its points), collect a higher recipe from "
        "collected recipes, yours or others' (they score half), or cast a spell and play "
        "again. With the Guild: a turn is take, then take or play, then play; add recipes "
        "in order to your Great Work Sequences and finish one with its Philosopher's Stone "
        "to end the game. Most points wins."
    ),
    conformance_options=(
        {"expansions": "practice"},
        {"expansions": "guild"},
        {"expansions": "guild,university"},
    ),
)

__all__ = ["SPEC", "PotionMakingBot", "PotionMakingState"]
