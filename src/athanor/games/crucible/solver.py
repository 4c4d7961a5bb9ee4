"""Can this mission still be won? A perfect-information search for the Crucible.

Given every hand and the drafted tasks (a state past the draft), the team is one mind
that sees all cards: the search tries every choice of every seat, depth first, and
answers as soon as one line of play wins. The engine itself makes the moves (clones and
``apply``), so every rule holds in the search exactly as in play. Nothing is random after
the deal, so the answer is exact: ``won`` (a winning line exists, the line is returned),
``lost`` (every line was tried and none wins), or ``unknown`` when the node budget ran
out first.

Whispers are left out (a Whisper only passes information, and here everybody sees
everything), so the search answers "pass" to every Whisper offer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from athanor.games.crucible.rules import CrucibleState


@dataclass
class Verdict:
    """The answer of a search: "won", "lost" or "unknown", and what it cost."""

    answer: str
    nodes: int
    line: list[str] = field(default_factory=list)  # the choices of a winning line


class _Budget(Exception):
    """The node budget ran out."""


def after_draft(state: CrucibleState) -> bool:
    """Whether the draft is over: the question is about the reactions themselves."""
    d = state.decision
    if d is None:
        return True
    first = d.ids[0]
    return not first.startswith(("task:", "keep:")) and "volunteer" not in d.ids


def _choices(state: CrucibleState) -> tuple[str, ...]:
    d = state.decision
    assert d is not None
    ids = d.ids
    if "pass" in ids and any(i.startswith("whisper:") for i in ids):
        return ("pass",)
    return ids


def winnable(state: CrucibleState, budget: int = 200_000) -> Verdict:
    """Search every line of play from this state (each choice made is a node)."""
    nodes = 0
    line: list[str] = []

    def search(s: CrucibleState) -> bool:
        nonlocal nodes
        if s.is_over:
            return s.outcome == "won"
        for oid in _choices(s):
            nodes += 1
            if nodes > budget:
                raise _Budget
            c = s.clone()
            c.apply(oid)
            line.append(oid)
            if search(c):
                return True
            line.pop()
        return False

    base = state.clone()
    base.log = None
    base.choices = None
    try:
        won = search(base)
    except _Budget:
        return Verdict("unknown", nodes)
    return Verdict("won" if won else "lost", nodes, list(line) if won else [])
