"""Dominion in the terminal: a whole game against a bot, and its own commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import athanor
from athanor import ConfigError, catalog

CMD = [sys.executable, "-m", "athanor"]


def run(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CMD, *args], input=text, capture_output=True, text=True, timeout=120, env=dict(os.environ)
    )


def test_a_person_can_play_a_whole_game_against_big_money_ultimate() -> None:
    args = ["play", "dominion", "--players", "2", "--bots", "big-money-ultimate", "--seed", "3"]
    out = run(args, "1\n" * 3000)
    assert out.returncode == 0, out.stderr
    assert "Game over." in out.stdout
    assert "Your hand:" in out.stdout or "You draw" in out.stdout


def test_hand_supply_deck_and_scores_commands() -> None:
    args = ["play", "dominion", "--players", "2", "--bots", "1", "--seed", "8"]
    script = "hand\nsupply\ndeck\nscores\nhelp\nquit\nyes\n"
    out = run([*args, "--option", "kingdom=first-game"], script)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Your hand (5 cards):" in text
    assert "1 Action, 1 Buy, 0 coins." in text  # counted words, not "1 Actions"
    assert "Supply, by cost:\n0 coins: 46 Coppers and 10 Curses." in text  # a line per cost
    assert "8 coins: 8 Provinces." in text
    assert "You: deck 5, discard 0" in text
    assert "You: 3 VP after" in text
    assert "hand: your hand" in text  # help lists the game's own commands


def test_a_strategy_file_can_be_a_bot(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("name: mine\nbuy Province\nbuy Gold\nbuy Silver\n")
    out = run(["sim", "dominion", "--bots", str(mine), "big-money", "--games", "20", "--quiet"])
    assert out.returncode == 0, out.stderr
    assert "mine " in out.stdout and str(mine) not in out.stdout  # named by its name line
    bad = tmp_path / "bad.txt"
    bad.write_text("name: bad\nbuy Provinse\n")
    with pytest.raises(ConfigError, match="line 2: unknown card or type 'Provinse'"):
        catalog.bot("dominion", str(bad), 1)
    out = run(["sim", "dominion", "--bots", str(bad), "big-money", "--games", "2"])
    assert out.returncode == 2 and "line 2" in out.stderr


def test_kingdom_preset_flag_sets_up_a_mixed_alchemy_game() -> None:
    args = ["play", "dominion", "--players", "2", "--bots", "possession", "--seed", "5"]
    out = run([*args, "--kingdom-preset", "forbidden-arts"], "supply\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "6 coins and 1 Potion: 10 Possessions." in out.stdout
    assert "16 Potions" in out.stdout
    out = run([*args, "--kingdom-preset", "forbiden-arts"])
    assert out.returncode == 2 and "forbidden-arts" in out.stderr
    out = run([*args, "--option", "kingdom"])
    assert out.returncode == 2 and "NAME=VALUE" in out.stderr


def test_possession_is_playable_from_both_sides_in_the_terminal() -> None:
    # The person plays the possession strategy's moves by option id; the bot is the same
    # strategy. Seed 3 is a game in which each possesses the other at least once.
    seed, kingdom = 3, {"kingdom": "forbidden-arts"}
    s = athanor.new_game("dominion", 2, seed, kingdom, ["Player 1", "Flamel"])
    me = catalog.bot("dominion", "possession", 99)
    bot = catalog.bot("dominion", "possession", seed + 7919 * 2)  # as the terminal seeds it
    mine: list[str] = []
    while not s.is_over:
        d = s.decision
        assert d is not None
        choice = (me if d.seat == 0 else bot).choose(s, d)
        if d.seat == 0:
            mine.append(choice)
        s.apply(choice)
    args = ["play", "dominion", "--players", "2", "--bots", "possession", "--seed", str(seed)]
    out = run([*args, "--kingdom-preset", "forbidden-arts"], "\n".join(mine) + "\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Game over." in text
    # The person decides for the bot during the bot's possessed turn ...
    assert "Flamel's extra turn; you possess them and decide." in text
    assert "Play an Action from Flamel's hand" in text or "with Flamel's Treasures" in text
    # ... and watches while the bot decides for them during theirs.
    assert "your extra turn; Flamel possesses you and makes every decision" in text
    assert text.count("> ") == len(mine)  # asked exactly once per choice, never for the bot
