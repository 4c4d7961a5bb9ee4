"""Whisper Tokens: a response window before each reaction, true hints, public cards."""

from __future__ import annotations

import athanor
from athanor.games.crucible.cards import face_of
from athanor.games.crucible.reaction import WhisperWindow
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import card, pick, play, table


def test_before_each_reaction_each_holder_in_turn_from_the_leader_may_whisper_or_pass() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", leader=1, tokens=True)
    assert isinstance(s.stack[-1], WhisperWindow)
    seats = []
    while s.decision is not None and isinstance(s.stack[-1], WhisperWindow):
        seats.append(s.decision.seat)
        assert s.decision.ids[-1] == "pass"
        pick(s, "pass")
    assert seats == [1, 2, 0]
    assert s.decision is not None and s.decision.ids == ("catalyze", "transmute")
    # Next reaction: asked again, since nobody spent a token.
    pick(s, "catalyze")
    play(s, "B1", "B2", "B9")
    assert isinstance(s.stack[-1], WhisperWindow)


def test_only_true_hints_are_offered() -> None:
    """C8: the highest card of a suit is Top, the lowest Bottom, a card alone is Middle."""
    s = table("B9 B5 B3 S1 C2", "B1 S2", "B2 S3", tokens=True)
    d = s.decision
    assert d is not None
    assert set(d.ids) == {
        "whisper:B3:bottom",
        "whisper:B9:top",
        "whisper:S1:middle",
        "whisper:C2:middle",
        "pass",
    }


def test_a_holder_without_cards_is_skipped_without_a_question() -> None:
    s = table("B9 S1", "", "B2 S3", tokens=True)
    asked = []
    while isinstance(s.stack[-1], WhisperWindow):
        assert s.decision is not None
        asked.append(s.decision.seat)
        pick(s, "pass")
    assert asked == [0, 2]


def test_a_whispered_card_is_public_in_every_view() -> None:
    s = table("B9 B3 S1", "B1 S2", "B2 S3", tokens=True)
    pick(s, "whisper:B9:top")
    for viewer in (None, 0, 1, 2):
        v = s.view(viewer)
        assert [c["face"] for c in v["known"][0]] == ["B9"]
        assert v["whispers"] == [[0, card("B9"), "top", face_of("B9"), ""]]
    assert s.events_for(1)[-1] == "Ana whispers Brimstone 9, their highest Brimstone."
    assert s.events_for(0)[-1] == "You whisper Brimstone 9, your highest Brimstone."
    # The others are still asked; Ana, her token spent, is not asked again.
    assert s.decision is not None and s.decision.seat == 1


def test_a_whisper_token_is_spent_once_per_mission() -> None:
    s = table("B9 B3 S1", "B1 S2", "B2 S3", tokens=True)
    pick(s, "whisper:S1:middle", "pass", "pass", "catalyze")
    play(s, "B9", "B1", "B2")
    asked = []
    while isinstance(s.stack[-1], WhisperWindow):
        assert s.decision is not None
        asked.append(s.decision.seat)
        pick(s, "pass")
    assert asked == [1, 2] and s.tokens == [False, True, True]


def test_each_alchemist_starts_with_one_whisper_token() -> None:
    g = athanor.new_game("crucible", 5, seed=1)
    assert isinstance(g, CrucibleState) and g.tokens == [True] * 5
