"""Great Work Sequences: steps in order, from the hand, your collection or anyone's, with half
points to the robbed, components back to the Desk, several at once, none twice (M13, M14)."""

from tests.potion_making.helpers import (
    SKIP,
    TAKEN,
    arrange,
    asking,
    game,
    ids_of,
    log_text,
    names,
    play,
)

PANACEA, MAGISTERIUM, RED = 0, 1, 2  # Sequence cards, in the order of the card data


def test_a_step_from_the_hand_scores_the_steps_points() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, step="third")
    d = s.decision
    assert d is not None
    assert d.option("step:1") is not None
    # Your own card's name goes without saying in your own options.
    assert d.option("step:1").label == (  # type: ignore[union-attr]
        "Add Elixir of Fire to Sequence 1 as step 1: 2 points"
    )
    play(s, "step:1")
    assert s.scores[0] == 2
    assert names(s, s.seqs[0][0]) == ["Elixir of Fire"]
    assert (
        "Ana adds Elixir of Fire from their hand to the Red Tincture Sequence 1 as step 1: "
        "2 points." in log_text(s, 1)
    )


def test_steps_are_placed_in_order_none_skipped() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fidelity"]}, step="third")
    assert ids_of(s, "step:") == []


def test_the_second_step_follows_the_first_with_its_own_points() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s, 0, hands={0: ["Elixir of Fidelity"]}, seqs={0: {0: ["Elixir of Fire"]}}, step="third"
    )
    play(s, "step:1")
    assert s.scores[0] == 2 and len(s.seqs[0][0]) == 2
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        hands={0: ["Elixir of Albedo"]},
        seqs={0: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        step="third",
    )
    play(s, "step:1")
    assert s.scores[0] == 4  # the third step is worth 4


def test_a_step_from_your_collection_sends_its_components_to_the_desk() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        collected={
            0: [("Elixir of Fire", [], ["Emanation of Authority", "Potion of Eternal Sleep"])]
        },
        step="third",
    )
    play(s, "step:1")
    assert s.scores[0] == 2 and s.collected[0] == []
    assert sorted(names(s, s.desk)) == ["Emanation of Authority", "Potion of Eternal Sleep"]
    assert s.under == {}


def test_a_step_from_another_players_collection_pays_them_half() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, collected={1: ["Elixir of Fire"]}, step="third")
    play(s, "step:1")
    assert s.scores == [2, 1]
    assert (
        "Ana adds Bo's Elixir of Fire to the Red Tincture Sequence 1 as step 1: 2 points; "
        "Bo scores 1 point." in log_text(s, None)
    )
    # Bo reads about himself as "you".
    assert (
        "Ana adds your Elixir of Fire to the Red Tincture Sequence 1 as step 1: 2 points; "
        "you score 1 point." in log_text(s, 1)
    )
    assert "You add Bo's Elixir of Fire" in log_text(s, 0)


def test_where_the_card_comes_from_is_asked_when_there_is_a_choice() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, collected={1: ["Elixir of Fire"]}, step="third")
    play(s, "step:1")
    seat, ids = asking(s)
    assert seat == 0 and ids[0] == "hand:Elixir of Fire"
    assert ids[1].startswith("recipe:")
    d = s.decision
    assert d is not None
    assert d.prompt == "Where does the Elixir of Fire for your Sequence 1 come from?"
    assert [o.label for o in d.options] == [
        "From your hand",
        "Bo's Elixir of Fire: they score 1 point",
    ]
    play(s, ids[1])
    assert s.scores == [2, 1] and len(s.hands[0]) == 1


def test_a_step_may_come_from_another_players_sequence_which_keeps_its_progress() -> None:
    # M14: the step taken from Bo's Sequence stays done for Bo; Bo scores half.
    s = game("guild")
    s.seq_card[0] = RED
    s.seq_card[1] = RED
    arrange(
        s, 0, seqs={1: {0: ["Elixir of Fire", "Elixir of Fidelity"]}}, scores=[0, 4], step="third"
    )
    play(s, "step:1")
    assert s.scores == [2, 5]
    assert s.seqs[1][0][0] == TAKEN and len(s.seqs[1][0]) == 2
    assert (
        "Ana adds Bo's Elixir of Fire (Sequence 1, step 1) to the Red Tincture Sequence 1"
        in log_text(s, None)
    )
    assert "Ana adds your Elixir of Fire (Sequence 1, step 1)" in log_text(s, 1)
    assert "You add Bo's Elixir of Fire (Sequence 1, step 1) to your Sequence 1" in log_text(s, 0)


def test_the_last_step_of_a_sequence_may_not_be_taken() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    s.seq_card[1] = RED
    arrange(s, 0, seqs={1: {0: ["Elixir of Fire"]}}, step="third")
    assert ids_of(s, "step:") == []


def test_a_sequence_card_may_move_to_another_of_your_sequences() -> None:
    # Red Tincture Sequence 3 starts with the Elixir of Albedo, Sequence 1's third step.
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        seqs={
            0: {
                0: ["Elixir of Fire", "Elixir of Fidelity"],
                2: ["Elixir of Albedo", "Emanation of Authority"],
            }
        },
        step="third",
    )
    play(s, "step:1")
    assert s.scores[0] == 4
    assert s.seqs[0][2][0] == TAKEN and names(s, s.seqs[0][0][2:]) == ["Elixir of Albedo"]


def test_several_sequences_may_be_collected_at_once() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fire", "Love Potion"]}, step="second")
    assert ids_of(s, "step:") == ["step:1", "step:2"]
    play(s, "step:1", "step:2")
    assert s.scores[0] == 4 and [len(x) for x in s.seqs[0]] == [1, 1, 0]


def test_the_same_sequence_may_not_be_collected_twice() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, seqs={0: {0: ["Elixir of Fire"]}}, step="third")
    assert ids_of(s, "step:") == []


def test_only_the_sequences_on_your_own_card_are_yours() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Knowledge"]}, step="third")  # a Panacea first step
    assert ids_of(s, "step:") == []


def test_a_recipe_in_a_sequence_counts_as_collected_for_ingredients() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Rebirth"]},
        collected={0: ["Elixir of Eternal Youth"]},
        seqs={0: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        step="third",
    )
    play(s, "brew:Great Elixir of Rebirth")
    assert s.scores[0] == 6 and s.seqs[0][0][0] == TAKEN


def test_placing_counts_as_the_phases_play() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: ["Elixir of Fire", "Love Potion"]}, step="second")
    play(s, "step:1")
    assert s.phase == "third" and s.current == 0
    play(s, "step:2")
    assert s.current == 1


def test_practice_has_no_sequences() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, step="play")
    assert ids_of(s, "step:") == []


def test_skip_marks_are_kept_as_steps() -> None:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        hands={0: ["Elixir of Albedo"]},
        seqs={0: {0: [SKIP, "Elixir of Fidelity"]}},
        step="third",
    )
    play(s, "step:1")
    assert s.seqs[0][0][0] == SKIP and len(s.seqs[0][0]) == 3


def test_a_step_needs_no_card_from_the_hand() -> None:
    # With an empty hand and empty decks, a collected recipe can still become a step.
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        hands={1: ["Love Potion"]},
        collected={1: ["Elixir of Fire"]},
        empty_decks=["Practice", "Guild"],
        step="second",
    )
    assert ids_of(s, "step:") == ["step:1"] and s.current == 0
    play(s, "step:1")
    assert s.scores == [2, 1]
