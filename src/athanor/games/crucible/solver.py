"""Can this mission still be won? A perfect-information search for the Crucible.

Given every hand and the drafted tasks (a state past the draft), the team is one mind
that sees all cards: the search tries every choice of every seat, depth first, and
answers as soon as one line of play wins. The engine itself makes the moves (its own
``apply``), so every rule holds in the search exactly as in play. Nothing is random after
the deal, so the answer is exact: ``won`` (a winning line exists, the line is returned),
``lost`` (every line was tried and none wins), or ``unknown`` when the budget of choices
ran out first.

What makes it fast (each step is sound; ``docs/search.md`` says why):

- a table of positions already proven lost, keyed by everything the rules can still read
  (hands by face, the cards played so far, tasks, records, the start of the history, ...);
- Whispers are switched off in the search's own copy (a Whisper only passes information,
  and here everybody sees everything); the winning line gets its "pass" answers back when
  it is replayed through the engine from the given state;
- "cancel" after choosing a discipline is never tried (it only leads back to the same
  choice with fewer options);
- a count of the tricks the tasks still need, seat by seat and all together, against the
  tricks that can still be won (``doomed``);
- moves that complete a task are tried first, moves lost at once never, and a hand-written
  copy for the search alone;
- if the budget runs out, bot teams play the deal out (``dives``): a dive that wins is a
  proof, and after one that loses, short exact searches from its last reactions look for
  a win (a line that wins is a proof, whoever found it).

``plain=True`` runs the old plain search (every choice, no table), kept to check the fast
one against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import BY_CODE, CATALYST, MANDRAKE, SUITS
from athanor.games.crucible.reaction import CATALYZE, Reaction
from athanor.games.crucible.rules import CrucibleState


@dataclass
class Verdict:
    """The answer of a search: "won", "lost" or "unknown", and what it cost."""

    answer: str
    nodes: int
    line: list[str] = field(default_factory=list)  # the choices of a winning line


class _Budget(Exception):
    """The node budget ran out."""


def after_draft(state: CrucibleState) -> bool:
    """Whether the draft is over: the question is about the reactions themselves."""
    d = state.decision
    if d is None:
        return True
    first = d.ids[0]
    return not first.startswith(("task:", "keep:")) and "volunteer" not in d.ids


def _choices(state: CrucibleState) -> tuple[str, ...]:
    d = state.decision
    assert d is not None
    ids = d.ids
    if "pass" in ids and any(i.startswith("whisper:") for i in ids):
        return ("pass",)
    return ids


# -- the plain search (every choice, no table): the reference the fast one is tested against


def _plain(state: CrucibleState, budget: int) -> Verdict:
    nodes = 0
    line: list[str] = []

    def search(s: CrucibleState) -> bool:
        nonlocal nodes
        if s.is_over:
            return s.outcome == "won"
        for oid in _choices(s):
            nodes += 1
            if nodes > budget:
                raise _Budget
            c = s.clone()
            c.apply(oid)
            line.append(oid)
            if search(c):
                return True
            line.pop()
        return False

    base = state.clone()
    base.log = None
    base.choices = None
    try:
        won = search(base)
    except _Budget:
        return Verdict("unknown", nodes)
    return Verdict("won" if won else "lost", nodes, list(line) if won else [])


# -- the copy for the search alone ------------------------------------------------------


def search_copy(s: CrucibleState) -> CrucibleState:
    """A copy for the search: like ``clone`` but with no log, no list of choices, and the
    lists the reactions never change (once Whispers are off) shared, not copied."""
    c = CrucibleState.__new__(CrucibleState)
    c.seed = s.seed
    c.options = s.options
    c.names = s.names
    c.rng = s.rng  # nothing is random after the deal
    c.stack = [_copy_frame(f) for f in s.stack]
    c.log = None
    c.choices = None
    c._decision = s._decision
    c.mission_no = s.mission_no
    c.mission = s.mission
    c.hands = [list(h) for h in s.hands]
    c.face = list(s.face)
    c.out = s.out
    c.piles = [list(p) for p in s.piles]
    c.slag_pile = list(s.slag_pile)
    c.destroyed = list(s.destroyed)
    c.plays = [list(p) for p in s.plays]
    c.intent = s.intent
    c.lead_alch = s.lead_alch
    c.leader = s.leader
    c.reaction = s.reaction
    c.slag = list(s.slag)
    c.transmutes = s.transmutes
    c.revealed = s.revealed
    c.tasks = [list(t) for t in s.tasks]
    c.disc_hand = s.disc_hand
    c.disc = s.disc
    c.disc_used = list(s.disc_used)
    c.disc_undealt = s.disc_undealt
    c.mods = dict(s.mods)
    c.cancelled = list(s.cancelled)
    c.tokens = s.tokens
    c.whispers = s.whispers
    c.known = list(s.known)
    c.voids = list(s.voids)
    c.rec = [list(r) for r in s.rec]
    c.history = list(s.history)  # entries are never changed once written
    c.eq22 = s.eq22
    c.eq18 = s.eq18
    c.sponge = s.sponge
    c.finished = s.finished
    c.outcome = s.outcome
    c.detail = s.detail
    return c


def _copy_frame(f: Any) -> Any:
    if type(f) is Reaction:
        return Reaction(f.step, list(f.order), f.pos)
    return f.copy()


# -- the table's key -------------------------------------------------------------------


def position_key(s: CrucibleState) -> tuple[Any, ...] | None:
    """Everything the rules can still read from a position inside a reaction, or None when
    the stack holds more than the reaction (a discipline being confirmed: not tabled).

    Left out, because no rule reads them after the draft: the cards' identities (two cards
    showing the same face behave the same for ever), piles, the slag pile, destroyed and
    out-of-play cards, known cards, voids, whispers and tokens (off in the search), the
    reaction count, who took the slag tokens (only their sum is read). The records and the
    history are kept only as far as an open task reads them (``_reads``): a task reads only
    whether most counts are above 0, and a done task reads nothing."""
    stack = s.stack
    if len(stack) != 1:
        return None
    r = stack[0]
    if type(r) is not Reaction:
        return None
    face = s.face
    h = s.history
    fields: set[int] = set()
    early = after_boil = False
    for tid, _o, status in s.tasks:
        if status == tk.OPEN:
            fields.update(_READS[tid])
            early = early or tid in _EARLY
            after_boil = after_boil or tid == "after-boil"
    order = sorted(fields)
    recs = tuple(
        (x[tk.WINS], *(min(x[i], 2) if i in _COUNTED else x[i] > 0 for i in order)) for x in s.rec
    )
    return (
        r.step,
        tuple(r.order),
        r.pos,
        s.leader,
        s.intent,
        tuple(tuple(sorted(face[c] for c in hand)) for hand in s.hands),
        tuple((p[0], face[p[1]]) for p in s.plays),
        tuple(sorted(s.mods.items())),
        tuple(s.cancelled),
        tuple(s.disc_used),
        sum(s.slag),
        s.transmutes,
        tuple((t[0], t[1], t[2]) for t in s.tasks),
        recs,
        tuple((e[0], e[1]) for e in h[:3]) if early else (),
        bool(h) and h[-1][0] == "B" if after_boil else False,
        s.eq22,
        s.eq18,
    )


# What each task reads of its owner's record besides the trick count (always kept). Every
# field is read only as "above 0", except those in _COUNTED, read as 0, 1 or more than 1.
_READS: dict[str, tuple[int, ...]] = {tid: () for tid in tk.TASKS}
for _su, _name in enumerate(SUITS):
    _READS[f"win-{_name.lower()}"] = (_su,)
    _READS[f"zero-{_name.lower()}"] = (_su,)
_READS.update(
    {
        "win-nine": (tk.NINES,),
        "win-one": (tk.ONES,),
        "sum-22": (tk.SUM22,),
        "one-boil": (tk.BOILS,),
        "transmute-high": (tk.T_HIGH,),
        "transmute-low": (tk.T_LOW,),
        "fizzle": (tk.FIZZLE,),
        "lead-one-transmute": (tk.LED_T,),
        "after-boil": (tk.AFTER_BOIL,),
        "two-mandrake": (tk.TWO_M,),
        "three-of-a-suit": (tk.THREE,),
        "two-catalysts": (tk.TWO_C,),
        "low-trick": (tk.LOW,),
    }
)
_COUNTED = frozenset({tk.BOILS, tk.LED_T})
_EARLY = frozenset({"first-trick", "none-first-three"})  # read the first three reactions


# -- the task cut-off -------------------------------------------------------------------


def doomed(s: CrucibleState) -> bool:
    """Whether the open tasks can certainly no longer all be done. Each seat's final count
    of Catalyze tricks won must lie between what its tasks need and what it may still win
    (a card of its own in each trick; none for the Sponge, whose win loses; "exactly n" caps
    it); the comparison tasks ("more than the Lead Alchemist", "as many as the alchemist to
    your left", ...) narrow those ranges against each other; the tricks all seats still need
    together may not pass the tricks left; and no seat may have to both win a suit and win
    none of it. Not judged while a Seer is unspent (it may move tasks between seats, and
    every count here is per seat)."""
    for seat, key in enumerate(s.disc):
        if key == "seer" and not s.disc_used[seat]:
            return False
    n = s.players
    wins = [r[tk.WINS] for r in s.rec]
    extra = 1 if s.plays else 0
    lo = list(wins)  # the fewest tricks each seat may end with
    hi = [w if o == s.sponge else w + len(s.hands[o]) + extra for o, w in enumerate(wins)]
    must = [0] * n  # bits: record fields that must still become more than 0
    never = [0] * n  # bits: record fields that must stay 0
    above: list[tuple[int, int]] = []  # (a, b): a must end with more tricks than b
    same: list[tuple[int, int]] = []  # (a, b): a and b must end level
    lead = s.lead_alch
    for tid, o, status in s.tasks:
        if status != tk.OPEN:
            continue
        if tid.startswith("tricks-"):
            k = int(tid[7:])
            lo[o] = max(lo[o], k)
            if tid != "tricks-5":  # exactly n
                hi[o] = min(hi[o], k)
        elif tid in _ONE_WIN:
            lo[o] = max(lo[o], wins[o] + 1)
            must[o] |= _ONE_WIN[tid]
        elif tid == "more-than-lead":
            above.append((o, lead))
        elif tid == "fewer-than-lead":
            above.append((lead, o))
        elif tid == "most-tricks":
            above.extend((o, x) for x in range(n) if x != o)
        elif tid == "same-as-left":
            same.append((o, (o + 1) % n))
        else:
            never[o] |= _NEVER.get(tid, 0)
    for o in range(n):
        if must[o] & never[o]:
            return True
    if above or same:
        # gap[a][b]: the least a's final count must exceed b's by (longest paths, n <= 5)
        gap = [[0 if a == b else _FAR for b in range(n)] for a in range(n)]
        for a, b in above:
            gap[a][b] = max(gap[a][b], 1)
        for a, b in same:
            gap[a][b] = max(gap[a][b], 0)
            gap[b][a] = max(gap[b][a], 0)
        for k in range(n):
            for a in range(n):
                for b in range(n):
                    via = gap[a][k] + gap[k][b]
                    if via > gap[a][b]:
                        gap[a][b] = via
        if any(gap[a][a] > 0 for a in range(n)):
            return True  # a must end with more tricks than itself
        lo0, hi0 = list(lo), list(hi)
        for a in range(n):
            for b in range(n):
                g = gap[a][b]
                if g > _FAR // 2:
                    lo[a] = max(lo[a], lo0[b] + g)
                    hi[b] = min(hi[b], hi0[a] - g)
    if any(lo[o] > hi[o] for o in range(n)):
        return True
    return sum(lo) - sum(wins) > max(len(h) for h in s.hands) + extra


_FAR = -10_000  # "no bound" in the table of gaps

# Open tasks that need at least one more Catalyze trick won by their owner (an open task
# judged during play is not met yet; "win the last trick" needs the last one, still ahead),
# with the record fields (as bits) that such a win must make more than 0.
_ONE_WIN: dict[str, int] = {
    **{f"win-{name.lower()}": 1 << su for su, name in enumerate(SUITS)},
    "win-nine": 0,
    "win-one": 0,
    "sum-22": 0,
    "first-trick": 0,
    "last-trick": 0,
    "after-boil": 0,
    "two-mandrake": 1 << MANDRAKE,
    "three-of-a-suit": 0,
    "two-catalysts": 1 << CATALYST,
    "low-trick": 0,
}
# Tasks that keep a record field at 0 to the end ("win no Salt at all").
_NEVER: dict[str, int] = {f"zero-{name.lower()}": 1 << su for su, name in enumerate(SUITS)}


# -- move ordering ------------------------------------------------------------------------


def _ordered(s: CrucibleState, ids: tuple[str, ...]) -> list[str]:
    """Every option but "cancel" (it leads back to this choice with fewer options), the
    likely ones first: plays that keep a Catalyze safe before those that boil over, and
    disciplines last."""
    out = [i for i in ids if i != "cancel"]
    if s.intent == CATALYZE and out and out[0].startswith("play:"):
        d = s.decision
        assert d is not None
        seat = d.seat
        total = s.total()
        lim = s.limit()
        safe: list[str] = []
        boil: list[str] = []
        other: list[str] = []
        for i in out:
            if i.startswith("play:"):
                f = BY_CODE[i[5:]]
                (boil if total + s.value(seat, f) > lim else safe).append(i)
            else:
                other.append(i)
        return safe + boil + other
    return out


# -- the search ----------------------------------------------------------------------------


class _Search:
    """One depth-first search with its own budget of choices, sharing a table of positions
    proven lost (a position proven lost stays lost whichever search met it)."""

    def __init__(self, budget: int, lost: set[tuple[Any, ...]]) -> None:
        self.budget = budget
        self.nodes = 0
        self.lost = lost
        self.line: list[str] = []

    def run(self, s: CrucibleState) -> bool:
        """Whether some line from ``s`` wins (the line is left in ``self.line``); raises
        ``_Budget`` when the budget runs out."""
        line = self.line
        lost = self.lost
        while True:
            if s.is_over:
                return s.outcome == "won"
            d = s._decision
            assert d is not None
            ids = d.ids
            if "pass" in ids and ids[0].startswith("whisper:"):
                oid = "pass"  # only at the start: a Whisper offer made before the search
            elif len(ids) == 1:
                oid = ids[0]
            else:
                break
            self._count()  # a forced choice: made in place
            s.apply(oid)
            if oid != "pass":
                line.append(oid)
        key = position_key(s)
        if key is not None:
            if key in lost:
                return False
            if doomed(s):
                lost.add(key)
                return False
        depth = len(line)
        children: list[tuple[int, int, str, CrucibleState]] = []
        for i, oid in enumerate(_ordered(s, ids)):
            self._count()
            c = search_copy(s)
            c.apply(oid)
            if c.is_over and c.outcome != "won":
                continue  # lost at once: nothing to search
            children.append((-_progress(c), i, oid, c))
        children.sort(key=_first_two)
        for _, _, oid, c in children:
            line.append(oid)
            if self.run(c):
                return True
            del line[depth:]
        if key is not None:
            lost.add(key)
        return False

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Budget


def _progress(s: CrucibleState) -> int:
    """How far a position has come: tasks done and extra goals met (a won game first)."""
    if s.outcome == "won":
        return 1_000
    done = sum(1 for t in s.tasks if t[2] == tk.DONE)
    return done + s.eq22 + s.eq18


def _first_two(child: tuple[int, int, str, CrucibleState]) -> tuple[int, int]:
    return child[0], child[1]


def _prepared(s: CrucibleState) -> CrucibleState:
    """The search's own copy: Whispers off (see the module's docstring)."""
    base = search_copy(s)
    base.tokens = [False] * s.players
    base.whispers = list(s.whispers)
    return base


def winnable(
    state: CrucibleState,
    budget: int = 200_000,
    plain: bool = False,
    dives: int = 0,
    repair: int = 2_000,
) -> Verdict:
    """Search every line of play from this state (each choice made counts toward the
    budget). If that does not decide, the bot team plays the deal up to ``dives`` times
    (differently seeded) from the start; a dive that wins is the proof, and after a dive
    that loses, the exact search (``repair`` choices each) looks for a win from the starts
    of its last reactions, latest first. ``plain`` runs the plain search (no table, no
    cut-offs, no dives) instead."""
    if plain:
        return _plain(state, budget)
    lost: set[tuple[Any, ...]] = set()
    first = _Search(budget, lost)
    spent = 0
    try:
        if first.run(_prepared(state)):
            return Verdict("won", first.nodes, _with_passes(state, [], first.line))
        return Verdict("lost", first.nodes)
    except _Budget:
        spent = first.nodes
    for k in range(dives):
        prefix, starts, won = _dive(state, k)
        spent += len(prefix)
        if won:
            return Verdict("won", spent, prefix)
        for at, snap in reversed(starts):
            fix = _Search(repair, lost)
            try:
                ok = fix.run(_prepared(snap))
            except _Budget:
                spent += fix.nodes
                break  # earlier starts only give bigger searches
            spent += fix.nodes
            if ok:
                return Verdict("won", spent, _with_passes(state, prefix[:at], fix.line))
    return Verdict("unknown", spent)


def _dive(state: CrucibleState, k: int) -> tuple[list[str], list[tuple[int, CrucibleState]], bool]:
    """The team bot plays the deal out (seeds from ``k``): its choices, the state at the
    start of each reaction (with how many choices led there), and whether it won."""
    from athanor.games.crucible.bots import TeamBot

    s = state.clone()
    s.log = None
    s.choices = None
    bots = [TeamBot(7919 * (k + 1) + i) for i in range(s.players)]
    line: list[str] = []
    starts: list[tuple[int, CrucibleState]] = []
    while not s.is_over:
        d = s._decision
        assert d is not None
        top = s.stack[-1]
        if type(top) is Reaction and top.step == "declare" and len(s.stack) == 1:
            starts.append((len(line), s.clone()))
        oid = bots[d.seat].choose(s, d)
        s.apply(oid)
        line.append(oid)
    return line, starts, s.outcome == "won"


def _with_passes(state: CrucibleState, prefix: list[str], line: list[str]) -> list[str]:
    """The winning line as the engine asks it from ``state``: ``prefix`` as it was played,
    then ``line`` with a "pass" for every Whisper offer, which the search (Whispers off)
    never saw."""
    s = state.clone()
    s.log = None
    s.choices = None
    for oid in prefix:
        s.apply(oid)
    out = list(prefix)
    todo = iter(line)
    while not s.is_over:
        d = s._decision
        assert d is not None
        whisper = "pass" in d.ids and d.ids[0].startswith("whisper:")
        oid = "pass" if whisper else next(todo)
        s.apply(oid)
        out.append(oid)
    assert s.outcome == "won", "the winning line does not win when replayed"
    return out
