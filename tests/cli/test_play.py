"""The terminal client, driven as a person or a script would drive it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import athanor
from athanor.engine import RandomAgent

CMD = [sys.executable, "-m", "athanor"]


def run(
    args: list[str], text: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CMD, *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_a_whole_game_can_be_scripted_through_a_pipe() -> None:
    out = run(["play", "potion-party", "--players", "2", "--bots", "1", "--seed", "7"], "1\n" * 400)
    assert out.returncode == 0, out.stderr
    assert "Game over." in out.stdout
    assert "\x1b" not in out.stdout  # no colour or cursor codes when not a terminal
    # The person's own actions are narrated to them in the second person.
    assert "You roll" in out.stdout


def test_commands_answer_at_every_prompt() -> None:
    script = "help\nstatus\nlog 3\nrepeat\noptions\n99\nfrobnicate\nquit\nyes\n"
    out = run(["play", "potion-party", "--players", "2", "--bots", "1", "--seed", "3"], script)
    assert out.returncode == 0
    assert "Type the number of an option" in out.stdout
    assert "You: 0 ruby, 0 sapphire." in out.stdout
    assert "There is no option 99" in out.stdout
    assert "I did not understand 'frobnicate'" in out.stdout
    assert "Goodbye" in out.stdout


def test_save_and_load_continue_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "potion-party", "--players", "2", "--bots", "1", "--seed", "11"]
    out = run(args, f"1\n1\nsave {save}\nquit\n")
    assert f"Goodbye. Your game is saved in {save}." in out.stdout  # no question: it is saved
    assert f"Saved to {save}" in out.stdout
    state = athanor.load_game(save.read_text())
    assert len(state.choices or []) >= 2
    out2 = run(["play", "potion-party", "--load", str(save)], "1\n" * 400)
    assert out2.returncode == 0, out2.stderr
    assert "Loaded" in out2.stdout and "Game over." in out2.stdout


def test_bad_set_up_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    out = run(["play", "potion-partyy"])
    assert out.returncode == 2 and "Did you mean potion-party" in out.stderr
    out = run(["play", "potion-party", "--players", "3", "--bots", "4"])
    assert out.returncode == 2 and "do not fit" in out.stderr
    out = run(["play", "potion-party", "--players", "9"])
    assert out.returncode == 2 and "2-4 players" in out.stderr
    out = run(["play", "potion-party", "--bots", "grandmaster"])
    assert out.returncode == 2 and "no bot 'grandmaster'" in out.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = run(["play", "potion-party", "--load", str(bad)])
    assert out.returncode == 2 and "not valid JSON" in out.stderr


def test_an_altered_save_file_is_refused(tmp_path: Path) -> None:
    state = athanor.new_game("potion-party", 2, seed=4)
    d = state.decision
    assert d is not None
    state.apply(d.options[0].id)
    data = json.loads(state.to_json())
    data["state"]["game"]["totals"][0]["ruby"] = 99
    with pytest.raises(athanor.SaveError, match="altered"):
        athanor.load_game(json.dumps(data))
    data = json.loads(state.to_json())
    data["choices"].append("nonsense")
    with pytest.raises(athanor.SaveError):
        athanor.load_game(json.dumps(data))


def test_replay_narrates_a_saved_game(tmp_path: Path) -> None:
    state = athanor.new_game("potion-party", 2, seed=5)
    agent = RandomAgent(5)
    while not state.is_over:
        d = state.decision
        assert d is not None
        state.apply(agent.choose(state, d))
    path = tmp_path / "g.json"
    path.write_text(state.to_json())
    out = run(["replay", str(path)])
    assert out.returncode == 0
    assert out.stdout.splitlines()[:3] == state.events_for(None)[:3]
    assert "Game over." in out.stdout


def test_games_lists_every_game() -> None:
    out = run(["games"])
    assert out.returncode == 0 and "potion-party" in out.stdout


CURSOR = re.compile(r"\x1b\[(\?1049|\?47|\d*;\d*H|H|2J|\d*[ABCDKJ])")


@pytest.mark.parametrize("no_color", [True, False])
def test_terminal_output_has_no_screen_or_cursor_tricks(no_color: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "athanor", "play", "potion-party", "--players", "2", "--bots", "1", "--seed", "9"],
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    seen = ""
    for _ in range(400):
        idx = child.expect(["> ", pexpect.EOF])
        seen += child.before or ""
        if idx == 1:
            break
        child.sendline("1")
    child.close()
    assert "Game over." in seen
    assert not CURSOR.search(seen)
    if no_color:
        assert "\x1b" not in seen
    else:
        assert "\x1b[1m" in seen  # bold prompts on a real terminal
