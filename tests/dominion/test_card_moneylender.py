"""Moneylender: You may trash a Copper from your hand for +3 coins."""

from tests.dominion.helpers import arrange, asking, game, play


def test_trash_copper_for_three() -> None:
    s = game("Moneylender")
    arrange(s, 0, hand=["Moneylender", "Copper", "Copper"])
    play(s, "play:Moneylender")
    assert asking(s)[1] == ["trash:Copper", "none"]
    play(s, "trash:Copper")
    assert s.coins == 3 and s.trash == ["Copper"] and s.hands[0] == ["Copper"]


def test_may_decline() -> None:
    s = game("Moneylender")
    arrange(s, 0, hand=["Moneylender", "Copper"])
    play(s, "play:Moneylender", "none")
    assert s.coins == 0 and s.hands[0] == ["Copper"]


def test_no_copper_no_question() -> None:
    s = game("Moneylender")
    arrange(s, 0, hand=["Moneylender", "Silver"])
    play(s, "play:Moneylender")
    assert s.phase == "buy" and s.coins == 0


def test_throne_room_moneylender_with_one_copper() -> None:
    s = game("Moneylender", "Throne Room")
    arrange(s, 0, hand=["Throne Room", "Moneylender", "Copper"])
    play(s, "play:Throne Room", "play:Moneylender", "trash:Copper")
    assert s.coins == 3
    assert s.phase == "buy"  # the second play finds no Copper and asks nothing
