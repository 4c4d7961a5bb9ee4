"""Replays: a game, its set-up, its seed and the chosen option ids."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from athanor.engine.core import ConfigError, GameState, IllegalMove


@dataclass
class Replay:
    """Everything needed to reproduce a game exactly."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] | None = None
    choices: list[str] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: GameState) -> Replay:
        """The replay of a game played from its start."""
        if state.choices is None:
            raise ConfigError("this state was not played from a start, so it has no replay")
        return cls(
            state.spec.name,
            state.players,
            state.seed,
            dict(state.options),
            list(state.names),
            list(state.choices),
        )

    def states(self, log: bool = True) -> Iterator[GameState]:
        """The state before each choice, then the final state (the same object, advanced)."""
        from athanor import new_game

        state = new_game(self.game, self.players, self.seed, self.options, self.names, log=log)
        yield state
        for i, choice in enumerate(self.choices):
            try:
                state.apply(choice)
            except IllegalMove as exc:
                raise IllegalMove(f"choice {i + 1} of the replay: {exc}") from None
            yield state

    def play(self, log: bool = True) -> GameState:
        """Replay every choice and return the resulting state."""
        state: GameState | None = None
        for state in self.states(log=log):  # noqa: B007 - we want the last
            pass
        assert state is not None
        return state

    def to_json(self) -> str:
        """JSON text."""
        return json.dumps(
            {
                "format": "athanor-replay",
                "version": 1,
                "game": self.game,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "names": self.names,
                "choices": self.choices,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        """Read a replay file, or the replay inside a save file; faults are ``SaveError``."""
        from athanor.files import parse_json, read_header

        data = parse_json(text, "replay file")
        if isinstance(data, dict) and data.get("format") == "athanor-replay":
            data.setdefault("options", {})
        head = read_header(data, ("athanor-replay", "athanor-save"), "replay file")
        return cls(head.spec.name, head.players, head.seed, head.options, head.names, head.choices)


def undo(state: GameState, seat: int) -> GameState:
    """The game as it was before ``seat``'s last choice, if that choice may be taken back.

    The policy Board Game Arena players know: you may take back your own last choices
    until something random or hidden has come to light, or another player has acted,
    since. Taking back one choice at a time, each check is about the last choice only:
    it must be ``seat``'s, it must have drawn no random number and revealed nothing
    (``GameState.seal``), and the game must not be over. Raises IllegalMove with the
    reason otherwise. The state given is left as it was.
    """
    if state.choices is None or not state.choices:
        raise IllegalMove("there is nothing to take back")
    if state.is_over:
        raise IllegalMove("the game is over")
    before = Replay.from_state(state)
    last = before.choices.pop()
    earlier = before.play(log=state.log is not None)
    d = earlier.decision
    if d is None or d.seat != seat:
        raise IllegalMove("the last choice was another player's")
    rng_before = earlier.rng.state
    again = earlier.clone()
    again._sealed = False
    again.apply(last)
    if again.rng.state != rng_before:
        raise IllegalMove("it rolled dice or shuffled cards")
    if again._sealed:
        raise IllegalMove("it brought hidden cards to light")
    return earlier
