"""A small seeded random generator whose whole state is one integer.

The state lives inside each game state, so a game can be cloned, saved and
replayed exactly. The algorithm is SplitMix64: fast in pure Python, and the
same on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # below(n): the largest draw that keeps the result uniform


class Rng:
    """SplitMix64 generator with the helpers the games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = s = (self.state + _GAMMA) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        # Rejection sampling keeps the result exactly uniform. The limit for each n is
        # kept, and next64 is written out here: both are measurably cheaper.
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _MASK - (_MASK + 1) % n
            if len(_LIMITS) < 4096:
                _LIMITS[n] = limit
        s = self.state
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return z % n

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        """Return one element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """Return a generator in the same state."""
        return Rng(self.state)
