"""Spell of Trismegistus (M25): take 5 cards from the decks one at a time, then return 2
cards from the hand to their own decks, which are shuffled; then another play."""

from collections import Counter

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, play

T = "Spell of Trismegistus/Thought Energy"


def test_trismegistus_takes_five_then_returns_two_to_their_decks() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [T, "Love Potion"]}, step="third")
    before = {d: len(p) for d, p in s.decks.items()}
    play(s, f"spell:{T}")
    for deck in ("Guild", "Practice", "Practice", "Guild", "Practice"):
        play(s, f"draw:{deck}")
    assert len(s.hands[0]) == 6
    seat, ids = asking(s)
    assert seat == 0 and all(i.startswith("return:") for i in ids)
    play(s, "return:Love Potion")
    play(s, ids_of(s, "return:")[0])
    assert len(s.hands[0]) == 4
    after = {d: len(p) for d, p in s.decks.items()}
    assert sum(before.values()) - sum(after.values()) == 3
    text = log_text(s, 1)
    assert "Ana returns 2 cards to the" in text and "Love Potion" not in text.split("returns")[1]
    assert "You return a Love Potion" in log_text(s, 0)
    # Then another play in the same phase.
    assert s.current == 0 and ids_of(s, "lay:")


def test_the_hand_may_hold_more_than_the_limit_after_trismegistus() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={
            0: [T]
            + ["Love Potion"] * 2
            + ["Isidas Mortum"] * 2
            + ["Elixir of Fire"] * 2
            + ["Ward Solution"]
        },
        step="second",
    )
    play(s, f"spell:{T}")
    for _ in range(5):
        play(s, "draw:Practice")
    assert len(s.hands[0]) == 12


def test_returned_cards_go_to_the_deck_of_their_back() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [T, "Elixir of Albedo", "Elixir of Nigredo"]}, step="third")
    guild = len(s.decks["Guild"])
    play(s, f"spell:{T}")
    for _ in range(5):
        play(s, "draw:Practice")
    play(s, "return:Elixir of Albedo/Thought Energy", "return:Elixir of Nigredo/Fern Flower")
    assert len(s.decks["Guild"]) == guild + 2
    assert Counter(s.cs.cards[c].type.deck for c in s.decks["Guild"]) == {"Guild": guild + 2}


def test_with_fewer_than_five_cards_left_it_takes_what_there_is() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={0: [T, "Love Potion", "Isidas Mortum"]},
        top={"Guild": ["Alkahest"]},
        empty_decks=["Practice"],
        step="third",
    )
    s.decks["Guild"] = s.decks["Guild"][-1:]
    s.desk += [c for c in s.cs.deck_ids["Guild"] if c not in s.census()]
    s.check_invariants()
    play(s, f"spell:{T}")
    assert len(s.hands[0]) == 3
    play(s, "return:Love Potion", "return:Isidas Mortum")
    assert len(s.decks["Practice"]) == 2
