"""Dominion: the state, its zones and the moves that change them.

Cards are interned name strings. Each player has five zones: ``decks`` (the
top card is the *last* item), ``hands``, ``discards`` (top is last),
``plays`` (cards in play) and ``asides`` (set aside or being looked at). The
Supply is a pile count per card name, since every card in a Basic or Base-set
pile is the same. Pending work lives as frames on ``stack`` (frames.py).
Rules decisions are numbered in docs/rules/dominion.md (D1, D2, ...).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final

from athanor.engine import ConfigError, Decision, GameState, Result, Rng
from athanor.games.dominion import alchemy as alchemy_effects
from athanor.games.dominion import frames as fr
from athanor.games.dominion.cards import (
    ACTIONS,
    ALCHEMY_KINGDOM,
    CARDS,
    COST_COINS,
    COST_POTIONS,
    STONE,
    TREASURE_COINS,
    TREASURE_POTIONS,
    VP,
    CardType,
    a_card,
    cards_words,
    counted_words,
    ordinal,
    plural,
)
from athanor.games.dominion.kingdoms import alchemy_count, choose_kingdom

PROVINCES = {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}
STARTING_DECK: Final = ("Copper",) * 7 + ("Estate",) * 3
ALCHEMY_KINGDOM_SET: Final = frozenset(ALCHEMY_KINGDOM)


# How a narration sentence differs between the actor and everyone else.
_PERSON = [
    ("their", "your"),
    ("and puts", "and put"),
    ("and is", "and are"),
    ("; discards", "; discard"),
]


def _words(phrase: str) -> re.Pattern[str]:
    """The phrase as whole words (a leading "; " needs no word boundary before it)."""
    return re.compile(("\\b" if phrase[0].isalpha() else "") + re.escape(phrase) + "\\b")


_TO_SECOND = [(_words(them), you) for them, you in _PERSON]
_TO_THIRD = [(_words(you), them) for them, you in _PERSON]


def second_person(text: str) -> str:
    """The rest of a narration sentence as its actor reads it ("your deck")."""
    for pattern, words in _TO_SECOND:
        text = pattern.sub(words, text)
    return text


def third_person(text: str) -> str:
    """The rest of a narration sentence as everyone else reads it ("their deck")."""
    for pattern, words in _TO_THIRD:
        text = pattern.sub(words, text)
    return text


class Weights(dict[str, int]):
    """A weight per card name for ``DominionState.tally``; a card not listed weighs 0
    (list every known card, 0 included: a lookup that misses is slow)."""

    def __missing__(self, key: str) -> int:
        return 0


_ORDER = {n: i for i, n in enumerate(CARDS)}
_IS_ACTION: Final = Weights({n: 1 if n in ACTIONS else 0 for n in CARDS})
_COIN_OF = Weights({n: TREASURE_COINS.get(n, 0) for n in CARDS})  # every Treasure's coins


def supply_for(kingdom: Sequence[str], players: int) -> dict[str, int]:
    """The Supply piles and their sizes for a kingdom and a player count (D1)."""
    two_sets = players >= 5
    victory = 8 if players == 2 else 12
    supply = {
        "Copper": (120 if two_sets else 60) - 7 * players,
        "Silver": 80 if two_sets else 40,
        "Gold": 60 if two_sets else 30,
    }
    try:
        order = sorted(kingdom, key=_PILE_RANK.__getitem__)
        potion = not _NO_POTION.issuperset(order)
    except KeyError:  # a card not known at import (a test's stand-in)
        order = sorted(kingdom, key=_pile_order)
        potion = any(CARDS[k].cost.potions for k in kingdom)
    if potion:
        supply["Potion"] = 16
    supply["Estate"] = victory
    supply["Duchy"] = victory
    supply["Province"] = PROVINCES[players]
    supply["Curse"] = 10 * (players - 1)
    known = _VICTORY_OF
    for name in order:
        v = known.get(name)
        if v is None:
            v = _is_victory(name)
        supply[name] = victory if v else 10
    return supply


# Ready answers for the cards known at import (IntFlag arithmetic is slow); any other
# card (a test's stand-in) is looked up in CARDS.
_PILE_ORDER = {n: (c.cost.coins, c.cost.potions, n) for n, c in CARDS.items()}
_VICTORY_OF = {n: bool(c.types & CardType.VICTORY) for n, c in CARDS.items()}
_NO_POTION = frozenset(n for n, c in CARDS.items() if not c.cost.potions)
# Each card's place in that order as one number: a sort compares ints, not tuples.
_PILE_RANK = {n: i for i, n in enumerate(sorted(CARDS, key=_PILE_ORDER.__getitem__))}


def _pile_order(name: str) -> tuple[int, int, str]:
    """Kingdom piles are laid out by cost: coins, then Potions, then name."""
    key = _PILE_ORDER.get(name)
    if key is None:
        cost = CARDS[name].cost
        key = (cost.coins, cost.potions, name)
    return key


def _is_victory(name: str) -> bool:
    """Whether a card is a Victory card."""
    v = _VICTORY_OF.get(name)
    return bool(CARDS[name].types & CardType.VICTORY) if v is None else v


_CENSUS: dict[tuple[tuple[str, ...], int], dict[str, int]] = {}
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def _chunk(i: int) -> tuple[int, int, int, tuple[tuple[int, int], ...]]:
    """For Fisher-Yates steps i, i-1, ..., k+1: (k, product of their ranges, rejection
    limit, and each step as (position, range))."""
    m = 1
    k = i
    while k > 0 and m * (k + 1) <= _SPAN:
        m *= k + 1
        k -= 1
    return k, m, _SPAN - _SPAN % m, tuple([(a, a + 1) for a in range(i, k, -1)])


# Worked out at import for decks of up to 64 cards, for bigger ones when first shuffled (a
# few hundred made at import would be a millisecond of every start).
_CHUNKS = [_chunk(i) for i in range(64)]
_MORE_CHUNKS: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {}


def _big_chunk(i: int) -> tuple[int, int, int, tuple[tuple[int, int], ...]]:
    """``_chunk(i)`` for a deck of more than 64 cards, kept."""
    got = _MORE_CHUNKS.get(i)
    if got is None:
        got = _MORE_CHUNKS[i] = _chunk(i)
    return got


_c_shuffle: Callable[[int, list[str]], int] | None
try:  # built beside the mypyc modules in the compiled build (setup.py), never in a pure one
    from athanor.games.dominion._cdraws import shuffle as _c_shuffle
except ImportError:
    _c_shuffle = None


def _py_shuffle(rng: Rng, seq: list[str]) -> None:
    """An exactly uniform Fisher-Yates shuffle driven by the game's generator.

    Instead of one 64-bit draw per swap, one draw (with rejection, so it is
    uniform) is split into the mixed-radix digits of several consecutive swaps:
    a deck of up to 20 cards costs a single draw.
    """
    st = rng.state
    i = len(seq) - 1
    while i > 0:
        k, m, limit, steps = _CHUNKS[i] if i < 64 else _big_chunk(i)
        while True:
            st = (st + _GAMMA) & _MASK
            z = st
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        x = z % m
        for a, b in steps:
            j = x % b  # two operators: cheaper than a call of divmod (valgrind)
            x //= b
            seq[a], seq[j] = seq[j], seq[a]
        i = k
    rng.state = st


def _shuffle(rng: Rng, seq: list[str]) -> None:
    """Shuffle with the compiled build's C shuffle where there is one (the same numbers and
    state: ``_cdraws.c``), else with ``_py_shuffle``, the reference."""
    if _c_shuffle is None:
        _py_shuffle(rng, seq)
    else:
        rng.state = _c_shuffle(rng.state, seq)


class DominionState(GameState):
    """A game of Dominion in progress."""

    kingdom: list[str]
    supply: dict[str, int]
    trash: list[str]
    decks: list[list[str]]
    hands: list[list[str]]
    discards: list[list[str]]
    plays: list[list[str]]
    asides: list[list[str]]
    first: int
    current: int
    phase: str
    actions: int
    buys: int
    coins: int
    # Coins paid this turn; after Clean-up, plus those left unspent: the coins the turn
    # made (for the simulator's money curve; not saved, a loaded game starts it at 0).
    coins_made: int = 0
    potions: int
    merchant: int  # Merchant bonuses waiting for the first Silver this turn
    silver_played: bool
    bought: bool  # a card was bought this turn: no more Treasures may be played
    turns: list[int]  # turns taken per seat (for the tie-break)
    turn_no: int
    over: bool
    alchemy: bool  # an Alchemy card is in the kingdom (Clean-up may need choices)
    extra_turns: list[list[int]]  # Possession: [seat, controller] turns still to come, in order
    possessor: int  # the seat deciding for the current player this turn, or -1
    resume: int  # the seat whose ordinary turn came last (the next one is to its left)
    possessed_trash: list[str]  # the possessed player's trashed cards, set aside (D39)
    buy_table: fr.BuyTable  # derived from the Supply's piles (shared, never changed)
    # Derived, not saved: how many Supply piles are empty, kept by ``gain`` (the only way a
    # pile shrinks in play) so that the Buy question and the end of each turn need not read
    # every pile (``all(supply.values())`` twice a turn was 8% of a compiled simulation).
    # Code that sets a pile by hand calls ``count_empty_piles`` after; ``check_invariants``
    # catches a count left stale.
    piles_out: int

    @property
    def potion_in_supply(self) -> bool:
        """Whether Potions can be in the game at all (the Potion pile is in the Supply)."""
        return "Potion" in self.supply

    # -- construction ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> DominionState:
        """Set up a new game and run to its first decision."""
        if not 2 <= players <= 6:
            raise ConfigError(f"Dominion takes 2-6 players, not {players}")
        s = cls()
        s._init_base(seed, options, names, players, log)
        s.kingdom = choose_kingdom(
            str(options.get("kingdom", "random")), s.rng, alchemy_count(options.get("alchemy", 0))
        )
        s.alchemy = not ALCHEMY_KINGDOM_SET.isdisjoint(s.kingdom)
        s.extra_turns = []
        s.possessor = -1
        s.possessed_trash = []
        s.supply = supply_for(s.kingdom, players)
        s.piles_out = 0
        s.buy_table = fr.buy_table(s.supply)
        s.trash = []
        s.decks = [list(STARTING_DECK) for _ in range(players)]
        s.hands = [[] for _ in range(players)]
        s.discards = [[] for _ in range(players)]
        s.plays = [[] for _ in range(players)]
        s.asides = [[] for _ in range(players)]
        s.turns = [0] * players
        s.turn_no = 0
        s.over = False
        s.actions = s.buys = s.coins = s.coins_made = s.potions = s.merchant = 0
        s.silver_played = s.bought = False
        s.phase = "setup"
        if s.log is not None:
            s.say("setup", f"A game of Dominion for {players} players.")
            s.say(
                "setup",
                "Kingdom: "
                + ", ".join(f"{k} ({CARDS[k].cost.words()})" for k in s.supply if k in s.kingdom)
                + ".",
            )
        for seat in range(players):
            _shuffle(s.rng, s.decks[seat])
            s.draw(seat, 5, True)
        s.first = s.rng.below(players)
        s.current = s.first
        s.resume = s.first
        if s.log is not None:
            first = s.first
            s.say_each(
                "setup",
                lambda v: "You go first." if v == first else f"{s.names[first]} goes first.",
                [first],
            )
        s.stack.append(fr.Turn(s.first, "start"))
        s._run()
        return s

    def expected_census(self) -> dict[str, int]:
        """How many of each card the game was set up with."""
        key = (tuple(self.kingdom), len(self.names))
        out = _CENSUS.get(key)
        if out is None:
            c = Counter(supply_for(self.kingdom, self.players))
            for name in STARTING_DECK:
                c[name] += self.players
            out = _CENSUS[key] = dict(c)
        return dict(out)

    # -- queries for rules, bots and tests ---------------------------------------

    def others(self, seat: int) -> list[int]:
        """The other seats in turn order, starting from the left of ``seat``."""
        n = len(self.names)
        return [(seat + i) % n for i in range(1, n)]

    def owned(self, seat: int) -> Counter[str]:
        """Every card a seat has, wherever it is (deck, hand, discard, play, set aside)."""
        c = Counter(self.decks[seat])
        c.update(self.hands[seat])
        c.update(self.discards[seat])
        c.update(self.plays[seat])
        c.update(self.asides[seat])
        return c

    def count(self, seat: int, name: str) -> int:
        """How many copies of a card a seat has."""
        return (
            self.decks[seat].count(name)
            + self.hands[seat].count(name)
            + self.discards[seat].count(name)
            + self.plays[seat].count(name)
            + self.asides[seat].count(name)
        )

    def card_total(self, seat: int) -> int:
        """How many cards a seat has in all."""
        return (
            len(self.decks[seat])
            + len(self.hands[seat])
            + len(self.discards[seat])
            + len(self.plays[seat])
            + len(self.asides[seat])
        )

    def tally(self, seat: int, weight: Mapping[str, int]) -> int:
        """The sum of ``weight[card]`` over every card a seat has."""
        get = weight.__getitem__
        return (
            sum(map(get, self.decks[seat]))
            + sum(map(get, self.hands[seat]))
            + sum(map(get, self.discards[seat]))
            + sum(map(get, self.plays[seat]))
            + sum(map(get, self.asides[seat]))
        )

    def money(self, seat: int) -> int:
        """The coin value of every Treasure a seat has."""
        return self.tally(seat, _COIN_OF)

    def empty_piles(self) -> int:
        """How many Supply piles are empty (read from the piles themselves)."""
        vals = self.supply.values()
        return 0 if all(vals) else list(vals).count(0)  # all(): the quickest test for a 0

    def count_empty_piles(self) -> None:
        """Count the empty piles again, after setting piles by hand (tests, set-ups)."""
        self.piles_out = self.empty_piles()

    def victory_points(self, seat: int) -> int:
        """A seat's score now, counting Gardens (D7)."""
        # Every card in one list: one pass for the points and one count per card that
        # scores by the deck, rather than five per zone (the simulator scores every game).
        cards = (
            self.decks[seat]
            + self.hands[seat]
            + self.discards[seat]
            + self.plays[seat]
            + self.asides[seat]
        )
        total = sum(map(VP.__getitem__, cards))
        gardens = cards.count("Gardens")
        if gardens:
            total += gardens * (len(cards) // 10)
        vineyards = cards.count("Vineyard")
        if vineyards:  # D30
            total += vineyards * (sum(map(_IS_ACTION.__getitem__, cards)) // 3)
        return total

    def vp_breakdown(self, seat: int) -> list[list[Any]]:
        """A seat's score card by card: [name, copies, points they make], in Supply order,
        for every card that scores (Curses included)."""
        owned = self.owned(seat)
        total = self.card_total(seat)
        actions = self.tally(seat, _IS_ACTION)
        out: list[list[Any]] = []
        for name in sorted(owned, key=_ORDER.__getitem__):
            n = owned[name]
            each = VP[name]
            if name == "Gardens":
                each += total // 10
            elif name == "Vineyard":
                each += actions // 3
            if each or name in ("Gardens", "Vineyard"):
                out.append([name, n, n * each])
        return out

    def public_aside(self, seat: int) -> list[str]:
        """The set-aside cards everyone may see: all but those Sentry is looking at (D45)."""
        aside = self.asides[seat]
        if not aside:
            return []
        private: list[str] = []
        for f in self.stack:
            if isinstance(f, fr.Sentry) and f.seat == seat:
                private += f.cards[f.idx :] + f.back
        if not private:
            return list(aside)
        out = list(aside)
        for c in private:
            if c in out:
                out.remove(c)
        return out

    def question_source(self) -> dict[str, Any] | None:
        """Where the cards named by the question's options lie ({zone, seat}): a hand,
        the set-aside (revealed) cards, the play area or the discard pile. Buying and
        gaining always take from the Supply."""
        if self._decision is None or not self.stack:
            return None
        top = self.stack[-1]
        zone, owner = "hand", int(getattr(top, "seat", self._decision.seat))
        if isinstance(top, fr.EachOther):
            owner = top.target(self)
            if isinstance(top, fr.Bandit):
                zone = "revealed"
        elif isinstance(top, alchemy_effects.ScryingPool):
            zone, owner = "revealed", top.target
        elif isinstance(top, (fr.Sentry, alchemy_effects.PutBack, alchemy_effects.Golem)):
            zone = "revealed"
        elif isinstance(top, (fr.Harbinger, fr.Vassal)):
            zone = "discard"
        elif isinstance(top, fr.CleanupChoices):
            zone = "play"
        return {"zone": zone, "seat": owner}

    def card_census(self) -> dict[str, int]:
        """Every card counted once wherever it is: Supply, trash and each player's zones."""
        out = Counter({n: k for n, k in self.supply.items()})
        out.update(self.trash)
        out.update(self.possessed_trash)
        for zones in (self.decks, self.hands, self.discards, self.plays, self.asides):
            for z in zones:
                out.update(z)
        return dict(out)

    def decider(self, seat: int) -> int:
        """Who answers a question asked of ``seat``: during a possessed turn the possessed
        player's questions go to the possessor (D37)."""
        return self.possessor if self.possessor >= 0 and seat == self.current else seat

    def whose(self, owner: int, seat: int, start: bool = False) -> str:
        """``owner``'s, said by whoever answers ``seat``'s question: "your" (or "Your"
        at the start of a sentence) for their own cards, "Bo's" for another player's (D46)."""
        if owner == self.decider(seat):
            return "Your" if start else "your"
        return f"{self.names[owner]}'s"

    def whom(self, owner: int, seat: int) -> str:
        """``owner`` as the subject of a question asked of ``seat``: "You" or "Bo" (D46)."""
        return "You" if owner == self.decider(seat) else self.names[owner]

    def can_gain(self, name: str) -> bool:
        """A card can be gained while its Supply pile is not empty."""
        return self.supply.get(name, 0) > 0

    # -- narration -------------------------------------------------------------

    def _act(
        self,
        seat: int,
        you: str,
        they: str,
        rest: str,
        private_rest: str | None = None,
        kind: str = "turn",
    ) -> None:
        """'You draw Gold' to the actor, 'Ana draws a card' to everyone else.

        ``rest`` (and ``private_rest``, the detail only the actor may see) may be
        written in either person: each reader gets it in their own ("their deck" to
        others, "your deck" to the actor)."""
        if self.log is not None:
            mine = rest if private_rest is None else private_rest
            private = [(seat, f"You {you}{second_person(mine)}")]
            if self.possessor >= 0 and seat == self.current:
                # The possessor sees what the possessed player sees (D37).
                private.append((self.possessor, f"{self.names[seat]} {they}{third_person(mine)}"))
            self.say(kind, f"{self.names[seat]} {they}{third_person(rest)}", private)

    # -- moving cards ------------------------------------------------------------

    def shuffle(self, seat: int) -> None:
        """Shuffle the discard pile to form the deck (the deck is empty)."""
        deck = self.decks[seat]
        disc = self.discards[seat]
        deck.extend(disc)
        disc.clear()
        if _c_shuffle is None:  # ``_shuffle`` written out: the call a game's every shuffle
            _py_shuffle(self.rng, deck)
        else:
            self.rng.state = _c_shuffle(self.rng.state, deck)
        if self.log is not None:
            self._act(
                seat,
                "shuffle",
                "shuffles",
                f" {plural('card', len(deck))} to form a new deck.",
                kind="shuffle",
            )

    def draw(self, seat: int, n: int, new_hand: bool = False) -> int:
        """Draw up to ``n`` cards, shuffling when the deck runs out; return how many.

        ``new_hand``: a whole new hand (set-up, Clean-up), whose cards the turn's first
        line names; the drawing player then hears only how many (a possessor still hears
        the cards: the possessed turn is the one time they see them, D37)."""
        self._sealed = True  # hidden cards come to light: no undo past this
        deck = self.decks[seat]
        hand = self.hands[seat]
        if self.log is None:
            if len(deck) >= n:
                if n == 1:
                    hand.append(deck.pop())
                else:
                    hand.extend(deck[: -n - 1 : -1])
                    del deck[-n:]
                return n
            # The deck runs out: draw it all (top first), shuffle, draw the rest.
            got = len(deck)
            hand.extend(deck[::-1])
            deck.clear()
            if not self.discards[seat]:
                return got
            self.shuffle(seat)
            more = min(n - got, len(deck))
            hand.extend(deck[: -more - 1 : -1])
            del deck[len(deck) - more :]
            return got + more
        drawn: list[str] = []
        for _ in range(n):
            if not deck:
                if not self.discards[seat]:
                    break
                self.shuffle(seat)
            c = deck.pop()
            hand.append(c)
            drawn.append(c)
        if drawn:
            public = f" {plural('card', len(drawn))}.".replace("1 card.", "a card.")
            if new_hand and not (self.possessor >= 0 and seat == self.current):
                mine = f" a new hand of {plural('card', len(drawn))}.".replace(
                    "of 1 card.", "of a card."
                )
            else:
                mine = f" {cards_words(drawn)}."
            self._act(seat, "draw", "draws", public, private_rest=mine, kind="draw")
        if len(drawn) < n:
            self._act(seat, "have", "has", " no more cards to draw.", kind="draw")
        return len(drawn)

    def take_top(self, seat: int) -> str | None:
        """Take the top card of a deck (shuffling if needed), or None if there is none."""
        self._sealed = True  # the card comes to light: no undo past this
        deck = self.decks[seat]
        if not deck:
            if not self.discards[seat]:
                return None
            self.shuffle(seat)
        return deck.pop()

    def gain(self, seat: int, name: str, to: str = "discard", quiet: bool = False) -> bool:
        """Gain a card from the Supply to discard, hand or deck; False if its pile is empty.
        (``buy`` writes the usual case out for speed: keep the two alike.)"""
        left = self.supply.get(name, 0)
        if left <= 0:
            if self.log is not None:
                self.say("gain", f"There is no {name} left to gain.")
            return False
        if self.possessor >= 0 and seat == self.current:
            return self._gain_for_possessor(seat, name, quiet)
        self.supply[name] = left - 1
        if left == 1:
            self.piles_out += 1
        if to == "discard":
            self.discards[seat].append(name)
        elif to == "hand":
            self.hands[seat].append(name)
        else:
            self.decks[seat].append(name)
        if self.log is not None and not quiet:
            where = {"discard": "", "hand": " to their hand", "deck": " onto their deck"}[to]
            self._act(
                seat,
                "gain",
                "gains",
                f" {a_card(name)}{where}.",
                kind="gain",
            )
        return True

    def _gain_for_possessor(self, seat: int, name: str, quiet: bool) -> bool:
        """Possession: a card the possessed player would gain goes to the possessor (D38)."""
        p = self.possessor
        left = self.supply[name] - 1
        self.supply[name] = left
        if left == 0:
            self.piles_out += 1
        self.discards[p].append(name)
        if self.log is not None:
            card = a_card(name)

            def line(v: int | None) -> str:
                if v == p:
                    what = "buys" if quiet else "would gain"
                    return f"You gain {card} that {self.names[seat]} {what} (Possession)."
                if v == seat:
                    what = "buy" if quiet else "would gain"
                    return (
                        f"{self.names[p]} gains {card} that you {what} (Possession); "
                        f"it goes to {self.names[p]}'s discard pile."
                    )
                what = "buys" if quiet else "would gain"
                return (
                    f"{self.names[p]} gains {card} that {self.names[seat]} {what} "
                    f"(Possession); it goes to {self.names[p]}'s discard pile."
                )

            self.say_each("gain", line, (p, seat))
        return True

    def trash_card(self, seat: int, name: str, where: str = "") -> None:
        """Put a card of ``seat`` that has left its zone into the trash.

        During a possessed turn the possessed player's cards are set aside instead
        and come back to their discard pile after Clean-up (D39).
        """
        if self.possessor >= 0 and seat == self.current:
            self.possessed_trash.append(name)
            if self.log is not None:
                who = self.names[seat]
                self.say(
                    "trash",
                    f"{who} trashes {a_card(name)}{where}; as {who} is possessed, it is set "
                    f"aside and returns to {who}'s discard pile after Clean-up.",
                )
            return
        self.trash.append(name)
        if self.log is not None:
            self._act(
                seat,
                "trash",
                "trashes",
                f" {a_card(name)}{where}.",
                kind="trash",
            )

    def trash_from_hand(self, seat: int, name: str) -> None:
        """Trash a card from a hand."""
        self.hands[seat].remove(name)
        self.trash_card(seat, name)

    def discard_from_hand(self, seat: int, name: str) -> None:
        """Discard a card from a hand (discarded cards are seen by everyone)."""
        self.hands[seat].remove(name)
        self.discards[seat].append(name)
        if self.log is not None:
            self._act(seat, "discard", "discards", f" {a_card(name)}.", kind="discard")

    def topdeck_from_hand(self, seat: int, name: str) -> None:
        """Put a card from a hand onto the deck, face down (D11)."""
        self.hands[seat].remove(name)
        self.decks[seat].append(name)
        if self.log is not None:
            self._act(
                seat,
                "put",
                "puts",
                " a card from their hand onto their deck.",
                private_rest=f" {a_card(name)} from your hand onto your deck.",
            )

    # -- turn steps --------------------------------------------------------------

    def start_turn(self, seat: int) -> None:
        """Begin a seat's turn: 1 Action, 1 Buy, no coins."""
        self.current = seat
        self.phase = "action"
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.coins_made = 0
        self.potions = 0
        self.merchant = 0
        self.silver_played = False
        self.bought = False
        self.turn_no += 1
        if self.possessor >= 0:
            self._start_possessed_turn(seat)
            return
        self.turns[seat] += 1
        if self.log is not None:
            nth = ordinal(self.turns[seat])
            self.say(
                "turn",
                f"Turn {self.turn_no}: {self.names[seat]}'s {nth} turn.",
                [
                    (
                        seat,
                        f"Turn {self.turn_no}: your {nth} turn. "
                        f"Your hand: {counted_words(sorted(self.hands[seat]))}.",
                    )
                ],
            )

    def _start_possessed_turn(self, seat: int) -> None:
        """Narrate the start of an extra turn under Possession (not counted in ``turns``)."""
        if self.log is None:
            return
        p = self.possessor
        self.say(
            "turn",
            f"Turn {self.turn_no}: {self.names[seat]}'s extra turn, possessed by "
            f"{self.names[p]}, who makes every decision.",
            [
                (
                    seat,
                    f"Turn {self.turn_no}: your extra turn; {self.names[p]} possesses you and "
                    "makes every decision.",
                ),
                (
                    p,
                    f"Turn {self.turn_no}: {self.names[seat]}'s extra turn; you possess them and "
                    f"decide. {self.names[seat]}'s hand: "
                    f"{counted_words(sorted(self.hands[seat]))}.",
                ),
            ],
        )

    def next_seat(self, seat: int) -> int:
        """After a turn's Clean-up: whose turn is next (Possession's extra turns first)."""
        if self.possessor >= 0:
            self._end_possessed_turn(seat)
        else:
            self.resume = seat
        if self.extra_turns:
            nxt, controller = self.extra_turns.pop(0)
            self.possessor = controller
            return nxt
        return (self.resume + 1) % len(self.names)

    def _end_possessed_turn(self, seat: int) -> None:
        p = self.possessor
        self.possessor = -1
        if self.log is not None:
            self.say_each(
                "turn",
                lambda v: (
                    f"Your extra turn ends; {self.names[p]} no longer decides for you."
                    if v == seat
                    else f"{self.names[seat]}'s extra turn ends; "
                    f"{self.who(p, v)} no longer {'decide' if v == p else 'decides'} for them."
                ),
                (seat, p),
            )

    def play_action(self, seat: int, name: str) -> None:
        """Play an Action card from hand, using up an Action."""
        self.hands[seat].remove(name)
        self.plays[seat].append(name)
        self.actions -= 1
        if self.log is not None:
            self.say(
                "play",
                f"{self.names[seat]} plays {a_card(name)}.",
                [(seat, f"You play {a_card(name)}.")],
            )
        self.resolve(seat, name)

    def resolve(self, seat: int, name: str) -> None:
        """Carry out a card that is being played (Moat may answer an Attack first)."""
        if name in fr.ATTACK_EFFECTS:
            others = self.others(seat)
            hands = self.hands
            if any("Moat" in hands[o] for o in others):
                self.stack.append(fr.Resolve(seat, name, True, []))
                self.stack.append(fr.MoatWindow(others, 0, name, seat, []))
                return
        self.resolve_now(seat, name, [])

    def resolve_now(self, seat: int, name: str, immune: list[int]) -> None:
        """The card's bonuses in printed order, then its own effect."""
        c = CARDS[name]
        if c.cards:
            self.draw(seat, c.cards)
        if c.actions:
            self.actions += c.actions
        if c.buys:
            self.buys += c.buys
        if c.plus_coins:
            self.coins += c.plus_coins
        eff = fr.EFFECTS.get(name)
        if eff is not None:
            eff(self, seat, immune)

    def play_treasure(self, seat: int, name: str) -> None:
        """Play one Treasure from hand."""
        self.hands[seat].remove(name)
        self.plays[seat].append(name)
        self.coins += TREASURE_COINS[name]
        self.potions += TREASURE_POTIONS[name]
        if name == STONE:
            self.coins += self.stone_value(seat)
        self._treasures_played(seat, name == "Silver", a_card(name))

    def play_all_treasures(self, seat: int) -> None:
        """Play every Treasure in hand (the usual shortcut)."""
        hand = self.hands[seat]
        h = fr.HANDS.get(tuple(hand)) or fr.hand_treasures(hand)
        tre = h.played
        if not tre:
            return
        hand[:] = h.kept
        self.plays[seat].extend(tre)
        self.coins += h.coins
        self.potions += h.potions
        if h.stones:
            self.coins += h.stones * self.stone_value(seat)
        if self.log is None:  # ``_treasures_played`` without its words, written out
            if h.silver and not self.silver_played:
                self.silver_played = True
                self.coins += self.merchant
            return
        self._treasures_played(seat, h.silver, counted_words(tre))

    def treasure_money(self, seat: int, h: fr.HandTreasures | None = None) -> tuple[int, int]:
        """Coins and Potions to spend once every Treasure in the hand is played: what
        the Buy phase's buy options assume before the first buy (D43). ``h`` is the
        hand's ``HandTreasures`` if the caller has it."""
        if h is None:
            h = fr.hand_treasures(self.hands[seat])
        coins = self.coins + h.coins
        if h.stones:
            coins += h.stones * self.stone_value(seat)
        if h.silver and self.merchant and not self.silver_played:
            coins += self.merchant
        return coins, self.potions + h.potions

    def spendable_coins(self, seat: int) -> int:
        """Coins to spend now; in the Buy phase before the first buy, counting the
        Treasures still in the hand of the player whose turn it is (buying plays them,
        D43). ``seat`` is the asker, who under Possession is not that player."""
        if self.phase == "buy" and not self.bought:
            # ``treasure_money`` written out for the usual hand (strategy bots ask this for
            # their "coins" conditions at many Buy questions).
            hand = self.hands[self.current]
            h = fr.HANDS.get(tuple(hand)) or fr.hand_treasures(hand)
            if h.stones or (h.silver and self.merchant):
                return self.treasure_money(self.current, h)[0]
            return self.coins + h.coins
        return self.coins

    def _treasures_played(self, seat: int, silver: bool, words: str) -> None:
        """Merchant's bonus on the first Silver, then narrate the Treasures just played."""
        bonus = 0
        if silver and not self.silver_played:
            self.silver_played = True
            bonus = self.merchant
            self.coins += bonus
        if self.log is not None:
            extra = f", +{bonus} from Merchant" if bonus else ""
            self.say(
                "play",
                f"{self.names[seat]} plays {words}{extra} ({self.money_words()}).",
                [(seat, f"You play {words}{extra} ({self.money_words()}).")],
            )

    def stone_value(self, seat: int) -> int:
        """Philosopher's Stone: 1 coin per 5 cards in deck and discard pile together (D33)."""
        return (len(self.decks[seat]) + len(self.discards[seat])) // 5

    def money_words(self) -> str:
        """Coins (and Potions) to spend, in words."""
        c = f"{self.coins} coin" + ("" if self.coins == 1 else "s")
        if self.potions:
            c += f" and {self.potions} Potion" + ("" if self.potions == 1 else "s")
        return c

    def can_buy(self, name: str) -> bool:
        """Affordable now, with a card left in its pile."""
        return (
            self.supply.get(name, 0) > 0
            and COST_COINS[name] <= self.coins
            and COST_POTIONS[name] <= self.potions
        )

    def buy(self, seat: int, name: str) -> None:
        """Buy a card: pay, use a Buy, gain it."""
        cost = COST_COINS[name]
        self.coins -= cost
        self.coins_made += cost
        self.potions -= COST_POTIONS[name]
        self.buys -= 1
        self.bought = True
        if self.log is None:
            left = self.supply.get(name, 0)
            if left > 0 and self.possessor < 0:  # ``gain`` written out for the usual buy
                self.supply[name] = left - 1
                if left == 1:
                    self.piles_out += 1
                self.discards[seat].append(name)
                return
        else:
            self.say(
                "buy",
                f"{self.names[seat]} buys {a_card(name)}.",
                [(seat, f"You buy {a_card(name)}.")],
            )
        self.gain(seat, name, "discard", True)  # (positional: a call with keywords costs more)

    def cleanup(self, seat: int) -> None:
        """Clean-up: discard play and hand, draw 5, end the turn; maybe end the game."""
        self.phase = "cleanup"
        disc = self.discards[seat]
        play = self.plays[seat]
        hand = self.hands[seat]
        disc += play
        disc += hand
        play.clear()
        hand.clear()
        if self.asides[seat]:  # nothing should be left set aside; keep cards safe anyway
            disc.extend(self.asides[seat])
            self.asides[seat].clear()
        self.coins_made += self.coins
        # (Actions, Buys, coins, Potions and Merchant's bonus go back to 0 at the end, below,
        # or as the next turn starts: nothing reads them in between.)
        deck = self.decks[seat]
        if self.log is None and len(deck) >= 5:
            hand += deck[:-6:-1]  # draw 5, the top card first
            del deck[-5:]
        else:
            self.draw(seat, 5, True)
        if self.possessor >= 0 and self.possessed_trash:
            # Possession: the set-aside trashed cards return after Clean-up (D39).
            self.discards[seat].extend(self.possessed_trash)
            if self.log is not None:
                self.say(
                    "turn",
                    f"{counted_words(self.possessed_trash)} trashed from "
                    f"{self.names[seat]} during the possessed turn "
                    f"{'return' if len(self.possessed_trash) > 1 else 'returns'} "
                    f"to {self.names[seat]}'s discard pile.",
                )
            self.possessed_trash = []
        out = self.piles_out
        # (Three piles end it; four with 5 or 6 players. ``out`` is read first: it is
        # nearly always 0, and the player count is a property's call.)
        if self.supply["Province"] == 0 or (out >= 3 and (out >= 4 or len(self.names) < 5)):
            self.actions = self.buys = self.coins = self.potions = self.merchant = 0
            self.over = True
            self.phase = "over"
            self.stack.clear()
            self.extra_turns = []  # no extra turns after the game has ended (D40)
            self.possessor = -1
            if self.log is not None:
                why = (
                    "the Province pile is empty"
                    if self.supply["Province"] == 0
                    else f"{self.empty_piles()} Supply piles are empty"
                )
                self.say("end", f"The game ends: {why}.")
                self.say_each("end", lambda v: self.result_words(v) + ".", range(self.players))

    # -- the contract ------------------------------------------------------------

    def _game_over(self) -> bool:
        return self.over

    def _run(self) -> None:
        """The engine's loop (``GameState._run``, the same steps) with this game's
        ``_game_over`` and ``_route`` read in place: two calls fewer a choice, which are
        about 1.5% of a pure-Python simulation."""
        stack = self.stack
        while stack:
            if self.over:
                break
            d = stack[-1].run(self)
            if d is not None:
                self._decision = d if self.possessor < 0 else self._route(d)
                return
        self._decision = None
        self._finish()

    def _route(self, decision: Decision) -> Decision:
        """During a possessed turn the possessed player's questions go to the possessor (D37),
        who reads them already worded for them ("Bo's hand", D46)."""
        if self.possessor >= 0 and decision.seat == self.current:
            return Decision(self.possessor, decision.prompt, decision.options, decision.ids)
        return decision

    @property
    def result(self) -> Result | None:
        """Most victory points wins; a tie goes to fewer turns; still tied, shared (D7)."""
        if not self.over:
            return None
        scores, placing = self._scored()
        words = self._result_words(None, scores, placing)
        return Result(tuple(float(x) for x in scores), placing, words)

    def final_scores(self) -> tuple[tuple[float, ...], tuple[int, ...]] | None:
        """``result`` without its words (the simulator plays many games and reads none)."""
        if not self.over:
            return None
        scores, placing = self._scored()
        return tuple(map(float, scores)), placing

    def result_words(self, viewer: int | None) -> str:
        """Who won and everyone's points and turns, as ``viewer`` reads it ("You win: ...")."""
        scores, placing = self._scored()
        return self._result_words(viewer, scores, placing)

    def _scored(self) -> tuple[list[int], tuple[int, ...]]:
        """Everyone's points now, and the placing they give (fewer turns break a tie)."""
        scores = [self.victory_points(s) for s in range(self.players)]
        keys = [(scores[s], -self.turns[s]) for s in range(self.players)]
        return scores, Result.placing_from(keys)

    def _result_words(self, viewer: int | None, scores: list[int], placing: tuple[int, ...]) -> str:
        parts = [
            f"{self.who(s, viewer)} {scores[s]} VP in {plural('turn', self.turns[s])}"
            for s in range(self.players)
        ]
        winners = [s for s in range(self.players) if placing[s] == 1]
        if len(winners) > 1:
            head = f"{self.who_all(winners, viewer, start=True)} share the win"
        else:
            head = f"{self.who(winners[0], viewer, start=True)} win" + (
                "" if winners[0] == viewer else "s"
            )
        return f"{head}: {'; '.join(parts)}"

    # (Treasure owned stays second: records written before "money" was added still read.)
    TURN_FIGURES = ("victory points", "Treasure owned (coins)", "money (coins made in the turn)")

    def turn_figures(self, seat: int) -> tuple[float, ...]:
        """For the simulator's plots, as a seat's turn ends: its victory points, the coin
        value of every Treasure it has, and its money as DominionSim means it, the coins
        the turn made (Treasures played and +coin Actions, spent or not)."""
        made = self.coins_made if seat == self.current else 0
        return (float(self.victory_points(seat)), float(self.money(seat)), float(made))

    def turn_cards(self, seat: int) -> dict[str, int]:
        """For the simulator's deck chart: how many of each card a seat has, wherever."""
        out: Counter[str] = Counter(self.decks[seat])
        for zone in (self.hands, self.discards, self.plays, self.asides):
            out.update(zone[seat])
        return dict(out)

    def stats(self) -> dict[str, Any]:
        """Turns (the most any player took), how the game ended and the kingdom, for the
        simulator."""
        if self.supply.get("Province", 1) == 0:
            ending = "Provinces ran out"
        elif self.over:
            ending = f"{self.empty_piles()} Supply piles ran out"
        else:
            ending = "unfinished"
        return {
            "turns": max(self.turns),
            "ending": ending,
            "first": self.first,
            "setup": "Kingdom: " + ", ".join(filter(set(self.kingdom).__contains__, self.supply)),
        }

    def view(self, seat: Any) -> Any:
        """What one seat may know: its own hand and set-aside cards, counts of the rest.
        (``seat`` is a seat or None; anything else is a ConfigError, checked here rather
        than by the compiled build's type check, which would raise TypeError.)"""
        self.check_viewer(seat)
        d = self._decision
        players = []
        for i in range(self.players):
            # The possessor sees what the possessed player sees, that turn only (D37).
            mine = seat == i or (
                self.possessor >= 0 and seat == self.possessor and i == self.current
            )
            disc = self.discards[i]
            p: dict[str, Any] = {
                "name": self.names[i],
                "hand": list(self.hands[i]) if mine else None,
                "hand_size": len(self.hands[i]),
                "deck_size": len(self.decks[i]),
                "discard_size": len(disc),
                "discard_top": disc[-1] if disc else None,
                "in_play": list(self.plays[i]),
                "set_aside": list(self.asides[i]) if mine else None,
                "set_aside_size": len(self.asides[i]),
                # What the table shows of the set-aside cards (D45).
                "revealed": list(self.asides[i]) if mine else self.public_aside(i),
                "turns": self.turns[i],
                # Public: every gain and trash is announced, so players can keep count.
                "vp": self.victory_points(i),
            }
            if self.over:
                p["breakdown"] = self.vp_breakdown(i)
            players.append(p)
        return {
            "game": "dominion",
            "viewer": seat,
            "names": list(self.names),
            "kingdom": list(self.kingdom),
            "supply": dict(self.supply),
            "costs": {n: CARDS[n].cost.words() for n in self.supply},
            "kingdom_costs": {
                n: [CARDS[n].cost.coins, CARDS[n].cost.potions] for n in self.kingdom
            },
            "trash": list(self.trash),
            "players": players,
            "current": self.current,
            "phase": self.phase,
            "actions": self.actions,
            "buys": self.buys,
            "coins": self.coins,
            "potions": self.potions,
            "turn": self.turn_no,
            "deciding": d.seat if d else None,
            # Prompts may name the decider's own hidden cards (Library, Sentry).
            "prompt": (d.prompt if seat == d.seat else f"Waiting for {self.names[d.seat]}")
            if d
            else None,
            "over": self.over,
            "possessor": self.possessor if self.possessor >= 0 else None,
            "extra_turns": [list(e) for e in self.extra_turns],
            "possessed_trash": list(self.possessed_trash),
            # Where the cards the question names lie, for a client to draw it (D45).
            "source": self.question_source(),
            # What the hand's Treasures would make, for those who may see that hand (D43).
            "money_with_hand": list(self.treasure_money(self.current))
            if not self.over
            and self.phase in ("action", "buy")
            and not self.bought
            and players[self.current]["hand"] is not None
            else None,
        }

    def clone(self) -> DominionState:
        """An independent copy (hand-written; no deepcopy)."""
        c = DominionState()  # (takes no arguments; also when compiled, see setup.py)
        self._clone_base(c)
        c.kingdom = self.kingdom
        c.supply = dict(self.supply)
        c.piles_out = self.piles_out
        c.buy_table = self.buy_table
        c.trash = list(self.trash)
        c.decks = [list(z) for z in self.decks]
        c.hands = [list(z) for z in self.hands]
        c.discards = [list(z) for z in self.discards]
        c.plays = [list(z) for z in self.plays]
        c.asides = [list(z) for z in self.asides]
        c.first = self.first
        c.current = self.current
        c.phase = self.phase
        c.actions = self.actions
        c.buys = self.buys
        c.coins = self.coins
        c.coins_made = self.coins_made
        c.potions = self.potions
        c.merchant = self.merchant
        c.silver_played = self.silver_played
        c.bought = self.bought
        c.turns = list(self.turns)
        c.turn_no = self.turn_no
        c.over = self.over
        c.alchemy = self.alchemy
        c.extra_turns = [list(e) for e in self.extra_turns]
        c.possessor = self.possessor
        c.resume = self.resume
        c.possessed_trash = list(self.possessed_trash)
        return c

    def determinize(self, seat: int, seed: int) -> DominionState:
        """A copy where what ``seat`` cannot see is dealt again (D44).

        Each other player's hidden cards (hand, deck, and the discard pile below its top
        card) are pooled and dealt again into those places, keeping every size: which cards
        a player owns is public (every gain and trash is announced), where the unseen ones
        lie is not. ``seat``'s own deck is shuffled again; its hand and discard pile stay,
        since it saw every card that went there.
        While ``seat`` possesses the player whose turn it is, it sees that player's hand
        (D37), which stays; their deck and their discard pile below its top card are dealt
        again together, unless the question names the whole pile (Harbinger).
        When ``seat`` is not the one being asked, the player whose cards the question names
        keeps hand and discard pile, so that the copy can still answer it (D11); search
        bots make copies only for the seat being asked, which sees the question anyway.
        Pools are sorted before they are dealt, so the copy depends only on what ``seat``
        knows and on ``seed``.
        """
        c = self.clone()
        rng = Rng(seed)
        d = self._decision
        source = self.question_source()
        # Whose cards the question names, if ``seat`` is not the one answering it.
        named = source["seat"] if source is not None and d is not None and d.seat != seat else -1
        # The player ``seat`` possesses this turn: their hand is in its view (D37).
        possessed = c.current if c.possessor >= 0 and c.possessor == seat else -1
        # Harbinger's question lists the possessed player's whole discard pile.
        whole_pile = (
            source is not None
            and source["seat"] == possessed
            and isinstance(self.stack[-1], fr.Harbinger)
        )
        for other in range(c.players):
            deck = c.decks[other]
            disc = c.discards[other]
            if other in (seat, named) or (other == possessed and whole_pile):
                deck.sort()
                _shuffle(rng, deck)
                continue
            below = len(disc) - 1 if disc else 0
            if other == possessed:
                pool = deck + disc[:-1]
                pool.sort()
                _shuffle(rng, pool)
                c.discards[other] = pool[:below] + disc[-1:]
                c.decks[other] = pool[below:]
                continue
            hand = c.hands[other]
            pool = deck + disc[:-1] + hand
            pool.sort()
            _shuffle(rng, pool)
            k = len(hand)
            c.hands[other] = pool[:k]
            c.discards[other] = pool[k : k + below] + disc[-1:]
            c.decks[other] = pool[k + below :]
        c.rng = Rng(rng.next64())
        return c

    def check_invariants(self) -> None:
        """Every card is in exactly one place, and no pile or counter is negative."""
        assert self.card_census() == self.expected_census(), "a card appeared or vanished"
        assert min(self.supply.values()) >= 0, "a Supply pile is negative"
        assert self.piles_out == self.empty_piles(), (
            "the empty-pile count is stale (a pile set by hand: call count_empty_piles)"
        )
        assert self.actions >= 0 and self.buys >= 0 and self.coins >= 0 and self.potions >= 0

    _FIELDS = (
        "kingdom",
        "supply",
        "trash",
        "decks",
        "hands",
        "discards",
        "plays",
        "asides",
        "first",
        "current",
        "phase",
        "actions",
        "buys",
        "coins",
        "potions",
        "merchant",
        "silver_played",
        "bought",
        "turns",
        "turn_no",
        "over",
        "alchemy",
        "extra_turns",
        "possessor",
        "resume",
        "possessed_trash",
    )
    _DEFAULTS: ClassVar[dict[str, Any]] = {
        "alchemy": False,
        "extra_turns": [],
        "possessor": -1,
        "resume": None,
        "possessed_trash": [],
    }

    def _state_json(self) -> Any:
        return {k: getattr(self, k) for k in self._FIELDS}

    @classmethod
    def _from_state_json(cls, data: Any) -> DominionState:
        s = cls()
        for k in cls._FIELDS:
            if k in data:
                setattr(s, k, data[k])
            elif k in cls._DEFAULTS:  # saves from before Alchemy
                setattr(s, k, cls._DEFAULTS[k])
            else:
                raise KeyError(k)
        if s.resume is None:
            s.resume = s.current
        for name in [*s.supply, *s.kingdom]:
            if name not in CARDS:
                raise ValueError(f"unknown card {name!r}")
        for zones in (s.decks, s.hands, s.discards, s.plays, s.asides):
            for z in zones:
                for name in z:
                    if name not in CARDS:
                        raise ValueError(f"unknown card {name!r}")
        # Intern the names so identity checks in hot paths stay fast.
        s.supply = {CARDS[n].name: k for n, k in s.supply.items()}
        s.count_empty_piles()
        for zones in (s.decks, s.hands, s.discards, s.plays, s.asides):
            for i, z in enumerate(zones):
                zones[i] = [CARDS[n].name for n in z]
        s.trash = [CARDS[n].name for n in s.trash]
        s.possessed_trash = [CARDS[n].name for n in s.possessed_trash]
        s.extra_turns = [[int(a), int(b)] for a, b in s.extra_turns]
        s.buy_table = fr.buy_table(s.supply)
        return s

    def action_cards_in_hand(self, seat: int) -> list[str]:
        """Distinct Action cards in a hand, in hand order."""
        return [c for c in dict.fromkeys(self.hands[seat]) if c in ACTIONS]


fr.EFFECTS.update(alchemy_effects.EFFECTS)
fr.FRAMES.update(alchemy_effects.FRAMES)
DominionState.FRAMES = fr.FRAMES
