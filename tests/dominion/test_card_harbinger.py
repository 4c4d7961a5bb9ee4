"""Harbinger: +1 Card, +1 Action. You may put a card from your discard pile onto your deck."""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_put_a_card_from_discard_onto_deck() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper", "Estate"], discard=["Gold", "Estate", "Gold"])
    play(s, "play:Harbinger")
    assert s.hands[0] == ["Copper"]
    assert s.actions == 1
    assert asking(s)[1] == ["topdeck:Gold", "topdeck:Estate", "none"]
    play(s, "topdeck:Gold")
    assert deck_top(s, 0) == ["Gold", "Estate"]
    assert sorted(s.discards[0]) == ["Estate", "Gold"]


def test_may_decline() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"], discard=["Gold"])
    play(s, "play:Harbinger", "none")
    assert s.discards[0] == ["Gold"]
    assert s.decks[0] == []


def test_empty_discard_asks_nothing() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"])
    play(s, "play:Harbinger")
    assert s.phase == "buy"


def test_draw_shuffles_discard_first_then_nothing_left() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], discard=["Gold"])
    play(s, "play:Harbinger")
    assert s.hands[0] == ["Gold"]
    assert s.phase == "buy"


def test_the_chosen_card_is_hidden_from_others() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"], discard=["Province"])
    play(s, "play:Harbinger", "topdeck:Province")
    assert "Province" not in log_text(s, 1)
    assert "You put a Province from your discard pile onto your deck" in log_text(s, 0)
