"""Property-based fuzzing of everything that reads outside input: save files, replay
files, choices passed to ``apply`` and lines typed at the terminal.

The budget is sized for CI (about a minute in all); set ATHANOR_FUZZ=long for a longer
campaign. Inputs that once broke something are kept as ``@example``s.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import tempfile
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import athanor
from athanor import IllegalMove, Replay, SaveError
from athanor.cli.table import Table
from athanor.cli.terminal import Terminal
from athanor.engine import GameState, RandomAgent

LONG = os.environ.get("ATHANOR_FUZZ") == "long"
FUZZ = settings(
    max_examples=5000 if LONG else 500,
    deadline=None,
    derandomize=not LONG,  # CI runs the same examples every time
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES = [spec.name for spec in athanor.games()]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def saved(game: str, moves: int = 25) -> str:
    """A real save of a game some moves in (made once)."""
    state = athanor.new_game(game, athanor.spec(game).min_players, 11)
    agent = RandomAgent(11)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
    return state.to_json()


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, as a tuple of keys and indexes."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):  # enough of each list to reach every kind of item
            out.extend(paths(v, (*prefix, i)))
    return out


def mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``data`` with one place replaced, deleted or given an extra key."""
    if not path:
        return value
    new = copy.deepcopy(data)
    parent = new
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "extra" and isinstance(parent, dict):
        parent[f"{last}-extra"] = value
    else:
        parent[last] = value
    return new


@st.composite
def damaged_save(draw: st.DrawFn, make: Callable[[str], str] = saved) -> str:
    game = draw(st.sampled_from(GAMES))
    data = json.loads(make(game))
    where = draw(st.sampled_from(paths(data)))
    how = draw(st.sampled_from(["replace", "delete", "extra"]))
    return json.dumps(mutate(data, where, how, draw(json_values)))


def _check_loads_or_refuses(text: str | bytes) -> None:
    try:
        state = athanor.load_game(text)
    except SaveError as exc:
        assert len(str(exc)) < 400, "an error message must quote only a short excerpt"
        return
    # What loads is exactly what its own moves replay to.
    again = Replay.from_state(state).play(log=state.log is not None)
    assert again.to_json() == state.to_json()


@FUZZ
@given(damaged_save())
@example(
    '{"format":"athanor-save","version":1,"game":"potion-party","players":2,"seed":1,'
    '"options":{},"names":null,"choices":null,"state":{"log":null}}'
)
@example("[" * 100_000 + "]" * 100_000)  # nesting deep enough to break a recursive parser
@example(
    '{"format":"athanor-save","version":1,"game":"dominion","players":2,'
    '"seed":1e999,"options":{},"names":null,"choices":[],"state":{"log":null}}'
)
@example(
    '{"format":"athanor-save","version":1,"game":"dominion","players":2,'
    '"seed":' + "9" * 5000 + ',"options":{},"choices":[],"state":{"log":null}}'
)
@example(
    '{"format":"athanor-save","version":1,"game":"dominion","players":2,"seed":1,'
    '"options":{"alchemy":null},"choices":[],"state":{"log":null}}'
)
@example(
    '{"format":"athanor-save","version":1,"game":"potion-party","players":2,"seed":1,'
    '"options":{"recipe":[]},"choices":[],"state":{"log":null}}'
)
@example(
    '{"format":"athanor-save","version":1,"game":"potion-party","players":2,"seed":1,'
    '"options":{},"names":["' + "x" * 5_000_000 + '","b"],"choices":[],"state":{"log":null}}'
)
@example(  # found by the long campaign: a snapshot with no "log" key at all
    '{"format":"athanor-save","version":1,"game":"potion-party","players":2,"seed":1,'
    '"options":{},"choices":[],"state":{}}'
)
def test_a_damaged_save_loads_truly_or_is_refused_with_a_save_error(text: str) -> None:
    _check_loads_or_refuses(text)


@FUZZ
@given(st.binary(max_size=300))
@example(b"\xff\xfe{}")
@example(saved("dominion").encode()[:-7])
def test_any_bytes_load_truly_or_are_refused(raw: bytes) -> None:
    _check_loads_or_refuses(raw)


def test_a_save_with_no_moves_cannot_skip_the_tamper_check() -> None:
    data = json.loads(saved("dominion"))
    data["choices"] = None
    data["state"]["game"]["supply"]["Province"] += 5
    with pytest.raises(SaveError, match="no list of moves"):
        athanor.load_game(json.dumps(data))


def test_an_oversized_save_is_refused_before_it_is_read() -> None:
    from athanor.files import MAX_FILE_BYTES

    with pytest.raises(SaveError, match="larger than"):
        athanor.load_game(b" " * (MAX_FILE_BYTES + 1))


def _replay_text(game: str) -> str:
    state = athanor.load_game(saved(game))
    return Replay.from_state(state).to_json()


@FUZZ
@given(damaged_save(make=_replay_text))
def test_a_damaged_replay_reads_or_is_refused(text: str) -> None:
    try:
        rep = Replay.from_json(text)
    except SaveError as exc:
        assert len(str(exc)) < 400
        return
    with contextlib.suppress(IllegalMove):
        rep.play(log=False)


@st.composite
def odd_choice(draw: st.DrawFn) -> Any:
    class Sly(str):
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

    return draw(
        st.one_of(
            st.text(max_size=40),
            st.none(),
            st.integers(),
            st.lists(st.text(max_size=5), max_size=3),
            st.just(Sly("stop")),
            st.just(Sly("end")),
            st.just("x" * 100_000),
            st.binary(max_size=10),
        )
    )


@FUZZ
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 50),
    steps=st.integers(0, 60),
    bad=odd_choice(),
)
def test_apply_refuses_anything_but_a_legal_id_and_changes_nothing(
    game: str, seed: int, steps: int, bad: Any
) -> None:
    state = athanor.new_game(game, athanor.spec(game).min_players, seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
    if type(bad) is str and bad in state.legal():
        return
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(bad)
    assert len(str(err.value)) < 2000
    assert state.to_json() == before


@cache
def _scratch() -> str:
    """A folder for the files typed lines may save (one per test process)."""
    return tempfile.mkdtemp(prefix="athanor-fuzz-")


lines = st.lists(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=60)
    | st.sampled_from(
        [
            "1",
            "2",
            "9",
            "0",
            "quit",
            "help",
            "status",
            "log 3",
            "card x",
            "save",
            "e",
            "t",
            "brief",
            "",
            "buy gold",
            "²",
            "①",
            "9" * 300,
        ]
    ),
    max_size=40,
)


@FUZZ
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 20), typed=lines)
def test_any_typed_lines_get_answers_and_never_an_exception(
    game: str, seed: int, typed: list[str]
) -> None:
    spec = athanor.spec(game)
    names = ["Ana", "Flamel", "Maria"][: spec.min_players]
    state: GameState = athanor.new_game(game, len(names), seed, names=names)
    agents = {
        s: athanor.catalog.bot(game, spec.default_bot, seed + s) for s in range(1, len(names))
    }
    text = "\n".join(line.replace("\n", " ") for line in typed) + "\n"
    out = io.StringIO()
    table = Table(state, agents, Terminal(io.StringIO(text), out))
    # A typed "save NAME" writes NAME: in a scratch folder, not the checkout (Hypothesis
    # also types strings it finds in our sources, such as the help's "save [FILE]").
    with contextlib.chdir(_scratch()):
        rc = table.run()
    assert rc in (0, 1)
    state.check_invariants()
