"""Taking a choice back: allowed until a hidden card comes to light (engine undo)."""

from __future__ import annotations

import pytest

import athanor
from athanor.engine import IllegalMove
from athanor.games.crucible.rules import CrucibleState
from athanor.replay import undo


def _to_first_play(seed: int = 3) -> CrucibleState:
    s = athanor.new_game("crucible", 3, seed=seed, options={"mission": 9})
    assert isinstance(s, CrucibleState)
    while s.decision is not None and not s.decision.ids[0].startswith("play:"):
        s.apply(s.decision.ids[0])
    return s


def test_a_claimed_task_or_a_declared_intent_may_be_taken_back() -> None:
    s = athanor.new_game("crucible", 3, seed=3, options={"mission": 4})
    d = s.decision
    assert d is not None
    s.apply(d.ids[-1])
    back = undo(s, d.seat)
    assert back.decision == d
    s = _to_first_play()
    d = s.decision
    assert d is not None
    back = undo(s, d.seat)  # the intent just declared
    assert back.decision is not None and "catalyze" in back.decision.ids


def test_a_played_card_or_a_kept_discipline_cannot_be_taken_back() -> None:
    s = _to_first_play()
    d = s.decision
    assert d is not None
    s.apply(d.ids[0])
    with pytest.raises(IllegalMove, match="hidden cards"):
        undo(s, d.seat)
    g = athanor.new_game("crucible", 3, seed=3, options={"mission": 9})
    while g.decision is not None and not g.decision.ids[0].startswith("keep:"):
        g.apply(g.decision.ids[0])
    seat = g.decision.seat  # type: ignore[union-attr]
    g.apply(g.decision.ids[0])  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="hidden cards"):
        undo(g, seat)
