"""A small seeded random generator whose whole state is one integer.

The state lives inside each game state, so a game can be cloned, saved and
replayed exactly. The algorithm is SplitMix64: fast in pure Python, and the
same on every platform and Python version.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # below(n): the largest draw that keeps the result uniform
# below_many(n, k), per k: the k draws side by side in one integer, 128 bits apart (see there).
_LANES: dict[int, tuple[int, int, int, Callable[[bytes], tuple[int, ...]], int, int]] = {}


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

    def below_many(self, n: int, k: int) -> list[int]:
        """Return k uniform integers in [0, n): the same numbers, and the same state after,
        as k calls of ``below(n)``, but made together, which costs about half as much."""
        return [z % n for z in self.draws_below(n, k)]

    def draws_below(self, n: int, k: int) -> tuple[int, ...]:
        """Make k draws for ``below(n)`` at once and return them as drawn: 64-bit numbers
        whose remainders by n are the numbers k calls of ``below(n)`` would return (the
        state moves on as theirs would). For callers that want the remainders in some
        other shape than a list.

        The k states the calls would mix are laid side by side in one integer, 128 bits
        apart, so that each step of the mix (shifts, masks, and products of two 64-bit
        numbers, which need 128 bits) works on all of them at once without one spilling
        into the next. A draw that ``below`` would reject (about one in 2**62) sends the
        whole batch back to ``below`` one at a time, so the numbers always agree."""
        # Written out rather than through ``_lanes``: Potion Party rolls its dice here.
        lanes = _LANES.get(k)
        if lanes is None:
            if k < 1:
                return ()
            lanes = _make_lanes(k)
        ones, steps, mask, unpack, size, advance = lanes
        s = self.state
        z = (s * ones + steps) & mask
        z = (z ^ (z >> 30)) & mask
        z = (z * 0xBF58476D1CE4E5B9) & mask
        z = (z ^ (z >> 27)) & mask
        z = (z * 0x94D049BB133111EB) & mask
        z ^= z >> 31  # bits shifted in from the next lane land above each lane's low 64
        drawn: tuple[int, ...] = unpack(z.to_bytes(size, "little"))
        limit = _LIMITS.get(n)
        if limit is None or max(drawn) > limit:
            return tuple([self.below(n) for _ in range(k)])  # also makes and keeps the limit
        self.state = (s + advance) & _MASK
        return drawn

    def below_each(self, bounds: Sequence[int]) -> list[int]:
        """Return ``below(n)`` for each n of ``bounds`` in turn: the same numbers, and the
        same state after, as those calls, but made together (as ``draws_below`` makes
        them; a draw some call would reject sends the whole batch back to the calls)."""
        k = len(bounds)
        drawn = self._lanes(k)
        limits = _LIMITS
        for z, n in zip(drawn, bounds, strict=True):
            limit = limits.get(n)
            if limit is None or z > limit:
                return [self.below(n) for n in bounds]  # also makes and keeps the limits
        self.state = (self.state + k * _GAMMA) & _MASK
        return [z % n for z, n in zip(drawn, bounds, strict=True)]

    def _lanes(self, k: int) -> tuple[int, ...]:
        """The next k 64-bit draws, made side by side (see ``draws_below``); the state is
        left where it was, for the caller to move on once it keeps them."""
        lanes = _LANES.get(k)
        if lanes is None:
            if k < 1:
                return ()
            lanes = _make_lanes(k)
        ones, steps, mask, unpack, size, _ = lanes
        z = (self.state * ones + steps) & mask
        z = (z ^ (z >> 30)) & mask
        z = (z * 0xBF58476D1CE4E5B9) & mask
        z = (z ^ (z >> 27)) & mask
        z = (z * 0x94D049BB133111EB) & mask
        z ^= z >> 31  # bits shifted in from the next lane land above each lane's low 64
        drawn: tuple[int, ...] = unpack(z.to_bytes(size, "little"))
        return drawn

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


def _make_lanes(k: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]], int, int]:
    """What k draws side by side need (see ``Rng.draws_below``), kept for the next time."""
    ones = sum(1 << (128 * i) for i in range(k))
    steps = sum(((i + 1) * _GAMMA) << (128 * i) for i in range(k))
    low64 = struct.Struct("<" + "Q8x" * k)  # reads the low 64 bits of each lane
    lanes = (ones, steps, _MASK * ones, low64.unpack, 16 * k, k * _GAMMA)
    if len(_LANES) < 64:
        _LANES[k] = lanes
    return lanes
