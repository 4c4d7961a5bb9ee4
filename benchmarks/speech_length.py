"""How long the terminal talks per own turn, for each game and verbosity.

Run:  python benchmarks/speech_length.py [--games N] [--seed S] [--markdown]

Seat 0 is "the person": the game's default bot chooses for it, and its choice is typed
into the terminal table as a number, so everything is printed as a person would hear it.
The other seats are the game's default bot. An own turn is a run of the person's
questions with nobody else choosing in between (a Dominion turn, a Crucible reaction, a
Potion Party or Potion-Making turn). Two figures for each: the own turn itself, from its
first question to the person's last answer (the questions and what the person's choices
made happen), and the whole stretch since the person's previous turn (the others' turns
included). Words are counted as a screen reader says them; seconds are at 175 words a
minute (espeak-ng's default rate).

The settings: each verbosity of questions (full, changes, short) with all of the other
players' turns told, and with brief narration of others' turns. Run against an older
checkout (where the table has no verbosity) the "full" row is that version's only way of
talking.
"""

from __future__ import annotations

import argparse
import inspect
import io
import re
import statistics
import sys
import time
from typing import Any

import athanor
from _args import positive  # benchmarks/_args.py (run from this folder)
from athanor import catalog
from athanor.cli.table import Table
from athanor.cli.terminal import Terminal

GAMES = {  # game: (players, options)
    "dominion": (2, {}),
    "crucible": (4, {"mission": 5}),
    "potion-party": (3, {}),
    "potion-making": (2, {}),
}
SETTINGS = (  # name: (verbosity, brief)
    ("full", "full", False),
    ("changes", "changes", False),
    ("changes, brief", "changes", True),
    ("short", "short", False),
    ("short, brief", "short", True),
    ("full, brief", "full", True),
)
WORDS_A_MINUTE = 175
_WORD = re.compile(r"[^\W_]+(?:['.][^\W_]+)*")


class Person(Terminal):
    """A terminal whose typist is a bot: it answers each question with the number of
    the option the bot chooses, and cuts what is printed into own turns."""

    def __init__(self, bot: Any) -> None:
        self.buffer = io.StringIO()
        super().__init__(None, self.buffer)
        self.bot = bot
        self.table: Table | None = None
        self.turns: list[str] = []  # the text of each finished stretch, others' turns too
        self.own: list[str] = []  # the text of each finished own turn
        self.last_choices = -2
        self.start = 0  # where the stretch being told began in the buffer
        self.first_question = 0  # where the own turn's first question began
        self.asked = 0  # where the question being shown began

    def ask(self, prompt: str) -> str | None:
        assert self.table is not None
        state = self.table.state
        d = state.decision
        if d is None:  # not a move: leaving asks yes or no
            return "yes"
        made = len(state.choices or [])
        if made != self.last_choices + 1:
            if self.last_choices >= 0:
                # Someone else chose since the person's last answer: that turn is over.
                text = self.buffer.getvalue()
                self.turns.append(text[self.start : self.end])
                self.own.append(text[self.first_question : self.end])
                self.start = self.end
            self.first_question = self.asked
        self.last_choices = made
        option = self.bot.choose(state, d)
        self.end = len(self.buffer.getvalue())
        return str(d.ids.index(option) + 1)


def measure(
    game: str, verbosity: str, brief: bool, games: int, seed: int
) -> tuple[list[str], list[str]]:
    """Every own turn's text, and every stretch's, over ``games`` seeded games."""
    players, options = GAMES[game]
    spec = catalog.spec(game)
    turns: list[str] = []
    own: list[str] = []
    takes_verbosity = "verbosity" in inspect.signature(Table).parameters
    for g in range(games):
        state = athanor.new_game(game, players, seed + g, dict(options))
        person = Person(catalog.bot(game, spec.default_bot, seed + g))
        agents = {
            s: catalog.bot(game, spec.default_bot, seed + g + 7919 * s) for s in range(1, players)
        }
        extra: dict[str, Any] = {"verbosity": verbosity} if takes_verbosity else {}
        table = Table(state, agents, person, brief=brief, **extra)
        person.table = table
        person.end = 0
        show = table.show

        def marked(*args: Any, person: Person = person, show: Any = show) -> None:
            person.asked = len(person.buffer.getvalue())
            show(*args)

        table.show = marked  # type: ignore[method-assign]
        table.run()
        turns.extend(person.turns)
        own.extend(person.own)
    return own, turns


def figures(turns: list[str]) -> tuple[float, float, float]:
    """Mean lines, words and seconds of speech per own turn."""
    lines = [t.count("\n") for t in turns]
    words = [len(_WORD.findall(t)) for t in turns]
    w = statistics.fmean(words)
    return statistics.fmean(lines), w, w * 60 / WORDS_A_MINUTE


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=positive, default=5, help="games per game and setting")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    chosen = args.game or list(GAMES)
    if args.markdown:
        print(
            "| Game | Verbosity | Own turns | Own turn: lines | words | seconds "
            "| With others' turns: lines | words | seconds |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for game in chosen:
        for name, verbosity, brief in SETTINGS:
            started = time.perf_counter()
            own, turns = measure(game, verbosity, brief, args.games, args.seed)
            a = figures(own)
            b = figures(turns)
            if args.markdown:
                cells = [game, name, len(own)]
                cells += [f"{a[0]:.1f}", f"{a[1]:.0f}", f"{a[2]:.0f}"]
                cells += [f"{b[0]:.1f}", f"{b[1]:.0f}", f"{b[2]:.0f}"]
                print("| " + " | ".join(str(c) for c in cells) + " |")
            else:
                print(
                    f"{game:14} {name:15} {len(own):4} turns; own turn {a[0]:5.1f} lines "
                    f"{a[1]:4.0f} words {a[2]:4.0f} s; with others' {b[0]:5.1f} lines "
                    f"{b[1]:4.0f} words {b[2]:4.0f} s  ({time.perf_counter() - started:.1f} s)"
                )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
