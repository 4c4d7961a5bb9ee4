"""Transmute: trash a card from your hand; Action: gain a Duchy; Treasure: a Transmute;
Victory: a Gold."""

import dataclasses

import pytest

from athanor.games.dominion.cards import CARDS, CardType
from tests.dominion.helpers import arrange, asking, game, log_text, play


def _transmute(trashed: str, *extra: str) -> list[str]:
    s = game("Transmute", "Smithy", "Gardens", *extra)
    arrange(s, 0, hand=["Transmute", trashed])
    play(s, "play:Transmute")
    assert s.trash == [trashed]
    return s.discards[0]


def test_trash_a_card_and_apply_every_reward_whose_type_matches() -> None:
    assert _transmute("Smithy") == ["Duchy"]
    assert _transmute("Silver") == ["Transmute"]
    assert _transmute("Estate") == ["Gold"]
    assert _transmute("Gardens") == ["Gold"]


def test_a_card_with_multiple_types_can_produce_multiple_rewards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No Base or Alchemy card is Action-Victory: pretend Gardens is one.
    gardens = CARDS["Gardens"]
    monkeypatch.setitem(
        CARDS, "Gardens", dataclasses.replace(gardens, types=CardType.ACTION | CardType.VICTORY)
    )
    assert _transmute("Gardens") == ["Duchy", "Gold"]


def test_moat_action_reaction_gives_the_action_reward() -> None:
    assert _transmute("Moat", "Moat") == ["Duchy"]


def test_trashing_a_curse_produces_no_reward() -> None:
    assert _transmute("Curse") == []


def test_trash_is_mandatory_and_asks_when_there_is_a_choice() -> None:
    s = game("Transmute")
    arrange(s, 0, hand=["Transmute", "Estate", "Copper"])
    play(s, "play:Transmute")
    assert asking(s)[1] == ["trash:Estate", "trash:Copper"]
    play(s, "trash:Copper")
    assert s.discards[0] == ["Transmute"]
    assert "Ana trashes a Copper." in log_text(s, 1)


def test_nothing_in_hand() -> None:
    s = game("Transmute")
    arrange(s, 0, hand=["Transmute"])
    play(s, "play:Transmute")
    assert s.trash == [] and "nothing to trash" in log_text(s, 1)


def test_empty_pile_gives_nothing() -> None:
    s = game("Transmute")
    s.supply["Gold"] = 0
    arrange(s, 0, hand=["Transmute", "Estate"])
    play(s, "play:Transmute")
    assert s.discards[0] == [] and "no Gold left" in log_text(s, 1)
