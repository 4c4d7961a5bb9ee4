"""Practice: set-up, drawing up to five, one play a turn, and the end when the cards run out."""

from collections import Counter

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, names, play


def test_set_up_deals_four_cards_each_and_four_to_the_desk() -> None:
    for players in range(2, 7):
        s = game(players=players)
        # The first player has drawn up to five already and is asked to play.
        first = s.current
        assert [len(h) for i, h in enumerate(s.hands) if i != first] == [4] * (players - 1)
        assert len(s.hands[first]) == 5
        assert len(s.desk) == 4
        assert len(s.decks["Practice"]) == 76 - 4 * players - 4 - 1
        assert s.seq_card == [-1] * players


def test_the_practice_deck_holds_76_cards() -> None:
    s = game()
    assert len(s.expected) == 76
    kinds = Counter(s.cs.cards[c].type.kind for c in s.expected)
    assert kinds == {"recipe": 70, "spell": 6}


def test_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = {game(players=4, seed=seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert game(players=4, seed=7).first == game(players=4, seed=7).first


def test_a_turn_draws_up_to_five_cards_then_one_play() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire", "Love Potion"], 1: ["Isidas Mortum"]},
        top={"Practice": ["Ward Solution", "Unicorn", "Dragon"]},
    )
    left = len(s.decks["Practice"])
    assert sorted(names(s, s.hands[0])) == [
        "Dragon",
        "Elixir of Fire",
        "Love Potion",
        "Unicorn",
        "Ward Solution",
    ]
    play(s, "lay:Love Potion")
    seat, _ = asking(s)
    assert seat == 1 and len(s.hands[1]) == 5 and len(s.hands[0]) == 4
    # One sentence for the three cards: a count for Bo, the cards for Ana.
    assert f"Ana takes 3 cards from the Practice deck ({left} left)." in log_text(s, 1)
    assert "Ana takes a card" not in log_text(s, 1)
    assert (
        "You take Ward Solution (Phoenix Feather), Unicorn (Belladonna) and Dragon (Snake's Eye) "
        f"from the Practice deck ({left} left)." in log_text(s, 0)
    )


def test_a_hand_of_five_or_more_draws_nothing() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Elixir of Fire"] * 2 + ["Love Potion"] * 2 + ["Isidas Mortum"] * 2})
    assert len(s.hands[0]) == 6


def test_no_deck_choice_is_asked_with_one_deck() -> None:
    s = game()
    arrange(s, 0, hands={0: []})
    assert ids_of(s, "draw:") == [] and len(s.hands[0]) == 5


def test_a_player_with_no_cards_and_no_deck_passes() -> None:
    s = game()
    arrange(s, 0, hands={0: [], 1: ["Love Potion"]}, empty_decks=["Practice"])
    seat, ids = asking(s)
    assert seat == 1 and "lay:Love Potion" in ids
    assert "Ana has no card to play." in log_text(s, 1)


def test_the_game_ends_when_the_deck_and_every_hand_are_empty() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Love Potion"], 1: ["Isidas Mortum"]},
        empty_decks=["Practice"],
        step="play",
    )
    play(s, "lay:Love Potion")
    assert not s.over
    play(s, "lay:Isidas Mortum")
    assert s.over and s.result is not None
    assert "The game ends: every deck and every hand is empty." in log_text(s, None)


def test_the_game_goes_on_while_a_hand_holds_a_card() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Love Potion"], 1: ["Isidas Mortum", "Dragon"]},
        empty_decks=["Practice"],
        step="play",
    )
    play(s, "lay:Love Potion", "lay:Isidas Mortum")
    assert not s.over
    seat, ids = asking(s)
    assert seat == 1 and ids == ["lay:Dragon"]  # Ana, with no card, is passed over
