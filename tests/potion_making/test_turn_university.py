"""With the University Course and the Guild: three decks, eight cards each, larger hands."""

from collections import Counter

from tests.potion_making.helpers import arrange, game, ids_of, play

HAND = ["Love Potion", "Isidas Mortum", "Elixir of Fire", "Elixir of Knowledge", "Ward Solution"]


def test_the_opening_deals_four_two_and_two_and_as_many_to_the_desk() -> None:
    s = game("guild,university", players=3)
    for seat in range(3):
        if seat != s.current:
            backs = Counter(s.cs.cards[c].type.deck for c in s.hands[seat])
            assert backs == {"Practice": 4, "University": 2, "Guild": 2}
    backs = Counter(s.cs.cards[c].type.deck for c in s.desk)
    assert backs == {"Practice": 4, "University": 2, "Guild": 2}
    assert len(s.expected) == 76 + 26 + 63


def test_eight_or_fewer_cards_draw_up_to_nine() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: HAND})
    for _ in range(4):
        play(s, "draw:University")
    assert len(s.hands[0]) == 9 and s.phase == "second"


def test_nine_cards_take_one_and_ten_take_none() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: (HAND * 2)[:9]})
    play(s, "draw:Practice")
    assert len(s.hands[0]) == 10 and s.phase == "second"
    assert ids_of(s, "draw:") == []  # ten or more: the second phase must play
    s = game("guild,university")
    arrange(s, 0, hands={0: HAND * 2})
    assert len(s.hands[0]) == 10 and s.phase == "second" and ids_of(s, "draw:") == []


def test_the_second_phase_may_take_below_ten() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: HAND}, step="second")
    assert ids_of(s, "draw:") == ["draw:Practice", "draw:Guild", "draw:University"]
