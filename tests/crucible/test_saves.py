"""Saving and loading: a lossless round trip, and a damaged save always refused cleanly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import athanor
from athanor import SaveError
from athanor.games.crucible.bots import TeamBot


def _midgame() -> athanor.GameState:
    s = athanor.new_game("crucible", 4, seed=12, options={"mission": 10})
    bots = [TeamBot(i) for i in range(4)]
    for _ in range(40):
        d = s.decision
        assert d is not None
        s.apply(bots[d.seat].choose(s, d))
    return s


def test_a_game_saved_midway_loads_and_plays_on_the_same() -> None:
    s = _midgame()
    loaded = athanor.load_game(s.to_json())
    assert loaded.to_json() == s.to_json() and loaded.decision == s.decision
    for who in (s, loaded):
        bots = [TeamBot(9 + i) for i in range(4)]
        while not who.is_over:
            d = who.decision
            assert d is not None
            who.apply(bots[d.seat].choose(who, d))
    assert loaded.to_json() == s.to_json()


Damage = Callable[[dict[str, Any]], None]
DAMAGE: dict[str, Damage] = {
    "a card that does not exist": lambda g: g["hands"][0].append(99),
    "a card in two places": lambda g: g["hands"][1].append(g["hands"][0][0]),
    "a card missing": lambda g: g["hands"][0].pop(),
    "a card shown on the wrong face": lambda g: g["face"].__setitem__(
        g["hands"][0][0], (g["hands"][0][0] + 1) % 54
    ),
    "too few faces": lambda g: g["face"].pop(),
    "an unknown task": lambda g: g["tasks"][0].__setitem__(0, "win-everything"),
    "a task with no owner": lambda g: g["tasks"][0].__setitem__(1, 7),
    "a task in a strange state": lambda g: g["tasks"][0].__setitem__(2, "maybe"),
    "an unknown discipline": lambda g: g["disc"].__setitem__(0, "necromancer"),
    "a text where a number belongs": lambda g: g.__setitem__("leader", "Ana"),
    "a per-seat list of the wrong length": lambda g: g["slag"].append(0),
    "a negative slag count": lambda g: g["slag"].__setitem__(0, -1),
    "an unknown outcome": lambda g: g.__setitem__("outcome", "draw"),
    "an unknown mission": lambda g: g.__setitem__("mission_no", 13),
    "a strange intent": lambda g: g.__setitem__("intent", "explode"),
    "a broken whisper": lambda g: g["whispers"].append([0, 1]),
    "a missing field": lambda g: g.pop("voids"),
    "a list where a record belongs": lambda g: g["rec"].__setitem__(0, [1, 2]),
    "a known card out of every hand": lambda g: g["known"].__setitem__(
        next(c for pile in g["piles"] for c in pile), 1
    ),
}


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_damaged_save_is_refused_with_a_save_error(what: str) -> None:
    s = _midgame()
    data = json.loads(s.to_json())
    DAMAGE[what](data["state"]["game"])
    for verify in (False, True):
        with pytest.raises(SaveError):
            athanor.load_game(json.dumps(data), verify=verify)


def test_a_save_whose_moves_were_changed_is_refused() -> None:
    s = _midgame()
    data = json.loads(s.to_json())
    data["choices"][-1] = "play:Z9"
    with pytest.raises(SaveError):
        athanor.load_game(json.dumps(data))
