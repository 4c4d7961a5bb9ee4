"""Artisan: Gain a card to your hand costing up to 5 coins.

Put a card from your hand onto your deck.
"""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_gain_to_hand_then_topdeck() -> None:
    s = game("Artisan", "Market")
    arrange(s, 0, hand=["Artisan", "Copper", "Estate"])
    play(s, "play:Artisan")
    ids = asking(s)[1]
    assert "gain:Market" in ids and "gain:Duchy" in ids and "gain:Gold" not in ids
    assert "gain:Artisan" not in ids
    play(s, "gain:Market")
    assert asking(s)[1] == ["topdeck:Copper", "topdeck:Estate", "topdeck:Market"]
    play(s, "topdeck:Estate")
    assert deck_top(s, 0) == ["Estate"]
    assert sorted(s.hands[0]) == ["Copper", "Market"]
    assert "Ana puts a card from their hand onto their deck." in log_text(s, 1)
    assert "Estate" not in log_text(s, 1)
    assert "You put an Estate from your hand onto your deck." in log_text(s, 0)


def test_only_card_is_put_back_without_a_question() -> None:
    s = game("Artisan")
    arrange(s, 0, hand=["Artisan"])
    play(s, "play:Artisan", "gain:Silver")
    assert deck_top(s, 0) == ["Silver"]
    assert s.hands[0] == []
