"""Familiar: +1 Card, +1 Action; each other player gains a Curse."""

from tests.dominion.helpers import arrange, game, log_text, play


def test_card_action_and_curses() -> None:
    s = game("Familiar", players=3)
    arrange(s, 0, hand=["Familiar"], deck=["Copper"])
    play(s, "play:Familiar")
    assert s.hands[0] == ["Copper"] and s.actions == 1
    assert s.discards[1] == ["Curse"] and s.discards[2] == ["Curse"]
    assert "Bo gains a Curse." in log_text(s, 0)


def test_curses_go_in_turn_order_from_the_left_when_the_pile_runs_short() -> None:
    s = game("Familiar", players=4)
    s.supply["Curse"] = 2
    arrange(s, 2, hand=["Familiar"])
    play(s, "play:Familiar")
    assert s.discards[3] == ["Curse"] and s.discards[0] == ["Curse"]
    assert s.discards[1] == []


def test_moat_blocks_the_curse() -> None:
    s = game("Familiar", "Moat")
    arrange(s, 0, hand=["Familiar"], others={1: {"hand": ["Moat"]}})
    play(s, "play:Familiar", "reveal")
    assert s.discards[1] == []
