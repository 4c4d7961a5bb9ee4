"""The exact optimal way for a lone alchemist to brew a simple potion as fast as possible.

A dynamic programme over the whole turn: the Stardust still needed (Ruby and Sapphire,
as recorded, and as banked at once by Super Dice rolled this turn), the turn's tally,
the Stardust groups formed, whether a greedy roll is allowed, and the dice left in the
pool (star singles, hearts and potions per colour). For each state it knows the least
expected number of turns still to play, and which choice gives it: stop, be greedy, or
pair a heart and a potion into a Super Die (rolled at once; its stars go where they
help most).

The model (see docs/search.md): one player, nobody to Sabotage; a simple recipe (Ruby
and Sapphire only); an alchemist without a power; Alchemy dice are never saved for a
later turn (that would add the saved dice to every state), and a heart and a potion in
the pool together are always paired into a Super Die (without that rule a run of rolls
that gain nothing could come back to the same state). Within that model the policy
is exact: the turn's self-loop (a bust, or a stop with nothing, starts the same turn
over) is solved exactly by policy iteration on its linear value.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

from athanor.games.potion_party.bots import colour_outcomes
from athanor.games.potion_party.data import DEFAULT_FACES, stars

# Star faces that can form groups, as bits of the groups mask.
BLUE, RED = "blue", "red"
GREEN_FACES = DEFAULT_FACES["green"]

Value = tuple[float, float]  # a + b * x, x the value of the turn being solved
Key = tuple[int, int, int, int, int, bool, int, int, int, int]


@dataclass
class Solution:
    """The solved values for one set of die faces, up to a recipe's needs."""

    faces: dict[str, tuple[str, ...]]
    ruby: int
    sapphire: int
    turns: dict[tuple[int, int], float] = field(default_factory=dict)
    inner: dict[Key, float] = field(default_factory=dict)
    seconds: float = 0.0
    solver: Solver | None = None

    def expected_turns(self, ruby: int | None = None, sapphire: int | None = None) -> float:
        """Expected turns to finish from the start of a turn, needing this much Stardust."""
        r = self.ruby if ruby is None else ruby
        s = self.sapphire if sapphire is None else sapphire
        return self.turns[(max(r, 0), max(s, 0))]

    @property
    def states(self) -> int:
        """States whose value was computed (turn starts and states inside turns)."""
        return len(self.turns) + len(self.inner)


class Solver:
    """Solves the lone player's turn for given faces (blue and red dice, green Super Die)."""

    def __init__(self, faces: dict[str, tuple[str, ...]]) -> None:
        self.faces = faces
        self.bits: dict[tuple[str, str], int] = {}
        for colour in (BLUE, RED):
            for f in sorted(set(faces[colour])):
                if stars(f):
                    self.bits[(colour, f)] = 1 << len(self.bits)
        self.alchemy = {BLUE: "heart", RED: "potion"}
        self.green = faces["green"]
        self.turns: dict[tuple[int, int], float] = {}
        self.final: dict[Key, float] = {}
        self.cur: tuple[int, int] = (0, 0)
        self.x = 0.0
        self.memo: dict[Key, Value] = {}

    # -- values ------------------------------------------------------------------------

    def _start(self, rb: int, sb: int) -> Value:
        """The value of starting a turn (or coming back to its start) needing (rb, sb)."""
        if rb <= 0 and sb <= 0:
            return (0.0, 0.0)
        key = (max(rb, 0), max(sb, 0))
        if key == self.cur:
            return (0.0, 1.0)
        return (self.turns[key], 0.0)

    def _at(self, v: Value) -> float:
        return v[0] + v[1] * self.x

    def decision(self, key: Key) -> Value:
        """The best value at a question in the turn (after a roll's groups are collected)."""
        rb, sb, tr, ts, g, ok, b, r, h, p = key
        if (rb, sb) != self.cur:
            got = self.final.get(key)
            if got is not None:
                return (got, 0.0)
        memo = self.memo.get(key)
        if memo is not None:
            return memo
        if h and p:
            best = self.super_die(key)  # the model always pairs them
        else:
            best = self._start(rb - tr, sb - ts)  # stop
            if ok and b + r + h + p:
                v = self.roll(rb, sb, tr, ts, g, b + h, r + p, first=False)
                if self._at(v) < self._at(best):
                    best = v
        if (rb, sb) == self.cur:
            self.memo[key] = best
        else:
            self.final[key] = best[0]
        return best

    def choices(self, key: Key) -> dict[str, float]:
        """Each choice's value at a question (the solved turn's values, x known)."""
        rb, sb, tr, ts, g, ok, b, r, h, p = key
        self.cur = (-1, -1)  # every turn is solved: values are constants
        if h and p:
            return {"super": self._at(self.super_die(key))}
        out = {"stop": self._at(self._start(rb - tr, sb - ts))}
        if ok and b + r + h + p:
            out["greedy"] = self._at(self.roll(rb, sb, tr, ts, g, b + h, r + p, first=False))
        return out

    def super_score(self, key: Key, k: int) -> dict[str, float]:
        """The value of putting a Super Die's ``k`` stars on Ruby or on Sapphire."""
        rb, sb, tr, ts, g, ok, b, r, h, p = key
        self.cur = (-1, -1)
        out = {}
        for kind, (nr, ns) in (("ruby", (rb - k, sb)), ("sapphire", (rb, sb - k))):
            out[kind] = self._at(self._after_bank(nr, ns, tr, ts, g, ok, b, r, h, p))
        return out

    def _after_bank(
        self, rb: int, sb: int, tr: int, ts: int, g: int, ok: bool, b: int, r: int, h: int, p: int
    ) -> Value:
        rb, sb = max(rb, 0), max(sb, 0)
        if rb == 0 and sb == 0:
            return (0.0, 0.0)  # the potion is complete at once
        return self.decision((rb, sb, min(tr, rb), min(ts, sb), g, ok, b, r, h, p))

    def super_die(self, key: Key) -> Value:
        """Pair a heart and a potion and roll the Super Die at once."""
        rb, sb, tr, ts, g, ok, b, r, h, p = key
        a = bx = 0.0
        q = 1.0 / len(self.green)
        for face in self.green:
            k = stars(face)
            if k:
                best: Value | None = None
                for nr, ns in ((rb - k, sb), (rb, sb - k)):
                    v = self._after_bank(nr, ns, tr, ts, g, ok, b, r, h - 1, p - 1)
                    if best is None or self._at(v) < self._at(best):
                        best = v
                assert best is not None
            else:  # an Alchemy face: let it go (the model saves nothing)
                best = self.decision((rb, sb, tr, ts, g, ok, b, r, h - 1, p - 1))
            a += q * best[0]
            bx += q * best[1]
        return (a, bx)

    def roll(
        self, rb: int, sb: int, tr: int, ts: int, g: int, nb: int, nr: int, first: bool
    ) -> Value:
        """Roll ``nb`` blue and ``nr`` red dice: the expected value over every outcome."""
        a = bx = 0.0
        blue = self._colour(BLUE, nb, g)
        red = self._colour(RED, nr, g)
        bust = self._start(rb, sb)
        for pb, gain_b, g_b, single_b, hearts, matched_b in blue:
            for pr, gain_r, g_r, single_r, potions, matched_r in red:
                pq = pb * pr
                if not first and not (matched_b or matched_r or (hearts and potions)):
                    v = bust
                else:
                    ok = True if not first else bool(matched_b or matched_r)
                    v = self.decision(
                        (
                            rb,
                            sb,
                            min(tr + gain_r, rb),
                            min(ts + gain_b, sb),
                            g | g_b | g_r,
                            ok or not first,
                            single_b,
                            single_r,
                            hearts,
                            potions,
                        )
                    )
                a += pq * v[0]
                bx += pq * v[1]
        return (a, bx)

    def _colour(
        self, colour: str, k: int, g: int
    ) -> tuple[tuple[float, int, int, int, int, bool], ...]:
        """Outcomes of rolling ``k`` dice of a colour with groups ``g``: (probability,
        Stardust gained, groups formed, star singles left, Alchemy faces, any match)."""
        return _colour_table(self, colour, k, g)

    # -- solving -----------------------------------------------------------------------

    def solve_turn(self, rb: int, sb: int) -> float:
        """Expected turns from the start of a turn needing (rb, sb), the smaller ones known."""
        self.cur = (rb, sb)
        x = 1.0 + max(
            self.turns.get((max(rb - 1, 0), sb), 0.0), self.turns.get((rb, max(sb - 1, 0)), 0.0)
        )
        for _ in range(100):
            self.x = x
            self.memo = {}
            a, b = self.roll(rb, sb, 0, 0, 0, 3, 3, first=True)
            new = (1.0 + a) / (1.0 - b)
            if abs(new - x) < 1e-12:
                x = new
                break
            x = new
        # The turn is solved: its states' values become constants.
        self.x = x
        for key, v in self.memo.items():
            self.final[key] = v[0] + v[1] * x
        self.memo = {}
        self.turns[(rb, sb)] = x
        return x

    def solve(self, ruby: int, sapphire: int) -> Solution:
        """Every turn start from (0, 0) up to (ruby, sapphire)."""
        start = time.perf_counter()
        self.turns[(0, 0)] = 0.0
        for total in range(1, ruby + sapphire + 1):
            for rb in range(max(0, total - sapphire), min(ruby, total) + 1):
                sb = total - rb
                if (rb, sb) not in self.turns:
                    self.solve_turn(rb, sb)
        sol = Solution(self.faces, ruby, sapphire, dict(self.turns), dict(self.final))
        sol.seconds = time.perf_counter() - start
        sol.solver = self
        return sol


def _colour_table(
    solver: Solver, colour: str, k: int, g: int
) -> tuple[tuple[float, int, int, int, int, bool], ...]:
    key = (tuple(solver.faces[colour]), colour, k, g, tuple(sorted(solver.bits.items())))
    got = _TABLES.get(key)
    if got is not None:
        return got
    alch = solver.alchemy[colour]
    rows: dict[tuple[int, int, int, int, bool], float] = {}
    for combo, p in colour_outcomes(tuple(solver.faces[colour]), k):
        gain = formed = singles = alchemy = 0
        matched = False
        for face, n in combo:
            if face == alch:
                alchemy += n
                continue
            st = stars(face)
            if not st:
                continue  # Darkness is set aside (a simple recipe does not need it)
            bit = solver.bits[(colour, face)]
            if n >= 2 or g & bit:
                gain += st * n
                formed |= bit
                matched = True
            else:
                singles += n
        row = (gain, formed, singles, alchemy, matched)
        rows[row] = rows.get(row, 0.0) + p
    out = tuple((p, *row) for row, p in rows.items())
    _TABLES[key] = out
    return out


_TABLES: dict[tuple[object, ...], tuple[tuple[float, int, int, int, int, bool], ...]] = {}


@lru_cache(maxsize=16)
def solved(faces_key: tuple[tuple[str, ...], ...], ruby: int, sapphire: int) -> Solution:
    """The solution for these faces (blue, red, green) up to these needs (kept)."""
    faces = {BLUE: faces_key[0], RED: faces_key[1], "green": faces_key[2]}
    return Solver(faces).solve(ruby, sapphire)
