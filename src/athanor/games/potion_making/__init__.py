"""Potion-Making: Practice, with the Guild of Alchemists and the University Course."""

from __future__ import annotations

from athanor.engine import GameSpec, Level, OptionSpec, Rng
from athanor.engine.text import list_words, plural
from athanor.games.potion_making import spells, turn
from athanor.games.potion_making.bots import PotionMakingBot, make_beginner, make_bot
from athanor.games.potion_making.cards import MODES, load
from athanor.games.potion_making.commands import COMMANDS, status
from athanor.games.potion_making.encoding import encoding
from athanor.games.potion_making.rules import PotionMakingState, parse_mode

PotionMakingState.FRAMES = {**turn.FRAMES, **spells.FRAMES}


def card_texts() -> dict[str, str]:
    """Every card of the built-in data with its points, needs or effect, for the card command."""
    cs = load()
    out = {}
    for t in cs.types.values():
        kinds: dict[str, int] = {}
        for copy in t.bottoms:
            b = " or ".join(copy)
            kinds[b] = kinds.get(b, 0) + 1
        if len(kinds) == 1:
            ((b, n),) = kinds.items()
            bottom = f" Bottom: {b} ({plural(n, 'copy', 'copies')})."
        else:
            each = [f"{b} on {plural(n, 'copy', 'copies')}" for b, n in kinds.items()]
            bottom = f" Bottom: {list_words(each)}."
        if t.kind == "recipe":
            text = f"Recipe: {plural(t.points, 'point')}, needs {t.needs_words()}."
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
        out[t.name] = f"{t.deck} deck{made}. {text}{bottom}"
    return out


# The game's rule words, each in a sentence or two of our own, for ``card WORD``.
TERMS: dict[str, str] = {
    "Card": "Each card has two halves: on top a recipe, a spell or a Philosopher's Stone, "
    "below an element. We name a card top first, its element after it in brackets: "
    "Elixir of Fire (Fiery Light).",
    "Element": "The bottom half of a card, one of sixteen (Bloodstone, Fiery Light...). A card "
    "on the Desk counts only as its element; a card showing three elements counts as any one "
    "of them.",
    "Desk of Elements": "The open row of cards in the middle of the table. Recipes take their "
    "elements from it; the desk command lists it.",
    "Lay": "A play: put a card from your hand on the Desk as its element. It scores 1 point "
    "if no card on the Desk shows that element yet, else nothing.",
    "Recipe": "The top half of most cards: what it needs, elements from the Desk or recipes "
    "already collected, and its points.",
    "Collect": "A play: make a recipe from your hand, taking what it needs from the Desk and "
    "from collected recipes. You score its points; what it used goes under it.",
    "Collected recipe": "A recipe in front of a player, with what made it underneath. Anyone "
    "may use it to collect a higher recipe; its own components then go back to the Desk.",
    "Half points": "When you use another player's collected recipe or Sequence step, they "
    "score half the points you make (rounded down), once per play.",
    "Component": "A card under a collected recipe: a Desk card or a recipe it was made from.",
    "Class": "A kind of recipe: Great Elixir, Talisman, Powder, Creature or Lesser Talisman. "
    "A recipe that needs any collected Great Elixir takes any recipe of that class.",
    "Spell": "A card with an effect on top. Cast it from your hand, then make another play; "
    "after it works it lies on the Desk as its element, scoring nothing.",
    "Elemental Magma": "A wild element. Laid, it scores nothing. It can stand in for one "
    "element of a recipe; the owner of a recipe made with it gets nothing when another "
    "player uses it.",
    "Deck": "The piles cards are taken from, face down: Practice, and with the expansions "
    "Guild and University. Everyone sees which deck each card in a hand came from.",
    "Practice": "The base game: one deck. A turn: take cards until you hold 5, then make one play.",
    "Guild of Alchemists": "The expansion with a second deck, a turn in three phases, Great "
    "Work Sequences and the Philosopher's Stone.",
    "University Course": "The second expansion, played with the Guild: a third deck, more "
    "spells and the Lesser Talismans, and hands of 9 or 10 cards.",
    "Phase": "With the Guild a turn has three phases: first take cards (up to 7 in hand if "
    "you hold fewer than 6, else 1, none at 8 or more), then take a card or make a play, "
    "then make a play.",
    "Great Work Sequence": "With the Guild: your Sequence card lists three Sequences of six "
    "recipes and a Philosopher's Stone. Add their recipes in order, from your hand or from "
    "anyone's collected recipes, for each step's points.",
    "Sequence card": "Drawn face down at the start; only you know it until you start one of "
    "its Sequences. The sequences command lists yours.",
    "Step": "One place in a Great Work Sequence. Placed steps lie open: any player may take "
    "one but the last, and the Sequence keeps its progress.",
    "Philosopher's Stone": "The last step of a Sequence: play it from your hand once the six "
    "recipes are done. It scores 10 points and the game ends at once.",
    "Point": "Scored by laying a new element, collecting recipes, Sequence steps, the "
    "Philosopher's Stone and some spells. Most points wins.",
}


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
    bots={"heuristic": make_bot, "beginner": make_beginner},
    default_bot="heuristic",
    levels={
        "easy": Level(
            "beginner",
            "A beginner: plays like the heuristic bot, but about one time in three settles "
            "for its second-best play. Weaker than normal; answers at once.",
        ),
        "normal": Level(
            "heuristic",
            "The heuristic bot: plays for points from what it sees, recipes before plain "
            "lays. The default bot; answers at once.",
        ),
        "hard": Level(
            "ismcts:iterations=25,rollout=heuristic",
            "Search (ISMCTS) refining the heuristic bot with 25 playouts a move, never peeking "
            "at hidden cards. Won 56% of 140 games against normal (48% to 64%); thinks about "
            "0.1-0.3 seconds a move.",
        ),
        "expert": Level(
            "ismcts:time=1,rollout=heuristic",
            "The same search for 1 second a move (about 170 playouts at a typical move). It "
            "took 63% of the points against normal (53% to 72%, 100 games); thinks about 1 "
            "second a move.",
        ),
    },
    status=status,
    commands=COMMANDS,
    sample_options=sample_options,
    minor_events=frozenset({"draw", "detail"}),
    cards=card_texts,
    terms=TERMS,
    help=(
        "Each card has a recipe or spell on top and an element below, written "
        "Elixir of Fire (Fiery Light). A play: lay a card on the Desk as its element "
        "(1 point if that element is new there), collect a recipe from your hand with its "
        "elements from the Desk (its points), collect a higher recipe from collected "
        "recipes, yours or others' (they score half), or cast a spell and play again. With "
        "the Guild: a turn is take, then take or play, then play; add recipes in order to "
        "your Great Work Sequences and finish one with its Philosopher's Stone to end the "
        "game. Most points wins. card WORD explains a rule word (Desk, element, Sequence)."
    ),
    conformance_options=(
        {"expansions": "practice"},
        {"expansions": "guild"},
        {"expansions": "guild,university"},
    ),
    encoding=encoding,
)

__all__ = ["SPEC", "PotionMakingBot", "PotionMakingState"]
