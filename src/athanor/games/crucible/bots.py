"""The cooperative team bot. It decides from its own view and the decision in front of it.

How it plays: it keeps track of every card it cannot see (where each may be, given the voids
players have shown, the whispers and the cards known to be in hands), and before a card or an
intent it deals those cards a few times at random, consistently with what it knows, plays the
rest of the reaction out with a simple cooperative policy for the others, and scores how the
reaction ends for the team's tasks (``OUTCOME_VALUE``): a task done, a task lost, a Boil Over,
a card some task needs leaving play. Tasks, disciplines and whispers are weighed by tables
keyed by their ids, never by long chains of tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import Beginner, Decision, GameState, Rng
from athanor.games.crucible.cards import (
    ALL_CARDS,
    BY_CODE,
    DUAL,
    FLIP,
    MANDRAKE,
    RANK,
    SUIT,
)
from athanor.games.crucible.disciplines import DISCIPLINES, NO_LIMIT
from athanor.games.crucible.draft import has_matching
from athanor.games.crucible.hidden import deal_consistent

BIG = 1000.0  # a lost mission
TASK = 100.0  # a task done
SAMPLES = 6  # deals of the unseen cards per decision

WIN, BOIL, TOK, FIZ = 0, 1, 2, 3  # how a reaction ends: won, boiled, transmuted, fizzled
_OF_SUIT = tuple(tuple(f for f in ALL_CARDS if SUIT[f] == su) for su in range(7))  # by suit


class Knowledge:
    """What one seat knows, read from its view: its hand, the public cards, and where each
    card it cannot see may be."""

    def __init__(self, v: Any, me: int) -> None:
        self.me = me
        self.n = n = len(v["names"])
        m = v["mission"]
        self.cap = int(m["slag_cap"])
        self.special = str(m["special"])
        self.limit0 = int(m["cauldron_limit"])
        self.target0 = int(m["transmutation_target"])
        self.limit = int(v["limit"])
        self.target = int(v["target"])
        self.active: dict[str, int] = dict(v["active"])
        self.intent = v["intent"] or ""
        self.disc = [d["key"] if d else "" for d in v["disciplines"]]
        self.disc_used = [bool(d and d["used"]) for d in v["disciplines"]]
        self.weaver = [key == "void-weaver" for key in self.disc]
        self.sizes: list[int] = list(v["hand_sizes"])
        self.wins = list(v["tricks_won"])
        self.rec = v["records"]
        self.history = v["history"]
        self.reaction = int(v["reaction"])
        self.slag = sum(v["slag"])
        self.transmutes_left = int(v["transmute_limit"]) - int(v["transmutes"])
        self.sponge = v["sponge"] if v["sponge"] is not None else -1
        self.lead_alch = int(v["lead_alchemist"])
        self.eq = v["equilibrium"]
        self.tasks = [(t["id"], t["owner"]) for t in v["tasks"] if t["status"] == "open"]
        self.task_values = [(OUTCOME_VALUE[tid], o) for tid, o in self.tasks]
        self.transmuted = any(h[0] == "T" for h in self.history)
        # Seats whose task wants them to boil the cauldron over (and can afford it).
        self.boilers = {
            o
            for tid, o in self.tasks
            if (tid == "after-boil" or (tid == "one-boil" and self.rec[o][8] == 0))
            and self.slag + 1 < self.cap
        }
        self.hand = [BY_CODE[c["face"]] for c in v["hand"] or ()]
        self.hand_ids = [c["id"] for c in v["hand"] or ()]
        # The card kept for the last trick by a bot whose task is to win it (else -1).
        self.strongest = -1
        if any(t == "last-trick" and o == me for t, o in self.tasks) and len(self.hand) > 1:
            self.strongest = max(self.hand, key=lambda x: (x >= DUAL, RANK[x]))
        self.known: list[list[int]] = [[BY_CODE[c["face"]] for c in k] for k in v["known"]]
        self.plays = [(p, BY_CODE[code]) for p, _, code in v["plays"]]
        self.played = {p for p, _ in self.plays}
        # A Catalyze ends the mission when each of these seats plays its last card in it; None
        # if some seat will still hold a card after this trick whatever happens.
        self.finish: list[int] | None = [s for s in range(n) if self.sizes[s] > 0]
        if any(self.sizes[s] > 1 or s in self.played for s in self.finish):
            self.finish = None
        seen: set[int] = set(self.hand_ids)
        for k in v["known"]:
            seen.update(c["id"] for c in k)
        seen.update(c for _, c, _ in v["plays"])
        for pile in v["pile_ids"]:
            seen.update(pile)
        seen.update(v["slag_ids"])
        seen.update(v["destroyed_ids"])
        out_known = [BY_CODE[code] for code in v["out_known"]]
        seen.update(out_known)
        self.unseen = [c for c in range(58) if c not in seen]  # all upright
        self.slots = [0 if o == me else self.sizes[o] - len(self.known[o]) for o in range(n)]
        self.out_slots = int(v["out_of_play"]) - len(out_known)
        self.voids = list(v["void_bits"])
        self.bounds: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for seat, _card, hint, face, _parity in v["whispers"]:
            su, r = SUIT[face], RANK[face]
            lo, hi = {"top": (r + 1, 99), "bottom": (-99, r - 1)}.get(hint, (-99, 99))
            self.bounds[seat].append((su, lo, hi))
        self._vals: dict[tuple[str, int], list[list[int]]] = {}
        self._capable: dict[
            Callable[[int], bool], tuple[list[int], list[int], list[tuple[int, float]]]
        ] = {}
        places = [o for o in range(n) if o != me and self.slots[o] > 0]
        out = self.out_slots
        out_place = [-1] if out > 0 else []
        # By seat, the cards its whispers rule out; and all of them.
        barred = [self._ruled_out(o) for o in range(n)]
        barred_any = set().union(*(barred[o] for o in places))
        # Per unseen card, the places it may be: the hands (in seat order) with no void shown
        # in its suit and no whisper ruling its rank out, then out of play if any cards are.
        self.admit: dict[int, list[int]] = {}
        # The chance that an unseen card is still in some hand (not out of play).
        self.in_play: dict[int, float] = {}
        by_suit: dict[int, tuple[list[int], int]] = {}  # hands not void in a suit, their room
        for c in self.unseen:
            su = SUIT[c]
            if su not in by_suit:
                seats = [o for o in places if not self.voids[o] >> su & 1]
                by_suit[su] = (seats, sum(self.slots[o] for o in seats))
            fit, room = by_suit[su]
            if c in barred_any:
                fit = [o for o in fit if c not in barred[o]]
                room = sum(self.slots[o] for o in fit)
            self.admit[c] = fit + out_place
            self.in_play[c] = room / (room + out) if room + out else 0.0
        # Cards with the fewest places go first when dealing (the rest follow at random).
        self._order_key = {c: len(fit) for c, fit in self.admit.items()}

    def _ruled_out(self, o: int) -> set[int]:
        """The cards seat ``o``'s whispers say it cannot hold."""
        return {c for su, lo, hi in self.bounds[o] for c in _OF_SUIT[su] if lo <= RANK[c] <= hi}

    # -- values ----------------------------------------------------------------------

    def val(self, seat: int, face: int, intent: str) -> int:
        """What a face played by ``seat`` adds to the total (as the rules count it)."""
        return self.values(intent)[seat][face]

    def values(self, intent: str) -> list[list[int]]:
        """Per seat, what each face adds to the total in a reaction of this intent."""
        key = (intent, self.active.get("pyromancer", -1))
        table = self._vals.get(key)
        if table is None:
            table = self._vals[key] = [self._row(s, intent) for s in range(self.n)]
        return table

    def _row(self, seat: int, intent: str) -> list[int]:
        row = list(RANK)
        if self.disc[seat] == "void-weaver":
            row[DUAL:] = [0] * 4
        elif self.special == "heavy-metals":
            row[DUAL:] = [10] * 4
        if intent == "catalyze" and self.active.get("pyromancer") == seat:
            row[:9] = [0] * 9  # Brimstone is suit 0: faces 0-8
        return row

    def can_flip(self) -> bool:
        """Whether a Transmute can still succeed this mission."""
        return self.transmutes_left > 0

    def capable(self, pred: Callable[[int], bool], skip: frozenset[int] = frozenset()) -> float:
        """About how many cards still in hands could show a face ``pred`` accepts
        (the faces in ``skip`` are in this reaction and do not count)."""
        flip = self.can_flip()

        def ok(f: int) -> bool:
            return pred(f) or (flip and f < DUAL and pred(FLIP[f]))

        lists = self._capable.get(pred)
        if lists is None:
            # The cards that could show such a face, made once per ``pred``.
            lists = self._capable[pred] = (
                [f for f in self.hand if ok(f)],
                [f for k in self.known for f in k if ok(f)],
                [(c, p) for c, p in self.in_play.items() if ok(c)],
            )
        hand, known, unseen = lists
        n: float = sum(1 for f in hand if f not in skip)
        n += sum(1 for f in known if f not in skip)
        n += sum(p for c, p in unseen if c not in skip)
        return n

    def sample(self, rng: Rng) -> list[list[int]]:
        """One deal of the unseen cards into the other hands, consistent with what is known."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        cards.sort(key=self._order_key.__getitem__)
        # By seat, and out of play at index -1.
        room = [*self.slots, self.out_slots]
        held: list[list[int]] = [[] for _ in room]
        admit = self.admit
        for c in cards:
            opts = [p for p in admit[c] if room[p]]
            if not opts:
                return self._sample_exact(rng)
            if len(opts) == 1:
                p = opts[0]
            else:
                k = rng.below(sum(map(room.__getitem__, opts)))
                p = opts[-1]
                for q in opts:
                    if k < room[q]:
                        p = q
                        break
                    k -= room[q]
            held[p].append(c)
            room[p] -= 1
        return [list(self.hand) if o == self.me else self.known[o] + held[o] for o in range(self.n)]

    def _sample_exact(self, rng: Rng) -> list[list[int]]:
        slots = [(o, self.slots[o]) for o in range(self.n) if o != self.me]
        slots.append((-1, self.out_slots))
        allowed = {o: (self.voids[o], self.bounds[o]) for o in range(self.n) if o != self.me}
        dealt = deal_consistent(self.unseen, slots, allowed, rng)
        return [
            list(self.hand) if o == self.me else self.known[o] + dealt[o] for o in range(self.n)
        ]


class Outcome:
    """How a reaction ends, as the bot imagines it."""

    __slots__ = ("anchor", "faces", "final", "kind", "leader", "plays", "seats", "total", "who")

    def __init__(
        self,
        kind: int,
        who: int,
        plays: list[tuple[int, int]],
        total: int,
        leader: int,
        final: bool,
        anchor: int = -1,
    ) -> None:
        self.anchor = anchor
        self.kind = kind
        self.who = who  # the winner, the one who boiled it, or who leads after a Transmute
        self.plays = plays
        self.faces = [f for _, f in plays]
        self.seats = [p for p, _ in plays]
        self.total = total
        self.leader = leader
        self.final = final


# -- what each task makes of an outcome ---------------------------------------------------

TaskValue = Callable[[Knowledge, int, Outcome], float]


def _left_after(k: Knowledge, seat: int, out: Outcome) -> int:
    """A seat's hand size once the reaction is over."""
    return k.sizes[seat] + _change(k, seat, out)


def _change(k: Knowledge, seat: int, out: Outcome) -> int:
    if out.kind == TOK:
        return 1 if seat in out.seats else 0
    return -1 if seat not in k.played and seat in out.seats else 0


def _won_by(out: Outcome, seat: int) -> bool:
    return out.kind == WIN and out.who == seat


def _exactly(n: int) -> TaskValue:
    def value(k: Knowledge, o: int, out: Outcome) -> float:
        w = k.wins[o] + (1 if _won_by(out, o) else 0)
        if w > n:
            return -BIG
        need = n - w
        left = _left_after(k, o, out)
        if need > left or (need and o == k.sponge):
            return -BIG
        gain = TASK * 0.5 if _won_by(out, o) else 0.0
        return gain - TASK * 0.3 * need / (1 + left) if need else gain

    return value


def _at_least(n: int) -> TaskValue:
    def value(k: Knowledge, o: int, out: Outcome) -> float:
        w = k.wins[o] + (1 if _won_by(out, o) else 0)
        if w >= n:
            return TASK if _won_by(out, o) else 0.0
        if n - w > _left_after(k, o, out):
            return -BIG
        return TASK * 0.3 if _won_by(out, o) else 0.0

    return value


def _content(pred: Callable[[int], bool], scarce: bool) -> TaskValue:
    """'Win a card such that pred': done if the owner wins one; a matching card that goes
    elsewhere makes the rest scarcer."""

    hit = [pred(f) for f in ALL_CARDS]

    def value(k: Knowledge, o: int, out: Outcome) -> float:
        hits = False
        for f in out.faces:
            if hit[f]:
                hits = True
                break
        if _won_by(out, o):
            return TASK if hits else 2.0
        if not hits or out.kind == TOK or not scarce:
            return 0.0
        left = k.capable(pred, frozenset(out.faces))
        return -BIG if left < 0.5 else -TASK * 0.4 / left

    return value


def _avoid(pred: Callable[[int], bool]) -> TaskValue:
    hit = [pred(f) for f in ALL_CARDS]

    def value(k: Knowledge, o: int, out: Outcome) -> float:
        if out.kind == WIN and out.who == o:
            for f in out.faces:
                if hit[f]:
                    return -BIG
        return 0.0

    return value


def _trick_flag(test: Callable[[Knowledge, Outcome], bool]) -> TaskValue:
    def value(k: Knowledge, o: int, out: Outcome) -> float:
        if _won_by(out, o):
            return TASK if test(k, out) else 1.0
        return 0.0

    return value


def _one_boil(k: Knowledge, o: int, out: Outcome) -> float:
    if out.kind == BOIL and out.who == o:
        return TASK + 30.0 if k.rec[o][8] == 0 else -BIG
    return 0.0


def _transmute_rank(top: bool) -> TaskValue:
    def value(k: Knowledge, o: int, out: Outcome) -> float:
        if out.kind != TOK:
            return 0.0
        vals = [(p, k.val(p, f, "transmute")) for p, f in out.plays]
        best = max(v for _, v in vals) if top else min(v for _, v in vals)
        return TASK if any(p == o and v == best for p, v in vals) else 0.0

    return value


def _fizzle(k: Knowledge, o: int, out: Outcome) -> float:
    return TASK if out.kind == FIZ and o in out.seats else 0.0


def _lead_one(k: Knowledge, o: int, out: Outcome) -> float:
    if out.kind in (TOK, FIZ) and out.leader == o:
        return TASK if k.rec[o][9] == 0 else -BIG
    return 0.0


def _first(k: Knowledge, o: int, out: Outcome) -> float:
    if k.reaction != 1:
        return 0.0
    return TASK if _won_by(out, o) else -BIG


def _last(k: Knowledge, o: int, out: Outcome) -> float:
    if out.final:
        return TASK if _won_by(out, o) else -BIG
    if _left_after(k, o, out) == 0:
        return -BIG
    return 0.0


def _none_first_three(k: Knowledge, o: int, out: Outcome) -> float:
    if k.reaction > 3:
        return 0.0
    if _won_by(out, o):
        return -BIG
    return TASK * 0.5 if k.reaction == 3 else 0.0


def _after_boil(k: Knowledge, o: int, out: Outcome) -> float:
    if k.history and k.history[-1][0] == "B" and _won_by(out, o):
        return TASK
    if out.kind == BOIL and out.who == o and k.slag + 1 < k.cap:
        return TASK * 0.8  # the one who boils it leads the next trick: a good start
    return 0.0


def _compare(
    goal: Callable[[int, int], bool], rival: Callable[[Knowledge, int], list[int]]
) -> TaskValue:
    """Comparisons of trick counts: push the owner's count toward ``goal(mine, theirs)``
    against each rival."""

    def value(k: Knowledge, o: int, out: Outcome) -> float:
        rivals = rival(k, o)
        if not rivals:
            return -BIG
        wins = k.wins
        who = out.who if out.kind == WIN else -1
        mine = wins[o] + (1 if who == o else 0)
        final = out.final
        total = 0.0
        for r in rivals:
            theirs = wins[r] + (1 if who == r else 0)
            before = goal(wins[o], wins[r])
            after = goal(mine, theirs)
            if final:
                total += TASK if after else -BIG
            elif after and not before:
                total += TASK * 0.3
            elif before and not after:
                total -= TASK * 0.3
            elif not after:
                # Moving toward the goal still helps.
                gap_before = abs(wins[o] - wins[r])
                gap_after = abs(mine - theirs)
                total += TASK * 0.15 * (gap_before - gap_after)
        return total

    return value


def _the_lead(k: Knowledge, o: int) -> list[int]:
    return [] if o == k.lead_alch else [k.lead_alch]


def _everyone_else(k: Knowledge, o: int) -> list[int]:
    return [x for x in range(k.n) if x != o]


def _left_of(k: Knowledge, o: int) -> list[int]:
    return [(o + 1) % k.n]


def _suit(su: int) -> Callable[[int], bool]:
    return lambda f: SUIT[f] == su


def _is_cat(f: int) -> bool:
    return f >= DUAL


def _two_mandrake(k: Knowledge, out: Outcome) -> bool:
    return sum(1 for f in out.faces if SUIT[f] == MANDRAKE) >= 2


def _three(k: Knowledge, out: Outcome) -> bool:
    counts = [0] * 7
    for f in out.faces:
        counts[SUIT[f]] += 1
    return max(counts) >= 3


def _two_cats(k: Knowledge, out: Outcome) -> bool:
    return sum(1 for f in out.faces if f >= DUAL) >= 2


def _low(k: Knowledge, out: Outcome) -> bool:
    return all(RANK[f] <= 5 for f in out.faces)


def _sum22(k: Knowledge, out: Outcome) -> bool:
    return out.total == 22


SUIT_NAMES = ("brimstone", "quicksilver", "salt", "mandrake", "aether", "lodestone")
OUTCOME_VALUE: dict[str, TaskValue] = {
    **{f"tricks-{n}": _exactly(n) for n in range(5)},
    "tricks-5": _at_least(5),
    **{f"win-{name}": _content(_suit(su), True) for su, name in enumerate(SUIT_NAMES)},
    **{f"zero-{name}": _avoid(_suit(su)) for su, name in enumerate(SUIT_NAMES)},
    "win-nine": _content(lambda f: f < DUAL and RANK[f] == 9, True),
    "win-one": _content(lambda f: f < DUAL and RANK[f] == 1, True),
    "win-catalyst": _content(_is_cat, True),
    "zero-catalyst": _avoid(_is_cat),
    "sum-22": _trick_flag(_sum22),
    "one-boil": _one_boil,
    "transmute-high": _transmute_rank(True),
    "transmute-low": _transmute_rank(False),
    "fizzle": _fizzle,
    "lead-one-transmute": _lead_one,
    "first-trick": _first,
    "last-trick": _last,
    "none-first-three": _none_first_three,
    "after-boil": _after_boil,
    "more-than-lead": _compare(lambda a, b: a > b, _the_lead),
    "fewer-than-lead": _compare(lambda a, b: a < b, _the_lead),
    "most-tricks": _compare(lambda a, b: a > b, _everyone_else),
    "same-as-left": _compare(lambda a, b: a == b, _left_of),
    "two-mandrake": _trick_flag(_two_mandrake),
    "three-of-a-suit": _trick_flag(_three),
    "two-catalysts": _trick_flag(_two_cats),
    "low-trick": _trick_flag(_low),
}


def _danger(v: int) -> float:
    """How awkward a card of this value is to hold: high cards boil the cauldron."""
    return float(max(0, v - 5) ** 2)


def outcome_value(k: Knowledge, out: Outcome) -> float:
    """The team's view of how a reaction ends."""
    score = 0.0
    for value, owner in k.task_values:
        score += value(k, owner, out)
    if out.kind == BOIL:
        score -= BIG if k.slag + 1 >= k.cap else 45.0 + 35.0 * k.slag
    elif out.kind == WIN:
        if out.who == k.sponge:
            score -= BIG
        if k.special == "equilibrium" and out.total == 22 and not k.eq["catalyze_22"]:
            score += TASK
    elif out.kind == TOK:
        if k.special == "transmute" and not k.transmuted:
            score += TASK
        if k.special == "equilibrium" and out.total == 18 and not k.eq["transmute_18"]:
            score += TASK
        # Flipping high cards down makes the hands safer (and low ones up, riskier).
        weight = 0.5 + 0.5 * (k.n - 2)
        for p, f in out.plays:
            if f < DUAL and p != out.anchor:
                score += weight * _FLIP_GAIN[f]
    return score


# Per face below the Catalysts, what flipping it does to how awkward it is to hold.
_FLIP_GAIN: tuple[float, ...] = tuple(_danger(RANK[f]) - _danger(10 - RANK[f]) for f in range(DUAL))


# -- playing out the rest of a reaction -------------------------------------------------


def _takes(f: int, b: int, lead: int) -> bool:
    """Whether face ``f`` takes the lead from face ``b`` when ``lead`` is the suit led."""
    if f >= DUAL:
        return b < DUAL or RANK[f] > RANK[b]
    if b >= DUAL:
        return False
    return (SUIT[f] == SUIT[b] and RANK[f] > RANK[b]) or (SUIT[b] != lead and SUIT[f] == lead)


def _take_row(weaver: bool, lead: int, b: int) -> tuple[bool, ...]:
    """Per face, whether it takes the lead from face ``b`` (a Void Weaver's Catalysts take
    nothing)."""
    return tuple(_takes(f, b, lead) and not (weaver and f >= DUAL) for f in ALL_CARDS)


# Which faces take the lead, made once: _TAKES[weaver][lead][b][f] when face ``b`` leads the
# trick, and _OPENS[weaver][f] when nothing does yet.
_TAKES: tuple[tuple[tuple[tuple[bool, ...], ...], ...], ...] = tuple(
    tuple(tuple(_take_row(w, lead, b) for b in ALL_CARDS) for lead in range(7))
    for w in (False, True)
)
_OPENS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(not (w and f >= DUAL) for f in ALL_CARDS) for w in (False, True)
)


def _beats(k: Knowledge, seat: int, f: int, best: tuple[int, int] | None, lead: int) -> bool:
    """Whether ``f`` played by ``seat`` would take the lead from ``best`` (seat, face)."""
    w = k.weaver[seat]
    return _OPENS[w][f] if best is None else _TAKES[w][lead][best[1]][f]


def _winner(k: Knowledge, plays: list[tuple[int, int]]) -> tuple[int, int] | None:
    lead = SUIT[plays[0][1]]
    best: tuple[int, int] | None = None
    for seat, f in plays:
        if _beats(k, seat, f, best, lead):
            best = (seat, f)
    return best


def _policy(
    k: Knowledge,
    seat: int,
    hand: list[int],
    lead: int,
    best: tuple[int, int] | None,
    total: int,
    limit: int,
    intent: str,
    desire: list[float],
    after: int,
    row: list[int],
) -> int:
    """What a teammate does in the bot's imagination: stay safe, help the right one win,
    and shed high cards when it is safe to. ``lead`` is the suit led (-1 before the first
    card) and ``best`` the play that leads the trick so far."""
    legal = hand
    if lead >= 0:
        legal = [f for f in hand if SUIT[f] == lead] or hand
    if intent == "transmute":
        return max(legal, key=row.__getitem__)
    room = limit - total
    safe = [f for f in legal if row[f] <= room]
    if not safe:
        return min(legal, key=row.__getitem__)
    if seat in k.boilers and len(safe) < len(legal):
        return max(legal, key=row.__getitem__)  # its task wants this Boil Over
    w = k.weaver[seat]
    takes = _OPENS[w] if best is None else _TAKES[w][lead][best[1]]
    if desire[seat] > (desire[best[0]] if best else 0.0) + 1.0:
        beaters = [f for f in safe if takes[f]]
        if beaters:
            return max(beaters, key=RANK.__getitem__)
    duck = [f for f in safe if not takes[f]] if lead >= 0 else safe
    pool = duck or safe
    reserve = room - 2 * after
    # The highest value that leaves room for the rest, the lower rank on a tie, the first
    # such card on a tie of both.
    pick = -1
    pick_value = 0
    for f in pool:
        value = row[f]
        if value <= reserve and (
            pick < 0 or value > pick_value or (value == pick_value and RANK[f] < RANK[pick])
        ):
            pick, pick_value = f, value
    if pick >= 0:
        return pick
    return min(pool, key=row.__getitem__)


def play_out(
    k: Knowledge,
    hands: list[list[int]],
    plays: list[tuple[int, int]],
    order: list[int],
    intent: str,
    limit: int,
    target: int,
    desire: list[float],
    forced: bool = False,
    claim: int = -1,
    anchor: int = -1,
) -> Outcome:
    """Finish a reaction: ``order`` is who still plays, in turn."""
    plays = list(plays)
    rows = k.values(intent)
    total = sum(rows[p][f] for p, f in plays)
    catalyze = intent == "catalyze"
    if catalyze and total > limit:  # the card just added boils it over
        return Outcome(BOIL, plays[-1][0], plays, total, plays[0][0], False)
    lead = SUIT[plays[0][1]]
    best = _winner(k, plays)
    last = len(order) - 1
    weaver = k.weaver
    for i, seat in enumerate(order):
        row = rows[seat]
        f = _policy(k, seat, hands[seat], lead, best, total, limit, intent, desire, last - i, row)
        plays.append((seat, f))
        total += row[f]
        if catalyze and total > limit:
            return Outcome(BOIL, seat, plays, total, plays[0][0], False)
        w = weaver[seat]
        if _OPENS[w][f] if best is None else _TAKES[w][lead][best[1]][f]:
            best = (seat, f)
    leader = plays[0][0]
    who = best[0] if best else leader
    if intent == "catalyze":
        if claim >= 0:
            who = claim
        out = Outcome(WIN, who, plays, total, leader, False)
        # The last trick when every card left is in it.
        finish = k.finish
        out.final = finish is not None and all(s in out.seats for s in finish)
        return out
    if total >= target or forced:
        return Outcome(TOK, who, plays, total, leader, False, anchor)
    return Outcome(FIZ, who, plays, total, leader, False)


# -- the bot ------------------------------------------------------------------------------

# Draft: how well a task suits this hand (higher is better), by task id.
DraftScore = Callable[[Knowledge, list[int]], float]


def _power(hand: list[int]) -> float:
    """About how many tricks a hand can take."""
    table = {9: 0.6, 8: 0.45, 7: 0.3, 6: 0.15}
    cat = {4: 0.95, 3: 0.8, 2: 0.6, 1: 0.4}
    return sum(cat[RANK[f]] if f >= DUAL else table.get(RANK[f], 0.05) for f in hand)


def _draft_exactly(n: int) -> DraftScore:
    def score(k: Knowledge, hand: list[int]) -> float:
        share = len(hand) / k.n * 1.0
        e = min(_power(hand), share * 2)
        return 70.0 - 25.0 * abs(e - n) - (40.0 if n == 0 and any(f >= DUAL for f in hand) else 0)

    return score


def _draft_suit(su: int) -> DraftScore:
    def score(k: Knowledge, hand: list[int]) -> float:
        mine = [f for f in hand if SUIT[f] == su]
        strong = sum(1 for f in mine if RANK[f] >= 7) + sum(1 for f in hand if f >= DUAL) * 0.5
        return 55.0 + 10.0 * min(strong, 3) + 2.0 * len(mine)

    return score


def _draft_zero_suit(su: int) -> DraftScore:
    def score(k: Knowledge, hand: list[int]) -> float:
        mine = [f for f in hand if SUIT[f] == su]
        return 45.0 - 8.0 * sum(1 for f in mine if RANK[f] >= 6) - 4.0 * _power(hand) / 2

    return score


def _holds(pred: Callable[[int], bool], base: float, bonus: float) -> DraftScore:
    return lambda k, hand: base + bonus * min(2, sum(1 for f in hand if pred(f)))


def _flat(x: float) -> DraftScore:
    return lambda k, hand: x


def _first_draft(k: Knowledge, hand: list[int]) -> float:
    return 90.0 if (DUAL + 3) in hand else 5.0


def _last_draft(k: Knowledge, hand: list[int]) -> float:
    return 50.0 if any(f >= DUAL + 2 for f in hand) else 15.0


def _boil_draft(k: Knowledge, hand: list[int]) -> float:
    return -BIG if k.cap <= 1 else 35.0 if k.cap >= 3 else 20.0


def _after_boil_draft(k: Knowledge, hand: list[int]) -> float:
    return -BIG if k.cap <= 1 else 25.0


def _lead_compare(more: bool) -> DraftScore:
    def score(k: Knowledge, hand: list[int]) -> float:
        if k.me == k.lead_alch:
            return -BIG
        return (
            20.0
            + 10.0 * _power(hand) / max(1, len(hand)) * (1 if more else -1)
            + (0 if more else 30.0)
        )

    return score


def _sum22_draft(k: Knowledge, hand: list[int]) -> float:
    return 15.0 if k.limit0 >= 22 else -200.0


DRAFT_SCORE: dict[str, DraftScore] = {
    **{f"tricks-{n}": _draft_exactly(n) for n in range(5)},
    "tricks-5": lambda k, hand: 70.0 - 25.0 * max(0.0, 5 - _power(hand)),
    **{f"win-{name}": _draft_suit(su) for su, name in enumerate(SUIT_NAMES)},
    **{f"zero-{name}": _draft_zero_suit(su) for su, name in enumerate(SUIT_NAMES)},
    "win-nine": _holds(lambda f: f < DUAL and RANK[f] == 9, 45.0, 15.0),
    "win-one": _holds(lambda f: f < DUAL and RANK[f] == 1, 35.0, 10.0),
    "win-catalyst": _holds(lambda f: f >= DUAL + 2, 40.0, 25.0),
    "zero-catalyst": lambda k, hand: 50.0 - 25.0 * sum(1 for f in hand if f >= DUAL),
    "sum-22": _sum22_draft,
    "one-boil": _boil_draft,
    "transmute-high": _holds(lambda f: f < DUAL and RANK[f] >= 8, 35.0, 8.0),
    "transmute-low": _holds(lambda f: RANK[f] <= 2, 35.0, 8.0),
    "fizzle": _flat(45.0),
    "lead-one-transmute": _flat(45.0),
    "first-trick": _first_draft,
    "last-trick": _last_draft,
    "none-first-three": lambda k, hand: 30.0 if k.me == k.lead_alch else 55.0,
    "after-boil": _after_boil_draft,
    "more-than-lead": _lead_compare(True),
    "fewer-than-lead": _lead_compare(False),
    "most-tricks": lambda k, hand: 20.0 + 8.0 * _power(hand),
    "same-as-left": _flat(30.0),
    "two-mandrake": _holds(lambda f: SUIT[f] == MANDRAKE and RANK[f] >= 7, 35.0, 10.0),
    "three-of-a-suit": _flat(55.0),
    "two-catalysts": lambda k, hand: (
        -40.0 + 40.0 * min(2, sum(1 for f in hand if f >= DUAL)) + 20.0 * ((DUAL + 3) in hand)
    ),
    "low-trick": _flat(45.0),
}
# Tasks that need the owner to win a Catalyze trick (the Sponge must avoid them).
NEEDS_A_WIN = {
    tid
    for tid in DRAFT_SCORE
    if tid.startswith("win-")
    or tid
    in (
        "tricks-1",
        "tricks-2",
        "tricks-3",
        "tricks-4",
        "tricks-5",
        "sum-22",
        "first-trick",
        "last-trick",
        "after-boil",
        "more-than-lead",
        "most-tricks",
        "two-mandrake",
        "three-of-a-suit",
        "two-catalysts",
        "low-trick",
    )
}
# Tasks the Sponge cannot do: those that need a win, and leading a Transmute.
SPONGE_CANNOT = NEEDS_A_WIN | {"lead-one-transmute"}
AT_END = {
    "tricks-0",
    "tricks-1",
    "tricks-2",
    "tricks-3",
    "tricks-4",
    "zero-brimstone",
    "zero-quicksilver",
    "zero-salt",
    "zero-mandrake",
    "zero-aether",
    "zero-lodestone",
    "zero-catalyst",
    "one-boil",
    "lead-one-transmute",
    "last-trick",
    "more-than-lead",
    "fewer-than-lead",
    "most-tricks",
    "same-as-left",
}

# Discipline choice: a base worth, then what the mission and the bot's tasks add.
DISCIPLINE_SCORE: dict[str, Callable[[Knowledge, set[str]], float]] = {
    "purifier": lambda k, mine: 55 + 25 * (k.cap <= 2) + 10 * (k.n - 3) + 40 * ("sum-22" in mine),
    "stabilizer": lambda k, mine: 45 + 20 * (k.cap <= 2) + 10 * (k.n - 3) + 25 * ("sum-22" in mine),
    "pyromancer": lambda k, mine: 30.0,
    "transmuter": lambda k, mine: (
        30
        + 40 * (k.special in ("transmute", "equilibrium"))
        + 20 * bool(mine & {"transmute-high", "transmute-low"})
    ),
    "metallurgist": lambda k, mine: (
        25
        + 30 * (k.special in ("transmute", "caps"))
        + 15 * bool(mine & {"transmute-high", "transmute-low"})
    ),
    "hoarder": lambda k, mine: 30 + 20 * bool(mine & NEEDS_A_WIN),
    "anchor": lambda k, mine: 10.0,
    "seer": lambda k, mine: 20.0,
    "void-weaver": lambda k, mine: 10 + 35 * bool(mine & {"zero-catalyst", "tricks-0"}),
    "apprentice": lambda k, mine: 5.0,
}


def _publicly_impossible(k: Knowledge, tid: str, seat: int, sponge: int) -> bool:
    """A task everyone can see its owner could not do: a comparison with the Lead Alchemist
    for the Lead Alchemist, or a task that needs a win (or a Transmute led) for the Sponge."""
    if seat == k.lead_alch and tid in ("more-than-lead", "fewer-than-lead"):
        return True
    return seat == sponge and tid in SPONGE_CANNOT


def _can_be_drafted(k: Knowledge, tids: list[str], first: int, sponge: int) -> bool:
    """Whether the draft's picks from pick number ``first`` on can give each of ``tids`` to
    someone who could do it (else the last picks would force one on the Lead Alchemist or
    the Sponge, and the mission would be lost at once)."""
    seats = [(k.lead_alch + first + i) % k.n for i in range(len(tids))]
    slots = [
        [i for i, o in enumerate(seats) if not _publicly_impossible(k, t, o, sponge)] for t in tids
    ]
    return has_matching(slots)


def _rest_can_be_drafted(k: Knowledge, v: Any, tid: str) -> bool:
    """After this bot claims ``tid``, whether the rest can still be drafted safely."""
    rest = [t for t in v["revealed"] if t != tid]
    return _can_be_drafted(k, rest, len(v["tasks"]) + 1, k.sponge)


def _needs_a_higher_limit(k: Knowledge) -> bool:
    """A task on the table needs a Catalyze of exactly 22, the Cauldron Limit is lower, and
    no discipline kept so far can lift it (without one kept, that task is lost at once)."""
    if k.limit0 >= 22 or not any(tid == "sum-22" for tid, _ in k.tasks):
        return False
    for key in k.disc:
        hook = DISCIPLINES[key].limit if key else None
        if hook is not None and hook(k.limit0) >= 22:
            return False
    return True


class TeamBot:
    """A cooperative bot that plays toward the team's tasks and away from Boil Overs."""

    name = "team"

    def __init__(self, seed: int = 0, samples: int = SAMPLES) -> None:
        self.rng = Rng(seed ^ 0xC0C0)
        self.samples = samples

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id, reading only this seat's view and the decision."""
        ids = decision.ids
        if len(ids) == 1:
            return ids[0]
        first = ids[0]
        v = state.view(decision.seat)
        k = Knowledge(v, decision.seat)
        kind = first.split(":", 1)[0]
        handler = HANDLERS.get(kind)
        if handler is None:
            return ids[0]
        return handler(self, k, v, decision)

    # -- set-up --------------------------------------------------------------------------

    def _sponge(self, k: Knowledge, v: Any, d: Decision) -> str:
        """Volunteer with a weak hand, if the draft can then give this bot only tasks a
        Sponge can do; or if it can, and the one who would be the Sponge by default (the
        last asked) could not."""
        revealed = list(v["revealed"])
        if not _can_be_drafted(k, revealed, 0, k.me):
            return "pass"
        cats = sum(1 for f in k.hand if f >= DUAL + 2)
        weak = _power(k.hand) / max(1, len(k.hand)) < 0.2 and cats == 0
        last = (k.lead_alch - 1) % k.n
        return "volunteer" if weak or not _can_be_drafted(k, revealed, 0, last) else "pass"

    def _draft(self, k: Knowledge, v: Any, d: Decision) -> str:
        mine = {t["id"] for t in v["tasks"] if t["owner"] == k.me}
        ids = [i[5:] for i in d.ids]
        if k.special == "in-order":
            during = [t for t in ids if t not in AT_END]
            if during:
                ids = during

        def score(tid: str) -> float:
            s = DRAFT_SCORE[tid](k, k.hand)
            if k.sponge == k.me and tid in SPONGE_CANNOT:
                s -= BIG
            if tid in AT_END and len(mine) > 0:
                s -= 5.0  # several end-of-mission goals on one alchemist pull apart
            return s

        safe = [
            t
            for t in ids
            if not _publicly_impossible(k, t, k.me, k.sponge) and _rest_can_be_drafted(k, v, t)
        ]
        best = max(safe or ids, key=lambda t: (score(t), -ids.index(t)))
        return f"task:{best}"

    def _keep(self, k: Knowledge, v: Any, d: Decision) -> str:
        mine = {t["id"] for t in v["tasks"] if t["owner"] == k.me}
        keys = [i[5:] for i in d.ids]
        need = _needs_a_higher_limit(k)

        def score(key: str) -> float:
            hook = DISCIPLINES[key].limit
            lifts = need and hook is not None and hook(k.limit0) >= 22
            return DISCIPLINE_SCORE[key](k, mine) + (BIG if lifts else 0.0)

        best = max(keys, key=score)
        return f"keep:{best}"

    # -- whispers ------------------------------------------------------------------------

    def _whisper(self, k: Knowledge, v: Any, d: Decision) -> str:
        options = [i for i in d.ids if i.startswith("whisper:")]
        if not options:
            return "pass"
        wanted: list[Callable[[int], bool]] = []
        for tid, owner in k.tasks:
            if owner == k.me:
                continue
            pred = WHISPER_INTEREST.get(tid)
            if pred is not None:
                wanted.append(pred)

        def usefulness(oid: str) -> float:
            _, code, hint = oid.split(":")
            f = BY_CODE[code]
            s = 0.0
            s += 20.0 * sum(1 for pred in wanted if pred(f))
            if hint == "middle":
                s += 8.0
            if hint == "top" and RANK[f] >= 8:
                s += 6.0
            if f >= DUAL:
                s += 5.0
            return s

        best = max(options, key=usefulness)
        if usefulness(best) >= 15.0 or (k.reaction >= 3 and usefulness(best) >= 8.0):
            return best
        return "pass"

    # -- the reaction ---------------------------------------------------------------------

    def _intent(self, k: Knowledge, v: Any, d: Decision) -> str:
        best_id, _ = self._best_lead(k, d.ids)
        return best_id

    def _best_lead(self, k: Knowledge, intents: tuple[str, ...]) -> tuple[str, float]:
        samples = [k.sample(self.rng) for _ in range(self.samples)]
        order = [(k.me + i) % k.n for i in range(1, k.n) if k.sizes[(k.me + i) % k.n]]
        best: tuple[float, str] = (-1e18, intents[0])
        faces = sorted(set(k.hand), key=lambda f: k.val(k.me, f, "transmute"))
        for intent in intents:
            limit = k.limit0 if intent == "catalyze" else NO_LIMIT
            # A Transmute is led high to succeed (or low to fizzle): the middle is not tried.
            tried = faces if intent == "catalyze" else [*faces[:2], *faces[2:][-3:]]
            for f in tried:
                score = self._score_card(k, samples, f, [], order, intent, limit, k.target0)
                if intent == "transmute":
                    score += self._transmute_bonus(k)
                if score > best[0]:
                    best = (score, intent)
        return best[1], best[0]

    def _transmute_bonus(self, k: Knowledge) -> float:
        """Leading a Transmute uses one of the mission's few: keep some for later."""
        return -8.0 if k.transmutes_left <= 2 else 0.0

    def _score_card(
        self,
        k: Knowledge,
        samples: list[list[list[int]]],
        f: int,
        plays: list[tuple[int, int]],
        order: list[int],
        intent: str,
        limit: int,
        target: int,
        forced: bool = False,
        claim: int = -1,
        anchor: int = -1,
    ) -> float:
        mine = [*plays, (k.me, f)]
        desire = self._desire(k, mine, intent)
        total = 0.0
        if not order:
            out = play_out(k, [], mine, [], intent, limit, target, desire, forced, claim, anchor)
            total = outcome_value(k, out)
        else:
            for hands in samples:
                out = play_out(
                    k, hands, mine, order, intent, limit, target, desire, forced, claim, anchor
                )
                total += outcome_value(k, out)
            total /= len(samples)
        return total + self._keep_value(k, f, intent)

    def _keep_value(self, k: Knowledge, f: int, intent: str) -> float:
        """Shedding a high card while it is safe is worth a little (in a Transmute it comes
        back flipped, which the outcome already counts); a bot that must win the last trick
        keeps its strongest card for it."""
        keep = 0.0
        if f == k.strongest:
            keep -= TASK * 0.4
        if intent == "transmute":
            return keep
        return keep + 0.6 * (k.n - 2) * _danger(k.val(k.me, f, intent))

    def _desire(self, k: Knowledge, plays: list[tuple[int, int]], intent: str) -> list[float]:
        """How much the team would like each seat to win with these cards in the trick."""
        if intent != "catalyze":
            return [0.0] * k.n
        total = sum(k.val(p, f, intent) for p, f in plays)
        out = Outcome(WIN, 0, plays, total, plays[0][0], False)
        desire = []
        for s in range(k.n):
            out.who = s
            desire.append(outcome_value(k, out))
        return desire

    def _play(self, k: Knowledge, v: Any, d: Decision) -> str:
        cards = [i for i in d.ids if i.startswith("play:")]
        uses = [i for i in d.ids if i.startswith("use:")]
        faces = [BY_CODE[i[5:]] for i in cards]
        intent = k.intent
        n = k.n
        played = {p for p, _ in k.plays}
        order = [s for s in ((k.me + i) % n for i in range(1, n)) if k.sizes[s] and s not in played]
        samples = [k.sample(self.rng) for _ in range(self.samples)] if order else []
        limit = k.limit if intent == "catalyze" else NO_LIMIT
        scored = [
            (self._score_card(k, samples, f, k.plays, order, intent, limit, k.target), i)
            for f, i in zip(faces, cards, strict=True)
        ]
        best_score, best_id = max(scored, key=lambda x: x[0])
        if best_score >= USE_WHEN_BELOW:
            return best_id
        for use in uses:
            key = use[4:]
            gain = DISCIPLINE_USE.get(key)
            if gain is None:
                continue
            value = gain(self, k, samples, faces, order, best_score)
            if value > best_score + USE_MARGIN:
                return use
        return best_id

    def _confirm(self, k: Knowledge, v: Any, d: Decision) -> str:
        return "confirm"

    def _seer(self, k: Knowledge, v: Any, d: Decision) -> str:
        plan = self._seer_plan(k)
        for i in d.ids:
            if plan is not None and i in (f"mine:{plan[0]}", f"theirs:{plan[1]}"):
                return i
        return "cancel"

    def _seer_plan(self, k: Knowledge) -> tuple[str, str] | None:
        """Swap a task that needs wins the bot cannot take for one that needs none."""
        power = _power(k.hand)
        mine = [t for t, o in k.tasks if o == k.me]
        theirs = [(t, o) for t, o in k.tasks if o != k.me]
        if power >= 1.0 or not k.hand:
            return None
        for t in mine:
            if t not in NEEDS_A_WIN:
                continue
            for u, _owner in theirs:
                if u not in NEEDS_A_WIN and u in AT_END:
                    return t, u
        return None


USE_MARGIN = 25.0  # a discipline is used only when it is worth this much more
USE_WHEN_BELOW = 60.0  # ... and only when the best plain play is worth less than this


def _with_limit(bonus: int | None) -> Callable[..., float]:
    def gain(
        bot: TeamBot,
        k: Knowledge,
        samples: list[list[list[int]]],
        faces: list[int],
        order: list[int],
        best: float,
    ) -> float:
        limit = NO_LIMIT if bonus is None else k.limit + bonus
        return max(
            bot._score_card(k, samples, f, k.plays, order, k.intent, limit, k.target) for f in faces
        )

    return gain


def _pyro_gain(
    bot: TeamBot,
    k: Knowledge,
    samples: list[list[list[int]]],
    faces: list[int],
    order: list[int],
    best: float,
) -> float:
    k.active["pyromancer"] = k.me
    try:
        return max(
            bot._score_card(k, samples, f, k.plays, order, k.intent, k.limit, k.target)
            for f in faces
        )
    finally:
        del k.active["pyromancer"]


def _transmute_gain(forced: bool, drop: int) -> Callable[..., float]:
    def gain(
        bot: TeamBot,
        k: Knowledge,
        samples: list[list[list[int]]],
        faces: list[int],
        order: list[int],
        best: float,
    ) -> float:
        return max(
            bot._score_card(
                k, samples, f, k.plays, order, k.intent, NO_LIMIT, k.target - drop, forced=forced
            )
            for f in faces
        )

    return gain


def _hoard_gain(
    bot: TeamBot,
    k: Knowledge,
    samples: list[list[list[int]]],
    faces: list[int],
    order: list[int],
    best: float,
) -> float:
    return max(
        bot._score_card(k, samples, f, k.plays, order, k.intent, k.limit, k.target, claim=k.me)
        for f in faces
    )


def _anchor_gain(
    bot: TeamBot,
    k: Knowledge,
    samples: list[list[list[int]]],
    faces: list[int],
    order: list[int],
    best: float,
) -> float:
    return max(
        bot._score_card(k, samples, f, k.plays, order, k.intent, NO_LIMIT, k.target, anchor=k.me)
        for f in faces
    )


def _seer_gain(
    bot: TeamBot,
    k: Knowledge,
    samples: list[list[list[int]]],
    faces: list[int],
    order: list[int],
    best: float,
) -> float:
    return best + USE_MARGIN + 1 if bot._seer_plan(k) is not None else -1e18


DISCIPLINE_USE: dict[str, Callable[..., float]] = {
    "purifier": _with_limit(None),
    "stabilizer": _with_limit(3),
    "pyromancer": _pyro_gain,
    "transmuter": _transmute_gain(True, 0),
    "metallurgist": _transmute_gain(False, 5),
    "hoarder": _hoard_gain,
    "anchor": _anchor_gain,
    "seer": _seer_gain,
}

# What a teammate's task makes worth whispering about.
WHISPER_INTEREST: dict[str, Callable[[int], bool]] = {
    **{f"win-{name}": _suit(su) for su, name in enumerate(SUIT_NAMES)},
    "win-nine": lambda f: f < DUAL and RANK[f] == 9,
    "win-one": lambda f: f < DUAL and RANK[f] == 1,
    "win-catalyst": _is_cat,
    "two-catalysts": _is_cat,
    "two-mandrake": _suit(MANDRAKE),
}

HANDLERS: dict[str, Callable[[TeamBot, Knowledge, Any, Decision], str]] = {
    "volunteer": TeamBot._sponge,
    "task": TeamBot._draft,
    "keep": TeamBot._keep,
    "whisper": TeamBot._whisper,
    "pass": TeamBot._whisper,
    "catalyze": TeamBot._intent,
    "play": TeamBot._play,
    "use": TeamBot._play,
    "confirm": TeamBot._confirm,
    "mine": TeamBot._seer,
    "theirs": TeamBot._seer,
    "cancel": TeamBot._seer,
}


def highest_card(state: GameState, decision: Decision, pick: str) -> str | None:
    """A beginner's play: its highest-numbered card, without counting the cauldron."""
    plays = [i for i in decision.ids if i.startswith("play:")]
    if not plays:
        return None
    return max(plays, key=lambda i: (RANK[BY_CODE[i[5:]]], i))


BEGINNER_SLIPS = 0.3  # the share of choices a beginner plays its highest card instead
BEGINNER_SAMPLES = 2  # deals of the unseen cards it imagines (the team bot: SAMPLES)


def make_beginner(seed: int = 0) -> Beginner:
    """The easy level: the team bot looking less far ahead, and playing its highest card
    about one time in three."""
    return Beginner(TeamBot(seed, BEGINNER_SAMPLES), highest_card, BEGINNER_SLIPS, seed)
