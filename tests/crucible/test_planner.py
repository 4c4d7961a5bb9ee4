"""The planner (the hard level): the team bot, drafting tasks by paired playouts."""

from __future__ import annotations

import athanor
from athanor import catalog
from athanor.engine import Decision, GameState
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.planner import PlannerBot


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


class Counting(PlannerBot):
    """A planner that counts the decisions it plans."""

    calls = 0

    def trials(self, state: GameState, decision: Decision) -> dict[str, int]:
        self.calls += 1
        return super().trials(state, decision)
