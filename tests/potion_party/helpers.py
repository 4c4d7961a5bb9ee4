"""Build exact Potion Party situations with scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

from athanor.engine import GameState, Rng
from athanor.games.potion_party.data import DEFAULT_FACES
from athanor.games.potion_party.rules import PotionPartyState, StartTurn


class ScriptedRng:
    """Stands in for the game's generator: each draw is a face we chose."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.state = 0
        self.fallback = Rng(99)

    def below(self, n: int) -> int:
        if not self.queue:
            return self.fallback.below(n)  # unscripted rolls are merely random
        i = self.queue.pop(0)
        assert i < n
        return i

    def below_many(self, n: int, k: int) -> list[int]:
        return [self.below(n) for _ in range(k)]

    def draws_below(self, n: int, k: int) -> tuple[int, ...]:
        return tuple(self.below_many(n, k))  # each below n: its own remainder


def roll(state: PotionPartyState, faces: str) -> None:
    """Queue faces such as 'blue:1 blue:dark red:potion green:3' for the next rolls."""
    rng = state.rng
    assert isinstance(rng, ScriptedRng)
    for item in faces.split():
        colour, face = item.split(":")
        rng.queue.append(state.faces[colour].index(face))


def table(
    players: int = 2,
    recipe: str = "speed",
    alchemists: Iterable[str] = ("orc", "gnoll", "kodama", "demon"),
    first_roll: str = "",
    start: bool = True,
) -> PotionPartyState:
    """A game at the start of seat 0's first turn, with the first roll scripted."""
    s = PotionPartyState()
    options = {f"{c}_faces": ",".join(DEFAULT_FACES[c]) for c in DEFAULT_FACES}
    options.update(recipe=recipe, alchemists="choose")
    s._init_base(1, options, [f"P{i}" for i in range(players)], players, True)
    s._init_table(players)
    s.recipe = recipe
    s.alchemist = list(alchemists)[:players]
    s.first = 0
    s.rng = ScriptedRng()  # type: ignore[assignment]
    s.choices = None
    if start:
        roll(s, first_roll)
        s.stack.append(StartTurn(0))
        s._run()
    return s


def pick(state: GameState, *ids: str) -> None:
    """Apply choices, checking each is offered."""
    for i in ids:
        assert state.decision is not None, f"game over before {i!r}"
        assert i in state.decision.ids, f"{i!r} not in {state.decision.ids}"
        state.apply(i)


def begin_turn(state: PotionPartyState, faces: str) -> None:
    """Queue the next turn's roll (used before the previous turn ends)."""
    roll(state, faces)
