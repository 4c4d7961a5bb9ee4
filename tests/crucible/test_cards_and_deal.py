"""The deck, the flip rule, the deal and the Lead Alchemist."""

from __future__ import annotations

from collections import Counter

import pytest

import athanor
from athanor.games.crucible.cards import (
    CATALYST,
    CATALYST_FOUR,
    DUAL,
    FLIP,
    NAME,
    RANK,
    SUIT,
    SUITS,
    face_of,
    opposite,
)
from athanor.games.crucible.rules import CrucibleState


def test_the_deck_is_54_dual_cards_in_six_suits_one_to_nine_and_four_catalysts() -> None:
    faces = Counter((SUITS[SUIT[f]], RANK[f]) for f in range(DUAL))
    assert len(faces) == 54 and set(faces.values()) == {1}
    assert {SUIT[f] for f in range(DUAL)} == set(range(6))
    assert [RANK[f] for f in range(DUAL, 58)] == [1, 2, 3, 4]
    assert all(SUIT[f] == CATALYST for f in range(DUAL, 58))


def test_transmuted_face_is_the_opposite_suit_on_the_wheel_at_ten_minus_rank() -> None:
    assert NAME[FLIP[face_of("B1")]] == "Mandrake 9"
    assert NAME[FLIP[face_of("Q3")]] == "Aether 7"
    assert NAME[FLIP[face_of("S5")]] == "Lodestone 5"
    for f in range(DUAL):
        assert SUIT[FLIP[f]] == opposite(SUIT[f])
        assert RANK[FLIP[f]] == 10 - RANK[f]


def test_the_deck_is_closed_under_flipping_each_face_is_one_siblings_active_face() -> None:
    assert sorted(FLIP[f] for f in range(DUAL)) == list(range(DUAL))
    assert all(FLIP[FLIP[f]] == f for f in range(DUAL))


def test_catalysts_are_single_natured_and_never_flip() -> None:
    assert all(FLIP[f] == f for f in range(DUAL, 58))


@pytest.mark.parametrize(("players", "each", "left"), [(3, 19, 1), (4, 14, 2), (5, 11, 3)])
def test_deal_evenly_and_the_rest_is_out_of_play(players: int, each: int, left: int) -> None:
    s = athanor.new_game("crucible", players, seed=5)
    assert isinstance(s, CrucibleState)
    assert [len(h) for h in s.hands] == [each] * players
    assert len(s.out) == left
    assert s.view(0)["out_of_play"] == left


def test_the_holder_of_catalyst_four_is_the_lead_alchemist_and_leads_first() -> None:
    for seed in range(20):
        s = athanor.new_game("crucible", 4, seed=seed)
        assert isinstance(s, CrucibleState)
        holder = next((i for i, h in enumerate(s.hands) if CATALYST_FOUR in h), None)
        if holder is None:
            continue
        assert s.lead_alch == holder == s.leader
        # The Lead Alchemist drafts first.
        assert s.decision is not None and s.decision.seat == holder
        assert s.known[CATALYST_FOUR] == 1  # everyone knows where Catalyst 4 is


def test_catalyst_four_out_of_play_the_highest_catalyst_dealt_leads() -> None:
    """C2."""
    seed = next(
        seed
        for seed in range(500)
        if CATALYST_FOUR in athanor.new_game("crucible", 5, seed=seed).out  # type: ignore[attr-defined]
    )
    s = athanor.new_game("crucible", 5, seed=seed)
    assert isinstance(s, CrucibleState)
    top = max(c for h in s.hands for c in h if c >= DUAL)
    assert top in s.hands[s.lead_alch]
    assert s.known[top] and s.known[CATALYST_FOUR]
    assert any("since nobody holds Catalyst 4" in e for e in s.events_for(None))
    # What is known to be out of play stays out of play when hidden cards are dealt again.
    for viewer in range(5):
        assert CATALYST_FOUR in s.determinize(viewer, 3).out
