"""A Potion Party bot that plays the lone player's optimal policy (solver.py).

On its own turn it takes at every question the choice with the fewest expected turns
still to play: which saved dice to roll and which to keep to match, stop or be greedy,
pair, save a heart or a potion, where a Super Die's stars go and what to do with its
Alchemy face; a new Super Die is rolled at once. The values are the exact programme's,
solved for every need of the four simple recipes (see docs/search.md).
For everything else (alchemists, the recipe, Sabotage, the Lich's reroll), complex
recipes and dice with other faces, it plays as the heuristic bot. Everything in Potion
Party is public: it reads the tables, never the random generator.
"""

from __future__ import annotations

from athanor.engine import Decision, GameState
from athanor.games.potion_party.bots import PotionPartyBot
from athanor.games.potion_party.data import POOL
from athanor.games.potion_party.rules import (
    PotionPartyState,
    SuperAlchemy,
    SuperScore,
    Turn,
    UseSaved,
    UseSuper,
)
from athanor.games.potion_party.solver import MAX_BLUE, MAX_RED, Key, Solver, covers, shipped

# Values closer than this are a tie: the solver's values are good to about 1e-9 turns.
TIE = 1e-8
# Inner states a shipped table's solver may hold before it lets them go and works them out
# again (about 300 bytes each): the games are the same, the memory bounded.
MOST_STATES = 4_000_000


class OptimalBot(PotionPartyBot):
    """Plays its own turns as the lone player's exact policy says."""

    name = "optimal"

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id for the decision in front of the bot."""
        s = state
        assert isinstance(s, PotionPartyState)
        seat = decision.seat
        solver = self.solver(s, seat) if seat == s.current else None
        if solver is None:
            return super().choose(state, decision)
        frame = s.stack[-1]
        if isinstance(frame, UseSaved):
            solver.trim(MOST_STATES)
            return self._use_saved(s, seat, solver)
        if isinstance(frame, UseSuper):
            return "roll" if "roll" in decision.ids else super().choose(state, decision)
        legal = values(s, decision, solver)
        if legal:
            # Values closer than the solver's accuracy are a tie, and ties go to stopping
            # (or the first id), so neither the order of the options nor the last bits of
            # a sum ever decide.
            best = min(legal.values())
            near = [k for k, v in legal.items() if v <= best + TIE]
            return min(near, key=lambda k: (k != "stop", k))
        return super().choose(state, decision)

    def _use_saved(self, s: PotionPartyState, seat: int, solver: Solver) -> str:
        """Roll each saved die with the pool or keep it to match, as the best split of
        all of them says (the dice already placed stay where they are)."""
        kept_b, kept_r = s.kept.count("blue"), s.kept.count("red")
        wait_b, wait_r = s.waiting.count("blue"), s.waiting.count("red")
        added_b = sum(1 for c, _f in s.pool if c == "blue") - POOL["blue"]
        added_r = sum(1 for c, _f in s.pool if c == "red") - POOL["red"]
        wb, wr = kept_b + wait_b + added_b, kept_r + wait_r + added_r
        rb, sb = needs(s, seat)
        opening = solver.opening(rb, sb, wb, wr)
        legal = {
            (kb, kr): v
            for (kb, kr), v in opening.items()
            if kept_b <= kb <= kept_b + wait_b and kept_r <= kr <= kept_r + wait_r
        }
        if not legal:  # a die already kept that the model would roll: roll the rest
            return "add"
        best = min(legal.values())
        kb, kr = min(k for k, v in legal.items() if v <= best + TIE)
        if s.waiting[0] == "blue":
            return "keep" if kept_b < kb else "add"
        return "keep" if kept_r < kr else "add"

    @staticmethod
    def solver(s: PotionPartyState, seat: int | None = None) -> Solver | None:
        """The shipped exact solution, if its table covers a seat's needs now (None for a
        complex recipe, dice with other faces, or needs beyond the table). Without a seat:
        the exact solution whatever the needs."""
        r = s.the_recipe
        if r is None or r.is_complex:
            return None
        solver = shipped((s.faces["blue"], s.faces["red"], s.faces["green"]))
        if solver is None or seat is None or covers(solver, *needs(s, seat)):
            return solver
        return None


def values(
    s: PotionPartyState, decision: Decision, solver: Solver | None = None
) -> dict[str, float]:
    """The exact expected turns still to play after each legal option of a question on the
    deciding seat's own turn (stop, roll greedily, pair, save; a Super Die's stars and its
    Alchemy face), when the shipped tables cover it; empty otherwise."""
    seat = decision.seat
    if solver is None:
        solver = OptimalBot.solver(s, seat) if seat == s.current else None
        if solver is None:
            return {}
    solver.trim(MOST_STATES)
    frame = s.stack[-1]
    got: dict[str, float] = {}
    if isinstance(frame, Turn):
        got = solver.choices(state_key(s, seat, solver))
    elif isinstance(frame, SuperScore):
        got = solver.super_score(state_key(s, seat, solver), frame.stars)
    elif isinstance(frame, SuperAlchemy):
        k = state_key(s, seat, solver)
        got = solver.alchemy_face(k, k[6], k[7], k[8], k[9], k[10], k[11])
    return {k: v for k, v in got.items() if decision.offers(k)}


def needs(s: PotionPartyState, seat: int) -> tuple[int, int]:
    """Ruby and Sapphire a seat still needs, as recorded."""
    r = s.the_recipe
    assert r is not None
    t = s.totals[seat]
    return max(r.need("ruby") - t["ruby"], 0), max(r.need("sapphire") - t["sapphire"], 0)


def state_key(s: PotionPartyState, seat: int, solver: Solver) -> Key:
    """The solver's state for a seat's turn now."""
    rb, sb = needs(s, seat)
    bits = solver.bits
    g = 0
    for colour, face, _n in s.groups:
        g |= bits.get((colour, face), 0)
    nb = nr = h = p = 0
    for colour, face in s.pool:
        if colour == "blue":
            nb += 1
            h += face == "heart"
        else:
            nr += 1
            p += face == "potion"
    kb, kr = s.kept.count("blue"), s.kept.count("red")
    nsb, nsr = s.new_saved.count("blue"), s.new_saved.count("red")
    sab, sar = s.saved[seat].count("blue"), s.saved[seat].count("red")
    # Dice of each colour this turn brought into play beyond the pool: the saved ones
    # (those saved again this turn included).
    in_play = {"blue": 0, "red": 0}
    for colour, _f in s.pool:
        in_play[colour] += 1
    for g_colour, _face, n in s.groups:
        in_play[g_colour] += n
    for colour in (*s.kept, *s.aside, *s.waiting, *s.new_saved):
        if colour in in_play:
            in_play[colour] += 1
    wb = in_play["blue"] - POOL["blue"]
    wr = in_play["red"] - POOL["red"]
    fb = max(min(MAX_BLUE - wb - sab, s.free_in_box("blue")), 0)
    fr = max(min(MAX_RED - wr - sar, s.free_in_box("red")), 0)
    if not solver.super_save:
        fb = fr = 0  # the model lets a Super Die's Alchemy face go
    tr, ts = min(s.tally["ruby"], rb), min(s.tally["sapphire"], sb)
    return (rb, sb, tr, ts, g, s.greedy_ok, nb, nr, h, p, kb, kr, nsb, nsr, sab, sar, fb, fr)


def make_optimal(seed: int) -> OptimalBot:
    """Factory for the catalog."""
    return OptimalBot(seed)
