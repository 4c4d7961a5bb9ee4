"""Alchemist: +2 Cards, +1 Action; at Clean-up with a Potion in play, may go onto your deck."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_two_cards_one_action() -> None:
    s = game("Alchemist")
    arrange(s, 0, hand=["Alchemist"], deck=["Copper", "Copper", "Estate"])
    play(s, "play:Alchemist")
    assert s.hands[0] == ["Copper", "Copper"] and s.actions == 1


def test_with_a_potion_in_play_each_alchemist_may_go_on_top_of_the_deck() -> None:
    s = game("Alchemist")
    arrange(s, 0, hand=["Alchemist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "treasures", "end")
    assert asking(s) == (0, ["top:Alchemist", "done"])
    play(s, "top:Alchemist")
    assert "Alchemist" in s.hands[0]
    assert "puts an Alchemist from play onto their deck" in log_text(s, 1)
    assert "You put an Alchemist from play onto your deck" in log_text(s, 0)


def test_you_only_need_to_have_played_a_potion_not_spent_it() -> None:
    s = game("Alchemist")
    arrange(s, 0, hand=["Alchemist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "treasures", "end")  # the Potion bought nothing
    assert "top:Alchemist" in asking(s)[1]


def test_no_potion_in_play_no_question() -> None:
    s = game("Alchemist")
    arrange(s, 0, hand=["Alchemist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "end")  # the Potion stays in hand
    assert s.current == 1


def test_with_several_alchemists_you_may_return_any_number() -> None:
    s = game("Alchemist")
    arrange(s, 0, hand=["Alchemist", "Alchemist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "play:Alchemist", "treasures", "end", "top:Alchemist")
    assert asking(s)[1] == ["top:Alchemist", "done"]
    play(s, "done")
    assert s.hands[0].count("Alchemist") == 1
    assert s.discards[0].count("Alchemist") == 1


def test_clean_up_order_matters_resolve_alchemists_before_discarding_the_potion() -> None:
    s = game("Alchemist", "Herbalist")
    arrange(s, 0, hand=["Alchemist", "Herbalist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "play:Herbalist", "treasures", "end", "top:Alchemist")
    play(s, "topdeck:Potion")
    assert {"Alchemist", "Potion"} <= set(s.hands[0])
