"""Dominion's shuffle: the compiled build's C shuffle gives the very decks and generator
states of the pure-Python reference (``rules._py_shuffle``), rejected draws included, and
refuses what is not a generator state or a list. Without the C module (a pure package) the
comparisons are skipped and the game shuffles with the reference."""

from __future__ import annotations

import random

import pytest

from athanor.engine import Rng
from athanor.games.dominion import rules
from athanor.games.dominion.rules import _GAMMA, _MASK, _py_shuffle, _shuffle

_STEP_BACK = pow(_GAMMA, -1, 1 << 64)


def _draws(before: int, after: int) -> int:
    """How many 64-bit draws took the generator from ``before`` to ``after``."""
    return ((after - before) * _STEP_BACK) & _MASK


def test_without_the_c_module_the_game_shuffles_with_the_reference() -> None:
    deck = [f"c{i}" for i in range(30)]
    a, b = Rng(7), Rng(7)
    mine, ref = list(deck), list(deck)
    _shuffle(a, mine)
    _py_shuffle(b, ref)
    assert mine == ref and a.state == b.state
    assert sorted(mine) == sorted(deck) and mine != deck


def test_the_c_shuffle_matches_the_reference_on_every_size_and_rejection() -> None:
    c = pytest.importorskip("athanor.games.dominion._cshuffle")
    assert rules._c_shuffle is c.shuffle  # the compiled build's game uses it
    pick = random.Random(2026)
    sizes = [*range(0, 70), 511, 512, 513, 600]
    rejected = 0
    for n in sizes:
        for _ in range(60 if n < 70 else 5):
            state = pick.getrandbits(64)
            deck = [f"card{i}" for i in range(n)]
            ref = Rng(0)
            ref.state = state
            expect = list(deck)
            _py_shuffle(ref, expect)
            got = list(deck)
            assert c.shuffle(state, got) == ref.state, (n, state)
            assert got == expect, (n, state)
            # a 22-card deck is one draw, rejected about half the time: count the extra draws
            if n == 22 and _draws(state, ref.state) > 1:
                rejected += 1
    assert rejected > 5
    # the generator's edge states
    for state in (0, 1, _MASK, _MASK - _GAMMA + 1):
        ref = Rng(0)
        ref.state = state
        expect = [str(i) for i in range(40)]
        got = list(expect)
        _py_shuffle(ref, expect)
        assert c.shuffle(state, got) == ref.state and got == expect


def test_the_c_shuffle_refuses_what_is_not_a_state_or_a_list_and_changes_nothing() -> None:
    c = pytest.importorskip("athanor.games.dominion._cshuffle")
    deck = ["Copper", "Estate", "Silver"]
    for bad in (-1, 1 << 64):
        with pytest.raises(OverflowError):
            c.shuffle(bad, deck)
    with pytest.raises(TypeError, match="state must be an int"):
        c.shuffle("5", deck)
    with pytest.raises(TypeError, match="must be a list"):
        c.shuffle(5, tuple(deck))
    with pytest.raises(TypeError, match="exactly 2"):
        c.shuffle(5)
    assert deck == ["Copper", "Estate", "Silver"]
