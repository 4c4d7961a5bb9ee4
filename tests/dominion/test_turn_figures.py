"""The simulator's per-turn figures (``athanor sim --plot``): money is the coins a turn
made, as DominionSim means it, and Treasure owned is its own figure."""

from tests.dominion.helpers import arrange, game, play


def test_money_is_the_coins_the_turn_made_spent_or_not() -> None:
    s = game("Market")
    seen: list[tuple[int, tuple[float, ...]]] = []
    s.turn_hook = lambda seat: seen.append((seat, s.turn_figures(seat)))
    assert s.TURN_FIGURES[1:] == ("Treasure owned (coins)", "money (coins made in the turn)")
    fill = ["Copper"] * 5
    arrange(s, 0, hand=["Market", "Gold", "Copper", "Estate"], deck=["Silver", *fill])
    play(s, "play:Market")  # +1 coin, draws the Silver
    play(s, "treasures")  # Gold, Copper and Silver: 6 more
    assert s.coins == 7
    play(s, "buy:Silver")  # 3 paid, 4 left; the second Buy is not used
    play(s, "end")
    assert seen[0][0] == 0
    vp, owned, money = seen[0][1]
    # 7 made, though 3 were paid and the Silver bought is owned now.
    assert money == 7.0
    assert owned == 3 + 1 + 2 + 2 + 5  # Gold, Copper, both Silvers and the five Coppers
    assert vp == 1.0
    # The next player's turn starts from nothing.
    assert s.current == 1 and s.coins_made == 0
    assert s.turn_figures(0)[2] == 0.0  # not its turn: it makes nothing now
