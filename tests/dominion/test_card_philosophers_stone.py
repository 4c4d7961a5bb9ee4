"""Philosopher's Stone: coins = (deck + discard pile) // 5, when played."""

from tests.dominion.helpers import arrange, game, log_text, play


def test_counts_only_deck_and_discard_divided_by_five_rounded_down() -> None:
    s = game("Philosopher's Stone")
    arrange(
        s,
        0,
        hand=["Philosopher's Stone", "Copper", "Copper"],
        deck=["Estate"] * 7,
        discard=["Estate"] * 7,
        step="buy",
    )
    play(s, "play:Philosopher's Stone")
    assert s.coins == 2  # 14 // 5; the hand is not counted


def test_do_not_count_hand_play_or_set_aside() -> None:
    s = game("Philosopher's Stone")
    arrange(s, 0, hand=["Philosopher's Stone"] + ["Copper"] * 9, deck=["Estate"] * 4, step="buy")
    play(s, "treasures")
    assert s.coins == 9  # 4 cards in deck: 0 from the Stone


def test_value_is_fixed_when_played() -> None:
    s = game("Philosopher's Stone")
    arrange(s, 0, hand=["Philosopher's Stone", "Gold"], deck=["Estate"] * 10, buys=2, step="buy")
    play(s, "treasures")
    assert s.coins == 5
    play(s, "buy:Silver")
    # The Silver joined the discard pile; the coins already made do not change.
    assert s.coins == 2


def test_playing_all_treasures_counts_each_stone() -> None:
    s = game("Philosopher's Stone")
    arrange(
        s,
        0,
        hand=["Philosopher's Stone"] * 2,
        deck=["Estate"] * 5,
        discard=["Copper"] * 5,
        step="buy",
    )
    play(s, "treasures")
    assert s.coins == 4
    assert "4 coins" in log_text(s, 1)


def test_does_not_reorder_the_deck() -> None:
    s = game("Philosopher's Stone")
    arrange(s, 0, hand=["Philosopher's Stone"], deck=["Gold", "Estate"] * 3, step="buy")
    before = list(s.decks[0])
    play(s, "play:Philosopher's Stone")
    assert s.decks[0] == before and s.coins == 1
