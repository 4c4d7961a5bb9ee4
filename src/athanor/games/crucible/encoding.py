"""The Crucible for learning code: every option id, and an observation read from a view.

Cards are counted by card id (0-57); faces (a flipped card shows another face) by their
code in the order of ``CODE``. Seats are counted from the viewer (entry 0 is the viewer),
padded to 5 seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.encoding import Encoding, Layout, rel, scaled
from athanor.games.crucible.cards import CODE, DECK_SIZE
from athanor.games.crucible.disciplines import DISCIPLINES
from athanor.games.crucible.missions import MISSIONS
from athanor.games.crucible.tasks import TASKS

SEATS = 5
FACES = tuple(dict.fromkeys(CODE))
FACE = {f: i for i, f in enumerate(FACES)}
HINTS = ("top", "bottom", "middle")
TASK_IDS = tuple(TASKS)
DISC_KEYS = tuple(DISCIPLINES)
STATUS = ("open", "done", "failed")
INTENTS = ("catalyze", "transmute")
SUITS = 7
PER_SEAT = 5 + SUITS  # present, hand size, tricks won, slag, whisper token, void suits
WORDS = ("catalyze", "transmute", "cancel", "confirm", "volunteer", "pass")

LAYOUT = Layout(
    [
        ("mission", len(MISSIONS), "the mission, one-hot"),
        (
            "numbers",
            9,
            "Cauldron Limit / 40, Target / 40, slag cap / 5, tasks / 10, Transmute "
            "limit / 10, successful Transmutes / 10, the cauldron's total / 60, reaction / 20, "
            "cards out of play / 10",
        ),
        ("intent", len(INTENTS), "the reaction: Catalyze or Transmute, one-hot"),
        ("hand", DECK_SIZE, "the viewer's hand, by card id"),
        ("hand_flipped", DECK_SIZE, "cards in the viewer's hand that show their flipped face"),
        ("known", SEATS * DECK_SIZE, "cards known to be in each seat's hand, by card id"),
        ("cauldron", SEATS * DECK_SIZE, "cards played this reaction, by who played them"),
        ("won", SEATS * DECK_SIZE, "cards in each seat's won pile"),
        ("slag", DECK_SIZE, "cards on the slag pile"),
        ("destroyed", DECK_SIZE, "destroyed cards"),
        ("out_known", len(FACES), "faces known to be out of play"),
        (
            "seats",
            SEATS * PER_SEAT,
            "per seat: present, hand size / 20, tricks won / 10, "
            "slag / 5, whisper token, then 1 for each suit it has shown void in (7)",
        ),
        ("leader", SEATS, "who leads this reaction, one-hot"),
        ("lead_alchemist", SEATS, "the Lead Alchemist, one-hot"),
        ("sponge", SEATS, "the Sponge, one-hot"),
        ("deciding", SEATS, "who is being asked now, one-hot"),
        (
            "tasks",
            len(TASK_IDS) * (SEATS + len(STATUS)),
            "per task in the task list's order: "
            "its owner (one-hot by seat) and its status (open, done, failed)",
        ),
        (
            "disciplines",
            SEATS * (len(DISC_KEYS) + 1),
            "per seat: its discipline, one-hot, then 1 if it is used",
        ),
        ("discipline_offer", len(DISC_KEYS), "disciplines offered now"),
        (
            "whispers",
            SEATS * (DECK_SIZE + len(HINTS)),
            "per seat: the whispered card (by id) and its hint (top, bottom, middle)",
        ),
    ]
)


class CrucibleEncoding(Encoding):
    """Actions and observations of the Crucible."""

    def __init__(self, options: Mapping[str, Any], players: int) -> None:
        actions = [
            *WORDS,
            *(f"play:{f}" for f in FACES),
            *(f"whisper:{f}:{h}" for f in FACES for h in HINTS),
            *(f"{verb}:{t}" for verb in ("task", "mine", "theirs") for t in TASK_IDS),
            *(f"{verb}:{k}" for verb in ("keep", "use") for k in DISC_KEYS),
        ]
        super().__init__(actions, LAYOUT)

    def observe(self, view: Any, seat: int) -> list[float]:
        lay = self.layout
        o = lay.new()
        n = len(view["names"])
        m = view["mission"]
        lay.set(o, "mission", (m["number"] - 1) % len(MISSIONS))
        lay.put(
            o,
            "numbers",
            [
                scaled(m["cauldron_limit"], 40),
                scaled(m["transmutation_target"], 40),
                scaled(m["slag_cap"], 5),
                scaled(m["tasks"], 10),
                scaled(view["transmute_limit"], 10),
                scaled(view["transmutes"], 10),
                scaled(view["total"] or 0, 60),
                scaled(view["reaction"] or 0, 20),
                scaled(view["out_of_play"], 10),
            ],
        )
        if view["intent"] in INTENTS:
            lay.set(o, "intent", INTENTS.index(view["intent"]))
        for c in view["hand"] or []:
            lay.set(o, "hand", c["id"])
            if c["flipped"]:
                lay.set(o, "hand_flipped", c["id"])
        for s, cards in enumerate(view["known"]):
            for c in cards:
                lay.set(o, "known", rel(s, seat, n) * DECK_SIZE + c["id"])
        for who, cid, _face in view["plays"]:
            lay.set(o, "cauldron", rel(who, seat, n) * DECK_SIZE + cid)
        for s, ids in enumerate(view["pile_ids"]):
            for cid in ids:
                lay.set(o, "won", rel(s, seat, n) * DECK_SIZE + cid)
        for cid in view["slag_ids"]:
            lay.set(o, "slag", cid)
        for cid in view["destroyed_ids"]:
            lay.set(o, "destroyed", cid)
        for f in view["out_known"]:
            lay.set(o, "out_known", FACE[f])
        for s in range(n):
            r = rel(s, seat, n)
            bits = view["void_bits"][s]
            lay.put(
                o,
                "seats",
                [
                    1.0,
                    scaled(view["hand_sizes"][s], 20),
                    scaled(view["tricks_won"][s], 10),
                    scaled(view["slag"][s], 5),
                    float(bool(view["whisper_tokens"][s])),
                    *(float(bits >> su & 1) for su in range(SUITS)),
                ],
                r * PER_SEAT,
            )
        for key in ("leader", "lead_alchemist", "sponge", "deciding"):
            v = view[key]
            if v is not None and 0 <= v < n:
                lay.set(o, key, rel(v, seat, n))
        width = SEATS + len(STATUS)
        for t in view["tasks"]:
            base = TASK_IDS.index(t["id"]) * width
            if t["owner"] is not None and 0 <= t["owner"] < n:
                lay.set(o, "tasks", base + rel(t["owner"], seat, n))
            if t["status"] in STATUS:
                lay.set(o, "tasks", base + SEATS + STATUS.index(t["status"]))
        width = len(DISC_KEYS) + 1
        for s, d in enumerate(view["disciplines"]):
            if d:
                base = rel(s, seat, n) * width
                lay.set(o, "disciplines", base + DISC_KEYS.index(d["key"]))
                if d["used"]:
                    lay.set(o, "disciplines", base + len(DISC_KEYS))
        for d in view["discipline_offer"]:
            key = d["key"] if isinstance(d, dict) else d
            lay.set(o, "discipline_offer", DISC_KEYS.index(key))
        for w in view["whispers"]:
            who, cid, hint = w[0], w[1], w[2]
            base = rel(who, seat, n) * (DECK_SIZE + len(HINTS))
            lay.set(o, "whispers", base + cid)
            if hint in HINTS:
                lay.set(o, "whispers", base + DECK_SIZE + HINTS.index(hint))
        return o


def encoding(options: Mapping[str, Any], players: int) -> Encoding:
    """The catalog's hook."""
    return CrucibleEncoding(options, players)
