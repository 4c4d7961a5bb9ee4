"""Vassal: +2 coins. Discard the top card of your deck; if it is an Action, you may play it."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_non_action_is_just_discarded() -> None:
    s = game("Vassal")
    arrange(s, 0, hand=["Vassal"], deck=["Gold", "Copper"])
    play(s, "play:Vassal")
    assert s.coins == 2
    assert s.discards[0] == ["Gold"]
    assert s.phase == "buy"
    assert "Ana discards a Gold from the top of their deck" in log_text(s, 1)


def test_discarded_action_may_be_played_without_an_action() -> None:
    s = game("Vassal", "Smithy")
    arrange(s, 0, hand=["Vassal"], deck=["Smithy", "Copper", "Copper", "Copper"])
    play(s, "play:Vassal")
    assert asking(s)[1] == ["play:Smithy", "none"]
    play(s, "play:Smithy")
    assert s.plays[0] == ["Vassal", "Smithy"]
    assert s.hands[0] == ["Copper", "Copper", "Copper"]
    assert s.discards[0] == []
    assert s.actions == 0


def test_declining_leaves_it_discarded() -> None:
    s = game("Vassal", "Village")
    arrange(s, 0, hand=["Vassal"], deck=["Village"])
    play(s, "play:Vassal", "none")
    assert s.discards[0] == ["Village"]
    assert s.actions == 0


def test_played_village_gives_actions() -> None:
    s = game("Vassal", "Village")
    arrange(s, 0, hand=["Vassal", "Vassal"], deck=["Village", "Copper"])
    play(s, "play:Vassal", "play:Village")
    assert s.actions == 2
    assert s.hands[0] == ["Vassal", "Copper"]


def test_vassal_plays_an_attack_with_moat_window() -> None:
    s = game("Vassal", "Militia", "Moat")
    arrange(
        s,
        0,
        hand=["Vassal"],
        deck=["Militia"],
        others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Copper"]}},
    )
    play(s, "play:Vassal", "play:Militia")
    assert asking(s) == (1, ["reveal", "pass"])
    play(s, "reveal")
    assert s.coins == 4


def test_empty_deck_shuffles_discard() -> None:
    s = game("Vassal")
    arrange(s, 0, hand=["Vassal"], discard=["Estate"])
    play(s, "play:Vassal")
    assert s.discards[0] == ["Estate"]
    assert "shuffles" in log_text(s, 1)


def test_nothing_to_discard() -> None:
    s = game("Vassal")
    arrange(s, 0, hand=["Vassal"])
    play(s, "play:Vassal")
    assert s.coins == 2 and s.discards[0] == []


def test_vassal_chain() -> None:
    s = game("Vassal")
    arrange(s, 0, hand=["Vassal"], deck=["Vassal", "Estate"])
    play(s, "play:Vassal", "play:Vassal")
    assert s.coins == 4
    assert s.plays[0] == ["Vassal", "Vassal"]
    assert s.discards[0] == ["Estate"]
