"""Rulings on questions the rulebook leaves open (docs/rules/crucible.md), one test each."""

from __future__ import annotations

import athanor
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import pick, play, table


def test_tied_highest_cards_in_a_transmute_both_count_as_the_highest() -> None:
    """C17."""
    s = table("B9 S1", "M9 S2", "B1 S3")  # Bo is void in Brimstone
    pick(s, "transmute")
    play(s, "B9", "M9", "B1")  # 19: succeeds
    assert s.rec[0][tk.T_HIGH] == s.rec[1][tk.T_HIGH] == 1
    assert s.rec[2][tk.T_LOW] == 1 and s.rec[2][tk.T_HIGH] == 0


def test_highest_and_lowest_are_by_the_value_each_card_adds_to_the_total() -> None:
    """C17: under Heavy Metals a Catalyst 1 adds 10, so it is the highest card."""
    s = table("B9 S1", "C1 S2", "B3 S3", mission=7)
    pick(s, "transmute")
    play(s, "B9", "C1", "B3")
    assert s.rec[1][tk.T_HIGH] == 1 and s.rec[0][tk.T_HIGH] == 0


def test_a_1_or_a_9_means_an_ingredient_card_not_a_catalyst() -> None:
    """C18."""
    s = table("C4 B5", "C1 B6", "S2 B9", tasks=[("win-one", 0)])
    pick(s, "catalyze")
    play(s, "C4", "C1", "S2")
    assert s.tasks[0][2] == tk.OPEN and s.rec[0][tk.ONES] == 0


def test_a_card_counts_as_the_face_it_showed_when_it_was_won() -> None:
    """C18: a flipped Lodestone 6 played as Salt 4 is a Salt in the score pile."""
    s = table("~S4 B1", "S1 B2", "S2 B3", tasks=[("win-salt", 0), ("zero-lodestone", 0)])
    pick(s, "catalyze")
    play(s, "S4", "S1", "S2")
    assert s.tasks[0][2] == tk.DONE and s.rec[0][5] == 0


def test_the_first_trick_is_the_first_reaction_even_if_it_is_a_transmute() -> None:
    """C19: nobody wins a Transmute, so whoever needed the first trick has lost it."""
    s = table("B9 S1", "B8 S2", "B3 S3", tasks=[("first-trick", 0)])
    pick(s, "transmute")
    play(s, "B9", "B8", "B3")
    assert s.outcome == "impossible-task"


def test_heavy_metals_counts_a_void_weavers_catalyst_as_0() -> None:
    """C24."""
    s = table("B9 S1", "C1 S2", "B3 S3", mission=7, disciplines=["", "void-weaver", ""])
    pick(s, "catalyze")
    play(s, "B9", "C1", "B3")
    assert s.history[-1][2] == 12


def test_three_of_one_suit_counts_three_catalysts() -> None:
    """C28."""
    s = table("C4 B1", "C1 B2", "C2 B3", tasks=[("three-of-a-suit", 0)])
    pick(s, "catalyze")
    play(s, "C4", "C1", "C2")
    assert s.tasks[0][2] == tk.DONE


def test_everyone_who_played_to_a_fizzled_transmute_played_a_card_that_fizzled() -> None:
    """C29."""
    s = table("B3 S1", "B2 S2", "B1 S3")
    pick(s, "transmute")
    play(s, "B3", "B2", "B1")
    assert [s.rec[i][tk.FIZZLE] for i in range(3)] == [1, 1, 1]


def test_leading_a_transmute_counts_whether_it_succeeds_or_fizzles() -> None:
    """C30."""
    s = table("B3 S1", "B2 S2", "B1 S3")
    pick(s, "transmute")
    play(s, "B3", "B2", "B1")
    assert s.rec[0][tk.LED_T] == 1


def test_the_last_revealed_task_goes_without_a_question() -> None:
    """C33."""
    g = athanor.new_game("crucible", 3, seed=1, options={"mission": 2})
    assert isinstance(g, CrucibleState)
    d = g.decision
    assert d is not None and len(d.ids) == 2
    pick(g, d.ids[0])
    assert len(g.tasks) == 2 and not g.revealed
    assert g.decision is not None and g.decision.ids[0].startswith("keep:")


def test_a_seer_swap_is_checked_against_the_new_owners_whole_record() -> None:
    """C20: a "win a Salt" task taken by an alchemist who already won a Salt is done at once."""
    s = table(
        "B9 S1",
        "B1 S2",
        "B2 S3",
        tasks=[("low-trick", 0), ("win-salt", 1)],
        disciplines=["seer", "", ""],
    )
    s.rec[0][2] = 1  # Ana won a Salt earlier
    pick(s, "catalyze", "use:seer", "mine:low-trick", "theirs:win-salt")
    assert s.tasks[1] == ["win-salt", 0, tk.DONE]


def test_the_sponge_holding_a_task_that_needs_a_win_loses_at_once() -> None:
    """C12."""
    s = table("B9 S1", "B1 S2", "B2 S3", mission=11, sponge=1, tasks=[("win-salt", 1)])
    from athanor.games.crucible.judge import review

    review(s)
    assert s.outcome == "impossible-task" and "Sponge" in s.detail
