"""Market: +1 Card, +1 Action, +1 Buy, +1 coin."""

from tests.dominion.helpers import arrange, game, play


def test_market() -> None:
    s = game("Market")
    arrange(s, 0, hand=["Market"], deck=["Silver"])
    play(s, "play:Market")
    assert (s.actions, s.buys, s.coins) == (1, 2, 1)
    assert s.hands[0] == ["Silver"]
    play(s, "treasures")
    assert s.coins == 3
    play(s, "buy:Silver")
    assert s.buys == 1 and s.coins == 0
    assert "treasures" not in s.legal()  # no Treasures after buying
