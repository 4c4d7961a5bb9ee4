"""The Crucible in the terminal: a person plays with bot teammates, commands, sim, campaigns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import athanor
from athanor import catalog
from athanor.engine import play_out

CMD = [sys.executable, "-m", "athanor"]


def run(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CMD, *args], input=text, capture_output=True, text=True, timeout=120, env=dict(os.environ)
    )


def test_a_person_plays_mission_1_with_two_bot_teammates_through_a_pipe() -> None:
    out = run(
        ["play", "crucible", "--mission", "1", "--players", "3", "--bots", "2", "--seed", "4"],
        "1\n" * 500,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Mission 1, First Light" in text and "Your hand:" in text
    assert "You play" in text and "Flamel plays" in text
    assert "Game over.\nThe team" in text
    assert "\x1b" not in text


def test_hand_tasks_totals_and_limits_commands_and_the_help_names_the_special_rule() -> None:
    script = "help\nhand\ntasks\ntotals\nlimits\nstatus\nquit\n"
    out = run(
        ["play", "crucible", "--mission", "7", "--players", "3", "--bots", "2", "--seed", "2"],
        script,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "hand: your hand by suit" in text  # help lists the game's commands
    help_only = run(
        ["play", "crucible", "--mission", "7", "--players", "3", "--bots", "2", "--seed", "2"],
        "help\nquit\nyes\n",
    ).stdout
    assert "This is mission 7, Heavy Metals" in help_only
    rule = "Special rule: Heavy Metals: every Catalyst counts as 10 toward both totals."
    assert rule in help_only
    assert "Your hand, 19 cards:" in text
    assert "You: 0 tricks won" in text
    assert "Slag: 0 of 3" in text and "Successful Transmutes left this mission: 6 of 6." in text


def test_mission_shortcut_is_the_mission_option_and_a_bad_mission_is_refused() -> None:
    out = run(["play", "crucible", "--mission", "13", "--players", "3"])
    assert out.returncode == 2 and "mission" in out.stderr and "1, 2, 3" in out.stderr
    out = run(
        [
            "play",
            "crucible",
            "--option",
            "mission=12",
            "--players",
            "3",
            "--bots",
            "2",
            "--seed",
            "1",
        ],
        "quit\n",
    )
    assert "Mission 12, The Last Crucible" in out.stdout


def test_sim_fills_every_seat_with_the_team_bot_and_reports_the_team(tmp_path: Path) -> None:
    js = tmp_path / "s.json"
    out = run(
        [
            "sim",
            "crucible",
            "--mission",
            "2",
            "--players",
            "4",
            "--games",
            "12",
            "--seed",
            "5",
            "--json",
            str(js),
        ]
    )
    assert out.returncode == 0, out.stderr
    assert "4 players (team x4), playing as one team" in out.stdout
    assert "Team win rate:" in out.stdout and "95% CI" in out.stdout
    data = json.loads(js.read_text())
    team = data["team"]
    assert team["games"] == 12 and team["players"] == 4
    assert team["wins"] + sum(team["losses"].values()) == 12
    out = run(["sim", "crucible", "--games", "5", "--seed", "1"])
    assert out.returncode == 0 and "3 players (team x3)" in out.stdout
    out = run(["sim", "crucible", "--bots", "random", "random", "random", "--games", "20"])
    assert out.returncode == 0 and "Causes of loss" in out.stdout
    out = run(["sim", "crucible", "--players", "4", "--bots", "team", "random", "--games", "2"])
    assert out.returncode == 2 and "does not match" in out.stderr


def _winning_seed(mission: int) -> int:
    """A seed whose all-bot game of this mission the team wins (as the campaign seats bots)."""
    for seed in range(200):
        s = athanor.new_game("crucible", 3, seed, {"mission": mission}, log=False)
        play_out(s, [catalog.bot("crucible", "team", seed + 7919 * (i + 1)) for i in range(3)])
        if s.stats()["won"]:
            return seed
    raise AssertionError("no winning seed")


def test_a_campaign_unlocks_the_next_mission_and_resumes_from_its_file(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    seed = _winning_seed(1)
    args = [
        "play",
        "crucible",
        "--campaign",
        str(camp),
        "--players",
        "3",
        "--bots",
        "3",
        "--seed",
        str(seed),
    ]
    out = run(args, "no\n")
    assert out.returncode == 0, out.stderr
    assert "Mission 1 won. Mission 2 is unlocked." in out.stdout
    data = json.loads(camp.read_text())
    assert data["won"] == [1] and data["current"] is None
    out = run(args, "no\n")
    assert "Campaign resumed" in out.stdout and "Campaign: mission 2" in out.stdout
    out = run([*args, "--mission", "5"], "")
    assert out.returncode == 2 and "not unlocked" in out.stderr


def test_a_campaign_mission_left_half_played_continues_where_it_stopped(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    args = [
        "play",
        "crucible",
        "--campaign",
        str(camp),
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "3",
    ]
    first = run(args, "1\n1\n1\nquit\n")
    assert "will continue where you left it" in first.stdout
    # Leaving says once that the mission is kept, and never that it was lost.
    assert "not saved" not in first.stdout and "Leave without saving" not in first.stdout
    data = json.loads(camp.read_text())
    assert data["current"] is not None
    moves = len(data["current"]["choices"])
    out = run(args, "log 40\nquit\n")
    assert "Mission 1 continues where you left it" in out.stdout
    again = json.loads(camp.read_text())
    assert len(again["current"]["choices"]) == moves
    # Resuming tells where the game stands, not the whole mission again: the draft and the
    # first reactions are told only when asked for with log.
    before_log = out.stdout.split("> ", 1)[0]
    assert len(before_log.splitlines()) <= 12, before_log
    assert "Last: " in before_log
    told = first.stdout.splitlines()
    assert sum(line in before_log for line in told[5:]) <= 4
    assert sum(line in out.stdout for line in told[5:]) > 5  # log 40 told the rest


def test_a_campaign_never_tells_a_seed_before_its_mission_ends(tmp_path: Path) -> None:
    """Told at the start, a seed (or the next seed being seed + 1) would let a player
    foresee the deal; the seed is told when the mission ends, for a replay."""
    from athanor.cli.campaign import mission_seed

    camp = tmp_path / "camp.json"
    args = ["play", "crucible", "--campaign", str(camp), "--players", "3", "--bots", "2"]
    out = run([*args, "--seed", "77"], "quit\n")
    assert "seed" not in out.stdout.casefold()
    assert mission_seed(77, 0) == 77
    later = [mission_seed(77, n) for n in range(1, 6)]
    assert len(set(later)) == 5 and not any(77 <= s <= 90 for s in later)
    assert mission_seed(77, 3) == later[2]  # repeatable


def test_a_damaged_campaign_file_is_refused(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    camp.write_text('{"format": "athanor-campaign", "version": 1, "game": "crucible"}')
    out = run(["play", "crucible", "--campaign", str(camp)])
    assert out.returncode == 2 and "damaged" in out.stderr
    out = run(["play", "potion-party", "--campaign", str(tmp_path / "x.json")])
    assert out.returncode == 2 and "no missions" in out.stderr
