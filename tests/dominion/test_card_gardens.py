"""Gardens: 1 victory point per 10 cards you have (round down)."""

from tests.dominion.helpers import game, set_player


def test_gardens_counts_all_cards_rounded_down() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens"], deck=["Copper"] * 28, discard=["Estate"] * 10)
    assert s.card_total(0) == 39
    assert s.victory_points(0) == 3 + 10
    s.discards[0].append("Copper")
    assert s.victory_points(0) == 4 + 10


def test_two_gardens_each_count() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens", "Gardens"], deck=["Copper"] * 18)
    assert s.victory_points(0) == 4


def test_pile_size_depends_on_players() -> None:
    assert game("Gardens").supply["Gardens"] == 8
    assert game("Gardens", players=3).supply["Gardens"] == 12
    assert game("Gardens", players=6).supply["Gardens"] == 12


def test_cards_in_play_and_set_aside_count() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens"], deck=["Copper"] * 5)
    s.plays[0] = ["Copper"] * 2
    s.asides[0] = ["Copper"] * 2
    assert s.victory_points(0) == 1
