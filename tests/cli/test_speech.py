"""How much the terminal says: verbosity of questions, the list on ?, the question
repeated, rule words, wrapping to the terminal, a hot-seat game said to be one."""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest

import athanor
from athanor.cli.table import Table, question_kind
from athanor.cli.terminal import Terminal, wrap
from tests.cli.test_terminal_user import DOM, run

OPTION = re.compile(r"^  \d+\. ", re.M)


def turns(out: str) -> list[str]:
    """The text of each of the person's buy questions, from its prompt to the next '> '."""
    return [part for part in out.split("> ") if "Buy a card" in part]


def test_short_says_a_question_in_one_line_and_question_mark_lists_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rc, out, _ = run(monkeypatch, [*DOM, "--verbosity", "short"], "?\nquit\nyes\n")
    assert rc == 0
    first, listed = out.split("> ")[:2]
    question = [line for line in first.splitlines() if "Buy a card" in line]
    assert len(question) == 1
    assert re.search(
        r"Buy a card .*: 15 options \(e to end your turn; t to play all your Treasures\)",
        question[0],
    )
    assert question[0].endswith("? lists them.")
    assert not OPTION.search(first)
    assert len(OPTION.findall(listed)) == 15  # ? lists every option, numbered
    assert "  6. Buy Silver (3 coins)" in listed


def test_at_short_a_number_or_a_name_still_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(monkeypatch, [*DOM, "--verbosity", "short"], "6\nquit\nyes\n")
    assert "You buy a Silver." in out
    _, out, _ = run(monkeypatch, [*DOM, "--verbosity", "short"], "smithy\nquit\nyes\n")
    assert "You buy a Smithy." in out


def test_full_lists_every_option_at_every_question(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(monkeypatch, [*DOM, "--verbosity", "full"], "e\n" * 4 + "quit\nyes\n")
    asked = turns(out)
    assert len(asked) >= 4
    for part in asked[:4]:
        assert len(OPTION.findall(part)) >= 10
        assert "  1. End your turn" in part


def test_changes_lists_once_then_only_what_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The seed's first buys are at 4, 3, 3 and 4 coins.
    _, out, _ = run(monkeypatch, DOM, "e\n" * 4 + "quit\nyes\n")
    asked = turns(out)
    assert len(OPTION.findall(asked[0])) == 15  # the first time: the whole list
    second = asked[1]  # 3 coins: three buys are gone, nothing is new, one line
    assert not OPTION.search(second)
    assert re.search(
        r"Buy a card .*: No longer: Buy Militia, Remodel and Smithy\. "
        r"The other 12 as before; \? lists them\.",
        second,
    )
    assert "The same 12 options as before; ? lists them." in asked[2]
    fourth = asked[3]  # 4 coins again: only the three new buys, with their real numbers
    assert OPTION.findall(fourth) == ["  3. ", "  4. ", "  5. "]
    assert "  3. Buy Militia (4 coins)" in fourth and "Buy Silver" not in fourth
    assert "12 more as before; ? lists all 15." in fourth


def test_the_default_is_changes_and_the_command_switches(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(
        monkeypatch,
        DOM,
        "verbosity\nverbosity sh\ne\nverbosity loud\nverbosity full\nquit\nyes\n",
    )
    assert "Verbosity changes: options listed the first time" in out
    assert "Verbosity short: each question in one line" in out
    assert "There is no verbosity 'loud'; say short, changes or full." in out
    assert "Verbosity full: every option listed" in out


def test_a_bad_verbosity_at_the_start_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit) as stop:
        run(monkeypatch, [*DOM, "--verbosity", "loud"])
    assert stop.value.code == 2


def test_repeat_question_says_the_question_again(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(monkeypatch, DOM, "repeat\nrepeat question\nquestion\nquit\nyes\n")
    parts = out.split("> ")
    assert parts[1].startswith("Turn 2: your")  # repeat: the last event
    for part in parts[2:4]:
        assert re.match(r"Buy a card .*: 15 options .*\? lists them\.", part)


def test_questions_of_one_kind_share_a_kind() -> None:
    assert question_kind("Buy a card (your Treasures make 6 coins; 1 Buy):") == question_kind(
        "Buy a card (your Treasures make 3 coins; 2 Buys):"
    )
    assert question_kind("You lead reaction 1: Catalyze?") == question_kind(
        "You lead reaction 12: Catalyze?"
    )
    assert question_kind("Play an Action card") != question_kind("Buy a card")


def _table(game: str, out: io.StringIO, **spec_changes: Any) -> Table:
    """A table whose game spec has the changes (the game's own spec is left as it was)."""
    state = athanor.new_game(game, 2, 5)
    table = Table(state, {1: athanor.catalog.bot(game, "random", 1)}, Terminal(None, out))
    real = state.spec
    table.spec = dataclasses.replace(real, **spec_changes)
    type(state).spec = real  # making a spec registers it with its state class
    return table


def test_card_knows_the_games_rule_words() -> None:
    out = io.StringIO()
    table = _table(
        "dominion", out, terms={"Supply": "The piles of cards on the table you may buy from."}
    )
    d = table.state.decision
    assert d is not None
    table.answer(d, "card supply")
    table.answer(d, "card")
    table.answer(d, "card zzz")
    said = out.getvalue()
    assert "Supply: The piles of cards on the table you may buy from." in said
    assert "Rule words: Supply." in said
    assert "There is no card or rule word called 'zzz'." in said


def test_an_offer_is_one_line_at_every_level_and_listed_on_request() -> None:
    out = io.StringIO()
    table = _table("dominion", out, offer=lambda view, d: "Buy something, or e to end.")
    d = table.state.decision
    assert d is not None
    for level in ("short", "changes", "full"):
        table.verbosity = level
        table.show(d)
    assert out.getvalue().splitlines() == ["Buy something, or e to end."] * 3
    table.answer(d, "?")
    assert len(OPTION.findall(out.getvalue())) == len(d.options)


class _Screen(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_long_lines_wrap_to_a_terminal_at_word_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "41")
    monkeypatch.setenv("NO_COLOR", "1")
    screen = _Screen()
    term = Terminal(None, screen)
    text = "Kingdom: Cellar (2 coins), Moat (2 coins), Harbinger (3 coins), Gardens (4 coins)."
    term.line(text)
    term.line("  12. Buy Harbinger (3 coins), a card that looks back at your discard pile")
    lines = screen.getvalue().splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert " ".join(lines[:3]) == text  # broken only between words
    assert lines[3].startswith("  12. Buy") and lines[4].startswith("      ")
    assert wrap("short", 40) == "short"


def test_piped_output_is_never_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "41")
    _, out, _ = run(monkeypatch, DOM, "quit\nyes\n")
    assert any(len(line) > 100 for line in out.splitlines())


def test_a_game_without_bots_says_it_is_for_people_at_one_keyboard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, out, _ = run(monkeypatch, ["play", "potion-party", "--seed", "1"], "quit\nyes\n")
    assert "No bots: 2 people take turns at this keyboard" in out
    assert "--bots 1" in out
    _, out, _ = run(monkeypatch, DOM, "quit\nyes\n")
    assert "people take turns" not in out


def test_how_to_list_is_said_the_first_few_times_only(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(monkeypatch, [*DOM, "--verbosity", "short"], "e\n" * 6 + "quit\nyes\n")
    asked = [line for line in out.splitlines() if "Buy a card" in line]
    assert len(asked) >= 6
    assert all(line.endswith("; ? lists them.") for line in asked[:3])
    assert not any("? lists" in line for line in asked[3:])
    assert all(
        line.endswith("options (e to end your turn; t to play all your Treasures).")
        for line in asked[3:]
    )


def test_many_options_gone_are_counted_not_named() -> None:
    out = io.StringIO()
    table = _table("dominion", out)
    d = table.state.decision
    assert d is not None
    kind = question_kind(d.prompt)
    extra = tuple((f"gone{i}", f"Buy Gone {i} (9 coins)") for i in range(5))
    table.listed[kind] = tuple((o.id, o.label) for o in d.options) + extra
    table.show(d)
    assert "5 options gone. The other" in out.getvalue()
    table.listed[kind] = tuple((o.id, o.label) for o in d.options) + extra[:2]
    table.show(d)
    assert "No longer: Buy Gone 0 and Gone 1. The other" in out.getvalue()
