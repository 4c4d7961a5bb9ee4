"""The planner (the hard level): the team bot, drafting tasks by paired playouts; and the
expert level, the same planner with more playouts, at the draft and at the discipline."""

from __future__ import annotations

from typing import Any

import athanor
from athanor import catalog
from athanor.engine import Decision, GameState, Rng
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.planner import EXPERT_MORE, PlannerBot


def _draft(seed: int) -> GameState:
    g = athanor.new_game("crucible", 3, seed=seed, options={"mission": 8}, log=False)
    assert g.decision is not None and g.decision.ids[0].startswith("task:")
    return g


def test_the_planner_drafts_the_task_the_team_could_hardly_place_elsewhere() -> None:
    """Mission 8, three players, seed 2: the Lead Alchemist holds Catalyst 4 (its only
    Catalyst) and is offered a Catalyze trick of exactly 22, no Aether, no Catalyst, no Salt,
    or a Catalyst won. The team bot takes the Catalyst its 4 makes easy; played out (64
    paired playouts each from its seat's view) that draft wins 5 missions, taking the 22
    itself 47."""
    g = _draft(2)
    d = g.decision
    assert d is not None and d.seat == 0
    assert TeamBot(1).choose(g, d) == "task:win-catalyst"
    assert PlannerBot(1).choose(g, d) == "task:sum-22"


def test_without_playouts_the_planner_is_the_team_bot() -> None:
    g = athanor.new_game("crucible", 4, seed=5, options={"mission": 4}, log=False)
    planner, team = PlannerBot(3, plays=0), TeamBot(3)
    while not g.is_over:
        d = g.decision
        assert d is not None
        a, b = planner.choose(g, d), team.choose(g, d)
        assert a == b, d.prompt
        g.apply(a)


def test_the_planner_is_deterministic_for_a_seed_and_plans_only_the_draft() -> None:
    g = _draft(0)
    d = g.decision
    assert d is not None
    assert PlannerBot(7, plays=3).choose(g, d) == PlannerBot(7, plays=3).choose(g, d)
    assert isinstance(catalog.bot("crucible", "planner", 1), PlannerBot)
    # Past the draft it leaves every decision to the team bot: no playouts.
    bot = Counting(1, plays=3)
    while g.decision is not None and g.decision.ids[0].startswith("task:"):
        g.apply(g.decision.ids[0])
    steps = 0
    while not g.is_over and steps < 40:
        d = g.decision
        assert d is not None
        g.apply(bot.choose(g, d))
        steps += 1
    assert bot.calls == 0


def test_the_expert_is_the_planner_with_more_playouts_at_the_draft_and_the_discipline() -> None:
    assert athanor.spec("crucible").levels["expert"].bot == "expert-planner"
    bot = catalog.bot("crucible", "expert-planner", 1)
    assert isinstance(bot, PlannerBot)
    assert (bot.plays, bot.planned, bot.more) == (8, frozenset({"task"}), dict(EXPERT_MORE))
    assert EXPERT_MORE == {"task": 8, "keep": 8}
    g = _draft(0)
    d = g.decision
    assert d is not None
    small = {"task": 1, "keep": 1}
    a = PlannerBot(7, plays=1, more=small).choose(g, d)
    assert a == PlannerBot(7, plays=1, more=small).choose(g, d)


def test_the_expert_plans_the_draft_and_the_discipline_only() -> None:
    g = athanor.new_game("crucible", 3, seed=4, options={"mission": 4}, log=False)
    bot = Counting(2, plays=1, more={"task": 1, "keep": 1})
    steps = 0
    while not g.is_over and steps < 60:
        d = g.decision
        assert d is not None
        g.apply(bot.choose(g, d))
        steps += 1
    assert set(bot.kinds) == {"task", "keep"}


def test_where_its_extra_playouts_change_nothing_the_expert_plays_as_hard() -> None:
    """The extra playouts are seeded apart from the team bot's draws and from hard's own
    playouts: at every decision the expert chooses as hard would (both on the same seed, fed
    the same states) unless it counts a departure, so a mission without departures is hard's
    very mission."""
    compared = departed = 0
    for seed in (1, 6):
        g = athanor.new_game("crucible", 3, seed=seed, options={"mission": 4}, log=False)
        experts = [PlannerBot(seed + i, plays=1, more={"task": 1, "keep": 1}) for i in range(3)]
        hards = [PlannerBot(seed + i, plays=1) for i in range(3)]
        while not g.is_over:
            d = g.decision
            assert d is not None
            before = experts[d.seat].departures
            a, b = experts[d.seat].choose(g, d), hards[d.seat].choose(g, d)
            if experts[d.seat].departures == before:
                assert a == b, d.prompt
                compared += len(d.ids) > 1
            else:
                assert a != b
                departed += 1
                break  # from here the two missions differ
            g.apply(a)
    assert compared >= 20 and departed >= 1, (compared, departed)


class Counting(PlannerBot):
    """A planner that counts the decisions it plans, and their kinds."""

    calls = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kinds: list[str] = []

    def trials(
        self, state: GameState, decision: Decision, plays: int = -1, rng: Rng | None = None
    ) -> dict[str, int]:
        self.calls += 1
        self.kinds.append(decision.ids[0].split(":", 1)[0])
        return super().trials(state, decision, plays, rng)
