"""Spell of Athanor (M24): collect a recipe card from the Desk without points, and put a recipe
card from your hand on the Desk."""

from tests.potion_making.helpers import arrange, game, ids_of, log_text, names, play

A = "Spell of Athanor/Mushrooms"


def test_athanor_collects_a_desk_recipe_and_puts_a_hand_recipe_on_the_desk() -> None:
    s = game("guild")
    arrange(
        s, 0, hands={0: [A, "Love Potion", "Isidas Mortum"]}, desk=["Supreme Elixir"], step="third"
    )
    play(s, f"spell:{A}", "hand:Love Potion")
    assert names(s, s.collected[0]) == ["Supreme Elixir"]
    assert sorted(names(s, s.desk)) == ["Love Potion", "Spell of Athanor"]
    assert s.scores[0] == 0 and s.under == {}
    assert (
        "Ana collects the Supreme Elixir from the Desk without points and puts a Love Potion "
        "from their hand on the Desk." in log_text(s, 1)
    )
    assert (
        "You collect the Supreme Elixir from the Desk without points and put a Love Potion "
        "from your hand on the Desk." in log_text(s, 0)
    )


def test_athanor_cannot_take_back_the_card_it_puts_down() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [A, "Love Potion"]}, desk=["Elixir of Fire"], step="third")
    play(s, f"spell:{A}")
    assert names(s, s.collected[0]) == ["Elixir of Fire"]
    assert sorted(names(s, s.desk)) == ["Love Potion", "Spell of Athanor"]


def test_athanor_needs_a_recipe_on_the_desk_and_one_in_the_hand() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [A, "Spell of Knowledge"]}, desk=["Elixir of Fire"], step="third")
    assert f"spell:{A}" not in ids_of(s, "spell:")
    s = game("guild")
    arrange(s, 0, hands={0: [A, "Love Potion"]}, desk=["Spell of Knowledge"], step="third")
    assert ids_of(s, "spell:") == []


def test_the_collected_desk_recipe_can_then_be_a_sequence_step() -> None:
    s = game("guild")
    s.seq_card[0] = 2  # Red Tincture: step 1 is the Elixir of Fire
    arrange(s, 0, hands={0: [A, "Love Potion"]}, desk=["Elixir of Fire"], step="second")
    play(s, f"spell:{A}", "step:1")
    assert s.scores[0] == 2 and names(s, s.seqs[0][0]) == ["Elixir of Fire"]
