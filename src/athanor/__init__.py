"""Athanor: an open tabletop engine for alchemy-themed games."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

# Import the games package before binding the name ``games`` to the catalog
# function: importing a subpackage sets it as an attribute of its parent, and
# this way that happens once, here, and is then overwritten for good.
import athanor.games as _games_package  # noqa: F401
from athanor.catalog import games, spec
from athanor.engine import (
    ConfigError,
    Decision,
    Event,
    GameSpec,
    GameState,
    IllegalMove,
    Option,
    Result,
    SaveError,
)
from athanor.replay import Replay

__all__ = [
    "ConfigError",
    "Decision",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalMove",
    "Option",
    "Replay",
    "Result",
    "SaveError",
    "games",
    "load_game",
    "new_game",
    "spec",
]
__version__ = "0.1.0"


def new_game(
    name: str,
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    log: bool = True,
) -> GameState:
    """Start a game: ``name`` from ``games()``, a player count, a seed and options."""
    s = spec(name)
    s.check_players(players)
    opts = s.check_options(options)
    if not isinstance(seed, int):
        raise ConfigError(f"the seed must be a whole number, not {seed!r}")
    new = s.state_class.new
    state: GameState = new(players=players, seed=seed, options=opts, names=names, log=log)
    return state


def load_game(text: str | bytes, verify: bool = True) -> GameState:
    """Load a game saved with ``state.to_json()``.

    With ``verify``, the recorded choices are replayed from the seed and the
    result must match the snapshot, so an altered file is refused.
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError(f"the save file is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != "athanor-save":
        raise SaveError("this is not an Athanor save file (no 'format': 'athanor-save')")
    if data.get("version") != 1:
        raise SaveError(f"unsupported save version {data.get('version')!r}")
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveError("the save file does not name its game")
    try:
        s = spec(name)
    except ConfigError as exc:
        raise SaveError(str(exc)) from None
    state = s.state_class.from_data(data)
    if verify and state.choices is not None:
        try:
            again = Replay.from_state(state).play(log=state.log is not None)
        except (IllegalMove, ConfigError) as exc:
            raise SaveError(f"the save file's moves do not replay: {exc}") from None
        if again.to_data() != json.loads(state.to_json()):
            raise SaveError("the save file was altered: its snapshot does not match its moves")
    return state
