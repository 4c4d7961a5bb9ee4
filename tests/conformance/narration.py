"""A lint for narration: sentences that would read wrongly aloud.

It catches the slips a listener notices: the wrong article ("an University"),
a third-person verb after "you" ("You completes"), "You ... and wins", and a
plural after one ("1 stars"). Player names are replaced first, so "Player 1
draws" is not read as "1 draws".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from athanor.engine.text import article

_ARTICLE = re.compile(r"\b(a|an|A|An) ([A-Za-z0-9][\w'-]*)")
_YOU_VERB_S = re.compile(r"\b[Yy]ou ([a-z]+[^s\W]s)\b")
_YOU_AND_VERB_S = re.compile(r"^You\b[^.;:]*?\band ([a-z]+[^s\W]s)\b")
_ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 ([a-z]+[^s\W]s|dice)\b")
_CAPITAL_YOU = re.compile(r"[,;] (You|Your)\b|\b(with|to|for|by|and) (You|Your)\b")


def narration_faults(text: str, names: Iterable[str] = ()) -> list[str]:
    """What reads wrongly in one sentence (empty when it reads well)."""
    for name in sorted(names, key=len, reverse=True):
        # Whole words only: "Bo" is a name, but not the start of "a Boil Over".
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "Ana", text)
    faults = [
        f"article: {m.group(0)!r}"
        for m in _ARTICLE.finditer(text)
        if m.group(1).lower() != article(m.group(2))
    ]
    for pattern, what in (
        (_YOU_VERB_S, "verb after you"),
        (_YOU_AND_VERB_S, "verb after 'You ... and'"),
        (_ONE_PLURAL, "plural after 1"),
        (_CAPITAL_YOU, "capital You mid-sentence"),
    ):
        faults.extend(f"{what}: {m.group(0)!r}" for m in pattern.finditer(text))
    return faults
