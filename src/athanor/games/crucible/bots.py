"""Placeholder, replaced below."""

from __future__ import annotations

from typing import Any

from athanor.engine import Decision, GameState, Rng


class TeamBot:
    """The cooperative team bot."""

    name = "team"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0xC0C0)

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id."""
        return decision.ids[self.rng.below(len(decision.ids))]


_: Any = None
