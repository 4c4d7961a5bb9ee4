"""Vineyard: 1 VP per 3 Action cards you have (round down)."""

from tests.dominion.helpers import game


def test_one_vp_per_three_action_cards_rounded_down() -> None:
    s = game("Vineyard", "Smithy", "Village")
    s.decks[0] = ["Vineyard", "Smithy", "Smithy", "Village", "Village", "Copper"]
    s.hands[0] = []
    s.discards[0] = []
    assert s.victory_points(0) == 1
    s.decks[0].append("Village")
    assert s.victory_points(0) == 1
    s.decks[0].append("Village")
    assert s.victory_points(0) == 2


def test_action_cards_are_counted_wherever_they_are() -> None:
    s = game("Vineyard", "Smithy")
    s.decks[0], s.hands[0], s.discards[0] = ["Vineyard"], ["Smithy"], ["Smithy"]
    s.plays[0], s.asides[0] = ["Smithy"], []
    assert s.victory_points(0) == 1


def test_cards_with_additional_types_count() -> None:
    s = game("Vineyard", "Moat", "Scrying Pool", "Familiar")
    s.decks[0] = ["Vineyard", "Moat", "Scrying Pool", "Familiar"]
    s.hands[0] = s.discards[0] = []
    assert s.victory_points(0) == 1


def test_each_vineyard_counts_and_non_actions_do_not() -> None:
    s = game("Vineyard", "Smithy")
    s.decks[0] = ["Vineyard", "Vineyard"] + ["Smithy"] * 6 + ["Gold"] * 5
    s.hands[0] = s.discards[0] = []
    assert s.victory_points(0) == 4


def test_vineyard_pile_is_a_victory_pile() -> None:
    assert game("Vineyard").supply["Vineyard"] == 8
    assert game("Vineyard", players=3).supply["Vineyard"] == 12
