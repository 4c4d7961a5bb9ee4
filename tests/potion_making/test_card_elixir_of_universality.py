"""Elixir of Universality (M10): collected from any two elements; stands in for any simple
elixir as an ingredient; never in a Sequence; its collector scores nothing when others use it."""

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, play

UNI = "Elixir of Universality"


def test_it_is_collected_from_any_two_elements_for_no_points() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: [UNI]}, desk=["Love Potion", "Elixir of Fire"], step="third")
    play(s, f"brew:{UNI}")
    assert s.scores[0] == 0 and len(s.collected[0]) == 1 and s.desk == []
    assert (
        "Ana collects Elixir of Universality from Love Potion (Air Crystal) and Elixir of Fire "
        "(Quintessence of Will): 0 points." in log_text(s, 1)
    )


def test_any_element_asks_which_desk_card_when_there_is_a_choice() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: [UNI]},
        desk=["Love Potion", "Elixir of Fire", "Isidas Mortum"],
        step="third",
    )
    play(s, f"brew:{UNI}")
    seat, ids = asking(s)
    assert seat == 0 and len(ids) == 3


def test_it_stands_in_for_a_simple_elixir() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength", "Elixir of Universality"]},
        step="third",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores[0] == 6


def test_it_does_not_stand_in_for_a_three_element_recipe() -> None:
    # Basilisk needs a Telepathic Remedy, which is not a simple (two-element) elixir.
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Basilisk"]},
        collected={0: ["Elixir of Secret Sight", "Elixir of Universality"]},
        step="third",
    )
    assert ids_of(s, "brew:") == []


def test_it_is_not_a_great_elixir() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        collected={0: ["Great Elixir of Omen", "Elixir of Universality"]},
        step="third",
    )
    assert ids_of(s, "brew:") == []


def test_its_collector_scores_nothing_when_another_player_uses_it() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength"], 1: ["Elixir of Universality"]},
        step="third",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 0]


def test_it_may_not_be_placed_in_a_sequence() -> None:
    s = game("guild,university")
    s.seq_card[0] = 2  # Red Tincture: Sequence 1 starts with the Elixir of Fire (a simple elixir)
    arrange(s, 0, collected={0: ["Elixir of Universality"]}, step="third")
    assert ids_of(s, "step:") == []
