"""Judging the tasks and the mission's extra goals, after every step that can change them.

``review`` runs after the task draft, the discipline draft, every reaction and
every Seer swap: it completes what is done, and loses the mission the moment a
task can certainly no longer be done. ``end_mission`` judges what is left once
every hand is empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from athanor.games.crucible import tasks as tk

if TYPE_CHECKING:
    from athanor.games.crucible.rules import CrucibleState

Why = str | None


def _transmute_met(s: CrucibleState) -> bool:
    return s.transmutes > 0


def _equilibrium_met(s: CrucibleState) -> bool:
    return s.eq22 and s.eq18


def _equilibrium_impossible(s: CrucibleState) -> Why:
    if not s.eq18 and not s.can_declare_transmute():
        return "no Transmute totalling exactly 18 can be played any more"
    if not s.eq22 and s.highest_reachable_limit() < 22:
        return "no Catalyze can total 22"
    return None


# special rule key -> (met at the end, certainly impossible now, words for the goal)
GOALS: dict[str, tuple[Callable[[CrucibleState], bool], Callable[[CrucibleState], Why], str]] = {
    "transmute": (_transmute_met, lambda s: None, "a successful Transmute"),
    "equilibrium": (
        _equilibrium_met,
        _equilibrium_impossible,
        "a Catalyze of exactly 22 and a Transmute of exactly 18",
    ),
}


def _whose(s: CrucibleState, seat: int, viewer: int | None) -> str:
    """'your' for the owner, 'Ana's' for everyone else."""
    return "your" if seat == viewer else s.names[seat] + "'s"


def _complete(s: CrucibleState, task: list[Any]) -> None:
    task[2] = tk.DONE
    seat: int = task[1]
    text = tk.TASKS[task[0]].text
    s.say(
        "task",
        f"{s.names[seat]}'s task is complete: {text}",
        [(seat, f"Your task is complete: {text}")],
    )


def _lose_task(s: CrucibleState, task: list[Any], cause: str, what: str) -> None:
    """Lose the mission over one task: ``what`` follows the task's words."""
    task[2] = tk.FAILED
    seat: int = task[1]
    words = tk.TASKS[task[0]].words
    s.lose(cause, lambda viewer: f'{_whose(s, seat, viewer)} task "{words}" {what}', [seat])


def _fail(s: CrucibleState, task: list[Any], why: str, cause: str) -> None:
    _lose_task(s, task, cause, f"can no longer be done ({why})")


def review(s: CrucibleState) -> None:
    """Complete what is done; lose at once if a task or goal is certainly out of reach."""
    if s.outcome:
        return
    in_order = s.mission.special == "in-order"
    reach: tk.Reach | None = None
    earlier_open = False
    for task in s.tasks:
        if task[2] != tk.OPEN:
            continue
        d = tk.TASKS[task[0]]
        owner = task[1]
        why = d.broken(s, owner)
        if why:
            _fail(s, task, why, "impossible-task")
            return
        if not d.at_end and d.met(s, owner):
            if in_order and earlier_open:
                _lose_task(
                    s,
                    task,
                    "mission-goal",
                    "was completed before an earlier task in the draft order",
                )
                return
            _complete(s, task)
            continue
        if reach is None:
            reach = tk.Reach(s)
        why = d.impossible(s, owner, reach)
        if why:
            _fail(s, task, why, "impossible-task")
            return
        earlier_open = True
    if in_order:
        why = _order_impossible(s)
        if why:
            s.lose("mission-goal", why)
            return
    goal = GOALS.get(s.mission.special)
    if goal is not None:
        why = goal[1](s)
        if why:
            s.lose("mission-goal", f"the mission also needs {goal[2]}, but {why}")


def _order_impossible(s: CrucibleState) -> Why:
    """In draft order, an open task judged at the end before an open task that completes
    during play can never be done in order (the later one would finish first) (C13)."""
    end_task: str | None = None
    for task in s.tasks:
        if task[2] != tk.OPEN:
            continue
        d = tk.TASKS[task[0]]
        if d.at_end:
            end_task = end_task or d.words
        elif end_task is not None:
            return (
                f'"{d.words}" would be completed before "{end_task}", which is judged only at '
                "the end but was drafted earlier"
            )
    return None


def end_mission(s: CrucibleState) -> None:
    """Every hand is empty: judge the tasks still open, then the extra goal."""
    s.finished = True
    s.say("end", "The last ingredient has left play: the mission is over.")
    for task in s.tasks:
        if task[2] != tk.OPEN:
            continue
        d = tk.TASKS[task[0]]
        if d.met(s, task[1]):
            _complete(s, task)
        else:
            _lose_task(s, task, "unfinished-tasks", "was not completed")
            return
    goal = GOALS.get(s.mission.special)
    if goal is not None and not goal[0](s):
        s.lose("mission-goal", f"the mission also needed {goal[2]}")
        return
    s.win()
