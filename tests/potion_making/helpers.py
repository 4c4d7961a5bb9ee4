"""Build exact Potion-Making tables and script choices by option id.

Cards are named by their top ("Elixir of Fire") or, to pick one copy, by their
key ("Elixir of Fire"). ``arrange`` moves the named cards
into place and every other card of the game back into its deck, so the card
census still holds; ``play`` applies option ids and checks it after each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import athanor
from athanor.games.potion_making.rules import SKIP, TAKEN, PotionMakingState
from athanor.games.potion_making.turn import Turn

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
BUILTIN_MODES = ("practice", "guild", "guild,university")


def game(
    mode: str = "practice",
    players: int = 2,
    seed: int = 1,
    log: bool = True,
    cards: str = "",
) -> PotionMakingState:
    """A new game, set up and waiting for its first decision."""
    options: dict[str, Any] = {"expansions": mode}
    if cards:
        options["cards"] = cards
    s = athanor.new_game("potion-making", players, seed, options, names=NAMES[:players], log=log)
    assert isinstance(s, PotionMakingState)
    return s


class Picker:
    """Hands out card ids by name or key, each at most once."""

    def __init__(self, s: PotionMakingState) -> None:
        self.s = s
        self.used: set[int] = set()
        self.in_play = set(s.expected)

    def __call__(self, name: str) -> int:
        for c in self.s.cs.cards:
            if c.id in self.used or c.id not in self.in_play:
                continue
            if c.name == name or c.key == name:
                self.used.add(c.id)
                return c.id
        raise KeyError(f"no free card {name!r} in this game")


def arrange(
    s: PotionMakingState,
    seat: int = 0,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    desk: Sequence[str] = (),
    collected: Mapping[int, Sequence[str | tuple[str, Sequence[str], Sequence[str]]]] | None = None,
    seqs: Mapping[int, Mapping[int, Sequence[str | int]]] | None = None,
    seq_card: Mapping[int, int] | None = None,
    magma: Iterable[str] = (),
    top: Mapping[str, Sequence[str]] | None = None,
    scores: Sequence[int] | None = None,
    step: str = "",
    empty_decks: Iterable[str] = (),
) -> Picker:
    """Lay out exactly this table and make it ``seat``'s turn at ``step``.

    ``collected`` entries are a name, or (name, component recipes, component
    elements). ``seqs`` gives per seat and Sequence (0-2) the steps so far: names,
    SKIP or TAKEN. ``top`` puts cards on top of a deck (first named on top).
    ``step`` is the Turn step to start at: "start" (the default: the turn begins,
    cards are drawn), "play" (Practice, after drawing), "second" or "third".
    """
    pick = Picker(s)
    n = s.players
    s.hands = [[pick(x) for x in (hands or {}).get(i, ())] for i in range(n)]
    s.known = [[] for _ in range(n)]
    s.desk = [pick(x) for x in desk]
    s.collected = [[] for _ in range(n)]
    s.under = {}
    for i, entries in (collected or {}).items():
        for e in entries:
            if isinstance(e, str):
                s.collected[i].append(pick(e))
            else:
                name, rs, es = e
                r = pick(name)
                s.collected[i].append(r)
                s.under[r] = (tuple(pick(x) for x in rs), tuple(pick(x) for x in es))
    s.seqs = [[[], [], []] for _ in range(n)]
    for i, per in (seqs or {}).items():
        for j, steps in per.items():
            s.seqs[i][j] = [x if isinstance(x, int) else pick(x) for x in steps]
    if seq_card:
        for i, card in seq_card.items():
            s.seq_card[i] = card
    names = set(magma)
    s.magma = {c for col in s.collected for c in col if s.cs.cards[c].name in names} | {
        c for p in s.seqs for x in p for c in x if c >= 0 and s.cs.cards[c].name in names
    }
    tops = {d: [pick(x) for x in (top or {}).get(d, ())] for d in s.deck_names}
    empty = set(empty_decks)
    for d in s.deck_names:
        rest = [] if d in empty else [c for c in s.cs.deck_ids[d] if c not in pick.used]
        s.decks[d] = rest + list(reversed(tops[d]))
    if empty:
        # Cards of an emptied deck wait in the last hand-less place that holds them: the Desk.
        for d in empty:
            s.desk.extend(c for c in s.cs.deck_ids[d] if c not in pick.used)
    s.casting = []
    s.scores = list(scores) if scores is not None else [0] * n
    s.current = seat
    s.over = False
    s.stone_by = -1
    s.phase = "play"
    s.stack = [Turn(seat, step or "start")]
    if s.log is not None:
        s.log.clear()
    s.choices = None
    s.check_invariants()
    s._run()
    return pick


def play(s: PotionMakingState, *ids: str) -> None:
    """Apply option ids in order, each one legal, checking the census after each."""
    for i in ids:
        d = s.decision
        assert d is not None, f"the game is over before {i!r}"
        assert i in d.ids, f"{i!r} is not offered; {d.prompt}: {list(d.ids)}"
        s.apply(i)
        s.check_invariants()


def asking(s: PotionMakingState) -> tuple[int, list[str]]:
    """Who is asked, and the option ids."""
    d = s.decision
    assert d is not None
    return d.seat, list(d.ids)


def ids_of(s: PotionMakingState, prefix: str) -> list[str]:
    """The offered option ids that start with ``prefix``."""
    d = s.decision
    assert d is not None
    return [i for i in d.ids if i.startswith(prefix)]


def names(s: PotionMakingState, ids: Iterable[int]) -> list[str]:
    """Card names of ids."""
    return [s.cs.cards[c].name for c in ids]


def key(s: PotionMakingState, name: str) -> str:
    """The key of the first card with this name."""
    return next(c.key for c in s.cs.cards if c.name == name or c.key == name)


def log_text(s: PotionMakingState, viewer: int | None) -> str:
    """The whole log as one viewer reads it."""
    return "\n".join(s.events_for(viewer))


__all__ = [
    "BUILTIN_MODES",
    "NAMES",
    "SKIP",
    "TAKEN",
    "arrange",
    "asking",
    "game",
    "ids_of",
    "key",
    "log_text",
    "names",
    "play",
]
