"""A PettingZoo AEC environment for any game in the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from athanor.engine import GameState
from athanor.envs.spaces import MAX_STEPS, GameCodec, Views, check_views, info_view, rewards


class AthanorAEC(AECEnv):  # type: ignore[misc]
    """All seats of one game as PettingZoo agents ``player_0`` ... (turn order is the
    game's: the agent asked next is ``agent_selection``). Rewards come at the end.
    ``with_views`` puts each agent's JSON view in ``infos[agent]["view"]`` after every
    step (True: the dict, "json": a JSON string); by default it is left out, as it costs
    most of a step, and ``view(agent)`` gives it on demand."""

    metadata = {"render_modes": ["ansi"], "name": "athanor_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        with_views: Views = False,
    ) -> None:
        super().__init__()
        check_views(with_views)
        self.codec = GameCodec(game, players or _default_players(game), options)
        n = self.codec.players
        self.metadata = {**self.metadata, "name": f"athanor_{game.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.with_views = with_views
        self._np_random = np.random.default_rng()
        self.state_: GameState | None = None

    # -- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.codec.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.codec.action_space

    # -- the loop ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        game_seed = int(self._np_random.integers(0, 2**63))
        self.state_ = self.codec.new_game(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._select()

    def _select(self) -> None:
        s = self.state_
        assert s is not None
        d = s.decision
        if d is not None:
            self.agent_selection = self.possible_agents[d.seat]
        if self.with_views:
            for a in self.agents:
                view = s.view(self.possible_agents.index(a))
                self.infos[a] = {"view": info_view(view, self.with_views)}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = self.state_
        assert s is not None
        return self.codec.observe(s, self.possible_agents.index(agent))

    def view(self, agent: str) -> Any:
        """The agent's JSON view now (what ``with_views`` puts in ``infos[agent]["view"]``)."""
        assert self.state_ is not None
        return self.state_.view(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.state_
        assert s is not None
        self._cumulative_rewards[agent] = 0.0
        s.apply(self.codec.option(action))  # an illegal action raises IllegalMove
        self.steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if s.is_over or self.steps >= self.max_steps:
            value = rewards(s) if s.is_over else [0.0] * len(self.agents)
            for i, a in enumerate(self.agents):
                self.rewards[a] = value[i]
                self.terminations[a] = s.is_over
                self.truncations[a] = not s.is_over
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        s = self.state_
        d = s.decision
        if d is None:
            return "The game is over."
        return f"{s.names[d.seat]}: {d.prompt}"

    def close(self) -> None:
        self.state_ = None


def _default_players(game: str) -> int:
    import athanor

    spec = athanor.spec(game)
    return max(spec.min_players, min(3, spec.max_players)) if spec.cooperative else spec.min_players


def aec_env(game: str, **kwargs: Any) -> AthanorAEC:
    """A PettingZoo AEC environment for ``game`` (keywords: players, options, render_mode,
    max_steps, with_views)."""
    return AthanorAEC(game, **kwargs)
