"""Play type 2: collect a recipe from the hand, its elements taken from the Desk."""

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, names, play


def test_collecting_scores_the_recipe_and_puts_its_elements_under_it() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Emanation of Authority", "Potion of Eternal Sleep", "Love Potion"],
        step="play",
    )
    play(s, "brew:Elixir of Fire")
    assert s.scores[0] == 2
    [r] = s.collected[0]
    assert s.card(r).name == "Elixir of Fire"
    rs, es = s.under[r]
    assert rs == () and sorted(names(s, es)) == [
        "Emanation of Authority",
        "Potion of Eternal Sleep",
    ]
    assert names(s, s.desk) == ["Love Potion"]
    assert "Bo reads" not in log_text(s, 1)
    assert "Ana collects Elixir of Fire from Emanation of Authority (Ether Waves) and " in (
        log_text(s, 1)
    )


def test_a_recipe_whose_elements_are_not_all_on_the_desk_is_not_offered() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, desk=["Emanation of Authority"], step="play")
    assert ids_of(s, "brew:") == []


def test_a_three_element_recipe_scores_three() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Wisdom/Quintessence of Will"]},
        desk=["Emanation of Authority", "Elixir of Knowledge", "Elixir of Oblivion"],
        step="play",
    )
    play(s, "brew:Elixir of Wisdom/Quintessence of Will")
    assert s.scores[0] == 3


def test_which_desk_card_to_use_is_asked_when_their_tops_differ() -> None:
    # Two cards show Ether Waves: an Emanation of Authority and a Telepathic Remedy.
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Emanation of Authority", "Telepathic Remedy/Ether Waves", "Potion of Eternal Sleep"],
        step="play",
    )
    play(s, "brew:Elixir of Fire")
    seat, ids = asking(s)
    assert seat == 0
    assert ids == ["desk:Emanation of Authority", "desk:Telepathic Remedy/Ether Waves"]
    play(s, "desk:Telepathic Remedy/Ether Waves")
    assert sorted(names(s, s.desk)) == ["Emanation of Authority"]


def test_identical_desk_cards_are_one_choice_and_taken_without_a_question() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Emanation of Authority", "Emanation of Authority", "Potion of Eternal Sleep"],
        step="play",
    )
    play(s, "brew:Elixir of Fire")
    assert len(s.collected[0]) == 1 and names(s, s.desk) == ["Emanation of Authority"]


def test_a_three_element_desk_card_gives_any_one_of_its_elements() -> None:
    # M8: the Supreme Elixir on the Desk gives the Ether Waves.
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Supreme Elixir", "Potion of Eternal Sleep"],
        step="play",
    )
    play(s, "brew:Elixir of Fire")
    assert s.scores[0] == 2 and s.desk == []


def test_a_three_element_desk_card_gives_only_one_element_at_a_time() -> None:
    # Emanation of Authority needs Quintessence of Will and Spring Water: the Supreme Elixir can
    # give only one of them, so it is not enough with nothing else.
    s = game()
    arrange(s, 0, hands={0: ["Emanation of Authority"]}, desk=["Supreme Elixir"], step="play")
    assert ids_of(s, "brew:") == []


def test_copies_with_different_elements_are_different_plays() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Telepathic Remedy/Astral Energy", "Telepathic Remedy/Ether Waves"]},
        desk=[
            "Love Potion",
            "Infusion of Prophecy",
            "Isidas Mortum",
            "Elixir of Strength",
            "Elixir of Fidelity",
        ],
        step="play",
    )
    assert ids_of(s, "brew:") == [
        "brew:Telepathic Remedy/Astral Energy",
        "brew:Telepathic Remedy/Ether Waves",
    ]
