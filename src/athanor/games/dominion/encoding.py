"""Dominion for learning code: every option id, and an observation read from a view.

Cards are counted in the order of the card list (``CARDS``), Basic cards first. Seats are
counted from the viewer (block entry 0 is the viewer), padded to 6 seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.encoding import Encoding, Layout, rel, scaled
from athanor.games.dominion.cards import CARDS

SEATS = 6
NAMES = tuple(CARDS)
N = len(NAMES)
CARD = {n: i for i, n in enumerate(NAMES)}
VERBS = ("play", "buy", "gain", "discard", "trash", "topdeck", "keep", "back", "aside", "top")
WORDS = ("end", "treasures", "done", "none", "reveal", "pass")
PHASES = ("setup", "action", "buy", "cleanup", "over")
PER_SEAT = ("present", "hand_size", "deck_size", "discard_size", "set_aside_size", "vp", "turns")

LAYOUT = Layout(
    [
        ("kingdom", N, "1 for each card in this game's kingdom"),
        ("supply", N, "cards left in each Supply pile, / 12 (clipped)"),
        (
            "hand",
            N,
            "the viewer's hand by card, / 10 (during a turn the viewer possesses, "
            "the possessed hand too)",
        ),
        ("set_aside", N, "the viewer's set-aside cards by card, / 5"),
        ("in_play", N, "the current player's cards in play by card, / 10"),
        ("trash", N, "the trash by card, / 10"),
        ("discard_top", SEATS * N, "each seat's top discard, one-hot per seat"),
        (
            "seats",
            SEATS * len(PER_SEAT),
            "per seat: present, hand size / 10, deck size / 40, "
            "discard size / 40, set-aside size / 10, victory points / 60, turns / 50",
        ),
        ("current", SEATS, "whose turn it is, one-hot"),
        ("deciding", SEATS, "who is being asked now, one-hot"),
        ("possessor", SEATS, "who possesses the current player this turn, one-hot"),
        ("phase", len(PHASES), "setup, action, buy, cleanup, over; one-hot"),
        (
            "turn",
            8,
            "Actions / 5, Buys / 5, coins / 16, Potions / 4, turn / 100, the hand's "
            "Treasures' coins / 16 and Potions / 4 (when shown), 1 if they are shown",
        ),
    ]
)


class DominionEncoding(Encoding):
    """Actions and observations of Dominion."""

    def __init__(self, options: Mapping[str, Any], players: int) -> None:
        super().__init__((*WORDS, *(f"{v}:{n}" for v in VERBS for n in NAMES)), LAYOUT)

    def observe(self, view: Any, seat: int) -> list[float]:
        lay = self.layout
        o = lay.new()
        ps = view["players"]
        n = len(ps)
        for k in view["kingdom"]:
            lay.set(o, "kingdom", CARD[k])
        for k, left in view["supply"].items():
            lay.set(o, "supply", CARD[k], scaled(left, 12))
        _counts(lay, o, "hand", ps[seat]["hand"] or [], 10)
        cur = view["current"]
        if view["possessor"] == seat and 0 <= cur < n and ps[cur]["hand"] is not None:
            _counts(lay, o, "hand", ps[cur]["hand"], 10)
        _counts(lay, o, "set_aside", ps[seat]["set_aside"] or [], 5)
        if 0 <= cur < n:
            _counts(lay, o, "in_play", ps[cur]["in_play"], 10)
        _counts(lay, o, "trash", view["trash"], 10)
        for s, p in enumerate(ps):
            r = rel(s, seat, n)
            if p["discard_top"] is not None:
                lay.set(o, "discard_top", r * N + CARD[p["discard_top"]])
            lay.put(
                o,
                "seats",
                [
                    1.0,
                    scaled(p["hand_size"], 10),
                    scaled(p["deck_size"], 40),
                    scaled(p["discard_size"], 40),
                    scaled(p["set_aside_size"], 10),
                    scaled(p["vp"], 60),
                    scaled(p["turns"], 50),
                ],
                r * len(PER_SEAT),
            )
        for key in ("current", "deciding", "possessor"):
            v = view[key]
            if v is not None and 0 <= v < n:
                lay.set(o, key, rel(v, seat, n))
        if view["phase"] in PHASES:
            lay.set(o, "phase", PHASES.index(view["phase"]))
        money = view["money_with_hand"]
        lay.put(
            o,
            "turn",
            [
                scaled(view["actions"], 5),
                scaled(view["buys"], 5),
                scaled(view["coins"], 16),
                scaled(view["potions"], 4),
                scaled(view["turn"], 100),
                scaled(money[0], 16) if money else 0.0,
                scaled(money[1], 4) if money else 0.0,
                1.0 if money else 0.0,
            ],
        )
        return o


def _counts(lay: Layout, o: list[float], block: str, cards: list[str], top: int) -> None:
    """Add each card of a list to a per-card block, as a count / ``top``."""
    start = lay.start[block]
    step = 1.0 / top
    for c in cards:
        i = start + CARD[c]
        o[i] = min(1.0, o[i] + step)


def encoding(options: Mapping[str, Any], players: int) -> Encoding:
    """The catalog's hook."""
    return DominionEncoding(options, players)
