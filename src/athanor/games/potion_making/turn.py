"""The turn: Practice's draw-and-play, the Guild's three phases, and the play itself.

A play is one of: lay a card on the Desk as an element (``lay:KEY``), collect
a recipe from the hand (``brew:KEY``), add the next step to a Great Work
Sequence (``step:N``) or finish one with the Philosopher's Stone
(``stone:N``), cast a spell (``spell:KEY``), or, in the second phase of a
Guild turn, take a card instead (``draw:DECK``). KEY names a card and the
element(s) on its bottom, since copies differ only there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option
from athanor.engine.text import plural
from athanor.games.potion_making.cards import Card, CardSet
from athanor.games.potion_making.desk import (
    Brew,
    Held,
    desk_summary,
    held,
    holdings,
    leave,
    meet,
    needs_table,
)
from athanor.games.potion_making.drawing import Draw, deck_options
from athanor.games.potion_making.rules import PRACTICE_HAND, lay_words
from athanor.games.potion_making.sequences import (
    Step,
    open_steps,
    place_stone,
    stone_ready,
)
from athanor.games.potion_making.spells import SPELLS

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState


class _PlayCards:
    """What a play question needs of each card, by card id, made once per card set: a
    record of its key, its recipe's needs (None for a spell or Stone) and name, its
    option to collect it, to cast it (with its effect; None for a recipe or Stone) and
    to lay it (not new, new), and the elements it may score for when laid (none for
    Magma)."""

    __slots__ = ("key", "names", "rec")

    def __init__(self, cs: CardSet) -> None:
        needs, names, _ = needs_table(cs)
        self.names = names
        self.key = tuple(c.key for c in cs.cards)
        self.rec = tuple(
            (
                c.key,
                needs[c.id],
                names[c.id],
                _brew_option(c),
                (_spell_option(c), c.type.effect) if c.type.kind == "spell" else None,
                tuple(Option(f"lay:{c.key}", lay_words(c, new)) for new in (False, True)),
                () if c.wild else c.elements,
            )
            for c in cs.cards
        )


def _brew_option(c: Card) -> Option:
    """ "Collect Love Potion: 2 points, needs Bloodstone and Mandrake Root"."""
    t = c.type
    if t.kind != "recipe":
        return Option(f"brew:{c.key}", "")
    return Option(
        f"brew:{c.key}", f"Collect {t.name}: {plural(t.points, 'point')}, needs {t.needs_words()}"
    )


def _spell_option(c: Card) -> Option:
    """ "Cast the Spell of Knowledge: take a recipe card from the Desk"."""
    spell = SPELLS.get(c.type.effect)  # (an unknown effect fails when the spell is cast)
    return Option(f"spell:{c.key}", f"Cast the {c.name}: {spell.brief if spell else ''}")


@functools.lru_cache(maxsize=16)
def play_cards(cs: CardSet) -> _PlayCards:
    """The play tables of a card set (as many kept as card sets are, cards.load)."""
    return _PlayCards(cs)


def play_options(s: PotionMakingState, seat: int, may_draw: bool) -> list[Option]:
    """Every play open to a seat now: collect, (with the Guild) a Sequence's step or
    Stone, cast, lay, (if ``may_draw``) take a card; each card of the hand once per key,
    in hand order."""
    cs = s.cs
    tab = play_cards(cs)
    recs = tab.rec
    desk = desk_summary(s)
    has = desk._has  # (kept from the last question unless a card left the Desk)
    if has is None:
        has = desk.has()
    there = desk._shown
    if there is None:
        there = desk.there()
    loose = bool(desk.flex or desk.wild)  # else each element is one card's
    fresh = s.fresh
    brews: list[Option] = []
    casts: list[Option] = []
    lays: list[Option] = []
    have: Held | None = None
    seen: set[str] = set()
    cast: set[str] = set()
    ok: dict[str, bool] = {}
    for cid in s.hands[seat]:
        key, r, name, brew, spell, lay, shows = recs[cid]
        if key in seen:
            if spell is not None and key not in cast and cid not in fresh:
                cast.add(key)  # (its first copies were taken this turn: M27)
                if SPELLS[spell[1]].can(s, seat):
                    casts.append(spell[0])
            continue
        seen.add(key)
        lays.append(lay[not there.issuperset(shows)])
        if r is None:
            if spell is not None and cid not in fresh:
                cast.add(key)
                if SPELLS[spell[1]].can(s, seat):
                    casts.append(spell[0])
            continue
        good = ok.get(name)
        if good is None:
            # As Needs.met, its commonest case first.
            if r.once:
                good = has.issuperset(r.needs) or (loose and desk.can_give(r.needs, 0, True))
            else:
                good = desk.can_give(r.needs, r.anyk, True)
            if good and r.accepts:
                if have is None:
                    have = held(s, tab.names)
                met = have.met.get(name)
                if met is None:
                    met = have.met[name] = meet(r.accepts, have.names)
                good = met
            ok[name] = good
        if good:
            brews.append(brew)
    opts = brews
    if s.seq_card[seat] >= 0:
        hold = holdings(s)
        # Your own Sequences are "Sequence 2": your card's name goes without saying.
        for j in stone_ready(s, seat):
            points = s.sequence(seat, j).steps[-1][1]
            opts.append(
                Option(
                    f"stone:{j + 1}",
                    f"Complete Sequence {j + 1} with your Philosopher's Stone: "
                    f"{plural(points, 'point')}, and the game ends",
                )
            )
        for j in open_steps(s, seat, hold):
            n = len(s.seqs[seat][j])
            step, points = s.sequence(seat, j).steps[n]
            opts.append(
                Option(
                    f"step:{j + 1}",
                    f"Add {step} to Sequence {j + 1} as step {n + 1}: {plural(points, 'point')}",
                )
            )
    opts += casts
    opts += lays
    if may_draw:
        opts += deck_options(s, play=True)
    return opts


def _key(s: PotionMakingState, seat: int, key: str) -> int:
    keys = play_cards(s.cs).key
    for c in s.hands[seat]:
        if keys[c] == key:
            return c
    raise KeyError(f"no {key} in the hand")  # (cannot happen: options name cards held)


def _lay(s: PotionMakingState, seat: int, arg: str) -> None:
    s.lay(seat, _key(s, seat, arg))


def _brew(s: PotionMakingState, seat: int, arg: str) -> None:
    s.stack.append(Brew(seat, _key(s, seat, arg)))


def _step(s: PotionMakingState, seat: int, arg: str) -> None:
    s.stack.append(Step(seat, int(arg) - 1))


def _stone(s: PotionMakingState, seat: int, arg: str) -> None:
    place_stone(s, seat, int(arg) - 1)


def _draw(s: PotionMakingState, seat: int, arg: str) -> None:
    s.draw(seat, arg)


def _spell(s: PotionMakingState, seat: int, arg: str) -> None:
    cards = s.cs.cards
    cid = next(c for c in s.hands[seat] if cards[c].key == arg and c not in s.fresh)
    card = s.card(cid)
    spell = SPELLS[card.type.effect]
    s.from_hand(seat, cid)
    s.casting.append(cid)
    # Said once: where the spell goes when it is done (FinishSpell says nothing more).
    s.act(
        seat,
        "cast",
        "casts",
        f" the {card.name}, which then lies on the Desk as {card.bottom}.",
        kind="spell",
    )
    s.stack.append(FinishSpell(seat, cid, spell.plays_after))
    spell.start(s, seat)


PLAYS: dict[str, Callable[[PotionMakingState, int, str], None]] = {
    "lay": _lay,
    "brew": _brew,
    "step": _step,
    "stone": _stone,
    "draw": _draw,
    "spell": _spell,
}


@dataclass
class Play(Frame):
    """One play; in the second phase of a Guild turn, taking a card is offered too."""

    seat: int
    may_draw: bool = False
    after_spell: bool = False

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        # (as s.out_of_cards())
        out = not any(s.hands) and not any(s.decks.values())
        opts = [] if out else play_options(s, self.seat, self.may_draw)
        if not opts:
            leave(s, self)
            if s.hands[self.seat]:  # cannot happen: a card in hand can always be laid
                raise AssertionError("a hand with no play")
            if not s.out_of_cards():
                s.act(self.seat, "have", "has", " no card to play.", kind="turn")
            return None
        if self.after_spell:
            prompt = "Make another play after your spell"
        elif self.may_draw:
            prompt = "Take a card or make a play"
        else:
            prompt = "Make a play"
        return Decision(self.seat, prompt, tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionMakingState = state
        stack = s.stack
        if stack[-1] is self:  # (as leave)
            stack.pop()
        else:
            stack.remove(self)
        verb, _, arg = option_id.partition(":")
        PLAYS[verb](s, self.seat, arg)


@dataclass
class FinishSpell(Frame):
    """A resolved spell lies on the Desk as its element; then the plays that follow it."""

    seat: int
    card: int
    plays: int

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        leave(s, self)
        s.casting.remove(self.card)
        s.desk.append(self.card)
        for _ in range(self.plays):
            s.stack.append(Play(self.seat, after_spell=True))
        return None


@dataclass
class Turn(Frame):
    """A turn. Practice: draw up to five, then one play. With the Guild: three phases (M5)."""

    seat: int
    step: str = "start"

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        if not any(s.hands) and not any(s.decks.values()):  # (as s.out_of_cards())
            s.end("every deck and every hand is empty")
            return None
        stack = s.stack
        # Step after step until one leaves a frame to run on top (a play, a choice of deck).
        # No step here can run the cards out (they go only from decks to hands), so the
        # check above holds for every one of them.
        while True:
            step = self.step
            if step == "start":
                self._start(s)
            elif step == "play":  # (as _play)
                s.phase = "play"
                self.step = "end"
                stack.append(Play(self.seat))
                return None
            elif step == "end":  # (as _end)
                self.seat = (self.seat + 1) % len(s.names)
                self.step = "start"
                continue
            else:
                getattr(self, "_" + step)(s)
            if stack[-1] is not self:
                return None

    def _start(self, s: PotionMakingState) -> None:
        seat = self.seat
        s.current = seat
        s.fresh = []
        s.turn_no += 1
        s.turns[seat] += 1
        if s.log is not None:
            s.say(
                "turn",
                f"Turn {s.turn_no}: {s.names[seat]}'s turn.",
                [(seat, f"Turn {s.turn_no}: your turn.")],
            )
        if s.mode == "practice":
            s.phase = "draw"
            self.step = "play"
            _take(s, seat, PRACTICE_HAND - len(s.hands[seat]))  # (none at 5 or more)
        else:
            self.step = "first"

    def _play(self, s: PotionMakingState) -> None:
        s.phase = "play"
        s.stack.append(Play(self.seat))
        self.step = "end"

    def _first(self, s: PotionMakingState) -> None:
        """Take cards: up to the fill size, or one; none at the hand limit."""
        fill, limit = s.hand_limits()
        n = len(s.hands[self.seat])
        s.phase = "first"
        self.step = "second"
        if n >= limit:
            s.act(
                self.seat,
                "hold",
                "holds",
                f" {plural(n, 'card')} and takes none in the first phase.",
                mine=f" {plural(n, 'card')} and take none in the first phase.",
                kind="turn",
            )
            return
        _take(s, self.seat, max(fill, n + 1) - n, "first phase")

    def _second(self, s: PotionMakingState) -> None:
        _, limit = s.hand_limits()
        s.phase = "second"
        self.step = "third"
        s.stack.append(Play(self.seat, may_draw=len(s.hands[self.seat]) < limit))

    def _third(self, s: PotionMakingState) -> None:
        s.phase = "third"
        self.step = "end"
        s.stack.append(Play(self.seat))

    def _end(self, s: PotionMakingState) -> None:
        """The next seat's turn: this frame becomes it (as a new Turn on the stack would)."""
        self.seat = (self.seat + 1) % s.players
        self.step = "start"


def _take(s: PotionMakingState, seat: int, n: int, why: str = "") -> None:
    """Take ``n`` cards, as a ``Draw`` does: at once while no more than one deck has cards
    (there is nothing to choose), else card by card through a ``Draw``."""
    if n <= 0:
        return
    deck = ""
    for d, pile in s.decks.items():
        if pile:
            if deck:  # a choice of deck
                s.stack.append(Draw(seat, n, why))
                return
            deck = d
    if not deck:
        return
    pile = s.decks[deck]
    hand = s.hands[seat]
    taken = pile[-n:]  # as s.draw takes them one by one, the top card (last) first
    taken.reverse()
    del pile[-n:]
    hand += taken
    s._sealed = True  # (as s.seal()) hidden cards come to light: no undo past this
    if s.log is not None:
        s.tell_draws(seat, taken)


FRAMES: dict[str, type[Frame]] = {
    "Turn": Turn,
    "Play": Play,
    "FinishSpell": FinishSpell,
    "Draw": Draw,
    "Brew": Brew,
    "Step": Step,
}
