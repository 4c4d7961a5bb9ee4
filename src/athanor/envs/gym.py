"""A Gymnasium environment for one seat of any game, the other seats played by bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from athanor import catalog
from athanor.engine import Agent, ConfigError, GameState
from athanor.envs.spaces import MAX_STEPS, GameCodec, rewards


class GameEnv(gymnasium.Env):
    """Seat ``seat`` is the learner; ``opponents`` names a bot for each other seat, in seat
    order (default: the game's default bot). The reward is the learner's result at the
    end (1 for a sole win, a share for a shared first place, the team's score in a team
    game). An action that is not legal ends the episode with ``illegal_reward`` (a masked
    learner never takes one). ``action_masks()`` serves sb3-contrib's MaskablePPO."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
    ) -> None:
        spec = catalog.spec(game)
        n = players or (len(opponents) + 1 if opponents else spec.min_players)
        self.codec = GameCodec(game, n, options)
        if type(seat) is not int or not 0 <= seat < n:
            raise ConfigError(f"the seat must be from 0 to {n - 1}, not {seat!r}")
        bots = list(opponents) if opponents else [spec.default_bot] * (n - 1)
        if len(bots) != n - 1:
            raise ConfigError(f"{n} players need {n - 1} opponents, not {len(bots)}")
        for name in set(bots):
            catalog.bot(game, name, 0)  # an unknown bot fails here, clearly
        self.game = game
        self.seat = seat
        self.bot_names = bots
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.action_space = self.codec.action_space
        self.observation_space = self.codec.observation_space
        self.state_: GameState | None = None
        self.bots: dict[int, Agent] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state_ = self.codec.new_game(game_seed)
        others = [s for s in range(self.codec.players) if s != self.seat]
        self.bots = {
            s: catalog.bot(self.game, name, game_seed * 31 + s)
            for s, name in zip(others, self.bot_names, strict=True)
        }
        self.steps = 0
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        s = self.state_
        assert s is not None
        d = s.decision
        while d is not None and d.seat != self.seat and self.steps < self.max_steps:
            s.apply(self.bots[d.seat].choose(s, d))
            self.steps += 1
            d = s.decision

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.state_ is not None
        return self.codec.observe(self.state_, self.seat)

    def _info(self) -> dict[str, Any]:
        assert self.state_ is not None
        return {"view": self.state_.view(self.seat)}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (for MaskablePPO)."""
        assert self.state_ is not None
        return self.codec.mask(self.state_.decision, self.seat).astype(bool)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        s = self.state_
        assert s is not None, "call reset() first"
        d = s.decision
        oid = self.codec.option(action)
        if d is None or not d.offers(oid):
            info = self._info()
            info["illegal"] = oid
            return self._obs(), self.illegal_reward, True, False, info
        s.apply(oid)
        self.steps += 1
        self._bots_play()
        over = s.is_over
        truncated = not over and self.steps >= self.max_steps
        reward = rewards(s)[self.seat] if over else 0.0
        return self._obs(), reward, over, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        d = self.state_.decision
        return "The game is over." if d is None else d.prompt
