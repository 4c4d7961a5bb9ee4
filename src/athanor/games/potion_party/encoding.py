"""Potion Party for learning code: every option id, and an observation read from a view.

Everything in Potion Party is public, so every seat's view holds the whole table.
Seats are counted from the viewer (block entry 0 is the viewer), padded to 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.encoding import Encoding, Layout, rel, scaled
from athanor.games.potion_party.data import ALCHEMISTS, INGREDIENTS, RECIPES

SEATS = 4
FIXED_ACTIONS = (
    "stop",
    "greedy",
    "super",
    "save-heart",
    "save-potion",
    "take-heart",
    "take-potion",
    "add",
    "keep",
    "roll",
    "mark-blue",
    "mark-red",
    "done",
    "ruby",
    "sapphire",
    "emerald",
    "save-blue",
    "save-red",
    "none",
    "sabotage",
    "pass",
)
FACE_SLOTS = ("", "dark", "1", "2", "3", "4", "alchemy")  # "": not rolled yet
ING = len(INGREDIENTS)

LAYOUT = Layout(
    [
        ("recipe", len(RECIPES), "the potion, one-hot in the order of the recipe list"),
        ("needs", ING, "what the potion needs of each ingredient, / 20"),
        ("seats", SEATS, "1 for each seat in the game, from the viewer"),
        ("totals", SEATS * ING, "each seat's recorded ingredients, / 20 (6 per seat)"),
        ("alchemist", SEATS * len(ALCHEMISTS), "each seat's alchemist, one-hot (8 per seat)"),
        ("saved", SEATS * 2, "each seat's saved blue and red Alchemy dice, / 3"),
        ("super_dice", SEATS, "each seat's Super Dice kept for Sabotage, / 2"),
        ("current", SEATS, "whose turn it is, one-hot"),
        ("first", SEATS, "Player One, one-hot"),
        ("deciding", SEATS, "who is being asked now, one-hot"),
        ("turn", 1, "turns taken / (50 x players)"),
        (
            "pool",
            2 * len(FACE_SLOTS),
            "blue then red pool dice by face: unrolled, dark, 1-4 stars, alchemy; / 4",
        ),
        ("groups", 2 * 4, "dice in the turn's blue and red Stardust groups by stars 1-4, / 6"),
        ("kept", 2, "saved blue and red dice kept aside to match this turn"),
        ("set_aside", 2, "blue and red dice set aside this turn, / 6"),
        ("tally", ING, "this turn's collected ingredients, / 20"),
        (
            "turn_flags",
            4,
            "may be greedy; blue and red dice saved this turn / 3; Super Dice kept this turn / 2",
        ),
    ]
)


class PotionPartyEncoding(Encoding):
    """Actions and observations of Potion Party."""

    def __init__(self, options: Mapping[str, Any], players: int) -> None:
        super().__init__((*FIXED_ACTIONS, *ALCHEMISTS, *RECIPES), LAYOUT)
        self.players = players

    def observe(self, view: Any, seat: int) -> list[float]:
        lay = self.layout
        o = lay.new()
        n = len(view["names"])
        r = view["recipe"]
        if r:
            lay.set(o, "recipe", list(RECIPES).index(r["key"]))
            lay.put(o, "needs", [scaled(r["needs"].get(k, 0), 20) for k in INGREDIENTS])
        alch = list(ALCHEMISTS)
        for s in range(n):
            p = rel(s, seat, n)
            lay.set(o, "seats", p)
            t = view["totals"][s]
            lay.put(o, "totals", [scaled(t[k], 20) for k in INGREDIENTS], p * ING)
            a = view["alchemists"][s]
            if a:
                lay.set(o, "alchemist", p * len(alch) + alch.index(a["key"]))
            saved = view["saved"][s]
            lay.put(
                o, "saved", [scaled(saved.count("blue"), 3), scaled(saved.count("red"), 3)], p * 2
            )
            lay.set(o, "super_dice", p, scaled(view["super_dice"][s], 2))
        for key in ("current", "first", "deciding"):
            v = view[key]
            if v is not None and v >= 0:
                lay.set(o, key, rel(v, seat, n))
        lay.set(o, "turn", 0, scaled(view["turn"], 50 * n))
        tt = view["this_turn"]
        for colour, face in tt["pool"]:
            slot = FACE_SLOTS.index(face) if face in FACE_SLOTS else len(FACE_SLOTS) - 1
            i = (0 if colour == "blue" else 1) * len(FACE_SLOTS) + slot
            o[lay.start["pool"] + i] = min(1.0, o[lay.start["pool"] + i] + 0.25)
        for colour, face, k in tt["groups"]:
            i = (0 if colour == "blue" else 1) * 4 + int(face) - 1
            lay.set(o, "groups", i, scaled(k, 6))
        lay.put(o, "kept", [float("blue" in tt["kept"]), float("red" in tt["kept"])])
        aside = tt["set_aside"]
        lay.put(o, "set_aside", [scaled(aside.count("blue"), 6), scaled(aside.count("red"), 6)])
        lay.put(o, "tally", [scaled(tt["tally"][k], 20) for k in INGREDIENTS])
        ns = tt["saved_this_turn"]
        lay.put(
            o,
            "turn_flags",
            [
                float(tt["may_be_greedy"]),
                scaled(ns.count("blue"), 3),
                scaled(ns.count("red"), 3),
                scaled(tt["super_dice_this_turn"], 2),
            ],
        )
        return o


def encoding(options: Mapping[str, Any], players: int) -> Encoding:
    """The catalog's hook."""
    return PotionPartyEncoding(options, players)
