"""The catalog of games: built-in ones and any registered through entry points."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from importlib import import_module
from typing import Any

from athanor.engine.core import ConfigError, GameSpec

_BUILTIN = {
    "crucible": "athanor.games.crucible",
    "dominion": "athanor.games.dominion",
    "potion-making": "athanor.games.potion_making",
    "potion-party": "athanor.games.potion_party",
}
_cache: dict[str, GameSpec] | None = None
MAX_BOT_FILE = 1024 * 1024  # a strategy file is a page of text


def _load() -> dict[str, GameSpec]:
    global _cache
    if _cache is None:
        found: dict[str, GameSpec] = {}
        for name in _BUILTIN:
            found[name] = _builtin(name)
        from importlib.metadata import entry_points  # slow to import: only when listing

        for ep in entry_points(group="athanor.games"):
            spec = ep.load()
            if isinstance(spec, GameSpec) and spec.name not in found:
                found[spec.name] = spec
        _cache = found
    return _cache


_one: dict[str, GameSpec] = {}


def _builtin(name: str) -> GameSpec:
    """A built-in game's spec, importing only its own package (a quick start for
    commands that need one game, such as ``athanor sim``)."""
    got = _one.get(name)
    if got is None:
        got = _one[name] = import_module(_BUILTIN[name]).SPEC
    return got


def games() -> list[GameSpec]:
    """All registered games, by name."""
    return [spec for _, spec in sorted(_load().items())]


def spec(name: str) -> GameSpec:
    """The game called ``name``; a clear error names close matches."""
    if name in _BUILTIN:
        return _builtin(name)
    table = _load()
    if name in table:
        return table[name]
    close = difflib.get_close_matches(name, table, n=3, cutoff=0.4)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise ConfigError(f"unknown game {name!r}.{hint} Known games: {', '.join(sorted(table))}")


def bot(game: str, name: str, seed: int) -> Any:
    """Make the bot called ``name`` for a game."""
    return bot_maker(game, name)(seed)


def read_bot_file(name: str) -> str:
    """The text of a bot file a user wrote (a Dominion strategy), checked."""
    path = os.path.expanduser(name)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BOT_FILE + 1)
    except OSError as exc:
        raise ConfigError(f"cannot read the bot file {name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BOT_FILE:
        raise ConfigError(f"the bot file {name} is larger than {MAX_BOT_FILE:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"the bot file {name} is not UTF-8 text (bad byte at position {exc.start})"
        ) from None


def is_bot_file(game: str, name: str) -> bool:
    """Whether ``name`` names a bot file (``.txt``) rather than a bot of the game."""
    return name.endswith(".txt") and spec(game).bot_from_text is not None


def bot_maker(game: str, name: str, text: str | None = None) -> Callable[[int], Any]:
    """A function of the seed that makes the bot called ``name``: the name is looked up,
    and a bot file read (or ``text`` used in its place) and checked, once. The simulator
    makes one per run, not one per game."""
    from athanor.engine.agents import RandomAgent

    s = spec(game)
    if name == "random":
        return RandomAgent
    make = s.bot_from_text
    if make is not None and (text is not None or name.endswith(".txt")):
        body = read_bot_file(name) if text is None else text
        try:
            make(body, name, 0)  # fail now, not in the middle of a run
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        return lambda seed: make(body, name, seed)
    factory = s.bots.get(name)
    if factory is None:
        known = ", ".join(["random", *sorted(s.bots)])
        close = difflib.get_close_matches(name, ["random", *s.bots], n=3, cutoff=0.4)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise ConfigError(f"{s.title} has no bot {name!r}.{hint} Bots: {known}")
    return factory
