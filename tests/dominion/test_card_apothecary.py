"""Apothecary: +1 Card, +1 Action; reveal 4; Coppers and Potions to hand; the rest back in any
order."""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_card_and_action_first_then_reveal_four() -> None:
    s = game("Apothecary")
    arrange(
        s, 0, hand=["Apothecary"], deck=["Gold", "Copper", "Potion", "Copper", "Copper", "Silver"]
    )
    play(s, "play:Apothecary")
    # +1 Card drew the Gold; the next four are revealed.
    assert sorted(s.hands[0]) == ["Copper", "Copper", "Copper", "Gold", "Potion"]
    assert deck_top(s, 0) == ["Silver"]
    assert s.actions == 1
    assert "reveals Copper, Potion, Copper and Copper (Apothecary)" in log_text(s, 1)


def test_the_others_go_back_in_the_order_chosen() -> None:
    s = game("Apothecary")
    arrange(
        s, 0, hand=["Apothecary"], deck=["Copper", "Estate", "Gold", "Silver", "Copper", "Duchy"]
    )
    play(s, "play:Apothecary")
    assert asking(s)[1] == ["back:Estate", "back:Gold", "back:Silver"]
    play(s, "back:Estate", "back:Silver")  # Gold, the last, ends on top
    assert deck_top(s, 0) == ["Gold", "Silver", "Estate", "Duchy"]
    assert s.hands[0] == ["Copper", "Copper"]


def test_taking_coppers_and_potions_is_mandatory() -> None:
    s = game("Apothecary")
    arrange(s, 0, hand=["Apothecary"], deck=["Estate", "Copper", "Copper", "Potion", "Copper"])
    play(s, "play:Apothecary")
    assert s.hands[0].count("Copper") == 3 and "Potion" in s.hands[0]
    assert s.phase in ("action", "buy")


def test_shuffles_if_necessary() -> None:
    s = game("Apothecary")
    arrange(s, 0, hand=["Apothecary"], deck=["Estate", "Copper"], discard=["Copper", "Copper"])
    play(s, "play:Apothecary")
    assert s.hands[0].count("Copper") == 3
    assert s.decks[0] == [] and s.discards[0] == []


def test_one_kind_left_goes_back_without_a_question() -> None:
    s = game("Apothecary")
    arrange(s, 0, hand=["Apothecary"], deck=["Copper", "Estate", "Estate"])
    play(s, "play:Apothecary")
    assert deck_top(s, 0) == ["Estate", "Estate"]
