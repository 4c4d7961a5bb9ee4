"""The catalog of games: built-in ones and any registered through entry points."""

from __future__ import annotations

import difflib
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from athanor.engine.core import ConfigError, GameSpec

_BUILTIN = {
    "crucible": "athanor.games.crucible",
    "dominion": "athanor.games.dominion",
    "potion-party": "athanor.games.potion_party",
}
_cache: dict[str, GameSpec] | None = None


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
        try:
            with open(name, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise ConfigError(f"cannot read the bot file {name}: {exc.strerror}") from None
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
