"""Potion-Making for learning code: every option id, and an observation read from a view.

Both depend on the card set in play (``cards`` and ``expansions`` options): cards are
counted by card id. Seats are counted from the viewer (entry 0 is the viewer), padded
to 6 seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.encoding import Encoding, Layout, rel, scaled
from athanor.games.potion_making import cards as carddata

SEATS = 6
WORDS = ("done", "none", "pass")
BY_KEY = ("brew", "desk", "hand", "lay", "spell", "return")
BY_ID = ("keep", "mine", "recipe")
BY_NUMBER = ("seq", "step", "stone")
PHASES = ("setup", "draw", "play", "first", "second", "third", "over")
PER_SEAT = 6 + len(carddata.DECKS)  # present, score, turns, hand size, sequence card, seqs


def layout(n: int, seq_cards: int) -> Layout:
    """The observation's blocks for a card set of ``n`` cards."""
    return Layout(
        [
            ("hand", n, "the viewer's hand, by card id"),
            ("desk", n, "cards on the Desk of Elements"),
            ("casting", n, "cards being cast now"),
            ("known", SEATS * n, "cards everyone saw go into each seat's hand"),
            ("collected", SEATS * n, "each seat's collected recipes"),
            ("parts", SEATS * n, "cards lying under each seat's collected recipes"),
            ("sequences", SEATS * n, "cards in each seat's Great Work Sequences"),
            (
                "seq_card",
                SEATS * max(1, seq_cards),
                "each seat's Sequence card once shown, one-hot",
            ),
            (
                "seats",
                SEATS * PER_SEAT,
                "per seat: present, score / 60, turns / 60, hand size "
                "/ 10, Sequence card shown, steps laid / 9, then hand cards per deck / 10",
            ),
            (
                "decks",
                len(carddata.DECKS),
                "cards left in each deck (Practice, Guild, University), / 80",
            ),
            ("current", SEATS, "whose turn it is, one-hot"),
            ("deciding", SEATS, "who is being asked now, one-hot"),
            ("stone_by", SEATS, "who made the Philosopher's Stone, one-hot"),
            ("phase", len(PHASES), "the turn's phase, one-hot"),
            ("turn", 1, "turns taken / 200"),
        ]
    )


class PotionMakingEncoding(Encoding):
    """Actions and observations of Potion-Making with one card set."""

    def __init__(self, options: Mapping[str, Any], players: int) -> None:
        cs = carddata.load(str(options.get("cards", "") or ""))
        self.n = n = len(cs.cards)
        self.seq_cards = len(cs.sequence_cards)
        keys = list(dict.fromkeys(c.key for c in cs.cards))
        longest = max((len(sc.sequences) for sc in cs.sequence_cards), default=3)
        actions = [
            *WORDS,
            *(f"draw:{d}" for d in carddata.DECKS),
            *(f"{verb}:{k}" for verb in BY_KEY for k in keys),
            *(f"{verb}:{i}" for verb in BY_ID for i in range(n)),
            *(f"{verb}:{j}" for verb in BY_NUMBER for j in range(1, max(3, longest) + 1)),
        ]
        super().__init__(actions, layout(n, self.seq_cards))

    def observe(self, view: Any, seat: int) -> list[float]:
        lay = self.layout
        o = lay.new()
        n = self.n
        ps = view["players"]
        k = len(ps)
        for cid in ps[seat]["hand"] or []:
            lay.set(o, "hand", cid)
        for cid in view["desk"]:
            lay.set(o, "desk", cid)
        for cid in view["casting"]:
            if isinstance(cid, int):
                lay.set(o, "casting", cid)
        for s, p in enumerate(ps):
            r = rel(s, seat, k)
            for cid in p["known"]:
                lay.set(o, "known", r * n + cid)
            for col in p["collected"]:
                lay.set(o, "collected", r * n + col["card"])
                for part in (*col["recipes"], *col["elements"]):
                    lay.set(o, "parts", r * n + part)
            laid = 0
            for seq in p["sequences"]:
                for cid in seq:
                    laid += 1
                    if cid >= 0:  # a negative entry is a step skipped by a spell
                        lay.set(o, "sequences", r * n + cid)
            sc = p["sequence_card"]
            if sc is not None and self.seq_cards:
                lay.set(o, "seq_card", r * self.seq_cards + sc)
            decks = p["hand_decks"]
            lay.put(
                o,
                "seats",
                [
                    1.0,
                    scaled(p["score"], 60),
                    scaled(p["turns"], 60),
                    scaled(p["hand_size"], 10),
                    float(sc is not None),
                    scaled(laid, 9),
                    *(scaled(decks.get(d, 0), 10) for d in carddata.DECKS),
                ],
                r * PER_SEAT,
            )
        lay.put(o, "decks", [scaled(view["decks"].get(d, 0), 80) for d in carddata.DECKS])
        for key in ("current", "deciding", "stone_by"):
            v = view[key]
            if v is not None and 0 <= v < k:
                lay.set(o, key, rel(v, seat, k))
        if view["phase"] in PHASES:
            lay.set(o, "phase", PHASES.index(view["phase"]))
        lay.set(o, "turn", 0, scaled(view["turn"], 200))
        return o


def encoding(options: Mapping[str, Any], players: int) -> Encoding:
    """The catalog's hook."""
    return PotionMakingEncoding(options, players)
