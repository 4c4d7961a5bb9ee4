"""The four levels of play (issue 25): every game has easy, normal, hard and expert, each
a bot and a line; a level's name works wherever a bot's name does; easy is a beginner
that is deterministic given its seed."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

import athanor
from athanor import catalog, sim
from athanor.agents.ismcts import Ismcts
from athanor.engine import LEVELS, Beginner, ConfigError, GameState
from tests import quick
from tests.conformance.test_conformance import GAMES, _new

CMD = [sys.executable, "-m", "athanor"]


def _level_bot(game: str, level: str, seed: int) -> Any:
    """A level's bot, one that thinks long cut to a small fixed budget (tests/quick.py)."""
    return quick.bot(game, level, seed)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_four_levels_each_with_one_line(game: str) -> None:
    spec = athanor.spec(game)
    assert tuple(spec.levels) == LEVELS
    for name, level in spec.levels.items():
        assert level.line and "\n" not in level.line and len(level.line) < 260, name
        catalog.bot_maker(game, level.bot)  # names a bot the catalog knows
    assert spec.levels["normal"].bot == spec.default_bot
    assert isinstance(catalog.bot(game, "easy", 1), Beginner)
    expert = catalog.bot(game, "expert", 1)
    if game == "dominion":  # the planner: quick games to choose a plan, a fixed budget
        from athanor.games.dominion.expert import ExpertBot

        assert isinstance(expert, ExpertBot)
    elif game == "potion-party":  # the exact solver's policy: search was weaker (45%)
        from athanor.games.potion_party.optimal import OptimalBot

        assert isinstance(expert, OptimalBot)
        assert spec.levels["expert"].bot == spec.levels["hard"].bot
    elif game == "crucible":  # the task planner, held to a budget of playouts a decision
        from athanor.games.crucible.planner import EXPERT_BUDGET, HARD_BUDGET, PlannerBot

        assert isinstance(expert, PlannerBot) and expert.more.get("task", 0) > 0
        assert expert.more.get("keep", 0) > 0 and expert.budget == EXPERT_BUDGET
        hard = catalog.bot(game, "hard", 1)
        assert isinstance(hard, PlannerBot) and not hard.more and hard.budget == HARD_BUDGET
        assert HARD_BUDGET < EXPERT_BUDGET
    else:  # a search with a one-second budget
        assert isinstance(expert, Ismcts) and expert.seconds == 1.0 and expert.iterations is None
    listed = spec.to_json()["levels"]
    assert [lv["name"] for lv in listed] == list(LEVELS) and all(lv["line"] for lv in listed)


@pytest.mark.parametrize("game", GAMES)
def test_the_four_levels_play_a_whole_game_against_each_other(game: str) -> None:
    state = athanor.new_game(game, 4, 11, None, None, log=False)
    agents = [_level_bot(game, level, 100 + i) for i, level in enumerate(LEVELS)]
    steps = 0
    while not state.is_over:
        d = state.decision
        assert d is not None
        state.apply(agents[d.seat].choose(state, d))
        steps += 1
        assert steps < 20_000
    assert state.result is not None


def _easy_game(game: str, seed: int) -> tuple[list[str], int]:
    state: GameState = _new(game, seed, log=False)
    agents = [catalog.bot(game, "easy", seed * 10 + i) for i in range(state.players)]
    while not state.is_over:
        d = state.decision
        assert d is not None
        state.apply(agents[d.seat].choose(state, d))
    assert state.choices is not None
    return list(state.choices), sum(a.slips for a in agents)


@pytest.mark.parametrize("game", GAMES)
def test_easy_is_deterministic_given_its_seed_and_makes_mistakes(game: str) -> None:
    first, slips = _easy_game(game, 3)
    again, _ = _easy_game(game, 3)
    assert first == again
    assert slips > 0  # a beginner's mistakes happen in a whole game


def test_an_unknown_level_names_the_levels_and_the_close_ones() -> None:
    with pytest.raises(ConfigError) as err:
        catalog.bot("dominion", "expret", 0)
    words = str(err.value)
    assert "Did you mean expert" in words
    assert "Levels: easy, normal, hard, expert." in words and "big-money" in words


def test_existing_bot_names_keep_working() -> None:
    for game in GAMES:
        for name in [*athanor.spec(game).bots, "random", "ismcts:iterations=3"]:
            catalog.bot(game, name, 0)


def test_the_simulator_plays_levels_by_name() -> None:
    records = sim.run("potion-party", ["easy", "hard"], 4, seed=2)
    assert len(records) == 4


def test_a_learning_environment_takes_a_level_as_an_opponent() -> None:
    pytest.importorskip("gymnasium")
    from athanor.envs.gym import GameEnv

    env = GameEnv("potion-party", opponents=["hard"])
    env.reset(seed=1)
    with pytest.raises(ConfigError, match="Levels: easy"):
        GameEnv("potion-party", opponents=["hardest"])


def test_games_lists_the_levels_with_their_lines() -> None:
    out = subprocess.run([*CMD, "games"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    for spec in athanor.games():
        for name, level in spec.levels.items():
            assert f"    {name}: {level.line} (bot {level.bot})" in out.stdout


def test_play_names_a_level_bot_by_its_level() -> None:
    out = subprocess.run(
        [*CMD, "play", "potion-party", "--players", "2", "--bots", "easy", "--seed", "7"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "is a bot (easy)." in out.stdout and "Game over." in out.stdout
