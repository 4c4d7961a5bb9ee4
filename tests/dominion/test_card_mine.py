"""Mine: You may trash a Treasure from your hand.

Gain a Treasure to your hand costing up to 3 coins more than it.
"""

from tests.dominion.helpers import arrange, asking, game, play


def test_copper_to_silver_in_hand() -> None:
    s = game("Mine")
    arrange(s, 0, hand=["Mine", "Copper", "Estate", "Silver"])
    play(s, "play:Mine")
    assert asking(s)[1] == ["trash:Copper", "trash:Silver", "none"]
    play(s, "trash:Copper")
    assert asking(s)[1] == ["gain:Copper", "gain:Silver"]
    play(s, "gain:Silver")
    assert sorted(s.hands[0]) == ["Estate", "Silver", "Silver"]
    play(s, "treasures")
    assert s.coins == 4


def test_silver_to_gold() -> None:
    s = game("Mine")
    arrange(s, 0, hand=["Mine", "Silver"])
    play(s, "play:Mine", "trash:Silver")
    assert "gain:Gold" in s.legal() and "gain:Province" not in s.legal()
    play(s, "gain:Gold")
    assert s.hands[0] == ["Gold"]


def test_may_decline_and_no_treasure_no_question() -> None:
    s = game("Mine")
    arrange(s, 0, hand=["Mine", "Copper"])
    play(s, "play:Mine", "none")
    assert s.hands[0] == ["Copper"]
    s2 = game("Mine")
    arrange(s2, 0, hand=["Mine", "Estate"])
    play(s2, "play:Mine")
    assert s2.phase == "buy"


def test_empty_treasure_piles() -> None:
    s = game("Mine")
    s.supply["Gold"] = 0
    arrange(s, 0, hand=["Mine", "Silver"])
    play(s, "play:Mine", "trash:Silver")
    assert "gain:Gold" not in s.legal()


def test_throne_room_mine_upgrades_twice() -> None:
    s = game("Mine", "Throne Room")
    arrange(s, 0, hand=["Throne Room", "Mine", "Copper"])
    play(s, "play:Throne Room", "play:Mine", "trash:Copper", "gain:Silver")
    # The Silver just gained to hand can be trashed by the second Mine.
    play(s, "trash:Silver", "gain:Gold")
    assert s.hands[0] == ["Gold"]
    assert sorted(s.trash) == ["Copper", "Silver"]
