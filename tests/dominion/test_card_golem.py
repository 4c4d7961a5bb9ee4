"""Golem: reveal until 2 non-Golem Actions, discard the rest, play them in the order you choose."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_reveal_until_two_non_golem_actions_discard_others_play_both() -> None:
    s = game("Golem", "Village", "Smithy")
    arrange(
        s,
        0,
        hand=["Golem"],
        deck=[
            "Copper",
            "Golem",
            "Village",
            "Estate",
            "Smithy",
            "Gold",
            "Silver",
            "Silver",
            "Silver",
        ],
    )
    play(s, "play:Golem")
    assert asking(s)[1] == ["play:Village", "play:Smithy"]
    assert sorted(s.discards[0]) == ["Copper", "Estate", "Golem"]
    play(s, "play:Smithy")
    assert s.plays[0] == ["Golem", "Smithy", "Village"]
    assert sorted(s.hands[0]) == ["Gold", "Silver", "Silver", "Silver"]
    assert s.actions == 2  # Golem's plays use no Actions; Village gave +2
    assert (
        "Ana reveals Copper, Golem, Village, Estate and Smithy (Golem): found Village and "
        "Smithy; discards Copper, Golem and Estate." in log_text(s, 1)
    )


def test_if_you_found_one_play_it() -> None:
    s = game("Golem", "Festival")
    arrange(s, 0, hand=["Golem"], deck=["Copper", "Festival", "Estate"])
    play(s, "play:Golem")
    assert s.plays[0] == ["Golem", "Festival"]
    assert sorted(s.discards[0]) == ["Copper", "Estate"]


def test_shuffles_the_discard_pile_but_not_the_revealed_cards() -> None:
    s = game("Golem", "Village", "Smithy")
    arrange(s, 0, hand=["Golem"], deck=["Village", "Copper"], discard=["Smithy", "Estate"])
    play(s, "play:Golem", "play:Village")
    assert s.plays[0] == ["Golem", "Village", "Smithy"]
    # The Copper revealed before the shuffle was not shuffled in.
    assert sum(x.count("Copper") for x in (s.hands[0], s.discards[0], s.decks[0])) == 1


def test_when_everything_runs_out_play_what_was_found() -> None:
    s = game("Golem", "Festival")
    arrange(s, 0, hand=["Golem"], deck=["Estate"], discard=["Festival"])
    play(s, "play:Golem")
    assert s.plays[0] == ["Golem", "Festival"]
    assert s.discards[0] == ["Estate"]


def test_you_must_play_the_actions_you_found() -> None:
    s = game("Golem", "Village", "Smithy")
    arrange(s, 0, hand=["Golem"], deck=["Village", "Smithy"])
    play(s, "play:Golem")
    assert "none" not in asking(s)[1]


def test_a_throne_room_found_cannot_use_the_other_found_card() -> None:
    s = game("Golem", "Throne Room", "Smithy")
    arrange(
        s,
        0,
        hand=["Golem", "Copper"],
        deck=["Throne Room", "Smithy", "Gold", "Gold", "Gold"],
    )
    play(s, "play:Golem", "play:Throne Room")
    # Throne Room looks in the hand only: no Action there, the Smithy waits its turn.
    assert "no Action card to play twice" in log_text(s, 1)
    assert s.plays[0] == ["Golem", "Throne Room", "Smithy"]
    assert sorted(s.hands[0]) == ["Copper", "Gold", "Gold", "Gold"]


def test_throne_room_found_may_use_an_action_from_hand() -> None:
    s = game("Golem", "Throne Room", "Village")
    arrange(s, 0, hand=["Golem", "Village"], deck=["Throne Room", "Copper"])
    play(s, "play:Golem", "play:Village")
    assert s.actions == 4


def test_two_of_the_same_card_play_without_a_question() -> None:
    s = game("Golem", "Village")
    arrange(s, 0, hand=["Golem"], deck=["Village", "Village", "Copper", "Copper"])
    play(s, "play:Golem")
    assert s.plays[0] == ["Golem", "Village", "Village"] and s.actions == 4


def test_the_golem_player_reads_the_reveal_in_their_own_words() -> None:
    s = game("Golem", "Smithy")
    arrange(s, 0, hand=["Golem"], deck=["Copper", "Smithy", "Estate", "Smithy", "Gold"] * 2)
    play(s, "play:Golem")
    assert "Ana reveals Copper, Smithy, Estate and Smithy (Golem): found" in log_text(s, 1)
    assert "; discards Copper and Estate." in log_text(s, 1)
    assert "You reveal Copper, Smithy, Estate and Smithy (Golem): found" in log_text(s, 0)
    assert "; discard Copper and Estate." in log_text(s, 0)
