"""Scrying Pool: +1 Action; each player's top card discarded or put back (your choice); then
reveal until a non-Action, all into your hand."""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_each_player_including_you_reveals_you_decide_for_each() -> None:
    s = game("Scrying Pool", "Village")
    arrange(
        s,
        0,
        hand=["Scrying Pool"],
        deck=["Estate", "Village", "Copper"],
        others={1: {"deck": ["Gold", "Copper"]}},
    )
    play(s, "play:Scrying Pool")
    assert asking(s) == (0, ["discard:Estate", "back:Estate"])
    play(s, "discard:Estate")
    assert asking(s) == (0, ["discard:Gold", "back:Gold"])  # Ana decides for Bo's card
    play(s, "discard:Gold")
    assert s.discards[1] == ["Gold"]
    assert sorted(s.hands[0]) == ["Copper", "Village"]
    assert s.actions == 1
    assert "Bo's Gold is discarded (Scrying Pool)." in log_text(s, 0)
    assert "Your Gold is discarded (Scrying Pool)." in log_text(s, 1)
    assert "Your Estate is discarded (Scrying Pool)." in log_text(s, 0)
    assert "You reveal Village and Copper and put them into your hand" in log_text(s, 0)
    assert "Ana reveals Village and Copper and puts them into their hand" in log_text(s, 1)


def test_then_reveal_until_a_non_action_all_into_hand() -> None:
    s = game("Scrying Pool", "Village", "Smithy")
    arrange(s, 0, hand=["Scrying Pool"], deck=["Village", "Smithy", "Village", "Gold", "Copper"])
    play(s, "play:Scrying Pool", "back:Village")
    assert sorted(s.hands[0]) == ["Gold", "Smithy", "Village", "Village"]
    assert deck_top(s, 0) == ["Copper"]


def test_card_put_back_is_revealed_again() -> None:
    s = game("Scrying Pool")
    arrange(s, 0, hand=["Scrying Pool"], deck=["Copper", "Estate"])
    play(s, "play:Scrying Pool", "back:Copper")
    assert s.hands[0] == ["Copper"]


def test_all_action_deck_puts_every_revealed_action_into_hand() -> None:
    s = game("Scrying Pool", "Village", "Smithy")
    arrange(s, 0, hand=["Scrying Pool"], deck=["Village", "Smithy"], discard=["Village"])
    play(s, "play:Scrying Pool", "back:Village")
    assert sorted(s.hands[0]) == ["Smithy", "Village", "Village"]
    assert s.decks[0] == [] and s.discards[0] == []


def test_moat_protects_from_the_reveal() -> None:
    s = game("Scrying Pool", "Moat")
    arrange(
        s,
        0,
        hand=["Scrying Pool"],
        deck=["Copper"],
        others={1: {"hand": ["Moat"], "deck": ["Gold"]}},
    )
    play(s, "play:Scrying Pool", "reveal", "back:Copper")
    assert deck_top(s, 1) == ["Gold"]


def test_one_card_revealed_is_put_into_hand_as_it_not_them() -> None:
    s = game("Scrying Pool")
    arrange(s, 0, hand=["Scrying Pool"], deck=["Estate", "Silver"])
    play(s, "play:Scrying Pool", "back:Estate")
    assert "You reveal Estate and put it into your hand (Scrying Pool)." in log_text(s, 0)
    assert "Ana reveals Estate and puts it into their hand (Scrying Pool)." in log_text(s, 1)
