"""Herbalist: +1 Buy, +1 coin; when discarded from play, may put a Treasure from play on top."""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_plus_buy_and_coin() -> None:
    s = game("Herbalist")
    arrange(s, 0, hand=["Herbalist"])
    play(s, "play:Herbalist")
    assert (s.buys, s.coins) == (2, 1)


def test_at_clean_up_may_put_a_treasure_from_play_on_top_of_the_deck() -> None:
    s = game("Herbalist")
    arrange(s, 0, hand=["Herbalist", "Gold", "Copper"], deck=["Estate"] * 5)
    play(s, "play:Herbalist", "treasures", "end")
    assert asking(s) == (0, ["topdeck:Gold", "topdeck:Copper", "done"])
    play(s, "topdeck:Gold")
    assert "Gold" in s.hands[0]  # drawn again in the new hand
    assert "puts a Gold from play onto their deck" in log_text(s, 1)


def test_optional() -> None:
    s = game("Herbalist")
    arrange(s, 0, hand=["Herbalist", "Gold"], deck=["Estate"] * 5)
    play(s, "play:Herbalist", "treasures", "end", "done")
    assert s.hands[0] == ["Estate"] * 5
    assert sorted(s.discards[0]) == ["Gold", "Herbalist"]


def test_multiple_herbalists_can_each_save_a_different_treasure() -> None:
    s = game("Herbalist")
    arrange(
        s,
        0,
        hand=["Herbalist", "Herbalist", "Gold", "Silver", "Copper"],
        deck=["Estate"] * 9,
        actions=2,
    )
    play(s, "play:Herbalist", "play:Herbalist", "treasures", "end", "topdeck:Gold")
    assert asking(s)[1] == ["topdeck:Silver", "topdeck:Copper", "done"]
    play(s, "topdeck:Silver")
    assert sorted(s.hands[0]) == ["Estate", "Estate", "Estate", "Gold", "Silver"]


def test_no_question_without_a_treasure_in_play() -> None:
    s = game("Herbalist")
    arrange(s, 0, hand=["Herbalist"], deck=["Estate"] * 5)
    play(s, "play:Herbalist", "end")
    assert s.current == 1


def test_you_control_the_order_cards_leave_play_alchemist_before_potion() -> None:
    s = game("Herbalist", "Alchemist")
    arrange(
        s,
        0,
        hand=["Herbalist", "Alchemist", "Potion"],
        deck=["Estate", "Estate"] + ["Copper"] * 5,
        actions=1,
    )
    play(s, "play:Alchemist", "play:Herbalist", "treasures", "end")
    assert asking(s)[1] == ["top:Alchemist", "topdeck:Potion", "done"]
    play(s, "top:Alchemist", "topdeck:Potion")
    assert sorted(s.hands[0]) == ["Alchemist", "Copper", "Copper", "Copper", "Potion"]


def test_potion_first_leaves_the_alchemist_behind() -> None:
    s = game("Herbalist", "Alchemist")
    arrange(s, 0, hand=["Herbalist", "Alchemist", "Potion"], deck=["Estate"] * 9)
    play(s, "play:Alchemist", "play:Herbalist", "treasures", "end", "topdeck:Potion")
    assert s.current == 1  # the Alchemist could no longer go on the deck
    assert "Alchemist" in s.discards[0]
    assert deck_top(s, 0)[:0] == []
