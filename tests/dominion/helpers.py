"""Helpers for Dominion tests: build an exact situation and script choices by option id."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import athanor
from athanor.games.dominion.frames import Turn
from athanor.games.dominion.kingdoms import PRESETS
from athanor.games.dominion.rules import DominionState

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
_FILL = [*PRESETS["first-game"], *PRESETS["size-distortion"]]


def kingdom_with(*cards: str) -> list[str]:
    """The named cards, filled to ten from fixed presets (so tests are repeatable)."""
    out = list(cards)
    for c in _FILL:
        if len(out) == 10:
            break
        if c not in out:
            out.append(c)
    return out


def game(*cards: str, players: int = 2, seed: int = 1, log: bool = True) -> DominionState:
    """A new game whose kingdom holds ``cards`` (filled to ten)."""
    s = athanor.new_game(
        "dominion",
        players,
        seed,
        {"kingdom": ",".join(kingdom_with(*cards))},
        names=NAMES[:players],
        log=log,
    )
    assert isinstance(s, DominionState)
    return s


def set_player(
    s: DominionState,
    seat: int,
    hand: Iterable[str] = (),
    deck: Sequence[str] = (),
    discard: Iterable[str] = (),
) -> None:
    """Give a seat exactly these cards. ``deck`` is listed top card first."""
    s.hands[seat] = list(hand)
    s.decks[seat] = list(reversed(deck))
    s.discards[seat] = list(discard)
    s.plays[seat] = []
    s.asides[seat] = []


def arrange(
    s: DominionState,
    seat: int = 0,
    hand: Iterable[str] = (),
    deck: Sequence[str] = (),
    discard: Iterable[str] = (),
    *,
    actions: int = 1,
    buys: int = 1,
    coins: int = 0,
    others: dict[int, dict[str, list[str]]] | None = None,
    step: str = "action",
) -> None:
    """Make it ``seat``'s turn with exactly these cards, then run to the first decision.

    Every other seat gets an empty hand, deck and discard unless given in ``others``.
    The card census at this point is kept as the baseline that ``play`` checks.
    """
    for other in range(s.players):
        if other == seat:
            set_player(s, seat, hand, deck, discard)
        else:
            set_player(s, other, **(others or {}).get(other, {}))
    s.current = seat
    s.count_empty_piles()  # piles set by hand before this
    s.actions, s.buys, s.coins, s.potions = actions, buys, coins, 0
    s.merchant = 0
    s.silver_played = s.bought = False
    s.phase = step
    s.stack = [Turn(seat, step)]
    s.over = False
    if s.log is not None:
        s.log.clear()
    _BASELINES[id(s)] = (s, s.card_census())
    s._run()


# The card census of each table set up by ``arrange``, by the state's id (kept beside the
# state, not on it: the compiled build's states have no ``__dict__``).
_BASELINES: dict[int, tuple[DominionState, dict[str, int]]] = {}


def play(s: DominionState, *ids: str) -> None:
    """Apply option ids in order, checking each is legal and no card appears or vanishes."""
    for i in ids:
        assert s.decision is not None, f"game over before {i!r}"
        assert i in s.legal(), f"{i!r} not in {s.legal()} ({s.decision.prompt})"
        s.count_empty_piles()  # piles a test set by hand since the last move
        s.apply(i)
        kept = _BASELINES.get(id(s))
        if kept is not None and kept[0] is s:
            assert s.card_census() == kept[1]


def deck_top(s: DominionState, seat: int) -> list[str]:
    """A seat's deck, top card first."""
    return list(reversed(s.decks[seat]))


def log_text(s: DominionState, viewer: int | None) -> str:
    """The whole log as one viewer reads it."""
    return "\n".join(s.events_for(viewer))


def asking(s: DominionState) -> tuple[int, list[str]]:
    """Who is being asked, and the option ids."""
    d = s.decision
    assert d is not None
    return d.seat, list(d.ids)
