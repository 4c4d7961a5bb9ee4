"""Every one of the 40 tasks: completed, failed, and found certainly impossible early.

Each scenario builds the exact table (a record carried over from earlier reactions is set
directly, as the rulebook's "record" is what a task watches) and plays the reactions out.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import LETTERS, SUITS
from athanor.games.crucible.judge import review
from athanor.games.crucible.missions import TRANSMUTE_LIMIT
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import catalyze, pick, table, transmute

Scenario = Callable[[], None]
COMPLETED: dict[str, Scenario] = {}
FAILED: dict[str, Scenario] = {}
IMPOSSIBLE: dict[str, Scenario] = {}


def status(s: CrucibleState, tid: str) -> str:
    return str(next(t[2] for t in s.tasks if t[0] == tid))


def done_and_won(s: CrucibleState, tid: str) -> None:
    assert status(s, tid) == tk.DONE
    assert s.outcome == "won", s.detail


def done_in_play(s: CrucibleState, tid: str) -> None:
    assert status(s, tid) == tk.DONE
    assert not s.outcome


def lost(s: CrucibleState, tid: str) -> None:
    assert status(s, tid) == tk.FAILED, s.tasks
    assert s.outcome in ("impossible-task", "unfinished-tasks"), s.outcome


def lost_early(s: CrucibleState, tid: str) -> None:
    """Lost the moment the task became impossible, with cards still to play."""
    assert status(s, tid) == tk.FAILED, s.tasks
    assert s.outcome == "impossible-task", s.outcome
    assert any(s.hands), "the loss should come before the mission's end"


def seer_swap_into(tid: str, record: Callable[[CrucibleState], None]) -> None:
    """Ana, whose record already breaks ``tid``, takes it from Bo with the Seer: it fails at
    once (the task checks its new owner's whole record)."""
    s = table(
        "B9 S1", "B1 S2", "B2 S3", tasks=[("low-trick", 0), (tid, 1)], disciplines=["seer", "", ""]
    )
    record(s)
    pick(s, "catalyze", "use:seer", "mine:low-trick", f"theirs:{tid}")
    lost_early(s, tid)


def with_record(index: int, value: int = 1) -> Callable[[CrucibleState], None]:
    def set_it(s: CrucibleState) -> None:
        s.rec[0][index] = value

    return set_it


# -- Trick Volume ------------------------------------------------------------------------


def _exactly(n: int) -> None:
    tid = f"tricks-{n}"

    def completed() -> None:
        s = (
            table("B9", "B1", "B2", tasks=[(tid, 0)])
            if n
            else table("B1", "B9", "B2", tasks=[(tid, 0)])
        )
        s.rec[0][tk.WINS] = max(n - 1, 0)
        catalyze(s, "B9", "B1", "B2") if n else catalyze(s, "B1", "B9", "B2")
        done_and_won(s, tid)

    def failed() -> None:
        s = table("B9 S1", "B1 S9", "B2 S8", tasks=[(tid, 0)])
        s.rec[0][tk.WINS] = n
        catalyze(s, "B9", "B1", "B2")
        lost_early(s, tid)

    def impossible() -> None:
        if n == 0:
            seer_swap_into(tid, with_record(tk.WINS))
            return
        ana = " ".join(["B1", "S1", "S2", "S3"][:n])
        s = table(ana, "B9 Q1 Q2 Q3 Q4", "B2 M1 M2 M3 M4", tasks=[(tid, 0)])
        catalyze(s, "B1", "B9", "B2")  # Bo wins: Ana has n - 1 cards and no trick
        lost_early(s, tid)

    COMPLETED[tid], FAILED[tid], IMPOSSIBLE[tid] = completed, failed, impossible


for _n in range(5):
    _exactly(_n)


def _five_completed() -> None:
    s = table("B9 S1", "B1 S9", "B2 S8", tasks=[("tricks-5", 0)])
    s.rec[0][tk.WINS] = 4
    catalyze(s, "B9", "B1", "B2")
    done_in_play(s, "tricks-5")


def _five_failed() -> None:
    s = table("B1", "B9", "B2", tasks=[("tricks-5", 0)])
    s.rec[0][tk.WINS] = 4
    catalyze(s, "B1", "B9", "B2")
    lost(s, "tricks-5")


def _five_impossible() -> None:
    s = table("B1 S1 S2 S3 S4", "B9 Q1 Q2 Q3 Q4", "B2 M1 M2 M3 M4", tasks=[("tricks-5", 0)])
    catalyze(s, "B1", "B9", "B2")  # 0 won, 4 cards left: 5 is out of reach
    lost_early(s, "tricks-5")


COMPLETED["tricks-5"], FAILED["tricks-5"], IMPOSSIBLE["tricks-5"] = (
    _five_completed,
    _five_failed,
    _five_impossible,
)


# -- Suit Specifics -------------------------------------------------------------------------


def _suits(suit: int) -> None:
    x = LETTERS[suit]
    zero = f"zero-{SUITS[suit].lower()}"
    win = f"win-{SUITS[suit].lower()}"

    def win_completed() -> None:
        s = table(f"{x}9", f"{x}1", f"{x}2", tasks=[(win, 0)])
        catalyze(s, f"{x}9", f"{x}1", f"{x}2")
        done_and_won(s, win)

    def win_failed() -> None:
        s = table(f"{x}1", f"{x}9", f"{x}2", tasks=[(win, 0)])
        catalyze(s, f"{x}1", f"{x}9", f"{x}2")
        lost(s, win)

    def win_impossible() -> None:
        # Every other card that shows or could flip to this suit is out of play.
        s = table(f"{x}1 C1", f"{x}9 C2", f"{x}2 C3", tasks=[(win, 0)])
        catalyze(s, f"{x}1", f"{x}9", f"{x}2")
        lost_early(s, win)

    def zero_completed() -> None:
        s = table("C4", "C1", "C2", tasks=[(zero, 0)])
        catalyze(s, "C4", "C1", "C2")
        done_and_won(s, zero)

    def zero_failed() -> None:
        s = table(f"{x}9 C1", f"{x}1 C2", f"{x}2 C3", tasks=[(zero, 0)])
        catalyze(s, f"{x}9", f"{x}1", f"{x}2")
        lost_early(s, zero)

    def zero_impossible() -> None:
        seer_swap_into(zero, with_record(suit))

    COMPLETED[win], FAILED[win], IMPOSSIBLE[win] = win_completed, win_failed, win_impossible
    COMPLETED[zero], FAILED[zero], IMPOSSIBLE[zero] = zero_completed, zero_failed, zero_impossible


for _suit in range(6):
    _suits(_suit)


# -- Rank Specifics ------------------------------------------------------------------------


def _rank(tid: str, low: str, high: str) -> None:
    """win-nine / win-one: ``high`` is the card that counts, ``low`` a plain card."""

    def completed() -> None:
        s = table("B9", "B1", "B2", tasks=[(tid, 0)])
        catalyze(s, "B9", "B1", "B2")
        done_and_won(s, tid)

    def failed() -> None:
        s = table("B8", "B9", "B1", tasks=[(tid, 0)])
        catalyze(s, "B8", "B9", "B1")
        lost(s, tid)

    def impossible() -> None:
        # Bo wins the 9 and the 1 (a 1 flips to a 9, and back): no other is in play.
        s = table("B2 C1", "B9 C2", "B1 C3", tasks=[(tid, 0)])
        catalyze(s, "B2", "B9", "B1")
        lost_early(s, tid)

    COMPLETED[tid], FAILED[tid], IMPOSSIBLE[tid] = completed, failed, impossible


_rank("win-nine", "B2", "B9")
_rank("win-one", "B2", "B1")


def _cat_completed() -> None:
    s = table("C4", "C1", "B2", tasks=[("win-catalyst", 0)])
    catalyze(s, "C4", "C1", "B2")
    done_and_won(s, "win-catalyst")


def _cat_failed() -> None:
    s = table("B1", "C4", "B2", tasks=[("win-catalyst", 0)])
    catalyze(s, "B1", "C4", "B2")
    lost(s, "win-catalyst")


def _cat_impossible() -> None:
    s = table("C1 B1", "C4 B2", "C2 B3", tasks=[("win-catalyst", 0)])  # Catalyst 3: out of play
    catalyze(s, "C1", "C4", "C2")
    lost_early(s, "win-catalyst")


def _zero_cat_completed() -> None:
    s = table("B9", "B1", "B2", tasks=[("zero-catalyst", 0)])
    catalyze(s, "B9", "B1", "B2")
    done_and_won(s, "zero-catalyst")


def _zero_cat_failed() -> None:
    s = table("C4 B1", "C1 B2", "S1 B3", tasks=[("zero-catalyst", 0)])
    catalyze(s, "C4", "C1", "S1")
    lost_early(s, "zero-catalyst")


COMPLETED["win-catalyst"], FAILED["win-catalyst"], IMPOSSIBLE["win-catalyst"] = (
    _cat_completed,
    _cat_failed,
    _cat_impossible,
)
COMPLETED["zero-catalyst"], FAILED["zero-catalyst"] = _zero_cat_completed, _zero_cat_failed
IMPOSSIBLE["zero-catalyst"] = lambda: seer_swap_into("zero-catalyst", with_record(6))


# -- Reactions & Transmutes -----------------------------------------------------------------


def _sum22_completed() -> None:
    s = table("B9", "B8", "B5", tasks=[("sum-22", 0)])
    catalyze(s, "B9", "B8", "B5")
    done_and_won(s, "sum-22")


def _sum22_failed() -> None:
    s = table("B9", "B8", "B4", tasks=[("sum-22", 0)])
    catalyze(s, "B9", "B8", "B4")  # 21
    lost(s, "sum-22")


def _sum22_impossible() -> None:
    # Mission 6: the Cauldron Limit is 18 and nobody kept the Purifier or Stabilizer.
    s = table("B9 S1", "B1 S2", "B2 S3", mission=6, tasks=[("sum-22", 0)])
    catalyze(s, "B9", "B1", "B2")
    lost_early(s, "sum-22")


COMPLETED["sum-22"], FAILED["sum-22"], IMPOSSIBLE["sum-22"] = (
    _sum22_completed,
    _sum22_failed,
    _sum22_impossible,
)


def _boil_completed() -> None:
    s = table("B7 S1", "B9 S2", "B8 S3", leader=1, tasks=[("one-boil", 0)])
    catalyze(s, "B9", "B8", "B7")  # Ana pushes it to 24
    assert s.rec[0][tk.BOILS] == 1 and s.leader == 0
    catalyze(s, "S1", "S2", "S3")
    done_and_won(s, "one-boil")


def _boil_failed() -> None:
    s = table("B7 S1", "B9 S2", "B8 S3", leader=1, tasks=[("one-boil", 0)])
    s.rec[0][tk.BOILS] = 1
    s.slag = [1, 0, 0]
    catalyze(s, "B9", "B8", "B7")
    lost_early(s, "one-boil")


def _boil_impossible() -> None:
    # Two slag tokens of three: causing one more Boil Over would destroy the lab.
    s = table("B1 S1", "B9 S2", "B8 S3", tasks=[("one-boil", 0)])
    s.slag = [0, 1, 1]
    catalyze(s, "B1", "B9", "B8")
    lost_early(s, "one-boil")


COMPLETED["one-boil"], FAILED["one-boil"], IMPOSSIBLE["one-boil"] = (
    _boil_completed,
    _boil_failed,
    _boil_impossible,
)


def _transmute_family(tid: str, ana: str, bo: str, cy: str, fizzles: bool) -> None:
    def completed() -> None:
        s = table(ana, bo, cy, tasks=[(tid, 0)])
        transmute(s, ana, bo, cy)
        assert (s.transmutes == 0) == fizzles
        if s.is_over:
            done_and_won(s, tid)
        else:
            done_in_play(s, tid)

    def failed() -> None:
        s = table("B9", "B1", "B2", tasks=[(tid, 0)])
        catalyze(s, "B9", "B1", "B2")
        lost(s, tid)

    def impossible() -> None:
        s = table("B9 S1", "B1 S2", "B2 S3", tasks=[(tid, 0)])
        s.transmutes = TRANSMUTE_LIMIT  # no Transmute may be declared any more
        catalyze(s, "B9", "B1", "B2")
        lost_early(s, tid)

    COMPLETED[tid], FAILED[tid], IMPOSSIBLE[tid] = completed, failed, impossible


_transmute_family("transmute-high", "B9", "B8", "B3", fizzles=False)
_transmute_family("transmute-low", "B3", "B9", "B8", fizzles=False)
_transmute_family("fizzle", "B3", "B2", "B1", fizzles=True)


def _lead_t_completed() -> None:
    s = table("B9 S1", "B8 S2", "B3 S3", tasks=[("lead-one-transmute", 0)])
    transmute(s, "B9", "B8", "B3")  # succeeds; Ana's 9 was the top Brimstone, so she leads
    catalyze(s, "S1", "S2", "S3")
    catalyze(s, "M7", "M1", "M2")  # Cy won the Salt trick and leads
    done_and_won(s, "lead-one-transmute")


def _lead_t_failed() -> None:
    s = table("B9 S1 S4", "B8 S2 S5", "B3 S3 S6", tasks=[("lead-one-transmute", 0)])
    s.rec[0][tk.LED_T] = 1
    transmute(s, "B9", "B8", "B3")
    lost_early(s, "lead-one-transmute")


def _lead_t_impossible() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", tasks=[("lead-one-transmute", 0)])
    s.transmutes = TRANSMUTE_LIMIT
    catalyze(s, "B9", "B1", "B2")
    lost_early(s, "lead-one-transmute")


COMPLETED["lead-one-transmute"], FAILED["lead-one-transmute"] = _lead_t_completed, _lead_t_failed
IMPOSSIBLE["lead-one-transmute"] = _lead_t_impossible


# -- Timing & Order --------------------------------------------------------------------------


def _first_completed() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", tasks=[("first-trick", 0)])
    catalyze(s, "B9", "B1", "B2")
    done_in_play(s, "first-trick")


def _first_failed() -> None:
    s = table("B1 S1", "B9 S2", "B2 S3", tasks=[("first-trick", 0)])
    catalyze(s, "B1", "B9", "B2")
    lost_early(s, "first-trick")


def _first_impossible() -> None:
    # Mission 11: Ana is the Sponge, who may win no Catalyze trick. Lost when the draft ends.
    s = table("B9 S1", "B1 S2", "B2 S3", mission=11, sponge=0, tasks=[("first-trick", 0)])
    review(s)
    lost_early(s, "first-trick")


COMPLETED["first-trick"], FAILED["first-trick"], IMPOSSIBLE["first-trick"] = (
    _first_completed,
    _first_failed,
    _first_impossible,
)


def _last_completed() -> None:
    s = table("B9", "B1", "B2", tasks=[("last-trick", 0)])
    catalyze(s, "B9", "B1", "B2")
    done_and_won(s, "last-trick")


def _last_failed() -> None:
    s = table("B1", "B9", "B2", tasks=[("last-trick", 0)])
    catalyze(s, "B1", "B9", "B2")
    lost(s, "last-trick")


def _last_impossible() -> None:
    s = table("B1", "B9 S1", "B2 S2", tasks=[("last-trick", 0)])
    catalyze(s, "B1", "B9", "B2")  # Ana has no card left for the last trick
    lost_early(s, "last-trick")


COMPLETED["last-trick"], FAILED["last-trick"], IMPOSSIBLE["last-trick"] = (
    _last_completed,
    _last_failed,
    _last_impossible,
)


def _n3_completed() -> None:
    s = table("B1 S1", "B9 S2", "B2 S3", tasks=[("none-first-three", 0)])
    s.history = [["C", 1, 10], ["B", 2, 25]]
    catalyze(s, "B1", "B9", "B2")
    done_in_play(s, "none-first-three")


def _n3_failed() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", tasks=[("none-first-three", 0)])
    s.history = [["C", 1, 10]]
    catalyze(s, "B9", "B1", "B2")  # Ana wins trick 2
    lost_early(s, "none-first-three")


def _n3_record(s: CrucibleState) -> None:
    s.history = [["C", 0, 12]]
    s.rec[0][tk.WINS] = 1


COMPLETED["none-first-three"], FAILED["none-first-three"] = _n3_completed, _n3_failed
IMPOSSIBLE["none-first-three"] = lambda: seer_swap_into("none-first-three", _n3_record)


def _after_boil_completed() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", tasks=[("after-boil", 0)])
    s.history = [["B", 0, 25]]
    s.slag = [1, 0, 0]
    catalyze(s, "B9", "B1", "B2")
    done_in_play(s, "after-boil")


def _after_boil_failed() -> None:
    s = table("B9", "B1", "B2", tasks=[("after-boil", 0)])
    catalyze(s, "B9", "B1", "B2")  # no Boil Over before it
    lost(s, "after-boil")


def _after_boil_impossible() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", tasks=[("after-boil", 0)])
    s.slag = [1, 1, 0]  # a Boil Over now would be the third: the lab is lost
    catalyze(s, "B9", "B1", "B2")
    lost_early(s, "after-boil")


COMPLETED["after-boil"], FAILED["after-boil"], IMPOSSIBLE["after-boil"] = (
    _after_boil_completed,
    _after_boil_failed,
    _after_boil_impossible,
)


# -- Comparisons (the Lead Alchemist is Bo; Bo sits to Ana's left) -------------------------


def _ending(tid: str, ana: int, bo: int, cy: int = 0) -> CrucibleState:
    """The last reaction (won by Cy) ends a mission in which Ana, Bo and Cy had won these."""
    s = table("B1", "B2", "B9", tasks=[(tid, 0)], lead_alch=1)
    s.rec[0][tk.WINS], s.rec[1][tk.WINS], s.rec[2][tk.WINS] = ana, bo, cy - 1 if cy else 0
    catalyze(s, "B1", "B2", "B9")
    return s


def _compare(tid: str, good: tuple[int, int], bad: tuple[int, int], hopeless: Scenario) -> None:
    def completed() -> None:
        done_and_won(_ending(tid, *good), tid)

    def failed() -> None:
        lost(_ending(tid, *bad), tid)

    COMPLETED[tid], FAILED[tid], IMPOSSIBLE[tid] = completed, failed, hopeless


def _bo_far_ahead(tid: str) -> Scenario:
    def hopeless() -> None:
        s = table("B1 S1 S2", "B9 Q1 Q2", "B2 M1 M2", tasks=[(tid, 0)], lead_alch=1)
        s.rec[1][tk.WINS] = 2
        catalyze(s, "B1", "B9", "B2")  # Bo 3, Ana 0 with two cards left
        lost_early(s, tid)

    return hopeless


def _ana_is_lead(tid: str) -> Scenario:
    def hopeless() -> None:
        s = table("B9 S1", "B1 S2", "B2 S3", tasks=[(tid, 0)], lead_alch=0)
        review(s)  # judged when the draft ends
        lost_early(s, tid)

    return hopeless


def _fewer_hopeless() -> None:
    s = table("B9 S1 S2", "B1", "B2 M1 M2", tasks=[("fewer-than-lead", 0)], lead_alch=1)
    s.rec[0][tk.WINS] = 1
    catalyze(s, "B9", "B1", "B2")  # Ana 2, Bo 0 with no card left
    lost_early(s, "fewer-than-lead")


_compare("more-than-lead", (2, 1), (1, 1), _bo_far_ahead("more-than-lead"))
_compare("fewer-than-lead", (0, 1), (1, 1), _fewer_hopeless)
_compare("most-tricks", (2, 1), (1, 1), _bo_far_ahead("most-tricks"))
_compare("same-as-left", (1, 1), (1, 0), _bo_far_ahead("same-as-left"))


def test_the_lead_alchemist_cannot_win_more_or_fewer_tricks_than_themselves() -> None:
    _ana_is_lead("more-than-lead")()
    _ana_is_lead("fewer-than-lead")()


# -- Combos -----------------------------------------------------------------------------------


def _combo(tid: str, trick: tuple[str, str, str], hopeless: tuple[str, str, str]) -> None:
    def completed() -> None:
        s = table(*trick, tasks=[(tid, 0)])
        catalyze(s, *trick)
        done_and_won(s, tid)

    def failed() -> None:
        s = table("B9", "S1", "M2", tasks=[(tid, 0)])
        catalyze(s, "B9", "S1", "M2")  # Ana's only trick has none of it
        lost(s, tid)

    def impossible() -> None:
        hands = tuple(f"{h} S{i + 7}" for i, h in enumerate(hopeless))
        s = table(*hands, tasks=[(tid, 0)])
        catalyze(s, "S7", "S8", "S9")
        lost_early(s, tid)

    COMPLETED[tid], FAILED[tid], IMPOSSIBLE[tid] = completed, failed, impossible


# After a first Salt trick, what is left in hand rules the combo out:
_combo("two-mandrake", ("M9", "M1", "M2"), ("M5", "Q1", "Q2"))  # one hand can show Mandrake
_combo("three-of-a-suit", ("S9", "S1", "S2"), ("M5", "Q1", "C2"))  # no suit in three hands
_combo("two-catalysts", ("C4", "C1", "B2"), ("C4", "Q1", "Q2"))  # one hand holds Catalysts


def _low_impossible() -> None:
    s = table("S9", "S7 B1", "S8 B2", tasks=[("low-trick", 0)])
    catalyze(s, "S9", "S7", "S8")  # Ana wins, but has no card left to win another
    lost_early(s, "low-trick")


_combo("low-trick", ("B5", "B1", "B2"), ("", "", ""))
IMPOSSIBLE["low-trick"] = _low_impossible


def _fix_two_mandrake_impossible() -> None:
    s = table("S9 M5", "S7 Q1", "S8 Q2", tasks=[("two-mandrake", 0)])
    catalyze(s, "S9", "S7", "S8")
    lost_early(s, "two-mandrake")


IMPOSSIBLE["two-mandrake"] = _fix_two_mandrake_impossible


# -- the tests ------------------------------------------------------------------------------


def test_there_are_forty_tasks_in_seven_categories() -> None:
    assert len(tk.TASKS) == 40
    counts: dict[str, int] = {}
    for t in tk.TASKS.values():
        counts[t.category] = counts.get(t.category, 0) + 1
    assert counts == {
        "Trick Volume": 6,
        "Suit Specifics": 12,
        "Rank Specifics": 4,
        "Reactions & Transmutes": 6,
        "Timing & Order": 4,
        "Comparisons": 4,
        "Combos": 4,
    }
    assert set(COMPLETED) == set(FAILED) == set(IMPOSSIBLE) == set(tk.TASKS)


@pytest.mark.parametrize("tid", sorted(tk.TASKS))
def test_task_completed(tid: str) -> None:
    COMPLETED[tid]()


@pytest.mark.parametrize("tid", sorted(tk.TASKS))
def test_task_failed(tid: str) -> None:
    FAILED[tid]()


@pytest.mark.parametrize("tid", sorted(tk.TASKS))
def test_task_certainly_impossible(tid: str) -> None:
    IMPOSSIBLE[tid]()


# -- impossibility is only declared when certain ----------------------------------------------


def test_a_card_that_can_still_flip_keeps_a_suit_task_alive() -> None:
    # Only Cy's Lodestone 6 can still become a Salt (flipped, it shows Salt 4).
    s = table("S1 C1", "S9 C2", "S2 L6", tasks=[("win-salt", 0)])
    catalyze(s, "S1", "S9", "S2")
    assert not s.outcome and status(s, "win-salt") == tk.OPEN


def test_once_no_transmute_can_succeed_a_card_can_no_longer_flip() -> None:
    s = table("S1 C1", "S9 C2", "S2 L6", tasks=[("win-salt", 0)])
    s.transmutes = TRANSMUTE_LIMIT
    catalyze(s, "S1", "S9", "S2")
    lost_early(s, "win-salt")


def test_a_one_can_still_flip_into_a_nine() -> None:
    s = table("B2 C1", "B9 C2", "B1 M1", tasks=[("win-nine", 0)])
    catalyze(s, "B2", "B9", "B1")  # Cy's Mandrake 1 would flip to Brimstone 9
    assert not s.outcome


def test_cards_out_of_play_do_not_keep_a_task_alive() -> None:
    s = table("Q1 C1", "Q9 C2", "Q2 C3", tasks=[("win-quicksilver", 0)])
    assert sum(1 for c in s.out if c < 9 * 2 and c >= 9) > 0  # other Quicksilver: out of play
    catalyze(s, "Q1", "Q9", "Q2")
    lost_early(s, "win-quicksilver")


def test_the_purifier_keeps_a_sum_of_22_possible_under_a_low_limit() -> None:
    s = table(
        "B9 S1",
        "B1 S2",
        "B2 S3",
        mission=6,
        tasks=[("sum-22", 0)],
        disciplines=["", "purifier", ""],
    )
    catalyze(s, "B9", "B1", "B2")
    assert not s.outcome
    s = table(
        "B9 S1",
        "B1 S2",
        "B2 S3",
        mission=6,
        tasks=[("sum-22", 0)],
        disciplines=["", "stabilizer", ""],
    )  # 18 + 3 is still under 22
    catalyze(s, "B9", "B1", "B2")
    lost_early(s, "sum-22")
