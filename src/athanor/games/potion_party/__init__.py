"""Black-Handed Henry's Potion Party: push-your-luck dice for 2-4 alchemists."""

from __future__ import annotations

from typing import Any

from athanor.engine import GameSpec, OptionSpec, Rng
from athanor.games.potion_party.bots import PotionPartyBot, make_bot
from athanor.games.potion_party.data import DEFAULT_FACES, RECIPES
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
                "; still needs " + ", ".join(f"{v} {k}" for k, v in missing.items())
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
        who = view["names"][view["current"]]
        if tt["pool"] and not any(f for _, f in tt["pool"]):
            pool = f"{len(tt['pool'])} dice not rolled yet"
        else:
            pool = ", ".join(f"{c} {f}" for c, f in tt["pool"]) or "empty"
        tally = ", ".join(f"{n} {k}" for k, n in tt["tally"].items() if n) or "nothing yet"
        lines.append(f"This turn ({who}): pool {pool}; collected {tally}.")
        if tt["kept"]:
            lines.append("Kept to match: " + ", ".join(tt["kept"]) + ".")
    return "\n".join(lines)


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
            )
            for c in ("blue", "red", "green")
        ),
    ),
    summary="Push-your-luck dice: roll, match Stardust, be greedy, sabotage.",
    bots={"heuristic": make_bot, "cautious": lambda seed: PotionPartyBot(seed, 0.6)},
    default_bot="heuristic",
    status=status,
    sample_options=sample_options,
    help=(
        "Each turn you roll three blue and three red dice. Darkness dice are set aside; "
        "matching star faces of one colour form Stardust groups (blue: Sapphire, red: Ruby). "
        "A blue heart and a red potion make a Super Die. After a group, you may be greedy "
        "and roll what is left: a roll with no match loses the whole turn."
    ),
)

__all__ = ["SPEC", "PotionPartyBot", "PotionPartyState"]
