"""Golden replays: every recorded game replays to the same narration, line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from athanor import Replay

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.replay.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_golden_replay_narrates_the_same(path: Path) -> None:
    replay = Replay.from_json(path.read_text())
    state = replay.play()
    expected = (GOLDEN / path.name.replace(".replay.json", ".log.txt")).read_text().splitlines()
    got = state.events_for(None)
    for i, (a, b) in enumerate(zip(got, expected, strict=False)):
        assert a == b, f"line {i + 1} differs"
    assert len(got) == len(expected)
    assert state.is_over
