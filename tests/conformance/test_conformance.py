"""The conformance suite every registered game must pass.

Random playouts with the game's invariants checked after every step, clone
independence, JSON round trips, determinism with the global random module
disturbed, illegal choices rejected without change, and views that do not
depend on what the viewer cannot know.
"""

from __future__ import annotations

import json
import random

import pytest

import athanor
from athanor.engine import GameState, IllegalMove, RandomAgent

# Random playouts per game, split in chunks so the suite spreads over workers.
PLAYOUTS = {"potion-party": 2000, "dominion": 1000, "crucible": 2000}
DEFAULT_PLAYOUTS = 300
CHUNK = 250
MAX_STEPS = 20_000

GAMES = [spec.name for spec in athanor.games()]


def _chunks() -> list[tuple[str, int]]:
    out = []
    for name in GAMES:
        n = PLAYOUTS.get(name, DEFAULT_PLAYOUTS)
        out.extend((name, start) for start in range(0, n, CHUNK))
    return out


def _players(name: str, seed: int) -> int:
    spec = athanor.spec(name)
    return spec.min_players + seed % (spec.max_players - spec.min_players + 1)


def _new(name: str, seed: int, log: bool = True) -> GameState:
    vary = athanor.spec(name).conformance_options
    options = vary(seed) if vary is not None else None
    return athanor.new_game(name, players=_players(name, seed), seed=seed, options=options, log=log)


def _playout(state: GameState, agent: RandomAgent, check: bool = True) -> int:
    steps = 0
    while not state.is_over:
        d = state.decision
        assert d is not None and d.options, "a live game must offer at least one option"
        assert len(set(d.ids)) == len(d.ids), f"duplicate option ids: {d.ids}"
        state.apply(agent.choose(state, d))
        if check:
            state.check_invariants()
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    return steps


@pytest.mark.parametrize(("name", "start"), _chunks())
def test_random_playouts_keep_invariants_and_end(name: str, start: int) -> None:
    n = min(CHUNK, PLAYOUTS.get(name, DEFAULT_PLAYOUTS) - start)
    for seed in range(start, start + n):
        state = _new(name, seed, log=seed % 10 == 0)
        state.check_invariants()
        _playout(state, RandomAgent(seed))
        res = state.result
        assert res is not None
        assert len(res.scores) == len(res.placing) == state.players
        assert min(res.placing) == 1
        json.dumps(res.to_json())


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name: str) -> None:
    for seed in range(20):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        for _ in range(seed * 3 % 40):
            if state.is_over:
                break
            state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
        before = state.to_json()
        copy = state.clone()
        assert copy.to_json() == before
        _playout(copy, RandomAgent(seed + 1))
        assert state.to_json() == before, "playing a clone changed the original"


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_at_every_step(name: str) -> None:
    for seed in range(6):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        step = 0
        while True:
            step += 1
            if step > 60 and step % 15 and not state.is_over:
                choice = agent.choose(state, state.decision)  # type: ignore[arg-type]
                state.apply(choice)
                continue
            text = state.to_json()
            loaded = athanor.load_game(text, verify=seed < 2)
            assert loaded.to_json() == text
            assert loaded.decision == state.decision
            if state.is_over:
                assert loaded.result == state.result
                break
            choice = agent.choose(state, state.decision)  # type: ignore[arg-type]
            state.apply(choice)
            loaded.apply(choice)
            assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_determinism_with_the_global_random_module_disturbed(name: str) -> None:
    for seed in range(10):
        calm = _new(name, seed)
        _playout(calm, RandomAgent(seed), check=False)
        noisy = _new(name, seed)
        agent = RandomAgent(seed)
        while not noisy.is_over:
            random.seed(random.random())
            random.shuffle(list(range(10)))
            noisy.apply(agent.choose(noisy, noisy.decision))  # type: ignore[arg-type]
        assert noisy.to_json() == calm.to_json()
        replayed = athanor.Replay.from_state(calm).play()
        assert replayed.to_json() == calm.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_illegal_choices_are_rejected_without_change(name: str) -> None:
    for seed in range(5):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                before = state.to_json()
                for bad in ("no-such-option", "", "0", "PASS ", "stop;drop"):
                    if state.decision is not None and bad in state.decision.ids:
                        continue
                    with pytest.raises(IllegalMove) as err:
                        state.apply(bad)
                    assert "expected one of" in str(err.value)
                    assert state.to_json() == before
            state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
            step += 1
        with pytest.raises(IllegalMove):
            state.apply("anything")


@pytest.mark.parametrize("name", GAMES)
def test_views_show_only_what_the_viewer_may_know(name: str) -> None:
    for seed in range(5):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        step = 0
        while not state.is_over:
            if step % 5 == 0:
                for viewer in [None, *range(state.players)]:
                    view = state.view(viewer)
                    json.dumps(view)
                    if viewer is not None:
                        # Re-deal what the viewer cannot know: the view must not change.
                        other = state.determinize(viewer, seed * 1000 + step)
                        assert other.view(viewer) == view
                for event in state.log or []:
                    for viewer in range(state.players):
                        seats = {s for s, _ in event.private}
                        if viewer not in seats:
                            assert event.render(viewer) == event.text
            state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
            step += 1


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_golden_replay(name: str) -> None:
    from pathlib import Path

    golden = Path(__file__).parent.parent / "golden" / f"{name}.replay.json"
    assert golden.exists(), f"{name} has no golden replay in tests/golden/"
