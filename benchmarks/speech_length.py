"""How long the terminal talks per own turn, for each game and verbosity.

Run:  python benchmarks/speech_length.py [--games N] [--seed S] [--markdown]

Seat 0 is "the person": the game's default bot chooses for it, and its choice is typed
into the terminal table as a number, so everything is printed as a person would hear it.
The other seats are the game's default bot. An own turn is a run of the person's
questions with nobody else choosing in between (a Dominion turn, a Crucible reaction, a
Potion Party or Potion-Making turn); its cost is everything printed since the person's
previous turn (the others' turns included) up to the person's last answer in it. Words
are counted as a screen reader says them; seconds are at 175 words a minute (espeak-ng's
default rate).

The settings: each verbosity of questions (full, changes, short) with all of the other
players' turns told, and short with brief narration of others' turns. Run against an
older checkout (where the table has no verbosity) the "full" row is that version's only
way of talking.
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
        self.turns: list[str] = []  # the text of each finished own turn
        self.last_choices = -2
        self.start = 0  # where the turn being told began in the buffer

    def ask(self, prompt: str) -> str | None:
        assert self.table is not None
        state = self.table.state
        d = state.decision
        if d is None:  # not a move: leaving asks yes or no
            return "yes"
        made = len(state.choices or [])
        if made != self.last_choices + 1 and self.last_choices >= 0:
            # Someone else chose since the person's last answer: that turn is over.
            self.turns.append(self.buffer.getvalue()[self.start : self.end])
            self.start = self.end
        self.last_choices = made
        option = self.bot.choose(state, d)
        self.end = len(self.buffer.getvalue())
        return str(d.ids.index(option) + 1)


def measure(game: str, verbosity: str, brief: bool, games: int, seed: int) -> list[str]:
    """Every own turn's text over ``games`` seeded games."""
    players, options = GAMES[game]
    spec = catalog.spec(game)
    turns: list[str] = []
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
        table.run()
        turns.extend(person.turns)
    return turns


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
        print("| Game | Verbosity | Own turns | Lines a turn | Words a turn | Seconds a turn |")
        print("|---|---|---:|---:|---:|---:|")
    for game in chosen:
        for name, verbosity, brief in SETTINGS:
            started = time.perf_counter()
            turns = measure(game, verbosity, brief, args.games, args.seed)
            lines, words, seconds = figures(turns)
            if args.markdown:
                cells = [game, name, len(turns), f"{lines:.1f}", f"{words:.0f}", f"{seconds:.0f}"]
                print("| " + " | ".join(str(c) for c in cells) + " |")
            else:
                print(
                    f"{game:14} {name:13} {len(turns):5} turns  {lines:6.1f} lines  "
                    f"{words:6.0f} words  {seconds:5.0f} s a turn  "
                    f"({time.perf_counter() - started:.1f} s to measure)"
                )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
