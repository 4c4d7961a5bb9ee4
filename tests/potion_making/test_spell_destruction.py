"""Spell of Destruction (M23): break one of your collected recipes that holds collected
recipes, keeping one of them as collected; the rest goes to the Desk."""

from tests.potion_making.helpers import arrange, game, ids_of, log_text, names, play

D = "Spell of Destruction/Fern Flower"


def test_destruction_keeps_a_component_recipe_and_sends_the_rest_to_the_desk() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: [D, "Love Potion"]},
        collected={0: [("Powder of Truth", ["Elixir of Knowledge"], ["Isidas Mortum"])]},
        scores=[4, 0],
        step="play",
    )
    play(s, f"spell:{D}")
    assert names(s, s.collected[0]) == ["Elixir of Knowledge"]
    assert sorted(names(s, s.desk)) == ["Isidas Mortum", "Powder of Truth", "Spell of Destruction"]
    assert s.scores == [4, 0] and s.under == {}
    assert "Ana breaks their Powder of Truth, keeping the Elixir of Knowledge" in (log_text(s, 1))


def test_destruction_asks_which_component_to_keep() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: [D, "Love Potion"]},
        collected={
            0: [("Great Elixir of Might", ["Elixir of Strength", "Elixir of Secret Sight"], [])]
        },
        step="play",
    )
    play(s, f"spell:{D}")
    keep = ids_of(s, "keep:")
    assert len(keep) == 2
    play(s, keep[1])
    assert names(s, s.collected[0]) == ["Elixir of Secret Sight"]


def test_destruction_needs_a_recipe_made_of_recipes() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: [D]},
        collected={
            0: [("Elixir of Fire", [], ["Emanation of Authority", "Potion of Eternal Sleep"])]
        },
        step="play",
    )
    assert ids_of(s, "spell:") == []
