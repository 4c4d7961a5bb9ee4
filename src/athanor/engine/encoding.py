"""Fixed-size encodings of a game for learning code: actions and observations.

A game that offers an ``Encoding`` (``GameSpec.encoding``) can be played by the
learning environments in ``athanor.envs``. Two parts:

- an action vocabulary: every option id the game can ever offer with the given
  set-up, listed once from the game's data, so that action ``k`` always means
  the same option and a mask says which are legal now;
- an observation encoder: numbers read from ``view(seat)`` only (never the
  state), in named blocks whose layout is fixed for the set-up.

Plain Python (lists of floats); the environments turn them into arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


class Layout:
    """The named blocks of an observation, in order: (name, length, what it holds)."""

    def __init__(self, blocks: Iterable[tuple[str, int, str]]) -> None:
        self.blocks = tuple(blocks)
        self.start: dict[str, int] = {}
        at = 0
        for name, n, _ in self.blocks:
            if name in self.start:
                raise ValueError(f"the block {name!r} is listed twice")
            self.start[name] = at
            at += n
        self.size = at
        self.length = {name: n for name, n, _ in self.blocks}

    def new(self) -> list[float]:
        """A zeroed observation."""
        return [0.0] * self.size

    def put(self, obs: list[float], name: str, values: Sequence[float], at: int = 0) -> None:
        """Write values into a block, from position ``at`` inside it."""
        n = self.length[name]
        if at + len(values) > n:
            raise ValueError(f"{len(values)} values do not fit block {name!r} ({n}) at {at}")
        s = self.start[name] + at
        obs[s : s + len(values)] = [float(v) for v in values]

    def set(self, obs: list[float], name: str, index: int, value: float = 1.0) -> None:
        """Set one cell of a block (a one-hot or a count)."""
        if not 0 <= index < self.length[name]:
            raise ValueError(f"index {index} is outside block {name!r}")
        obs[self.start[name] + index] = float(value)


class Encoding:
    """A game's action vocabulary and observation encoder for one set-up.

    Subclasses fill ``actions`` (every option id, each once) and ``layout``, and write
    ``observe``; ``index`` maps an option id to its action number.
    """

    actions: tuple[str, ...]
    layout: Layout

    def __init__(self, actions: Iterable[str], layout: Layout) -> None:
        self.actions = tuple(dict.fromkeys(actions))
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.layout = layout

    @property
    def size(self) -> int:
        """Numbers in one observation."""
        return self.layout.size

    def observe(self, view: Any, seat: int) -> list[float]:
        """The observation of one seat, from that seat's view alone."""
        raise NotImplementedError


def rel(seat: int, viewer: int, players: int) -> int:
    """A seat counted from the viewer (0 is the viewer, 1 the next seat, ...)."""
    return (seat - viewer) % players


def scaled(x: float, top: float) -> float:
    """A count as a number from 0 to 1 (clipped at ``top``)."""
    return min(max(x / top, 0.0), 1.0) if top else 0.0
