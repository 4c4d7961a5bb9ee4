"""A reaction (a trick): whispers, the lead's intent, each play, and how it resolves.

One ``Reaction`` frame sits at the bottom of the stack for the whole mission
and runs reaction after reaction until every hand is empty or the mission is
lost. Whisper offers ride the engine's ``ResponseWindow``; disciplines are
options on their holder's turn, confirmed (``ConfirmDiscipline``) before the
use is spent; the Seer's swap is a two-step pick (``SeerPick``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option, ResponseWindow
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import (
    CODE,
    DUAL,
    FLIP,
    NAME,
    RANK,
    SUIT,
    SUITS,
    by_suit,
    plural,
)
from athanor.games.crucible.disciplines import DISCIPLINES, NO_LIMIT, ZEROING, of_limit_words
from athanor.games.crucible.judge import end_mission, review
from athanor.games.crucible.missions import TRANSMUTE_LIMIT

if TYPE_CHECKING:
    from athanor.games.crucible.rules import CrucibleState

CATALYZE, TRANSMUTE = "catalyze", "transmute"


# -- the moves ------------------------------------------------------------------------


def declare(s: CrucibleState, seat: int, intent: str) -> None:
    """The leader declares Catalyze or Transmute."""
    s.intent = intent
    if intent == TRANSMUTE:
        s.rec[seat][tk.LED_T] += 1
    word = "Catalyze" if intent == CATALYZE else "Transmute"
    s.act(seat, "declare", "declares", f" {word}.")


def play_card(s: CrucibleState, seat: int, card: int) -> bool:
    """Play a card to the cauldron; True if it boils over (and the reaction is over)."""
    s.hands[seat].remove(card)
    s.known[card] = 0
    s.seal()  # a card from a hidden hand comes to light: no undo past this
    f = s.face[card]
    if s.plays:
        lead = s.lead_suit()
        if SUIT[f] != lead:
            s.voids[seat] |= 1 << lead  # not following shows a void (C7)
    s.plays.append([seat, card])
    s.cancelled[seat] = False
    total = s.total()
    told = s.log is not None  # the words are made only for a game that keeps them
    played = f" {NAME[f]}{s.counts_note(seat, f)}" if told else ""
    if s.intent == CATALYZE:
        lim = s.limit()
        if total > lim:
            if told:
                s.act(seat, "play", "plays", f"{played}.")
            boil_over(s, seat, total, lim)
            return True
        if told:
            s.act(seat, "play", "plays", f"{played}: the cauldron is at {total}{s.of_limit()}.")
    elif told:
        s.act(seat, "play", "plays", f"{played}: the total is {total}, aiming for {s.target()}.")
    return False


def boil_over(s: CrucibleState, seat: int, total: int, limit: int) -> None:
    """The total passed the limit: slag, the cards to the slag pile, the pusher leads (C3)."""
    s.slag[seat] += 1
    s.rec[seat][tk.BOILS] += 1
    cards = [c for _, c in s.plays]
    s.slag_pile.extend(cards)
    cap = s.mission.slag_cap
    tokens = s.slag_total()
    s.act(
        seat,
        "push",
        "pushes",
        f" the cauldron to {total}, over the limit of {limit}: Boil Over! "
        f"{plural(len(cards), 'card')} go to the slag pile. That is slag token {tokens} of {cap}.",
    )
    s.history.append(["B", seat, total])
    s.leader = seat
    _clear(s)
    if tokens >= cap:
        s.lose("boil-overs", f"{plural(tokens, 'slag token')} destroy the laboratory")
        return
    review(s)


def resolve(s: CrucibleState) -> None:
    """Everyone has played: the Catalyze is won, or the Transmute succeeds or fizzles."""
    total = s.total()
    face = s.face
    if s.intent == CATALYZE:
        winner = s.trick_winner()
        claimed = False
        for key, seat in s.mods.items():
            if DISCIPLINES[key].claims_trick:
                winner, claimed = seat, True
        faces = [face[c] for _, c in s.plays]
        after_boil = bool(s.history) and s.history[-1][0] == "B"
        s.piles[winner].extend(c for _, c in s.plays)
        tk.record_trick(s.rec[winner], faces, total, after_boil)
        if total == 22:
            s.eq22 = True
        if s.log is not None:
            how = " (the Hoarder claims it)" if claimed else ""
            if not claimed and s.trick_winner(everyone_may_win=True) != winner:
                how = " (the Void Weaver's Catalyst cannot win)"
            took = plural(len(faces), "card")
            s.act(winner, "win", "wins", f" the Catalyze, taking {took}{how}.")
        s.history.append(["C", winner, total])
        s.leader = winner
        if winner == s.sponge:
            _clear(s)
            s.lose("mission-goal", "the Sponge won a Catalyze trick")
            return
    else:
        nxt = s.trick_winner()
        target = s.target()
        forced = any(DISCIPLINES[k].forces_success for k in s.mods)
        values = [s.value(seat, face[c]) for seat, c in s.plays]
        if total >= target or forced:
            _transmute_succeeds(s, total, target, values, forced)
            s.history.append(["T", nxt, total])
        else:
            for seat, _ in s.plays:
                s.rec[seat][tk.FIZZLE] = 1
            s.destroyed.extend(c for _, c in s.plays)
            k = len(s.plays)
            if s.log is not None:
                s.say(
                    "reaction",
                    f"The Transmute fizzles, short of {target}: "
                    + ("its card is destroyed." if k == 1 else f"its {k} cards are destroyed."),
                )
            s.history.append(["F", nxt, total])
        s.leader = nxt  # said as the next reaction begins
    _clear(s)
    review(s)


def _transmute_succeeds(
    s: CrucibleState, total: int, target: int, values: list[int], forced: bool
) -> None:
    s.transmutes += 1
    if total == 18:
        s.eq18 = True
    top, low = max(values), min(values)
    upright = {seat for key, seat in s.mods.items() if DISCIPLINES[key].keeps_upright}
    told = s.log is not None  # the words are made only for a game that keeps them
    if told:
        why = ", as the Transmuter forces it" if forced and total < target else ""
        left = plural(TRANSMUTE_LIMIT - s.transmutes, "successful Transmute")
        s.say("reaction", f"The Transmute succeeds{why} ({left} left this mission).")
    back: list[tuple[int, str]] = []  # each card's owner and what became of it, in words
    for (seat, c), v in zip(s.plays, values, strict=True):
        rec = s.rec[seat]
        if v == top:
            rec[tk.T_HIGH] = 1  # ties count for everyone tied (C17)
        if v == low:
            rec[tk.T_LOW] = 1
        before = s.face[c]
        if c < DUAL and seat not in upright:
            s.face[c] = FLIP[before]
            if told:
                back.append((seat, f"{NAME[before]} is now {NAME[s.face[c]]}"))
        elif told:
            why_not = "a Catalyst never flips" if c >= DUAL else "the Anchor holds it upright"
            back.append((seat, f"{NAME[before]} unflipped ({why_not})"))
        s.hands[seat].append(c)
        s.known[c] = 1
    if told:
        # One sentence for every card going back, each owner reading "your" for their own.
        def words(viewer: int | None) -> str:
            parts = [
                ("your " if seat == viewer else f"{s.names[seat]}'s ") + what for seat, what in back
            ]
            return "Back to each hand: " + "; ".join(parts) + "."

        s.say_each("take", words, [seat for seat, _ in back])


def _clear(s: CrucibleState) -> None:
    s.plays = []
    s.intent = ""
    s.mods = {}
    s.cancelled = [False] * s.players


# -- options --------------------------------------------------------------------------


def intent_options(s: CrucibleState, seat: int) -> tuple[Option, ...]:
    """Catalyze always; Transmute unless the limit is reached or the leader is the Sponge."""
    m = s.mission
    left = TRANSMUTE_LIMIT - s.transmutes if s.can_declare_transmute() and seat != s.sponge else -1
    return _intent_options(m.cauldron_limit, m.transmutation_target, left)


@functools.cache
def _intent_options(limit: int, target: int, left: int) -> tuple[Option, ...]:
    """The intent options for a limit and target, with Transmute while ``left`` >= 0 (made
    once each: a few dozen in all, shared by every game)."""
    opts = [Option(CATALYZE, f"Catalyze: the total must stay at {limit} or less")]
    if left >= 0:
        opts.append(
            Option(
                TRANSMUTE,
                f"Transmute: reach {target} or more to flip every card "
                f"({plural(left, 'successful Transmute')} left)",
            )
        )
    return tuple(opts)


def play_options(s: CrucibleState, seat: int, total: int | None = None) -> tuple[Option, ...]:
    """One option per distinct face this seat may play, then any discipline it may use.

    A label names the card, and in brackets what the listener could not work out from the
    question (which gives the total and the limit or target): that the card counts other
    than its rank, or that it boils the cauldron over. So a card's label stays the same
    from one question to the next."""
    if total is None:
        total = s.total()
    face = s.face
    opts: list[Option] = []
    catalyze = s.intent == CATALYZE
    lim = s.limit()
    # A card counts its rank unless a discipline or Heavy Metals says otherwise (``value``).
    plain = s.disc[seat] not in ZEROING and s.mission.special != "heavy-metals"
    room = lim - total if catalyze else NO_LIMIT  # the most a card may add without boiling
    for f in sorted({face[c] for c in s.legal_cards(seat)}):
        v = RANK[f] if plain else s.value(seat, f)
        opts.append(_play_option(f, v, v > room))
    key = s.disc[seat]
    if key and not s.disc_used[seat] and not s.cancelled[seat]:
        d = DISCIPLINES[key]
        if not d.passive and d.intent in ("any", s.intent) and usable(s, seat, key):
            assert d.label is not None
            words = d.label(lim, s.target())
            opts.append(Option(f"use:{key}", f"Use the {d.name}: {words}"))
    return tuple(opts)


@functools.cache
def _play_option(f: int, v: int, boils: bool) -> Option:
    """'Play Salt 4', with in brackets what it counts when not its rank and a boil over
    (made once per face, count and boil-over: a few hundred in all)."""
    notes = [f"counts {v}"] if v != RANK[f] else []
    if boils:
        notes.append("boils over")
    label = f"Play {NAME[f]}" + (f" ({', '.join(notes)})" if notes else "")
    return Option(f"play:{CODE[f]}", label)


def usable(s: CrucibleState, seat: int, key: str) -> bool:
    """Whether an activated discipline would do anything now."""
    d = DISCIPLINES[key]
    if key in s.mods:
        return False
    if d.swaps_tasks:
        return bool(s.open_tasks(seat)) and any(t[2] == tk.OPEN and t[1] != seat for t in s.tasks)
    if d.zero is not None and not d.passive:
        return any(d.zero(s.face[c]) for c in s.legal_cards(seat))
    return True


_FACE_OF = {code: f for f, code in enumerate(CODE)}


def find_card(s: CrucibleState, seat: int, code: str) -> int:
    """The card in a seat's hand showing this face (the lowest id if two do)."""
    face = s.face
    f = _FACE_OF.get(code, -1)
    return min(c for c in s.hands[seat] if face[c] == f)


# -- frames ------------------------------------------------------------------------


@dataclass
class Reaction(Frame):
    """The reaction loop: whispers, the intent, every play, the resolution; then the next."""

    step: str = "start"
    order: list[int] = field(default_factory=list)
    pos: int = 0

    def run(self, state: Any) -> Decision | None:
        s: CrucibleState = state
        if self.step == "start":
            if not any(s.hands):
                end_mission(s)
                return None
            s.leader = s.next_with_cards(s.leader)
            s.reaction += 1
            n = s.players
            self.order = [seat for seat in ((s.leader + i) % n for i in range(n)) if s.hands[seat]]
            self.pos = 0
            self.step = "declare"
            if s.log is not None:
                s.say(
                    "reaction",
                    f"Reaction {s.reaction}: {s.names[s.leader]} leads.",
                    [(s.leader, f"Reaction {s.reaction}: you lead.")],
                )
            if any(s.tokens[seat] for seat in self.order):
                s.stack.append(WhisperWindow(list(self.order)))
            return None
        leader = self.order[0]
        if self.step == "declare":
            opts = intent_options(s, leader)
            if len(opts) == 1:
                declare(s, leader, CATALYZE)
                self.step = "play"
                return None
            faces = [s.face[c] for c in s.hands[leader]]  # the words wait till read
            return Decision(leader, lambda: _lead_prompt(faces), opts)
        seat = self.order[self.pos]
        total = s.total()
        return Decision(seat, self._prompt(s, total), play_options(s, seat, total))

    def _prompt(self, s: CrucibleState, total: int) -> Callable[[], str]:
        """The question for a play: the cards played were each just told, so it gives only
        the total against the limit (or target) and the suit led. The figures are taken
        now and the words made when first read."""
        catalyze = s.intent == CATALYZE
        target = s.target()
        lim = s.limit()
        if not s.plays:
            return lambda: _play_prompt(catalyze, -1, lim, target, -1)
        lead = s.lead_suit()
        return lambda: _play_prompt(catalyze, total, lim, target, lead)

    def choose(self, state: Any, option_id: str) -> None:
        s: CrucibleState = state
        if self.step == "declare":
            declare(s, self.order[0], option_id)
            self.step = "play"
            return
        seat = self.order[self.pos]
        if option_id.startswith("use:"):
            key = option_id[4:]
            if DISCIPLINES[key].swaps_tasks:
                s.stack.append(SeerPick(seat))
            else:
                s.stack.append(ConfirmDiscipline(seat, key))
            return
        card = find_card(s, seat, option_id[5:])
        if play_card(s, seat, card):
            self.step = "start"
            return
        self.pos += 1
        if self.pos == len(self.order):
            resolve(s)
            self.step = "start"


def _lead_prompt(faces: list[int]) -> str:
    """The leader's question: Catalyze or Transmute, with the hand by suit."""
    return f"You lead: Catalyze or Transmute? (your hand: {by_suit(faces)})"


def _play_prompt(catalyze: bool, total: int, lim: int, target: int, lead: int) -> str:
    """A play's question from its figures (``total`` -1 and ``lead`` -1 before the lead)."""
    word = "Catalyze" if catalyze else "Transmute"
    if lead < 0:
        if not catalyze:
            goal = f"target {target}"
        elif lim >= NO_LIMIT:
            goal = "no limit: the Purifier"
        else:
            goal = f"limit {lim}"
        return f"Lead a card to the {word} ({goal})"
    goal = f"total {total}" + (of_limit_words(lim) if catalyze else f", target {target}")
    return f"Play to the {word} ({goal}; {SUITS[lead]} led)"


@dataclass
class WhisperWindow(ResponseWindow):
    """Before a reaction, each holder of a Whisper Token in turn may reveal one card with a true
    hint, or pass (C8)."""

    def eligible(self, state: Any, seat: int) -> bool:
        s: CrucibleState = state
        return s.tokens[seat] and bool(s.hands[seat])

    def responses(self, state: Any, seat: int) -> list[Option]:
        s: CrucibleState = state
        return [_whisper_option(f, hint, label) for f, hint, label in hints(s, seat)]

    def pass_label(self, state: Any, seat: int) -> str:
        return "Pass: keep your Whisper Token"

    def prompt(self, state: Any, seat: int) -> str:
        s: CrucibleState = state
        return f"Whisper before reaction {s.reaction}, or pass?"

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        s: CrucibleState = state
        _, code, hint = option_id.split(":")
        whisper(s, seat, find_card(s, seat, code), hint)


HINT_WORDS = {"top": "highest", "bottom": "lowest", "middle": "only"}


@functools.cache
def _whisper_option(f: int, hint: str, label: str) -> Option:
    """A whisper's option, made once per face, hint and label."""
    return Option(f"whisper:{CODE[f]}:{hint}", label)


def hints(s: CrucibleState, seat: int) -> list[tuple[int, str, str]]:
    """Every true hint a seat could whisper: (face, hint, label). A card alone in its suit
    is 'middle' (only); otherwise the highest is 'top' and the lowest 'bottom' (C8)."""
    by_suit: dict[int, list[int]] = {}
    face = s.face
    for c in s.hands[seat]:
        by_suit.setdefault(SUIT[face[c]], []).append(face[c])
    out: list[tuple[int, str, str]] = []
    parity = s.disc[seat] == "apprentice"
    for su in sorted(by_suit):
        faces = sorted(set(by_suit[su]))
        alone = len(by_suit[su]) == 1
        for f in faces:
            kinds = ["middle"] if alone else []
            if not alone and RANK[f] == RANK[faces[-1]]:
                kinds.append("top")
            if not alone and RANK[f] == RANK[faces[0]]:
                kinds.append("bottom")
            for hint in kinds:
                out.append((f, hint, _whisper_label(f, hint, parity)))
    return out


@functools.cache
def _whisper_label(f: int, hint: str, parity: bool) -> str:
    """'Whisper Salt 4: your highest Salt', made once per face, hint and Apprentice."""
    # In brackets: a card named there (the transmuted face) is not one to type.
    extra = f" ({parity_words(f)})" if parity else ""
    return f"Whisper {NAME[f]}: your {HINT_WORDS[hint]} {SUITS[SUIT[f]]}{extra}"


def parity_words(f: int) -> str:
    """The Apprentice's extra: whether the transmuted face is odd or even."""
    if f >= DUAL:
        return "a Catalyst has no transmuted face"
    other = FLIP[f]
    return f"its transmuted face, {NAME[other]}, is {'odd' if RANK[other] % 2 else 'even'}"


def whisper(s: CrucibleState, seat: int, card: int, hint: str) -> None:
    """Spend the token: the card is shown to everyone, with its hint."""
    f = s.face[card]
    s.seal()  # the whispered card comes to light
    s.tokens[seat] = False
    s.known[card] = 1
    parity = parity_words(f) if s.disc[seat] == "apprentice" else ""
    s.whispers.append([seat, card, hint, f, parity])
    su = SUITS[SUIT[f]]
    extra = f" The Apprentice adds: {parity}." if parity else ""
    s.say(
        "whisper",
        f"{s.names[seat]} whispers {NAME[f]}, their {HINT_WORDS[hint]} {su}.{extra}",
        [(seat, f"You whisper {NAME[f]}, your {HINT_WORDS[hint]} {su}.{extra}")],
    )


@dataclass
class ConfirmDiscipline(Frame):
    """Say what the discipline will do this reaction; confirm to spend the use, or cancel.
    A cancelled discipline is not offered again on the same turn (C5)."""

    seat: int
    key: str

    def run(self, state: Any) -> Decision | None:
        s: CrucibleState = state
        d = DISCIPLINES[self.key]
        assert d.label is not None
        words = d.label(s.limit(), s.target())
        opts = (
            Option("confirm", f"Confirm: {words} (your {d.name} is then spent for this mission)"),
            Option("cancel", f"Cancel: keep the {d.name} for later"),
        )
        return Decision(self.seat, f"Use the {d.name} now?", opts)

    def choose(self, state: Any, option_id: str) -> None:
        s: CrucibleState = state
        s.stack.pop()
        d = DISCIPLINES[self.key]
        if option_id == "cancel":
            s.cancelled[self.seat] = True
            return
        assert d.label is not None
        words = d.label(s.limit(), s.target())
        s.disc_used[self.seat] = True
        s.mods[self.key] = self.seat
        s.act(self.seat, "use", "uses", f" the {d.name}: {words}.")


@dataclass
class SeerPick(Frame):
    """The Seer's swap in two picks: one of your open tasks, then another alchemist's."""

    seat: int
    mine: str = ""

    def run(self, state: Any) -> Decision | None:
        s: CrucibleState = state
        if not self.mine:
            opts = [
                Option(f"mine:{t}", f"Give away your task: {tk.TASKS[t].words}")
                for t in s.open_tasks(self.seat)
            ]
            opts.append(Option("cancel", "Cancel: keep the Seer for later"))
            return Decision(self.seat, "The Seer: which of your tasks?", tuple(opts))
        opts = [
            Option(
                f"theirs:{t[0]}",
                f"Swap it for {s.names[t[1]]}'s task: {tk.TASKS[t[0]].words} "
                "(the Seer is then spent)",
            )
            for t in s.tasks
            if t[2] == tk.OPEN and t[1] != self.seat
        ]
        opts.append(Option("cancel", "Cancel: keep the Seer for later"))
        mine = tk.TASKS[self.mine].words
        return Decision(self.seat, f'The Seer: swap "{mine}" for which task?', tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        s: CrucibleState = state
        if option_id == "cancel":
            s.stack.pop()
            s.cancelled[self.seat] = True
            return
        kind, _, tid = option_id.partition(":")
        if kind == "mine":
            self.mine = tid
            return
        s.stack.pop()
        s.disc_used[self.seat] = True
        a = next(t for t in s.tasks if t[0] == self.mine)
        b = next(t for t in s.tasks if t[0] == tid)
        other = b[1]
        a[1], b[1] = other, self.seat
        gave, took = tk.TASKS[self.mine].words, tk.TASKS[tid].words
        me, them = s.names[self.seat], s.names[other]
        s.say(
            "play",
            f"{me} uses the Seer: {me}'s task \"{gave}\" goes to {them}, and {them}'s task "
            f'"{took}" goes to {me}.',
            [
                (
                    self.seat,
                    f'You use the Seer: your task "{gave}" goes to {them}, and '
                    f'{them}\'s task "{took}" is yours now.',
                ),
                (
                    other,
                    f'{me} uses the Seer: {me}\'s task "{gave}" is yours now, and your '
                    f'task "{took}" goes to {me}.',
                ),
            ],
        )
        review(s)


FRAMES = (Reaction, WhisperWindow, ConfirmDiscipline, SeerPick)
