"""The learning environments: PettingZoo's and Gymnasium's own checks for every game, an
action vocabulary that covers every option, and observations read from views alone."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import athanor
from athanor import catalog
from athanor.engine import ConfigError, Rng
from athanor.envs import GameCodec, GameEnv, aec_env
from tests.conformance.test_conformance import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_and_seed_test_pass(name: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations ({"observation", "action_mask"}),
        # which is the form its own classic games use.
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(name), num_cycles=200)
        seed_test(lambda: aec_env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(GameEnv(name), skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_option_has_an_action_and_observations_fit(name: str) -> None:
    """Varied set-ups and bots: every option offered is in the vocabulary; observations have
    the encoding's size, lie in [0, 1], and do not change when what the seat cannot see
    is dealt again."""
    spec = athanor.spec(name)
    for seed in range(8):
        options = spec.sample_options(Rng(seed)) if spec.sample_options else {}
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        codec = GameCodec(name, players, options)
        state = athanor.new_game(name, players, seed, options, log=False)
        bot = spec.default_bot if seed % 2 else "random"
        agents = [catalog.bot(name, bot, seed * 10 + i) for i in range(players)]
        step = 0
        while not state.is_over:
            d = state.decision
            assert d is not None
            mask = codec.mask(d, d.seat)  # raises if an option has no action
            assert int(mask.sum()) == len(d.ids)
            if step % 25 == 0:
                obs = codec.observe(state, d.seat)["observation"]
                assert obs.shape == (codec.encoding.size,)
                assert codec.observation_space["observation"].contains(obs)
                twin = state.determinize(d.seat, seed + step)
                assert np.array_equal(codec.observe(twin, d.seat)["observation"], obs)
            state.apply(agents[d.seat].choose(state, d))
            step += 1


def test_an_episode_of_the_gym_env_plays_to_the_end_with_the_mask() -> None:
    env = GameEnv("potion-party", opponents=["heuristic"])
    _, info = env.reset(seed=3)
    assert info["view"]["game"] == "potion-party"
    rng = np.random.default_rng(0)
    done = False
    total = 0.0
    while not done:
        legal = np.flatnonzero(env.action_masks())
        _, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        done = done or truncated
    assert env.state_ is not None and env.state_.is_over
    assert total in (0.0, 1.0)


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = GameEnv("potion-party")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "illegal" in info


def test_bad_set_ups_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="has no bot"):
        GameEnv("dominion", opponents=["nobody"])
    with pytest.raises(ConfigError, match="seat"):
        GameEnv("potion-party", seat=5)
    with pytest.raises(ConfigError, match="opponents"):
        GameEnv("potion-party", players=3, opponents=["heuristic"])
    with pytest.raises(ConfigError, match="takes"):
        aec_env("crucible", players=2)


def test_the_aec_env_hands_each_agent_its_own_view() -> None:
    env = aec_env("dominion", players=2)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    other = env.possible_agents[1 - seat]
    assert env.infos[agent]["view"]["players"][seat]["hand"] is not None
    assert env.infos[other]["view"]["players"][seat]["hand"] is None
    assert env.observe(other)["action_mask"].sum() == 0  # not asked: nothing is legal


def test_docs_envs_lists_every_block_of_every_encoding() -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "envs.md").read_text()
    for spec in athanor.games():
        assert spec.encoding is not None, f"{spec.name} has no encoding"
        enc = spec.encoding(spec.check_options({}), spec.min_players)
        section = text.split(f"(`{spec.name}`)", 1)[1].split("\n### ", 1)[0]
        for name, n, _ in enc.layout.blocks:
            assert f"| `{name}` | {n} |" in section, (spec.name, name)
