"""Spell of Transformation (M23): swap one of your collected recipes for a recipe card on the
Desk; yours goes to the Desk with its components; nobody scores."""

from tests.potion_making.helpers import arrange, game, ids_of, log_text, names, play

T = "Spell of Transformation/Bat Wing"


def test_transformation_swaps_a_collected_recipe_for_a_desk_recipe() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: [T, "Love Potion"]},
        desk=["Supreme Elixir"],
        collected={
            0: [("Elixir of Fire", [], ["Emanation of Authority", "Potion of Eternal Sleep"])]
        },
        scores=[2, 0],
        step="play",
    )
    play(s, f"spell:{T}")
    assert names(s, s.collected[0]) == ["Supreme Elixir"]
    assert sorted(names(s, s.desk)) == [
        "Elixir of Fire",
        "Emanation of Authority",
        "Potion of Eternal Sleep",
        "Spell of Transformation",
    ]
    assert s.scores == [2, 0] and s.under == {}
    assert (
        "Ana swaps their Elixir of Fire, with its components, for the Supreme Elixir on the Desk."
        in log_text(s, 1)
    )
    assert "You swap your Elixir of Fire, with its components," in log_text(s, 0)


def test_transformation_asks_which_recipe_of_yours_and_which_on_the_desk() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: [T, "Isidas Mortum"]},
        desk=["Supreme Elixir", "Basilisk"],
        collected={0: ["Elixir of Fire", "Love Potion"]},
        step="play",
    )
    play(s, f"spell:{T}")
    mine = ids_of(s, "mine:")
    assert len(mine) == 2
    play(s, mine[1])
    assert ids_of(s, "desk:") == [
        "desk:Supreme Elixir",
        "desk:Basilisk",
    ]
    play(s, "desk:Basilisk")
    assert sorted(names(s, s.collected[0])) == ["Basilisk", "Elixir of Fire"]


def test_transformation_needs_a_collected_recipe_and_a_desk_recipe() -> None:
    s = game()
    arrange(s, 0, hands={0: [T]}, desk=["Supreme Elixir"], step="play")
    assert ids_of(s, "spell:") == []
    s = game()
    arrange(
        s,
        0,
        hands={0: [T]},
        desk=["Spell of Knowledge"],
        collected={0: ["Love Potion"]},
        step="play",
    )
    assert ids_of(s, "spell:") == []


def test_transformation_does_not_reach_into_sequences() -> None:
    s = game("guild")
    s.seq_card[0] = 2
    arrange(
        s,
        0,
        hands={0: [T]},
        desk=["Supreme Elixir"],
        seqs={0: {0: ["Elixir of Fire"]}},
        step="third",
    )
    assert ids_of(s, "spell:") == []
