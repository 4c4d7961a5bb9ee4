"""Throne Room: You may play an Action card from your hand twice."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_smithy_twice() -> None:
    s = game("Throne Room", "Smithy")
    arrange(s, 0, hand=["Throne Room", "Smithy"], deck=["Copper"] * 7)
    play(s, "play:Throne Room")
    assert asking(s)[1] == ["play:Smithy", "none"]
    play(s, "play:Smithy")
    assert s.hands[0] == ["Copper"] * 6
    assert s.plays[0] == ["Throne Room", "Smithy"]
    assert s.actions == 0
    assert "Ana plays a Smithy twice (Throne Room)." in log_text(s, 1)


def test_village_twice_gives_four_actions_without_spending_one() -> None:
    s = game("Throne Room", "Village")
    arrange(s, 0, hand=["Throne Room", "Village", "Village"], deck=["Copper"] * 3)
    play(s, "play:Throne Room", "play:Village")
    assert s.actions == 4
    assert s.hands[0].count("Village") == 1


def test_throne_room_on_throne_room() -> None:
    s = game("Throne Room", "Smithy", "Village")
    arrange(s, 0, hand=["Throne Room", "Throne Room", "Smithy", "Village"], deck=["Copper"] * 10)
    play(s, "play:Throne Room", "play:Throne Room")
    # The second Throne Room is played twice: each time it picks an Action to play twice.
    assert asking(s)[1] == ["play:Smithy", "play:Village", "none"]
    play(s, "play:Village")
    assert s.actions == 4
    assert asking(s)[1] == ["play:Smithy", "none"]
    play(s, "play:Smithy")
    assert s.plays[0] == ["Throne Room", "Throne Room", "Village", "Smithy"]
    assert len(s.hands[0]) == 2 + 6
    assert s.actions == 4


def test_no_action_in_hand() -> None:
    s = game("Throne Room")
    arrange(s, 0, hand=["Throne Room", "Copper"])
    play(s, "play:Throne Room")
    assert s.phase == "buy"
    assert "no Action card to play twice" in log_text(s, 1)


def test_may_choose_not_to_play() -> None:
    s = game("Throne Room", "Smithy")
    arrange(s, 0, hand=["Throne Room", "Smithy"])
    play(s, "play:Throne Room", "none")
    assert s.hands[0] == ["Smithy"]
    assert s.phase == "buy"


def test_second_play_waits_for_the_first_to_finish() -> None:
    s = game("Throne Room", "Workshop")
    arrange(s, 0, hand=["Throne Room", "Workshop"])
    play(s, "play:Throne Room", "play:Workshop", "gain:Silver")
    assert s.discards[0] == ["Silver"]
    assert "gain:Silver" in asking(s)[1]  # the second Workshop asks again
    play(s, "gain:Workshop")
    assert s.discards[0] == ["Silver", "Workshop"]


def test_throne_room_vassal_discards_twice() -> None:
    s = game("Throne Room", "Vassal", "Village")
    arrange(s, 0, hand=["Throne Room", "Vassal"], deck=["Village", "Estate", "Copper"])
    play(s, "play:Throne Room", "play:Vassal", "play:Village")
    # The Village drew the Estate; the second Vassal discards the Copper.
    assert s.coins == 4
    assert s.hands[0] == ["Estate"]
    assert s.discards[0] == ["Copper"]
    assert s.actions == 2


def test_throne_room_library_second_draw_finds_hand_full() -> None:
    s = game("Throne Room", "Library")
    arrange(s, 0, hand=["Throne Room", "Library"], deck=["Copper"] * 9)
    play(s, "play:Throne Room", "play:Library")
    assert len(s.hands[0]) == 7
    assert len(s.decks[0]) == 2
