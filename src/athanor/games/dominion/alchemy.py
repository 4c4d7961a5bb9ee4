"""Dominion: Alchemy card effects (Herbalist and Alchemist's Clean-up is in frames.py).

Rules decisions are numbered in docs/rules/dominion.md (D25 onwards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame
from athanor.games.dominion.cards import ACTIONS, CARDS, CardType, a_card, cards_words, plural
from athanor.games.dominion.frames import (
    Effect,
    Gain,
    Resolve,
    _done,
    card_of,
    distinct,
    opt,
    trash_question,
)

if TYPE_CHECKING:
    from athanor.games.dominion.rules import DominionState


@dataclass
class TrashFor(Frame):
    """Trash a card from your hand, then get its reward (Transmute, Apprentice)."""

    seat: int
    why: str

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        return trash_question(s, self, self.seat, distinct(s.hands[self.seat]), self.why)

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        name = card_of(option_id)
        s.trash_from_hand(self.seat, name)
        c = CARDS[name]
        if self.why == "Transmute":
            # Every matching type gives its reward, in printed order (D26).
            if c.types & CardType.ACTION:
                s.gain(self.seat, "Duchy")
            if c.types & CardType.TREASURE:
                s.gain(self.seat, "Transmute")
            if c.types & CardType.VICTORY:
                s.gain(self.seat, "Gold")
            return
        n = c.cost.coins + (2 if c.cost.potions else 0)  # Apprentice (D36)
        if n:
            s.draw(self.seat, n)
        elif s.log is not None:
            s._act(self.seat, "draw", "draws", " no cards (Apprentice).", kind="draw")


def _transmute(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(TrashFor(seat, "Transmute"))


def _apprentice(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(TrashFor(seat, "Apprentice"))


@dataclass
class PutBack(Frame):
    """Put set-aside cards back on the deck one at a time; the last one put back is on top."""

    seat: int
    cards: list[str] = field(default_factory=list)
    why: str = ""

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        names = distinct(self.cards)
        if len(names) > 1:
            whose = s.whose(self.seat, self.seat)
            return Decision(
                self.seat,
                f"Put a card back on {whose} deck; the last one put back ends on top "
                f"({self.why}: {cards_words(self.cards)})",
                tuple(opt("back", c, whose) for c in names),
            )
        _done(s, self)
        for c in list(self.cards):
            self._back(s, c)
        return None

    def _back(self, s: DominionState, name: str) -> None:
        self.cards.remove(name)
        s.asides[self.seat].remove(name)
        s.decks[self.seat].append(name)
        if s.log is not None:
            s._act(
                self.seat,
                "put",
                "puts",
                f" {a_card(name)} back on their deck ({self.why}).",
                kind="put",
            )

    def choose(self, state: Any, option_id: str) -> None:
        self._back(state, card_of(option_id))


def _apothecary(s: DominionState, seat: int, immune: list[int]) -> None:
    revealed: list[str] = []
    for _ in range(4):
        c = s.take_top(seat)
        if c is None:
            break
        revealed.append(c)
    if not revealed:
        if s.log is not None:
            s._act(seat, "have", "has", " no cards to reveal (Apothecary).")
        return
    take = [c for c in revealed if c == "Copper" or c == "Potion"]
    rest = [c for c in revealed if c != "Copper" and c != "Potion"]
    s.hands[seat].extend(take)
    s.asides[seat].extend(rest)
    if s.log is not None:
        s._act(
            seat,
            "reveal",
            "reveals",
            f" {cards_words(revealed)} (Apothecary): {cards_words(take) if take else 'nothing'} "
            f"into their hand, {cards_words(rest) if rest else 'nothing'} back on their deck.",
            kind="reveal",
        )
    if rest:
        s.stack.append(PutBack(seat, rest, "Apothecary"))


@dataclass
class ScryingPool(Frame):
    """Each player's top card, discarded or put back by the player of Scrying Pool (D31);
    then cards from your deck into your hand up to and including a non-Action."""

    seat: int
    immune: list[int] = field(default_factory=list)
    idx: int = 0
    card: str = ""
    target: int = -1

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        order = [self.seat, *s.others(self.seat)]
        if self.card:
            return self._ask(s)
        while self.idx < len(order):
            t = order[self.idx]
            self.idx += 1
            if t in self.immune:
                continue
            c = s.take_top(t)
            if c is None:
                if s.log is not None:
                    s._act(t, "have", "has", " no card to reveal (Scrying Pool).")
                continue
            s.asides[t].append(c)
            self.card = c
            self.target = t
            if s.log is not None:
                s._act(t, "reveal", "reveals", f" {a_card(c)} (Scrying Pool).", kind="reveal")
            return self._ask(s)
        _done(s, self)
        found: list[str] = []
        hand = s.hands[self.seat]
        while True:
            c = s.take_top(self.seat)
            if c is None:
                break
            hand.append(c)
            found.append(c)
            if c not in ACTIONS:
                break
        if s.log is not None:
            s._act(
                self.seat,
                "reveal",
                "reveals",
                f" {cards_words(found)} and puts {'it' if len(found) == 1 else 'them'} into "
                "their hand (Scrying Pool)."
                if found
                else " no more cards (Scrying Pool).",
                kind="reveal",
            )
        return None

    def _ask(self, s: DominionState) -> Decision:
        # The owner of the card as the one deciding says it: "your", "Bo's" (D46).
        whose = s.whose(self.target, self.seat)
        return Decision(
            self.seat,
            f"{s.whose(self.target, self.seat, True)} top card is {a_card(self.card)}: "
            "discard it or put it back? (Scrying Pool)",
            (opt("discard", self.card), opt("back", self.card, whose)),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        t, c = self.target, self.card
        self.card = ""
        self.target = -1
        s.asides[t].remove(c)
        if option_id.startswith("discard:"):
            s.discards[t].append(c)
            where = "is discarded"
        else:
            s.decks[t].append(c)
            where = "goes back on top of the deck"
        if s.log is not None:
            s.say(
                "reveal",
                f"{s.names[t]}'s {c} {where} (Scrying Pool).",
                [(t, f"Your {c} {where.replace('the deck', 'your deck')} (Scrying Pool).")],
            )


def _scrying_pool(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(ScryingPool(seat, list(immune)))


def _university(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Gain(seat, 5, 0, "discard", int(CardType.ACTION), True, "University"))


def _familiar(s: DominionState, seat: int, immune: list[int]) -> None:
    for t in s.others(seat):  # D34
        if t in immune:
            continue
        if not s.gain(t, "Curse"):
            break


@dataclass
class Golem(Frame):
    """Play the (up to) two Actions Golem found, in the order the player picks (D35)."""

    seat: int
    cards: list[str] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        if len(self.cards) == 2 and self.cards[0] != self.cards[1]:
            return Decision(
                self.seat,
                f"Which Action does {s.whose(self.seat, self.seat)} Golem play first?",
                tuple(opt("play", c) for c in self.cards),
            )
        if not self.cards:
            _done(s, self)
            return None
        self._play(s, self.cards[0])
        return None

    def _play(self, s: DominionState, name: str) -> None:
        self.cards.remove(name)
        if not self.cards:
            _done(s, self)
        s.asides[self.seat].remove(name)
        s.plays[self.seat].append(name)
        if s.log is not None:
            s._act(self.seat, "play", "plays", f" {a_card(name)} (Golem).", kind="play")
        s.stack.append(Resolve(self.seat, name))

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        self._play(s, card_of(option_id))


def _golem(s: DominionState, seat: int, immune: list[int]) -> None:
    found: list[str] = []
    other: list[str] = []
    revealed: list[str] = []
    aside = s.asides[seat]
    while len(found) < 2:
        c = s.take_top(seat)  # shuffles the discard pile, never the revealed cards
        if c is None:
            break
        aside.append(c)
        revealed.append(c)
        if c in ACTIONS and c != "Golem":
            found.append(c)
        else:
            other.append(c)
    for c in other:
        aside.remove(c)
        s.discards[seat].append(c)
    if s.log is not None:
        shown = cards_words(found) if found else "no Action card to play"
        s._act(
            seat,
            "reveal",
            "reveals",
            f" {cards_words(revealed) if revealed else 'no cards'} (Golem): found {shown}; "
            f"discards {cards_words(other) if other else 'nothing'}.",
            kind="reveal",
        )
    if found:
        s.stack.append(Golem(seat, found))


def _possession(s: DominionState, seat: int, immune: list[int]) -> None:
    left = (seat + 1) % len(s.names)
    s.extra_turns.append([left, seat])
    if s.log is not None:
        n = plural("extra turn", sum(1 for e in s.extra_turns if e[0] == left))
        s.say_each(
            "play",
            lambda v: (
                f"{s.who(left, v, True)} will take an extra turn after this one, with "
                f"{s.who(seat, v)} deciding (Possession; {n} to come for {s.who(left, v)})."
            ),
            (left, seat),
        )


EFFECTS: dict[str, Effect] = {
    "Transmute": _transmute,
    "Apothecary": _apothecary,
    "Scrying Pool": _scrying_pool,
    "University": _university,
    "Familiar": _familiar,
    "Golem": _golem,
    "Apprentice": _apprentice,
    "Possession": _possession,
}

FRAMES: dict[str, type[Frame]] = {
    cls.__name__: cls for cls in (TrashFor, PutBack, ScryingPool, Golem)
}
