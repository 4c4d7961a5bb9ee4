"""Elemental Magma (M9): no point when laid; replaces any one element of a recipe, never two;
a recipe made with it pays its owner nothing when another player takes it."""

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, play

MAGMA = "Elixir of Revival"  # a University card whose bottom is Magma


def test_laying_magma_scores_nothing() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: [MAGMA]}, step="third")
    d = s.decision
    assert d is not None
    assert d.option(f"lay:{MAGMA}") is not None
    # No point is said: silence is none.
    assert d.option(f"lay:{MAGMA}").label == f"Lay {MAGMA} as Elemental Magma"  # type: ignore[union-attr]
    play(s, f"lay:{MAGMA}")
    assert s.scores[0] == 0
    assert f"Ana lays {MAGMA} as Elemental Magma." in log_text(s, 1)


def test_magma_on_the_desk_is_no_element_already_there() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, desk=[MAGMA], step="third")
    play(s, "lay:Elixir of Fire")
    assert s.scores[0] == 1


def test_magma_replaces_a_missing_element() -> None:
    s = game("guild,university")
    arrange(
        s, 0, hands={0: ["Elixir of Fire"]}, desk=["Emanation of Authority", MAGMA], step="third"
    )
    play(s, "brew:Elixir of Fire")
    assert s.scores[0] == 2
    [r] = s.collected[0]
    assert r in s.magma
    assert "with Magma" not in log_text(s, 0)  # told by the element list instead
    assert "Elixir of Revival (Elemental Magma)" in log_text(s, 0)


def test_only_one_element_of_a_recipe_may_be_magma() -> None:
    s = game("guild,university")
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, desk=[MAGMA, MAGMA], step="third")
    assert ids_of(s, "brew:") == []


def test_magma_may_be_chosen_even_when_the_element_is_there() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Emanation of Authority", "Potion of Eternal Sleep", MAGMA],
        step="third",
    )
    play(s, "brew:Elixir of Fire")
    seat, ids = asking(s)
    assert seat == 0 and f"desk:{MAGMA}" in ids
    play(s, f"desk:{MAGMA}")
    # Once Magma is used, the other element must be real: no second question.
    assert len(s.collected[0]) == 1 and s.collected[0][0] in s.magma


def test_the_owner_of_a_magma_recipe_scores_nothing_when_it_is_taken() -> None:
    # The ambiguous sentence, ruled M9: "no points", not "half".
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength"], 1: ["Elixir of Secret Sight"]},
        magma=["Elixir of Secret Sight"],
        step="third",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 0]
    assert "Bo scores 0 points" in log_text(s, 0)


def test_the_magma_mark_stays_with_a_recipe_placed_in_a_sequence() -> None:
    s = game("guild,university")
    s.seq_card[1] = 2  # Red Tincture
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Rebirth"]},
        collected={0: ["Elixir of Eternal Youth"]},
        seqs={1: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        magma=["Elixir of Fire"],
        step="third",
    )
    play(s, "brew:Great Elixir of Rebirth")
    assert s.scores == [6, 0]


def test_the_mark_goes_once_the_recipe_is_used() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={0: ["Elixir of Strength", "Elixir of Secret Sight"]},
        magma=["Elixir of Secret Sight"],
        step="third",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.magma == set()
