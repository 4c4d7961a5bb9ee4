"""The terminal as a person meets it: odd keystrokes, names for moves, the table's
manners, and a command line that never ends in a traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import athanor
from athanor.cli.main import main
from athanor.games.dominion.commands import hand
from tests.dominion.helpers import arrange, game, play

PY = sys.executable


def run(monkeypatch: pytest.MonkeyPatch, args: list[str], text: str = "") -> tuple[int, str, str]:
    """Run the command in this process with the given typed input."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = main(args)
    return rc, out.getvalue(), err.getvalue()


def shell(command: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        **kw,  # type: ignore[arg-type]
    )


PP = ["play", "potion-party", "--bots", "1", "--seed", "7"]
DOM = ["play", "dominion", "--bots", "1", "--seed", "3", "--kingdom", "first-game"]


# -- any line a person types gets an answer ----------------------------------------


@pytest.mark.parametrize("odd", ["²", "①", "9" * 5000, "٣", "-1", "1.5", "\x00", "0", " 1 2 "])
def test_an_unusual_line_gets_an_answer_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, odd: str
) -> None:
    rc, out, err = run(monkeypatch, PP, odd + "\n" + "1\n" * 600)
    assert rc == 0, err
    assert "Game over." in out
    assert err == ""


def test_bytes_that_are_not_utf8_are_read_as_text() -> None:
    out = subprocess.run(
        [PY, "-m", "athanor", *PP],
        input=b"\xff\xfe\x80\n" + b"1\n" * 600,
        capture_output=True,
        timeout=60,
    )
    assert out.returncode == 0 and b"Traceback" not in out.stderr
    assert b"I did not understand" in out.stdout


def test_an_empty_line_repeats_the_question(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, PP, "\nquit\nyes\n")
    assert rc == 0
    assert out.count("Choose your alchemist:") == 2


# -- the command line ends cleanly, whatever happens ---------------------------------


def test_json_to_a_missing_folder_is_refused_before_the_simulation(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "no" / "such" / "out.json"
    args = ["sim", "potion-party", "--bots", "heuristic", "random", "--games", "100000"]
    rc, out, err = run(monkeypatch, [*args, "--json", str(target), "--quiet"])
    assert rc == 2 and "does not exist" in err
    assert out == ""  # refused before a single game was played


def test_zero_players_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, _, err = run(monkeypatch, ["play", "potion-party", "--players", "0"])
    assert rc == 2 and "2-4 players, not 0" in err


def test_output_closed_early_ends_quietly() -> None:
    out = shell(f"{PY} -m athanor {' '.join(DOM)} < <(yes help | head -3000) | head -1")
    assert out.stdout.count("\n") == 1
    assert out.stderr == ""
    assert out.returncode == 141  # what the first command in the pipe exited with


def test_closed_standard_input_ends_the_game_with_a_message() -> None:
    out = shell(f"{PY} -m athanor {' '.join(PP)} <&-")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "Input ended before the game did" in out.stdout


def test_a_full_disk_ends_with_a_clear_message() -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    out = shell(f"{PY} -m athanor games > /dev/full")
    assert out.returncode == 1
    assert "No space left on device" in out.stderr and "Traceback" not in out.stderr


def test_version(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit) as stop:
        run(monkeypatch, ["--version"])
    assert stop.value.code == 0
    assert f"athanor {athanor.__version__}" in sys.stdout.getvalue()  # type: ignore[attr-defined]


# -- moves by name, short keys and a steady menu ----------------------------------------


def test_moves_by_name_prefix_and_short_key(monkeypatch: pytest.MonkeyPatch) -> None:
    script = "t\nbuy silver\ne\nsi\nquit\nyes\n"
    rc, out, _ = run(monkeypatch, DOM, script)
    assert rc == 0
    assert "You play 4 Coppers (4 coins)." in out  # t: play all Treasures
    assert "You buy a Silver." in out  # buy silver
    assert "'si' could mean more than one option" in out  # Silver or Smithy? asks
    assert "I did not understand" not in out


def test_the_buy_menu_keeps_end_first_and_play_all_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rc, out, _ = run(monkeypatch, DOM, "quit\nyes\n")
    assert rc == 0
    menu = out[out.index("Buy a card") :].splitlines()
    assert menu[1] == "  1. End your turn" and menu[2] == "  2. Play all your Treasures"
    assert menu[3] == "  3. Buy Militia (4 coins)"  # the dearest affordable first


def test_card_and_kingdom_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, DOM, "card witch\ncard thr\ncard zzz\nkingdom\nquit\nyes\n")
    assert rc == 0
    assert "Witch: Action - Attack, costs 5 coins. +2 Cards." in out
    assert "Throne Room: Action, costs 4 coins." in out
    assert "There is no card" in out and "called 'zzz'." in out  # (or rule word)
    assert "Kingdom: Cellar, 2 coins; Moat, 2 coins;" in out
    rc, out, _ = run(monkeypatch, PP, "card lich\nquit\nyes\n")
    assert rc == 0
    assert 'Skeleton "Lich": Alchemist. On the first roll' in out


def test_dominion_status_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, DOM, "status\nquit\nyes\n")
    assert rc == 0
    line = next(x for x in out.splitlines() if "Victory points:" in x)
    assert line == (
        "> Turn 2: your turn, buy phase. 4 coins with the Treasures in your hand; "
        "1 Action, 1 Buy. Victory points: you 3; Flamel 3."
    )


def test_hand_during_a_possessed_turn_shows_the_hand_being_played() -> None:
    s = game("Possession", "Workshop")
    bo = {"hand": ["Gold", "Workshop", "Estate"], "deck": ["Copper"] * 10}
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end")
    assert s.possessor == 0 and s.current == 1
    text = hand(s.view(0), 0)
    assert text.startswith("Bo's hand, which you play this turn (3 cards):")
    assert "an Estate, a Gold and a Workshop" in text


# -- the person is "you"; bots have short names ---------------------------------------


def test_the_person_is_you_everywhere_and_bots_have_short_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rc, out, _ = run(monkeypatch, PP, "1\n" * 600)
    assert rc == 0 and "Game over." in out
    assert "Player 1" not in out  # prompts, narration and the result all say "you"
    assert "Flamel is a bot (heuristic)." in out
    assert "Heuristic Bot" not in out
    result = out[out.index("Game over.") :].splitlines()
    assert any(
        line.startswith("You: ") and "ingredients toward the potion" in line for line in result
    )


def test_a_strategy_file_bot_is_named_by_its_name_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("name: gold-rush\nbuy Province\nbuy Gold\nbuy Silver\n")
    rc, out, _ = run(monkeypatch, ["play", "dominion", "--bots", str(mine)], "quit\nyes\n")
    assert rc == 0
    assert "Flamel is a bot (gold rush)." in out
    assert str(mine) not in out


# -- hearing less, leaving, saving and loading -----------------------------------------


def test_brief_hears_less_of_the_other_players_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    _, full, _ = run(monkeypatch, DOM, "e\n" * 8 + "quit\nyes\n")
    _, brief, _ = run(monkeypatch, [*DOM, "--brief"], "e\n" * 8 + "quit\nyes\n")
    assert "Flamel draws 5 cards." in full and "Flamel draws 5 cards." not in brief
    assert "Flamel buys a Silver." in brief  # what matters is still told
    assert "You draw" in brief  # and what is about you
    _, switched, _ = run(monkeypatch, DOM, "brief\n" + "e\n" * 8 + "verbose\nquit\nyes\n")
    assert "Brief: you will hear less" in switched and "Verbose: you will hear" in switched


def test_quit_asks_first_and_knows_when_the_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rc, out, _ = run(monkeypatch, PP, "quit\nno\nquit\nyes\n")
    assert rc == 0
    assert "Leave without saving?" in out and "Then we go on." in out
    assert out.count("Leave without saving?") == 2 and "Goodbye. The game was not saved." in out
    save = tmp_path / "g.json"
    rc, out, _ = run(monkeypatch, PP, f"save {save}\nquit\n")
    assert rc == 0
    assert "Leave without saving?" not in out and "Your game is saved in" in out
    rc, out, _ = run(monkeypatch, PP, f"save {save}\n1\nquit\nyes\n")
    assert rc == 0
    assert "Leave without saving?" in out  # a move since the save


def test_save_understands_the_home_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    rc, _, _ = run(monkeypatch, PP, "1\nsave ~/mine.json\nquit\n")
    assert rc == 0
    assert (tmp_path / "mine.json").exists()
    assert athanor.load_game((tmp_path / "mine.json").read_bytes()).choices[0] == "lich"


def test_load_tells_where_the_game_stands_not_the_whole_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    run(monkeypatch, PP, "1\n" * 3 + f"save {save}\nquit\n")
    rc, out, _ = run(monkeypatch, ["play", "potion-party", "--load", str(save)], "quit\n")
    assert rc == 0
    assert "Loaded Black-Handed Henry's Potion Party" in out
    assert "Potion:" in out and "Last: " in out
    assert "A game of Black-Handed Henry's Potion Party" not in out  # the log is not replayed
    data = json.loads(save.read_text())
    assert data["client"] == {"bots": {"1": "heuristic"}}


def test_the_seed_is_told_at_the_end_not_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, PP, "1\n" * 600)
    assert rc == 0
    head, tail = out[:300], out[out.index("Game over.") :]
    assert "seed" not in head.casefold()
    assert "This game's seed was 7" in tail


def test_potion_party_help_says_how_to_win_and_what_the_result_means(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rc, out, _ = run(monkeypatch, PP, "help\nquit\nyes\n")
    assert rc == 0
    assert "How to win: be the first whose recorded totals reach every ingredient" in out
    assert "The winner takes first place and everyone else shares second" in out
    assert "The score in the final result is the ingredients you collected" in out


def test_the_readme_says_how_to_run_athanor_from_the_virtual_environment() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    assert "source .venv/bin/activate" in readme and ".venv/bin/athanor" in readme


def test_the_end_of_the_game_is_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, [*DOM, "--bots", "big-money"], "1\n" * 3000)
    assert rc == 0 and "Game over." in out
    assert sum(1 for line in out.splitlines() if " win: " in line or " wins: " in line) == 1


def test_replay_refuses_an_oversized_name_before_any_work(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bad = tmp_path / "r.json"
    record = {
        "format": "athanor-replay",
        "version": 1,
        "game": "potion-party",
        "players": 2,
        "seed": 1,
        "options": {},
        "names": ["x" * 5_000_000, "b"],
        "choices": [],
    }
    bad.write_text(json.dumps(record))
    rc, out, err = run(monkeypatch, ["replay", str(bad)])
    assert rc == 2 and "too long" in err and len(err) < 300
    assert out == ""
