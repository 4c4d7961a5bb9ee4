"""Festival: +2 Actions, +1 Buy, +2 coins."""

from tests.dominion.helpers import arrange, game, play


def test_festival() -> None:
    s = game("Festival")
    arrange(s, 0, hand=["Festival", "Festival", "Copper"], deck=["Gold"])
    play(s, "play:Festival")
    assert (s.actions, s.buys, s.coins) == (2, 2, 2)
    play(s, "play:Festival")
    assert (s.actions, s.buys, s.coins) == (3, 3, 4)
    assert s.hands[0] == ["Copper"]


def test_two_buys_with_festival() -> None:
    s = game("Festival")
    arrange(s, 0, hand=["Festival", "Copper", "Copper", "Copper", "Copper"])
    play(s, "play:Festival", "treasures", "buy:Silver", "buy:Silver")
    assert s.supply["Silver"] == 38
    assert s.current == 1  # no Buys left: the turn ends by itself
