"""Cellar: +1 Action. Discard any number of cards, then draw that many."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_discard_then_draw_as_many() -> None:
    s = game("Cellar")
    arrange(s, 0, hand=["Cellar", "Estate", "Estate", "Copper"], deck=["Gold", "Silver", "Duchy"])
    play(s, "play:Cellar")
    assert s.actions == 1
    seat, ids = asking(s)
    assert seat == 0
    assert ids == ["discard:Estate", "discard:Copper", "done"]  # one option per card name
    play(s, "discard:Estate", "discard:Estate", "done")
    assert sorted(s.hands[0]) == ["Copper", "Gold", "Silver"]
    assert s.discards[0] == ["Estate", "Estate"]


def test_discard_nothing_draws_nothing() -> None:
    s = game("Cellar")
    arrange(s, 0, hand=["Cellar", "Estate"], deck=["Gold"])
    play(s, "play:Cellar", "done")
    assert s.hands[0] == ["Estate"]
    assert s.decks[0] == ["Gold"]


def test_discarded_cards_can_be_shuffled_back_and_drawn() -> None:
    s = game("Cellar")
    arrange(s, 0, hand=["Cellar", "Estate", "Copper"])
    # Discarding the last card in hand ends the choice: there is nothing left to pick.
    play(s, "play:Cellar", "discard:Estate", "discard:Copper")
    assert sorted(s.hands[0]) == ["Copper", "Estate"]
    assert s.discards[0] == []


def test_empty_hand_asks_nothing() -> None:
    s = game("Cellar")
    arrange(s, 0, hand=["Cellar"], deck=["Gold"])
    play(s, "play:Cellar")
    assert s.phase == "buy"
    assert s.hands[0] == []


def test_draw_is_private_discard_is_public() -> None:
    s = game("Cellar")
    arrange(s, 0, hand=["Cellar", "Estate"], deck=["Gold"])
    play(s, "play:Cellar", "discard:Estate")
    assert "Ana discards an Estate" in log_text(s, 1)
    assert "Gold" not in log_text(s, 1)
    assert "You draw Gold" in log_text(s, 0)
