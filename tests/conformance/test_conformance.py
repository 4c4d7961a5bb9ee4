"""The conformance suite every registered game must pass.

Random playouts with the game's invariants checked after every step, clone
independence, JSON round trips, determinism with the global random module
disturbed, illegal choices rejected without change, and views that do not
depend on what the viewer cannot know.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import athanor
from athanor import catalog
from athanor.engine import GameState, IllegalMove, RandomAgent, Rng
from tests import quick
from tests.conformance.narration import narration_faults

# Random playouts per game, split in chunks so the suite spreads over workers.
PLAYOUTS = {"potion-party": 2000, "dominion": 1000, "potion-making": 3000, "crucible": 2000}
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


def _options(name: str, seed: int) -> dict[str, Any]:
    """The game's defaults, or the option set its spec lists for this seed (by turns)."""
    sets = athanor.spec(name).conformance_options
    return dict(sets[seed % len(sets)]) if sets else {}


def _new(name: str, seed: int, log: bool = True) -> GameState:
    return athanor.new_game(
        name, players=_players(name, seed), seed=seed, options=_options(name, seed), log=log
    )


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


# Playouts by the game's own bots (and random seats) with varied set-ups: bots reach
# situations random play rarely does (Potion Party's bots save dice far more often).
BOT_PLAYOUTS = {"potion-party": 2000, "dominion": 300, "crucible": 120}


def _bot_chunks() -> list[tuple[str, int]]:
    return [
        (name, start)
        for name in GAMES
        for start in range(0, BOT_PLAYOUTS.get(name, DEFAULT_PLAYOUTS), CHUNK * 4)
    ]


@pytest.mark.parametrize(("name", "start"), _bot_chunks())
def test_bot_playouts_with_varied_set_ups_keep_invariants(name: str, start: int) -> None:
    spec = athanor.spec(name)
    bots = ["random", *sorted(spec.bots)]
    n = min(CHUNK * 4, BOT_PLAYOUTS.get(name, DEFAULT_PLAYOUTS) - start)
    for seed in range(start, start + n):
        rng = Rng(seed * 7 + 1)
        options = spec.sample_options(rng) if spec.sample_options else {}
        players = _players(name, seed)
        state = athanor.new_game(name, players, seed, options, log=seed % 25 == 0)
        agents = [quick.bot(name, rng.choice(bots), seed * 13 + i) for i in range(players)]
        steps = 0
        while not state.is_over:
            d = state.decision
            assert d is not None
            state.apply(agents[d.seat].choose(state, d))
            state.check_invariants()
            steps += 1
            assert steps < MAX_STEPS, "the game did not end"


def test_the_narration_lint_finds_the_slips_it_is_for() -> None:
    assert narration_faults("Ana gains an University.")
    assert narration_faults("You complete the Potion of Speed and wins!")
    assert narration_faults("You completes it.")
    assert narration_faults("Ana rolls 1 stars.")
    assert narration_faults("Bo's turn ends; You no longer decide for them.")
    assert not narration_faults("Player 1 draws a University and an Estate.", ["Player 1"])
    assert not narration_faults("You make no match and bust; you possess 1 die.")
    assert not narration_faults("Win the trick right after a Boil Over.", ["Bo"])


@pytest.mark.parametrize("name", GAMES)
def test_narration_reads_well(name: str) -> None:
    spec = athanor.spec(name)
    bots = ["random", *sorted(spec.bots)]
    for seed in range(40):
        rng = Rng(seed * 5 + 3)
        options = spec.sample_options(rng) if spec.sample_options else {}
        players = _players(name, seed)
        names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"][:players]
        state = athanor.new_game(name, players, seed, options, names=names)
        agents = [quick.bot(name, rng.choice(bots), seed * 17 + i) for i in range(players)]
        while not state.is_over:
            d = state.decision
            assert d is not None
            for text in (d.prompt, *(o.label for o in d.options)):
                assert not narration_faults(text, state.names), text
            state.apply(agents[d.seat].choose(state, d))
        for viewer in [None, *range(players)]:
            for text in state.events_for(viewer):
                assert not narration_faults(text, state.names), text
                # Each player reads themselves as "you", never by their own name.
                if viewer is not None:
                    assert not re.search(rf"\b{re.escape(state.names[viewer])}\b", text), (
                        viewer,
                        text,
                    )


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


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_word_is_explained_and_no_card_hides_it(name: str) -> None:
    """The terminal's ``card WORD`` explains each rule word in a sentence or few; a card
    of the same name would win the lookup, so none may share one."""
    spec = catalog.spec(name)
    assert 10 <= len(spec.terms) <= 25
    for word, text in spec.terms.items():
        assert word.strip() and text.strip(), word
        assert text.endswith(".") and len(text) < 400, word
    cards = spec.cards() if spec.cards else {}
    assert not set(spec.terms) & set(cards)
