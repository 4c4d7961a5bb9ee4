"""Commands and library calls refuse bad arguments before any work, with a clear message,
and an interrupted simulation stops at once and keeps every game it finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import athanor


def athanor_cmd(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "athanor", *args], capture_output=True, text=True, timeout=timeout
    )


def from_a_terminal() -> list[str]:
    """The start of a Python command line that runs with Ctrl+C at its default, as from a
    terminal, even when this suite does not: a job a non-interactive shell starts in the
    background ignores Ctrl+C, and so does every process it starts (Python then installs no
    KeyboardInterrupt). The shim puts the default back and becomes the command (``exec``)."""
    shim = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
    )
    return [sys.executable, "-c", shim]


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_sim_refuses_a_player_count_the_game_does_not_take(game: str) -> None:
    spec = athanor.spec(game)
    for players in (0, -1, spec.max_players + 1):
        out = athanor_cmd("sim", game, "--players", str(players), "--games", "2")
        assert out.returncode == 2, out.stdout
        assert f"{spec.min_players}-{spec.max_players} players, not {players}" in out.stderr


def test_interrupting_a_simulation_stops_it_at_once_and_keeps_every_finished_game(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    # Enough games that a fast machine cannot finish them between the first batch written and
    # the interrupt: the test sends it as soon as any game is on the disk, whatever the load.
    total = 6000
    cmd = [*from_a_terminal(), "-m", "athanor", "sim", "potion-party", "--games", str(total)]
    cmd += ["--jobs", "2", "--out", str(out), "--quiet", "--seed", "4"]
    # A terminal's Ctrl+C reaches every process of the group: the workers too.
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    games = out / "games.jsonl"
    for _ in range(3000):  # until some games are written
        if games.exists() and games.stat().st_size > 0:
            break
        time.sleep(0.01)
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    assert proc.returncode == 130, err
    assert took < 2.5, f"it took {took:.1f} s to stop"
    assert "the game was not saved" not in err
    kept = int(err.split("interrupted: ")[1].split(" of ")[0].replace(",", ""))
    lines = games.read_text().splitlines()
    assert 0 < kept == len(lines) < total
    # The same command plays only the rest, and the whole run is the same as one unbroken.
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    indices = sorted(json.loads(line)["index"] for line in games.read_text().splitlines())
    assert indices == list(range(total))
    whole = subprocess.run(
        [*cmd[:-5], "--jobs", "1", "--quiet", "--seed", "4"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert whole.stdout.splitlines()[:4] == done.stdout.splitlines()[:4]


def test_serve_refuses_bad_limits_before_it_starts(tmp_path: Path) -> None:
    for flag, value, said in (
        ("--max-bot-tables", "0", "at least 1"),
        ("--max-connections-per-address", "-3", "at least 1"),
        ("--idle-minutes", "0", "more than 0"),
        ("--request-seconds", "nan", "from 0 to 3600"),
        ("--allow-origin", "evil", "an origin such as"),
        ("--allow-origin", "https://x.example/path", "an origin such as"),
        ("--trusted-proxy", "10.0.0.300", "an IP address or network"),
    ):
        out = athanor_cmd("serve", "--port", "0", "--data-dir", str(tmp_path), flag, value)
        assert out.returncode == 2 and said in out.stderr, (flag, value, out.stderr)
        assert "serving" not in out.stdout


def test_stopping_the_server_says_its_tables_are_kept(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "athanor", "serve", "--port", "0", "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert "serving at" in proc.stdout.readline()
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Every table is kept" in out and "not saved" not in out + err


def test_a_game_s_subpackage_imports_under_its_full_name() -> None:
    import athanor.games.dominion as d
    import athanor.games.potion_party.rules as r

    assert d.SPEC.name == "dominion" and r.__name__ == "athanor.games.potion_party.rules"
    assert [g.name for g in athanor.games()] == sorted(g.name for g in athanor.games())


def test_tune_checks_every_argument_before_the_search() -> None:
    base = ["tune", "dominion", "--kingdom", "first-game", "--against", "big-money"]
    for extra, said in (
        (["--name", "Foo"], "--name is lower-case letters"),
        (["--name", "my tuned"], "--name is lower-case letters"),
        (["--games", "1"], "--games 2 or more"),
        (["--rounds", "-1"], "--rounds 0 or more"),
        (["--against", "nobody"], "has no bot 'nobody'"),
    ):
        started = time.monotonic()
        out = athanor_cmd(*base, *extra, "--games", "4", "--rounds", "1", *extra)
        assert out.returncode == 2 and said in out.stderr, (extra, out.stderr)
        assert "Traceback" not in out.stderr
        assert time.monotonic() - started < 10  # refused at once, not after a search


def test_a_campaign_file_is_read_with_a_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # a sparse file just over the limit
        fh.truncate(16 * 1024 * 1024 + 1)
    for path, said in ((str(big), "may be at most"), ("/dev/zero", "larger than")):
        started = time.monotonic()
        out = athanor_cmd("play", "crucible", "--campaign", path)
        assert out.returncode == 2 and said in out.stderr, out.stderr
        assert time.monotonic() - started < 10
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    out = athanor_cmd("play", "crucible", "--campaign", str(deep))
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_every_card_data_file_is_read_with_a_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.tsv"
    with open(big, "wb") as fh:
        fh.truncate(1024 * 1024 + 1)
    for path in ("/dev/zero", str(big)):
        started = time.monotonic()
        out = athanor_cmd("check-cards", path)
        assert out.returncode == 2 and "1,048,576" in out.stderr, out.stderr
        out = athanor_cmd(
            "play", "potion-making", "--bots", "1", "--players", "2", "--option", f"cards={path}"
        )
        assert out.returncode == 2 and "1,048,576" in out.stderr, out.stderr
        with pytest.raises(athanor.ConfigError, match="1,048,576"):
            athanor.new_game("potion-making", 2, 1, options={"cards": path})
        assert time.monotonic() - started < 15
    bad = tmp_path / "latin1.tsv"
    bad.write_bytes(b"\xff\xfe not text")
    out = athanor_cmd("check-cards", str(bad))
    assert out.returncode == 2 and "not UTF-8" in out.stderr


def test_an_interrupt_while_a_batch_is_written_still_counts_that_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ctrl+C just after a batch reached the disk, before the run counted it: the message
    # must say what the folder holds, which is what the same command will not play again.
    from athanor import sim
    from athanor.cli.main import main

    write = sim.Store.append

    def append_then_interrupt(self: sim.Store, batch: list[sim.GameRecord]) -> None:
        write(self, batch)
        raise KeyboardInterrupt

    monkeypatch.setattr(sim.Store, "append", append_then_interrupt)
    out = tmp_path / "run"
    argv = ["sim", "potion-party", "--games", "50", "--jobs", "1", "--quiet", "--out", str(out)]
    assert main(argv) == 130
    lines = (out / "games.jsonl").read_text().splitlines()
    assert lines  # the batch was written
    assert f"interrupted: {len(lines)} of 50 games are kept" in capsys.readouterr().err
