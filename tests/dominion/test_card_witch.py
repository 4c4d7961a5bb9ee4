"""Witch: +2 Cards. Each other player gains a Curse."""

from tests.dominion.helpers import arrange, game, log_text, play


def test_each_other_player_gains_a_curse() -> None:
    s = game("Witch", players=3)
    arrange(s, 0, hand=["Witch"], deck=["Copper", "Copper"])
    play(s, "play:Witch")
    assert len(s.hands[0]) == 2
    assert s.discards[1] == ["Curse"] and s.discards[2] == ["Curse"]
    assert s.supply["Curse"] == 18
    assert "Bo gains a Curse." in log_text(s, 0)


def test_curses_run_out_in_turn_order() -> None:
    s = game("Witch", players=4)
    s.supply["Curse"] = 2
    arrange(s, 2, hand=["Witch"])
    play(s, "play:Witch")
    assert s.discards[3] == ["Curse"] and s.discards[0] == ["Curse"]
    assert s.discards[1] == []
    assert s.supply["Curse"] == 0


def test_no_curses_left() -> None:
    s = game("Witch")
    s.supply["Curse"] = 0
    arrange(s, 0, hand=["Witch"])
    play(s, "play:Witch")
    assert s.discards[1] == []
    assert "There is no Curse left to gain." in log_text(s, 1)


def test_throne_room_witch_gives_two_curses() -> None:
    s = game("Witch", "Throne Room")
    arrange(s, 0, hand=["Throne Room", "Witch"], deck=["Copper"] * 4)
    play(s, "play:Throne Room", "play:Witch")
    assert s.discards[1] == ["Curse", "Curse"]
    assert len(s.hands[0]) == 4
