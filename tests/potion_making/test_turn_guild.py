"""With the Guild (M5): two decks, the opening deal, and a turn of three phases:
take, then take or play, then play, with the hand-size limits."""

from collections import Counter

from tests.potion_making.helpers import arrange, asking, game, ids_of, names, play

FOUR = ["Love Potion", "Isidas Mortum", "Elixir of Fire", "Ward Solution"]


def test_the_opening_deals_four_practice_and_two_guild_cards_each() -> None:
    s = game("guild", players=3)
    for seat in range(3):
        if seat == s.current:
            continue
        backs = Counter(s.cs.cards[c].type.deck for c in s.hands[seat])
        assert backs == {"Practice": 4, "Guild": 2}
    backs = Counter(s.cs.cards[c].type.deck for c in s.desk)
    assert backs == {"Practice": 4, "Guild": 2}


def test_each_player_draws_a_sequence_card_and_three_players_get_three_different_cards() -> None:
    s = game("guild", players=3)
    assert sorted(s.seq_card) == [0, 1, 2] and s.seq_pool == []


def test_with_more_players_than_sequence_cards_a_second_set_is_used() -> None:
    # M3: six players draw from two sets of the three cards.
    s = game("guild", players=6)
    assert sorted(s.seq_card + s.seq_pool) == [0, 0, 1, 1, 2, 2]
    s = game("guild", players=4)
    assert sorted(s.seq_card + s.seq_pool) == [0, 0, 1, 1, 2, 2]
    assert len(s.seq_pool) == 2


def test_the_two_decks_are_kept_apart() -> None:
    s = game("guild")
    assert all(s.cs.cards[c].type.deck == "Practice" for c in s.decks["Practice"])
    assert all(s.cs.cards[c].type.deck == "Guild" for c in s.decks["Guild"])
    assert len(s.expected) == 76 + 26


def test_fewer_than_six_cards_draw_up_to_seven_choosing_the_deck_each_time() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR})
    seat, ids = asking(s)
    assert seat == 0 and ids == ["draw:Practice", "draw:Guild"]
    play(s, "draw:Guild", "draw:Practice", "draw:Guild")
    assert len(s.hands[0]) == 7
    backs = Counter(s.cs.cards[c].type.deck for c in s.hands[0])
    assert backs == {"Practice": 5, "Guild": 2}
    assert ids_of(s, "draw:") == ["draw:Practice", "draw:Guild"]  # phase 2: take or play
    assert ids_of(s, "lay:")


def test_six_or_seven_cards_take_exactly_one() -> None:
    for n in (6, 7):
        s = game("guild")
        arrange(s, 0, hands={0: (FOUR * 2)[:n]})
        play(s, "draw:Practice")
        assert len(s.hands[0]) == n + 1
        assert s.phase == "second"


def test_eight_cards_skip_the_first_phase_and_must_play_in_the_second() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR * 2})
    assert s.phase == "second" and len(s.hands[0]) == 8
    assert ids_of(s, "draw:") == []


def test_the_second_phase_may_take_a_card_and_then_the_third_must_play() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR}, step="second")
    play(s, "draw:Practice")
    assert s.phase == "third" and len(s.hands[0]) == 5
    assert ids_of(s, "draw:") == []
    play(s, "lay:Love Potion")
    assert s.current == 1


def test_take_play_play() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR}, step="second")
    play(s, "lay:Love Potion")
    assert s.phase == "third" and s.current == 0
    play(s, "lay:Elixir of Fire")
    assert s.current == 1


def test_with_one_deck_empty_cards_come_from_the_other_without_a_question() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR[:2]}, empty_decks=["Guild"])
    assert len(s.hands[0]) == 7 and s.phase == "second"
    assert ids_of(s, "draw:") == ["draw:Practice"]


def test_with_both_decks_empty_there_is_nothing_to_take() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR[:2], 1: ["Unicorn"]}, empty_decks=["Practice", "Guild"])
    assert s.phase == "second" and ids_of(s, "draw:") == []
    play(s, "lay:Love Potion", "lay:Isidas Mortum")
    seat, _ = asking(s)
    assert seat == 1


def test_the_game_ends_when_both_decks_and_every_hand_are_empty() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: FOUR[:1]}, empty_decks=["Practice", "Guild"], step="second")
    play(s, "lay:Love Potion")
    assert s.over
    assert names(s, s.hands[0]) == []
