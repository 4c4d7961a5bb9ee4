"""What the environments share: a game's codec (spaces, masks, observations)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, TypeAlias

import numpy as np
from gymnasium import spaces

import athanor
from athanor.engine import ConfigError, Decision, GameState
from athanor.engine.encoding import Encoding

MAX_STEPS = 20_000  # choices before an episode is cut short (truncated)

Views: TypeAlias = bool | Literal["json"]
"""Whether an environment puts JSON views in its infos: False (no), True (the dict),
"json" (the dict as a JSON string, which Gymnasium's vector environments can merge)."""


def check_views(with_views: object) -> Views:
    """``with_views`` checked (a ConfigError for anything but False, True or "json")."""
    if with_views is False or with_views is True or with_views == "json":
        return with_views
    raise ConfigError(f'with_views is False, True or "json", not {with_views!r}')


def info_view(view: Any, with_views: Views) -> Any:
    """A view as ``with_views`` asks for it in an info dict."""
    return json.dumps(view) if with_views == "json" else view


class GameCodec:
    """One game and set-up: its action space, observation space, masks and encodings."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None) -> None:
        self.spec = athanor.spec(game)
        self.spec.check_players(players)
        self.options = self.spec.check_options(options)
        self.players = players
        if self.spec.encoding is None:
            raise ConfigError(f"{self.spec.title} has no encoding for learning environments")
        enc: Encoding = self.spec.encoding(self.options, players)
        self.encoding = enc
        self.n_actions = len(enc.actions)
        self.action_space = spaces.Discrete(self.n_actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }
        )

    def mask(self, decision: Decision | None, seat: int) -> np.ndarray:
        """1 for each action the seat may take now (all 0 when it is not asked)."""
        m = np.zeros(self.n_actions, np.int8)
        if decision is not None and decision.seat == seat:
            index = self.encoding.index
            for oid in decision.ids:
                k = index.get(oid)
                if k is None:
                    raise ConfigError(
                        f"{self.spec.title}'s encoding has no action for the option {oid!r}"
                    )
                m[k] = 1
        return m

    def observe(self, state: GameState, seat: int) -> dict[str, np.ndarray]:
        """The seat's observation: its view encoded, and its action mask."""
        view = state.view(seat)
        obs = np.asarray(self.encoding.observe(view, seat), np.float32)
        return {"observation": obs, "action_mask": self.mask(state.decision, seat)}

    def option(self, action: int) -> str:
        """The option id an action number stands for."""
        return self.encoding.actions[int(action)]

    def new_game(self, seed: int) -> GameState:
        """A new game with this set-up (log off)."""
        return athanor.new_game(self.spec.name, self.players, seed, self.options, log=False)


def rewards(state: GameState) -> list[float]:
    """Each seat's reward at the end: 1 for a sole win, a share of 1 for a shared first
    place, 0 otherwise; in a team game the team's score. An unfinished game gives 0."""
    res = state.result
    if res is None:
        return [0.0] * state.players
    if state.spec.cooperative:
        return [float(x) for x in res.scores]
    first = sum(1 for p in res.placing if p == 1)
    return [1.0 / first if p == 1 else 0.0 for p in res.placing]
