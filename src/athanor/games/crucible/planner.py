"""The Crucible's planner (the hard level): the team bot, except that at the decisions that
shape a mission it tries each option by playing the mission out.

At a planned decision (by default only the task draft: who owns which task decides many
missions, and the team bot's table of draft scores often misjudges it) it deals the hidden
cards again ``plays`` times from its own seat's view (``state.determinize(seat, seed)``,
never the true state), and on each deal plays every option out to the end of the mission
with the quick team bot (imagining 2 deals) in every seat. Every option is played on
the same deals with the same playout seeds (paired), so their differences are measured
fairly. It takes the option that won most, unless it does not win more than the team bot's
own pick by more than ``margin`` missions: then the team bot's pick stands. Every other
decision is the team bot's. With its budget a number of playouts it is deterministic for a
seed. Measured against the team bot on the same seeds: benchmarks/crucible_hard.py.
"""

from __future__ import annotations

from typing import Any

from athanor.engine import Decision, GameState
from athanor.games.crucible.bots import TeamBot

PLAYS = 8  # playouts per option at a planned decision
PLANNED = frozenset({"task"})  # the kinds of decision planned: the task draft
MARGIN = 1  # missions an option must win beyond the team bot's pick
MAX_STEPS = 2_000  # a playout not over by then counts as lost


class PlannerBot(TeamBot):
    """The team bot, planning the kinds of decision in ``planned`` (the task draft by
    default) by paired playouts."""

    name = "planner"

    def __init__(
        self,
        seed: int = 0,
        plays: int = PLAYS,
        planned: frozenset[str] = PLANNED,
        margin: int = MARGIN,
    ) -> None:
        super().__init__(seed)
        self.plays = plays
        self.planned = planned
        self.margin = margin

    def choose(self, state: GameState, decision: Decision) -> str:
        """The team bot's choice, or at a planned decision the option that won most."""
        own = super().choose(state, decision)
        ids = decision.ids
        if len(ids) == 1 or ids[0].split(":", 1)[0] not in self.planned or self.plays <= 0:
            return own
        wins = self.trials(state, decision)
        best = max(ids, key=lambda i: (wins[i], i == own))
        return best if wins[best] > wins[own] + self.margin else own

    def trials(self, state: GameState, decision: Decision) -> dict[str, int]:
        """How many of ``plays`` paired playouts each option won."""
        seat = decision.seat
        seeds = [(self.rng.next64() >> 1, self.rng.next64() >> 1) for _ in range(self.plays)]
        wins = dict.fromkeys(decision.ids, 0)
        for deal_seed, bot_seed in seeds:
            copy = state.determinize(seat, deal_seed)
            for option in decision.ids:
                wins[option] += playout(copy, option, bot_seed)
        return wins


def playout(start: GameState, option: str, seed: int) -> int:
    """1 if the team wins the mission from ``start`` after ``option``, the quick team bot
    (imagining 2 deals) in every seat; else 0."""
    s = start.clone()
    s.apply(option)
    bot = TeamBot(seed, 2)
    steps = 0
    while not s.is_over and steps < MAX_STEPS:
        d = s.decision
        assert d is not None
        s.apply(bot.choose(s, d))
        steps += 1
    res: Any = s.result
    return 1 if res is not None and res.scores[0] > 0 else 0
