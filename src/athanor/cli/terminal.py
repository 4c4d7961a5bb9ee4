"""Line-oriented input and output for the terminal client."""

from __future__ import annotations

import os
import re
from typing import TextIO

# How much of a question is said: its options listed every time, only what changed
# since the same question was last listed, or one line (the list on ?).
LEVELS = ("short", "changes", "full")
LEVEL_WORDS = {
    "short": "each question in one line; ? lists its options",
    "changes": "options listed the first time, then only what changed since",
    "full": "every option listed at every question",
}

MAX_LINE = 4096  # a longer typed line is cut here; no command or option is this long
_HANGING = re.compile(r"\s*(\d+\.\s+)?")  # a line's indent, and an option's number after it
_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """Plain lines out, one line in; colour only on a real terminal without NO_COLOR.

    On a real terminal long lines are wrapped at word boundaries to its width (an
    option's further lines indented under its words); piped output is never wrapped.
    ``inp`` may be None (standard input closed): every question then meets the end
    of input at once.
    """

    def __init__(self, inp: TextIO | None, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.tty = _isatty(out)
        self.colour = self.tty and not os.environ.get("NO_COLOR")

    def line(self, text: str = "") -> None:
        """Print one line (wrapped to a terminal's width)."""
        if self.tty:
            import shutil  # imported here: `athanor sim` never writes to a terminal's width

            text = wrap(text, shutil.get_terminal_size().columns - 1)
        self.out.write(text + "\n")
        self.out.flush()

    def strong(self, text: str) -> str:
        """Bold on a colour terminal; the words carry the meaning either way."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def ask(self, prompt: str) -> str | None:
        """Read one line, stripped; None at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        if self.inp is None:
            self.line()
            return None
        text = self.inp.readline(MAX_LINE)
        if not text:
            self.line()
            return None
        if not text.endswith("\n"):
            # An over-long line: drop the rest of it, so it is not read as more lines.
            while True:
                more = self.inp.readline(MAX_LINE)
                if not more or more.endswith("\n"):
                    break
        return text.strip()


def wrap(text: str, width: int) -> str:
    """``text`` broken at spaces into lines of at most ``width`` characters; later lines
    are indented as far as the first line's words begin. Colour codes have no spaces, so
    they stay whole (a bold line stays bold across the break)."""
    if width < 20:
        return text
    return "\n".join(_wrap_one(part, width) for part in text.split("\n"))


def _wrap_one(text: str, width: int) -> str:
    """One line of ``text`` wrapped."""
    plain = _ESCAPE.sub("", text)
    if len(plain) <= width:
        return text
    head = _HANGING.match(plain)
    indent = " " * (head.end() if head else 0)
    if len(indent) > width // 2:
        indent = ""
    import textwrap  # imported here: a light start-up for commands that never wrap

    return "\n".join(
        textwrap.wrap(
            text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
    )


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
