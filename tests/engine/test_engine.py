"""The engine primitives: generator, response windows, options and errors."""

from __future__ import annotations

import json
from collections.abc import Callable
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


def test_below_many_and_draws_below_draw_what_as_many_calls_of_below_would() -> None:
    for seed in range(40):
        for n in (1, 2, 6, 7, 26, 3**39, (1 << 64) - 1):
            for k in (0, 1, 2, 3, 6, 9):
                a, b, c = Rng(seed * 7919 + n), Rng(seed * 7919 + n), Rng(seed * 7919 + n)
                expected = [b.below(n) for _ in range(k)]
                assert a.below_many(n, k) == expected
                assert [z % n for z in c.draws_below(n, k)] == expected
                assert a.state == b.state == c.state


def _state_drawing(x: int) -> int:
    """The generator state whose next 64-bit draw is ``x`` (SplitMix64's mix undone)."""
    mask = (1 << 64) - 1
    x ^= (x >> 31) ^ (x >> 62)
    x = (x * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    x ^= (x >> 27) ^ (x >> 54)
    x = (x * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    x ^= (x >> 30) ^ (x >> 60)
    return (x - 0x9E3779B97F4A7C15) & mask


def test_below_many_rejects_the_draws_below_rejects_like_below() -> None:
    # The fourth of six draws is the largest 64-bit number, which below(6) rejects (it
    # would make the faces uneven) and replaces by the next draw.
    mask = (1 << 64) - 1
    assert Rng(_state_drawing(mask)).next64() == mask
    start = (_state_drawing(mask) - 3 * 0x9E3779B97F4A7C15) & mask
    a, b, c = Rng(start), Rng(start), Rng(start)
    expected = [b.below(6) for _ in range(6)]
    assert a.below_many(6, 6) == expected
    assert [z % 6 for z in c.draws_below(6, 6)] == expected
    assert a.state == b.state == c.state == (start + 7 * 0x9E3779B97F4A7C15) & mask


def test_below_each_draws_what_a_call_of_below_per_bound_would() -> None:
    for seed in range(60):
        for bounds in (
            [],
            [1],
            [26, 25, 24, 23, 22, 21, 20, 19, 18, 17],
            [6, 3**39, 2, 7],
            [5] * 9,
        ):
            a, b = Rng(seed * 104729 + len(bounds)), Rng(seed * 104729 + len(bounds))
            expected = [b.below(n) for n in bounds]
            assert a.below_each(bounds) == expected
            assert a.state == b.state


def test_below_each_rejects_a_draw_as_below_would() -> None:
    # The third draw is the largest 64-bit number, which below(26) rejects: the batch goes
    # back to one call at a time, and the numbers and the state after still agree.
    mask = (1 << 64) - 1
    start = (_state_drawing(mask) - 2 * 0x9E3779B97F4A7C15) & mask
    a, b = Rng(start), Rng(start)
    bounds = [28, 27, 26, 25]
    expected = [b.below(n) for n in bounds]
    assert a.below_each(bounds) == expected
    assert a.state == b.state == (start + 5 * 0x9E3779B97F4A7C15) & mask
    with pytest.raises(ValueError):
        Rng(1).below_each([3, 0])


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


# -- untrusted input (issue 8) ------------------------------------------------------


def _save_data() -> dict[str, object]:
    state = athanor.new_game("potion-party", 2, seed=4)
    state.apply(state.legal()[0])
    data: dict[str, object] = json.loads(state.to_json())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(choices=None), "no list of moves"),
        (lambda d: d.update(seed=10**400), "at most 64 bits"),
        (lambda d: d.update(seed=1.5), "at most 64 bits"),
        (lambda d: d.update(players=True), "players"),
        (lambda d: d["options"].update(recipe=None), "needs a value, not None"),
        (lambda d: d["options"].update(blue_faces=7), "needs a str"),
        (lambda d: d["options"].update(red_faces="dark,dark"), "exactly 6 faces"),
        (lambda d: d.update(names=["x" * 5_000_000, "b"]), "too long"),
        (lambda d: d.update(names=["Ana", "ana"]), "different name"),
        (lambda d: d.update(names=["A\x1b[2J", "b"]), "control characters"),
        (lambda d: d["choices"].append(["a list"]), "not an option id"),
        (lambda d: d.update(choices=["x"] * 300_000), "at most 200,000"),
        (lambda d: d.pop("state"), "no 'state' snapshot"),
    ],
)
def test_every_fault_in_a_save_is_a_short_save_error(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = _save_data()
    change(data)
    with pytest.raises(athanor.SaveError, match=message) as err:
        athanor.load_game(json.dumps(data))
    assert len(str(err.value)) < 300


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\xff\xfe not text", "not UTF-8"),
        ("[" * 50_000 + "]" * 50_000, "nest"),
        ('{"a": ' + "1" * 6000 + "}", "not valid JSON"),
        ("x" * 17_000_000, "larger than"),
    ],
)
def test_bytes_depth_size_and_numbers_are_checked_before_the_work(
    text: str | bytes, message: str
) -> None:
    with pytest.raises(athanor.SaveError, match=message):
        athanor.load_game(text)
    with pytest.raises(athanor.SaveError, match=message):
        athanor.Replay.from_json(text)


def test_to_data_hands_back_data_the_caller_owns() -> None:
    state = athanor.new_game("potion-party", 2, seed=4)
    state.apply(state.legal()[0])
    before = state.to_json()
    data = state.to_data()
    data["names"].append("intruder")
    data["choices"].append("stop")
    data["options"]["recipe"] = "speed"
    data["state"]["game"]["totals"][0]["ruby"] = 99
    data["state"]["game"]["alchemist"][0] = "witch"
    assert state.to_json() == before


@pytest.mark.parametrize("bad", [None, ["stop"], 3, b"stop", object()])
def test_apply_refuses_a_value_that_is_not_plain_text(bad: object) -> None:
    state = athanor.new_game("potion-party", 2, seed=4)
    before = state.to_json()
    with pytest.raises(IllegalMove, match="plain text"):
        state.apply(bad)  # type: ignore[arg-type]
    assert state.to_json() == before and state.choices == []


def test_apply_refuses_a_subclass_of_str_that_claims_to_equal_everything() -> None:
    class Sly(str):
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash("witch")

    state = athanor.new_game("potion-party", 2, seed=4)
    with pytest.raises(IllegalMove):
        state.apply(Sly("witch"))
    assert state.choices == []


def test_an_option_set_to_none_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="needs a value, not None"):
        athanor.new_game("potion-party", 2, options={"recipe": None})
    with pytest.raises(ConfigError, match="needs a value"):
        athanor.new_game("dominion", 2, options={"kingdom": None})


def test_an_illegal_choice_message_quotes_only_an_excerpt() -> None:
    state = athanor.new_game("potion-party", 2, seed=4)
    with pytest.raises(IllegalMove) as err:
        state.apply("z" * 1_000_000)
    assert len(str(err.value)) < 1000


def test_an_illegal_choice_message_stays_short_when_the_prompt_is_long() -> None:
    # A prompt may be long (a whole hand listed); the refusal quotes only a piece of it.
    state = athanor.new_game("crucible", 5, seed=1)
    d = state.decision
    assert d is not None
    state._decision = Decision(d.seat, "Choose, holding " + "Salt 4, " * 500, d.options)
    with pytest.raises(IllegalMove) as err:
        state.apply("nonsense")
    assert len(str(err.value)) < 400
    assert state.decision is not None and state.decision.options == d.options  # unchanged
