"""determinize(seat, seed) depends only on what the seat may know, and on the seed.

A search bot that calls it cannot peek: two states alike from its seat give the same copy.
"""

from __future__ import annotations

import pytest

import athanor
from athanor.engine import GameState, RandomAgent
from tests.conformance.test_conformance import GAMES, _new


def _hidden_differs(a: GameState, b: GameState) -> bool:
    """Whether two states differ in anything at all (their saves differ)."""
    return a.to_json() != b.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_depends_only_on_what_the_seat_knows(name: str) -> None:
    compared = differed = 0
    for seed in range(6):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        step = 0
        while not state.is_over:
            d = state.decision
            assert d is not None
            if step % 7 == 3:
                seat = d.seat
                twin = state.determinize(seat, 9000 + step)  # alike from the seat, hidden re-dealt
                assert twin.view(seat) == state.view(seat)
                differed += _hidden_differs(twin, state)
                one = state.determinize(seat, 77)
                two = twin.determinize(seat, 77)
                assert one.to_json() == two.to_json(), (name, seed, step)
                assert one.view(seat) == state.view(seat)
                compared += 1
            state.apply(agent.choose(state, d))
            step += 1
    assert compared > 20
    spec = athanor.spec(name)
    if spec.name != "potion-party":  # Potion Party has no hidden cards, only future dice
        assert differed > compared // 3, (differed, compared)
