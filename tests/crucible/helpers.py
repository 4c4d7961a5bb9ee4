"""Build exact Crucible tables: chosen hands, tasks, disciplines and mission."""

from __future__ import annotations

from collections.abc import Sequence

from athanor.engine import GameState
from athanor.games.crucible import CONFORMANCE_OPTIONS
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import ALL_CARDS, FLIP, face_of
from athanor.games.crucible.reaction import Reaction
from athanor.games.crucible.rules import CrucibleState

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def varied(seed: int) -> dict[str, int]:
    """Options for test game ``seed`` as the conformance suite picks them: with player counts
    ``3 + seed % 3`` every mission and player count comes round every 36 games."""
    return dict(CONFORMANCE_OPTIONS[seed % len(CONFORMANCE_OPTIONS)])


def card(code: str) -> int:
    """The card id for 'S4' (upright) or '~S4' (a flipped card now showing Salt 4)."""
    if code.startswith("~"):
        return FLIP[face_of(code[1:])]
    return face_of(code)


def table(
    *hands: str,
    mission: int = 1,
    tasks: Sequence[tuple[str, int]] = (),
    disciplines: Sequence[str] = (),
    leader: int = 0,
    lead_alch: int = 0,
    tokens: bool = False,
    sponge: int = -1,
    destroyed: str = "",
    start: bool = True,
) -> CrucibleState:
    """A mission at the start of a reaction. Each hand is a string of card codes ('B7 S4 ~M9';
    '~' marks a flipped card showing that face); every other card is out of play, except
    ``destroyed`` ones. Tasks are (task id, owner) in draft order; disciplines one per seat
    ('' for none). Whisper Tokens are off unless ``tokens``."""
    n = len(hands)
    s = CrucibleState()
    s._init_base(1, {"mission": mission}, NAMES[:n], n, True)
    s._init_table(n)
    s.choices = None
    used: set[int] = set()
    for seat, text in enumerate(hands):
        for code in text.split():
            c = card(code)
            assert c not in used, f"{code} dealt twice"
            used.add(c)
            s.hands[seat].append(c)
            if code.startswith("~"):
                s.face[c] = face_of(code[1:])
    for code in destroyed.split():
        c = card(code)
        assert c not in used
        used.add(c)
        s.destroyed.append(c)
        if code.startswith("~"):
            s.face[c] = face_of(code[1:])
    s.out = [c for c in ALL_CARDS if c not in used]
    s.tasks = [[tid, owner, tk.OPEN] for tid, owner in tasks]
    for seat, key in enumerate(disciplines):
        s.disc[seat] = key
    s.tokens = [tokens and s.mission.special != "blind"] * n
    s.leader = leader
    s.lead_alch = lead_alch
    s.sponge = sponge
    if start:
        s.stack.append(Reaction())
        s._run()
    return s


def pick(state: GameState, *ids: str) -> None:
    """Apply choices, checking each is offered."""
    for i in ids:
        assert state.decision is not None, f"game over before {i!r}"
        assert i in state.decision.ids, f"{i!r} not in {state.decision.ids}"
        state.apply(i)


def play(state: GameState, *codes: str) -> None:
    """Play cards by code, one choice each ('S4' means option play:S4)."""
    pick(state, *(f"play:{c}" for c in codes))


def catalyze(state: GameState, *codes: str) -> None:
    """Declare Catalyze and play these cards in turn."""
    pick(state, "catalyze")
    play(state, *codes)


def transmute(state: GameState, *codes: str) -> None:
    """Declare Transmute and play these cards in turn."""
    pick(state, "transmute")
    play(state, *codes)


def codes(state: CrucibleState, cards: list[int]) -> list[str]:
    """The faces of these cards as codes."""
    from athanor.games.crucible.cards import CODE

    return [CODE[state.face[c]] for c in cards]


def hand(state: CrucibleState, seat: int) -> list[str]:
    """A seat's hand as sorted codes."""
    return sorted(codes(state, state.hands[seat]))
