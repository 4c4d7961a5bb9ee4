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

The expert level (``make_expert``) is the same planner with ``more`` playouts: at the draft
8 beyond hard's 8, and at the choice of discipline (``keep``) 8 where hard plays none. Those
extra playouts take their seeds from a generator of their own, so its first 8 at the draft
are hard's own and the team bot's draws are untouched: where the extra playouts change no
choice, the expert plays the very mission hard plays (``departures`` counts the choices they
changed), which lets the two be compared on the same seeds with little noise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine import Decision, GameState, Rng
from athanor.games.crucible.bots import TeamBot

PLAYS = 8  # playouts per option at a planned decision
PLANNED = frozenset({"task"})  # the kinds of decision planned: the task draft
MARGIN = 1  # missions an option must win beyond the team bot's pick
MAX_STEPS = 2_000  # a playout not over by then counts as lost
# The expert's playouts beyond hard's, by kind of decision: the draft and the discipline kept.
EXPERT_MORE: Mapping[str, int] = {"task": 8, "keep": 8}


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
        more: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(seed)
        self.plays = plays
        self.planned = planned
        self.margin = margin
        self.more = dict(more or {})  # playouts beyond ``plays``, by kind, seeded apart
        self.more_rng = Rng(seed ^ 0x5EED_E8)
        self.departures = 0  # choices the ``more`` playouts changed

    def choose(self, state: GameState, decision: Decision) -> str:
        """The team bot's choice, or at a planned decision the option that won most."""
        own = super().choose(state, decision)
        ids = decision.ids
        kind = ids[0].split(":", 1)[0]
        base = self.plays if kind in self.planned else 0
        extra = self.more.get(kind, 0)
        if len(ids) == 1 or base + extra <= 0:
            return own
        first = self.trials(state, decision, base)
        pick = self._pick(ids, first, own) if base > 0 else own
        if extra <= 0:
            return pick
        second = self.trials(state, decision, extra, self.more_rng)
        best = self._pick(ids, {i: first[i] + second[i] for i in ids}, own)
        self.departures += best != pick
        return best

    def _pick(self, ids: tuple[str, ...], wins: dict[str, int], own: str) -> str:
        best = max(ids, key=lambda i: (wins[i], i == own))
        return best if wins[best] > wins[own] + self.margin else own

    def trials(
        self, state: GameState, decision: Decision, plays: int = -1, rng: Rng | None = None
    ) -> dict[str, int]:
        """How many of ``plays`` (by default the bot's own) paired playouts each option won,
        their seeds drawn from ``rng`` (by default the team bot's)."""
        plays = self.plays if plays < 0 else plays
        rng = self.rng if rng is None else rng
        seat = decision.seat
        seeds = [(rng.next64() >> 1, rng.next64() >> 1) for _ in range(plays)]
        wins = dict.fromkeys(decision.ids, 0)
        for deal_seed, bot_seed in seeds:
            copy = state.determinize(seat, deal_seed)
            for option in decision.ids:
                wins[option] += playout(copy, option, bot_seed)
        return wins


def make_expert(seed: int = 0) -> PlannerBot:
    """The expert level: the planner with 8 more playouts at the draft (16 in all) and 8 at
    the choice of discipline."""
    bot = PlannerBot(seed, more=EXPERT_MORE)
    bot.name = "expert-planner"
    return bot


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
