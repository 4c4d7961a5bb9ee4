"""Apprentice: +1 Action; trash a card from your hand; +1 Card per coin of its cost, +2 if it has
a Potion in its cost."""

import pytest

from tests.dominion.helpers import arrange, asking, game, log_text, play


@pytest.mark.parametrize(
    ("trashed", "drawn"),
    [
        ("Copper", 0),
        ("Curse", 0),
        ("Estate", 2),
        ("Gold", 6),
        ("Golem", 6),
        ("Transmute", 2),
        ("Familiar", 5),
        ("Potion", 4),
        ("Possession", 8),
    ],
)
def test_draw_one_per_coin_plus_two_for_a_potion(trashed: str, drawn: int) -> None:
    s = game("Apprentice", "Golem", "Transmute", "Familiar", "Possession")
    arrange(s, 0, hand=["Apprentice", trashed], deck=["Silver"] * 10)
    play(s, "play:Apprentice")
    assert s.trash == [trashed]
    assert len(s.hands[0]) == drawn
    assert s.actions == 1


def test_asks_which_card_when_there_is_a_choice() -> None:
    s = game("Apprentice")
    arrange(s, 0, hand=["Apprentice", "Copper", "Gold"], deck=["Estate"] * 10)
    play(s, "play:Apprentice")
    assert asking(s)[1] == ["trash:Copper", "trash:Gold"]
    play(s, "trash:Copper")
    assert s.hands[0] == ["Gold"]
    assert "draws no cards (Apprentice)" in log_text(s, 1)


def test_empty_hand() -> None:
    s = game("Apprentice")
    arrange(s, 0, hand=["Apprentice"])
    play(s, "play:Apprentice")
    assert "nothing to trash" in log_text(s, 1)
