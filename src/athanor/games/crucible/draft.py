"""Setting up a mission: the deal, the Sponge, the task draft and the discipline draft."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option, ResponseWindow
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import ALL_CARDS, DECK_SIZE, DUAL, NAME, by_suit, plural
from athanor.games.crucible.disciplines import DISCIPLINES, ORDER
from athanor.games.crucible.judge import review
from athanor.games.crucible.reaction import Reaction

if TYPE_CHECKING:
    from athanor.games.crucible.rules import CrucibleState


def begin(s: CrucibleState) -> None:
    """Deal the cards and the disciplines, find the Lead Alchemist, reveal the tasks."""
    n = s.players
    m = s.mission
    special = f" Special rule: {m.special_text}." if m.special else ""
    s.say(
        "setup",
        f"Mission {m.number}, {m.name}, for {n} alchemists: Cauldron Limit {m.cauldron_limit}, "
        f"Transmutation Target {m.transmutation_target}, the lab is lost at "
        f"{plural(m.slag_cap, 'slag token')}, {plural(m.tasks, 'task')} to draft.{special}",
    )
    deck = list(ALL_CARDS)
    s.rng.shuffle(deck)
    k = DECK_SIZE // n
    for seat in range(n):
        s.hands[seat] = sorted(deck[seat * k : (seat + 1) * k])
    s.out = sorted(deck[n * k :])
    left = len(s.out)
    s.say(
        "setup",
        f"Each alchemist is dealt {plural(k, 'card')}"
        + (
            f"; {plural(left, 'card')} {'is' if left == 1 else 'are'} left out of play, unseen."
            if left
            else "."
        ),
    )
    if s.log is not None:  # the hands in words only for a game that keeps them
        for seat in range(n):
            s.say(
                "deal",
                f"{s.names[seat]} picks up {plural(k, 'card')}.",
                [(seat, f"Your hand: {by_suit(s.hands[seat])}.")],
            )
    # The Lead Alchemist holds Catalyst 4, or else the highest Catalyst dealt (C2).
    lead, top = 0, -1
    for c in range(DECK_SIZE - 1, DUAL - 1, -1):
        holder = next((seat for seat in range(n) if c in s.hands[seat]), -1)
        if holder >= 0:
            lead, top = holder, c
            break
        s.known[c] = 1  # a higher Catalyst nobody holds is known to be out of play
    s.known[top] = 1
    s.lead_alch = s.leader = lead
    if top == DECK_SIZE - 1:
        s.act(lead, "hold", "holds", " Catalyst 4: the Lead Alchemist.", kind="setup")
    else:
        s.act(
            lead,
            "hold",
            "holds",
            f" the highest Catalyst dealt, {NAME[top]}, since nobody holds Catalyst 4: the "
            "Lead Alchemist.",
            kind="setup",
        )
    # Disciplines: two dealt to each alchemist, one to keep (the rest stay unseen).
    keys = list(ORDER)
    s.rng.shuffle(keys)
    for seat in range(n):
        s.disc_hand[seat] = keys[2 * seat : 2 * seat + 2]
        a, b = (DISCIPLINES[x].name for x in s.disc_hand[seat])
        s.say(
            "deal",
            f"{s.names[seat]} is dealt two discipline cards.",
            [(seat, f"You are dealt two disciplines: the {a} and the {b}.")],
        )
    s.disc_undealt = keys[2 * n :]
    # Tasks, revealed face up; one the table could not draft without losing at once is set
    # aside and the next one revealed instead (C38).
    order = [(lead + i) % n for i in range(n)]
    pool = list(tk.ORDER)
    s.rng.shuffle(pool)
    s.revealed = []
    for tid in pool:
        if len(s.revealed) == m.tasks:
            break
        if can_be_drafted(s, [*s.revealed, tid], order):
            s.revealed.append(tid)
    s.say(
        "setup",
        ("The task revealed: " if len(s.revealed) == 1 else "The tasks revealed: ")
        + " ".join(tk.TASKS[t].text for t in s.revealed),
    )
    s.stack.append(Reaction())
    s.stack.append(DisciplineDraft(list(order)))
    s.stack.append(TaskDraft(list(order)))
    if m.special == "sponge":
        s.stack.append(SpongeWindow(list(order)))


def can_be_drafted(s: CrucibleState, tids: list[str], order: list[int]) -> bool:
    """Whether the table could claim these tasks, in the draft's turns, so that no task is
    certainly impossible for the one who takes it when the drafts end (C38).

    The draft has ``s.mission.tasks`` picks; pick ``i`` belongs to ``order[i % n]``. A task
    counts as possible for a seat when the judge would not call it impossible with the cards
    as dealt and any discipline dealt still to keep. In mission 11 any alchemist may become
    the Sponge; in mission 3 no task judged at the end may be claimed before one that
    completes during play (C13).
    """
    picks = [order[i % len(order)] for i in range(s.mission.tasks)]
    sponges = range(s.players) if s.mission.special == "sponge" else [s.sponge]
    in_order = s.mission.special == "in-order"
    reach = tk.Reach(s)
    was = s.sponge
    try:
        for sponge in sponges:
            s.sponge = sponge
            fits = [{seat for seat in set(picks) if _possible(s, tid, seat, reach)} for tid in tids]
            cuts = range(len(picks) + 1) if in_order else [len(picks)]
            for cut in cuts:
                slots = [
                    [
                        i
                        for i, seat in enumerate(picks)
                        if seat in fit and (not in_order or (i >= cut) == tk.TASKS[tid].at_end)
                    ]
                    for tid, fit in zip(tids, fits, strict=True)
                ]
                if has_matching(slots):
                    return True
    finally:
        s.sponge = was
    return False


def _possible(s: CrucibleState, tid: str, seat: int, reach: tk.Reach) -> bool:
    d = tk.TASKS[tid]
    return not d.broken(s, seat) and not d.impossible(s, seat, reach)


def has_matching(slots: list[list[int]]) -> bool:
    """Whether every task can have a slot of its own among those listed for it (a
    bipartite matching)."""
    owner: dict[int, int] = {}

    def place(task: int, seen: set[int]) -> bool:
        for slot in slots[task]:
            if slot in seen:
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = task
                return True
        return False

    return all(place(task, set()) for task in range(len(slots)))


@dataclass
class SpongeWindow(ResponseWindow):
    """Mission 11: starting with the Lead Alchemist, anyone may volunteer as the Sponge; if
    nobody does, the last alchemist asked becomes the Sponge (C12)."""

    def eligible(self, state: Any, seat: int) -> bool:
        s: CrucibleState = state
        return s.sponge < 0

    def responses(self, state: Any, seat: int) -> list[Option]:
        return [
            Option(
                "volunteer", "Volunteer as the Sponge: win no Catalyze trick and lead no Transmute"
            )
        ]

    def prompt(self, state: Any, seat: int) -> str:
        last = ""
        if self.pos == len(self.order) - 1:
            last = " (if you pass too, you will be the Sponge)"
        return f"Will you be the Sponge this mission?{last}"

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        s: CrucibleState = state
        s.sponge = seat
        s.act(seat, "volunteer", "volunteers", " as the Sponge.", kind="setup")

    def close(self, state: Any) -> None:
        s: CrucibleState = state
        if s.sponge < 0:
            s.sponge = self.order[-1]
            s.act(s.sponge, "are", "is", " the Sponge, as nobody volunteered.", kind="setup")


def task_option(tid: str) -> Option:
    """The option to claim a task."""
    t = tk.TASKS[tid]
    return Option(f"task:{tid}", f"{t.words} ({t.category}; {t.timing})")


@dataclass
class TaskDraft(Frame):
    """Starting with the Lead Alchemist, each in turn claims one revealed task until none
    is left; the last task goes to whoever's turn it is without a question."""

    order: list[int]
    pos: int = 0

    def run(self, state: Any) -> Decision | None:
        s: CrucibleState = state
        if not s.revealed:
            s.stack.pop()
            return None
        seat = self.order[self.pos % len(self.order)]
        if len(s.revealed) == 1:
            self._take(s, seat, s.revealed[0], last=True)
            return None
        opts = tuple(task_option(t) for t in s.revealed)
        prompt = f"Claim a task ({plural(len(s.revealed), 'task')} left)"
        return Decision(seat, prompt, opts)

    def choose(self, state: Any, option_id: str) -> None:
        s: CrucibleState = state
        self._take(s, self.order[self.pos % len(self.order)], option_id[5:], last=False)

    def _take(self, s: CrucibleState, seat: int, tid: str, last: bool) -> None:
        s.revealed.remove(tid)
        s.tasks.append([tid, seat, tk.OPEN])
        if last and s.mission.tasks == 1:
            what = " it."  # the only task, named by the line just before
        else:
            what = f" {'the last task' if last else 'a task'}: {tk.TASKS[tid].text}"
        s.act(seat, "take", "takes", what, kind="setup")
        self.pos += 1


@dataclass
class DisciplineDraft(Frame):
    """Starting with the Lead Alchemist, each keeps one of their two disciplines; the kept one
    is shown to all, the other stays secret (C9)."""

    order: list[int]
    pos: int = 0

    def run(self, state: Any) -> Decision | None:
        s: CrucibleState = state
        if self.pos >= len(self.order):
            s.stack.pop()  # "Reaction 1: ... leads." comes next
            review(s)
            return None
        seat = self.order[self.pos]
        opts = tuple(
            Option(f"keep:{k}", f"Keep the {DISCIPLINES[k].name}: {DISCIPLINES[k].text}")
            for k in s.disc_hand[seat]
        )
        return Decision(seat, "Keep one discipline for this mission", opts)

    def choose(self, state: Any, option_id: str) -> None:
        s: CrucibleState = state
        seat = self.order[self.pos]
        key = option_id[5:]
        s.seal()  # the table learns which of two hidden cards was kept
        s.disc[seat] = key
        s.disc_hand[seat] = [k for k in s.disc_hand[seat] if k != key]
        d = DISCIPLINES[key]
        # The keeper has just read its words in the option.
        s.say(
            "setup",
            f"{s.names[seat]} keeps the {d.name}: {d.text}",
            [(seat, f"You keep the {d.name}.")],
        )
        self.pos += 1
