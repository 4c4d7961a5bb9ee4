"""Athanor: an open tabletop engine for alchemy-themed games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

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
from athanor.engine.core import check_seed, excerpt

if TYPE_CHECKING:
    from athanor.replay import Replay

# ``athanor.games`` is both this function and the games' package. For ``import
# athanor.games.dominion as d`` Python looks the subpackage up by the name of what
# ``athanor.games`` is bound to, so the function carries the package's name.
games.__name__ = "athanor.games"

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


def __getattr__(name: str) -> Any:
    """``athanor.Replay``, imported when first asked for: a simulation's start needs none."""
    if name == "Replay":
        from athanor.replay import Replay

        return Replay
    raise AttributeError(f"module 'athanor' has no attribute {name!r}")


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
    check_seed(seed)
    new = s.state_class.new
    state: GameState = new(players=players, seed=seed, options=opts, names=names, log=log)
    return state


def load_game(text: str | bytes, verify: bool = True) -> GameState:
    """Load a game saved with ``state.to_json()``.

    With ``verify`` (the default, and the only safe way to read a file from
    someone else), the game is rebuilt by replaying the recorded moves from the
    seed, and the file's snapshot must match it exactly, so an altered file is
    refused. Nothing in the file can turn this check off. Every fault is a
    ``SaveError``.
    """
    from athanor.files import parse_json, read_header

    data = parse_json(text, "save file")
    head = read_header(data, ("athanor-save",), "save file")
    snap = data.get("state")
    if not isinstance(snap, dict) or not isinstance(snap.get("log", 0), (list, type(None))):
        raise SaveError("the save file is damaged (it has no 'state' snapshot)")
    if not verify:
        return head.spec.state_class.from_data(data)
    from athanor.replay import Replay

    replay = Replay(head.spec.name, head.players, head.seed, head.options, head.names, head.choices)
    try:
        state = replay.play(log=snap["log"] is not None)
    except (IllegalMove, ConfigError) as exc:
        raise SaveError(f"the save file's moves do not replay: {excerpt(str(exc), 240)}") from None
    import json  # here: a command that loads no game need not import it

    expected = state._snapshot()
    for key, value in expected.items():
        if json.loads(json.dumps(value)) != data.get(key):
            raise SaveError(
                f"the save file was altered: its {key!r} does not match its moves"
                if key != "state"
                else "the save file was altered: its snapshot does not match its moves"
            )
    return state
