"""A game at the terminal: people type, bots play, the table narrates.

Every line a person types gets an answer: an option's number, its name or the
start of it, a short key, or a command. Nothing typed can end the program with
a traceback, and leaving asks first unless the game is saved.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from typing import Any

from athanor.cli.matching import best, match, words
from athanor.cli.terminal import LEVEL_WORDS, LEVELS, Terminal
from athanor.engine import Decision, Event, GameState, IllegalMove
from athanor.engine.core import excerpt
from athanor.engine.text import list_words
from athanor.replay import undo

MAX_TYPED = 200  # characters; no option or command is longer

INLINE = 3  # a question with this many options or fewer is said whole, in one line
HINTS = 3  # how many times "? lists them" is said in a game before it is left out
GONE_NAMED = 3  # options no longer there are named up to this many, then counted

COMMANDS_HELP = (
    ("help", "these commands and a reminder of the rules"),
    ("status", "where the game stands"),
    ("log [N]", "the last N events (10 if you give no number)"),
    ("repeat", "the last event again (repeat question: the question again)"),
    ("? or options", "every option of the question, numbered"),
    ("verbosity [LEVEL]", "how questions are asked: short, changes or full"),
    ("card NAME", "a card's text, or a rule word's meaning"),
    ("brief / verbose", "hear less or all of the other players' turns"),
    ("undo", "take back your last choice, if nothing random or hidden came of it"),
    ("save [FILE]", "save the game (continue later with --load FILE)"),
    ("quit", "leave the game"),
)


class Table:
    """Runs one game at the terminal until it ends or the people leave."""

    def __init__(
        self,
        state: GameState,
        agents: Mapping[int, Any],
        term: Terminal,
        *,
        brief: bool = False,
        bot_args: Mapping[int, str] | None = None,
        save_path: str | None = None,
        loaded: bool = False,
        verbosity: str = "changes",
        kept: str | None = None,
    ) -> None:
        """``kept``, if given, is what leaving says when the caller keeps the game itself
        (a campaign saves the mission in progress): leaving then asks nothing."""
        self.state = state
        self.spec = state.spec
        self.agents = dict(agents)
        self.bot_args = dict(bot_args or {})
        self.term = term
        self.brief = brief
        self.humans = [s for s in range(state.players) if s not in self.agents]
        # One person reads the table as their own seat; several share the public view.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.seen = len(state.log or []) if loaded else 0
        self.last_line = ""
        self.save_path = save_path
        self.saved_moves: int | None = len(state.choices or []) if loaded else None
        if verbosity not in LEVELS:
            raise ValueError(f"no verbosity {verbosity!r}")
        self.verbosity = verbosity
        self.kept = kept
        # The options last listed for each kind of question, to tell only what changed.
        self.listed: dict[str, tuple[tuple[str, str], ...]] = {}
        self.hints = 0

    # -- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends (0), the people leave (0) or input ends (1)."""
        while True:
            state = self.state  # a fresh object after an undo
            self.flush()
            d = state.decision
            if d is None:
                self.game_over()
                return 0
            agent = self.agents.get(d.seat)
            if agent is not None:
                state.apply(agent.choose(state, d))
                continue
            self.show(d)
            outcome = self.read_move(d)
            if outcome is not None:
                return outcome

    def flush(self) -> None:
        """Print the events not yet told, as this table's reader hears them."""
        log = self.state.log
        if log is None:
            return
        for event in log[self.seen :]:
            if self.hears(event):
                text = event.render(self.viewer)
                self.term.line(text)
                self.last_line = text
        self.seen = len(log)

    def hears(self, event: Event) -> bool:
        """Brief narration leaves out minor events, unless they are about the reader."""
        if not self.brief or event.kind not in self.spec.minor_events:
            return True
        return self.viewer is not None and any(s == self.viewer for s, _ in event.private)

    def question(self, d: Decision) -> str:
        """The question's words, with whose question it is when several people share."""
        prompt = d.prompt
        if self.viewer is None:  # several people at one keyboard: say whose question it is
            prompt = f"{self.state.names[d.seat]}: {prompt}"
        end = "" if prompt.endswith(("?", ":", ".")) or "?" in prompt else ":"
        return prompt + end

    def show(self, d: Decision, level: str | None = None) -> None:
        """The question, and its options as the verbosity asks."""
        level = level or self.verbosity
        if self.spec.offer is not None and level != "list":
            line = self.spec.offer(self.state.view(d.seat), d)
            if line is not None:
                self.term.line(self.term.strong(self.question_only(d, line)))
                return
        prompt = self.question(d)
        options = [(o.id, o.label) for o in d.options]
        kind = question_kind(d.prompt)
        before = self.listed.get(kind)
        if level == "list" or level == "full" or (level == "changes" and before is None):
            self.term.line(self.term.strong(prompt))
            for i, o in enumerate(d.options, 1):
                self.term.line(f"  {i}. {o.label}")
            self.listed[kind] = tuple(options)
            return
        if len(options) <= INLINE:
            listed = "; ".join(f"{i}. {label}" for i, (_, label) in enumerate(options, 1))
            self.term.line(self.term.strong(prompt) + " " + listed + ".")
            self.listed[kind] = tuple(options)
            return
        if level == "short":
            self.term.line(self.term.strong(prompt) + " " + self.count_line(d))
            return
        assert before is not None
        if tuple(options) == before:
            self.term.line(
                self.term.strong(prompt)
                + f" The same {len(options)} options as before"
                + self.hint("; ? lists them.")
            )
            return
        old = set(before)
        new = [(i, label) for i, (oid, label) in enumerate(options, 1) if (oid, label) not in old]
        now_ids = {oid for oid, _ in options}
        now_labels = {label for _, label in options}
        gone = short_names(
            [label for oid, label in before if oid not in now_ids and label not in now_labels]
        )
        rest = len(options) - len(new)
        tail = []
        if len(gone) > GONE_NAMED:
            tail.append(f"{len(gone)} options gone.")
        elif gone:
            tail.append(f"No longer: {list_words(gone)}.")
        if not new:  # nothing to list: one line
            tail.append(f"The other {rest} as before" + self.hint("; ? lists them."))
            self.term.line(self.term.strong(prompt) + " " + " ".join(tail))
            self.listed[kind] = tuple(options)
            return
        self.term.line(self.term.strong(prompt))
        for i, label in new:
            self.term.line(f"  {i}. {label}")
        if rest:
            tail.append(f"{rest} more as before" + self.hint(f"; ? lists all {len(options)}."))
        if tail:
            self.term.line("  " + " ".join(tail))
        self.listed[kind] = tuple(options)

    def question_only(self, d: Decision, line: str) -> str:
        """An offer's line, with whose question it is when several people share."""
        return f"{self.state.names[d.seat]}: {line}" if self.viewer is None else line

    def count_line(self, d: Decision) -> str:
        """How many options there are, the short keys that answer, and how to list them."""
        ids = set(d.ids)
        keys: dict[str, str] = {}
        for key, option_id in self.spec.shortcuts.items():
            if option_id in ids and option_id not in keys:
                keys[option_id] = key
        labels = {o.id: o.label for o in d.options}
        said = "; ".join(f"{k} to {labels[i][:1].lower()}{labels[i][1:]}" for i, k in keys.items())
        return (
            f"{len(d.options)} options"
            + (f" ({said})" if said else "")
            + self.hint("; ? lists them.")
        )

    def hint(self, words: str) -> str:
        """How to hear the whole list, said the first few times only (then a full stop)."""
        self.hints += 1
        return words if self.hints <= HINTS else "."

    def read_move(self, d: Decision) -> int | None:
        """Answer typed lines until one is a move (then None) or the person leaves."""
        while True:
            answer = self.term.ask("> ")
            if answer is None:
                if self.kept is not None:
                    said = self.kept
                elif self.is_saved():
                    said = "The game is saved."
                else:
                    said = "The game was not saved since the last move."
                self.term.line(f"Input ended before the game did. {said}")
                return 1
            if not answer:
                self.show(d)  # an empty line repeats the question
                continue
            if len(answer) > MAX_TYPED:
                self.term.line(f"That line is too long; type at most {MAX_TYPED} characters.")
                continue
            outcome = self.answer(d, answer)
            if outcome == "moved":
                return None
            if outcome == "quit":
                return 0

    def answer(self, d: Decision, text: str) -> str:
        """Act on one typed line: "moved", "quit" or "" (asked again)."""
        word, _, rest = text.partition(" ")
        low = word.casefold()
        rest = rest.strip()
        if low.isdecimal() and not rest:
            n = int(low) if low.isascii() and len(low) <= 6 else 0
            if 1 <= n <= len(d.options):
                self.state.apply(d.options[n - 1].id)
                return "moved"
            shown = word if len(word) <= 12 else word[:9] + "..."
            self.term.line(f"There is no option {shown}; choose 1 to {len(d.options)}.")
            return ""
        command = self.commands().get(low)
        if command is not None:
            return command(d, rest)
        found = match(text, d.options, self.spec.shortcuts)
        if found.option is not None:
            self.state.apply(found.option.id)
            return "moved"
        if found.candidates:
            names = [f"{d.options.index(o) + 1}. {o.label}" for o in found.candidates[:6]]
            self.term.line(
                f"{excerpt(text)} could mean more than one option: "
                + "; ".join(names)
                + ". Type more of the name, or the number."
            )
            return ""
        self.term.line(
            f"I did not understand {excerpt(text)}. Type a number from 1 to "
            f"{len(d.options)}, an option's name, or help."
        )
        return ""

    # -- commands ------------------------------------------------------------------

    def commands(self) -> dict[str, Callable[[Decision, str], str]]:
        """Command words and what each does."""
        table: dict[str, Callable[[Decision, str], str]] = {
            "help": self.cmd_help,
            "status": self.cmd_status,
            "log": self.cmd_log,
            "repeat": self.cmd_repeat,
            "question": self.cmd_question,
            "options": self.cmd_options,
            "o": self.cmd_options,
            "?": self.cmd_options,
            "verbosity": self.cmd_verbosity,
            "card": self.cmd_card,
            "brief": self.cmd_brief,
            "verbose": self.cmd_verbose,
            "undo": self.cmd_undo,
            "save": self.cmd_save,
            "quit": self.cmd_quit,
            "exit": self.cmd_quit,
        }
        for name in self.spec.commands:
            table[name] = game_command(self, name)
        return table

    def seat_for_commands(self, d: Decision) -> int:
        """Whose eyes the commands use: the one person, or the one being asked."""
        return self.viewer if self.viewer is not None else d.seat

    def cmd_help(self, d: Decision, rest: str) -> str:
        say = self.term.line
        say("Type the number of an option, or its name, or the first letters of its words.")
        say("Other commands:")
        for name, what in COMMANDS_HELP:
            say(f"  {name}: {what}")
        for name, (what, _) in self.spec.commands.items():
            say(f"  {name}: {what}")
        if self.spec.shortcuts:
            keys: dict[str, list[str]] = {}
            for key, option_id in self.spec.shortcuts.items():
                keys.setdefault(option_id, []).append(key)
            say(
                "Short keys: "
                + "; ".join(f"{' or '.join(k)} for {i}" for i, k in keys.items())
                + "."
            )
        if self.spec.help:
            say(self.spec.help)
        if self.spec.help_now is not None:  # the rules in force now (a mission's special rule)
            say(self.spec.help_now(self.state.view(self.seat_for_commands(d))))
        return ""

    def cmd_status(self, d: Decision, rest: str) -> str:
        seat = self.seat_for_commands(d)
        view = self.state.view(seat)
        status = self.spec.status
        self.term.line(status(view, seat) if status else json.dumps(view, indent=1))
        return ""

    def cmd_log(self, d: Decision, rest: str) -> str:
        n = 10
        if rest:
            if not (rest.isascii() and rest.isdecimal() and len(rest) <= 6):
                self.term.line("Say how many events: log 20.")
                return ""
            n = int(rest)
        events = [e for e in self.state.log or [] if self.hears(e)]
        for e in events[-n:] if n else []:
            self.term.line(e.render(self.viewer))
        if not events:
            self.term.line("Nothing has happened yet.")
        return ""

    def cmd_repeat(self, d: Decision, rest: str) -> str:
        if rest and "question".startswith(rest.casefold()):
            return self.cmd_question(d, "")
        self.term.line(self.last_line or "Nothing has happened yet.")
        return ""

    def cmd_question(self, d: Decision, rest: str) -> str:
        self.term.line(self.question(d) + " " + self.count_line(d))
        return ""

    def cmd_options(self, d: Decision, rest: str) -> str:
        self.show(d, "list")
        return ""

    def cmd_verbosity(self, d: Decision, rest: str) -> str:
        level = rest.casefold()
        if not level:
            self.term.line(
                f"Verbosity {self.verbosity}: {LEVEL_WORDS[self.verbosity]}. Others: "
                + "; ".join(f"{n}, {w}" for n, w in LEVEL_WORDS.items() if n != self.verbosity)
                + ". Say verbosity and a level."
            )
            return ""
        found = [n for n in LEVELS if n.startswith(level)]
        if len(found) != 1:
            self.term.line(f"There is no verbosity {excerpt(rest)}; say short, changes or full.")
            return ""
        self.verbosity = found[0]
        self.term.line(f"Verbosity {found[0]}: {LEVEL_WORDS[found[0]]}.")
        return ""

    def cmd_card(self, d: Decision, rest: str) -> str:
        cards = dict(self.spec.cards() if self.spec.cards else {})
        terms = dict(self.spec.terms)
        if not cards and not terms:
            self.term.line(f"{self.spec.title} has no cards to read.")
            return ""
        if not rest:
            parts = []
            if cards:
                parts.append("The cards: " + ", ".join(cards) + ".")
            if terms:
                parts.append("Rule words: " + ", ".join(terms) + ".")
            self.term.line("Say which card or word: card NAME. " + " ".join(parts))
            return ""
        known = {**terms, **cards}
        found = best(words(rest), [(n, [words(n)]) for n in known])
        if len(found) == 1:
            self.term.line(f"{found[0]}: {known[found[0]]}")
        elif found:
            self.term.line(f"{excerpt(rest)} could be {list_words(found[:8])}; say more.")
        else:
            what = "card or rule word" if terms else "card"
            self.term.line(f"There is no {what} called {excerpt(rest)}.")
        return ""

    def cmd_brief(self, d: Decision, rest: str) -> str:
        self.brief = True
        self.term.line("Brief: you will hear less of the other players' turns (verbose for all).")
        return ""

    def cmd_verbose(self, d: Decision, rest: str) -> str:
        self.brief = False
        self.term.line("Verbose: you will hear everything (brief for less).")
        return ""

    def cmd_undo(self, d: Decision, rest: str) -> str:
        state = self.state
        choices = state.choices or []
        try:
            earlier = undo(state, d.seat)
        except IllegalMove as exc:
            self.term.line(f"You cannot take that back: {exc}.")
            return ""
        earlier_d = earlier.decision
        assert earlier_d is not None
        label = next((o.label for o in earlier_d.options if o.id == choices[-1]), choices[-1])
        self.state = earlier
        self.seen = len(earlier.log or [])
        self.term.line(f"Taken back: {label}.")
        return "moved"  # the question is asked again, from the earlier state

    def cmd_save(self, d: Decision, rest: str) -> str:
        path = rest or self.save_path
        if not path:
            self.term.line("Say where to save: save FILE")
            return ""
        self.save(path)
        return ""

    def cmd_quit(self, d: Decision, rest: str) -> str:
        if self.kept is not None:
            self.term.line(f"Goodbye. {self.kept}")
            return "quit"
        if self.is_saved():
            self.term.line(f"Goodbye. Your game is saved in {self.save_path}.")
            return "quit"
        answer = self.term.ask(
            "Leave without saving? The moves since the last save will be lost. "
            "Type yes to leave, anything else to go on: "
        )
        if answer is None or answer.casefold() in ("y", "yes"):
            self.term.line("Goodbye. The game was not saved.")
            return "quit"
        self.term.line("Then we go on.")
        self.show(d)
        return ""

    # -- saving and the end --------------------------------------------------------

    def is_saved(self) -> bool:
        """Whether the game has been saved (or loaded) since the last move."""
        return self.saved_moves is not None and self.saved_moves == len(self.state.choices or [])

    def save(self, path: str) -> None:
        """Write the game (and who the bots are) to a file, all or nothing."""
        path = os.path.expanduser(path)
        data = self.state.to_data()
        data["client"] = {"bots": {str(s): arg for s, arg in self.bot_args.items()}}
        folder = os.path.dirname(os.path.abspath(path))
        try:
            fd, tmp = tempfile.mkstemp(prefix=".athanor-", dir=folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(data, fh)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError as exc:
            self.term.line(f"Could not save to {path}: {exc.strerror or exc}. Nothing was saved.")
            return
        self.save_path = path
        self.saved_moves = len(self.state.choices or [])
        self.term.line(
            f"Saved to {path}. Continue with: athanor play {self.spec.name} --load {path}"
        )

    def game_over(self) -> None:
        """The final standings, each person as "you", and the seed for a replay."""
        state = self.state
        say = self.term.line
        say(self.term.strong("Game over."))
        for line in state.standings(self.viewer):
            say(line)
        say(f"This game's seed was {state.seed} (the same seed and moves replay it exactly).")

    def summary(self) -> None:
        """Where a loaded game stands, in a few lines instead of its whole log."""
        state = self.state
        d = state.decision
        seat = self.viewer if self.viewer is not None else (d.seat if d else None)
        if self.spec.status is not None:
            self.term.line(self.spec.status(state.view(seat), seat))
        log = state.log or []
        if log:
            self.last_line = log[-1].render(self.viewer)
            self.term.line(f"Last: {self.last_line}")


_DIGITS = re.compile(r"\d+")
_DETAIL = re.compile(r"\s*\([^)]*\)|:.*$")


def short_names(labels: list[str]) -> list[str]:
    """Labels said short, for options no longer there: details in brackets or after a
    colon left out, and a first word they all share said once ("Buy Gold, Duchy")."""
    names = [_DETAIL.sub("", label).strip() or label for label in labels]
    firsts = {n.split(" ", 1)[0] for n in names}
    if len(names) > 1 and len(firsts) == 1 and all(" " in n for n in names):
        return [names[0]] + [n.split(" ", 1)[1] for n in names[1:]]
    return names


def question_kind(prompt: str) -> str:
    """Which kind of question a prompt asks: its words before any detail, numbers left out
    ("Buy a card (6 coins...)" and "Buy a card (3 coins...)" are one kind)."""
    head = re.split(r"[(:]", prompt, maxsplit=1)[0]
    return _DIGITS.sub("#", head).strip().casefold()


def game_command(table: Table, name: str) -> Callable[[Decision, str], str]:
    """A game's own command (hand, supply...) run with this table's eyes."""
    what = table.spec.commands[name][1]

    def run(d: Decision, rest: str) -> str:
        seat = table.seat_for_commands(d)
        table.term.line(what(table.state.view(seat), seat))
        return ""

    return run
