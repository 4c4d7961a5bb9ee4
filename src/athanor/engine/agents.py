"""Agents: anything that picks an option for a seat.

An agent reads only what its seat may know: ``state.view(seat)`` and the
decision in front of it (or a game's own observation helpers, which expose
the same information). It never reads another seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from athanor.engine._mypyc import mypyc_attr
from athanor.engine.core import Decision, GameState
from athanor.engine.rng import Rng


class Agent(Protocol):
    """Picks one option id for the decision in front of it."""

    name: str

    def choose(self, state: GameState, decision: Decision) -> str:
        """Return the id of a legal option."""
        ...


def play_out(state: GameState, agents: Sequence[Agent], max_steps: int | None = None) -> int:
    """Let the agents (one per seat) choose until the game ends; return how many
    choices they made. Past ``max_steps`` choices it stops with a RuntimeError."""
    steps = 0
    while True:
        d = state._decision  # ``decision`` without the property's call (read every choice)
        if d is None:
            return steps
        if max_steps is not None and steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} choices")
        state.apply(agents[d.seat].choose(state, d))
        steps += 1


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: tests subclass it
class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, state: GameState, decision: Decision) -> str:
        """Return a uniformly random legal option id."""
        return decision.options[self.rng.below(len(decision.options))].id


@mypyc_attr(allow_interpreted_subclasses=True)
class Beginner:
    """A game's bot that now and then makes a beginner's mistake: at each decision, with
    probability ``chance``, ``slip(state, decision, pick)`` may replace the bot's ``pick``
    with a plausible but weaker option (or return None to keep it). The slip reads what
    the seat may know, as every bot does. Deterministic given the seed."""

    def __init__(
        self,
        base: Agent,
        slip: Callable[[GameState, Decision, str], str | None],
        chance: float,
        seed: int = 0,
        name: str = "beginner",
    ) -> None:
        if not 0.0 <= chance <= 1.0:
            raise ValueError(f"the chance of a mistake is from 0 to 1, not {chance}")
        self.base = base
        self.slip = slip
        self.chance = chance
        self.rng = Rng(seed ^ 0xB16)
        self.name = name
        self.slips = 0  # mistakes made so far (for tests and reports)

    def choose(self, state: GameState, decision: Decision) -> str:
        """The bot's pick, or now and then a beginner's mistake in its place."""
        pick = self.base.choose(state, decision)
        if len(decision.ids) < 2 or self.rng.below(1_000_000) >= self.chance * 1_000_000:
            return pick
        other = self.slip(state, decision, pick)
        if other is None or other == pick or other not in decision.ids:
            return pick
        self.slips += 1
        return other
