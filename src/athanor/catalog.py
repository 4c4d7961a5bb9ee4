"""The catalog of games: built-in ones and any registered through entry points."""

from __future__ import annotations

import difflib
import os
from importlib import import_module
from importlib.metadata import entry_points
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
        for name, module in _BUILTIN.items():
            found[name] = import_module(module).SPEC
        for ep in entry_points(group="athanor.games"):
            spec = ep.load()
            if isinstance(spec, GameSpec) and spec.name not in found:
                found[spec.name] = spec
        _cache = found
    return _cache


def games() -> list[GameSpec]:
    """All registered games, by name."""
    return [spec for _, spec in sorted(_load().items())]


def spec(name: str) -> GameSpec:
    """The game called ``name``; a clear error names close matches."""
    table = _load()
    if name in table:
        return table[name]
    close = difflib.get_close_matches(name, table, n=3, cutoff=0.4)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise ConfigError(f"unknown game {name!r}.{hint} Known games: {', '.join(sorted(table))}")


def bot(game: str, name: str, seed: int) -> Any:
    """Make the bot called ``name`` for a game."""
    from athanor.engine.agents import RandomAgent

    s = spec(game)
    if name == "random":
        return RandomAgent(seed)
    if name.endswith(".txt") and s.bot_from_text is not None:
        path = os.path.expanduser(name)
        try:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BOT_FILE + 1)
        except OSError as exc:
            raise ConfigError(f"cannot read the bot file {name}: {exc.strerror or exc}") from None
        if len(raw) > MAX_BOT_FILE:
            raise ConfigError(f"the bot file {name} is larger than {MAX_BOT_FILE:,} bytes")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ConfigError(
                f"the bot file {name} is not UTF-8 text (bad byte at position {exc.start})"
            ) from None
        try:
            return s.bot_from_text(text, name, seed)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    factory = s.bots.get(name)
    if factory is None:
        known = ", ".join(["random", *sorted(s.bots)])
        close = difflib.get_close_matches(name, ["random", *s.bots], n=3, cutoff=0.4)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise ConfigError(f"{s.title} has no bot {name!r}.{hint} Bots: {known}")
    return factory(seed)
