"""The optimal way for a lone alchemist to brew a simple potion as fast as possible.

A dynamic programme over the whole turn. A turn starts needing (rb, sb) Ruby and Sapphire
Stardust with (wb, wr) Alchemy dice saved from the last turn (blue hearts, red potions);
its value is the least expected number of turns still to play, this one included. Inside a
turn the state is everything the rules let matter (see ``Key``): the needs (lowered at once
by Super Dice rolled this turn), the turn's tally, the groups formed, whether a greedy roll
is allowed, the pool (dice per colour, and how many show a heart or a potion), the saved
dice kept aside to match, the dice saved this turn (lost on a bust), the dice saved from a
Super Die's Alchemy face (safe), and how many blue and red dice are still free in the box.

Every choice the rules give a lone player is a choice here: which saved dice to roll and
which to keep, stop, be greedy, pair a heart and a potion, save a heart or a potion, where
a Super Die's stars go, and what to do with its Alchemy face. Two choices are fixed because
they are provably right for a lone player: a new Super Die is rolled at once (kept, it
could only Sabotage, and there is nobody to Sabotage), and Darkness is ignored (a simple
recipe does not need it). The model is one player with no Skullduggery power that acts on
its own turn (or the Kobold, whose power acts only in Sabotage).

Two kinds of loop are solved exactly. A greedy roll that neither forms nor adds to a group
nor sets a die aside leaves the pool the same size, so the same greedy roll is offered
again: its value G solves G = c + sum p_i min(A_i, G), found by sorting the A_i. A turn
that busts, or stops having gained no Stardust, starts the same needs again (with other
saved dice): the 24 turn starts of one need are solved together by value iteration to a
fixed tolerance, each sweep exact given the last, the next guess mixed from the last few
sweeps (Anderson's mixing) to need fewer of them.

A need holds about a million states inside its turns, and a sweep over them takes seconds,
so the turn-start values are computed once by ``tools/potion_party_tables.py`` (hours for
the exact programme, two needs at a time) and shipped as package data, one file per
programme (``MODELS``, ``DATA_FILES``); the values inside a turn are then worked out on
demand from them. Tests recompute needs from scratch and compare.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

from athanor.games.potion_party.data import BOX, DEFAULT_FACES, POOL, stars

BLUE, RED = "blue", "red"
# Saved dice a player may hold: the box less a full pool (Running Out of Dice, R9).
MAX_BLUE = BOX[BLUE] - POOL[BLUE]
MAX_RED = BOX[RED] - POOL[RED]
TOLERANCE = 1e-9
# More Stardust than one roll of the whole box can make of one kind (8 blue dice of 2 stars,
# 6 red of 3): room below a need beyond this never caps a roll's gain.
_MOST_GAIN = 20
ANDERSON = 5  # sweeps remembered for Anderson's mixing (see solve_need)

Faces = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # blue, red, green
Start = tuple[int, int, int, int]  # rb, sb, wb, wr
# rb, sb: Stardust still needed; tr, ts: this turn's tally (capped at the needs);
# g: groups formed (bits); ok: may be greedy; nb, nr: pool dice per colour; h, p: hearts
# and potions among them; kb, kr: saved dice kept to match; nsb, nsr: dice saved this turn;
# sab, sar: dice saved from a Super Die's Alchemy face; fb, fr: dice of each colour free
# in the box (a Super Die's Alchemy face can only be saved as a real die).
Key = tuple[
    int, int, int, int, int, bool, int, int, int, int, int, int, int, int, int, int, int, int
]
# (probability, Stardust gained, groups formed, star singles left, Alchemy faces, a match)
Outcome = tuple[float, int, int, int, int, bool]
# A greedy roll's outcome (see Solver.greedy_rows): (probability, Ruby and Sapphire added,
# groups, pool dice per colour, hearts, potions, the pool no smaller than before).
Row = tuple[float, int, int, int, int, int, int, int, bool]

DEFAULT: Faces = (DEFAULT_FACES[BLUE], DEFAULT_FACES[RED], DEFAULT_FACES["green"])

# The programmes the project solves: the exact one, with every choice a lone player has,
# and two smaller ones that leave some choices out, cheaper to solve (the no-early-save
# table covered whole recipes first; both are kept as yardsticks): "no-early-save" saves a
# heart or a potion only when the turn stops (every other choice kept), "stop-saving" also
# rolls every saved die with the pool and lets a Super Die's Alchemy face go. Each one's
# policy is exact within its limits, and every one of its policies is a policy of the exact
# programme, so its values bound the exact ones from above.
MODELS: dict[str, dict[str, bool]] = {
    "exact": {"keep": True, "early_save": True, "super_save": True},
    "no-early-save": {"keep": True, "early_save": False, "super_save": True},
    "stop-saving": {"keep": False, "early_save": False, "super_save": False},
}


class Solver:
    """The lone player's values for given faces (blue and red dice, green Super Die)."""

    def __init__(
        self,
        faces: Faces = DEFAULT,
        turns: dict[Start, float] | None = None,
        keep: bool = True,
        early_save: bool = True,
        super_save: bool = True,
    ) -> None:
        self.faces = faces
        self.keep = keep  # saved dice may be kept aside to match (else always rolled)
        self.early_save = early_save  # a die saved this turn may be followed by a greedy roll
        self.super_save = super_save  # a Super Die's Alchemy face may be saved as a die
        self.bits: dict[tuple[str, str], int] = {}
        for colour, fs in ((BLUE, faces[0]), (RED, faces[1])):
            for f in sorted(set(fs)):
                if stars(f):
                    self.bits[(colour, f)] = 1 << len(self.bits)
        self.green = [stars(f) for f in faces[2]]
        # The Super Die's faces by stars (0: its Alchemy face), each with how many show it.
        self.green_counts = sorted(Counter(self.green).items())
        self.turns: dict[Start, float] = dict(turns or {})
        for wb in range(MAX_BLUE + 1):
            for wr in range(MAX_RED + 1):
                self.turns[(0, 0, wb, wr)] = 0.0  # nothing needed: already done
        self.cur: tuple[int, int] = (-1, -1)  # the need being solved (values not final)
        self.guess: dict[Start, float] = {}
        self.final: dict[Key, float] = {}
        self.memo: dict[Key, float] = {}
        self.greedy_final: dict[tuple[int, ...], float] = {}
        self.greedy_memo: dict[tuple[int, ...], float] = {}
        self.finish_final: dict[tuple[int, ...], float] = {}
        self.finish_memo: dict[tuple[int, ...], float] = {}
        self.tables: dict[tuple[int, int, int], tuple[Outcome, ...]] = {}
        self.rows: dict[tuple[int, int, int, bool, bool, int, int], tuple[float, tuple[Row, ...]]]
        self.rows = {}
        self.states = 0  # states inside the turns of the need solved last
        self.mix = True  # Anderson's mixing of the sweeps (False: plain value iteration)
        self.keep_states: int | None = None  # inner states kept between needs (None: all)
        self.verbose = False

    def trim(self, limit: int) -> None:
        """Let every worked-out inner state go once more than ``limit`` are held: they are
        worked out again from the turn-start table when asked (the same values), so a long
        run of games keeps its memory bounded. Not during a solve."""
        if self.cur == (-1, -1) and (
            len(self.final) + len(self.greedy_final) + len(self.finish_final) > limit
        ):
            self._let_go()

    def _let_go(self) -> None:
        """Forget the final inner states (the turn-start table stays)."""
        self.final, self.greedy_final, self.finish_final = {}, {}, {}

    # -- turn starts ---------------------------------------------------------------------

    def start(self, rb: int, sb: int, wb: int, wr: int) -> float:
        """Expected turns from the start of a turn (0 once the Stardust is complete)."""
        if rb <= 0 and sb <= 0:
            return 0.0
        k = (max(rb, 0), max(sb, 0), wb, wr)
        if (k[0], k[1]) == self.cur:
            return self.guess[k]
        return self.turns[k]

    def expected_turns(self, ruby: int, sapphire: int, wb: int = 0, wr: int = 0) -> float:
        """Expected turns to finish from the start of a turn, needing this much Stardust."""
        return self.start(ruby, sapphire, wb, wr)

    def opening(self, rb: int, sb: int, wb: int, wr: int) -> dict[tuple[int, int], float]:
        """Before the roll: the value of keeping (kb, kr) saved dice aside, rolling the rest
        (turns still to play after this one)."""
        out = {}
        # No free die in the box, as far as the model knows, if it never saves a Super
        # Die's Alchemy face: then nothing else depends on them.
        fb, fr = (MAX_BLUE - wb, MAX_RED - wr) if self.super_save else (0, 0)
        for kb in range(wb + 1 if self.keep else 1):
            for kr in range(wr + 1 if self.keep else 1):
                out[(kb, kr)] = self.first_roll(
                    rb, sb, POOL[BLUE] + wb - kb, POOL[RED] + wr - kr, kb, kr, fb, fr
                )
        return out

    def first_roll(
        self, rb: int, sb: int, nb: int, nr: int, kb: int, kr: int, fb: int, fr: int
    ) -> float:
        """The expected value of the turn's first roll (it can never bust)."""
        total = 0.0
        decision = self.decision
        dget = (self.memo if (rb, sb) == self.cur else self.final).get
        reds = self.table(1, nr, 0)
        for pb, gb, fgb, sgb, hearts, mb in self.table(0, nb, 0):
            ts = gb if gb < sb else sb
            for pr, gr, fgr, sgr, potions, mr in reds:
                key = (
                    rb, sb, gr if gr < rb else rb, ts, fgb | fgr, mb or mr,
                    sgb + hearts, sgr + potions, hearts, potions, kb, kr, 0, 0, 0, 0, fb, fr,
                )  # fmt: skip
                got = dget(key)
                total += pb * pr * (decision(key) if got is None else got)
        return total

    # -- inside a turn -----------------------------------------------------------------

    def decision(self, key: Key) -> float:
        """The least expected turns still to play at a question in the turn."""
        store = self.memo if (key[0], key[1]) == self.cur else self.final
        got = store.get(key)
        if got is not None:
            return got
        raw, key = key, canonical(key)
        if key is not raw:
            # The same state under another name: remember both names (a name seen once
            # is usually seen again, and looking up is cheaper than renaming).
            got = store.get(key)
            if got is not None:
                store[raw] = got
                return got
        best = self.settled(key)
        if key[5] and key[6] + key[7] and (self.early_save or not key[12] + key[13]):
            g = self.greedy(key)
            if g < best:
                best = g
        store[key] = best
        if key is not raw:
            store[raw] = best
        return best

    def choices(self, key: Key) -> dict[str, float]:
        """Each choice's value at a question in the turn (option ids of the game)."""
        ok, nb, nr, h, p, kb, kr, nsb, nsr, sab, sar = key[5:16]
        out = {"stop": self.stop_value(key)}
        if ok and nb + nr and (self.early_save or not nsb + nsr):
            out["greedy"] = self.greedy(key)
        if (kb and p) or (kr and h) or (h and p):
            out["super"] = self.super_die(key)
        if h and nsb + sab < MAX_BLUE:
            out["save-heart"] = self.decision(_save(key, 6, 8, 12))
        if p and nsr + sar < MAX_RED:
            out["save-potion"] = self.decision(_save(key, 7, 9, 13))
        return out

    def settled(self, key: Key) -> float:
        """The best choice other than a greedy roll now."""
        rb, sb, tr, ts = key[:4]
        h, p, kb, kr, nsb, nsr, sab, sar, fb, fr = key[8:]
        best = self.finish(
            (max(rb - tr, 0), max(sb - ts, 0), h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)
        )
        if (kb and p) or (kr and h) or (h and p):
            v = self.super_die(key)
            if v < best:
                best = v
        if self.early_save:
            if h and nsb + sab < MAX_BLUE:
                v = self.decision(_save(key, 6, 8, 12))
                if v < best:
                    best = v
            if p and nsr + sar < MAX_RED:
                v = self.decision(_save(key, 7, 9, 13))
                if v < best:
                    best = v
        return best

    def finish(self, fk: tuple[int, ...]) -> float:
        """The best end of a turn with no more greedy rolls: pair, save, then stop. Only
        the needs left after the tally, the Alchemy dice and the saved dice matter."""
        rb, sb, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr = fk
        if rb <= 0 and sb <= 0:
            return 0.0
        # Only what can still be used matters: kept dice up to the opposite faces left,
        # free dice up to the Super Dice still possible and the dice still allowed.
        kb, kr = min(kb, p), min(kr, h)
        pairs = min(h + kb, p + kr)
        fb = min(fb, pairs, MAX_BLUE - nsb - sab)
        fr = min(fr, pairs, MAX_RED - nsr - sar)
        fk = (rb, sb, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)
        store = self.finish_memo if (rb, sb) == self.cur else self.finish_final
        got = store.get(fk)
        if got is not None:
            return got
        finish = self.finish
        best = self.start(rb, sb, nsb + sab, nsr + sar)
        if h and nsb + sab < MAX_BLUE:
            v = finish((rb, sb, h - 1, p, kb, kr, nsb + 1, nsr, sab, sar, fb, fr))
            if v < best:
                best = v
        if p and nsr + sar < MAX_RED:
            v = finish((rb, sb, h, p - 1, kb, kr, nsb, nsr + 1, sab, sar, fb, fr))
            if v < best:
                best = v
        if (kb and p) or (kr and h) or (h and p):
            if kb and p:
                kb, p = kb - 1, p - 1
            elif kr and h:
                kr, h = kr - 1, h - 1
            else:
                h, p = h - 1, p - 1
            total = 0.0
            for k, n in self.green_counts:
                if k:
                    total += n * min(
                        finish((max(rb - k, 0), sb, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)),
                        finish((rb, max(sb - k, 0), h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)),
                    )
                else:
                    face = finish((rb, sb, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr))
                    if fb > 0 and nsb + sab < MAX_BLUE:
                        face = min(
                            face, finish((rb, sb, h, p, kb, kr, nsb, nsr, sab + 1, sar, fb - 1, fr))
                        )
                    if fr > 0 and nsr + sar < MAX_RED:
                        face = min(
                            face, finish((rb, sb, h, p, kb, kr, nsb, nsr, sab, sar + 1, fb, fr - 1))
                        )
                    total += n * face
            v = total / len(self.green)
            if v < best:
                best = v
        store[fk] = best
        return best

    def stop_value(self, key: Key) -> float:
        """Stop: record the tally and carry the saved dice into the next turn."""
        rb, sb, tr, ts = key[0], key[1], key[2], key[3]
        return self.start(rb - tr, sb - ts, key[12] + key[14], key[13] + key[15])

    def super_die(self, key: Key) -> float:
        """Pair a heart and a potion (a kept die first, as the rules do) and roll the
        Super Die at once."""
        rb, sb, tr, ts, g, ok, nb, nr, h, p, kb, kr = key[:12]
        if kb and p:
            kb, nr, p = kb - 1, nr - 1, p - 1
        elif kr and h:
            kr, nb, h = kr - 1, nb - 1, h - 1
        else:
            nb, nr, h, p = nb - 1, nr - 1, h - 1, p - 1
        total = 0.0
        rest = key[12:]
        decision = self.decision
        for k, n in self.green_counts:
            if not k:
                total += n * min(self.alchemy_face(key, nb, nr, h, p, kb, kr).values())
                continue
            # The stars as Ruby, or as Sapphire (as after_bank banks them, written out).
            r2 = rb - k if rb > k else 0
            if r2 == 0 and sb == 0:
                total += 0.0  # the potion is complete at once
                continue
            a = decision((r2, sb, tr if tr < r2 else r2, ts, g, ok, nb, nr, h, p, kb, kr, *rest))
            s2 = sb - k if sb > k else 0
            if rb == 0 and s2 == 0:
                continue
            b = decision((rb, s2, tr, ts if ts < s2 else s2, g, ok, nb, nr, h, p, kb, kr, *rest))
            total += n * (a if a < b else b)
        return total / len(self.green)

    def alchemy_face(
        self, key: Key, nb: int, nr: int, h: int, p: int, kb: int, kr: int
    ) -> dict[str, float]:
        """A Super Die's Alchemy face: let it go, or save it as a blue or red die (if one
        is free in the box and the player may hold one more)."""
        rb, sb, tr, ts, g, ok, _, _, _, _, _, _, nsb, nsr, sab, sar, fb, fr = key
        base = (rb, sb, tr, ts, g, ok, nb, nr, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)
        out = {"none": self.decision(base)}
        if fb > 0 and nsb + sab < MAX_BLUE:
            out["save-blue"] = self.decision((*base[:14], sab + 1, sar, fb - 1, fr))
        if fr > 0 and nsr + sar < MAX_RED:
            out["save-red"] = self.decision((*base[:14], sab, sar + 1, fb, fr - 1))
        return out

    def after_bank(
        self,
        rb: int,
        sb: int,
        tr: int,
        ts: int,
        g: int,
        ok: bool,
        nb: int,
        nr: int,
        h: int,
        p: int,
        kb: int,
        kr: int,
        key: Key,
    ) -> float:
        """The value once a Super Die's stars are added to the total."""
        rb, sb = max(rb, 0), max(sb, 0)
        if rb == 0 and sb == 0:
            return 0.0  # the potion is complete at once
        return self.decision(
            (rb, sb, min(tr, rb), min(ts, sb), g, ok, nb, nr, h, p, kb, kr, *key[12:])
        )

    def super_score(self, key: Key, k: int) -> dict[str, float]:
        """Where a Super Die's ``k`` stars go, once it is rolled (the pair already used)."""
        rb, sb, tr, ts, g, ok, nb, nr, h, p, kb, kr = key[:12]
        return {
            "ruby": self.after_bank(rb - k, sb, tr, ts, g, ok, nb, nr, h, p, kb, kr, key),
            "sapphire": self.after_bank(rb, sb - k, tr, ts, g, ok, nb, nr, h, p, kb, kr, key),
        }

    def greedy(self, key: Key) -> float:
        """Roll every die left in the pool (a bust starts the same needs again)."""
        rb, sb, tr, ts, g, _ok, nb, nr, _h, _p, kb, kr, nsb, nsr, sab, sar, fb, fr = key
        gk = (rb, sb, tr, ts, g, nb, nr, kb, kr, nsb, nsr, sab, sar, fb, fr)
        cur = (rb, sb) == self.cur
        store = self.greedy_memo if cur else self.greedy_final
        got = store.get(gk)
        if got is not None:
            return got
        bust_q, rows = self.greedy_rows(nb, nr, g, kb > 0, kr > 0, rb - tr, sb - ts)
        known = bust_q * self.start(rb, sb, sab, sar) if bust_q else 0.0
        loops: list[tuple[float, float, Key]] = []
        decision, settled = self.decision, self.settled
        dstore = self.memo if cur else self.final
        dget = dstore.get
        for q, dr, ds, g2, nb2, nr2, hearts, potions, loop in rows:
            k2 = (
                rb, sb, tr + dr, ts + ds, g2, True,
                nb2, nr2, hearts, potions, kb, kr, nsb, nsr, sab, sar, fb, fr,
            )  # fmt: skip
            if loop:
                # Nothing changed but the faces: the same greedy roll is offered again.
                loops.append((settled(k2), q, k2))
            else:
                got = dget(k2)
                known += q * (decision(k2) if got is None else got)
        value = _loop_value(known, loops)
        store[gk] = value
        for a, _q, k2 in loops:
            dstore[k2] = min(a, value)
        return value

    def greedy_rows(
        self, nb: int, nr: int, g: int, kb: bool, kr: bool, room_r: int, room_s: int
    ) -> tuple[float, tuple[Row, ...]]:
        """A greedy roll of ``nb`` blue and ``nr`` red dice with groups ``g`` (and kept
        dice of each colour, or none): the chance of a bust, and every other outcome as
        the Stardust it adds (no more than the room left below the needs), the groups,
        the pool and its hearts and potions after, and whether the pool is as big as
        before; outcomes that lead to the same state are one row. Made once per case."""
        room_r = room_r if room_r < _MOST_GAIN else _MOST_GAIN
        room_s = room_s if room_s < _MOST_GAIN else _MOST_GAIN
        ck = (nb, nr, g, kb, kr, room_r, room_s)
        got = self.rows.get(ck)
        if got is not None:
            return got
        bust = 0.0
        merged: dict[tuple[int, int, int, int, int, int, int, bool], float] = {}
        reds = self.table(1, nr, g)
        for pb, gb, fgb, sgb, hearts, mb in self.table(0, nb, g):
            ds = gb if gb < room_s else room_s
            for pr, gr, fgr, sgr, potions, mr in reds:
                q = pb * pr
                if not (mb or mr or (hearts and (potions or kr)) or (potions and kb)):
                    bust += q
                    continue
                nb2, nr2 = sgb + hearts, sgr + potions
                row = (
                    gr if gr < room_r else room_r, ds, g | fgb | fgr, nb2, nr2, hearts, potions,
                    nb2 == nb and nr2 == nr,
                )  # fmt: skip
                merged[row] = merged.get(row, 0.0) + q
        got = self.rows[ck] = (bust, tuple((q, *row) for row, q in merged.items()))
        return got

    def table(self, colour: int, k: int, g: int) -> tuple[Outcome, ...]:
        """Outcomes of rolling ``k`` dice of a colour (0 blue, 1 red) with groups ``g``."""
        tk = (colour, k, g)
        got = self.tables.get(tk)
        if got is None:
            got = self.tables[tk] = _colour_table(self, colour, k, g)
        return got

    # -- solving -------------------------------------------------------------------------

    def solve_need(self, rb: int, sb: int) -> int:
        """Solve the 24 turn starts needing (rb, sb); the smaller needs must be solved.
        Returns the number of sweeps."""
        self.cur = (rb, sb)
        starts = [(rb, sb, wb, wr) for wb in range(MAX_BLUE + 1) for wr in range(MAX_RED + 1)]
        self.guess = {s: self._first_guess(*s) for s in starts}
        sweeps = 0
        # The sweeps so far (guess, and what the sweep made of it), for Anderson's mixing.
        tried: list[list[float]] = []
        made: list[list[float]] = []
        while True:
            sweeps += 1
            self.memo = {}
            self.greedy_memo = {}
            self.finish_memo = {}
            new = {s: 1.0 + min(self.opening(*s).values()) for s in starts}
            change = max(abs(new[s] - self.guess[s]) for s in starts)
            if self.verbose:
                print(
                    f"  sweep {sweeps}: change {change:.3g}, {len(self.memo):,} states", flush=True
                )
            if change < TOLERANCE or sweeps >= 500:
                self.guess = new
                break
            # Only the stopping test above, on a true sweep, decides convergence: the
            # next guess may be anything, and a good one saves sweeps. Near the answer a
            # sweep is an affine map of the guess (the policy no longer changes), so the
            # combination of the last few sweeps that cancels their residuals best lands
            # close to its fixed point (Anderson's mixing).
            tried.append([self.guess[s] for s in starts])
            made.append([new[s] for s in starts])
            del tried[:-ANDERSON], made[:-ANDERSON]
            mixed = _anderson(tried, made) if self.mix else None
            if mixed is None:
                self.guess = new
            else:
                self.guess = dict(zip(starts, mixed, strict=True))
        # Converged: the last sweep's states become final (within the tolerance). Past
        # ``keep_states`` the smaller needs' inner states are let go: they are worked out
        # again from the turn-start table when a Super Die reaches them (the same values),
        # so a long solve's memory stays bounded.
        if self.keep_states is not None and len(self.final) > self.keep_states:
            self._let_go()
        self.final.update(self.memo)
        self.greedy_final.update(self.greedy_memo)
        self.finish_final.update(self.finish_memo)
        # Count each state once (the memo also holds other names of the same states).
        named = {canonical(k) for k in self.memo}
        self.states = len(named) + len(self.greedy_memo) + len(self.finish_memo)
        self.memo = {}
        self.greedy_memo = {}
        self.finish_memo = {}
        self.cur = (-1, -1)
        self.turns.update(self.guess)
        return sweeps

    def _first_guess(self, rb: int, sb: int, wb: int, wr: int) -> float:
        """Where the sweeps start: the neighbouring needs' values carried on (any start
        converges to the same values; a close one takes fewer sweeps)."""
        t = self.turns
        a, b, c = (rb - 1, sb, wb, wr), (rb, sb - 1, wb, wr), (rb - 1, sb - 1, wb, wr)
        if a in t and b in t and c in t:
            return max(t[a] + t[b] - t[c], t[a], t[b])
        return max(t.get(a, 0.0), t.get(b, 0.0), 1.0)

    @property
    def model(self) -> str:
        """The name of the programme solved (see ``MODELS``), or "custom"."""
        flags = {"keep": self.keep, "early_save": self.early_save, "super_save": self.super_save}
        return next((name for name, f in MODELS.items() if f == flags), "custom")

    def solve(self, ruby: int, sapphire: int) -> Stats:
        """Every turn start needing up to (ruby, sapphire), smallest needs first."""
        begin = time.perf_counter()
        stats = Stats()
        for total in range(1, ruby + sapphire + 1):
            for rb in range(max(0, total - sapphire), min(ruby, total) + 1):
                sb = total - rb
                if (rb, sb, 0, 0) in self.turns:
                    continue
                stats.sweeps += self.solve_need(rb, sb)
                stats.needs += 1
                stats.inner += self.states
        stats.seconds = time.perf_counter() - begin
        return stats

    # -- package data --------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """The turn-start values, for package data."""
        rows = sorted(self.turns.items())
        return {
            "faces": [list(f) for f in self.faces],
            "model": self.model,
            "columns": ["ruby", "sapphire", "saved_blue", "saved_red", "expected_turns"],
            "rows": [[*k, round(v, 12)] for k, v in rows],
        }


@dataclass
class Stats:
    """What a solve did."""

    needs: int = 0
    sweeps: int = 0
    inner: int = 0
    seconds: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)


def _anderson(tried: list[list[float]], made: list[list[float]]) -> list[float] | None:
    """Anderson's mixing (type II) of the sweeps so far: ``made[i]`` is the sweep of the
    guess ``tried[i]``. The next guess is the last sweep less the combination of the
    sweeps' differences whose residuals (made - tried) cancel the last residual best, in
    least squares. None when there is only one sweep or the differences are degenerate
    (then the plain sweep is the next guess)."""
    res = [[f - g for f, g in zip(fs, gs, strict=True)] for fs, gs in zip(made, tried, strict=True)]
    m = len(res) - 1
    if m < 1:
        return None
    dr = [[a - b for a, b in zip(res[i + 1], res[i], strict=True)] for i in range(m)]
    df = [[a - b for a, b in zip(made[i + 1], made[i], strict=True)] for i in range(m)]
    last = res[-1]
    # The normal equations (dr dr^T) gamma = dr last, solved by elimination.
    a = [
        [sum((x * y for x, y in zip(dr[i], dr[j], strict=True)), 0.0) for j in range(m)]
        for i in range(m)
    ]
    b = [sum((x * y for x, y in zip(dr[i], last, strict=True)), 0.0) for i in range(m)]
    scale = max(a[i][i] for i in range(m))
    if scale <= 0.0:
        return None
    for i in range(m):
        a[i][i] += 1e-12 * scale  # a little damping keeps near-parallel sweeps solvable
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, m):
            k = a[r][col] / a[col][col]
            for c in range(col, m):
                a[r][c] -= k * a[col][c]
            b[r] -= k * b[col]
    gamma = [0.0] * m
    for r in range(m - 1, -1, -1):
        gamma[r] = (b[r] - sum((a[r][c] * gamma[c] for c in range(r + 1, m)), 0.0)) / a[r][r]
    out = list(made[-1])
    for i in range(m):
        for j, d in enumerate(df[i]):
            out[j] -= gamma[i] * d
    return out


def canonical(key: Key) -> Key:
    """The same state with what can no longer matter set to a fixed value: kept dice
    beyond the opposite dice left in the pool (a kept die pairs only with a rolled one),
    and free dice in the box beyond the Super Dice still possible and the dice the
    player may still hold."""
    rb, sb, tr, ts, g, ok, nb, nr, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr = key
    if not (kb or kr or fb or fr):
        return key
    kb2, kr2 = min(kb, nr), min(kr, nb)
    pairs = min(nb + kb2, nr + kr2)
    fb2 = min(fb, pairs, MAX_BLUE - nsb - sab)
    fr2 = min(fr, pairs, MAX_RED - nsr - sar)
    if kb2 == kb and kr2 == kr and fb2 == fb and fr2 == fr:
        return key
    return (rb, sb, tr, ts, g, ok, nb, nr, h, p, kb2, kr2, nsb, nsr, sab, sar, fb2, fr2)


def _save(key: Key, pool: int, face: int, saved: int) -> Key:
    """The key after saving a heart (or a potion) from the pool for the next turn."""
    k = list(key)
    k[pool] -= 1
    k[face] -= 1
    k[saved] += 1
    return tuple(k)  # type: ignore[return-value]


def _loop_value(known: float, loops: list[tuple[float, float, Key]]) -> float:
    """Solve G = known + sum q_i min(a_i, G) for G (the q_i sum below 1)."""
    if not loops:
        return known
    loops.sort(key=lambda t: t[0])
    rest = sum(q for _a, q, _k in loops)  # the chance of outcomes whose a_i >= G
    acc = known
    for a, q, _k in loops:
        if rest < 1.0:
            g = acc / (1.0 - rest)
            if g <= a:
                return g
        acc += q * a
        rest -= q
    return acc / (1.0 - max(rest, 0.0))


def _colour_table(solver: Solver, colour: int, k: int, g: int) -> tuple[Outcome, ...]:
    from athanor.games.potion_party.bots import colour_outcomes

    name = (BLUE, RED)[colour]
    alch = ("heart", "potion")[colour]
    rows: dict[tuple[int, int, int, int, bool], float] = {}
    for combo, p in colour_outcomes(solver.faces[colour], k):
        gain = formed = singles = alchemy = 0
        matched = False
        for face, n in combo:
            if face == alch:
                alchemy += n
                continue
            st = stars(face)
            if not st:
                continue  # Darkness is set aside (a simple recipe does not need it)
            bit = solver.bits[(name, face)]
            if n >= 2 or g & bit:
                gain += st * n
                formed |= bit
                matched = True
            else:
                singles += n
        row = (gain, formed, singles, alchemy, matched)
        rows[row] = rows.get(row, 0.0) + p
    return tuple((p, *row) for row, p in rows.items())


# -- the shipped tables ------------------------------------------------------------------

DATA_FILES = {
    "exact": "data/optimal_turns.json",
    "no-early-save": "data/no_early_save_turns.json",
    "stop-saving": "data/stop_saving_turns.json",
}
DATA_FILE = DATA_FILES["exact"]


def load_turns(text: str, faces: Faces, model: str = "exact") -> dict[Start, float]:
    """Turn-start values from package data, checked: a table for other faces or another
    model, or a malformed one, is refused with ValueError."""
    raw = json.loads(text)
    if not isinstance(raw, dict) or [tuple(f) for f in raw.get("faces", [])] != list(faces):
        raise ValueError("the table was solved for other die faces")
    if raw.get("model") != model:
        raise ValueError(f"the table was solved for the {raw.get('model')!r} model, not {model!r}")
    out: dict[Start, float] = {}
    for row in raw.get("rows", []):
        if (
            not isinstance(row, list)
            or len(row) != 5
            or not all(isinstance(x, int) and x >= 0 for x in row[:4])
            or not isinstance(row[4], float | int)
            or row[2] > MAX_BLUE
            or row[3] > MAX_RED
        ):
            raise ValueError(f"a malformed row in the table: {row!r}")
        rb, sb, wb, wr = row[:4]
        value = float(row[4])
        if (not (rb or sb) and value != 0.0) or ((rb or sb) and not 1.0 <= value < 1000.0):
            raise ValueError(f"an impossible value in the table: {row!r}")
        out[(rb, sb, wb, wr)] = value
    # Every smaller need is there too, each with all 24 saved-dice combinations.
    needs = {(k[0], k[1]) for k in out}
    for rb, sb in needs:
        for r, s in ((rb - 1, sb), (rb, sb - 1)):
            if r >= 0 and s >= 0 and (r, s) not in needs:
                raise ValueError(f"the table lacks the need {(r, s)}")
        for wb in range(MAX_BLUE + 1):
            for wr in range(MAX_RED + 1):
                if (rb, sb, wb, wr) not in out:
                    raise ValueError(f"the table lacks the start {(rb, sb, wb, wr)}")
    return out


_SHIPPED: dict[str, Solver] = {}


def shipped(faces: Faces, model: str = "exact") -> Solver | None:
    """The solver holding a model's shipped table, for the default faces (None for
    others: their tables would take hours to solve, see tools/potion_party_tables.py)."""
    if faces != DEFAULT:
        return None
    got = _SHIPPED.get(model)
    if got is None:
        # The values inside a turn are worked out by recursion, a few hundred calls deep.
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
        path = resources.files("athanor.games.potion_party").joinpath(DATA_FILES[model])
        turns = load_turns(path.read_text(), DEFAULT, model) if path.is_file() else {}
        got = _SHIPPED[model] = Solver(DEFAULT, turns, **MODELS[model])
    return got


def covers(solver: Solver, rb: int, sb: int) -> bool:
    """Whether the solver's table reaches a turn needing (rb, sb)."""
    return (max(rb, 0), max(sb, 0), 0, 0) in solver.turns
