"""The Crucible's planner (the hard and expert levels): the team bot, except that at the
decisions that shape a mission it tries each option by playing the mission out.

At a planned decision (by default only the task draft: who owns which task decides many
missions, and the team bot's table of draft scores often misjudges it) it deals the hidden
cards again ``plays`` times from its own seat's view (``state.determinize(seat, seed)``,
never the true state), and on each deal plays every option out to the end of the mission
with the quick team bot (imagining 2 deals) in every seat. Every option is played on
the same deals with the same playout seeds (paired), so their differences are measured
fairly. It takes the option that won most, unless it does not win more than the team bot's
own pick by more than ``margin`` missions: then the team bot's pick stands. An option
leaves the race as soon as it can no longer be chosen however the deals left fall, so
the choice is the one playing every option on every deal gives, for fewer playouts
(about 12% fewer at the expert's settings). Every other decision is the team bot's.

A ``budget`` caps the playouts of one decision, so a level answers in about the same time
whatever the number of options. When the race could take more, the budget is spent by
sequential halving instead: every option plays a deal or two, the better half (and the
team bot's pick) plays more, and so on. The levels: hard (``make_budget_planner``) 8
playouts a decision at the draft, about half a second; expert (``make_budget_expert``) 14
at the draft and at the choice of discipline, about a second. With budgets counted in
playouts, not seconds, every level is deterministic for a seed.

``make_expert`` is the planner with ``more`` playouts and no budget (the expert level
before budgets): at the draft 8 beyond ``plays``, and 8 at the choice of discipline
(``keep``). Those extra playouts take their seeds from a generator of their own, so its
first 8 at the draft are the planner's own and the team bot's draws are untouched: where
the extra playouts change no choice, it plays the very mission the planner plays
(``departures`` counts the choices they changed). Measured against the team bot on the
same seeds: benchmarks/crucible_hard.py."""

from __future__ import annotations

import math
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
# The expert level's: those, and the leader's choice of Catalyze or Transmute (a choice of
# two, made at most once a trick, that the team bot judges from the trick alone).
LEVEL_MORE: Mapping[str, int] = {**EXPERT_MORE, "catalyze": 14}
# The levels' budgets, playouts a decision: about half a second and a second at a draft pick
# on one core of the reference machine (a playout is a whole mission, about 50-100 ms).
HARD_BUDGET = 8
HARD_MARGIN = 0  # with few deals an option, any lead over the team bot's pick is taken
EXPERT_BUDGET = 14


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
        budget: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.plays = plays
        self.budget = budget  # the most playouts one decision may take, if any
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
        seeds = self._seeds(base, self.rng) + self._seeds(extra, self.more_rng)
        if self.budget is not None and len(ids) * len(seeds) > self.budget:
            wins = self._halve(state, decision, own, seeds, self.budget)
            return self._pick(wins, own)
        first, wins = self._race(state, decision, own, seeds, base)
        best = self._pick(wins, own)
        if extra > 0:
            pick = self._pick(first, own) if base > 0 else own
            self.departures += best != pick
        return best

    @staticmethod
    def _seeds(plays: int, rng: Rng) -> list[tuple[int, int]]:
        return [(rng.next64() >> 1, rng.next64() >> 1) for _ in range(plays)]

    def _pick(self, wins: dict[str, int], own: str) -> str:
        """The option that won most, if it won more than ``margin`` beyond ``own``; else
        ``own``. ``wins`` holds ``own`` and every option still in the race."""
        best = max(wins, key=lambda i: (wins[i], i == own))
        return best if wins[best] > wins[own] + self.margin else own

    def _race(
        self,
        state: GameState,
        decision: Decision,
        own: str,
        seeds: list[tuple[int, int]],
        base: int,
    ) -> tuple[dict[str, int], dict[str, int]]:
        """Each option's wins on the paired playouts ``seeds``, deal by deal: after the first
        ``base`` deals, and after all, for the options still in the race then. An option
        leaves the race once it can no longer be chosen whatever the deals left give: even
        winning them all it would stay below another option's wins so far, or not beat
        ``own``'s by more than the margin (nor could it have been the pick after ``base``).
        So ``_pick`` makes the choice every playout would give, for fewer playouts. ``own``
        stays while any other option does."""
        seat = decision.seat
        alive = list(decision.ids)
        wins = dict.fromkeys(alive, 0)
        first: dict[str, int] | None = None
        total = len(seeds)
        for k, (deal_seed, bot_seed) in enumerate(seeds):
            if k == base:
                first = {i: wins[i] for i in alive}
            copy = state.determinize(seat, deal_seed)
            for option in alive:
                wins[option] += playout(copy, option, bot_seed)
            left = total - k - 1
            top = max(wins[i] for i in alive)
            bar = wins[own] + self.margin
            alive = [i for i in alive if i == own or top <= wins[i] + left > bar]
            if len(alive) == 1:
                break
        if first is None:
            first = {i: wins[i] for i in alive}
        return first, {i: wins[i] for i in alive}

    def _halve(
        self,
        state: GameState,
        decision: Decision,
        own: str,
        seeds: list[tuple[int, int]],
        budget: int,
    ) -> dict[str, int]:
        """Each surviving option's wins when ``budget`` playouts cannot try every option on
        every deal: sequential halving. In each of about log2(options) rounds every option
        still in plays the same new deals (its share of the budget left), then the better
        half stays, ``own`` always with it; a tie keeps the earlier option, ``own`` first.
        It stops when the budget left cannot give every option left one more deal. The
        options left have all played the same deals, so their wins compare."""
        seat = decision.seat
        alive = [own, *(i for i in decision.ids if i != own)]
        wins = dict.fromkeys(alive, 0)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        left, k = budget, 0
        for r in range(rounds):
            if left < len(alive):
                break  # not one more deal for every option left: choose now
            deals = max(1, left // (len(alive) * (rounds - r)))
            if k + deals > len(seeds):  # (a budget beyond the playouts set: seeds to match)
                seeds = seeds + self._seeds(k + deals - len(seeds), self.more_rng)
            for deal_seed, bot_seed in seeds[k : k + deals]:
                copy = state.determinize(seat, deal_seed)
                for option in alive:
                    wins[option] += playout(copy, option, bot_seed)
            k += deals
            left -= deals * len(alive)
            if r < rounds - 1:
                ranked = sorted(alive, key=lambda i: -wins[i])  # stable: ties keep order
                half = ranked[: math.ceil(len(alive) / 2)]
                alive = half if own in half else [own, *half]
        return {i: wins[i] for i in alive}


def make_expert(seed: int = 0) -> PlannerBot:
    """The planner with 8 more playouts at the draft (16 in all) and 8 at the choice of
    discipline, with no budget (the expert level before budgets: seconds at a draft pick)."""
    bot = PlannerBot(seed, more=EXPERT_MORE)
    bot.name = "expert-planner"
    return bot


def make_budget_planner(seed: int = 0) -> PlannerBot:
    """The hard level: the planner held to ``HARD_BUDGET`` playouts a decision."""
    bot = PlannerBot(seed, margin=HARD_MARGIN, budget=HARD_BUDGET)
    bot.name = "budget-planner"
    return bot


def make_budget_expert(seed: int = 0) -> PlannerBot:
    """The expert level: the planner held to ``EXPERT_BUDGET`` playouts a decision,
    planning the draft, the discipline and the leader's intent (``LEVEL_MORE``)."""
    bot = PlannerBot(seed, more=LEVEL_MORE, budget=EXPERT_BUDGET)
    bot.name = "budget-expert"
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
