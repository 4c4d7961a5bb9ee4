"""A Gymnasium environment for one seat of any game, the other seats played by bots or
by policies."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import gymnasium
import numpy as np

from athanor import catalog
from athanor.engine import Agent, ConfigError, GameState, IllegalMove
from athanor.envs.spaces import MAX_STEPS, GameCodec, Views, check_views, info_view, rewards

Observation: TypeAlias = dict[str, np.ndarray]
Policy: TypeAlias = Callable[[Observation], Any]
"""An opponent policy: ``policy(observation) -> action``. The observation is the dict the
learner gets (``"observation"`` and ``"action_mask"``), built from the opponent's own
``view(seat)``; the action is an action number (an int or a NumPy integer)."""


class GameEnv(gymnasium.Env):
    """Seat ``seat`` is the learner. ``opponents`` gives each other seat, in seat order,
    a bot name or a policy (a callable, see ``Policy``); names and policies may be mixed
    (default: the game's default bot everywhere). The reward is the learner's result at
    the end (1 for a sole win, a share for a shared first place, the team's score in a
    team game). An action that is not legal ends the episode with ``illegal_reward`` (a
    masked learner never takes one); a policy's illegal action raises ``IllegalMove``.
    ``with_views`` puts the learner's JSON view in ``info["view"]`` (True: the dict,
    "json": the same as a JSON string, which vector environments can merge); by default
    it is left out, and ``view()`` gives it on demand. ``action_masks()`` serves
    sb3-contrib's MaskablePPO."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: Sequence[str | Policy] | None = None,
        options: Mapping[str, Any] | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        with_views: Views = False,
    ) -> None:
        if isinstance(opponents, str) or callable(opponents):
            raise ConfigError(
                f"opponents is a list with one bot name or policy per other seat, not {opponents!r}"
            )
        spec = catalog.spec(game)
        n = players or (len(opponents) + 1 if opponents else spec.min_players)
        self.codec = GameCodec(game, n, options)
        if type(seat) is not int or not 0 <= seat < n:
            raise ConfigError(f"the seat must be from 0 to {n - 1}, not {seat!r}")
        opps: list[str | Policy] = list(opponents) if opponents else [spec.default_bot] * (n - 1)
        if len(opps) != n - 1:
            raise ConfigError(f"{n} players need {n - 1} opponents, not {len(opps)}")
        for o in opps:
            if isinstance(o, str):
                catalog.bot(game, o, 0)  # an unknown bot fails here, clearly
            elif not callable(o):
                raise ConfigError(
                    "an opponent is a bot name or a policy (a callable taking the "
                    f"observation dict and returning an action number), not {o!r}"
                )
        check_views(with_views)
        self.game = game
        self.seat = seat
        self.opponents = opps
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.with_views = with_views
        self.action_space = self.codec.action_space
        self.observation_space = self.codec.observation_space
        self.state_: GameState | None = None
        self.bots: dict[int, Agent] = {}
        self.policies: dict[int, Policy] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state_ = self.codec.new_game(game_seed)
        others = [s for s in range(self.codec.players) if s != self.seat]
        self.bots = {}
        self.policies = {}
        for s, o in zip(others, self.opponents, strict=True):
            if isinstance(o, str):
                self.bots[s] = catalog.bot(self.game, o, game_seed * 31 + s)
            else:
                self.policies[s] = o
        self.steps = 0
        self._others_play()
        return self._obs(), self._info()

    def _others_play(self) -> None:
        """Let the bots and policies choose until the learner is asked or the game ends."""
        s = self.state_
        assert s is not None
        d = s.decision
        while d is not None and d.seat != self.seat and self.steps < self.max_steps:
            bot = self.bots.get(d.seat)
            s.apply(bot.choose(s, d) if bot is not None else self._policy_choice(d.seat))
            self.steps += 1
            d = s.decision

    def _policy_choice(self, seat: int) -> str:
        """The option id the policy of ``seat`` picks, from that seat's observation only."""
        s = self.state_
        assert s is not None
        obs = self.codec.observe(s, seat)
        mask = obs["action_mask"].copy()  # the policy may change its own copy
        action = self.policies[seat](obs)
        try:
            k = -1 if isinstance(action, bool | np.bool_) else operator.index(action)
        except TypeError:
            k = -1
        if 0 <= k < self.codec.n_actions and mask[k]:
            return self.codec.option(k)
        legal = np.flatnonzero(mask).tolist()
        shown = ", ".join(f"{i} ({self.codec.option(i)})" for i in legal[:12])
        what = f"{k} ({self.codec.option(k)})" if 0 <= k < self.codec.n_actions else repr(action)
        raise IllegalMove(
            f"the policy playing seat {seat} chose {what}, which is not a legal action now; "
            f"legal: {shown}{', ...' if len(legal) > 12 else ''}. Nothing was applied."
        )

    def _obs(self) -> Observation:
        assert self.state_ is not None
        return self.codec.observe(self.state_, self.seat)

    def _info(self) -> dict[str, Any]:
        if not self.with_views:
            return {}
        return {"view": info_view(self.view(), self.with_views)}

    def view(self) -> Any:
        """The learner's JSON view now (in a vector environment: ``envs.call("view")``)."""
        assert self.state_ is not None, "call reset() first"
        return self.state_.view(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (for MaskablePPO)."""
        assert self.state_ is not None
        return self.codec.mask(self.state_.decision, self.seat).astype(bool)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
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
        self._others_play()
        over = s.is_over
        truncated = not over and self.steps >= self.max_steps
        reward = rewards(s)[self.seat] if over else 0.0
        return self._obs(), reward, over, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        d = self.state_.decision
        return "The game is over." if d is None else d.prompt
