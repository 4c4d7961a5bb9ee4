"""Poacher: +1 Card, +1 Action, +1 coin. Discard a card per empty Supply pile."""

from tests.dominion.helpers import arrange, asking, game, play


def test_no_empty_piles_no_discard() -> None:
    s = game("Poacher")
    arrange(s, 0, hand=["Poacher", "Copper"], deck=["Gold"])
    play(s, "play:Poacher")
    assert s.actions == 1 and s.coins == 1
    assert sorted(s.hands[0]) == ["Copper", "Gold"]
    assert s.phase == "buy"


def test_discard_one_per_empty_pile() -> None:
    s = game("Poacher")
    s.supply["Curse"] = 0
    s.supply["Estate"] = 0
    arrange(s, 0, hand=["Poacher", "Copper", "Estate", "Silver"], deck=["Gold"])
    play(s, "play:Poacher")
    _, ids = asking(s)
    assert ids == ["discard:Copper", "discard:Estate", "discard:Silver", "discard:Gold"]
    assert "done" not in ids
    play(s, "discard:Estate", "discard:Copper")
    assert sorted(s.hands[0]) == ["Gold", "Silver"]


def test_fewer_cards_than_empty_piles() -> None:
    s = game("Poacher")
    for p in ("Curse", "Estate", "Duchy"):
        s.supply[p] = 0
    arrange(s, 0, hand=["Poacher", "Copper"])
    play(s, "play:Poacher")
    assert s.hands[0] == []
    assert s.discards[0] == ["Copper"]


def test_throne_room_poacher_counts_piles_each_time() -> None:
    s = game("Poacher", "Throne Room")
    s.supply["Curse"] = 0
    arrange(s, 0, hand=["Throne Room", "Poacher", "Estate", "Estate"], deck=["Copper", "Copper"])
    play(s, "play:Throne Room", "play:Poacher", "discard:Estate", "discard:Estate")
    assert s.coins == 2 and s.actions == 2
    assert s.hands[0] == ["Copper", "Copper"]
    assert s.discards[0] == ["Estate", "Estate"]
