"""Reading save and replay files, which may come from anyone.

Every fault in a file is a ``SaveError`` with a short message, found before any
costly work: the size is checked before the file is read, the text must be
UTF-8 JSON of modest depth, and the header fields (game, players, seed,
options, names, choices) are checked one by one. Error messages quote at most
a short excerpt of a bad value.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from athanor.catalog import spec as game_spec
from athanor.engine.core import (
    MAX_NAME_CHARS,
    ConfigError,
    GameSpec,
    SaveError,
    check_names,
    check_seed,
    excerpt,
)
from athanor.engine.reading import MAX_FILE_BYTES, read_bounded

# The longest real games save to about 1.5 MB.
MAX_CHOICES = 200_000
MAX_CHOICE_CHARS = 200
MAX_DEPTH = 64  # JSON nesting; our own files use about 6 levels


def read_bytes(path: str, what: str = "file") -> bytes:
    """Read a file, refusing one larger than ``MAX_FILE_BYTES`` before reading it."""
    return read_bounded(path, what, MAX_FILE_BYTES, SaveError)


def _depth(data: Any) -> int:
    """How deeply lists and objects nest (iteratively, so no recursion limit applies)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        item, d = todo.pop()
        deepest = max(deepest, d)
        values = item.values() if isinstance(item, dict) else item
        todo.extend((v, d + 1) for v in values if isinstance(v, (dict, list)))
    return deepest


def parse_json(text: str | bytes, what: str = "save file") -> Any:
    """Parse untrusted JSON text; every fault is a ``SaveError``."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_FILE_BYTES:
            raise SaveError(f"the {what} is larger than {MAX_FILE_BYTES:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(
                f"the {what} is not UTF-8 text (bad byte at position {exc.start})"
            ) from None
    elif not isinstance(text, str):
        raise SaveError(f"a {what} must be text, not {type(text).__name__}")
    elif len(text) > MAX_FILE_BYTES:
        raise SaveError(f"the {what} is larger than {MAX_FILE_BYTES:,} characters")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(f"the {what} nests lists or objects too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        raise SaveError(f"the {what} is not valid JSON ({excerpt(str(exc), 80)})") from None
    if isinstance(data, (dict, list)) and _depth(data) > MAX_DEPTH:
        raise SaveError(f"the {what} nests lists or objects more than {MAX_DEPTH} deep")
    return data


@dataclass(frozen=True)
class Header:
    """The checked set-up fields shared by save and replay files."""

    spec: GameSpec
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str] | None
    choices: list[str]


def read_header(data: Any, formats: tuple[str, ...], what: str = "save file") -> Header:
    """Check the set-up fields of a parsed file; every fault is a ``SaveError``."""
    if not isinstance(data, dict) or data.get("format") not in formats:
        kinds = " or ".join(f"'{f}'" for f in formats)
        raise SaveError(f"this is not an Athanor {what} (its 'format' is not {kinds})")
    if data.get("version") != 1:
        raise SaveError(f"unsupported {what} version {excerpt(data.get('version'))}")
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveError(f"the {what} does not name its game")
    try:
        spec = game_spec(name[:60])
    except ConfigError as exc:
        raise SaveError(str(exc)) from None
    players = data.get("players")
    if type(players) is not int or not spec.min_players <= players <= spec.max_players:
        raise SaveError(
            f"the {what} has {excerpt(players)} players; {spec.title} takes "
            f"{spec.min_players}-{spec.max_players}"
        )
    options = data.get("options")
    if not isinstance(options, dict):
        raise SaveError(f"the {what}'s options are not an object")
    try:
        seed = check_seed(data.get("seed"))
        opts = spec.check_options(options)
        names = data.get("names")
        if names is not None:
            names = check_names(names, players)
    except ConfigError as exc:
        raise SaveError(f"the {what} is damaged: {exc}") from None
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise SaveError(
            f"the {what} has no list of moves ('choices'), so it cannot be checked; "
            "only a game saved from its start can be loaded"
        )
    if len(choices) > MAX_CHOICES:
        raise SaveError(f"the {what} has {len(choices):,} moves; at most {MAX_CHOICES:,}")
    for i, c in enumerate(choices):
        if type(c) is not str or len(c) > MAX_CHOICE_CHARS:
            raise SaveError(f"move {i + 1} of the {what} is not an option id: {excerpt(c)}")
    return Header(spec, players, seed, opts, names, list(choices))


__all__ = [
    "MAX_CHOICES",
    "MAX_FILE_BYTES",
    "MAX_NAME_CHARS",
    "Header",
    "parse_json",
    "read_bytes",
    "read_header",
]
