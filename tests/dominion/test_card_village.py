"""Village: +1 Card, +2 Actions."""

from tests.dominion.helpers import arrange, game, play


def test_village_draws_one_and_gives_two_actions() -> None:
    s = game("Village", "Smithy")
    arrange(s, 0, hand=["Village", "Smithy", "Village"], deck=["Gold", "Silver"])
    play(s, "play:Village")
    assert s.hands[0].count("Gold") == 1
    assert s.actions == 2
    play(s, "play:Village")
    assert s.actions == 3
    play(s, "play:Smithy")
    assert s.actions == 2
    assert s.plays[0] == ["Village", "Village", "Smithy"]


def test_village_with_empty_deck_and_discard_draws_nothing() -> None:
    s = game("Village")
    arrange(s, 0, hand=["Village", "Copper"])
    play(s, "play:Village")
    assert s.hands[0] == ["Copper"]
    assert s.actions == 2
