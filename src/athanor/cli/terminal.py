"""Line-oriented input and output for the terminal client."""

from __future__ import annotations

import os
from typing import TextIO

MAX_LINE = 4096  # a longer typed line is cut here; no command or option is this long


class Terminal:
    """Plain lines out, one line in; colour only on a real terminal without NO_COLOR.

    ``inp`` may be None (standard input closed): every question then meets the end
    of input at once.
    """

    def __init__(self, inp: TextIO | None, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.colour = _isatty(out) and not os.environ.get("NO_COLOR")

    def line(self, text: str = "") -> None:
        """Print one line."""
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


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
