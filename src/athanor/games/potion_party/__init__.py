"""Black-Handed Henry's Potion Party: push-your-luck dice for 2-4 alchemists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import GameSpec, Level, OptionSpec, Rng
from athanor.games.potion_party.bots import PotionPartyBot, make_beginner, make_bot
from athanor.games.potion_party.data import ALCHEMISTS, DEFAULT_FACES, RECIPES, parse_faces
from athanor.games.potion_party.encoding import encoding
from athanor.games.potion_party.optimal import make_optimal
from athanor.games.potion_party.rules import PotionPartyState


def status(view: Any, seat: int | None) -> str:
    """A short summary for the terminal's status command."""
    lines = []
    r = view["recipe"]
    if r:
        needs = ", ".join(f"{n} {k}" for k, n in r["needs"].items())
        lines.append(f"Potion: {r['title']} (needs {needs}).")
    for i, name in enumerate(view["names"]):
        t = view["totals"][i]
        have = ", ".join(f"{t[k]} {k}" for k in (r["needs"] if r else ("ruby", "sapphire")))
        short = ""
        if r:
            missing = {k: n - t[k] for k, n in r["needs"].items() if t[k] < n}
            short = (
                f"; still {'need' if i == seat else 'needs'} "
                + ", ".join(f"{v} {k}" for k, v in missing.items())
                if missing
                else "; complete"
            )
        al = view["alchemists"][i]
        who = "You" if i == seat else name
        extra = []
        if view["saved"][i]:
            extra.append("saved dice: " + ", ".join(view["saved"][i]))
        if view["super_dice"][i]:
            extra.append(f"{view['super_dice'][i]} Super Dice")
        held = f" ({'; '.join(extra)})" if extra else ""
        lines.append(f"{who}{' (' + al['title'] + ')' if al else ''}: {have}{short}{held}.")
    tt = view["this_turn"]
    if view["current"] is not None and view["current"] >= 0 and view["winner"] is None:
        who = "yours" if view["current"] == seat else view["names"][view["current"]]
        if tt["pool"] and not any(f for _, f in tt["pool"]):
            pool = f"{len(tt['pool'])} dice not rolled yet"
        else:
            pool = ", ".join(f"{c} {f}" for c, f in tt["pool"]) or "empty"
        tally = ", ".join(f"{n} {k}" for k, n in tt["tally"].items() if n) or "nothing yet"
        lines.append(f"This turn ({who}): pool {pool}; collected {tally}.")
        if tt["kept"]:
            lines.append("Kept to match: " + ", ".join(tt["kept"]) + ".")
    return "\n".join(lines)


def _faces_check(colour: str) -> Callable[[Any], object]:
    """A check for one colour's face-list option."""
    return lambda text: parse_faces(colour, str(text))


def card_texts() -> dict[str, str]:
    """The alchemist and recipe cards, for the card command."""
    out = {a.title: f"Alchemist. {a.power_text}" for a in ALCHEMISTS.values()}
    for r in RECIPES.values():
        kind = "complex" if r.is_complex else "simple"
        out[r.title] = f"Potion recipe ({kind}): {r.describe()}."
    return out


# The rule words a newcomer meets in questions and narration, in our words, for the
# terminal's card command (card NAME looks up the cards and these words alike).
TERMS: dict[str, str] = {
    "pool": "The dice you roll on your turn: three blue and three red, plus any saved dice "
    "you choose to roll with them. Dice leave the pool as they are set aside, grouped, "
    "paired or saved.",
    "Darkness": "A face with no stars. Darkness dice are set aside as soon as they are "
    "rolled. Some complex recipes need Darkness, and then each such die counts as one.",
    "Stardust": "What stars make: a group scores one Stardust per star on its dice. Blue "
    "dice make Sapphire, red dice make Ruby, and a Super Die's stars go where you choose.",
    "Sapphire": "Blue Stardust, from groups of blue dice. Every recipe needs some.",
    "Ruby": "Red Stardust, from groups of red dice. Every recipe needs some.",
    "Emerald": "Green Stardust, from a Super Die rolled at once. Some complex recipes need "
    "it; a Super Die's stars may go to Ruby or Sapphire instead.",
    "group": "Two or more dice of one colour showing the same number of stars. Groups are "
    "formed for you after each roll, and a later die showing the same joins its group.",
    "Alchemy": "A heart on a blue die or a potion on a red die (a green die shows both). "
    "A heart and a potion pair into a Super Die; one left over may be saved for your next "
    "turn.",
    "Super Die": "The green die you get by pairing a heart and a potion, while a green die "
    "is free. Roll it at once and its stars go straight to your total, or keep it beside "
    "your alchemist to Sabotage someone later.",
    "greedy": "Rolling the dice left in your pool again, allowed once you have formed a group "
    "this turn. If the roll makes no group, joins none and allows no Super Die, you lose "
    "everything from this turn.",
    "stop": "End your rolling and record this turn's ingredients in your totals (after any "
    "Sabotage).",
    "saved dice": "A heart or potion die kept beside your alchemist for your next turn. Then "
    "you roll it with the pool, or keep it showing its face to pair with a rolled opposite; "
    "one left unused is lost.",
    "Sabotage": "When someone stops, each other player holding a Super Die may roll it to "
    "take that many Stardust, in any colours, from what they are about to record (never "
    "below zero). The die then goes back to the box.",
    "Skullduggery": "An alchemist's own rule, printed on its card. Only the Skeleton "
    '"Lich", the Witch Exterminator and the Kobold Pyrotechnician have one.',
    "alchemist": "The character card you choose at the start. Your saved dice and Super Dice "
    "sit beside it, and it may have a Skullduggery power.",
    "recipe": "The potion everyone brews and the ingredients it needs. Simple recipes need "
    "only Ruby and Sapphire; complex ones need more.",
    "complex ingredient": "Anything a recipe needs beyond Ruby and Sapphire: Darkness, "
    "Alchemy (heart or potion) or Emerald. It is collected as rolled but counts only once "
    "your Ruby and Sapphire are complete.",
    "box": "Where the dice not in use wait. The pool must always find three blue and three "
    "red dice there, so a die can be saved only while enough are left.",
    "Player One": "Whoever rolled the most stars on two blue dice at the start. Player One "
    "takes the first turn of every round.",
    "round": "One turn for each player, from Player One. If nobody has completed the potion "
    "after 50 rounds, the game ends and the most ingredients toward the recipe wins.",
}


LEVELS = {
    "easy": Level(
        "beginner",
        "A beginner: plays like the heuristic bot, but about one time in three stops too "
        "early or rolls on too greedily. Weaker than normal; answers at once.",
    ),
    "normal": Level(
        "heuristic",
        "The heuristic bot: pairs Super Dice, saves Alchemy, rolls on when the odds are "
        "good. The default bot; answers at once.",
    ),
    "hard": Level(
        "optimal",
        "The exact solver's policy: the best play for a lone player racing to a simple "
        "potion (it ignores Sabotage); won 54% of 4,000 games against normal. Usually answers "
        "at once, now and then takes a second.",
    ),
    "expert": Level(
        "optimal",
        "The strongest bot we have, the same as hard: the exact solver's policy (54% against "
        "normal). Search (ISMCTS) at 1 s a move won only 45%, so it is not used. Usually "
        "answers at once.",
    ),
}


def sample_options(rng: Rng) -> dict[str, Any]:
    """A random valid set-up: any recipe mode or recipe, either way of picking alchemists."""
    recipes = ("choose", "random", *RECIPES)
    return {"recipe": rng.choice(recipes), "alchemists": rng.choice(("choose", "random"))}


SPEC = GameSpec(
    name="potion-party",
    title="Black-Handed Henry's Potion Party",
    min_players=2,
    max_players=4,
    state_class=PotionPartyState,
    options=(
        OptionSpec(
            "recipe",
            "Potion to brew: 'choose' (the last alchemist picks), 'random', or a recipe key.",
            "choose",
            ("choose", "random", *RECIPES),
        ),
        OptionSpec(
            "alchemists",
            "How alchemists are picked: 'choose' (each player picks) or 'random'.",
            "choose",
            ("choose", "random"),
        ),
        *(
            OptionSpec(
                f"{c}_faces",
                f"The six faces of a {c} die, comma-separated (assumed; see the rules notes).",
                ",".join(DEFAULT_FACES[c]),
                check=_faces_check(c),
            )
            for c in ("blue", "red", "green")
        ),
    ),
    summary="Push-your-luck dice: roll, match Stardust, be greedy, sabotage.",
    bots={
        "heuristic": make_bot,
        "cautious": lambda seed: PotionPartyBot(seed, 0.6),
        "optimal": make_optimal,
        "beginner": make_beginner,
    },
    default_bot="heuristic",
    levels=LEVELS,
    status=status,
    sample_options=sample_options,
    minor_events=frozenset({"detail"}),
    shortcuts={"s": "stop", "g": "greedy"},
    cards=card_texts,
    terms=TERMS,
    score_name="ingredients toward the potion",
    encoding=encoding,
    help=(
        "Each turn you roll three blue and three red dice. Darkness dice are set aside; "
        "matching star faces of one colour form Stardust groups (blue: Sapphire, red: Ruby). "
        "A blue heart and a red potion make a Super Die. After a group, you may be greedy "
        "and roll what is left: a roll with no match loses the whole turn. "
        "How to win: be the first whose recorded totals reach every ingredient the potion "
        "needs (Ruby and Sapphire first; complex ingredients count only once those are "
        "complete). The winner takes first place and everyone else shares second; if nobody "
        "has finished after 50 rounds, the most ingredients wins. The score in the final "
        "result is the ingredients you collected toward the potion, each counted up to what "
        "the recipe needs. Type card and a name (card lich, card soul jar) to read a card."
    ),
)

__all__ = ["SPEC", "PotionPartyBot", "PotionPartyState"]
