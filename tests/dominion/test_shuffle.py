"""Dominion's draws: the compiled build's C module (``_cdraws.c``) gives the very decks,
kingdom draws and generator states of the pure-Python reference (``rules._py_shuffle``,
``Rng.below``), rejected draws included, and refuses what is not a generator state, a list or
a count. Without the C module (a pure package) the comparisons are skipped and the game
draws with the reference."""

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
    c = pytest.importorskip("athanor.games.dominion._cdraws")
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
    c = pytest.importorskip("athanor.games.dominion._cdraws")
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


def test_the_c_kingdom_draw_matches_below_call_by_call_with_rejections() -> None:
    c = pytest.importorskip("athanor.games.dominion._cdraws")
    from athanor.games.dominion import kingdoms

    assert kingdoms._c_below_down is c.below_down  # the compiled build's kingdoms use it
    pick = random.Random(7)
    rejected = 0
    # The kingdom's own sizes, and bounds near 2**62 where about a quarter of draws fail.
    for n, k in [(26, 10), (12, 3), (25, 7), (1, 1), (5, 0), (2**62 + 1, 4), (3 * 2**61 + 1, 4)]:
        for _ in range(200):
            state = pick.getrandbits(64)
            ref = Rng(0)
            ref.state = state
            expect = [ref.below(n - i) for i in range(k)]
            got, after = c.below_down(state, n, k)
            assert (got, after) == (expect, ref.state), (n, k, state)
            if _draws(state, after) > k:
                rejected += 1
    assert rejected > 20


def test_the_c_kingdom_draw_refuses_bad_counts_and_states() -> None:
    c = pytest.importorskip("athanor.games.dominion._cdraws")
    for bad in (-1, 1 << 64):
        with pytest.raises(OverflowError):
            c.below_down(bad, 10, 3)
    with pytest.raises(ValueError, match="0 <= k <= n"):
        c.below_down(5, 3, 4)
    with pytest.raises(ValueError, match="0 <= k <= n"):
        c.below_down(5, 3, -1)
    with pytest.raises(TypeError, match="state must be an int"):
        c.below_down(5.0, 3, 1)
    with pytest.raises(TypeError, match="exactly 3"):
        c.below_down(5, 3)


def test_a_random_kingdom_is_the_same_with_or_without_the_c_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from athanor.games.dominion import kingdoms

    def draw_all() -> list[tuple[list[str], int]]:
        out = []
        for alchemy in (0, 2):
            for seed in range(300):
                rng = Rng(seed)
                out.append((kingdoms.choose_kingdom("random", rng, alchemy), rng.state))
        return out

    with_c = draw_all()
    monkeypatch.setattr(kingdoms, "_c_below_down", None)
    assert draw_all() == with_c


def test_decks_beyond_the_ready_chunks_shuffle_as_the_chunks_say() -> None:
    """Decks of more than 64 cards work out their chunks when first shuffled and keep them:
    what is kept is what ``_chunk`` gives, and a second shuffle from the same state (read
    from the kept chunks) gives the same deck and state as the first."""
    rules._MORE_CHUNKS.clear()
    for size in (65, 66, 100, 600):
        deck = [f"c{i}" for i in range(size)]
        a, b = Rng(size), Rng(size)
        first, again = list(deck), list(deck)
        _py_shuffle(a, first)  # works the chunks out
        _py_shuffle(b, again)  # reads them
        assert first == again and a.state == b.state
        assert sorted(first) == sorted(deck) and first != deck
    assert rules._MORE_CHUNKS  # the big decks' chunks were kept ...
    assert all(i >= 64 for i in rules._MORE_CHUNKS)  # ... only theirs
    for i, kept in rules._MORE_CHUNKS.items():
        assert kept == rules._chunk(i)
