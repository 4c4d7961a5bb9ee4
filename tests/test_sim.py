"""The simulator: seeded, seat-rotating, independent of the number of processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import athanor
from athanor import ConfigError, catalog, sim
from athanor.games.potion_party.rules import PotionPartyState


def test_results_do_not_depend_on_jobs() -> None:
    one = sim.run("potion-party", ["heuristic", "random"], 40, seed=3, jobs=1)
    two = sim.run("potion-party", ["heuristic", "random"], 40, seed=3, jobs=2)
    assert one == two
    # Seats rotate: each bot sits first in half the games.
    assert sum(1 for r in one if r.bots[0] == "heuristic") == 20


def test_summary_counts_wins_ties_and_the_player_who_moved_first() -> None:
    records = [
        sim.GameRecord(0, ("a", "b"), (1, 2), (3.0, 1.0), "x", 10, first=0),
        sim.GameRecord(1, ("b", "a"), (1, 1), (2.0, 2.0), "y", 12, first=0),
        # Seat 1 moved first (a roll decided it) and won: that counts for the first player.
        sim.GameRecord(2, ("a", "b"), (2, 1), (0.0, 5.0), "x", 14, first=1),
    ]
    s = sim.Summary.of("g", ["a", "b"], 0, records)
    j = s.to_json()
    assert j["per_bot"]["a"]["wins"] == 1 and j["per_bot"]["a"]["ties"] == 1
    assert j["per_bot"]["b"]["wins"] == 1
    assert j["first_player"]["win_rate"] == pytest.approx(2 / 3)
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
    assert "win rate" in out.stdout and "The player who moved first won" in out.stdout
    data = json.loads(out_file.read_text())
    assert data["games"] == 30 and set(data["per_bot"]) == {"heuristic", "random"}


def test_records_say_who_moved_first_in_potion_party() -> None:
    # Potion Party rolls for Player One, so seat 0 is not always the first player.
    records = sim.run("potion-party", ["heuristic", "heuristic"], 30, seed=5)
    firsts = {r.first for r in records}
    assert firsts == {0, 1}
    for r in records[:5]:
        state = athanor.new_game("potion-party", 2, 5 + r.index, log=False)
        assert isinstance(state, PotionPartyState)
        # Replaying the set-up alone is enough to see who rolled highest.
        while state.first < 0:
            d = state.decision
            assert d is not None
            state.apply(catalog.bot("potion-party", r.bots[d.seat], 0).choose(state, d))
        assert state.first == r.first


def test_a_strategy_file_is_named_by_its_name_line(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("name: gold-rush\nbuy Province\nbuy Gold\nbuy Silver\n")
    assert sim.bot_labels("dominion", [str(mine), "big-money"]) == {
        str(mine): "gold-rush",
        "big-money": "big-money",
    }
    records = sim.run("dominion", [str(mine), "big-money"], 4, seed=1)
    summary = sim.Summary.of(
        "dominion", [str(mine), "big-money"], 1, records, sim.bot_labels("dominion", [str(mine)])
    )
    assert set(summary.per_bot) == {"gold-rush", "big-money"}


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_final_scores_are_the_results_scores_and_placing_and_the_record_has_them(
    game: str,
) -> None:
    # The simulator reads final_scores() (a game may skip its result's words there); it
    # must agree with result in every game, and be None until the game is over.
    spec = athanor.spec(game)
    players = max(spec.min_players, 2)
    options = spec.check_options({})
    for seed in range(3):
        state = spec.state_class.new(players=players, seed=seed, options=options, log=False)
        assert state.final_scores() is None
        bots = [catalog.bot_maker(game, "random")(seed * 31 + i) for i in range(players)]
        athanor.engine.play_out(state, bots, max_steps=200_000)
        res = state.result
        assert res is not None
        assert state.final_scores() == (res.scores, res.placing)
        rec = sim.play_one(game, ["random"] * players, seed, 0, options)
        assert (rec.scores, rec.placing) == (res.scores, res.placing)
        assert rec.ending == str(state.stats().get("ending", res.detail))


def test_a_finished_one_process_run_ends_quickly_with_every_file_complete(
    tmp_path: Path,
) -> None:
    """The command ends a finished one-process simulation without Python's teardown
    (``_exit_now``): the report, the JSON, the CSV and the games folder are all whole."""
    files = {k: tmp_path / f"s.{k}" for k in ("json", "csv")}
    folder = tmp_path / "games"
    cmd = [sys.executable, "-m", "athanor", "sim", "dominion", "--bots", "big-money", "normal"]
    cmd += ["--games", "37", "--seed", "4", "--jobs", "1", "--out", str(folder)]
    cmd += ["--json", str(files["json"]), "--csv", str(files["csv"])]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "How games ended:" in out.stdout
    assert out.stdout.rstrip().splitlines()[-1].endswith("(one row per game).")
    assert json.loads(files["json"].read_text())["games"] == 37
    rows = files["csv"].read_text().splitlines()
    assert len(rows) == 38 and rows[-1].startswith("dominion,36,")
    kept = [p for p in folder.iterdir() if p.suffix == ".jsonl"]
    assert kept and sum(len(p.read_text().splitlines()) for p in kept) == 37


def test_the_collector_is_off_while_a_batch_plays_and_back_after() -> None:
    import gc

    assert gc.isenabled()
    with sim.collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with sim.collector_paused():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


def test_the_quick_exit_skips_teardown_only_for_a_one_process_simulation(tmp_path: Path) -> None:
    """An exit handler (Python's teardown) runs after other commands, not after a finished
    one-process simulation."""
    mark = tmp_path / "teardown"
    code = (
        "import atexit, pathlib, sys\n"
        f"atexit.register(lambda: pathlib.Path({str(mark)!r}).write_text('ran'))\n"
        "from athanor.cli.main import command\n"
        "sys.argv = ['athanor', *sys.argv[1:]]\n"
        "raise SystemExit(command())\n"
    )
    sim_args = ["sim", "potion-party", "--bots", "normal", "normal", "--games", "5", "--jobs", "1"]
    for args, tears_down in ((sim_args, False), (["games"], True)):
        mark.unlink(missing_ok=True)
        out = subprocess.run(
            [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
        )
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip()
        assert mark.exists() == tears_down, args
