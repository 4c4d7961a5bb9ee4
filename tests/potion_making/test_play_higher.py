"""Play type 3: a higher recipe from collected recipes, yours or others', plus Desk elements;
the robbed players score half the new recipe's points (M11, M12)."""

from pathlib import Path

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, names, play

DATA = Path(__file__).parents[2] / "src/athanor/games/potion_making/data/cards.tsv"


def test_a_higher_recipe_from_your_own_collected_recipe_and_a_desk_element() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Powder of Truth"]},
        desk=["Polyglotum Potion", "Isidas Mortum"],  # Snake's Eye from Isidas Mortum
        collected={
            0: [("Elixir of Knowledge", [], ["Potion of Eternal Sleep", "Elixir of Oblivion"])]
        },
        step="play",
    )
    play(s, "brew:Powder of Truth")
    assert s.scores == [4, 0]
    [r] = s.collected[0]
    assert s.card(r).name == "Powder of Truth"
    rs, es = s.under[r]
    assert names(s, rs) == ["Elixir of Knowledge"] and names(s, es) == ["Isidas Mortum"]
    # The reused recipe's own elements go back to the Desk.
    assert sorted(names(s, s.desk)) == [
        "Elixir of Oblivion",
        "Polyglotum Potion",
        "Potion of Eternal Sleep",
    ]


def test_taking_another_players_recipe_pays_them_half_the_new_recipes_points() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength"], 1: ["Elixir of Secret Sight"]},
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 3]
    assert s.collected[1] == []
    assert "Bo scores 3 points" in log_text(s, 0)


def test_the_robbed_player_is_named_in_the_option() -> None:
    s = game(players=3)
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={
            0: ["Elixir of Strength"],
            1: ["Elixir of Secret Sight"],
            2: ["Elixir of Secret Sight"],
        },
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    d = s.decision
    assert d is not None and d.seat == 0
    labels = [o.label for o in d.options]
    assert labels == [
        "Bo's Elixir of Secret Sight: they score 3 points",
        "Cy's Elixir of Secret Sight: they score 3 points",
    ]
    play(s, d.ids[1])
    assert s.scores == [6, 0, 3]


def test_two_recipes_taken_from_one_player_pay_them_once() -> None:
    # M12: half the new recipe's points to each robbed player, once per play.
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={1: ["Elixir of Strength", "Elixir of Secret Sight"]},
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 3]


def test_recipes_taken_from_two_players_pay_each_of_them() -> None:
    s = game(players=3)
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={1: ["Elixir of Strength"], 2: ["Elixir of Secret Sight"]},
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 3, 3]


def test_half_points_are_rounded_down(tmp_path: Path) -> None:
    # M11: with a card file in which the Great Elixir of Might is worth 7, the robbed get 3.
    text = DATA.read_text().replace(
        "Great Elixir of Might\trecipe\t6", "Great Elixir of Might\trecipe\t7"
    )
    f = tmp_path / "cards.tsv"
    f.write_text(text)
    s = game(cards=str(f))
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength"], 1: ["Elixir of Secret Sight"]},
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [7, 3]


def test_the_used_recipe_goes_under_the_new_one_and_others_components_to_the_desk() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={
            0: ["Elixir of Strength"],
            1: [("Elixir of Secret Sight", [], ["Isidas Mortum", "Elixir of Invisibility"])],
        },
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    [r] = s.collected[0]
    assert sorted(names(s, s.under[r][0])) == ["Elixir of Secret Sight", "Elixir of Strength"]
    assert sorted(names(s, s.desk)) == ["Elixir of Invisibility", "Isidas Mortum"]


def test_a_choice_of_two_named_recipes() -> None:
    # Banshee takes a Powder of Incorporeality (or, with the University, a Powder of Life).
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Banshee"]},
        collected={0: ["Powder of Life", "Emanation of Authority"]},
        step="second",
    )
    play(s, "brew:Banshee")
    assert s.scores[0] == 8


def test_the_supreme_elixir_takes_any_two_great_elixirs() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        collected={0: ["Great Elixir of Omen"], 1: ["Great Elixir of Insight", "Love Potion"]},
        step="play",
    )
    play(s, "brew:Supreme Elixir")
    assert s.scores == [10, 5]


def test_two_recipes_that_are_not_great_elixirs_do_not_make_a_supreme_elixir() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        collected={0: ["Great Elixir of Omen", "Talisman Palantirium"]},
        step="play",
    )
    assert ids_of(s, "brew:") == []


def test_aqua_regis_may_be_an_ingredient_of_the_supreme_elixir() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        collected={0: ["Great Elixir of Omen", "Aqua Regis"]},
        step="third",
    )
    play(s, "brew:Supreme Elixir")
    assert s.scores[0] == 10


def test_smaragdium_and_kibalion_may_be_ingredients_of_the_great_talisman_of_magic() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={0: ["Great Talisman of Magic"]},
        collected={0: ["Talisman Smaragdium", "Talisman of Kibalion"]},
        step="third",
    )
    play(s, "brew:Great Talisman of Magic")
    assert s.scores[0] == 10


def test_the_talisman_of_sorcery_is_not_a_talisman_for_the_great_talisman() -> None:
    # M26: classes are data; the University's Talisman of Sorcery is not in the class.
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Great Talisman of Magic"]},
        collected={0: ["Talisman of Sorcery", "Talisman Palantirium"]},
        step="third",
    )
    assert ids_of(s, "brew:") == []


def test_the_last_step_of_a_sequence_cannot_be_an_ingredient() -> None:
    s = game("guild")
    s.seq_card[1] = 0
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength"]},
        seqs={1: {2: ["Elixir of Rubedo", "Elixir of Oblivion", "Elixir of Secret Sight"]}},
        step="third",
    )
    assert ids_of(s, "brew:") == []


def test_an_ingredient_may_come_from_a_sequence_step_that_is_not_the_last() -> None:
    s = game("guild")
    s.seq_card[1] = 2  # Red Tincture: Sequence 1 starts Elixir of Fire, Elixir of Fidelity
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Rebirth"]},
        collected={0: ["Elixir of Eternal Youth"]},
        seqs={1: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        step="third",
    )
    play(s, "brew:Great Elixir of Rebirth")
    assert s.scores == [6, 3]
    assert s.seqs[1][0][0] == -2 and len(s.seqs[1][0]) == 2


def test_nothing_is_asked_when_only_one_recipe_fits() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength", "Elixir of Secret Sight"]},
        step="play",
    )
    play(s, "brew:Great Elixir of Might")
    seat, _ = asking(s)
    assert seat == 1  # Bo's turn already
