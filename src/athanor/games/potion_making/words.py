"""Small helpers for narration that reads aloud well: articles, plurals, lists."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

_AN_EXCEPTIONS = ("Uni", "Use", "Usu", "One")


def a(name: str) -> str:
    """``name`` with its indefinite article: "an Elixir of Fire", "a Unicorn"."""
    if name[:1] in "AEIOU" and not name.startswith(_AN_EXCEPTIONS):
        return f"an {name}"
    return f"a {name}"


def plural(word: str, n: int) -> str:
    """ "1 point", "2 points"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def listing(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def counted(names: Sequence[str]) -> str:
    """Names with repeats counted: "2 Elixirs of Fire" is awkward, so "Elixir of Fire twice"."""
    c = Counter(names)
    out = []
    for name, n in c.items():
        out.append(name if n == 1 else f"{name} ({n} copies)")
    return listing(out)
