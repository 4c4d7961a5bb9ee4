"""Terminal commands for the Crucible: hand, tasks, totals, limits, and the status summary.

Each reads only the view of the seat that asks.
"""

from __future__ import annotations

from typing import Any

from athanor.games.crucible.cards import RANK, SUIT, SUITS, by_suit, face_of, plural


def _by_suit(codes: list[str]) -> str:
    return by_suit([face_of(code) for code in codes])


def _who(view: Any, seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else str(view["names"][seat])


def hand(view: Any, seat: int | None) -> str:
    """Your hand, grouped by suit, and the cards others hold that everyone knows."""
    lines = []
    if seat is None or view["hand"] is None:
        lines.append("Spectators have no hand.")
    else:
        cards = [c["face"] for c in view["hand"]]
        lines.append(f"Your hand, {plural(len(cards), 'card')}: {_by_suit(cards)}.")
    for i, known in enumerate(view["known"]):
        if i != seat and known:
            lines.append(
                f"{view['names'][i]} is known to hold {_by_suit([c['face'] for c in known])}."
            )
    return "\n".join(lines)


def tasks(view: Any, seat: int | None) -> str:
    """Every task: its owner, its words and whether it is open, complete or failed."""
    lines = []
    for t in view["tasks"]:
        owner = _who(view, t["owner"], seat)
        lines.append(f"{t['order'] + 1}. {owner}: {t['text'].rstrip('.')} ({t['status']}).")
    if view["revealed"]:
        lines.append("Still to claim: " + " ".join(view["revealed_text"]))
    if view["sponge"] is not None:
        lines.append(f"The Sponge: {_who(view, view['sponge'], seat)}.")
    if view["mission"]["special"] == "in-order":
        lines.append("Tasks must be completed in the order listed.")
    return "\n".join(lines) if lines else "No task has been drafted yet."


def totals(view: Any, seat: int | None) -> str:
    """This reaction so far, then tricks won and slag tokens for everyone."""
    lines = []
    if view["intent"]:
        played = ", ".join(
            f"{_who(view, p, seat)} {code_words(code)}" for p, _, code in view["plays"]
        )
        goal = (
            f"the Cauldron Limit is {view['limit']}"
            if view["intent"] == "catalyze"
            else f"the Transmutation Target is {view['target']}"
        )
        lines.append(
            f"Reaction {view['reaction']}, {view['intent'].title()}: "
            f"{played or 'nothing played yet'}; total {view['total']}; {goal}."
        )
    parts = []
    for i, name in enumerate(view["names"]):
        who = "You" if i == seat else name
        parts.append(
            f"{who}: {plural(view['tricks_won'][i], 'trick')} won, "
            f"{plural(view['slag'][i], 'slag token')}, {plural(view['hand_sizes'][i], 'card')} "
            "in hand"
        )
    lines.append("; ".join(parts) + ".")
    return "\n".join(lines)


def code_words(code: str) -> str:
    """'S4' as 'Salt 4'."""
    f = face_of(code)
    return f"{SUITS[SUIT[f]]} {RANK[f]}"


def limits(view: Any, seat: int | None) -> str:
    """The mission's numbers and special rule, slag, Transmutes and tokens left."""
    m = view["mission"]
    slag = sum(view["slag"])
    left = view["transmute_limit"] - view["transmutes"]
    tokens = [
        view["names"][i] if i != seat else "you" for i, t in enumerate(view["whisper_tokens"]) if t
    ]
    lines = [
        f"Mission {m['number']}, {m['name']}: Cauldron Limit {m['cauldron_limit']}, "
        f"Transmutation Target {m['transmutation_target']}.",
        f"Special rule: {m['special_text']}.",
        f"Slag: {slag} of {m['slag_cap']} (the lab is lost at {m['slag_cap']}).",
        f"Successful Transmutes left this mission: {left} of {view['transmute_limit']}.",
        "Whisper Tokens left: " + (", ".join(tokens) if tokens else "none") + ".",
    ]
    for i, d in enumerate(view["disciplines"]):
        if d:
            state = "spent" if d["used"] else "ready"
            lines.append(f"{_who(view, i, seat)}: the {d['name']} ({state}).")
    return "\n".join(lines)


def status(view: Any, seat: int | None) -> str:
    """A short summary: the mission, the reaction, tricks and slag, the tasks."""
    m = view["mission"]
    lead = view["names"][view["lead_alchemist"]]
    lines = [
        f"Mission {m['number']}, {m['name']} ({m['special_text']}). Lead Alchemist: {lead}.",
        totals(view, seat),
        tasks(view, seat),
    ]
    voids = [
        f"{_who(view, i, seat)} {'have' if i == seat else 'has'} shown no " + " or ".join(v)
        for i, v in enumerate(view["voids"])
        if v
    ]
    if voids:
        lines.append("Voids: " + "; ".join(voids) + ".")
    return "\n".join(lines)


def rules_now(view: Any) -> str:
    """The mission in force, for the help command."""
    m = view["mission"]
    return (
        f"This is mission {m['number']}, {m['name']}: Cauldron Limit {m['cauldron_limit']}, "
        f"Transmutation Target {m['transmutation_target']}, the lab is lost at "
        f"{plural(m['slag_cap'], 'slag token')}. Special rule: {m['special_text']}."
    )


COMMANDS = {
    "hand": ("your hand by suit, and cards others are known to hold", hand),
    "tasks": ("every task, its owner and whether it is open, complete or failed", tasks),
    "totals": ("this reaction's cards and total, then tricks, slag and cards for everyone", totals),
    "limits": ("the mission's limits and special rule, slag, Transmutes and tokens left", limits),
}
