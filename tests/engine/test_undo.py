"""Undo: you may take back your own last choices until something random or hidden has
come to light, or another player has acted, since (the Board Game Arena policy)."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor import IllegalMove
from athanor.engine import GameState
from athanor.replay import undo


def _first_buy(seed: int = 1) -> GameState:
    """A Dominion game at the first player's first Buy question (no Actions in hand)."""
    s = athanor.new_game("dominion", 2, seed, {"kingdom": "first-game"})
    assert s.decision is not None and "treasures" in s.legal()
    return s


def test_a_choice_that_drew_nothing_random_can_be_taken_back() -> None:
    s = _first_buy()
    me = s.decision.seat  # type: ignore[union-attr]
    hand = list(s.view(me)["players"][me]["hand"])
    s.apply("treasures")
    before = s.to_json()
    earlier = undo(s, me)
    assert s.to_json() == before  # the state given is left as it was
    assert earlier.choices == s.choices[:-1]  # type: ignore[index]
    assert earlier.view(me)["players"][me]["hand"] == hand
    assert "treasures" in earlier.legal()


def test_a_choice_that_drew_cards_cannot_be_taken_back() -> None:
    s = _first_buy()
    me = s.decision.seat  # type: ignore[union-attr]
    s.apply("end")  # Clean-up draws the next hand from the deck
    with pytest.raises(IllegalMove, match="hidden cards to light"):
        undo(s, me)


def _to_first_turn(seed: int) -> GameState:
    s = athanor.new_game("potion-party", 2, seed=seed, options={"recipe": "speed"})
    while s.decision is not None and "stop" not in s.legal():
        s.apply(s.legal()[0])
    return s


def test_a_choice_that_rolled_dice_cannot_be_taken_back() -> None:
    s = _to_first_turn(3)
    me = s.decision.seat  # type: ignore[union-attr]
    s.apply("stop")  # the next player's turn rolls at once
    with pytest.raises(IllegalMove, match="rolled dice"):
        undo(s, me)


def test_only_your_own_last_choice_and_not_after_another_player_acted() -> None:
    s = athanor.new_game("potion-party", 2, seed=3)  # the roll-off is random, then choices
    first = s.decision.seat  # type: ignore[union-attr]
    s.apply("lich")  # Player One picks an alchemist: no dice, nothing hidden
    other = s.decision.seat  # type: ignore[union-attr]
    assert other != first
    with pytest.raises(IllegalMove, match="another player's"):
        undo(s, other)
    earlier = undo(s, first)
    assert earlier.decision is not None and earlier.decision.seat == first
    assert "lich" in earlier.legal()
    s.apply("witch")  # now the other player has acted
    with pytest.raises(IllegalMove, match="another player's"):
        undo(s, first)
    assert "witch" in undo(s, other).legal()


def test_nothing_to_take_back_at_the_start() -> None:
    s = athanor.new_game("dominion", 2, seed=1)
    with pytest.raises(IllegalMove, match="nothing to take back"):
        undo(s, 0)


def test_undo_at_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli.test_terminal_user import DOM, run

    rc, out, _ = run(monkeypatch, DOM, "t\nundo\nundo\nquit\nyes\n")
    assert rc == 0
    assert "Taken back: Play all your Treasures." in out
    assert "You cannot take that back: the last choice was another player's." in out


def test_a_card_drawn_in_potion_making_cannot_be_taken_back() -> None:
    s: Any = athanor.new_game("potion-making", 2, seed=4, options={"expansions": "guild"})
    for _ in range(300):  # play until a choice draws from a deck, then try to take it back
        d = s.decision
        assert d is not None
        deck = sum(len(p) for p in s.decks.values())
        s.apply(d.ids[0])
        drew = sum(len(p) for p in s.decks.values()) < deck
        if drew and s.decision is not None and s.decision.seat == d.seat:
            with pytest.raises(IllegalMove, match="hidden cards to light"):
                undo(s, d.seat)
            return
    raise AssertionError("no draw by the same seat within 300 choices")
