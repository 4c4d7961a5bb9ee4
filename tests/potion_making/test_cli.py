"""Potion-Making in the terminal: a person against two bots with the Guild, the game's own
commands, and the simulator."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

CMD = [sys.executable, "-m", "athanor"]


def run(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CMD, *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
    )


def test_a_person_can_play_a_whole_guild_game_against_two_bots() -> None:
    args = [
        "play",
        "potion-making",
        "--option",
        "expansions=guild",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "5",
    ]
    out = run(args, "1\n" * 2000)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Game over." in text
    assert "You draw the Great Work Sequence card of the" in text
    assert text.count("is a bot (heuristic).") == 2
    assert "\x1b" not in text
    assert "You are dealt " in text
    assert re.search(r"\n\w+ is dealt 6 cards\.\n", text)


def test_hand_desk_recipes_sequences_and_scores_commands() -> None:
    args = [
        "play",
        "potion-making",
        "--option",
        "expansions=guild",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "5",
    ]
    out = run(args, "hand\ndesk\nrecipes\nsequences\nscores\nstatus\nhelp\nquit\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Your hand (" in text
    assert re.search(r"The Desk \(\d+ cards, \d+ elements\): ", text)
    assert "Not on the Desk: " in text
    assert "Collected recipes. You: none;" in text
    assert "You (" in text and " card): Sequence 1: not started; next, step 1: " in text
    assert "You: 0 points after " in text
    assert "Decks: Practice " in text and "Guild " in text
    assert re.search(r"Turn \d+: your turn, first phase \(take cards\)\.", text)
    for name in ("hand", "desk", "recipes", "sequences", "scores"):
        assert f"  {name}: " in text  # help lists the game's own commands


def test_practice_alone_is_the_default() -> None:
    out = run(
        ["play", "potion-making", "--players", "2", "--bots", "1", "--seed", "2"],
        "sequences\nquit\n",
    )
    assert out.returncode == 0
    assert "Potion-Making: Practice, for 2 players." in out.stdout
    assert "Great Work Sequences come with the Guild of Alchemists" in out.stdout


def test_a_bad_expansion_is_refused_clearly() -> None:
    out = run(["play", "potion-making", "--option", "expansions=university"])
    assert out.returncode == 2 and "played together with the Guild" in out.stderr
    out = run(
        [
            "sim",
            "potion-making",
            "--bots",
            "heuristic",
            "random",
            "--option",
            "cards=/no/such/file.tsv",
        ]
    )
    assert out.returncode == 2 and "cannot read the card data file" in out.stderr


def test_the_simulator_plays_potion_making(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    out = run(
        [
            "sim",
            "potion-making",
            "--bots",
            "heuristic",
            "random",
            "--games",
            "20",
            "--option",
            "expansions=guild",
            "--json",
            str(f),
        ]
    )
    assert out.returncode == 0, out.stderr
    assert "heuristic" in out.stdout and "Average turns per game" in out.stdout
    data = json.loads(f.read_text())
    assert data["games"] == 20 and data["per_bot"]["heuristic"]["wins"] >= 15


def test_games_lists_potion_making_and_its_options() -> None:
    out = run(["games"])
    assert "potion-making: Potion-Making, 2-6 players." in out.stdout
    assert "--option expansions=..." in out.stdout and "--option cards=..." in out.stdout
