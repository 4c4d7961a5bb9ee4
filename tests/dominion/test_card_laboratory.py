"""Laboratory: +2 Cards, +1 Action."""

from tests.dominion.helpers import arrange, game, play


def test_laboratory_chain() -> None:
    s = game("Laboratory")
    arrange(s, 0, hand=["Laboratory"], deck=["Laboratory", "Copper", "Gold", "Silver"])
    play(s, "play:Laboratory")
    assert s.actions == 1 and sorted(s.hands[0]) == ["Copper", "Laboratory"]
    play(s, "play:Laboratory")
    assert s.actions == 1 and sorted(s.hands[0]) == ["Copper", "Gold", "Silver"]
