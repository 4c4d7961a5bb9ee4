"""What every spell shares (M19, M21, M22): it is shown, resolved, lies on the Desk as its
element without a point, and another play follows in the same phase; it may be cast only when
it can do something."""

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, play

K = "Spell of Knowledge/Mushrooms"


def test_a_spell_is_followed_by_another_play_in_the_same_turn() -> None:
    s = game()
    arrange(s, 0, hands={0: [K, "Love Potion"]}, desk=["Elixir of Fire"], step="play")
    play(s, f"spell:{K}")
    seat, ids = asking(s)
    assert seat == 0 and "lay:Love Potion" in ids
    d = s.decision
    assert d is not None and d.prompt == "Make another play after your spell"


def test_the_spell_lies_on_the_desk_as_its_element_without_a_point() -> None:
    s = game()
    arrange(s, 0, hands={0: [K, "Love Potion"]}, desk=["Elixir of Fire"], step="play")
    play(s, f"spell:{K}")
    assert s.card(s.desk[-1]).name == "Spell of Knowledge" and s.scores[0] == 0
    text = log_text(s, 1)
    # Said once, when it is cast: no second sentence when it gets there.
    assert "Ana casts the Spell of Knowledge, which then lies on the Desk as Mushrooms." in text
    assert "goes to the Desk" not in text


def test_a_spell_may_follow_a_spell() -> None:
    s = game()
    k2 = "Spell of Knowledge/Belladonna"
    arrange(s, 0, hands={0: [K, k2]}, desk=["Elixir of Fire", "Love Potion"], step="play")
    play(s, f"spell:{K}", "desk:Elixir of Fire")
    assert ids_of(s, "spell:") == [f"spell:{k2}"]


def test_after_a_spell_in_the_second_phase_the_next_play_is_not_a_draw() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [K, "Love Potion"]}, desk=["Elixir of Fire"], step="second")
    assert ids_of(s, "draw:")
    play(s, f"spell:{K}")
    assert ids_of(s, "draw:") == [] and s.phase == "second"
    play(s, "lay:Love Potion")
    assert s.phase == "third"


def test_a_spell_that_can_do_nothing_cannot_be_cast_but_can_be_laid() -> None:
    s = game()
    arrange(s, 0, hands={0: [K]}, desk=["Spell of Destruction"], step="play")
    assert ids_of(s, "spell:") == [] and ids_of(s, "lay:") == [f"lay:{K}"]


def test_a_spell_cast_with_the_last_card_ends_the_phase_when_nothing_is_left() -> None:
    s = game()
    arrange(s, 0, hands={0: [K]}, desk=["Elixir of Fire"], step="play")
    play(s, f"spell:{K}")
    # The Elixir of Fire came to Ana's hand: she plays it.
    assert ids_of(s, "lay:") == ["lay:Elixir of Fire"]
