"""Sentry: +1 Card, +1 Action. Look at the top 2 cards of your deck.

Trash and/or discard any number of them; put the rest back in any order.
"""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_trash_and_discard() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Curse", "Estate", "Gold"])
    play(s, "play:Sentry")
    assert s.hands[0] == ["Copper"] and s.actions == 1
    assert asking(s)[1] == ["trash:Curse", "discard:Curse", "back:Curse"]
    play(s, "trash:Curse", "discard:Estate")
    assert s.trash == ["Curse"] and s.discards[0] == ["Estate"]
    assert deck_top(s, 0) == ["Gold"]
    assert "Ana trashes a Curse from their deck" in log_text(s, 1)


def test_put_both_back_in_chosen_order() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Silver", "Gold", "Estate"])
    play(s, "play:Sentry", "back:Silver", "back:Gold")
    assert asking(s)[1] == ["top:Silver", "top:Gold"]
    play(s, "top:Gold")
    assert deck_top(s, 0) == ["Gold", "Silver", "Estate"]
    assert "Gold" not in log_text(s, 1)


def test_two_identical_cards_need_no_order() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Silver", "Silver"])
    play(s, "play:Sentry", "back:Silver", "back:Silver")
    assert deck_top(s, 0) == ["Silver", "Silver"]
    assert s.phase == "buy"


def test_only_one_card_left_after_shuffle() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper"], discard=["Gold"])
    play(s, "play:Sentry")
    assert asking(s)[1] == ["trash:Gold", "discard:Gold", "back:Gold"]
    play(s, "back:Gold")
    assert deck_top(s, 0) == ["Gold"]


def test_no_cards_to_look_at() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"])
    play(s, "play:Sentry")
    assert s.phase == "buy"
