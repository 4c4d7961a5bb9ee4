"""Potion Party's exact lone-player solver (saved dice included) and the bot that plays it."""

from __future__ import annotations

import json
import math
import sys

import pytest

import athanor
from athanor import catalog
from athanor.engine import Rng
from athanor.games.potion_party import optimal
from athanor.games.potion_party.data import RECIPES
from athanor.games.potion_party.optimal import TIE, OptimalBot, state_key
from athanor.games.potion_party.rules import PotionPartyState, StartTurn
from athanor.games.potion_party.solver import (
    DEFAULT,
    MAX_BLUE,
    MAX_RED,
    MODELS,
    Solver,
    _anderson,
    _loop_value,
    load_turns,
    shipped,
)
from tests.potion_party.helpers import roll, table

# Needs whose whole-recipe values are worked out again from scratch (the last: the whole
# Potion of Speed).
NEED_RECHECKS = [(1, 1), (3, 2), (11, 10)]


def _shipped(model: str = "exact") -> Solver:
    sol = shipped(DEFAULT, model)
    assert sol is not None
    return sol


def _recheck(model: str, need: tuple[int, int], saved: tuple[tuple[int, int], ...]) -> None:
    """Work out every value inside the turns of one need again from the rules, with the
    table's values for the smaller needs; the need's turn-start values must come back
    unchanged (they are the equations' only fixed point)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    turns = _shipped(model).turns
    lower = {k: v for k, v in turns.items() if (k[0], k[1]) != need}
    fresh = Solver(DEFAULT, lower, **MODELS[model])
    fresh.cur = need
    fresh.guess = {k: v for k, v in turns.items() if (k[0], k[1]) == need}
    for wb, wr in saved:
        start = (*need, wb, wr)
        again = 1.0 + min(fresh.opening(*start).values())
        assert abs(again - turns[start]) < 1e-7, (start, again, turns[start])


SIMPLE = [r for r in RECIPES.values() if not r.is_complex]
WHOLE = "no-early-save"  # the programme shipped for every need of a whole recipe


@pytest.mark.parametrize("model", ["exact", WHOLE])
def test_each_shipped_table_holds_every_saved_dice_combination_of_each_need(model: str) -> None:
    turns = _shipped(model).turns
    needs = {(k[0], k[1]) for k in turns}
    assert {(0, 0), (1, 0), (0, 1), (3, 3)} <= needs
    for rb, sb in needs:
        for wb in range(MAX_BLUE + 1):
            for wr in range(MAX_RED + 1):
                v = turns[(rb, sb, wb, wr)]
                assert v == 0.0 if (rb, sb) == (0, 0) else v >= 1.0
                # A saved die never makes the finish slower: it may always be rolled.
                if wb:
                    assert v <= turns[(rb, sb, wb - 1, wr)] + 1e-9
                if wr:
                    assert v <= turns[(rb, sb, wb, wr - 1)] + 1e-9
                # Needing more never makes the finish sooner.
                if rb:
                    assert v >= turns[(rb - 1, sb, wb, wr)] - 1e-9
                if sb:
                    assert v >= turns[(rb, sb - 1, wb, wr)] - 1e-9


@pytest.mark.parametrize("model", ["exact", WHOLE])
def test_each_table_covers_every_need_of_every_simple_recipe(model: str) -> None:
    turns = _shipped(model).turns
    assert len(SIMPLE) == 4
    for r in SIMPLE:
        for rb in range(r.need("ruby") + 1):
            for sb in range(r.need("sapphire") + 1):
                assert all((rb, sb, wb, wr) in turns for wb in range(6) for wr in range(4))


@pytest.mark.parametrize(
    ("need", "saved"),
    [
        ((1, 0), ((0, 0), (1, 0), (0, 1), (1, 1))),
        ((0, 1), ((0, 0), (1, 0), (0, 1), (1, 1))),
        ((11, 10), ((0, 0), (2, 1), (3, 2))),
    ],
    ids=["ruby", "sapphire", "whole-speed"],
)
def test_the_shipped_table_solves_the_optimality_equations_recomputed_from_scratch(
    need: tuple[int, int], saved: tuple[tuple[int, int], ...]
) -> None:
    _recheck("exact", need, saved)


@pytest.mark.parametrize("need", NEED_RECHECKS, ids=["small", "middle", "whole-speed"])
def test_the_whole_recipe_table_solves_its_equations_recomputed_from_scratch(
    need: tuple[int, int],
) -> None:
    _recheck(WHOLE, need, ((0, 0), (2, 1), (5, 3)))


def test_the_whole_recipe_programme_never_beats_the_exact_one_and_is_close_to_it() -> None:
    """Every policy of the no-early-save programme is a policy of the exact one, so its
    values can only be as slow or slower, at every start both tables hold; early saves
    are worth something somewhere, but little (docs/search.md gives the gap)."""
    exact, smaller = _shipped().turns, _shipped(WHOLE).turns
    shared = [k for k in exact if k in smaller and (k[0] or k[1])]
    assert len(shared) >= 24 * 35
    gaps = [smaller[k] - exact[k] for k in shared]
    assert min(gaps) >= -1e-9
    assert 1e-6 < max(gaps) < 0.01


def test_each_choice_left_out_costs_turns() -> None:
    """The stop-saving programme (saved dice always rolled, a Super Die's Alchemy face let
    go, saves only when stopping) is slower again, and by more: keeping saved dice aside
    to match is worth a lot."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    small = Solver(DEFAULT, **MODELS["stop-saving"])
    small.solve(3, 3)
    whole = _shipped(WHOLE).turns
    gaps = [v - whole[k] for k, v in small.turns.items() if k[0] or k[1]]
    assert min(gaps) >= -1e-9 and max(gaps) > 0.1


def test_a_table_of_the_other_model_is_refused() -> None:
    text = json.dumps(_shipped(WHOLE).to_json())
    load_turns(text, DEFAULT, WHOLE)
    with pytest.raises(ValueError, match="'no-early-save' model, not 'exact'"):
        load_turns(text, DEFAULT, "exact")
    raw = json.loads(text)
    del raw["model"]
    with pytest.raises(ValueError, match="model"):
        load_turns(json.dumps(raw), DEFAULT, WHOLE)


def test_a_table_for_other_faces_or_a_broken_table_is_refused() -> None:
    good = json.dumps(_shipped().to_json())
    load_turns(good, DEFAULT)  # the shipped one loads
    other = (DEFAULT[0], DEFAULT[1], ("2", "2", "2", "3", "3", "both"))
    with pytest.raises(ValueError, match="other die faces"):
        load_turns(good, other)
    raw = json.loads(good)
    raw["rows"] = [r for r in raw["rows"] if r[:4] != [1, 0, 2, 1]]
    with pytest.raises(ValueError, match="lacks the start"):
        load_turns(json.dumps(raw), DEFAULT)
    raw = json.loads(good)
    raw["rows"][-1][4] = -3.0
    with pytest.raises(ValueError, match="impossible value"):
        load_turns(json.dumps(raw), DEFAULT)


def test_anderson_mixing_lands_on_the_fixed_point_of_an_affine_sweep() -> None:
    """Near the answer a sweep is affine in the guess: mixing the last sweeps finds its
    fixed point in a few steps, where plain iteration of a slow contraction takes many."""
    rng = Rng(4)
    n = 6
    m = [[0.15 * rng.below(1000) / 1000 for _ in range(n)] for _ in range(n)]
    a = [1.0 + rng.below(1000) / 1000 for _ in range(n)]

    def sweep(g: list[float]) -> list[float]:
        return [a[i] + sum(m[i][j] * g[j] for j in range(n)) for i in range(n)]

    def steps(mix: bool) -> int:
        g = [0.0] * n
        tried: list[list[float]] = []
        made: list[list[float]] = []
        for k in range(1, 500):
            f = sweep(g)
            if max(abs(x - y) for x, y in zip(f, g, strict=True)) < 1e-10:
                return k
            tried, made = [*tried, g][-5:], [*made, f][-5:]
            mixed = _anderson(tried, made) if mix else None
            g = f if mixed is None else mixed
        raise AssertionError("no convergence")

    assert _anderson([[0.0] * n], [[1.0] * n]) is None  # one sweep: nothing to mix
    assert steps(True) <= 12 < steps(False)


def test_mixed_sweeps_give_the_values_plain_value_iteration_gives() -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    plain, mixed = (Solver(DEFAULT, **MODELS["stop-saving"]) for _ in range(2))
    plain.mix = False
    p, q = plain.solve(3, 3), mixed.solve(3, 3)
    assert q.sweeps < p.sweeps
    assert plain.turns.keys() == mixed.turns.keys()
    for k, v in plain.turns.items():
        assert abs(v - mixed.turns[k]) < 1e-8, k


def test_a_greedy_roll_that_can_come_back_to_itself_is_solved_exactly() -> None:
    """G = c + sum q min(a, G), against plain iteration of the same equation."""
    rng = Rng(5)
    for _ in range(200):
        n = 1 + rng.below(5)
        qs = [rng.below(100) + 1 for _ in range(n)]
        scale = (rng.below(90) + 5) / 100 / sum(qs)
        loops = [(rng.below(1000) / 100, q * scale, (0,) * 18) for q in qs]
        known = rng.below(500) / 100
        g = _loop_value(known, list(loops))  # type: ignore[arg-type]
        x = 0.0
        for _ in range(5000):
            x = known + sum(q * min(a, x) for a, q, _k in loops)
        assert abs(g - x) < 1e-9


class _Stopper:
    """Stops at once every turn (so it never wins and never Sabotages)."""

    name = "stopper"

    def choose(self, state: object, decision: object) -> str:
        ids = decision.ids  # type: ignore[attr-defined]
        return "stop" if "stop" in ids else ids[0]


def _turns_to_finish(seed: int, ruby_left: int, sapphire_left: int) -> int:
    """Seat 0 plays the optimal bot needing this much; how many turns it takes."""
    s = table(recipe="speed", alchemists=("orc", "gnoll"), start=False)
    s.rng = Rng(seed)
    s.log = None
    s.totals[0]["ruby"] = 11 - ruby_left
    s.totals[0]["sapphire"] = 10 - sapphire_left
    s.stack.append(StartTurn(0))
    s._run()
    bots = [OptimalBot(seed), _Stopper()]
    turns = 0
    while s.decision is not None and s.winner < 0 and turns < 200:
        d = s.decision
        # The stopper banks a little every turn: take it away, so it never wins first.
        s.totals[1]["ruby"] = s.totals[1]["sapphire"] = 0
        before = s.turns
        s.apply(bots[d.seat].choose(s, d))
        if s.turns != before and s.current == 0:
            turns += 1
    assert s.winner == 0
    return turns + 1  # the first turn started before the loop


def test_the_bot_finishes_in_the_expected_number_of_turns_in_the_real_game() -> None:
    """The solver's expected turns needing 1 Sapphire with no saved dice, against the
    turns the bot takes in the engine itself (400 games; within four standard errors).
    Saved dice carry from turn to turn in these games."""
    expected = _shipped().expected_turns(0, 1)
    runs = [_turns_to_finish(seed, 0, 1) for seed in range(400)]
    mean = sum(runs) / len(runs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in runs) / (len(runs) - 1))
    assert abs(mean - expected) < 4 * sd / math.sqrt(len(runs)), (mean, expected)


def test_values_closer_than_the_solvers_accuracy_are_a_tie_that_goes_to_stopping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last bits of a sum never decide: a choice better by less than TIE is a tie,
    and a tie goes to stopping; a choice better by more is taken."""
    s = table(recipe="speed", first_roll="blue:1 blue:1 blue:heart red:potion red:2 red:dark")
    d = s.decision
    assert d is not None and {"stop", "greedy"} <= set(d.ids)
    sol = OptimalBot.solver(s, 0)
    assert sol is not None
    for greedy, want in ((2.0 - TIE / 2, "stop"), (2.0 - 10 * TIE, "greedy")):
        values = {"stop": 2.0, "greedy": greedy}
        monkeypatch.setattr(sol, "choices", lambda _key, v=values: v)
        assert OptimalBot(1).choose(s, d) == want


def test_it_stops_when_stopping_finishes_the_potion() -> None:
    s = table(recipe="speed", first_roll="blue:1 blue:dark blue:dark red:1 red:1 red:dark")
    s.totals[0]["ruby"], s.totals[0]["sapphire"] = 10, 10
    d = s.decision
    assert d is not None and "greedy" in d.ids
    assert OptimalBot(1).choose(s, d) == "stop"


def _one_sapphire_left(first_roll: str) -> PotionPartyState:
    s = table(recipe="speed", start=False)
    s.totals[0]["ruby"], s.totals[0]["sapphire"] = 11, 9
    roll(s, first_roll)
    s.stack.append(StartTurn(0))
    s._run()
    return s


def test_it_saves_a_heart_when_saving_is_right() -> None:
    """A first roll with no group and a lone heart: stopping now gains nothing, but the
    heart saved is an extra die next turn, so the policy saves it, then stops."""
    s = _one_sapphire_left("blue:heart blue:dark blue:dark red:dark red:dark red:1")
    d = s.decision
    assert d is not None and set(d.ids) == {"stop", "save-heart"}
    sol = _shipped()
    values = sol.choices(state_key(s, 0, sol))
    assert values["save-heart"] < values["stop"] - 1e-6
    assert OptimalBot(1).choose(s, d) == "save-heart"
    s.apply("save-heart")
    assert s.decision is not None
    assert OptimalBot(1).choose(s, s.decision) == "stop"
    s.apply("stop")
    assert s.saved[0] == ["blue"]


def test_it_decides_from_what_it_sees_not_from_the_dice_to_come() -> None:
    """Two games alike at the table whose random generators differ (the only thing
    hidden in Potion Party): the same choices."""
    for first in (
        "blue:heart blue:dark blue:dark red:dark red:dark red:1",
        "blue:heart blue:dark blue:1 red:potion red:2 red:dark",
        "blue:heart blue:heart blue:2 red:potion red:3 red:3",
    ):
        a = _one_sapphire_left(first)
        b = a.clone()
        b.rng = Rng(12345)
        da, db = a.decision, b.decision
        assert da is not None and db is not None
        assert OptimalBot(7).choose(a, da) == OptimalBot(7).choose(b, db)


def test_for_complex_recipes_and_other_dice_it_plays_the_heuristic() -> None:
    bot = catalog.bot("potion-party", "optimal", 3)
    assert isinstance(bot, OptimalBot)
    s = table(recipe="soul-jar", start=False)
    assert OptimalBot.solver(s) is None and OptimalBot.solver(s, 0) is None
    odd = table(recipe="speed", first_roll="blue:1 blue:1 blue:heart red:potion red:2 red:dark")
    odd.faces = {**odd.faces, "green": ("2", "2", "2", "3", "3", "both")}
    assert OptimalBot.solver(odd, 0) is None
    d = odd.decision
    assert d is not None
    assert OptimalBot(3).choose(odd, d) == catalog.bot("potion-party", "heuristic", 3).choose(
        odd, d
    )


def test_from_the_first_turn_it_plays_the_exact_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the start of the race the bot already takes the exact programme's best choice;
    needs beyond the exact table (none of the shipped recipes') get the heuristic's."""
    far = table(recipe="speed", first_roll="blue:1 blue:1 blue:heart red:potion red:2 red:dark")
    d = far.decision
    assert d is not None
    sol = OptimalBot.solver(far, 0)
    assert sol is _shipped()
    values = sol.choices(state_key(far, 0, sol))
    best = min(values, key=lambda k: (values[k], k != "stop", k))
    assert set(values) <= set(d.ids)
    assert OptimalBot(3).choose(far, d) == best
    monkeypatch.setattr(optimal, "covers", lambda _solver, rb, sb: rb + sb < 21)
    assert OptimalBot.solver(far, 0) is None
    heuristic = catalog.bot("potion-party", "heuristic", 3).choose(far, d)
    assert OptimalBot(3).choose(far, d) == heuristic


def test_from_the_middle_of_the_race_the_bot_takes_the_turns_the_table_says() -> None:
    """Needing 6 Ruby and 6 Sapphire, the bot takes as many turns as the exact table says
    (300 games, within four standard errors)."""
    expected = _shipped().expected_turns(6, 6)
    runs = [_turns_to_finish(seed, 6, 6) for seed in range(300)]
    mean = sum(runs) / len(runs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in runs) / (len(runs) - 1))
    se = sd / math.sqrt(len(runs))
    assert abs(mean - expected) < 4 * se, (mean, expected, se)


def test_letting_the_smaller_needs_inner_states_go_gives_the_same_values() -> None:
    """A long solve may forget the smaller needs' inner states between needs (they are
    worked out again from the turn starts when a Super Die reaches them)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    keep, forget = (Solver(DEFAULT, **MODELS["stop-saving"]) for _ in range(2))
    forget.keep_states = 0
    keep.solve(3, 3)
    forget.solve(3, 3)
    assert len(forget.final) < len(keep.final)
    assert keep.turns.keys() == forget.turns.keys()
    for k, v in keep.turns.items():
        assert abs(v - forget.turns[k]) < 1e-9, k


def _choices_of_games(seeds: range) -> list[str]:
    """Every choice made in some games of the optimal bot against the heuristic one."""
    made = []
    for seed in seeds:
        s = athanor.new_game("potion-party", 2, seed, {"recipe": "icy-armor"}, log=False)
        bots = [OptimalBot(seed), catalog.bot("potion-party", "heuristic", seed)]
        while (d := s.decision) is not None:
            made.append(bots[d.seat].choose(s, d))
            s.apply(made[-1])
    return made


def test_a_bot_that_lets_its_inner_states_go_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past MOST_STATES the tables' solvers forget the states worked out inside turns and
    work them out again when asked: the memory stays bounded and the play is the same."""
    seeds = range(900, 906)
    before = _choices_of_games(seeds)
    sol = _shipped()
    held = len(sol.final)
    assert held > 1000
    monkeypatch.setattr(optimal, "MOST_STATES", 1000)
    assert _choices_of_games(seeds) == before
    assert len(sol.final) < held  # let go at least once, worked out again since
    sol.trim(10**9)  # under the limit: nothing is let go
    kept = len(sol.final)
    assert kept > 0
    sol.trim(kept - 1)
    assert not sol.final and not sol.greedy_final and not sol.finish_final
