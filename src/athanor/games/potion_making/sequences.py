"""Great Work Sequences (the Guild of Alchemists).

Each player's Sequence card lists three Sequences of seven steps: six recipes,
then a Philosopher's Stone. A seat's progress in a Sequence is the list of its
steps so far: a card id, ``SKIP`` for a step skipped with the Spell of
Transmutation, or ``TAKEN`` where another play took the card away (M14). The
next step is always the one after the last; a step's card may come from the
hand, from any collection, or from any Sequence step but the last (M13).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option
from athanor.engine.text import plural
from athanor.games.potion_making.cards import Sequence
from athanor.games.potion_making.desk import (
    Holding,
    gift,
    gift_tail,
    holding_options,
    holding_words,
    holdings,
    locate,
    take_holding,
)
from athanor.games.potion_making.rules import SKIP

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState

RECIPE_STEPS = 6  # the seventh step is the Philosopher's Stone


def step_name(s: PotionMakingState, seat: int, j: int, index: int) -> tuple[str, int]:
    """The recipe (or Stone) and points of step ``index`` (0-6) of a seat's Sequence ``j``."""
    return s.sequence(seat, j).steps[index]


def hand_sources(s: PotionMakingState, seat: int, name: str) -> list[int]:
    """Cards in the hand with this recipe on top, one per kind."""
    out = []
    seen: set[str] = set()
    cards = s.cs.cards
    for c in s.hands[seat]:
        card = cards[c]
        if card.type.name == name and card.key not in seen:
            seen.add(card.key)
            out.append(c)
    return out


def held_sources(
    s: PotionMakingState, seat: int, j: int, name: str, hold: list[Holding]
) -> list[Holding]:
    """Collected recipes with this name that may become a step (never Universality, M10)."""
    cards = s.cs.cards
    return [
        h
        for h in hold
        if cards[h.card].type.name == name
        and cards[h.card].type.effect != "universality"
        and not (h.owner == seat and h.seq == j)
    ]


def has_source(s: PotionMakingState, seat: int, j: int, index: int, hold: list[Holding]) -> bool:
    """Whether step ``index`` of Sequence ``j`` could be placed now."""
    name = step_name(s, seat, j, index)[0]
    cards = s.cs.cards
    if any(cards[c].type.name == name for c in s.hands[seat]):
        return True
    return bool(held_sources(s, seat, j, name, hold))


def open_steps(s: PotionMakingState, seat: int, hold: list[Holding]) -> list[int]:
    """Sequences whose next recipe step can be placed now."""
    if s.seq_card[seat] < 0:
        return []
    out = []
    for j, steps in enumerate(s.seqs[seat]):
        if len(steps) < RECIPE_STEPS and has_source(s, seat, j, len(steps), hold):
            out.append(j)
    return out


def stone_ready(s: PotionMakingState, seat: int) -> list[int]:
    """Sequences whose six recipe steps are done, with their Stone in the hand (M15)."""
    if s.seq_card[seat] < 0:
        return []
    cards = s.cs.cards
    names = {cards[c].type.name for c in s.hands[seat]}
    return [
        j
        for j, steps in enumerate(s.seqs[seat])
        if len(steps) == RECIPE_STEPS and s.sequence(seat, j).stone in names
    ]


def transmutable(s: PotionMakingState, seat: int, hold: list[Holding]) -> list[int]:
    """Sequences whose next step may be skipped (M16): never the Stone, never twice in a row."""
    if s.seq_card[seat] < 0:
        return []
    out = []
    for j, steps in enumerate(s.seqs[seat]):
        n = len(steps)
        if n + 1 >= RECIPE_STEPS:
            continue
        if n >= 2 and steps[-2] == SKIP:
            continue
        if has_source(s, seat, j, n + 1, hold):
            out.append(j)
    return out


def title(s: PotionMakingState, seat: int, j: int) -> str:
    """ "the Panacea of Life Sequence 2"."""
    seq: Sequence = s.sequence(seat, j)
    return seq.title()


def place_from_hand(s: PotionMakingState, seat: int, j: int, cid: int) -> None:
    """Put a recipe card from the hand into a Sequence as its next step."""
    s.from_hand(seat, cid)
    _place(s, seat, j, cid, [])


def place_holding(s: PotionMakingState, seat: int, j: int, h: Holding) -> None:
    """Put a collected recipe into a Sequence; its components go back to the Desk (M12)."""
    take_holding(s, h, keep_mark=True)
    _place(s, seat, j, h.card, [h])


def _place(s: PotionMakingState, seat: int, j: int, cid: int, taken: list[Holding]) -> None:
    steps = s.seqs[seat][j]
    index = len(steps)
    name, points = step_name(s, seat, j, index)
    steps.append(cid)
    s.scores[seat] += points
    paid = gift(s, seat, taken, points)
    if s.log is not None:
        skipped = index >= 1 and steps[index - 1] == SKIP
        step = f" as step {index + 1}" + (f", skipping step {index}" if skipped else "")

        def line(v: int | None) -> str:
            if taken:
                what = holding_words(s, taken[0], v, seat)
            else:
                what = f"{name} from {'your' if v == seat else 'their'} hand"
            # Your own card goes without saying; others hear which card it is (M4).
            where = f"your Sequence {j + 1}" if v == seat else title(s, seat, j)
            return (
                f"{s.does(seat, v, 'add', 'adds')} {what} to {where}{step}: "
                f"{plural(points, 'point')}{gift_tail(s, paid, v)}."
            )

        s.say_each("sequence", line, [seat, *(o for o, _ in paid)])


def place_stone(s: PotionMakingState, seat: int, j: int) -> None:
    """Play the Philosopher's Stone into a finished Sequence: its points, and the game ends."""
    seq = s.sequence(seat, j)
    stone, points = seq.steps[-1]
    cards = s.cs.cards
    cid = next(c for c in s.hands[seat] if cards[c].type.name == stone)
    s.from_hand(seat, cid)
    s.seqs[seat][j].append(cid)
    s.scores[seat] += points
    s.stone_by = seat
    s.act(
        seat,
        "complete",
        "completes",
        f" {seq.title()} with its Philosopher's Stone: {plural(points, 'point')}.",
        kind="sequence",
        mine=f" your Sequence {j + 1} with its Philosopher's Stone: {plural(points, 'point')}.",
    )
    s.end(maker=seat)


@dataclass
class Step(Frame):
    """Add the next step of a Sequence: choose where its card comes from, if there is a choice."""

    seat: int
    seq: int

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        index = len(s.seqs[self.seat][self.seq])
        name, points = step_name(s, self.seat, self.seq, index)
        cards = s.cs.cards
        mine = hand_sources(s, self.seat, name)
        opts = [
            # Copies in the hand differ only by their bottom: then it is said.
            Option(
                f"hand:{cards[c].key}",
                f"From your hand ({cards[c].bottom})" if len(mine) > 1 else "From your hand",
            )
            for c in mine
        ]
        held = held_sources(s, self.seat, self.seq, name, holdings(s))
        opts += holding_options(s, self.seat, held, points)
        if not opts:  # cannot happen: the play is offered only with a source
            s.stack.remove(self)
            return None
        if len(opts) == 1:
            self.choose(s, opts[0].id)
            return None
        return Decision(
            self.seat,
            f"Where does the {name} for your Sequence {self.seq + 1} come from?",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionMakingState = state
        s.stack.remove(self)
        verb, _, arg = option_id.partition(":")
        if verb == "hand":
            cards = s.cs.cards
            cid = next(c for c in s.hands[self.seat] if cards[c].key == arg)
            place_from_hand(s, self.seat, self.seq, cid)
        else:
            place_holding(s, self.seat, self.seq, locate(s, int(arg)))
