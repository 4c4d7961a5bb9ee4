"""Terminal commands for Potion-Making: hand, desk, recipes, sequences, scores and status.

Each reads only the view of the seat asking, and answers in a few plain sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine.text import list_words, plural
from athanor.games.potion_making.cards import CardSet, load
from athanor.games.potion_making.rules import SKIP, TAKEN

PHASES = {
    "draw": "drawing",
    "play": "playing",
    "first": "first phase (take cards)",
    "second": "second phase (take a card or play)",
    "third": "third phase (play)",
    "setup": "setting up",
    "over": "over",
}


def _who(view: Any, i: int, seat: int | None) -> str:
    return "You" if i == seat else str(view["names"][i])


def _card(cs: CardSet, cid: int) -> str:
    c = cs.cards[cid]
    return f"{c.name} ({c.bottom})"


def _alike(cs: CardSet, ids: list[int]) -> list[str]:
    """Cards in words, each kind once, in the order first seen: "2 copies of Elixir of Fire
    (Fiery Light)" for two alike."""
    counts: dict[str, int] = {}
    words: dict[str, str] = {}
    for c in ids:
        key = cs.cards[c].key
        counts[key] = counts.get(key, 0) + 1
        words.setdefault(key, _card(cs, c))
    return [w if counts[k] == 1 else f"{counts[k]} copies of {w}" for k, w in words.items()]


def hand(view: Any, seat: int | None) -> str:
    """Your hand, with the element on each card's bottom."""
    if seat is None:
        return "Spectators have no hand."
    cs = load(view["cards"])
    me = view["players"][seat]
    cards = me["hand"] or []
    out = f"Your hand ({plural(len(cards), 'card')}): {list_words(_alike(cs, cards))}."
    if me["known"]:
        out += f" Everyone knows you hold {list_words([cs.cards[c].name for c in me['known']])}."
    return out


def desk(view: Any, seat: int | None) -> str:
    """The Desk of Elements: its cards with their elements, those of one element together,
    and which elements are missing."""
    cs = load(view["cards"])
    ids = view["desk"]
    shown: set[str] = set()
    for d in ids:
        c = cs.cards[d]
        if not c.wild:
            shown.update(c.elements)
    place = {e: i for i, e in enumerate(cs.elements)}
    ordered = sorted(ids, key=lambda d: place.get(cs.cards[d].elements[0], len(place)))
    missing = [e for e in cs.elements if e not in shown and e not in cs.wild]
    head = f"{plural(len(ids), 'card')}, {plural(len(shown), 'element')}"
    out = f"The Desk ({head}): {list_words(_alike(cs, ordered))}."
    out += f" Not on the Desk: {list_words(missing)}." if missing else " Every element is there."
    return out


def recipes(view: Any, seat: int | None) -> str:
    """Every player's collected recipes and what lies under each."""
    cs = load(view["cards"])
    parts = []
    for i, p in enumerate(view["players"]):
        got = []
        for entry in p["collected"]:
            under = [cs.cards[r].name for r in entry["recipes"]] + [
                " or ".join(cs.cards[e].elements) for e in entry["elements"]
            ]
            made = f" from {list_words(under)}" if under else ""
            magma = ", with Magma" if entry["magma"] else ""
            got.append(f"{cs.cards[entry['card']].name}{made}{magma}")
        parts.append(f"{_who(view, i, seat)}: {list_words(got) if got else 'none'}")
    return "Collected recipes. " + "; ".join(parts) + "."


def sequences(view: Any, seat: int | None) -> str:
    """Every Great Work Sequence in progress, and your own card's Sequences."""
    if view["expansions"] == "practice":
        return "Great Work Sequences come with the Guild of Alchemists (--option expansions=guild)."
    cs = load(view["cards"])
    out = []
    for i, p in enumerate(view["players"]):
        who = _who(view, i, seat)
        card = p["sequence_card"]
        if card is None:
            out.append(f"{who}: Sequence card not shown yet, no Sequence started.")
            continue
        sc = cs.sequence_cards[card]
        lines = []
        for j, seq in enumerate(sc.sequences):
            steps = p["sequences"][j]
            done = []
            for k, c in enumerate(steps):
                if c == SKIP:
                    done.append(f"{k + 1} skipped")
                elif c == TAKEN:
                    done.append(f"{k + 1} taken away")
                else:
                    done.append(f"{k + 1} {cs.cards[c].name}")
            if len(steps) < len(seq.steps):
                name, pts = seq.steps[len(steps)]
                nxt = f"next, step {len(steps) + 1}: {name} ({plural(pts, 'point')})"
            else:
                nxt = "complete"
            have = f"done: {', '.join(done)}; " if done else "not started; "
            lines.append(f"Sequence {j + 1}: {have}{nxt}")
        out.append(f"{who} ({sc.name} card): " + ". ".join(lines) + ".")
    return " ".join(out)


def scores(view: Any, seat: int | None) -> str:
    """Points and turns taken for every player."""
    parts = [
        f"{_who(view, i, seat)}: {plural(p['score'], 'point')} after {plural(p['turns'], 'turn')}"
        for i, p in enumerate(view["players"])
    ]
    return "; ".join(parts) + "."


def status(view: Any, seat: int | None) -> str:
    """Decks, hand sizes, scores and whose turn it is."""
    decks = ", ".join(f"{d} {n}" for d, n in view["decks"].items())
    lines = [f"Decks: {decks}. Desk: {plural(len(view['desk']), 'card')}."]
    for i, p in enumerate(view["players"]):
        backs = ", ".join(f"{n} {d}" for d, n in p["hand_decks"].items())
        size = plural(p["hand_size"], "card") + (f" ({backs})" if backs else "")
        lines.append(
            f"{_who(view, i, seat)}: {plural(p['score'], 'point')}; "
            f"{size} in hand; {plural(len(p['collected']), 'collected recipe')}."
        )
    if not view["over"]:
        cur = view["current"]
        whose = "your turn" if cur == seat else f"{view['names'][cur]}'s turn"
        lines.append(f"Turn {view['turn']}: {whose}, {PHASES.get(view['phase'], view['phase'])}.")
    return "\n".join(lines)


COMMANDS: dict[str, tuple[str, Callable[[Any, int | None], str]]] = {
    "hand": ("your hand, with each card's element", hand),
    "desk": ("the Desk of Elements and the elements not on it", desk),
    "recipes": ("every player's collected recipes", recipes),
    "sequences": ("the Great Work Sequences: yours, and everyone's in progress", sequences),
    "scores": ("points and turns for everyone", scores),
}
