"""The planner (the hard level): the team bot, drafting tasks by paired playouts; and the
expert level, the same planner with more playouts, at the draft, at the discipline and at
the leader's choice of Catalyze or Transmute."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor import catalog
from athanor.engine import Decision, GameState
from athanor.games.crucible import planner
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.planner import (
    EXPERT_BUDGET,
    EXPERT_MORE,
    HARD_BUDGET,
    HARD_MARGIN,
    LEVEL_MORE,
    PlannerBot,
)


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
    levels = athanor.spec("crucible").levels
    assert (levels["hard"].bot, levels["expert"].bot) == ("budget-planner", "budget-expert")
    bot = catalog.bot("crucible", "expert", 1)
    assert isinstance(bot, PlannerBot)
    assert (bot.plays, bot.planned, bot.more) == (8, frozenset({"task"}), dict(LEVEL_MORE))
    assert EXPERT_MORE == {"task": 8, "keep": 8} and bot.budget == EXPERT_BUDGET == 14
    assert LEVEL_MORE == {"task": 8, "keep": 8, "catalyze": 14}
    hard = catalog.bot("crucible", "hard", 1)
    assert isinstance(hard, PlannerBot) and not hard.more
    assert (hard.plays, hard.budget, hard.margin) == (8, HARD_BUDGET, HARD_MARGIN)
    # The names from before budgets keep working, as they were.
    old = catalog.bot("crucible", "expert-planner", 1)
    assert isinstance(old, PlannerBot) and old.more == dict(EXPERT_MORE) and old.budget is None
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

    def _race(
        self,
        state: GameState,
        decision: Decision,
        own: str,
        seeds: list[tuple[int, int]],
        base: int,
    ) -> tuple[dict[str, int], dict[str, int]]:
        self.calls += 1
        self.kinds.append(decision.ids[0].split(":", 1)[0])
        return super()._race(state, decision, own, seeds, base)


class EveryPlayout(PlannerBot):
    """The planner as it was before the race: every option played on every deal."""

    def _race(
        self,
        state: GameState,
        decision: Decision,
        own: str,
        seeds: list[tuple[int, int]],
        base: int,
    ) -> tuple[dict[str, int], dict[str, int]]:
        wins = dict.fromkeys(decision.ids, 0)
        first = wins
        for k, (deal_seed, bot_seed) in enumerate(seeds):
            if k == base:
                first = dict(wins)
            copy = state.determinize(decision.seat, deal_seed)
            for option in decision.ids:
                wins[option] += planner.playout(copy, option, bot_seed)
        return (first if base < len(seeds) else wins), wins


def test_the_race_chooses_as_playing_every_option_on_every_deal_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dropping an option once it can no longer be chosen changes no choice and no count of
    departures, and saves playouts. Checked on 400 made-up tables of playout results (each
    option its own chance of winning, 2 to 12 deals, the margin 0 to 2), the race and every
    playout side by side on the same seeds."""
    import random

    g = _draft(2)
    d = g.decision
    assert d is not None
    table: dict[str, float] = {}
    counts = {"played": 0}

    def made_up(start: GameState, option: str, seed: int) -> int:
        counts["played"] += 1
        return int(random.Random(f"{table['trial']} {option} {seed}").random() < table[option])

    monkeypatch.setattr(planner, "playout", made_up)
    monkeypatch.setattr(TeamBot, "choose", lambda self, state, decision: decision.ids[-1])
    rng = random.Random(5)
    raced_total = full_total = overruled = departed = 0
    for trial in range(400):
        table.clear()
        table["trial"] = trial
        for option in d.ids:
            table[option] = rng.choice([0.1, 0.3, 0.5, 0.7, 0.9])
        plays, extra, margin = rng.randint(1, 8), rng.randint(0, 6), rng.randint(0, 2)
        more = {"task": extra}
        raced = PlannerBot(trial, plays=plays, margin=margin, more=more)
        full = EveryPlayout(trial, plays=plays, margin=margin, more=more)
        counts["played"] = 0
        a = raced.choose(g, d)
        raced_total += counts["played"]
        counts["played"] = 0
        b = full.choose(g, d)
        full_total += counts["played"]
        assert a == b, (trial, plays, extra, margin)
        assert raced.departures == full.departures, trial
        overruled += a != d.ids[-1]
        departed += raced.departures
    assert overruled > 100 and departed > 10, (overruled, departed)
    assert raced_total < 0.9 * full_total, (raced_total, full_total)


def _made_up_playouts(
    monkeypatch: pytest.MonkeyPatch, chance: dict[str, float], played: list[str]
) -> None:
    """Playouts that win with each option's own chance, seeded by option and deal; the
    team bot's own pick is the decision's last option."""
    import random

    def made_up(start: GameState, option: str, seed: int) -> int:
        played.append(option)
        return int(random.Random(f"{option} {seed}").random() < chance[option])

    monkeypatch.setattr(planner, "playout", made_up)
    monkeypatch.setattr(TeamBot, "choose", lambda self, state, decision: decision.ids[-1])


def test_a_budget_caps_the_playouts_of_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many options and playouts an option, a decision never takes more playouts
    than the budget; within it, the budget is mostly spent, and the team bot's pick is played
    on every deal the survivors play."""
    g = _draft(2)
    d = g.decision
    assert d is not None and len(d.ids) == 5
    played: list[str] = []
    _made_up_playouts(monkeypatch, dict.fromkeys(d.ids, 0.5), played)
    for budget in [*range(1, 40), 60, 79]:  # (all below the 80 every playout would take)
        played.clear()
        bot = PlannerBot(budget, plays=8, more={"task": 8}, budget=budget)
        bot.choose(g, d)
        assert len(played) <= budget, (budget, len(played))
        if budget >= len(d.ids):
            assert len(played) > budget - 3, (budget, len(played))
            assert played.count(d.ids[-1]) == max(played.count(i) for i in d.ids)


def test_within_its_budget_the_planner_races_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget the race fits in changes nothing: the same choice, the same playouts."""
    g = _draft(2)
    d = g.decision
    assert d is not None
    chance = {i: 0.2 + 0.15 * n for n, i in enumerate(d.ids)}
    first: list[str] = []
    second: list[str] = []
    _made_up_playouts(monkeypatch, chance, first)
    a = PlannerBot(4, plays=3).choose(g, d)
    _made_up_playouts(monkeypatch, chance, second)
    b = PlannerBot(4, plays=3, budget=3 * len(d.ids)).choose(g, d)
    assert (a, first) == (b, second)


def test_with_a_small_budget_the_planner_still_finds_a_much_better_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Five options, the team bot's pick winning one mission in ten; one other option wins
    nine in ten. With 14 playouts (under 3 an option) sequential halving finds it on most
    seeds, and seldom leaves the team bot's pick for an option no better than it."""
    g = _draft(2)
    d = g.decision
    assert d is not None
    found = strayed = 0
    for good in d.ids[:-1]:
        chance = dict.fromkeys(d.ids, 0.1)
        chance[good] = 0.9
        played: list[str] = []
        _made_up_playouts(monkeypatch, chance, played)
        for seed in range(20):
            pick = PlannerBot(seed, plays=8, more={"task": 8}, budget=14).choose(g, d)
            found += pick == good
            strayed += pick not in (good, d.ids[-1])
    assert found >= 70, found  # of 80
    assert strayed <= 4, strayed


def test_the_planner_cannot_peek_two_states_alike_from_its_seat_get_the_same_choice() -> None:
    """At the draft and at the discipline, with and without a budget, the planner reads the
    hidden hands only through ``determinize`` from its own seat: a state re-dealt from that
    seat (other hands, the same view) gets the same choice."""
    compared = differed = 0
    for seed in (2, 5):
        s = athanor.new_game("crucible", 3, seed=seed, options={"mission": 8}, log=False)
        planned = False
        while not s.is_over:
            d = s.decision
            assert d is not None
            kind = d.ids[0].split(":", 1)[0]
            if kind not in ("task", "keep") and planned:
                break  # the draft and the discipline are over
            if kind in ("task", "keep") and len(d.ids) > 1:
                planned = True
                other = s.determinize(d.seat, 500 + compared)
                assert other.view(d.seat) == s.view(d.seat)
                differed += any(
                    sorted(other.hands[i]) != sorted(s.hands[i]) for i in range(s.players)
                )
                for budget in (None, 4):
                    more = {"keep": 2}
                    a = PlannerBot(9, plays=2, more=more, budget=budget).choose(s, d)
                    b = PlannerBot(9, plays=2, more=more, budget=budget).choose(
                        other,
                        other.decision,  # type: ignore[arg-type]
                    )
                    assert a == b, (seed, d.prompt, budget)
                    compared += 1
            s.apply(TeamBot(seed + d.seat).choose(s, d))
    assert compared >= 12 and differed >= compared // 4, (compared, differed)


def test_the_expert_level_also_plans_the_leaders_intent() -> None:
    g = athanor.new_game("crucible", 3, seed=4, options={"mission": 4}, log=False)
    bot = Counting(2, plays=1, more={"task": 1, "keep": 1, "catalyze": 1})
    while not g.is_over:
        d = g.decision
        assert d is not None
        g.apply(bot.choose(g, d))
    assert set(bot.kinds) == {"task", "keep", "catalyze"}


def _intent_at_seed_11() -> GameState:
    """Mission 8, three players, seed 11, the team bot in every seat, 26 choices in: Player 2
    leads the fifth reaction. Its own task is done; Player 1 must win the trick right after a
    Boil Over, and Player 3 must win no Lodestone at all."""
    g = athanor.new_game("crucible", 3, seed=11, options={"mission": 8}, log=False)
    bots = [TeamBot(77 + i) for i in range(3)]
    for _ in range(26):
        d = g.decision
        assert d is not None
        g.apply(bots[d.seat].choose(g, d))
    assert g.decision is not None and g.decision.ids == ("catalyze", "transmute")
    return g


def test_the_expert_leads_a_catalyze_where_the_team_bots_transmute_mostly_loses() -> None:
    """Played out from Player 2's view (24 paired deals), Catalyze won the mission 16 times
    and Transmute never. The team bot, judging the trick alone, declares Transmute with four
    seeds of five; the expert, which plays the intent out, declares Catalyze with every seed."""
    g = _intent_at_seed_11()
    d = g.decision
    assert d is not None and d.seat == 1
    team = [TeamBot(s).choose(g, d) for s in range(5)]
    assert team.count("transmute") == 4
    assert {catalog.bot("crucible", "expert", s).choose(g, d) for s in range(4)} == {"catalyze"}
    # hard does not plan the intent: the team bot's choice stands.
    assert catalog.bot("crucible", "hard", 1).choose(g, d) == TeamBot(1).choose(g, d)


class Halving(PlannerBot):
    """A planner that keeps each budgeted decision's playout results."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wins: list[dict[str, int]] = []

    def _halve(
        self,
        state: GameState,
        decision: Decision,
        own: str,
        seeds: list[tuple[int, int]],
        budget: int,
    ) -> dict[str, int]:
        got = super()._halve(state, decision, own, seeds, budget)
        self.wins.append(got)
        return got


def test_the_expert_reads_the_intent_from_its_seat_alone() -> None:
    """At the intent, states re-dealt from the leader's seat (other hands, the same view) get
    the expert's same playout results, win for win, and so the same choice."""
    g: Any = _intent_at_seed_11()
    d = g.decision
    differed = 0
    for k in range(3):
        other: Any = g.determinize(d.seat, 40 + k)
        assert other.view(d.seat) == g.view(d.seat)
        differed += any(sorted(a) != sorted(b) for a, b in zip(other.hands, g.hands, strict=True))
        seen = [Halving(5, more=dict(LEVEL_MORE), budget=EXPERT_BUDGET) for _ in range(2)]
        picks = [seen[0].choose(g, d), seen[1].choose(other, other.decision)]
        assert picks[0] == picks[1] and seen[0].wins == seen[1].wins != []
    assert differed == 3
