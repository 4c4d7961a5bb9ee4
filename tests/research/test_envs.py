"""The learning environments: PettingZoo's and Gymnasium's own checks for every game, an
action vocabulary that covers every option, observations read from views alone, opponent
policies, vector environments, optional views and the examples in docs/envs.md."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import athanor
from athanor import catalog
from athanor.engine import ConfigError, IllegalMove, Rng
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


DOCS = Path(__file__).parents[2] / "docs" / "envs.md"


def test_an_episode_of_the_gym_env_plays_to_the_end_with_the_mask() -> None:
    env = GameEnv("potion-party", opponents=["heuristic"], with_views=True)
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
    with pytest.raises(ConfigError, match="one bot name or policy per other seat"):
        GameEnv("potion-party", opponents="heuristic")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="a bot name or a policy"):
        GameEnv("crucible", opponents=["random", 3])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="with_views"):
        GameEnv("dominion", with_views="yes")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="with_views"):
        aec_env("dominion", with_views=1.5)


def test_the_aec_env_hands_each_agent_its_own_view() -> None:
    env = aec_env("dominion", players=2, with_views=True)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    other = env.possible_agents[1 - seat]
    assert env.infos[agent]["view"]["players"][seat]["hand"] is not None
    assert env.infos[other]["view"]["players"][seat]["hand"] is None
    assert env.observe(other)["action_mask"].sum() == 0  # not asked: nothing is legal
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert all(env.infos[a]["view"] == env.view(a) for a in env.agents)


def test_views_are_left_out_of_the_infos_unless_asked() -> None:
    aec = aec_env("dominion")
    aec.reset(seed=4)
    assert all(info == {} for info in aec.infos.values())
    assert aec.view("player_0")["viewer"] == 0
    gym = GameEnv("dominion")
    _, info = gym.reset(seed=4)
    assert info == {}
    assert gym.view()["viewer"] == 0
    as_text = GameEnv("dominion", with_views="json")
    _, info = as_text.reset(seed=4)
    assert json.loads(info["view"]) == json.loads(json.dumps(as_text.view()))
    aec_text = aec_env("dominion", with_views="json")
    aec_text.reset(seed=4)
    assert json.loads(aec_text.infos["player_1"]["view"])["viewer"] == 1


# -- opponent policies -----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_policy_opponent_sees_its_own_seat_and_its_choices_are_applied(name: str) -> None:
    """Opponents that always pick the last legal action (every other one a random bot where
    there are more seats): each call gets the mask of that seat's legal options and the
    encoding of that seat's view alone (unchanged when what it cannot see is dealt again),
    and each choice is the one the game then records."""
    players = athanor.spec(name).min_players
    encoded: list[tuple[Any, int]] = []  # (view, seat) of every observation encoded
    applied: list[tuple[int, str]] = []  # (index in the game's choices, option id)
    calls = {seat: 0 for seat in range(1, players, 2)}  # the seats the policy plays

    def last_legal(obs: dict[str, np.ndarray]) -> int:
        s = env.state_
        assert s is not None and s.decision is not None
        seat = s.decision.seat
        assert seat in calls
        calls[seat] += 1
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(env.codec.option(k) for k in legal) == sorted(s.decision.ids)
        assert np.array_equal(obs["action_mask"], env.codec.mask(s.decision, seat))
        view, viewed = encoded[-1]  # what the observation was made from
        assert viewed == seat and view == s.view(seat)
        assert np.allclose(obs["observation"], observe(view, seat))
        if calls[seat] % 10 == 1:
            twin = s.determinize(seat, calls[seat])
            assert np.array_equal(env.codec.observe(twin, seat)["observation"], obs["observation"])
        applied.append((len(s.choices or []), env.codec.option(int(legal[-1]))))
        return int(legal[-1])

    opponents = [last_legal if seat in calls else "random" for seat in range(1, players)]
    env = GameEnv(name, players=players, seat=0, opponents=opponents, max_steps=600)
    observe = env.codec.encoding.observe

    def spy(view: Any, seat: int) -> list[float]:
        encoded.append((view, seat))
        return observe(view, seat)

    env.codec.encoding.observe = spy  # type: ignore[method-assign]
    rng = np.random.default_rng(5)
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        applied.clear()
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            done = terminated or truncated
        choices = env.state_.choices if env.state_ else None
        assert choices is not None
        assert all(choices[i] == oid for i, oid in applied)
    assert all(n > 0 for n in calls.values()), calls


@pytest.mark.parametrize("bad", ["illegal", "too big", None, "buy", 1.5])
def test_a_policy_that_returns_no_legal_action_raises_and_changes_nothing(bad: Any) -> None:
    before: list[str] = []

    def policy(obs: dict[str, np.ndarray]) -> Any:
        assert env.state_ is not None
        before.append(env.state_.to_json())
        if bad == "illegal":
            return np.int64(np.flatnonzero(obs["action_mask"] == 0)[0])
        if bad == "too big":
            return len(obs["action_mask"])
        return bad

    env = GameEnv("potion-party", opponents=[policy])
    with pytest.raises(IllegalMove, match=r"the policy playing seat 1 chose .* legal: "):
        obs, _ = env.reset(seed=0)
        for _ in range(200):
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.state_ is not None and before
    assert env.state_.to_json() == before[-1]
    assert env.state_.decision is not None and env.state_.decision.seat == 1


# -- vector environments ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_vector_env_runs_a_thousand_steps_with_autoreset(name: str) -> None:
    """Two environments against random bots (the second cut short after 40 choices, so
    that episodes end both ways), random legal actions: the infos merge, every episode
    that ends is reset, and the learner is asked at every step of a running one."""
    players = athanor.spec(name).min_players
    opponents = ["random"] * (players - 1)
    envs = gymnasium.vector.SyncVectorEnv(
        [
            lambda: GameEnv(name, opponents=opponents),
            lambda: GameEnv(name, opponents=opponents, max_steps=40),
        ]
    )
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = {"terminated": np.zeros(2, int), "truncated": np.zeros(2, int)}
    done = np.zeros(2, bool)
    for _ in range(1000):
        masks = obs["action_mask"]
        assert all(masks[i].any() for i in range(2) if not done[i])
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        obs, rewards, terminated, truncated, infos = envs.step(np.array(actions))
        assert "illegal" not in infos
        assert all(rewards[i] == 0.0 for i in range(2) if done[i])  # the reset step
        ended["terminated"] += terminated
        ended["truncated"] += truncated
        done = terminated | truncated
    assert ended["terminated"][0] >= 1 and ended["truncated"][1] >= 1, ended
    views = envs.call("view")
    assert [v["viewer"] for v in views] == [0, 0]
    envs.close()


@pytest.mark.parametrize("name", GAMES)
def test_json_views_merge_in_a_vector_env(name: str) -> None:
    opponents = ["random"] * (athanor.spec(name).min_players - 1)
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: GameEnv(name, opponents=opponents, with_views="json") for _ in range(2)]
    )
    obs, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(60):
        masks = obs["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        obs, _, _, _, infos = envs.step(np.array(actions))
    assert infos["_view"].all()
    now = envs.call("view")
    assert [json.loads(v) for v in infos["view"]] == [json.loads(json.dumps(v)) for v in now]
    envs.close()


def test_an_async_vector_env_steps() -> None:
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: GameEnv("potion-party", opponents=["random"]) for _ in range(2)]
    )
    try:
        obs, _ = envs.reset(seed=2)
        rng = np.random.default_rng(2)
        for _ in range(30):
            masks = obs["action_mask"]
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            obs, *_ = envs.step(np.array(actions))
        assert [v["game"] for v in envs.call("view")] == ["potion-party"] * 2
    finally:
        envs.close()


# -- the examples in docs/envs.md ------------------------------------------------------


def _example(name: str) -> str:
    """The Python block that follows ``<!-- example: NAME -->`` in docs/envs.md."""
    return DOCS.read_text().split(f"<!-- example: {name} -->\n```python\n", 1)[1].split("```")[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_documented_aec_example_plays_every_game_to_the_end(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _example("aec")
    assert code.count('aec_env("dominion")') == 1
    ns: dict[str, Any] = {}
    exec(compile(code.replace('aec_env("dominion")', f'aec_env("{name}")'), "envs.md", "exec"), ns)
    env = ns["env"]
    assert env.state_.is_over and not any(env.truncations.values())
    assert sorted(ns["results"]) == env.possible_agents
    assert capsys.readouterr().out.strip() == str(ns["results"])
    if name == "dominion":  # the result the page shows
        assert code.split("print(results)  # ")[1].strip() == str(ns["results"])


@pytest.mark.parametrize("example", ["gym", "vector"])
def test_the_other_documented_examples_run(example: str) -> None:
    ns: dict[str, Any] = {}
    exec(compile(_example(example), "envs.md", "exec"), ns)
    if example == "gym":
        assert ns["env"].state_.is_over


def test_docs_envs_lists_every_block_of_every_encoding() -> None:
    text = DOCS.read_text()
    for spec in athanor.games():
        assert spec.encoding is not None, f"{spec.name} has no encoding"
        enc = spec.encoding(spec.check_options({}), spec.min_players)
        section = text.split(f"(`{spec.name}`)", 1)[1].split("\n### ", 1)[0]
        for name, n, _ in enc.layout.blocks:
            assert f"| `{name}` | {n} |" in section, (spec.name, name)
