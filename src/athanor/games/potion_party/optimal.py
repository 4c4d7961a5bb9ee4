"""A Potion Party bot that plays the lone player's exact optimal policy (solver.py).

At every question of its turn it takes the choice with the fewest expected turns still to
play, as solved for the game's dice and recipe; it never saves Alchemy dice, pairs a
heart and a potion whenever it can and rolls the Super Die at once. Everything else
(alchemists, the recipe, Sabotage) and complex recipes, which the solver does not cover,
it leaves to the heuristic bot. Everything in Potion Party is public: it reads the table.
"""

from __future__ import annotations

from athanor.engine import Decision, GameState
from athanor.games.potion_party.bots import PotionPartyBot
from athanor.games.potion_party.rules import (
    PotionPartyState,
    SuperAlchemy,
    SuperScore,
    Turn,
    UseSuper,
)
from athanor.games.potion_party.solver import Key, Solution, solved


class OptimalBot(PotionPartyBot):
    """Stops, rolls on and scores Super Dice as the exact lone-player policy says."""

    name = "optimal"

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id for the decision in front of the bot."""
        s = state
        assert isinstance(s, PotionPartyState)
        sol = self.solution(s)
        frame = s.stack[-1]
        ids = decision.ids
        if sol is None or sol.solver is None:
            return super().choose(state, decision)
        seat = decision.seat
        if isinstance(frame, Turn) and seat == s.current:
            key = state_key(s, seat, sol)
            if "super" in ids and key[8] and key[9]:
                return "super"
            values = sol.solver.choices(key)
            legal = {k: v for k, v in values.items() if k in ids}
            if legal:
                return min(legal, key=lambda k: (legal[k], k != "stop"))
            return "stop"
        if isinstance(frame, UseSuper):
            return "roll"
        if isinstance(frame, SuperScore):
            values = sol.solver.super_score(state_key(s, seat, sol), frame.stars)
            legal = {k: v for k, v in values.items() if k in ids}
            if legal:
                return min(legal, key=lambda k: (legal[k], k))
        if isinstance(frame, SuperAlchemy) and "none" in ids:
            return "none"
        return super().choose(state, decision)

    @staticmethod
    def solution(s: PotionPartyState) -> Solution | None:
        """The solved tables for this game's dice and recipe (None for a complex recipe)."""
        r = s.the_recipe
        if r is None or r.is_complex:
            return None
        faces = (s.faces["blue"], s.faces["red"], s.faces["green"])
        return solved(faces, r.need("ruby"), r.need("sapphire"))


def state_key(s: PotionPartyState, seat: int, sol: Solution) -> Key:
    """The solver's state for a seat's turn now."""
    assert sol.solver is not None
    t = s.totals[seat]
    rb = max(sol.ruby - t["ruby"], 0)
    sb = max(sol.sapphire - t["sapphire"], 0)
    bits = sol.solver.bits
    g = 0
    for colour, face, _n in s.groups:
        g |= bits.get((colour, face), 0)
    b = r = h = p = 0
    for colour, face in s.pool:
        if colour == "blue":
            if face == "heart":
                h += 1
            else:
                b += 1
        elif face == "potion":
            p += 1
        else:
            r += 1
    tr = min(s.tally["ruby"], rb)
    ts = min(s.tally["sapphire"], sb)
    return (rb, sb, tr, ts, g, s.greedy_ok, b, r, h, p)


def make_optimal(seed: int) -> OptimalBot:
    """Factory for the catalog."""
    return OptimalBot(seed)
