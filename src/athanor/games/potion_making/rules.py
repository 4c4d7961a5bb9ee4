"""Potion-Making: the state, its zones and the moves that change them.

Cards are ids into the game's ``CardSet`` (cards.py); a zone is a list of
ids. Every card of the decks in play is in exactly one place: a deck (top
card last), a hand, the Desk of Elements, a player's collected recipes, under
a collected recipe as one of its components, a step of a Great Work Sequence,
or, while a spell resolves, being cast. The turn lives in turn.py, the Desk
and the plays in desk.py, Sequences in sequences.py, spells in spells.py.
Rulings are numbered in docs/rules/potion-making.md (M1, M2, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from athanor.engine import ConfigError, GameState, Result, Rng
from athanor.engine.text import list_words, plural
from athanor.games.potion_making import cards as carddata
from athanor.games.potion_making.cards import Card, CardSet
from athanor.games.potion_making.desk import DeskSummary, Held, desk_summary

SKIP = -1  # a Sequence step skipped with the Spell of Transmutation
TAKEN = -2  # a Sequence step whose card another play took away (M14)

# Hand sizes per mode: (draw up to, may not take at or above) for Guild turns (M5).
GUILD_HAND = {"guild": (7, 8), "guild,university": (9, 10)}
PRACTICE_HAND = 5
# Opening deal per deck and mode: cards to each player, and to the Desk (the same).
OPENING = {
    "practice": {"Practice": 4},
    "guild": {"Practice": 4, "Guild": 2},
    "guild,university": {"Practice": 4, "University": 2, "Guild": 2},
}


def parse_mode(text: str) -> str:
    """The mode named by --option expansions=... ("", "practice", "guild", "guild,university")."""
    parts = sorted({p.strip().lower() for p in str(text).split(",") if p.strip()} - {"practice"})
    key = ",".join(parts) or "practice"
    if key not in carddata.MODES:
        raise ConfigError(
            f"expansions must be practice, guild or guild,university (not {text!r}); "
            "the University Course is played together with the Guild of Alchemists"
        )
    return key


def lay_words(c: Card, new: bool) -> str:
    """The option that lays a card: "Lay Elixir of Fire as Fiery Light: 1 point" (a point is
    said when there is one; silence is none)."""
    return f"Lay {c.name} as {c.bottom}{': 1 point' if new else ''}"


class PotionMakingState(GameState):
    """A game of Potion-Making in progress."""

    cs: CardSet
    mode: str
    decks: dict[str, list[int]]
    hands: list[list[int]]
    known: list[list[int]]  # cards everyone saw go into that hand (M20)
    # Cards the player whose turn it is took from the Desk this turn: not cast this turn (M27).
    fresh: list[int]
    desk: list[int]
    collected: list[list[int]]
    under: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]  # recipe -> (recipes, elements)
    magma: set[int]  # collected recipes made with Elemental Magma (M9)
    seq_card: list[int]  # index into cs.sequence_cards per seat, -1 in Practice
    seq_pool: list[int]  # Sequence cards nobody drew
    seqs: list[list[list[int]]]  # per seat, per Sequence of their card: the steps so far
    scores: list[int]
    current: int
    first: int
    turn_no: int
    turns: list[int]
    phase: str
    over: bool
    stone_by: int
    casting: list[int]
    expected: tuple[int, ...]  # every card id in play, sorted (derived)
    # How the scores were made, worked out by the view once the game is over (M31).
    _breakdown: list[list[list[Any]]] | None = None
    # The Desk's summary as last asked for (desk.desk_summary); never saved nor cloned.
    _summary: DeskSummary | None = None
    # The collected recipes that may be taken, as last asked for (desk.held); the same.
    _held: Held | None = None

    # -- construction ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> PotionMakingState:
        """Set up a new game and run to its first decision."""
        from athanor.games.potion_making.turn import Turn

        s = cls()
        s._init_base(seed, options, names, players, log)
        s._derive()
        s._empty_table(players)
        for deck in s.deck_names:
            pile = list(s.cs.deck_ids[deck])
            s.rng.shuffle(pile)
            s.decks[deck] = pile
        titles = {
            "practice": "Practice",
            "guild": "Practice with the Guild of Alchemists",
            "guild,university": "Practice with the Guild of Alchemists and the University Course",
        }
        s.say("setup", f"A game of Potion-Making: {titles[s.mode]}, for {players} players.")
        deal = OPENING[s.mode]
        for seat in range(players):
            for deck, n in deal.items():
                for _ in range(n):
                    s.hands[seat].append(s.decks[deck].pop())
            if s.log is not None:
                s.say(
                    "setup",
                    f"{s.names[seat]} is dealt {plural(len(s.hands[seat]), 'card')}.",
                    [(seat, f"You are dealt {list_words(s.alike(s.hands[seat]))}.")],
                )
        for deck, n in deal.items():
            for _ in range(n):
                s.desk.append(s.decks[deck].pop())
        if s.log is not None:
            s.say("setup", f"The Desk of Elements starts with {s.card_list(s.desk, True)}.")
        if s.mode != "practice":
            s._deal_sequence_cards()
        s.first = s.rng.below(players)  # M2
        s.current = s.first
        first = s.first
        s.say_each("setup", lambda v: f"{s.does(first, v, 'go', 'goes')} first.", [first])
        s.stack.append(Turn(s.first))
        s._run()
        return s

    def _derive(self) -> None:
        """What follows from the options: the card set, the mode and the census."""
        self.mode = parse_mode(self.options.get("expansions", "practice"))
        self.cs = carddata.load(str(self.options.get("cards", "") or ""))
        if self.mode != "practice" and not self.cs.sequence_cards:
            raise ConfigError("the card data has no Great Work Sequences, which the Guild needs")
        self.expected = tuple(sorted(self.cs.ids_for(self.deck_names)))

    def _empty_table(self, players: int) -> None:
        self.decks = {d: [] for d in self.deck_names}
        self.hands = [[] for _ in range(players)]
        self.known = [[] for _ in range(players)]
        self.fresh = []
        self.desk = []
        self.collected = [[] for _ in range(players)]
        self.under = {}
        self.magma = set()
        self.seq_card = [-1] * players
        self.seq_pool = []
        self.seqs = [[[], [], []] for _ in range(players)]
        self.scores = [0] * players
        self.current = 0
        self.first = 0
        self.turn_no = 0
        self.turns = [0] * players
        self.phase = "setup"
        self.over = False
        self.stone_by = -1
        self.casting = []

    def _deal_sequence_cards(self) -> None:
        """Each player draws a Sequence card face down; more sets if there are more players (M3)."""
        n = len(self.cs.sequence_cards)
        sets = -(-self.players // n)
        pile = [i for _ in range(sets) for i in range(n)]
        self.rng.shuffle(pile)
        for seat in range(self.players):
            self.seq_card[seat] = pile.pop()
            if self.log is not None:
                self.say(
                    "setup",
                    f"{self.names[seat]} draws a Great Work Sequence card face down.",
                    [
                        (
                            seat,
                            "You draw the Great Work Sequence card of the "
                            f"{self.cs.sequence_cards[self.seq_card[seat]].name}.",
                        )
                    ],
                )
        self.seq_pool = pile

    # -- small queries -----------------------------------------------------------------

    @property
    def deck_names(self) -> tuple[str, ...]:
        """The decks in play, in the order the rules name them."""
        return carddata.MODES[self.mode]

    def card(self, cid: int) -> Card:
        """The card with this id."""
        return self.cs.cards[cid]

    def words(self, cid: int, element: bool = False) -> str:
        """A card in words: its name, and with ``element`` its bottom after it, the one
        order used everywhere: "Elixir of Fire (Fiery Light)"."""
        c = self.cs.cards[cid]
        if element:
            return f"{c.name} ({c.bottom})"
        return c.name

    def lay_words(self, cid: int, new: bool) -> str:
        """The option that lays a card: "Lay Elixir of Fire as Fiery Light: 1 point" (a point
        is said when there is one; silence is none)."""
        return lay_words(self.cs.cards[cid], new)

    def alike(self, ids: Sequence[int], element: bool = False) -> list[str]:
        """Cards in words, alike ones once with their count ("2 copies of Love Potion"), in
        the order first seen."""
        counts: dict[str, int] = {}
        for i in ids:
            w = self.words(i, element)
            counts[w] = counts.get(w, 0) + 1
        return [w if n == 1 else f"{n} copies of {w}" for w, n in counts.items()]

    def card_list(self, ids: Sequence[int], element: bool = False) -> str:
        """Several cards in words, in order."""
        return list_words([self.words(i, element) for i in ids])

    def others(self, seat: int) -> list[int]:
        """The other seats in turn order, starting at ``seat``'s left."""
        n = self.players
        return [(seat + i) % n for i in range(1, n)]

    def sequence(self, seat: int, j: int) -> carddata.Sequence:
        """Sequence ``j`` (0-2) of a seat's Sequence card."""
        return self.cs.sequence_cards[self.seq_card[seat]].sequences[j]

    def revealed(self, seat: int) -> bool:
        """A seat's Sequence card is known to all once a Sequence of it is started (M4)."""
        return any(self.seqs[seat])

    def out_of_cards(self) -> bool:
        """Every deck and every hand is empty: the game ends (M17)."""
        return not any(self.decks.values()) and not any(self.hands)

    def hand_limits(self) -> tuple[int, int]:
        """(draw up to, may not take at or above) for a Guild turn."""
        return GUILD_HAND[self.mode]

    def act(
        self, seat: int, you: str, they: str, rest: str, kind: str = "play", mine: str = ""
    ) -> None:
        """'You lay ...' to the actor, 'Ana lays ...' to everyone else (``mine``, if given,
        ends the actor's sentence instead of ``rest``: "your hand" for "their hand")."""
        if self.log is not None:
            self.say(kind, f"{self.names[seat]} {they}{rest}", [(seat, f"You {you}{mine or rest}")])

    def does(self, seat: int, viewer: int | None, you: str, they: str) -> str:
        """The start of a sentence about ``seat`` as ``viewer`` reads it: "You lay", "Ana lays"."""
        return f"You {you}" if seat == viewer else f"{self.names[seat]} {they}"

    def scores_words(self, seat: int, points: int, viewer: int | None) -> str:
        """ "Bo scores 3 points", or "you score 3 points" for Bo."""
        verb = "score" if seat == viewer else "scores"
        return f"{self.who(seat, viewer)} {verb} {plural(points, 'point')}"

    def gain(self, seat: int, points: int) -> None:
        """Add points to a score."""
        self.scores[seat] += points

    # -- moving cards -----------------------------------------------------------------

    def draw(self, seat: int, deck: str, told: bool = True) -> int:
        """Take the top card of a deck into a hand (the deck is not empty); ``told``: say
        so now (else the caller tells a run of cards at once, ``tell_draws``)."""
        self._sealed = True  # a hidden card comes to light: no undo past this
        cid = self.decks[deck].pop()
        self.hands[seat].append(cid)
        if told:
            self.tell_draws(seat, [cid])
        return cid

    def tell_draws(self, seat: int, cids: Sequence[int]) -> None:
        """One sentence for cards taken from the decks: "Bo takes 3 cards from the Practice
        deck (52 left)" for everyone, the cards themselves for the taker."""
        if self.log is None or not cids:
            return
        cards = self.cs.cards
        by_deck: dict[str, list[int]] = {}
        for c in cids:
            by_deck.setdefault(cards[c].type.deck, []).append(c)
        wheres = {d: f"from the {d} deck ({len(self.decks[d])} left)" for d in by_deck}
        n = len(cids)
        if len(by_deck) == 1:
            (where,) = wheres.values()
            text = f"{self.names[seat]} takes {'a card' if n == 1 else plural(n, 'card')} {where}."
        else:
            each = [f"{len(got)} {wheres[d]}" for d, got in by_deck.items()]
            text = f"{self.names[seat]} takes {plural(n, 'card')}: {list_words(each)}."
        mine = [f"{self.card_list(got, True)} {wheres[d]}" for d, got in by_deck.items()]
        self.say("draw", text, [(seat, f"You take {'; and '.join(mine)}.")])

    def from_hand(self, seat: int, cid: int) -> None:
        """A card leaves a hand (it is then put somewhere else by the caller)."""
        self.hands[seat].remove(cid)
        known = self.known[seat]
        if cid in known:
            known.remove(cid)
        if cid in self.fresh:
            self.fresh.remove(cid)

    def to_hand_openly(self, seat: int, cid: int) -> None:
        """A card everyone sees goes into a hand (M20)."""
        self.hands[seat].append(cid)
        self.known[seat].append(cid)
        self.fresh.append(cid)

    def element_is_new(self, cid: int) -> bool:
        """Laying this card scores a point: one of its elements is not on the Desk (M7, M8)."""
        c = self.cs.cards[cid]
        if c.wild:
            return False
        return not desk_summary(self).there().issuperset(c.elements)

    def lay(self, seat: int, cid: int) -> None:
        """Lay a card from a hand on the Desk as an element, scoring 1 if it is new (the
        spell that made it happen was told when it was cast)."""
        c = self.cs.cards[cid]  # (as element_is_new)
        summary = desk_summary(self)
        new = not c.wild and not summary.there().issuperset(c.elements)
        self.from_hand(seat, cid)
        self.desk.append(cid)
        summary.laid(cid, c.elements, c.wild)
        if new:
            self.scores[seat] += 1
        if self.log is not None:
            # A point is said when there is one; silence is none.
            tail = ": 1 point" if new else ""
            self.act(seat, "lay", "lays", f" {c.name} as {c.bottom}{tail}.")

    def dismantle(self, owner: int, r: int) -> None:
        """A collected recipe leaves its owner's collection: it and its components lie on the
        Desk as elements (no points)."""
        self.collected[owner].remove(r)
        recipes, elements = self.under.pop(r, ((), ()))
        self.magma.discard(r)
        self.desk.append(r)
        self.desk.extend(recipes)
        self.desk.extend(elements)

    # -- the contract ---------------------------------------------------------------------

    def _game_over(self) -> bool:
        return self.over

    def end(self, why: str = "", maker: int = -1) -> None:
        """End the game now: because of ``why``, or because ``maker`` made the Stone."""
        self.over = True
        self.phase = "over"
        self.stack.clear()
        if self.log is not None:
            if maker >= 0:
                self.say_each(
                    "end",
                    lambda v: (
                        f"The game ends: {self.does(maker, v, 'make', 'made')} the "
                        "Philosopher's Stone."
                    ),
                    [maker],
                )
            else:
                self.say("end", f"The game ends: {why}.")
            self.say_each("end", lambda v: self.result_words(v) + ".", range(self.players))

    @property
    def result(self) -> Result | None:
        """Most points wins; the maker of the Philosopher's Stone wins a tie (M18)."""
        if not self.over:
            return None
        return Result(
            tuple(float(x) for x in self.scores), self._placing(), self.result_words(None)
        )

    def _placing(self) -> tuple[int, ...]:
        keys = [(self.scores[s], s == self.stone_by) for s in range(self.players)]
        return Result.placing_from(keys)

    def result_words(self, viewer: int | None) -> str:
        """Who won and everyone's points, as ``viewer`` reads it ("You win: ...")."""
        placing = self._placing()
        parts = [
            f"{self.who(s, viewer)} {plural(self.scores[s], 'point')}" for s in range(self.players)
        ]
        winners = [s for s in range(self.players) if placing[s] == 1]
        if len(winners) > 1:
            head = f"{self.who_all(winners, viewer, start=True)} share the win"
        else:
            head = self.does(winners[0], viewer, "win", "wins")
        return f"{head}: {'; '.join(parts)}"

    def stats(self) -> dict[str, Any]:
        """Rounds (the most turns any player took), how the game ended, who moved first."""
        if not self.over:
            ending = "unfinished"
        elif self.stone_by >= 0:
            ending = "a Philosopher's Stone was made"
        else:
            ending = "the cards ran out"
        return {"turns": max(self.turns), "ending": ending, "first": self.first}

    def view(self, seat: int | None) -> Any:
        """What one seat may know: its hand and Sequence card, and the open table."""
        self.check_viewer(seat)
        d = self._decision
        cards = self.cs.cards
        players = []
        for i in range(self.players):
            mine = seat == i
            backs: dict[str, int] = {}
            for c in self.hands[i]:
                dk = cards[c].type.deck
                backs[dk] = backs.get(dk, 0) + 1
            shown = mine or self.revealed(i)
            players.append(
                {
                    "name": self.names[i],
                    "score": self.scores[i],
                    "turns": self.turns[i],
                    "hand": list(self.hands[i]) if mine else None,
                    "hand_size": len(self.hands[i]),
                    "hand_decks": backs,
                    "known": list(self.known[i]),
                    "collected": [
                        {
                            "card": r,
                            "recipes": list(self.under.get(r, ((), ()))[0]),
                            "elements": list(self.under.get(r, ((), ()))[1]),
                            "magma": r in self.magma,
                        }
                        for r in self.collected[i]
                    ],
                    "sequence_card": self.seq_card[i] if shown and self.seq_card[i] >= 0 else None,
                    "sequences": [list(x) for x in self.seqs[i]],
                    "sequence_magma": [
                        [c >= 0 and c in self.magma for c in x] for x in self.seqs[i]
                    ],
                }
            )
        if self.over:
            # How each score was made (M31): public, and worked out once per finished game.
            if self._breakdown is None:
                from athanor.games.potion_making.breakdown import breakdown

                self._breakdown = breakdown(self) or []
            for i, p in enumerate(players):
                p["breakdown"] = self._breakdown[i] if self._breakdown else None
        return {
            "game": "potion-making",
            "viewer": seat,
            "expansions": self.mode,
            "cards": str(self.options.get("cards", "") or ""),
            "names": list(self.names),
            "current": self.current,
            "turn": self.turn_no,
            "phase": self.phase,
            "decks": {k: len(v) for k, v in self.decks.items()},
            "desk": list(self.desk),
            "casting": list(self.casting),
            "players": players,
            "deciding": d.seat if d else None,
            "question": self.question(seat),
            # A prompt may name the decider's own cards.
            "prompt": (d.prompt if seat == d.seat else f"Waiting for {self.names[d.seat]}")
            if d
            else None,
            "over": self.over,
            "stone_by": self.stone_by if self.stone_by >= 0 else None,
        }

    def question(self, seat: int | None) -> dict[str, Any] | None:
        """What kind of question is pending (public); the decider also learns its subject."""
        d = self._decision
        if d is None or not self.stack:
            return None
        top = self.stack[-1]
        kind = getattr(top, "what", None) or type(top).__name__.lower()
        out: dict[str, Any] = {"kind": kind}
        if seat == d.seat:
            for name in ("card", "seq", "recipes", "elements", "memo"):
                v = getattr(top, name, None)
                if v is not None:
                    out[name] = list(v) if isinstance(v, list) else v
        return out

    def clone(self) -> PotionMakingState:
        """An independent copy (hand-written; no deepcopy)."""
        c = PotionMakingState.__new__(PotionMakingState)
        self._clone_base(c)
        c.cs = self.cs
        c.mode = self.mode
        c.expected = self.expected
        c.decks = {k: list(v) for k, v in self.decks.items()}
        c.hands = [list(h) for h in self.hands]
        c.known = [list(h) for h in self.known]
        c.fresh = list(self.fresh)
        c.desk = list(self.desk)
        c.collected = [list(h) for h in self.collected]
        c.under = dict(self.under)  # the tuples inside are never changed
        c.magma = set(self.magma)
        c.seq_card = list(self.seq_card)
        c.seq_pool = list(self.seq_pool)
        c.seqs = [[list(x) for x in p] for p in self.seqs]
        c.scores = list(self.scores)
        c.current = self.current
        c.first = self.first
        c.turn_no = self.turn_no
        c.turns = list(self.turns)
        c.phase = self.phase
        c.over = self.over
        c.stone_by = self.stone_by
        c.casting = list(self.casting)
        return c

    def determinize(self, seat: int, seed: int) -> PotionMakingState:
        """A copy in which what ``seat`` cannot see is dealt again (M20).

        The decks and the other players' hands are re-dealt deck by deck (card
        backs are public, so each hand keeps how many cards of each deck it has),
        keeping the cards everyone saw go into a hand. Unrevealed Sequence cards
        of others are re-dealt too. A player being asked something keeps their
        hand and card, since the question may name them.
        """
        c = self.clone()
        rng = Rng(seed)
        d = self._decision
        asked = d.seat if d is not None else -1
        cards = self.cs.cards
        hidden = [o for o in range(c.players) if o != seat and o != asked]
        for deck in c.deck_names:
            pool = list(c.decks[deck])
            slots: list[tuple[int, int]] = []
            for o in hidden:
                known = c.known[o]
                for k, cid in enumerate(c.hands[o]):
                    if cards[cid].type.deck == deck and cid not in known:
                        pool.append(cid)
                        slots.append((o, k))
            pool.sort()  # the copy depends only on what ``seat`` knows and on ``seed``
            rng.shuffle(pool)
            for o, k in slots:
                c.hands[o][k] = pool.pop()
            c.decks[deck] = pool
        if c.mode != "practice":
            free = [o for o in hidden if not c.revealed(o)]
            pool = sorted([c.seq_card[o] for o in free] + list(c.seq_pool))
            rng.shuffle(pool)
            for o in free:
                c.seq_card[o] = pool.pop()
            c.seq_pool = pool
        hand = c.hands[c.current]
        c.fresh = [x for x in c.fresh if x in hand]
        c.rng = Rng(rng.next64())
        return c

    # -- the card census ------------------------------------------------------------------

    def census(self) -> list[int]:
        """Every card id in play, wherever it is (a card twice would show up twice)."""
        out: list[int] = []
        for pile in self.decks.values():
            out += pile
        for h in self.hands:
            out += h
        out += self.desk
        for col in self.collected:
            out += col
        for rs, es in self.under.values():
            out += rs
            out += es
        for p in self.seqs:
            for x in p:
                out += [c for c in x if c >= 0]
        out += self.casting
        return out

    def check_invariants(self) -> None:
        """Every card in exactly one place; the side tables agree with the zones."""
        got = self.census()
        got.sort()
        if tuple(got) != self.expected:
            raise AssertionError("a card appeared, vanished or is in two places")
        held = {r for col in self.collected for r in col}
        if not held.issuperset(self.under):
            raise AssertionError("components lie under a card that is not a collected recipe")
        placed = {c for p in self.seqs for x in p for c in x if c >= 0}
        if not (held | placed).issuperset(self.magma):
            raise AssertionError("a Magma mark on a card that is not collected")
        for seat, kn in enumerate(self.known):
            if not set(self.hands[seat]).issuperset(kn):
                raise AssertionError("a known card is not in its hand")
        if not set(self.hands[self.current]).issuperset(self.fresh):
            raise AssertionError("a card taken this turn is not in the hand of the player")
        if min(self.scores) < 0:
            raise AssertionError("a negative score")

    # -- saving ---------------------------------------------------------------------------

    _FIELDS = (
        "decks",
        "hands",
        "known",
        "fresh",
        "desk",
        "collected",
        "seq_card",
        "seq_pool",
        "seqs",
        "scores",
        "current",
        "first",
        "turn_no",
        "turns",
        "phase",
        "over",
        "stone_by",
        "casting",
    )

    def _state_json(self) -> Any:
        out = super()._state_json()
        out["under"] = [[r, list(rs), list(es)] for r, (rs, es) in self.under.items()]
        out["magma"] = sorted(self.magma)
        return out

    @classmethod
    def _from_state_json(cls, data: Any) -> PotionMakingState:
        s = super()._from_state_json(data)
        s.under = {
            int(r): (tuple(int(x) for x in rs), tuple(int(x) for x in es))
            for r, rs, es in data["under"]
        }
        s.magma = {int(x) for x in data["magma"]}
        return s

    def _restore(self) -> None:
        """Rebuild the card set from the options and check every loaded field."""
        try:
            self._derive()
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        n = self.players

        def ids(xs: Any, what: str) -> list[int]:
            if not isinstance(xs, list) or not all(type(x) is int for x in xs):
                raise ValueError(f"{what} is not a list of card ids")
            return xs

        if set(self.decks) != set(self.deck_names):
            raise ValueError("the decks do not match the expansions")
        for k, v in self.decks.items():
            ids(v, f"the {k} deck")
        for name in ("hands", "known", "collected", "scores", "turns", "seq_card", "seqs"):
            v = getattr(self, name)
            if not isinstance(v, list) or len(v) != n:
                raise ValueError(f"{name} does not have one entry per player")
        for seat in range(n):
            ids(self.hands[seat], "a hand")
            ids(self.known[seat], "a list of known cards")
            ids(self.collected[seat], "a collection")
            if len(self.seqs[seat]) != 3:
                raise ValueError("a player does not have three Sequences")
            for x in self.seqs[seat]:
                ids(x, "a Sequence")
                if len(x) > 7 or any(c < TAKEN for c in x):
                    raise ValueError("a Sequence has a bad step")
            card = self.seq_card[seat]
            if type(card) is not int or not -1 <= card < len(self.cs.sequence_cards):
                raise ValueError("a bad Sequence card")
            if (card < 0) != (self.mode == "practice"):
                raise ValueError("a Sequence card does not match the expansions")
        ids(self.desk, "the Desk")
        ids(self.fresh, "the cards taken this turn")
        ids(self.casting, "the spells being cast")
        ids(self.seq_pool, "the unused Sequence cards")
        ids(self.scores, "the scores")
        ids(self.turns, "the turns")
        for counter in (self.current, self.first, self.turn_no, self.stone_by):
            if type(counter) is not int:
                raise ValueError("a turn counter is not a whole number")
        if not (0 <= self.current < n and -1 <= self.stone_by < n):
            raise ValueError("a seat number is out of range")
        if type(self.over) is not bool or not isinstance(self.phase, str):
            raise ValueError("a bad game phase")
        got = sorted(self.census())
        if tuple(got) != self.expected:
            raise ValueError("the cards do not add up to the decks in play")
        self.check_invariants_loaded()

    def check_invariants_loaded(self) -> None:
        """The side tables of a loaded game agree with its zones."""
        try:
            self.check_invariants()
        except AssertionError as exc:
            raise ValueError(str(exc)) from None
