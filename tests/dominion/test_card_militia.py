"""Militia: +2 coins. Each other player discards down to 3 cards in hand."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_discard_down_to_three() -> None:
    s = game("Militia")
    arrange(
        s,
        0,
        hand=["Militia"],
        others={1: {"hand": ["Copper", "Estate", "Gold", "Silver", "Copper"]}},
    )
    play(s, "play:Militia")
    assert s.coins == 2
    seat, ids = asking(s)
    assert seat == 1
    assert ids == ["discard:Copper", "discard:Estate", "discard:Gold", "discard:Silver"]
    play(s, "discard:Estate", "discard:Copper")
    assert sorted(s.hands[1]) == ["Copper", "Gold", "Silver"]
    assert s.discards[1] == ["Estate", "Copper"]
    assert "Bo discards an Estate" in log_text(s, 0)


def test_hands_of_three_or_fewer_are_not_asked() -> None:
    s = game("Militia", players=4)
    arrange(
        s,
        0,
        hand=["Militia"],
        others={
            1: {"hand": ["Copper"] * 3},
            2: {"hand": ["Copper"]},
            3: {"hand": ["Estate", "Gold", "Silver", "Copper"]},
        },
    )
    play(s, "play:Militia")
    assert asking(s)[0] == 3
    play(s, "discard:Estate")
    assert s.phase == "buy" and asking(s)[0] == 0


def test_identical_cards_are_discarded_without_a_question() -> None:
    s = game("Militia")
    arrange(s, 0, hand=["Militia"], others={1: {"hand": ["Copper"] * 5}})
    play(s, "play:Militia")
    assert s.hands[1] == ["Copper"] * 3
    assert asking(s)[0] == 0


def test_throne_room_militia_attacks_twice_but_hand_is_already_three() -> None:
    s = game("Militia", "Throne Room")
    arrange(
        s,
        0,
        hand=["Throne Room", "Militia"],
        others={1: {"hand": ["Copper", "Estate", "Gold", "Silver"]}},
    )
    play(s, "play:Throne Room", "play:Militia", "discard:Estate")
    assert s.coins == 4
    assert len(s.hands[1]) == 3
    assert asking(s)[0] == 0


def test_determinize_keeps_the_hand_of_the_player_being_asked() -> None:
    s = game("Militia", players=3)
    arrange(
        s,
        0,
        hand=["Militia"],
        others={
            1: {"hand": ["Gold", "Estate", "Silver", "Copper"], "deck": ["Duchy"] * 3},
            2: {"hand": ["Copper"] * 5, "deck": ["Province"] * 3},
        },
    )
    play(s, "play:Militia")
    assert asking(s)[0] == 1
    d = s.determinize(0, 7)
    assert d.hands[1] == s.hands[1]  # the question names these cards
    d.apply("discard:Gold")  # and it can still be answered in the copy
    assert sorted(d.hands[1]) == ["Copper", "Estate", "Silver"]
