"""The Alchemist's Crucible: the game state, its queries, views and bookkeeping.

The turn structure (reactions, whispers, disciplines) is in reaction.py, the
set-up drafts in draft.py, the tasks in tasks.py. Rulings are numbered in
docs/rules/crucible.md and referred to here as C1, C2, ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from athanor.engine import ConfigError, GameState, Result, Rng
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.cards import (
    ALL_CARDS,
    CODE,
    DECK_SIZE,
    DUAL,
    FLIP,
    NAME,
    RANK,
    SUIT,
    SUITS,
)
from athanor.games.crucible.disciplines import DISCIPLINES, ZEROING, of_limit_words
from athanor.games.crucible.draft import DisciplineDraft, SpongeWindow, TaskDraft, begin
from athanor.games.crucible.hidden import deal_consistent
from athanor.games.crucible.missions import MISSIONS, TRANSMUTE_LIMIT, Mission
from athanor.games.crucible.reaction import FRAMES as REACTION_FRAMES

CAUSES = {
    "boil-overs": "boil overs (slag cap)",
    "impossible-task": "impossible task",
    "unfinished-tasks": "unfinished tasks",
    "mission-goal": "mission's extra goal",
}
HINTS = ("top", "bottom", "middle")


class CrucibleState(GameState):
    """A mission of the Crucible in progress."""

    mission_no: int
    mission: Mission
    hands: list[list[int]]
    face: list[int]
    out: list[int]
    piles: list[list[int]]
    slag_pile: list[int]
    destroyed: list[int]
    plays: list[list[int]]
    intent: str
    lead_alch: int
    leader: int
    reaction: int
    slag: list[int]
    transmutes: int
    revealed: list[str]
    tasks: list[list[Any]]
    disc_hand: list[list[str]]
    disc: list[str]
    disc_used: list[bool]
    disc_undealt: list[str]
    mods: dict[str, int]
    cancelled: list[bool]
    tokens: list[bool]
    whispers: list[list[Any]]
    known: list[int]
    voids: list[int]
    rec: list[list[int]]
    history: list[list[Any]]
    eq22: bool
    eq18: bool
    sponge: int
    finished: bool
    outcome: str
    detail: str

    # -- construction ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> CrucibleState:
        """Deal a mission and run to its first decision."""
        s = cls()
        s._init_base(seed, options, names, players, log)
        s._init_table(players)
        begin(s)
        s._run()
        return s

    def _init_table(self, players: int) -> None:
        try:
            self.mission_no = int(self.options.get("mission", 1))
            self.mission = MISSIONS[self.mission_no]
        except (KeyError, ValueError):
            raise ConfigError(f"there is no mission {self.options.get('mission')!r}") from None
        n = players
        self.hands = [[] for _ in range(n)]
        self.face = list(ALL_CARDS)
        self.out = []
        self.piles = [[] for _ in range(n)]
        self.slag_pile = []
        self.destroyed = []
        self.plays = []
        self.intent = ""
        self.lead_alch = 0
        self.leader = 0
        self.reaction = 0
        self.slag = [0] * n
        self.transmutes = 0
        self.revealed = []
        self.tasks = []
        self.disc_hand = [[] for _ in range(n)]
        self.disc = [""] * n
        self.disc_used = [False] * n
        self.disc_undealt = []
        self.mods = {}
        self.cancelled = [False] * n
        self.tokens = [self.mission.special != "blind"] * n
        self.whispers = []
        self.known = [0] * DECK_SIZE
        self.voids = [0] * n
        self.rec = [[0] * tk.RECORD_SIZE for _ in range(n)]
        self.history = []
        self.eq22 = False
        self.eq18 = False
        self.sponge = -1
        self.finished = False
        self.outcome = ""
        self.detail = ""

    # -- narration ------------------------------------------------------------------

    def act(self, seat: int, you: str, they: str, rest: str, kind: str = "play") -> None:
        """'You play Salt 4.' to the actor, 'Ana plays Salt 4.' to everyone else."""
        if self.log is not None:
            self.say(kind, f"{self.names[seat]} {they}{rest}", [(seat, f"You {you}{rest}")])

    # -- card queries -----------------------------------------------------------------

    def lead_suit(self) -> int:
        """The active suit of the card that led this reaction (-1 before it)."""
        return SUIT[self.face[self.plays[0][1]]] if self.plays else -1

    def legal_cards(self, seat: int) -> list[int]:
        """Cards a seat may play now: the lead suit if it has one, else any."""
        hand = self.hands[seat]
        if not self.plays:
            return list(hand)
        lead = self.lead_suit()
        face = self.face
        follow = [c for c in hand if SUIT[face[c]] == lead]
        return follow if follow else list(hand)

    def value(self, seat: int, face: int) -> int:
        """What a face played by ``seat`` adds to this reaction's total."""
        kept = self.disc[seat]
        if kept:
            d = DISCIPLINES[kept]
            zero = d.zero  # most disciplines never make a card count 0: asked first
            if (
                zero is not None
                and (
                    d.passive or (self.mods.get(kept) == seat and d.zero_in in ("any", self.intent))
                )
                and zero(face)
            ):
                return 0
        if face >= DUAL and self.mission.special == "heavy-metals":
            return 10
        return RANK[face]

    def counts_note(self, seat: int, face: int) -> str:
        """Words for a card that counts other than its rank, for narration: ' (the Void
        Weaver counts it 0)', or '' when it counts its rank."""
        v = self.value(seat, face)
        if v == RANK[face]:
            return ""
        kept = self.disc[seat]
        if kept and v == 0:
            return f" (the {DISCIPLINES[kept].name} counts it 0)"
        return f" (Heavy Metals: it counts {v})"

    def total(self) -> int:
        """The running total of this reaction."""
        face = self.face
        if self.mission.special != "heavy-metals" and ZEROING.isdisjoint(self.disc):
            return sum([RANK[face[c]] for _, c in self.plays])  # every card counts its rank
        return sum(self.value(seat, face[c]) for seat, c in self.plays)

    def limit(self) -> int:
        """The Cauldron Limit for this reaction, after any discipline."""
        return self._adjusted(self.mission.cauldron_limit, "limit")

    def of_limit(self) -> str:
        """After a total: " of 22", or " (no limit: the Purifier)" once it is lifted."""
        return of_limit_words(self.limit())

    def target(self) -> int:
        """The Transmutation Target for this reaction, after any discipline."""
        return self._adjusted(self.mission.transmutation_target, "target")

    def _adjusted(self, value: int, hook_name: str) -> int:
        for key in self.mods:
            hook = getattr(DISCIPLINES[key], hook_name)
            if hook is not None:
                value = hook(value)
        return int(value)

    def can_win(self, seat: int, face: int) -> bool:
        """Whether a card played by ``seat`` may win the trick (Void Weaver)."""
        kept = self.disc[seat]
        if kept:
            hook = DISCIPLINES[kept].no_win
            if hook is not None and hook(face):
                return False
        return True

    def trick_winner(self, everyone_may_win: bool = False) -> int:
        """Who wins (or, after a Transmute, leads next): the highest Catalyst, else the
        highest card of the lead suit; cards that may not win are passed over (C10), unless
        ``everyone_may_win`` (who would have won without the Void Weaver)."""
        face = self.face
        eligible = [
            (seat, face[c])
            for seat, c in self.plays
            if everyone_may_win or self.can_win(seat, face[c])
        ]
        if not eligible:
            return self.plays[0][0]
        cats = [(seat, f) for seat, f in eligible if f >= DUAL]
        if cats:
            pool = cats
        else:
            lead = self.lead_suit()
            pool = [(seat, f) for seat, f in eligible if SUIT[f] == lead]
            if not pool:  # the lead card could not win: the first card that may win leads (C10)
                first = SUIT[eligible[0][1]]
                pool = [(seat, f) for seat, f in eligible if SUIT[f] == first]
        best_seat, best = pool[0]
        for seat, f in pool[1:]:
            if RANK[f] > RANK[best]:  # ties: the card played first wins (C11)
                best_seat, best = seat, f
        return best_seat

    def next_with_cards(self, seat: int) -> int:
        """``seat`` if it holds cards, else the next seat clockwise that does (C6)."""
        n = self.players
        for i in range(n):
            s = (seat + i) % n
            if self.hands[s]:
                return s
        return seat

    def can_still_flip(self) -> bool:
        """Whether a Transmute can still succeed, so cards in hand may yet flip."""
        return self.transmutes < TRANSMUTE_LIMIT

    def can_declare_transmute(self) -> bool:
        """Transmutes may be declared until the mission's limit of successes (C4)."""
        return self.transmutes < TRANSMUTE_LIMIT

    def highest_reachable_limit(self) -> int:
        """The highest Cauldron Limit any unspent discipline could still give (before the
        discipline draft, any discipline dealt may still be kept)."""
        best = lim = self.mission.cauldron_limit
        for seat, key in enumerate(self.disc):
            if key and self.disc_used[seat]:
                continue
            for k in [key] if key else self.disc_hand[seat]:
                hook = DISCIPLINES[k].limit
                if hook is not None:
                    best = max(best, hook(lim))
        return best

    def open_tasks(self, seat: int) -> list[str]:
        """Ids of a seat's open tasks, in draft order."""
        return [t[0] for t in self.tasks if t[1] == seat and t[2] == tk.OPEN]

    def slag_total(self) -> int:
        """Slag tokens taken by the whole team."""
        return sum(self.slag)

    # -- the end -----------------------------------------------------------------------

    def lose(
        self, cause: str, text: str | Callable[[int | None], str], about: Sequence[int] = ()
    ) -> None:
        """The mission is lost at once. ``text`` may be written for each reader (the seats
        in ``about`` read their own words)."""
        if self.outcome:
            return
        render = text if callable(text) else (lambda viewer: text)
        self.outcome = cause
        self.detail = render(None)
        self.say_each("end", lambda viewer: f"The mission is lost: {render(viewer)}.", about)

    def win(self) -> None:
        """Every task (and any extra goal) is done: the elixir is brewed."""
        self.outcome = "won"
        self.detail = f"the team brews the elixir and wins mission {self.mission_no}"
        self.say("end", f"Every task is complete: {self.detail}.")

    def _game_over(self) -> bool:
        return bool(self.outcome)

    @property
    def result(self) -> Result | None:
        """A team result: every seat shares the same fate (score 1 for a win, 0 for a loss)."""
        if not self.outcome:
            return None
        won = self.outcome == "won"
        score = 1.0 if won else 0.0
        detail = (
            f"The team wins mission {self.mission_no}"
            if won
            else f"The team loses mission {self.mission_no}: {self.detail}"
        )
        return Result(tuple(score for _ in self.names), tuple(1 for _ in self.names), detail)

    def standings(self, viewer: int | None) -> list[str]:
        """A team game has one line: the team's result (no places among teammates)."""
        res = self.result
        return [] if res is None else [res.detail + "."]

    def stats(self) -> dict[str, Any]:
        """For the simulator: reactions played, how the mission ended (a loss before any card
        was played is named so), and whether the team won."""
        if self.outcome == "won":
            ending = "won"
        elif self.outcome:
            ending = "lost: " + CAUSES[self.outcome]
            if not self.history and not self.plays:
                ending += ", before the first card"
        else:
            ending = "unfinished"
        return {"turns": self.reaction, "ending": ending, "won": self.outcome == "won"}

    # -- views ------------------------------------------------------------------------------

    def _card(self, c: int) -> dict[str, Any]:
        f = self.face[c]
        # The face it would show if transmuted (C36): printed on the card, so public with it.
        turns = CODE[FLIP[f]] if f < DUAL else None
        return {"id": c, "face": CODE[f], "name": NAME[f], "flipped": f != c, "turns_to": turns}

    @staticmethod
    def _task_card(tid: str) -> dict[str, Any]:
        t = tk.TASKS[tid]
        return {"id": tid, "text": t.text, "category": t.category, "timing": t.timing}

    def winning(self) -> int | None:
        """Who would win this reaction as it stands (after a Transmute: who would lead next),
        the Hoarder's claim included; None before the first card (C36)."""
        if not self.plays:
            return None
        if self.intent == "catalyze":
            for key, seat in self.mods.items():
                if DISCIPLINES[key].claims_trick:
                    return seat
        return self.trick_winner()

    def view(self, seat: int | None) -> Any:
        """What one seat may know: its own hand, and everything public (C14)."""
        self.check_viewer(seat)
        d = self._decision
        face = self.face
        mine = seat is not None and 0 <= seat < self.players
        hand = [self._card(c) for c in self.hands[seat]] if mine and seat is not None else None
        known = [[self._card(c) for c in hand if self.known[c]] for hand in self.hands]
        m = self.mission
        discs = []
        for i, key in enumerate(self.disc):
            discs.append(
                {"key": key, "name": DISCIPLINES[key].name, "used": self.disc_used[i]}
                if key
                else None
            )
        offer = (
            list(self.disc_hand[seat]) if mine and seat is not None and not self.disc[seat] else []
        )
        return {
            "game": "crucible",
            "viewer": seat,
            "names": list(self.names),
            "mission": m.to_json(),
            "transmute_limit": TRANSMUTE_LIMIT,
            "lead_alchemist": self.lead_alch,
            "sponge": self.sponge if self.sponge >= 0 else None,
            "leader": self.leader,
            "reaction": self.reaction,
            "hand": hand,
            "hand_sizes": [len(h) for h in self.hands],
            "known": known,
            "out_of_play": len(self.out),
            "out_known": [CODE[c] for c in self.out if self.known[c]],
            "intent": self.intent or None,
            "plays": [[p, c, CODE[face[c]]] for p, c in self.plays],
            "play_values": [self.value(p, face[c]) for p, c in self.plays],
            "winning": self.winning(),
            "total": self.total() if self.plays else 0,
            "limit": self.limit(),
            "target": self.target(),
            "active": dict(self.mods),
            "piles": [[CODE[face[c]] for c in pile] for pile in self.piles],
            "pile_ids": [list(pile) for pile in self.piles],
            "tricks_won": [r[tk.WINS] for r in self.rec],
            "slag": list(self.slag),
            "slag_pile": [CODE[face[c]] for c in self.slag_pile],
            "slag_ids": list(self.slag_pile),
            "destroyed": [CODE[face[c]] for c in self.destroyed],
            "destroyed_ids": list(self.destroyed),
            "transmutes": self.transmutes,
            "revealed": list(self.revealed),
            "revealed_text": [tk.TASKS[t].text for t in self.revealed],
            "revealed_tasks": [self._task_card(t) for t in self.revealed],
            "tasks": [
                {**self._task_card(t[0]), "owner": t[1], "status": t[2], "order": i}
                for i, t in enumerate(self.tasks)
            ],
            "disciplines": discs,
            "discipline_offer": offer,
            "whisper_tokens": list(self.tokens),
            "whispers": [list(w) for w in self.whispers],
            "voids": [[SUITS[su] for su in range(7) if v >> su & 1] for v in self.voids],
            "void_bits": list(self.voids),
            "records": [list(r) for r in self.rec],
            "history": [list(h) for h in self.history],
            "equilibrium": {"catalyze_22": self.eq22, "transmute_18": self.eq18},
            "deciding": d.seat if d else None,
            "prompt": (d.prompt if seat == d.seat else f"Waiting for {self.names[d.seat]}")
            if d
            else None,
            "over": bool(self.outcome),
            "outcome": self.outcome or None,
            "detail": self.detail or None,
        }

    # -- copies and saves ------------------------------------------------------------------

    def clone(self) -> CrucibleState:
        """An independent copy (hand-written; no deepcopy)."""
        c = CrucibleState.__new__(CrucibleState)
        self._clone_base(c)
        c.mission_no = self.mission_no
        c.mission = self.mission
        c.hands = [list(h) for h in self.hands]
        c.face = list(self.face)
        c.out = list(self.out)
        c.piles = [list(p) for p in self.piles]
        c.slag_pile = list(self.slag_pile)
        c.destroyed = list(self.destroyed)
        c.plays = [list(p) for p in self.plays]
        c.intent = self.intent
        c.lead_alch = self.lead_alch
        c.leader = self.leader
        c.reaction = self.reaction
        c.slag = list(self.slag)
        c.transmutes = self.transmutes
        c.revealed = list(self.revealed)
        c.tasks = [list(t) for t in self.tasks]
        c.disc_hand = [list(h) for h in self.disc_hand]
        c.disc = list(self.disc)
        c.disc_used = list(self.disc_used)
        c.disc_undealt = list(self.disc_undealt)
        c.mods = dict(self.mods)
        c.cancelled = list(self.cancelled)
        c.tokens = list(self.tokens)
        c.whispers = [list(w) for w in self.whispers]
        c.known = list(self.known)
        c.voids = list(self.voids)
        c.rec = [list(r) for r in self.rec]
        c.history = [list(h) for h in self.history]
        c.eq22 = self.eq22
        c.eq18 = self.eq18
        c.sponge = self.sponge
        c.finished = self.finished
        c.outcome = self.outcome
        c.detail = self.detail
        return c

    _FIELDS = (
        "mission_no",
        "hands",
        "face",
        "out",
        "piles",
        "slag_pile",
        "destroyed",
        "plays",
        "intent",
        "lead_alch",
        "leader",
        "reaction",
        "slag",
        "transmutes",
        "revealed",
        "tasks",
        "disc_hand",
        "disc",
        "disc_used",
        "disc_undealt",
        "mods",
        "cancelled",
        "tokens",
        "whispers",
        "known",
        "voids",
        "rec",
        "history",
        "eq22",
        "eq18",
        "sponge",
        "finished",
        "outcome",
        "detail",
    )

    def _restore(self) -> None:
        """Check a loaded state field by field; anything wrong raises ValueError (C16)."""
        n = self.players
        if not isinstance(self.mission_no, int) or self.mission_no not in MISSIONS:
            raise ValueError(f"unknown mission {self.mission_no!r}")
        if str(self.options.get("mission", self.mission_no)) != str(self.mission_no):
            raise ValueError("the mission does not match the game's options")
        self.mission = MISSIONS[self.mission_no]
        per_seat = (
            self.hands,
            self.piles,
            self.slag,
            self.disc_hand,
            self.disc,
            self.disc_used,
            self.cancelled,
            self.tokens,
            self.voids,
            self.rec,
        )
        if any(not isinstance(x, list) or len(x) != n for x in per_seat):
            raise ValueError("a per-seat list does not match the number of players")
        for zone in (*self.hands, *self.piles, self.out, self.slag_pile, self.destroyed):
            if not isinstance(zone, list) or not all(type(c) is int for c in zone):
                raise ValueError("a card zone holds something that is not a card")
        if not isinstance(self.face, list) or len(self.face) != DECK_SIZE:
            raise ValueError("the card faces are damaged")
        if not isinstance(self.known, list) or len(self.known) != DECK_SIZE:
            raise ValueError("the known-card list is damaged")
        if not isinstance(self.plays, list) or any(
            not isinstance(p, list) or len(p) != 2 or not 0 <= p[0] < n for p in self.plays
        ):
            raise ValueError("the cards in the cauldron are damaged")
        if self.intent not in ("", "catalyze", "transmute"):
            raise ValueError(f"unknown intent {self.intent!r}")
        for seat in (self.lead_alch, self.leader):
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError("a seat number is out of range")
        if not isinstance(self.sponge, int) or not -1 <= self.sponge < n:
            raise ValueError("the Sponge is out of range")
        for t in self.tasks:
            if (
                not isinstance(t, list)
                or len(t) != 3
                or t[0] not in tk.TASKS
                or not isinstance(t[1], int)
                or not 0 <= t[1] < n
                or t[2] not in tk.STATUSES
            ):
                raise ValueError(f"a task entry is damaged: {t!r}")
        if any(t not in tk.TASKS for t in self.revealed):
            raise ValueError("an unknown task is revealed")
        for key in [*self.disc, *self.disc_undealt, *(k for h in self.disc_hand for k in h)]:
            if key and key not in DISCIPLINES:
                raise ValueError(f"unknown discipline {key!r}")
        if any(k not in DISCIPLINES or not 0 <= v < n for k, v in self.mods.items()):
            raise ValueError("an active discipline is damaged")
        if any(len(r) != tk.RECORD_SIZE for r in self.rec):
            raise ValueError("a record is damaged")
        for w in self.whispers:
            if len(w) != 5 or w[2] not in HINTS or not 0 <= w[0] < n:
                raise ValueError("a whisper is damaged")
        if self.outcome and self.outcome != "won" and self.outcome not in CAUSES:
            raise ValueError(f"unknown outcome {self.outcome!r}")
        try:
            self.check_invariants()
        except AssertionError as exc:
            raise ValueError(str(exc)) from None

    # -- invariants and hidden information ---------------------------------------------------

    def card_places(self) -> list[int]:
        """How many places each card is in (every entry must be 1)."""
        count = [0] * DECK_SIZE
        for zone in (*self.hands, *self.piles, self.out, self.slag_pile, self.destroyed):
            for c in zone:
                count[c] += 1
        for _, c in self.plays:
            count[c] += 1
        return count

    def check_invariants(self) -> None:
        """All 58 cards in exactly one place; faces, tokens and counts within bounds."""
        for c in (
            *(c for h in self.hands for c in h),
            *self.out,
            *self.slag_pile,
            *self.destroyed,
            *(c for p in self.piles for c in p),
            *(c for _, c in self.plays),
        ):
            if type(c) is not int or not 0 <= c < DECK_SIZE:
                raise AssertionError(f"{c!r} is not a card")
        places = self.card_places()
        if places.count(1) != DECK_SIZE:
            bad = [CODE[c] for c in ALL_CARDS if places[c] != 1]
            raise AssertionError(f"cards not in exactly one place: {', '.join(bad)}")
        for c in ALL_CARDS:
            f = self.face[c]
            if f != c and (c >= DUAL or f != FLIP[c]):
                raise AssertionError(f"card {CODE[c]} shows an impossible face")
        public = {c for h in self.hands for c in h}.union(self.out)
        if any(self.known[c] and c not in public for c in ALL_CARDS):
            raise AssertionError("a card neither in a hand nor out of play is marked as known")
        if any(f != c for c in self.out for f in (self.face[c],)):
            raise AssertionError("a card out of play has been flipped")
        cap = self.mission.slag_cap
        if min(self.slag) < 0 or (sum(self.slag) >= cap and self.outcome != "boil-overs"):
            raise AssertionError("the slag count is wrong")
        if not 0 <= self.transmutes <= TRANSMUTE_LIMIT:
            raise AssertionError("too many successful Transmutes")
        if len(self.plays) > self.players:
            raise AssertionError("more cards in the cauldron than players")

    def determinize(self, seat: int, seed: int) -> CrucibleState:
        """A copy in which every card ``seat`` cannot see is dealt again at random, consistent
        with what is public: cards played, won, destroyed or whispered, cards come back from a
        Transmute, and the suits each player has shown void in (C15). A seat that is being asked
        something keeps its hand, since the question names its cards. Disciplines dealt but not
        kept are dealt again too."""
        c = self.clone()
        rng = Rng(seed)
        d = self._decision
        asked = d.seat if d is not None else -1
        keep = {seat, asked}
        slots: list[tuple[int, int]] = []  # (place: seat or -1 for out of play, how many)
        pool = [x for x in c.out if not c.known[x]]
        for other in range(c.players):
            if other in keep:
                continue
            hidden = [x for x in c.hands[other] if not c.known[x]]
            pool.extend(hidden)
            slots.append((other, len(hidden)))
        slots.append((-1, len(pool) - sum(k for _, k in slots)))
        bounds = self.hint_bounds()
        allowed = {other: (self.voids[other], bounds[other]) for other, _ in slots if other >= 0}
        # Sorted first, so the copy depends only on what ``seat`` knows and on ``seed``.
        dealt = deal_consistent(sorted(pool), slots, allowed, rng)
        for other, _ in slots:
            if other < 0:
                c.out = sorted([x for x in c.out if c.known[x]] + dealt[other])
            else:
                c.hands[other] = [x for x in c.hands[other] if c.known[x]] + dealt[other]
        # Disciplines nobody else may see: dealt and not kept, and those never dealt.
        spare = list(c.disc_undealt)
        places: list[tuple[int, int]] = []
        for other in range(c.players):
            if other not in keep:
                spare.extend(c.disc_hand[other])
                places.append((other, len(c.disc_hand[other])))
        spare.sort()
        rng.shuffle(spare)
        for other, k in places:
            c.disc_hand[other] = spare[:k]
            spare = spare[k:]
        c.disc_undealt = spare
        c.rng = Rng(rng.next64())
        return c

    def hint_bounds(self) -> list[list[tuple[int, int, int]]]:
        """For each seat, what its whispers say about its unknown cards: (suit, low, high)
        ranges that those cards may not fall in (C8)."""
        out: list[list[tuple[int, int, int]]] = [[] for _ in self.names]
        for seat, _card, hint, face, _parity in self.whispers:
            su, r = SUIT[face], RANK[face]
            if hint == "top":
                out[seat].append((su, r + 1, 99))
            elif hint == "bottom":
                out[seat].append((su, -99, r - 1))
            else:
                out[seat].append((su, -99, 99))
        return out


CrucibleState.FRAMES = {
    cls.__name__: cls for cls in (*REACTION_FRAMES, SpongeWindow, TaskDraft, DisciplineDraft)
}
