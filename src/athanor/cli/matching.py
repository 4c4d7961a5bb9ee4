"""Turning what a person types into one of the options in front of them.

An option can be chosen by its number, by a fixed short key the game declares
("e" to end), or by its words: the whole label or id ("buy province"), the label
without its first word ("province"), or the start of each word ("b prov",
"gold"). A typed text that fits several options is reported, not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from athanor.engine import Option

T = TypeVar("T")
_BRACKETS = re.compile(r"\([^)]*\)")
_NOT_WORD = re.compile(r"[^\w]+")


def words(text: str) -> list[str]:
    """Lower-case words, with punctuation and apostrophes dropped."""
    return [w for w in _NOT_WORD.split(text.replace("'", "").casefold()) if w]


def _keys(option: Option) -> list[list[str]]:
    """The word lists an option answers to."""
    label = words(_BRACKETS.sub(" ", option.label))
    keys = [label, words(option.id)]
    if len(label) > 1:
        keys.append(label[1:])  # without the verb: "province" for "Buy Province"
    return keys


def fits(typed: list[str], key: list[str]) -> bool:
    """Each typed word starts the key's word in the same place ("b prov", "buy province")."""
    return len(typed) <= len(key) and all(k.startswith(t) for t, k in zip(typed, key, strict=False))


def fits_within(typed: list[str], key: list[str]) -> bool:
    """The typed words start consecutive words anywhere in the key ("lich" in
    'Skeleton "Lich"')."""
    return any(fits(typed, key[i:]) for i in range(len(key)))


def best(typed: list[str], named: Sequence[tuple[T, list[list[str]]]]) -> list[T]:
    """The things whose word lists the typed words name: an exact list first, then
    lists they start, then lists they appear in; the first level with any match."""
    for test in (
        lambda k: k == typed,
        lambda k: fits(typed, k),
        lambda k: fits_within(typed, k),
    ):
        found = [thing for thing, keys in named if any(test(k) for k in keys)]
        if found:
            return found
    return []


@dataclass(frozen=True)
class Match:
    """The option a text names, or the candidates when it names several (or none)."""

    option: Option | None
    candidates: tuple[Option, ...] = ()


def match(text: str, options: Sequence[Option], shortcuts: Mapping[str, str]) -> Match:
    """The option ``text`` names, by short key, whole words or word starts."""
    typed = words(text)
    if not typed:
        return Match(None)
    by_id = {o.id: o for o in options}
    key = " ".join(typed)
    if key in shortcuts and shortcuts[key] in by_id:
        return Match(by_id[shortcuts[key]])
    found = best(typed, [(o, _keys(o)) for o in options])
    if len(found) == 1:
        return Match(found[0])
    return Match(None, tuple(found))
