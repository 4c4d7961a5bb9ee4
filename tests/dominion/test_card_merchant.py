"""Merchant: +1 Card, +1 Action. The first time you play a Silver this turn, +1 coin."""

from tests.dominion.helpers import arrange, game, play


def test_first_silver_gets_one_more_coin() -> None:
    s = game("Merchant")
    arrange(s, 0, hand=["Merchant", "Silver", "Silver"], deck=["Copper"])
    play(s, "play:Merchant")
    assert s.actions == 1 and "Copper" in s.hands[0]
    play(s, "play:Silver")
    assert s.coins == 3
    play(s, "play:Silver")
    assert s.coins == 5


def test_two_merchants_give_two_bonuses_on_the_first_silver() -> None:
    s = game("Merchant")
    arrange(s, 0, hand=["Merchant", "Merchant", "Silver", "Silver"], deck=["Copper", "Copper"])
    play(s, "play:Merchant", "play:Merchant", "treasures")
    assert s.coins == 2 + 2 + 2 + 2  # two Coppers, two Silvers, +2 on the first Silver


def test_throne_room_merchant_gives_two_bonuses() -> None:
    s = game("Merchant", "Throne Room")
    arrange(s, 0, hand=["Throne Room", "Merchant", "Silver"], deck=["Estate", "Estate"])
    play(s, "play:Throne Room", "play:Merchant")
    assert s.actions == 2
    play(s, "play:Silver")
    assert s.coins == 4


def test_no_silver_no_bonus() -> None:
    s = game("Merchant")
    arrange(s, 0, hand=["Merchant", "Gold", "Copper"], deck=["Estate"])
    play(s, "play:Merchant", "treasures")
    assert s.coins == 4


def test_copper_before_silver_does_not_use_up_the_bonus() -> None:
    s = game("Merchant")
    arrange(s, 0, hand=["Merchant", "Copper", "Silver"], deck=["Estate"])
    play(s, "play:Merchant", "play:Copper", "play:Silver")
    assert s.coins == 4


def test_bonus_resets_next_turn() -> None:
    s = game("Merchant")
    arrange(s, 0, hand=["Merchant", "Silver"], deck=["Estate"] * 6)
    play(s, "play:Merchant", "play:Silver", "end")
    assert s.merchant == 0 and not s.silver_played
