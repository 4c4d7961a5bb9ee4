"""The catalog of games: built-in ones and any registered through entry points."""

from __future__ import annotations

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
MAX_BOT_FILE = 1024 * 1024
# Short names for bots at a table (alchemists of legend), so narration stays brief.
BOT_NAMES = (
    "Flamel",
    "Maria",
    "Geber",
    "Dee",
    "Llull",
    "Boyle",
    "Kelley",
    "Hermes",
)  # a strategy file is a page of text


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


def _close(name: str, known: list[str]) -> list[str]:
    """Up to three known names close to ``name``, for an error's hint."""
    import difflib  # only when a name is wrong: start-up stays light

    return difflib.get_close_matches(name, known, n=3, cutoff=0.4)


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
    close = _close(name, list(table))
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise ConfigError(f"unknown game {name!r}.{hint} Known games: {', '.join(sorted(table))}")


def bot(game: str, name: str, seed: int) -> Any:
    """Make the bot called ``name`` for a game: a level (easy, normal, hard, expert), one
    of the game's bots, random, ismcts[:...], or a bot file."""
    return bot_maker(game, name)(seed)


def read_bot_file(name: str) -> str:
    """The text of a bot file a user wrote (a Dominion strategy), checked. In
    ``FILE.xml:BOT`` (a bot of a DominionSim file), the file is FILE.xml."""
    path = os.path.expanduser(_bot_file_path(name))
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
    """Whether ``name`` names a bot file (``.txt``, or a DominionSim ``.xml`` or
    ``FILE.xml:BOT``) rather than a bot of the game."""
    return _names_file(name) and spec(game).bot_from_text is not None


def _bot_file_path(name: str) -> str:
    """The file a bot name reads: ``FILE.xml:BOT`` reads FILE.xml."""
    head, sep, _ = name.partition(".xml:")
    return head + ".xml" if sep else name


def _names_file(name: str) -> bool:
    return name.endswith((".txt", ".xml")) or ".xml:" in name


def bot_maker(game: str, name: str, text: str | None = None) -> Callable[[int], Any]:
    """A function of the seed that makes the bot called ``name``: the name is looked up,
    and a bot file read (or ``text`` used in its place) and checked, once. The simulator
    makes one per run, not one per game."""
    from athanor.engine.agents import RandomAgent

    s = spec(game)
    level = s.levels.get(name)
    if level is not None and name not in s.bots:
        return bot_maker(game, level.bot)
    if name == "random":
        return RandomAgent
    if name == "ismcts" or name.startswith("ismcts:"):
        _ismcts(game, name, 0)  # check the parameters now, not in the middle of a run
        return lambda seed: _ismcts(game, name, seed)
    make = s.bot_from_text
    if make is not None and (text is not None or _names_file(name)):
        body = read_bot_file(name) if text is None else text
        try:
            make(body, name, 0)  # fail now, not in the middle of a run
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        return lambda seed: make(body, name, seed)
    factory = s.bots.get(name)
    if factory is None:
        levels = list(s.levels)
        known = ", ".join([*levels, "random", "ismcts", *sorted(s.bots)])
        close = _close(name, [*levels, "random", *s.bots])
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        what = f"Levels: {', '.join(levels)}. Other bots" if levels else "Bots"
        raise ConfigError(f"{s.title} has no bot {name!r}.{hint} {what}: {known}")
    return factory


ISMCTS_PARAMS = {
    "iterations": "iterations per decision (default 500)",
    "time": "seconds per decision (with iterations too, whichever comes first)",
    "rollout": "the policy below the tree: random (default) or one of the game's bots",
    "c": "the exploration constant (default 0.7)",
}


def _ismcts(game: str, name: str, seed: int) -> Any:
    """``ismcts`` or ``ismcts:iterations=2000,rollout=big-money,time=0.5,c=0.7``."""
    from athanor.agents.ismcts import Ismcts

    _, _, rest = name.partition(":")
    params: dict[str, str] = {}
    for part in rest.split(",") if rest else ():
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key or not value.strip():
            raise ConfigError(
                f"bad ISMCTS parameter {part!r}: write name=value, for example "
                "ismcts:iterations=2000,rollout=random"
            )
        if key not in ISMCTS_PARAMS:
            known = "; ".join(f"{k}: {v}" for k, v in ISMCTS_PARAMS.items())
            raise ConfigError(f"ISMCTS has no parameter {key!r}. Its parameters: {known}")
        if key in params:
            raise ConfigError(f"the ISMCTS parameter {key!r} is given twice")
        params[key] = value.strip()
    seconds = _number(params["time"], "time", float, 0.001, 3600.0) if "time" in params else None
    default = "500" if seconds is None else None  # a time budget alone: as many as fit
    given = params.get("iterations", default)
    iterations = None if given is None else _number(given, "iterations", int, 1, 10_000_000)
    c = _number(params.get("c", "0.7"), "c", float, 0.0, 100.0)
    rollout_name = params.get("rollout", "random")
    if rollout_name == "ismcts" or rollout_name.startswith("ismcts:"):
        raise ConfigError("an ISMCTS rollout cannot itself be ISMCTS; name a faster bot")
    factory = None
    if rollout_name != "random":
        bot(game, rollout_name, 0)  # fails early with the game's list of bots

        def factory(s: int) -> Any:
            return bot(game, rollout_name, s)

    return Ismcts(
        seed,
        iterations=None if iterations is None else int(iterations),
        seconds=seconds,
        rollout=factory,
        c=c,
        rollout_name=rollout_name,
    )


def _number(text: str, key: str, kind: type, low: float, high: float) -> float:
    """A parameter's number, in range, or a clear ConfigError."""
    try:
        value = kind(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise ConfigError(f"the ISMCTS parameter {key} needs {what}, not {text!r}") from None
    if not low <= value <= high or value != value:
        raise ConfigError(
            f"the ISMCTS parameter {key} must be from {low:g} to {high:g}, not {text}"
        )
    return float(value) if kind is float else int(value)
