"""Potion Party's exact lone-player solver and the bot that plays it."""

from __future__ import annotations

import math

from athanor import catalog
from athanor.engine import Rng
from athanor.games.potion_party.data import DEFAULT_FACES
from athanor.games.potion_party.optimal import OptimalBot
from athanor.games.potion_party.rules import PotionPartyState, StartTurn
from athanor.games.potion_party.solver import Solver
from tests.potion_party.helpers import table

FACES = {c: DEFAULT_FACES[c] for c in ("blue", "red", "green")}


def test_a_small_case_re_solves_with_sane_values() -> None:
    sol = Solver(dict(FACES)).solve(3, 3)
    assert sol.expected_turns(0, 0) == 0.0
    # Needing more never takes fewer turns, and every need takes at least a turn.
    for r in range(4):
        for s in range(4):
            if (r, s) != (0, 0):
                assert sol.expected_turns(r, s) >= 1.0
            if r:
                assert sol.expected_turns(r, s) >= sol.expected_turns(r - 1, s) - 1e-12
            if s:
                assert sol.expected_turns(r, s) >= sol.expected_turns(r, s - 1) - 1e-12
    assert 2.0 < sol.expected_turns(3, 3) < 6.0
    assert sol.states > 1000


class _Stopper:
    """Stops at once every turn (so it never wins soon and never Sabotages)."""

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
        if s.current == 1:  # the other seat only passes time: it never gets anywhere
            s.totals[1]["ruby"] = s.totals[1]["sapphire"] = 0
        before = s.turns
        s.apply(bots[d.seat].choose(s, d))
        if s.turns != before and s.current == 0:
            turns += 1
    assert s.winner == 0
    return turns + 1  # the first turn started before the loop


def test_the_bot_finishes_in_the_expected_number_of_turns_in_the_real_game() -> None:
    """The solver's expected turns for needing 3 Ruby and 3 Sapphire, against the turns the
    bot takes in the engine itself (600 games; within four standard errors)."""
    sol = OptimalBot.solution(table(recipe="speed", start=False))
    assert sol is not None
    expected = sol.expected_turns(3, 3)
    runs = [_turns_to_finish(seed, 3, 3) for seed in range(600)]
    mean = sum(runs) / len(runs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in runs) / (len(runs) - 1))
    assert abs(mean - expected) < 4 * sd / math.sqrt(len(runs)), (mean, expected)


def test_it_stops_when_stopping_finishes_the_potion() -> None:
    s = table(recipe="speed", first_roll="blue:1 blue:dark blue:dark red:1 red:1 red:dark")
    s.totals[0]["ruby"], s.totals[0]["sapphire"] = 10, 10
    d = s.decision
    assert d is not None and "greedy" in d.ids
    assert OptimalBot(1).choose(s, d) == "stop"


def test_it_is_registered_and_leaves_complex_recipes_to_the_heuristic() -> None:
    bot = catalog.bot("potion-party", "optimal", 3)
    assert isinstance(bot, OptimalBot)
    s = table(recipe="soul-jar", start=False)
    assert isinstance(s, PotionPartyState)
    assert OptimalBot.solution(s) is None
