"""Small helpers for narration that reads aloud well: articles, plurals and lists."""

from __future__ import annotations

from collections.abc import Sequence

_VOWELS = frozenset("aeiou")
_SILENT_H = ("hour", "honest", "honor", "honour", "heir")
_YOU_SOUND = ("eu", "ewe", "uni", "use", "usu", "uti", "ure", "uro")


def article(word: str) -> str:
    """ "a" or "an" by how the word sounds: "an Estate", "a University", "an 8"."""
    w = word.lower()
    if not w:
        return "a"
    if w[0].isdigit():
        digits = w[: len(w) - len(w.lstrip("0123456789"))]
        # 8, 11, 18, 80-89, 800...: numbers said with a vowel sound first.
        if digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) in (2, 5, 6)):
            return "an"
        return "a"
    if w.startswith(_SILENT_H):
        return "an"
    if w.startswith(("one", "once")) or w.startswith(_YOU_SOUND):
        return "a"
    if w[0] == "u" and len(w) > 2 and w[1] not in _VOWELS and w[2] in _VOWELS and w[1] != "n":
        return "a"  # "a Utopia"; but "an Uneven", "an Umbrella"
    return "an" if w[0] in _VOWELS else "a"


def with_article(word: str) -> str:
    """The word with its article: "a Silver", "an Estate", "a University"."""
    return f"{article(word)} {word}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: "1 card", "3 cards", "2 dice" (``many`` for odd plurals)."""
    if n == 1:
        return f"1 {word}"
    if many is not None:
        return f"{n} {many}"
    if word.endswith("y") and len(word) > 1 and word[-2].lower() not in _VOWELS:
        return f"{n} {word[:-1]}ies"
    if word.endswith("s"):
        return f"{n} {word}"
    if word.endswith(("ch", "sh", "x")):
        return f"{n} {word}es"
    return f"{n} {word}s"


def list_words(items: Sequence[str], empty: str = "nothing") -> str:
    """ "Gold, Silver and Copper"; ``empty`` for no items."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
