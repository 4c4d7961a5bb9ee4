"""The engine primitives: generator, response windows, options and errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

import athanor
from athanor.engine import (
    ConfigError,
    Decision,
    Frame,
    GameSpec,
    GameState,
    IllegalMove,
    Option,
    OptionSpec,
    ResponseWindow,
    Result,
    Rng,
)


def test_rng_is_deterministic_and_independent_of_python_random() -> None:
    import random

    a, b = Rng(42), Rng(42)
    random.seed(1)
    xs = [a.below(6) for _ in range(100)]
    random.seed(2)
    assert xs == [b.below(6) for _ in range(100)]
    # Known first values pin the algorithm, so saves stay valid across versions.
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_below_is_next64_with_rejection_above_the_uniform_limit() -> None:
    # below() inlines next64; it must draw exactly what next64 would, so saves stay valid.
    mask = (1 << 64) - 1
    for n in (1, 2, 6, 10, 26, 3**39, (1 << 63) + 1):
        a, b = Rng(n), Rng(n)
        limit = mask - (mask + 1) % n
        for _ in range(50):
            x = b.next64()
            while x > limit:
                x = b.next64()
            assert a.below(n) == x % n
            assert a.state == b.state


def test_rng_is_roughly_uniform_and_shuffles_every_order() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    orders = set()
    for _ in range(600):
        xs = [1, 2, 3]
        r.shuffle(xs)
        orders.add(tuple(xs))
    assert len(orders) == 6
    with pytest.raises(ValueError):
        r.below(0)


# -- a toy game that exercises nested response windows -------------------------------


@dataclass
class Shout(ResponseWindow):
    """Everyone holding a token may answer; answering opens a nested window."""

    depth: int = 0

    def eligible(self, state: Any, seat: int) -> bool:
        return bool(state.tokens[seat] > 0)

    def responses(self, state: Any, seat: int) -> list[Option]:
        return [Option("answer", "Answer")]

    def prompt(self, state: Any, seat: int) -> str:
        return f"window {self.depth}"

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        state.tokens[seat] -= 1
        state.trace.append(f"{seat}@{self.depth}")
        self.pos += 1
        if self.depth == 0:
            others = [s for s in range(len(state.tokens)) if s != seat]
            state.stack.append(Shout(others, 0, self.depth + 1))

    def close(self, state: Any) -> None:
        state.trace.append(f"close{self.depth}")


@dataclass
class Root(Frame):
    def run(self, state: Any) -> Decision | None:
        if state.started:
            state.stack.pop()
            state.done = True
            return None
        state.started = True
        state.stack.append(Shout([0, 1, 2], 0, 0))
        return None


class Toy(GameState):
    tokens: list[int]
    trace: list[str]
    started: bool
    done: bool

    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], names: Any = None, log: bool = True
    ) -> Toy:
        s = cls()
        s._init_base(seed, options, names, players, log)
        s.tokens = [1, 0, 2]
        s.trace = []
        s.started = False
        s.done = False
        s.stack.append(Root())
        s._run()
        return s

    @property
    def result(self) -> Result | None:
        return Result((0.0,) * 3, (1, 1, 1)) if self.done else None

    def view(self, seat: int | None) -> Any:
        return {"tokens": self.tokens}

    def clone(self) -> Toy:
        c = Toy()
        self._clone_base(c)
        c.tokens, c.trace, c.started, c.done = (
            list(self.tokens),
            list(self.trace),
            self.started,
            self.done,
        )
        return c

    def _state_json(self) -> Any:
        return {
            "tokens": self.tokens,
            "trace": self.trace,
            "started": self.started,
            "done": self.done,
        }

    @classmethod
    def _from_state_json(cls, data: Any) -> Toy:
        s = cls()
        s.tokens, s.trace, s.started, s.done = (
            data["tokens"],
            data["trace"],
            data["started"],
            data["done"],
        )
        return s


Toy.FRAMES = {"Shout": Shout, "Root": Root}
TOY = GameSpec("toy", "Toy", 3, 3, Toy, (OptionSpec("speed", "how fast", 1, (1, 2), int),))


def test_response_window_skips_seats_with_nothing_to_do_and_nests() -> None:
    s = Toy.new(3, 0, {})
    d = s.decision
    assert d is not None and d.seat == 0 and d.ids == ("answer", "pass")
    s.apply("answer")
    # A nested window for seats 1 and 2 opens; seat 1 holds nothing and is skipped.
    d = s.decision
    assert d is not None and d.seat == 2 and d.prompt == "window 1"
    s.apply("answer")
    # The nested window closes and the outer one resumes at seat 1 (skipped), then seat 2.
    assert s.trace == ["0@0", "2@1", "close1"]
    d = s.decision
    assert d is not None and d.seat == 2 and d.prompt == "window 0"
    s.apply("pass")
    assert s.trace[-1] == "close0"
    assert s.is_over


def test_illegal_choice_names_the_options_and_changes_nothing() -> None:
    s = Toy.new(3, 0, {})
    before = s.to_json()
    with pytest.raises(IllegalMove, match="expected one of: answer, pass"):
        s.apply("shout")
    assert s.to_json() == before
    assert isinstance(IllegalMove("x"), ValueError)


def test_options_are_checked_against_the_spec() -> None:
    assert TOY.check_options({}) == {"speed": 1}
    assert TOY.check_options({"speed": "2"}) == {"speed": 2}
    with pytest.raises(ConfigError, match="no option 'sped'"):
        TOY.check_options({"sped": 1})
    with pytest.raises(ConfigError, match="must be one of"):
        TOY.check_options({"speed": 3})
    with pytest.raises(ConfigError, match="whole number"):
        TOY.check_options({"speed": "fast"})
    with pytest.raises(ConfigError, match="3-3 players"):
        TOY.check_players(2)


def test_catalog_lists_games_and_refuses_unknown_ones() -> None:
    names = [g.name for g in athanor.games()]
    assert "potion-party" in names
    spec = athanor.spec("potion-party")
    assert spec.min_players == 2 and spec.max_players == 4
    assert json.dumps(spec.to_json())
    with pytest.raises(ConfigError, match="Did you mean potion-party"):
        athanor.new_game("potion-parti")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[]", "not an Athanor save"),
        ('{"format": "athanor-save", "version": 9}', "unsupported save file version"),
        ('{"format": "athanor-save", "version": 1, "game": "chess"}', "unknown game"),
        ('{"format": "athanor-save", "version": 1, "game": "potion-party"}', "None players"),
    ],
)
def test_corrupt_save_files_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(athanor.SaveError, match=message):
        athanor.load_game(text)


def test_replay_reproduces_a_game_and_rejects_a_bad_choice() -> None:
    state = athanor.new_game("potion-party", 3, seed=8)
    agent = athanor.engine.RandomAgent(8)
    while not state.is_over:
        state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
    rep = athanor.Replay.from_state(state)
    again = athanor.Replay.from_json(rep.to_json()).play()
    assert again.to_json() == state.to_json()
    rep.choices[3] = "nonsense"
    with pytest.raises(IllegalMove, match="choice 4 of the replay"):
        rep.play()


def test_games_stays_the_catalog_function_after_game_imports() -> None:
    import importlib

    importlib.import_module("athanor.games.potion_party")
    assert callable(athanor.games)
