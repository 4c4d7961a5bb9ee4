"""Remodel: Trash a card from your hand. Gain a card costing up to 2 coins more than it."""

from tests.dominion.helpers import arrange, asking, game, play


def test_remodel_gold_into_province() -> None:
    s = game("Remodel")
    arrange(s, 0, hand=["Remodel", "Gold", "Estate"])
    play(s, "play:Remodel")
    assert asking(s)[1] == ["trash:Gold", "trash:Estate"]
    play(s, "trash:Gold")
    ids = asking(s)[1]
    assert "gain:Province" in ids and "gain:Gold" in ids and "none" not in ids
    play(s, "gain:Province")
    assert s.trash == ["Gold"] and s.discards[0] == ["Province"]


def test_remodel_estate_options() -> None:
    s = game("Remodel", "Smithy", "Market")
    arrange(s, 0, hand=["Remodel", "Estate"])
    play(s, "play:Remodel")  # only one card: trashed without a question
    ids = asking(s)[1]
    assert "gain:Smithy" in ids and "gain:Silver" in ids and "gain:Market" not in ids


def test_empty_hand_does_nothing() -> None:
    s = game("Remodel")
    arrange(s, 0, hand=["Remodel"])
    play(s, "play:Remodel")
    assert s.phase == "buy" and s.trash == []


def test_no_card_to_gain() -> None:
    s = game("Remodel")
    for n in list(s.supply):
        if s.supply[n] and n != "Province":
            s.supply[n] = 0
    arrange(s, 0, hand=["Remodel", "Copper"])
    play(s, "play:Remodel")
    assert s.trash == ["Copper"]
    assert s.discards[0] == []
