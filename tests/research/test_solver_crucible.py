"""The Crucible's perfect-information solver: its winning lines win, its "lost" is true."""

from __future__ import annotations

import athanor
from athanor import catalog
from athanor.engine import RandomAgent
from athanor.games.crucible.rules import CrucibleState
from athanor.games.crucible.solver import after_draft, winnable


def _after_draft(mission: int, seed: int, players: int = 3) -> CrucibleState:
    s = athanor.new_game("crucible", players, seed, {"mission": mission}, log=False)
    assert isinstance(s, CrucibleState)
    bots = [catalog.bot("crucible", "team", seed * 10 + i) for i in range(players)]
    while not after_draft(s):
        d = s.decision
        assert d is not None
        s.apply(bots[d.seat].choose(s, d))
    return s


def _late(s: CrucibleState, seed: int, cards_left: int) -> CrucibleState:
    """Play on with the team bot until each hand has at most ``cards_left`` cards."""
    bots = [catalog.bot("crucible", "team", seed * 7 + i) for i in range(s.players)]
    while not s.is_over and max(len(h) for h in s.hands) > cards_left:
        d = s.decision
        assert d is not None
        s.apply(bots[d.seat].choose(s, d))
    return s


def test_a_winning_line_it_finds_wins_when_played() -> None:
    found = 0
    for seed in range(12):
        s = _after_draft(1 + seed % 3, seed)
        v = winnable(s, budget=5_000)
        if v.answer != "won":
            continue
        found += 1
        for oid in v.line:
            s.apply(oid)
        assert s.is_over and s.outcome == "won"
    assert found >= 3


def test_a_proven_loss_is_never_won_by_anyone() -> None:
    """Late positions the search proves lost: neither the bot team nor random teams win."""
    proven = 0
    for seed in range(30):
        s = _late(_after_draft(4 + seed % 6, seed), seed, cards_left=2)
        if s.is_over:
            continue
        v = winnable(s, budget=20_000)
        if v.answer != "lost":
            continue
        proven += 1
        for k in range(8):
            t = s.clone()
            agents = [
                catalog.bot("crucible", "team", k) if k % 2 else RandomAgent(k * 3 + i)
                for i in range(t.players)
            ]
            while not t.is_over:
                d = t.decision
                assert d is not None
                t.apply(agents[d.seat].choose(t, d))
            assert t.outcome != "won", (seed, k)
    assert proven >= 3


def test_an_impossible_draft_is_lost_before_any_card() -> None:
    s = _after_draft(1, 101)
    if s.is_over:
        assert winnable(s).answer == "lost"
        assert winnable(s).nodes == 0


def test_the_budget_gives_unknown_not_a_guess() -> None:
    for seed in range(6):
        s = _after_draft(12, seed, players=4)
        if not s.is_over:
            assert winnable(s, budget=10).answer in ("won", "unknown")
            return
    raise AssertionError("no live deal found")
