"""The 40 Condition Tasks, each a definition registered by id in ``TASKS``.

A task watches its owner's record. ``met`` says whether the record fulfils
it; a task judged *during play* completes the moment ``met`` holds, a task
judged *at the end* completes only when the mission ends with ``met`` true.
``broken`` says (with a reason) that the record already rules it out, and
``impossible`` says that no way of playing on could fulfil it. Both must be
certain: they allow for cards that can still flip (while a Transmute can
still succeed), count the cards in the cauldron as well as the hands (a task
may be judged in the middle of a reaction, after a Seer swap: the cards played
to it can still be won, or come back to their hands), and never count cards
out of play, destroyed, in the slag pile or won by others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from athanor.engine.text import with_article
from athanor.games.crucible.cards import (
    CATALYST,
    DUAL,
    FLIP,
    MANDRAKE,
    RANK,
    SUIT,
    SUIT_BIT,
    SUITS,
    plural,
)

if TYPE_CHECKING:
    from athanor.games.crucible.rules import CrucibleState

# Indices into a seat's record (``state.rec[seat]``). 0-6: cards won of each suit.
WINS = 7  # Catalyze tricks won
BOILS = 8  # Boil Overs caused
LED_T = 9  # Transmutes led
T_HIGH = 10  # played the highest card in a successful Transmute
T_LOW = 11  # played the lowest card in a successful Transmute
FIZZLE = 12  # played a card in a Transmute that fizzled
SUM22 = 13  # won a Catalyze trick totalling exactly 22
TWO_M = 14  # won a trick holding two Mandrake
THREE = 15  # won a trick holding three cards of one suit
TWO_C = 16  # won a trick holding two Catalysts
LOW = 17  # won a trick with no card higher than 5
AFTER_BOIL = 18  # won the trick right after a Boil Over
NINES = 19  # ingredient 9s won
ONES = 20  # ingredient 1s won
RECORD_SIZE = 21

OPEN, DONE, FAILED = "open", "done", "failed"
STATUSES = (OPEN, DONE, FAILED)

Why = str | None


class Reach:
    """What the cards still in play could show, worked out once per review.

    ``suits[seat]`` is a bit mask of the suits a card of that seat can show: one in
    its hand, or the one it has played to the reaction in progress (still in the
    cauldron, where it may yet be won or come back to the hand); the transmuted face
    counts while a Transmute can still succeed.
    """

    __slots__ = ("catalysts", "flippable", "nines", "ones", "suits")

    def __init__(self, s: CrucibleState) -> None:
        self.flippable = flip = s.can_still_flip()
        self.suits: list[int] = []
        self.catalysts: list[int] = []
        # Per face, looked up rather than worked out card by card (see _reach_tables).
        masks, nine, one = _REACH[flip]
        nines: bool = False
        ones: bool = False
        face = s.face
        played: list[list[int]] = [[] for _ in s.hands]
        for p, c in s.plays:
            played[p].append(c)
        for seat, hand in enumerate(s.hands):
            mask = 0
            cats = 0
            for c in (*hand, *played[seat]):
                f = face[c]
                mask |= masks[f]
                if f >= DUAL:
                    cats += 1
                else:
                    nines = nines or nine[f]
                    ones = ones or one[f]
            self.suits.append(mask)
            self.catalysts.append(cats)
        self.nines: bool = nines
        self.ones: bool = ones

    def hands_with(self, suit: int) -> int:
        """How many hands hold a card that can show ``suit``."""
        bit = 1 << suit
        return sum(1 for m in self.suits if m & bit)


def _reach_tables(flip: bool) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...]]:
    """Per face: the suits it can show (its own, and its flip side while a Transmute can
    still succeed), whether it can show a 9, and whether it can show a 1 (a flip takes a 1
    to a 9 and back; a Catalyst shows neither)."""
    masks: list[int] = []
    nine: list[bool] = []
    one: list[bool] = []
    for f in range(len(RANK)):
        r = RANK[f]
        dual = f < DUAL
        masks.append(SUIT_BIT[f] | (SUIT_BIT[FLIP[f]] if flip and dual else 0))
        nine.append(dual and (r in (1, 9) if flip else r == 9))
        one.append(dual and (r in (1, 9) if flip else r == 1))
    return tuple(masks), tuple(nine), tuple(one)


_REACH = {False: _reach_tables(False), True: _reach_tables(True)}


@dataclass(frozen=True)
class Task:
    """One Condition Task: its words and its checks."""

    id: str
    category: str
    text: str
    at_end: bool
    met: Callable[[CrucibleState, int], bool]
    broken: Callable[[CrucibleState, int], Why] = lambda s, o: None
    impossible: Callable[[CrucibleState, int, Reach], Why] = lambda s, o, r: None

    @property
    def words(self) -> str:
        """The text without its full stop, to go inside a sentence."""
        return self.text.rstrip(".")

    @property
    def timing(self) -> str:
        """'at the end' or 'during play', for the task listing."""
        return "judged at the end" if self.at_end else "completes during play"


# -- shared reasons -----------------------------------------------------------------


def in_cauldron(s: CrucibleState, o: int) -> bool:
    """Whether a seat has a card in the reaction in progress."""
    return any(p == o for p, _ in s.plays)


def cards_left(s: CrucibleState, o: int) -> int:
    """A seat's cards still in play: its hand, and its card in the cauldron if any."""
    return len(s.hands[o]) + (1 if in_cauldron(s, o) else 0)


def future_wins(s: CrucibleState, o: int) -> int:
    """The most Catalyze tricks a seat can still win: one per card it still has in play
    (each win needs a card of theirs in the trick; the one in the cauldron may win the
    trick in progress); none for the Sponge, whose win loses."""
    return 0 if o == s.sponge else cards_left(s, o)


def cannot_win(s: CrucibleState, o: int) -> Why:
    """Why a seat can win no more Catalyze tricks, if it cannot."""
    if o == s.sponge:
        return "the Sponge may win no Catalyze trick"
    if not cards_left(s, o):
        return "no card is left in that hand to win a trick with"
    return None


def no_transmute_left(s: CrucibleState, o: int) -> Why:
    """Why no more Transmute can be played with this seat in it, if none can."""
    if in_cauldron(s, o) and s.intent == "transmute":
        return None  # the Transmute in progress has their card
    if not s.hands[o]:
        return "no card is left in that hand"
    if not s.can_declare_transmute():
        return "no more Transmutes may be declared this mission"
    return None


def _wins(s: CrucibleState, o: int) -> int:
    return s.rec[o][WINS]


# -- the task families --------------------------------------------------------------


def _exactly(n: int) -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        w = _wins(s, o)
        return f"{plural(w, 'Catalyze trick')} already won" if w > n else None

    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        w = _wins(s, o)
        if w < n and w + future_wins(s, o) < n:
            return (
                f"{w} won, and at most {future_wins(s, o)} more can be"
                if o != s.sponge
                else "the Sponge may win no Catalyze trick"
            )
        return None

    word = "no Catalyze trick" if n == 0 else f"exactly {plural(n, 'Catalyze trick')}"
    return Task(
        f"tricks-{n}",
        "Trick Volume",
        f"Win {word}.",
        True,
        lambda s, o: _wins(s, o) == n,
        broken,
        impossible,
    )


def _at_least_five() -> Task:
    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        w = _wins(s, o)
        if w + future_wins(s, o) < 5:
            return cannot_win(s, o) or f"{w} won, and too few cards are left in that hand"
        return None

    return Task(
        "tricks-5",
        "Trick Volume",
        "Win at least 5 Catalyze tricks.",
        False,
        lambda s, o: _wins(s, o) >= 5,
        impossible=impossible,
    )


def _win_suit(suit: int) -> Task:
    name = SUITS[suit]

    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        why = cannot_win(s, o)
        if why:
            return why
        if not r.hands_with(suit):
            return f"no card that can show {name} is left in any hand"
        return None

    return Task(
        f"win-{name.lower()}",
        "Suit Specifics",
        f"Win at least one {name}.",
        False,
        lambda s, o: s.rec[o][suit] > 0,
        impossible=impossible,
    )


def _zero_suit(suit: int) -> Task:
    name = SUITS[suit]

    def broken(s: CrucibleState, o: int) -> Why:
        return f"{an(name)} has been won" if s.rec[o][suit] else None

    return Task(
        f"zero-{name.lower()}",
        "Suit Specifics",
        f"Win no {name} at all.",
        True,
        lambda s, o: s.rec[o][suit] == 0,
        broken,
    )


def an(word: str) -> str:
    """'a Salt', 'an Aether'."""
    return with_article(word)


def _win_rank(key: str, index: int, words: str, reach: Callable[[Reach], bool]) -> Task:
    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        why = cannot_win(s, o)
        if why:
            return why
        if not reach(r):
            return f"no card that can show {words} is left in any hand"
        return None

    return Task(
        key,
        "Rank Specifics",
        f"Win {words}.",
        False,
        lambda s, o: s.rec[o][index] > 0,
        impossible=impossible,
    )


def _win_catalyst() -> Task:
    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        why = cannot_win(s, o)
        if why:
            return why
        return None if any(r.catalysts) else "no Catalyst is left in any hand"

    return Task(
        "win-catalyst",
        "Rank Specifics",
        "Win at least one Catalyst.",
        False,
        lambda s, o: s.rec[o][CATALYST] > 0,
        impossible=impossible,
    )


def _zero_catalyst() -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        return "a Catalyst has been won" if s.rec[o][CATALYST] else None

    return Task(
        "zero-catalyst",
        "Rank Specifics",
        "Win no Catalyst at all.",
        True,
        lambda s, o: s.rec[o][CATALYST] == 0,
        broken,
    )


def _flag(key: str, category: str, text: str, index: int, impossible: Callable[..., Why]) -> Task:
    return Task(key, category, text, False, lambda s, o: s.rec[o][index] > 0, impossible=impossible)


def _sum22_impossible(s: CrucibleState, o: int, r: Reach) -> Why:
    why = cannot_win(s, o)
    if why:
        return why
    if s.highest_reachable_limit() < 22:
        return f"no Catalyze can total 22 when the Cauldron Limit is {s.mission.cauldron_limit}"
    return None


def _transmute_impossible(s: CrucibleState, o: int, r: Reach) -> Why:
    return no_transmute_left(s, o)


def _one_boil() -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        b = s.rec[o][BOILS]
        return f"{plural(b, 'Boil Over')} already caused" if b > 1 else None

    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        if s.rec[o][BOILS]:
            return None
        if not cards_left(s, o):
            return "no card is left in that hand to cause a Boil Over with"
        if sum(s.slag) + 1 >= s.mission.slag_cap:
            return "one more Boil Over would destroy the laboratory"
        return None

    return Task(
        "one-boil",
        "Reactions & Transmutes",
        "Cause exactly one Boil Over.",
        True,
        lambda s, o: s.rec[o][BOILS] == 1,
        broken,
        impossible,
    )


def _lead_one_transmute() -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        n = s.rec[o][LED_T]
        return f"{plural(n, 'Transmute')} already led" if n > 1 else None

    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        if s.rec[o][LED_T]:
            return None
        if o == s.sponge:
            return "the Sponge may not lead a Transmute"
        return no_transmute_left(s, o)

    return Task(
        "lead-one-transmute",
        "Reactions & Transmutes",
        "Lead exactly one Transmute.",
        True,
        lambda s, o: s.rec[o][LED_T] == 1,
        broken,
        impossible,
    )


def _won(s: CrucibleState, i: int, o: int) -> bool:
    """Whether reaction ``i`` (from 0) was a Catalyze trick won by ``o``."""
    h = s.history[i]
    return bool(h[0] == "C" and h[1] == o)


def _first_trick() -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        if s.history and not _won(s, 0, o):
            return "the first trick went elsewhere"
        return None

    return Task(
        "first-trick",
        "Timing & Order",
        "Win the first trick.",
        False,
        lambda s, o: bool(s.history) and _won(s, 0, o),
        broken,
        lambda s, o, r: cannot_win(s, o),
    )


def _last_trick() -> Task:
    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        if o == s.sponge:
            return "the Sponge may win no Catalyze trick"
        # Their card in a Transmute in progress may come back to their hand.
        comes_back = in_cauldron(s, o) and s.intent == "transmute" and r.flippable
        if not s.hands[o] and any(s.hands) and not comes_back:
            return "no card is left in that hand for the last trick"
        return None

    return Task(
        "last-trick",
        "Timing & Order",
        "Win the last trick.",
        True,
        lambda s, o: bool(s.history) and _won(s, len(s.history) - 1, o),
        impossible=impossible,
    )


def _none_first_three() -> Task:
    def broken(s: CrucibleState, o: int) -> Why:
        for i in range(min(3, len(s.history))):
            if _won(s, i, o):
                return f"trick {i + 1} was won"
        return None

    return Task(
        "none-first-three",
        "Timing & Order",
        "Win none of the first three tricks.",
        False,
        lambda s, o: (
            (len(s.history) >= 3 or s.finished)
            and not any(_won(s, i, o) for i in range(min(3, len(s.history))))
        ),
        broken,
    )


def _after_boil_impossible(s: CrucibleState, o: int, r: Reach) -> Why:
    why = cannot_win(s, o)
    if why:
        return why
    pending = bool(s.history) and s.history[-1][0] == "B"
    if not pending and sum(s.slag) + 1 >= s.mission.slag_cap:
        return "one more Boil Over would destroy the laboratory"
    return None


def _compare(
    key: str,
    text: str,
    met: Callable[[CrucibleState, int], bool],
    impossible: Callable[[CrucibleState, int, Reach], Why],
) -> Task:
    return Task(key, "Comparisons", text, True, met, impossible=impossible)


def _more_than_lead(s: CrucibleState, o: int, r: Reach) -> Why:
    lead = s.lead_alch
    if o == lead:
        return "the Lead Alchemist cannot win more tricks than themselves"
    if _wins(s, o) + future_wins(s, o) <= _wins(s, lead):
        return "the Lead Alchemist's count can no longer be passed"
    return None


def _fewer_than_lead(s: CrucibleState, o: int, r: Reach) -> Why:
    lead = s.lead_alch
    if o == lead:
        return "the Lead Alchemist cannot win fewer tricks than themselves"
    if _wins(s, o) >= _wins(s, lead) + future_wins(s, lead):
        return "the Lead Alchemist can no longer win more tricks"
    return None


def _most_outright(s: CrucibleState, o: int, r: Reach) -> Why:
    best = _wins(s, o) + future_wins(s, o)
    for other in range(s.players):
        if other != o and _wins(s, other) >= best:
            return "another alchemist's count can no longer be passed"
    return None


def _left(s: CrucibleState, o: int) -> int:
    return (o + 1) % s.players


def _same_as_left(s: CrucibleState, o: int, r: Reach) -> Why:
    left = _left(s, o)
    mine, theirs = _wins(s, o), _wins(s, left)
    if mine + future_wins(s, o) < theirs or theirs + future_wins(s, left) < mine:
        return "the alchemist to the left can no longer be matched"
    return None


def _combo(key: str, text: str, index: int, need: Callable[[Reach], Why]) -> Task:
    def impossible(s: CrucibleState, o: int, r: Reach) -> Why:
        return cannot_win(s, o) or need(r)

    return _flag(key, "Combos", text, index, impossible)


def _two_mandrake(r: Reach) -> Why:
    if r.hands_with(MANDRAKE) < 2:
        return "fewer than two hands can still show a Mandrake"
    return None


def _three_of_suit(r: Reach) -> Why:
    best = max(max(r.hands_with(suit) for suit in range(6)), sum(1 for c in r.catalysts if c))
    return None if best >= 3 else "no suit can still be shown by three hands"


def _two_catalysts(r: Reach) -> Why:
    return None if sum(1 for c in r.catalysts if c) >= 2 else "fewer than two hands hold a Catalyst"


TASKS: dict[str, Task] = {
    t.id: t
    for t in (
        *(_exactly(n) for n in range(5)),
        _at_least_five(),
        *(_win_suit(suit) for suit in range(6)),
        *(_zero_suit(suit) for suit in range(6)),
        _win_rank("win-nine", NINES, "a 9", lambda r: r.nines),
        _win_rank("win-one", ONES, "a 1", lambda r: r.ones),
        _win_catalyst(),
        _zero_catalyst(),
        _flag(
            "sum-22",
            "Reactions & Transmutes",
            "Win a Catalyze trick that totals exactly 22.",
            SUM22,
            _sum22_impossible,
        ),
        _one_boil(),
        _flag(
            "transmute-high",
            "Reactions & Transmutes",
            "Play the highest card in a successful Transmute.",
            T_HIGH,
            _transmute_impossible,
        ),
        _flag(
            "transmute-low",
            "Reactions & Transmutes",
            "Play the lowest card in a successful Transmute.",
            T_LOW,
            _transmute_impossible,
        ),
        _flag(
            "fizzle",
            "Reactions & Transmutes",
            "Play a card in a Transmute that fizzles.",
            FIZZLE,
            _transmute_impossible,
        ),
        _lead_one_transmute(),
        _first_trick(),
        _last_trick(),
        _none_first_three(),
        _flag(
            "after-boil",
            "Timing & Order",
            "Win the trick right after a Boil Over.",
            AFTER_BOIL,
            _after_boil_impossible,
        ),
        _compare(
            "more-than-lead",
            "Win more tricks than the Lead Alchemist.",
            lambda s, o: _wins(s, o) > _wins(s, s.lead_alch),
            _more_than_lead,
        ),
        _compare(
            "fewer-than-lead",
            "Win fewer tricks than the Lead Alchemist.",
            lambda s, o: _wins(s, o) < _wins(s, s.lead_alch),
            _fewer_than_lead,
        ),
        _compare(
            "most-tricks",
            "Win more tricks than anyone else (no tie).",
            lambda s, o: all(_wins(s, o) > _wins(s, x) for x in range(s.players) if x != o),
            _most_outright,
        ),
        _compare(
            "same-as-left",
            "Win as many tricks as the alchemist to your left.",
            lambda s, o: _wins(s, o) == _wins(s, _left(s, o)),
            _same_as_left,
        ),
        _combo("two-mandrake", "Win a trick holding two Mandrake.", TWO_M, _two_mandrake),
        _combo(
            "three-of-a-suit", "Win a trick holding three cards of one suit.", THREE, _three_of_suit
        ),
        _combo("two-catalysts", "Win a trick holding two Catalysts.", TWO_C, _two_catalysts),
        _combo("low-trick", "Win a trick in which no card is higher than 5.", LOW, lambda r: None),
    )
}

ORDER = tuple(TASKS)


def record_trick(rec: list[int], faces: list[int], total: int, after_boil: bool) -> None:
    """Add a won Catalyze trick to the winner's record."""
    rec[WINS] += 1
    counts = [0] * 7
    top = 0
    for f in faces:
        su = SUIT[f]
        counts[su] += 1
        rec[su] += 1
        r = RANK[f]
        if su != CATALYST:
            if r == 9:
                rec[NINES] += 1
            elif r == 1:
                rec[ONES] += 1
        if r > top:
            top = r
    if total == 22:
        rec[SUM22] = 1
    if counts[MANDRAKE] >= 2:
        rec[TWO_M] = 1
    if max(counts) >= 3:
        rec[THREE] = 1
    if counts[CATALYST] >= 2:
        rec[TWO_C] = 1
    if top <= 5:
        rec[LOW] = 1
    if after_boil:
        rec[AFTER_BOIL] = 1
