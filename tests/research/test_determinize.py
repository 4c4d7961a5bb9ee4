"""determinize(seat, seed) depends only on what the seat may know, and on the seed.

A search bot that calls it cannot peek: two states alike from its seat give the same copy.
"""

from __future__ import annotations

import pytest

import athanor
from athanor.engine import GameState, RandomAgent
from athanor.games.dominion.rules import DominionState
from tests import quick
from tests.conformance.test_conformance import GAMES, _new
from tests.dominion.helpers import arrange, asking, game, play
from tests.research import twins


def _hidden_differs(a: GameState, b: GameState) -> bool:
    """Whether two states differ in anything at all (their saves differ)."""
    return a.to_json() != b.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_depends_only_on_what_the_seat_knows(name: str) -> None:
    compared = differed = 0
    for seed in range(6):
        state = _new(name, seed)
        agent = RandomAgent(seed)
        step = 0
        while not state.is_over:
            d = state.decision
            assert d is not None
            if step % 7 == 3:
                seat = d.seat
                twin = state.determinize(seat, 9000 + step)  # alike from the seat, hidden re-dealt
                assert twin.view(seat) == state.view(seat)
                differed += _hidden_differs(twin, state)
                one = state.determinize(seat, 77)
                two = twin.determinize(seat, 77)
                assert one.to_json() == two.to_json(), (name, seed, step)
                assert one.view(seat) == state.view(seat)
                compared += 1
            state.apply(agent.choose(state, d))
            step += 1
    assert compared > 20
    spec = athanor.spec(name)
    if spec.name != "potion-party":  # Potion Party has no hidden cards, only future dice
        assert differed > compared // 3, (differed, compared)


# -- Dominion's possessed turns (ruling D44) ------------------------------------------------
# The possessor sees the possessed player's hand, not the order of their deck nor their
# discard pile below its top card; a third player sees neither hand. The twins are dealt by
# hand (tests/research/twins.py), not by determinize, so these tests would see a copy that
# kept something only the real state knows.


def test_at_possessed_turns_the_possessors_copy_depends_only_on_what_it_sees() -> None:
    """40 possessed turns of bot games: the possessor's copies of twins that split the
    possessed player's deck and discard pile differently are the same, byte for byte."""
    states = twins.possessed_turns()
    assert len(states) == twins.POSITIONS
    assert twins.copies_told_apart(states) == 0


def _possessed_militia() -> DominionState:
    """Three players: Ana possesses Bo and is to play Bo's Militia; Cy and Ana will be
    asked to discard."""
    s = game("Possession", "Militia", "Harbinger", "Smithy", players=3)
    arrange(
        s,
        0,
        hand=["Possession", "Silver"],
        deck=["Copper", "Gold", "Estate", "Silver", "Duchy", "Copper", "Smithy"],
        discard=["Estate", "Copper"],
        others={
            1: {
                "hand": ["Militia", "Harbinger", "Gold", "Estate", "Copper"],
                "deck": ["Duchy", "Copper", "Silver", "Estate", "Gold", "Copper"],
                "discard": ["Curse", "Gold", "Silver", "Copper"],
            },
            2: {
                "hand": ["Silver", "Gold", "Estate", "Copper", "Duchy"],
                "deck": ["Copper", "Copper", "Silver", "Estate"],
                "discard": ["Gold", "Estate", "Smithy"],
            },
        },
    )
    play(s, "play:Possession", "end")
    assert (s.current, s.possessor) == (1, 0)
    return s


def _same_copies(s: DominionState, seat: int, keep: int = -1) -> None:
    for key in range(0, 60, 20):
        t = twins.twin(s, seat, key, keep)
        assert twins.alike(s, t, seat)
        assert s.determinize(seat, key).to_json() == t.determinize(seat, key).to_json()


def test_each_seat_during_a_possessed_turn_keeps_only_what_it_sees() -> None:
    s = _possessed_militia()
    assert asking(s)[0] == 0  # Ana plays Bo's Action
    copy = s.determinize(0, 5)
    assert copy.hands[1] == s.hands[1]  # Ana sees Bo's hand (D37)
    assert sorted(copy.hands[2]) != sorted(s.hands[2]) or copy.decks[2] != s.decks[2]
    _same_copies(s, 0)
    _same_copies(s, 1)  # Bo, possessed, does not see Ana's hand
    _same_copies(s, 2, keep=1)  # Cy does not either; Bo's hand is kept for the question
    play(s, "play:Militia")
    assert asking(s)[0] == 2  # Cy discards for Bo's Militia: Cy sees neither hand
    _same_copies(s, 2)
    _same_copies(s, 0, keep=2)
    _same_copies(s, 1, keep=2)
    play(s, "discard:Duchy", "discard:Estate")
    assert asking(s)[0] == 0  # Ana discards for Bo's Militia, still seeing Bo's hand
    assert s.determinize(0, 9).hands[1] == s.hands[1]
    _same_copies(s, 0)
    _same_copies(s, 1, keep=0)
    _same_copies(s, 2, keep=0)


def test_the_possessor_keeps_the_discard_pile_harbinger_lists() -> None:
    s = _possessed_militia()
    play(s, "play:Harbinger")
    seat, ids = asking(s)
    assert seat == 0 and "topdeck:Curse" in ids  # the question names Bo's discard pile
    copy = s.determinize(0, 3)
    assert copy.discards[1] == s.discards[1] and copy.hands[1] == s.hands[1]
    assert sorted(copy.decks[1]) == sorted(s.decks[1])
    copy.apply("topdeck:Curse")
    assert copy.decks[1][-1] == "Curse"
    play(s, "none")  # once answered, the pile below its top card is unseen again
    assert sorted(s.determinize(0, 3).decks[1]) != sorted(s.decks[1])


# -- Every game's own bots ------------------------------------------------------------------
# The bots that look ahead (the Crucible's team bot samples the hidden hands; Potion Party's
# optimal bot weighs every roll to come) and the plain ones alike decide from what their seat
# sees. ISMCTS has its own twin tests in test_ismcts.py.

BOTS = [(spec.name, bot) for spec in athanor.games() for bot in spec.bots]


@pytest.mark.parametrize(("name", "bot"), BOTS)
def test_every_bot_decides_the_same_for_twins(name: str, bot: str) -> None:
    compared = 0
    for seed in range(3):
        state = _new(name, seed, log=False)
        agents = [quick.bot(name, bot, seed * 10 + i) for i in range(state.players)]
        step = 0
        while not state.is_over and step < 300:
            d = state.decision
            assert d is not None
            if step % 5 == 2 and len(d.ids) > 1:
                twin = state.determinize(d.seat, 300 + step)
                assert twin.view(d.seat) == state.view(d.seat)
                a = quick.bot(name, bot, 5).choose(state, d)
                b = quick.bot(name, bot, 5).choose(twin, twin.decision)
                assert a == b, (name, bot, seed, step, d.prompt)
                compared += 1
            state.apply(agents[d.seat].choose(state, d))
            step += 1
    assert compared >= 10


@pytest.mark.parametrize("bot", athanor.spec("dominion").bots)
def test_every_dominion_bot_possessing_decides_the_same_for_twins(bot: str) -> None:
    for a, b, _seat in twins.pairs(twins.possessed_turns(12)):
        da, db = a.decision, b.decision
        assert da is not None and db is not None
        assert quick.bot("dominion", bot, 3).choose(a, da) == quick.bot("dominion", bot, 3).choose(
            b, db
        )
