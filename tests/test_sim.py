"""The simulator: seeded, seat-rotating, independent of the number of processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from athanor import ConfigError, sim


def test_results_do_not_depend_on_jobs() -> None:
    one = sim.run("potion-party", ["heuristic", "random"], 40, seed=3, jobs=1)
    two = sim.run("potion-party", ["heuristic", "random"], 40, seed=3, jobs=2)
    assert one == two
    # Seats rotate: each bot sits first in half the games.
    assert sum(1 for r in one if r.bots[0] == "heuristic") == 20


def test_summary_counts_wins_ties_and_first_seat() -> None:
    records = [
        sim.GameRecord(0, ("a", "b"), (1, 2), (3.0, 1.0), "x", 10),
        sim.GameRecord(1, ("b", "a"), (1, 1), (2.0, 2.0), "y", 12),
        sim.GameRecord(2, ("a", "b"), (2, 1), (0.0, 5.0), "x", 14),
    ]
    s = sim.Summary.of("g", ["a", "b"], 0, records)
    j = s.to_json()
    assert j["per_bot"]["a"]["wins"] == 1 and j["per_bot"]["a"]["ties"] == 1
    assert j["per_bot"]["b"]["wins"] == 1
    assert j["first_seat"]["win_rate"] == pytest.approx(1 / 3)
    assert j["mean_turns"] == 12
    assert j["endings"] == {"x": 2, "y": 1}


def test_wilson_interval_matches_the_textbook_value() -> None:
    lo, hi = sim.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert sim.wilson(0, 0) == (0.0, 0.0)


def test_unknown_bot_or_bad_player_count_fails_before_playing() -> None:
    with pytest.raises(ConfigError, match="no bot"):
        sim.run("potion-party", ["heuristic", "nobody"], 10)
    with pytest.raises(ConfigError, match="2-4 players"):
        sim.run("potion-party", ["heuristic"] * 5, 10)
    with pytest.raises(ConfigError, match="at least 1, not 0"):
        sim.run("potion-party", ["heuristic", "random"], 0)
    with pytest.raises(ConfigError, match="jobs must be at least 1"):
        sim.run("potion-party", ["heuristic", "random"], 10, jobs=0)


def test_sim_command_prints_and_writes_json(tmp_path: Path) -> None:
    out_file = tmp_path / "s.json"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "athanor",
            "sim",
            "potion-party",
            "--bots",
            "heuristic",
            "random",
            "--games",
            "30",
            "--seed",
            "2",
            "--json",
            str(out_file),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "win rate" in out.stdout and "First seat won" in out.stdout
    data = json.loads(out_file.read_text())
    assert data["games"] == 30 and set(data["per_bot"]) == {"heuristic", "random"}
