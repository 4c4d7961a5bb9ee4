"""A task is judged impossible only when it is: the cards in the cauldron count as well as
the hands (ruling C37). A task can be judged in the middle of a reaction (after a Seer swap),
when the card it needs lies in the cauldron, where it can still be won, or, in a Transmute,
come back to its hand. Each kind of task that can become impossible is tested with the card
it needs in the cauldron."""

from __future__ import annotations

from athanor.games.crucible import tasks as tk
from athanor.games.crucible.judge import review
from athanor.games.crucible.missions import TRANSMUTE_LIMIT
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import pick, play, table


def status(s: CrucibleState, tid: str) -> str:
    return str(next(t[2] for t in s.tasks if t[0] == tid))


def still_open(s: CrucibleState, tid: str) -> None:
    review(s)  # as after a Seer swap in the middle of the reaction
    assert not s.outcome, s.detail
    assert status(s, tid) == tk.OPEN


def no_flips(s: CrucibleState) -> CrucibleState:
    """No Transmute can succeed any more, so no card in hand can turn into another suit."""
    s.transmutes = TRANSMUTE_LIMIT
    return s


def test_a_seer_swap_mid_reaction_leaves_the_mandrake_in_the_cauldron_to_be_won() -> None:
    # The case: Bo's Mandrake 2 is the last Mandrake, and it lies in the cauldron.
    # Cy takes "Win at least one Mandrake" with the Seer before playing, then wins the trick.
    s = no_flips(
        table(
            "S1 B1",
            "M2 B2",
            "S9 B3",
            tasks=[("win-mandrake", 0), ("zero-quicksilver", 2)],
            disciplines=["", "", "seer"],
        )
    )
    pick(s, "catalyze")
    play(s, "S1", "M2")
    pick(s, "use:seer", "mine:zero-quicksilver", "theirs:win-mandrake")
    assert not s.outcome, s.detail  # before the fix: lost, "no card that can show Mandrake"
    play(s, "S9")
    assert s.tasks[0] == ["win-mandrake", 2, tk.DONE]


def test_a_suit_task_counts_the_cauldron() -> None:
    s = no_flips(table("S1 B1", "M2 B2", "S9 B3", tasks=[("win-mandrake", 2)]))
    pick(s, "catalyze")
    play(s, "S1", "M2")
    still_open(s, "win-mandrake")


def test_a_rank_task_counts_the_cauldron() -> None:
    for tid, card in (("win-nine", "M9"), ("win-one", "M1"), ("win-catalyst", "C1")):
        s = no_flips(table("S1 B4", f"{card} B2", "S9 B3", tasks=[(tid, 2)]))
        pick(s, "catalyze")
        play(s, "S1", card)
        still_open(s, tid)


def test_a_combo_counts_the_card_already_in_the_cauldron() -> None:
    # One Mandrake is in the cauldron (Bo's); Cy still holds the other.
    s = no_flips(table("S1 B1", "M2 B2", "M5 B3", tasks=[("two-mandrake", 2)]))
    pick(s, "catalyze")
    play(s, "S1", "M2")
    still_open(s, "two-mandrake")
    s = no_flips(table("C1 B1", "C2 B2", "S9 B3", tasks=[("two-catalysts", 2)]))
    pick(s, "catalyze")
    play(s, "C1", "C2")
    still_open(s, "two-catalysts")


def test_a_seat_s_last_card_in_the_cauldron_can_still_win_the_trick() -> None:
    # Ana's hand is empty: her Salt 9 in the cauldron can still win this last trick.
    for tid in ("win-salt", "first-trick", "tricks-1", "more-than-lead"):
        s = table("S9", "S1", "S2", tasks=[(tid, 0)], lead_alch=1)
        s.transmutes = TRANSMUTE_LIMIT
        pick(s, "catalyze")
        play(s, "S9")
        assert not s.hands[0]
        still_open(s, tid)


def test_a_transmute_in_progress_keeps_its_players_transmute_tasks_alive() -> None:
    for tid in ("fizzle", "transmute-high", "transmute-low"):
        s = table("S9", "S1 B1", "S2 B2", tasks=[(tid, 0)])
        pick(s, "transmute")
        play(s, "S9")
        assert not s.hands[0]  # Ana's only card is in the Transmute in progress
        still_open(s, tid)


def test_a_card_in_a_transmute_may_come_back_for_the_last_trick() -> None:
    s = table("S9", "S1 B1", "S2 B2", tasks=[("last-trick", 0)])
    pick(s, "transmute")
    play(s, "S9")
    still_open(s, "last-trick")
    # In a Catalyze it cannot: the others have cards left for later tricks.
    s = table("S9", "S1 B1", "S2 B2", tasks=[("last-trick", 0)])
    pick(s, "catalyze")
    play(s, "S9")
    review(s)
    assert s.outcome == "impossible-task"


def test_a_boil_over_can_still_come_from_a_card_in_the_cauldron() -> None:
    s = table("S9", "S8 B1", "S7 B2", tasks=[("one-boil", 0)])
    pick(s, "catalyze")
    play(s, "S9")
    still_open(s, "one-boil")


def test_with_nothing_in_the_cauldron_an_empty_hand_still_rules_a_task_out() -> None:
    # The cauldron counts only while the reaction is in progress: once it is resolved,
    # the same empty hand is judged as before.
    s = no_flips(table("S9", "S1 B1", "S2 B2", tasks=[("tricks-2", 0)]))
    pick(s, "catalyze")
    play(s, "S9", "S1", "S2")
    assert s.outcome == "impossible-task"
