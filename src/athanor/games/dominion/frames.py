"""Dominion frames: the turn, and every card effect that waits for a choice.

A card's simple bonuses are data (cards.py); what is left is an effect
function in ``EFFECTS`` (called as ``effect(state, seat, immune)``, where
``immune`` lists the seats that revealed Moat against this play) that acts at
once or pushes a frame. Option ids are ``verb:Card`` (one per distinct card
name, never one per copy), or a bare word such as ``done``, ``none``, ``end``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import TYPE_CHECKING, Any, Final

from athanor.engine import Decision, Frame, Option, ResponseWindow
from athanor.games.dominion.cards import (
    ACTIONS,
    CARDS,
    COST_COINS,
    COST_POTIONS,
    STONE,
    TREASURE_COINS,
    TREASURE_POTIONS,
    TREASURES,
    VICTORIES,
    CardType,
    Cost,
    a_card,
    cards_words,
    counted_words,
    plural,
)

if TYPE_CHECKING:
    from athanor.games.dominion.rules import DominionState

Effect = Callable[["DominionState", int, list[int]], None]

# -- options, built once ------------------------------------------------------------

_VERB_LABEL = {
    "play": "Play {name}",
    "buy": "Buy {name} ({cost})",
    "gain": "Gain {name} ({cost})",
    "discard": "Discard {name}",
    "trash": "Trash {name}",
    "topdeck": "Put {name} onto {whose} deck",
    "keep": "Keep {name} in {whose} hand",
    "back": "Put {name} back on {whose} deck",
    "aside": "Set {name} aside",
    "top": "Put {name} on top",
}
_OPTS: dict[tuple[str, str], Option] = {}


def opt(verb: str, name: str, whose: str = "your") -> Option:
    """The option ``verb:name``; ``whose`` names the deck or hand a label speaks of, as
    the one answering says it ("your", or "Bo's" for a possessor or Scrying Pool, D46).
    Options with "your" are made once and shared."""
    if whose != "your":
        label = _VERB_LABEL[verb].format(name=name, cost=CARDS[name].cost.words(), whose=whose)
        return Option(f"{verb}:{name}", label)
    o = _OPTS.get((verb, name))
    if o is None:
        label = _VERB_LABEL[verb].format(name=name, cost=CARDS[name].cost.words(), whose=whose)
        o = _OPTS[(verb, name)] = Option(f"{verb}:{name}", label)
    return o


def from_hand(s: DominionState, seat: int) -> str:
    """ " from Bo's hand" when the one answering ``seat``'s question is not ``seat``
    (a possessor), else nothing: a player's own hand goes without saying (D46)."""
    return "" if s.decider(seat) == seat else f" from {s.names[seat]}'s hand"


def possessed_labels(s: DominionState, seat: int, opts: Sequence[Option]) -> tuple[Option, ...]:
    """The turn's own options ("End your turn") as a possessor reads them: "End Bo's turn"."""
    w = s.whose(seat, seat)
    return tuple(
        [Option(o.id, o.label.replace("your", w)) if "your" in o.label else o for o in opts]
    )


_PLAY: Final[dict[str, Option]] = {n: opt("play", n) for n in CARDS}
_BUY: Final[dict[str, Option]] = {n: opt("buy", n) for n in CARDS}
_BUY_ID: Final[dict[str, str]] = {f"buy:{n}": n for n in CARDS}
_BUY_ID_OF: Final[dict[str, str]] = {n: o.id for n, o in _BUY.items()}  # the very id strings
_POTION_COST: Final = frozenset([n for n in CARDS if COST_POTIONS[n]])
_BUY_TABLES: Final[dict[tuple[str, ...], BuyTable]] = {}


class BuyTable:
    """The piles of a Supply, cheapest first, with where each coin total cuts the list
    (the options read it backwards: dearest first).

    With no pile empty and no Potions to spend, the Buy question depends on the coins
    alone: ``level(coins)`` gives its options (with "End your turn"), their ids and
    (once asked for) their set, made on first use and kept.
    """

    __slots__ = (
        "cut",
        "entries",
        "levels",
        "names",
        "plain_ids",
        "plain_opts",
        "sets",
        "start",
        "tail_sets",
        "tails",
        "top",
    )

    def __init__(self, supply: dict[str, int]) -> None:
        # Cheapest first here, and within a cost in reverse Supply order, so that the
        # options (this list reversed) read dearest first and in Supply order within a cost.
        # (A stable sort of the reversed piles by cost alone gives that order.)
        # A random kingdom builds a new table every game: the loops below run in C (map
        # over bisect), and the general case's entries wait for their first use.
        self.names = names = sorted(reversed(list(supply)), key=COST_COINS.__getitem__)
        self.top = top = COST_COINS[names[-1]] if names else 0
        # The piles without a Potion in their cost, dearest first (the options' order):
        # those a coin total pays for are a tail of it, from start[coins] on (start[c]: how
        # many cost more than c). One plain loop: native code in the compiled build, where
        # map over bound methods cost about 30k instructions a table; as quick in CPython.
        potions = not _POTION_COST.isdisjoint(supply)
        opts: list[Option] = []
        ids: list[str] = []
        start = [0] * (top + 1)
        level = top  # the dearest coin total whose start is not yet known
        for n in reversed(names):
            if potions and COST_POTIONS[n]:
                continue
            cost = COST_COINS[n]
            while level >= cost:
                start[level] = len(ids)
                level -= 1
            opts.append(_BUY[n])
            ids.append(_BUY_ID_OF[n])
        while level >= 0:
            start[level] = len(ids)
            level -= 1
        self.plain_opts = tuple(opts)
        self.plain_ids = tuple(ids)
        self.start = start
        self.entries: list[tuple[str, int, Option]] | None = None  # made on first use
        self.cut: list[int] = []
        self.levels: list[tuple[tuple[Option, ...], tuple[str, ...]] | None] = [None] * (top + 1)
        self.sets: list[frozenset[str] | None] = [None] * (top + 1)
        self.tails: list[tuple[tuple[Option, ...], tuple[str, ...]] | None] = [None] * (top + 1)
        self.tail_sets: list[frozenset[str] | None] = [None] * (top + 1)

    def level(self, coins: int) -> tuple[tuple[Option, ...], tuple[str, ...]]:
        """Options and ids for ``coins`` (no Potions, no empty pile): "end" first, then the
        cards dearest first, so the likely buys come first and "end" is always 1."""
        i = coins if coins < self.top else self.top
        got = self.levels[i]
        if got is None:
            s = self.start[i]
            got = self.levels[i] = (
                (OPT_END_TURN, *self.plain_opts[s:]),
                ("end", *self.plain_ids[s:]),
            )
        return got

    def level_set(self, coins: int) -> frozenset[str]:
        """The ids of ``level(coins)`` as a set."""
        i = coins if coins < self.top else self.top
        got = self.sets[i]
        if got is None:
            got = self.sets[i] = frozenset(self.level(i)[1])
        return got

    def tail(self, i: int) -> tuple[tuple[Option, ...], tuple[str, ...]]:
        """The buy options and ids that ``i`` coins (at most ``top``) pay for, kept."""
        s = self.start[i]
        got = self.tails[i] = (self.plain_opts[s:], self.plain_ids[s:])
        return got

    def tail_set(self, i: int) -> frozenset[str]:
        """The ids of ``tail(i)`` as a set, kept: a Buy question's ``hot_ids``."""
        got = self.tail_sets[i]
        if got is None:
            got = self.tail_sets[i] = frozenset((self.tails[i] or self.tail(i))[1])
        return got

    def options(self, supply: dict[str, int], coins: int, pots: int) -> Sequence[Option]:
        """Buy options for piles that are not empty and cost at most coins and Potions,
        dearest first (the general case: with no Potions and no empty pile, ``level`` has
        them ready)."""
        every = self.entries
        if every is None:
            names = self.names
            costs = list(map(COST_COINS.__getitem__, names))
            pots_of = map(COST_POTIONS.__getitem__, names)
            opts = map(_BUY.__getitem__, names)
            every = self.entries = list(zip(names, pots_of, opts, strict=True))
            # cut[c]: how many entries cost at most c coins.
            self.cut = list(map(bisect_right, repeat(costs, self.top + 1), range(self.top + 1)))
        entries = every[: self.cut[coins]] if coins < self.top else every
        if pots:
            return [o for n, p, o in reversed(entries) if p <= pots and supply[n]]
        return [o for n, p, o in reversed(entries) if not p and supply[n]]


def buy_table(supply: dict[str, int]) -> BuyTable:
    """The (shared, immutable) buy table for a Supply's piles."""
    key = tuple(supply)
    t = _BUY_TABLES.get(key)
    if t is None:
        # Random kingdoms rarely repeat, and a game keeps its own table: a few are kept for
        # the runs that set up one kingdom again and again. Keeping 256 cost a 2,000-game
        # random-kingdom sim process about 4% of its time (the tables' memory spread out of
        # the processor's caches; benchmarks/NOTES.md); 8 and 2 measured alike.
        if len(_BUY_TABLES) >= 8:
            _BUY_TABLES.clear()
        t = _BUY_TABLES[key] = BuyTable(supply)
    return t


_BUYS = ("Buy", "Buys")
OPT_DONE = Option("done", "Done")
OPT_NONE = Option("none", "Do nothing")
OPT_END_ACTIONS: Final = Option("end", "End your Action phase")
OPT_END_TURN: Final = Option("end", "End your turn")
OPT_ALL_TREASURES = Option("treasures", "Play all your Treasures")


_BUY_PROMPTS: Final[dict[tuple[int, int, int], str]] = {}
_TREASURE_PARTS: dict[
    tuple[str, ...],
    tuple[tuple[Option, ...], tuple[str, ...], tuple[Option, ...], tuple[str, ...]],
] = {}
HANDS: Final[dict[tuple[str, ...], HandTreasures]] = {}
_ACTION_PARTS: Final[dict[tuple[str, ...], tuple[tuple[Option, ...], tuple[str, ...]]]] = {}
_ACTION_PROMPTS: Final[dict[int, str]] = {}


def _buy_prompt(s: DominionState, seat: int, tre: bool, coins: int, pots: int) -> str:
    """The question of the Buy phase, with the money, and the Buys when more than one.

    With Treasures still in hand (``tre``), ``coins`` and ``pots`` are what there is
    once they are played, as buying plays them (D43; the help says so once, the question
    does not say it each time). During a possessed turn the possessor buys for themself
    with the possessed player's money (D38, D46)."""
    money = _money_words(coins, pots)
    buys = s.buys
    more = f", {buys} {_BUYS[buys > 1]}" if buys > 1 else ""
    whose = s.whose(seat, seat)
    head = "Buy a card" if whose == "your" else "Buy a card for yourself"
    lead = "" if whose == "your" else f"{whose} "
    if not tre:
        return f"{head} ({lead}{money}{more})"
    if s.coins or s.potions:
        return f"{head} ({lead}{s.money_words()} now, {money} with {whose} Treasures{more})"
    return f"{head} ({money} with {whose} Treasures{more})"


def _money_words(coins: int, pots: int) -> str:
    """ "3 coins", "1 coin and 1 Potion"."""
    c = f"{coins} coin{'' if coins == 1 else 's'}"
    if pots:
        c += f" and {pots} Potion{'' if pots == 1 else 's'}"
    return c


def _action_question(s: DominionState, seat: int, hand: list[str]) -> Decision:
    """The Action phase's question: play one of the hand's Actions, or move on."""
    kinds = tuple(dict.fromkeys(filter(ACTIONS.__contains__, hand)))
    part = _ACTION_PARTS.get(kinds)
    if part is None:
        opts = (OPT_END_ACTIONS, *[_PLAY[c] for c in kinds])
        if len(_ACTION_PARTS) >= 20_000:  # keep memory bounded in long simulations
            _ACTION_PARTS.clear()
        part = _ACTION_PARTS[kinds] = (opts, tuple([o.id for o in opts]))
    n = s.actions
    if s.possessor >= 0:
        asked = f"Play an Action{from_hand(s, seat)} ({n} Action{'' if n == 1 else 's'} left)"
        return Decision(seat, asked, possessed_labels(s, seat, part[0]), part[1])
    prompt = _ACTION_PROMPTS.get(n)
    if prompt is None:
        prompt = f"Play an Action ({n} Action{'' if n == 1 else 's'} left)"
        if len(_ACTION_PROMPTS) < 4096:
            _ACTION_PROMPTS[n] = prompt
    return Decision(seat, prompt, part[0], part[1])


def _buy_question(s: DominionState, seat: int, buys: int) -> Decision:
    """The Buy phase's question: play Treasures, buy a card, or end the turn.

    Before the first buy, with Treasures in hand, the cards offered are those the
    whole hand's Treasures would pay for: buying one plays them all first (D43).
    """
    hand = s.hands[seat]
    h = (
        None
        if s.bought or TREASURES.isdisjoint(hand)
        else HANDS.get(tuple(hand)) or hand_treasures(hand)  # the cache, read here: quicker
    )
    if h is None:
        coins = s.coins
        pots = s.potions
    elif h.stones or (h.silver and s.merchant):
        coins, pots = s.treasure_money(seat, h)
    else:  # ``treasure_money`` written out for the usual hand (no Stone, no Merchant bonus)
        coins = s.coins + h.coins
        pots = s.potions + h.potions
    supply = s.supply
    table = s.buy_table
    if s.possessor >= 0:  # the possessor reads "Bo's Treasures" (D46): not the shared words
        piles = table.options(supply, coins, pots)
        opts_t = (OPT_END_TURN, *piles) if h is None else (*h.head, *piles, *h.then)
        asked = _buy_prompt(s, seat, h is not None, coins, pots)
        return Decision(seat, asked, possessed_labels(s, seat, opts_t))
    if pots or s.piles_out:  # a Potion to spend or a pile empty
        piles = table.options(supply, coins, pots)
        opts_t = (OPT_END_TURN, *piles) if h is None else (*h.head, *piles, *h.then)
        return Decision(seat, _buy_prompt(s, seat, h is not None, coins, pots), opts_t)
    # The usual case: the options depend on the coins (and the Treasures in hand) alone.
    key = (s.coins, -1 if h is None else coins, buys)
    prompt = _BUY_PROMPTS.get(key)
    if prompt is None:
        prompt = _buy_prompt(s, seat, h is not None, coins, pots)
        if len(_BUY_PROMPTS) < 4096:
            _BUY_PROMPTS[key] = prompt
    if h is None:
        opts, ids = table.level(coins)
        every = table.level_set(coins)
        return Decision(seat, prompt, opts, ids, every, every)
    # The usual question: "end" first, "play all" second, the piles the hand pays for, then
    # each Treasure alone. Joined for each question from parts kept per coin level and per
    # kinds of Treasure (keeping the joined tuples per table fed the cycle collector: a
    # random kingdom makes a table a game). Its buy ids (hot_ids, kept per coin level)
    # spare the strategy bots a search of the joined ids for each buy rule.
    i = coins if coins < table.top else table.top
    tail = table.tails[i] or table.tail(i)
    return Decision(
        seat,
        prompt,
        h.head + tail[0] + h.then,
        h.head_ids + tail[1] + h.then_ids,
        None,
        table.tail_sets[i] or table.tail_set(i),
    )


class HandTreasures:
    """A hand's Treasures: what playing them all does, and the options to play them.

    Made once per hand (cards in order) and shared, so treat it as read-only.
    Philosopher's Stone and Merchant's bonus depend on more than the hand: ``stones``
    and ``silver`` say whether they apply.
    """

    __slots__ = (
        "coins",
        "head",
        "head_ids",
        "kept",
        "kinds",
        "played",
        "potions",
        "silver",
        "stones",
        "then",
        "then_ids",
    )

    def __init__(self, hand: tuple[str, ...]) -> None:
        # One pass over the hand: a plain loop is native code in the compiled build (where
        # filter and map over bound methods cost about 20k instructions a hand, 10% of a
        # Smithy game, whose longer hands miss the cache more often). The rest depends on
        # the Treasures alone, in order, and is shared by every hand with them (a Smithy
        # game's seven-card hands miss the hand cache often; their Treasures rarely do).
        played: list[str] = []
        kept: list[str] = []
        coins = 0
        for c in hand:
            v = TREASURE_COINS.get(c)
            if v is None:
                kept.append(c)
            else:
                played.append(c)
                coins += v
        self.played = tre = tuple(played)
        self.kept = tuple(kept)
        self.coins = coins
        got = _PLAYED.get(tre)
        if got is None:
            got = _played_parts(tre)
        (
            self.head,
            self.head_ids,
            self.then,
            self.then_ids,
            self.kinds,
            self.potions,
            self.stones,
            self.silver,
        ) = got


# What a run of Treasures (in the order played) gives a hand's ``HandTreasures``: its Buy
# question's head options and ids, its single-Treasure options and ids, its kinds in order,
# its Potions, its Philosopher's Stones and whether it holds a Silver.
_Played = tuple[
    tuple[Option, ...],
    tuple[str, ...],
    tuple[Option, ...],
    tuple[str, ...],
    tuple[str, ...],
    int,
    int,
    bool,
]
_PLAYED: Final[dict[tuple[str, ...], _Played]] = {}


def _played_parts(tre: tuple[str, ...]) -> _Played:
    """Work out and keep ``_PLAYED``'s entry for these Treasures."""
    # Options: play them all (offered early), or one by name (offered last); shared by
    # every hand with these kinds.
    kinds = tuple(dict.fromkeys(tre))
    part = _TREASURE_PARTS.get(kinds)
    if part is None:
        singles = tuple([_PLAY[c] for c in kinds])
        # "End your turn" and "play all": the head of every Buy question with them.
        head = (OPT_END_TURN, OPT_ALL_TREASURES) if kinds else (OPT_END_TURN,)
        part = _TREASURE_PARTS[kinds] = (
            head,
            tuple([o.id for o in head]),
            singles,
            tuple([o.id for o in singles]),
        )
    potions = 0
    for c in tre:
        potions += TREASURE_POTIONS[c]
    got: _Played = (*part, kinds, potions, tre.count(STONE), "Silver" in tre)
    if len(_PLAYED) >= 50_000:  # keep memory bounded in long simulations
        _PLAYED.clear()
    _PLAYED[tre] = got
    return got


def hand_treasures(hand: list[str]) -> HandTreasures:
    """The (cached) ``HandTreasures`` of a hand."""
    key = tuple(hand)
    got = HANDS.get(key)
    if got is None:
        got = HandTreasures(key)
        if len(HANDS) >= 50_000:  # keep memory bounded in long simulations
            HANDS.clear()
        HANDS[key] = got
    return got


def trash_question(
    s: DominionState,
    frame: Frame,
    seat: int,
    names: list[str],
    why: str,
    optional: bool = False,
    what: str = "a card",
) -> Decision | None:
    """Ask ``seat`` to trash one of ``names`` from their hand, for ``frame``.

    With nothing to trash the frame ends (and says so); a single card that must be
    trashed is trashed without a question (``frame.choose`` is called at once).
    """
    if not names:
        _done(s, frame)
        if s.log is not None:
            s._act(seat, "have", "has", f" nothing to trash ({why}).")
        return None
    if not optional and len(names) == 1:
        frame.choose(s, f"trash:{names[0]}")
        return None
    opts = [opt("trash", c) for c in names]
    if optional:
        opts.append(OPT_NONE)
    return Decision(seat, f"Trash {what} from {s.whose(seat, seat)} hand ({why})", tuple(opts))


def _done(s: DominionState, frame: Frame) -> None:
    """Take a finished frame off the stack (it is always the top one)."""
    top = s.stack.pop()
    assert top is frame, "a frame finished while not on top of the stack"


def card_of(option_id: str) -> str:
    """The card named by an option id ``verb:Card``."""
    return CARDS[option_id.partition(":")[2]].name


def distinct(cards: list[str]) -> list[str]:
    """Card names without repeats, in first-seen order."""
    return list(dict.fromkeys(cards))


# -- the turn ------------------------------------------------------------------------


@dataclass
class Turn(Frame):
    """One turn: start, Action phase, Buy phase, Clean-up."""

    seat: int
    step: str

    def copy(self) -> Turn:
        return Turn(self.seat, self.step)

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        while True:
            seat = self.seat
            step = self.step
            if step == "action":
                hand = s.hands[seat]
                if s.actions > 0 and not ACTIONS.isdisjoint(hand):
                    return _action_question(s, seat, hand)
                self.step = step = "buy"
                s.phase = "buy"
            if step == "buy":
                buys = s.buys
                if buys > 0:
                    return _buy_question(s, seat, buys)
                step = "cleanup"
            if step == "cleanup" or step == "tidy":
                if step == "cleanup" and s.alchemy and cleanup_choices(s, seat):
                    # Herbalist / Alchemist: the player orders what leaves play (D29, D32).
                    self.step = "tidy"
                    s.stack.append(CleanupChoices(seat))
                    return None
                s.cleanup(seat)
                if s.turn_hook is not None:  # the simulator charts this game (sim.py)
                    s.turn_hook(seat)
                if s.over:
                    return None
                # This frame carries on as the next player's turn, straight to its first question.
                if s.extra_turns or s.possessor >= 0:
                    seat = s.next_seat(seat)
                else:
                    s.resume = seat
                    seat = (seat + 1) % len(s.names)
                self.seat = seat
            s.start_turn(seat)
            self.step = "action"

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        seat = self.seat
        if option_id == "treasures":
            s.play_all_treasures(seat)
        elif option_id == "end":
            if self.step == "action":
                self.step = "buy"
                s.phase = "buy"
            else:
                self.step = "cleanup"
        else:
            name = _BUY_ID.get(option_id)
            if name is None:
                verb, _, name = option_id.partition(":")
                name = CARDS[name].name
            else:
                verb = "buy"
            if verb == "play" and self.step == "action":
                s.play_action(seat, name)
            elif verb == "buy":
                if not s.bought and not TREASURES.isdisjoint(s.hands[seat]):
                    s.play_all_treasures(seat)  # buying plays the hand's Treasures (D43)
                s.buy(seat, name)
            else:
                s.play_treasure(seat, name)


@dataclass
class Resolve(Frame):
    """Carry out a played card (after Moat reactions, or again for Throne Room)."""

    seat: int
    card: str
    reacted: bool = False
    immune: list[int] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        s.stack.pop()
        if self.reacted:
            s.resolve_now(self.seat, self.card, self.immune)
        else:
            s.resolve(self.seat, self.card)
        return None


@dataclass
class MoatWindow(ResponseWindow):
    """When an Attack is played, each other player holding a Moat may reveal it (D12)."""

    attack: str = ""
    attacker: int = 0
    revealed: list[int] = field(default_factory=list)

    def eligible(self, state: Any, seat: int) -> bool:
        s: DominionState = state
        return "Moat" in s.hands[seat] and seat not in self.revealed

    def responses(self, state: Any, seat: int) -> list[Option]:
        return [Option("reveal", "Reveal Moat: this Attack does not affect you")]

    def pass_label(self, state: Any, seat: int) -> str:
        return "Do not reveal Moat"

    def prompt(self, state: Any, seat: int) -> str:
        s: DominionState = state
        who = s.names[self.attacker]
        return f"{who} plays {a_card(self.attack)}: reveal Moat?"

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        s: DominionState = state
        self.revealed.append(seat)
        self.pos += 1
        if s.log is not None:
            s._act(
                seat,
                "reveal",
                "reveals",
                f" a Moat and is unaffected by the {self.attack}.",
                kind="react",
            )

    def close(self, state: Any) -> None:
        s: DominionState = state
        top = s.stack[-1]
        assert isinstance(top, Resolve)
        top.immune = list(self.revealed)


def cleanup_choices(s: DominionState, seat: int) -> list[Option]:
    """What a player may do as cards leave play at Clean-up (Herbalist, Alchemist)."""
    play = s.plays[seat]
    opts: list[Option] = []
    if "Alchemist" in play and "Potion" in play:
        opts.append(opt("top", "Alchemist"))
    if "Herbalist" in play:
        opts += [opt("topdeck", c) for c in distinct(play) if c in TREASURES]
    return opts


@dataclass
class CleanupChoices(Frame):
    """Clean-up, card by card: Alchemists onto the deck while a Potion is in play, and a
    Treasure from play onto the deck for each Herbalist discarded (D29, D32)."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        opts = cleanup_choices(s, self.seat)
        if not opts:
            _done(s, self)
            return None
        whose = s.whose(self.seat, self.seat)
        if whose != "your":
            opts = [
                opt("topdeck", o.id[8:], whose) if o.id.startswith("topdeck:") else o for o in opts
            ]
        what = []
        if opts[0].id == "top:Alchemist":
            what.append(f"put an Alchemist onto {whose} deck")
        if opts[-1].id != "top:Alchemist":
            what.append(f"discard a Herbalist and put a Treasure from play onto {whose} deck")
        opts.append(OPT_DONE)
        return Decision(
            self.seat,
            f"Clean-up: {' or '.join(what)}? (done: discard the rest)",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        if option_id == "done":
            _done(s, self)
            return
        verb, _, name = option_id.partition(":")
        name = CARDS[name].name
        play = s.plays[self.seat]
        if verb == "top":
            play.remove(name)
            s.decks[self.seat].append(name)
            if s.log is not None:
                s._act(
                    self.seat,
                    "put",
                    "puts",
                    " an Alchemist from play onto their deck (a Potion is in play).",
                )
            return
        play.remove("Herbalist")
        s.discards[self.seat].append("Herbalist")
        play.remove(name)
        s.decks[self.seat].append(name)
        if s.log is not None:
            s._act(
                self.seat,
                "discard",
                "discards",
                f" a Herbalist from play and puts {a_card(name)} from play onto their deck.",
                private_rest=(
                    f" a Herbalist from play and put {a_card(name)} from play onto your deck."
                ),
                kind="discard",
            )


# -- frames shared by several cards ------------------------------------------------


@dataclass
class Gain(Frame):
    """Gain a card from the Supply costing up to a limit, coins and Potions apart (D10)."""

    seat: int
    coins: int
    potions: int = 0
    to: str = "discard"
    kind: int = 0  # a CardType the card must have; 0 for any
    optional: bool = False
    why: str = ""

    def options(self, s: DominionState) -> list[Option]:
        """The piles that may be gained from."""
        kind = self.kind
        return [
            opt("gain", n)
            for n, left in s.supply.items()
            if left
            and COST_COINS[n] <= self.coins
            and COST_POTIONS[n] <= self.potions
            and (not kind or CARDS[n].types & kind)
        ]

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        opts = self.options(s)
        if not opts:
            _done(s, self)
            if s.log is not None:
                s.say("gain", f"There is no card {s.names[self.seat]} can gain with {self.why}.")
            return None
        if self.optional:
            opts.append(OPT_NONE)
        elif len(opts) == 1:
            self.choose(s, opts[0].id)
            return None
        what = "a Treasure" if self.kind == CardType.TREASURE else "a card"
        if self.kind == CardType.ACTION:
            what = "an Action card"
        where = {"discard": "", "hand": " to your hand", "deck": " onto your deck"}[self.to]
        why = self.why
        if s.decider(self.seat) != self.seat:
            # Possession: the possessor gains it, always to their own discard pile (D38).
            where = " for yourself"
            if self.to != "discard":
                why += "; it goes to your discard pile"
        limit = Cost(self.coins, self.potions).words()
        return Decision(
            self.seat,
            f"Gain {what}{where} costing up to {limit} ({why})",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id != "none":
            s.gain(self.seat, card_of(option_id), self.to)


@dataclass
class PickFromHand(Frame):
    """Repeated single picks of cards from a hand: discard, trash or put on the deck (D8, D9).

    ``left`` is how many picks remain; ``optional`` adds ``done``; ``then``
    names a follow-up (Cellar draws as many as were discarded).
    """

    seat: int
    verb: str  # "discard", "trash" or "topdeck"
    left: int
    optional: bool
    why: str
    count: int = 0
    then: str = ""

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        hand = s.hands[self.seat]
        if self.left <= 0 or not hand:
            self._finish(s)
            return None
        names = distinct(hand)
        if not self.optional and len(names) == 1:
            self.choose(s, f"{self.verb}:{names[0]}")
            return None
        whose = s.whose(self.seat, self.seat)
        opts = [opt(self.verb, c, whose) for c in names]
        if self.optional:
            opts.append(OPT_DONE)
        if self.verb == "topdeck":
            ask = f"Put a card from {whose} hand onto {whose} deck"
        else:
            ask = f"{self.verb.capitalize()} a card{from_hand(s, self.seat)}"
        more = (
            f": up to {self.left} more"
            if self.optional and self.left < 99
            else ": any number"
            if self.optional
            else f": {self.left} more"
            if self.left > 1
            else ""
        )
        return Decision(self.seat, f"{ask} ({self.why}{more})", tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        if option_id == "done":
            self._finish(s)
            return
        name = card_of(option_id)
        if self.verb == "discard":
            s.discard_from_hand(self.seat, name)
        elif self.verb == "trash":
            s.trash_from_hand(self.seat, name)
        else:
            s.topdeck_from_hand(self.seat, name)
        self.left -= 1
        self.count += 1

    def _finish(self, s: DominionState) -> None:
        _done(s, self)
        if self.then == "draw" and self.count:
            s.draw(self.seat, self.count)


# -- card effects ---------------------------------------------------------------------


def _cellar(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(PickFromHand(seat, "discard", 99, True, "Cellar", 0, "draw"))


def _chapel(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(PickFromHand(seat, "trash", 4, True, "Chapel"))


@dataclass
class Harbinger(Frame):
    """You may put a card from your discard pile onto your deck."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        disc = s.discards[self.seat]
        if not disc:
            _done(s, self)
            if s.log is not None:
                s._act(
                    self.seat,
                    "have",
                    "has",
                    " no cards in their discard pile.",
                )
            return None
        whose = s.whose(self.seat, self.seat)
        opts = [opt("topdeck", c, whose) for c in distinct(disc)]
        opts.append(OPT_NONE)
        return Decision(
            self.seat,
            f"Put a card from {whose} discard pile onto {whose} deck? (Harbinger)",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id == "none":
            return
        name = card_of(option_id)
        disc = s.discards[self.seat]
        # Take the copy nearest the top of the discard pile.
        idx = len(disc) - 1 - disc[::-1].index(name)
        del disc[idx]
        s.decks[self.seat].append(name)
        if s.log is not None:
            s._act(
                self.seat,
                "put",
                "puts",
                " a card from their discard pile onto their deck.",
                private_rest=f" {a_card(name)} from your discard pile onto your deck.",
            )


def _harbinger(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Harbinger(seat))


def _merchant(s: DominionState, seat: int, immune: list[int]) -> None:
    s.merchant += 1


@dataclass
class Vassal(Frame):
    """The discarded card is an Action: you may play it (D15)."""

    seat: int
    card: str

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        who = "you" if s.decider(self.seat) == self.seat else s.names[self.seat]
        return Decision(
            self.seat,
            f"Play the {self.card} {who} discarded? (Vassal)",
            (opt("play", self.card), OPT_NONE),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id == "none":
            return
        disc = s.discards[self.seat]
        if self.card not in disc:
            return
        idx = len(disc) - 1 - disc[::-1].index(self.card)
        del disc[idx]
        s.plays[self.seat].append(self.card)
        if s.log is not None:
            s._act(
                self.seat,
                "play",
                "plays",
                f" the {self.card} from their discard pile (Vassal).",
                kind="play",
            )
        s.resolve(self.seat, self.card)


def _vassal(s: DominionState, seat: int, immune: list[int]) -> None:
    c = s.take_top(seat)
    if c is None:
        if s.log is not None:
            s._act(seat, "have", "has", " no card to discard (Vassal).")
        return
    s.discards[seat].append(c)
    if s.log is not None:
        s._act(
            seat,
            "discard",
            "discards",
            f" {a_card(c)} from the top of their deck (Vassal).",
            kind="discard",
        )
    if c in ACTIONS:
        s.stack.append(Vassal(seat, c))


def _workshop(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Gain(seat, 4, 0, "discard", 0, False, "Workshop"))


def _bureaucrat(s: DominionState, seat: int, immune: list[int]) -> None:
    s.gain(seat, "Silver", "deck")
    s.stack.append(Bureaucrat(seat, immune))


@dataclass
class EachOther(Frame):
    """An Attack's part for each other player in turn order, skipping those a Moat
    protected. A subclass says in ``visit`` what happens to one of them; its
    ``choose`` moves on to the next (``idx``) once that player is done."""

    seat: int
    immune: list[int] = field(default_factory=list)
    idx: int = 0

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        order = s.others(self.seat)
        while self.idx < len(order):
            t = order[self.idx]
            if t not in self.immune:
                d = self.visit(s, t)
                if d is not None:
                    return d
            self.idx += 1
        _done(s, self)
        return None

    def visit(self, s: DominionState, t: int) -> Decision | None:
        """Carry out the Attack on ``t``: a question for them, or None when done."""
        raise NotImplementedError

    def target(self, s: DominionState) -> int:
        """The player the current question is for."""
        return s.others(self.seat)[self.idx]


@dataclass
class Bureaucrat(EachOther):
    """Each other player puts a Victory card from hand onto their deck, or reveals it (D19)."""

    def visit(self, s: DominionState, t: int) -> Decision | None:
        vics = [c for c in distinct(s.hands[t]) if c in VICTORIES]
        if len(vics) > 1:
            return Decision(
                t,
                "Put a Victory card from your hand onto your deck "
                f"({s.whose(self.seat, t)} Bureaucrat)",
                tuple(opt("topdeck", c) for c in vics),
            )
        if vics:
            self._put(s, t, vics[0])
        elif s.log is not None:
            hand = s.hands[t]
            shown = counted_words(sorted(hand)) if hand else "an empty hand"
            s._act(
                t,
                "reveal",
                "reveals",
                f" a hand with no Victory cards: {shown}.",
                kind="reveal",
            )
        return None

    def _put(self, s: DominionState, t: int, name: str) -> None:
        s.hands[t].remove(name)
        s.decks[t].append(name)
        if s.log is not None:
            s._act(
                t,
                "reveal",
                "reveals",
                f" {a_card(name)} and puts it onto their deck.",
                kind="reveal",
            )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        self._put(s, self.target(s), card_of(option_id))
        self.idx += 1


def _militia(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Militia(seat, immune))


@dataclass
class Militia(EachOther):
    """Each other player discards down to 3 cards in hand (D20)."""

    def visit(self, s: DominionState, t: int) -> Decision | None:
        hand = s.hands[t]
        while len(hand) > 3:
            names = distinct(hand)
            if len(names) > 1:
                return Decision(
                    t,
                    f"Discard down to 3 cards ({s.whose(self.seat, t)} Militia: "
                    f"{len(hand) - 3} more)",
                    tuple(opt("discard", c) for c in names),
                )
            s.discard_from_hand(t, names[0])
        return None

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        s.discard_from_hand(self.target(s), card_of(option_id))  # asked again until 3 are left


@dataclass
class Moneylender(Frame):
    """You may trash a Copper from your hand for +3 coins."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        if "Copper" not in s.hands[self.seat]:
            _done(s, self)
            if s.log is not None:
                s._act(self.seat, "have", "has", " no Copper to trash (Moneylender).")
            return None
        return Decision(
            self.seat,
            f"Trash a Copper{from_hand(s, self.seat)} for +3 coins? (Moneylender)",
            (opt("trash", "Copper"), OPT_NONE),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id != "none":
            s.trash_from_hand(self.seat, "Copper")
            s.coins += 3


def _moneylender(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Moneylender(seat))


def _poacher(s: DominionState, seat: int, immune: list[int]) -> None:
    empty = s.empty_piles()
    if empty:
        s.stack.append(
            PickFromHand(seat, "discard", empty, False, f"Poacher, {plural('empty pile', empty)}")
        )


@dataclass
class Remodel(Frame):
    """Trash a card from your hand; gain one costing up to 2 coins more (D23; Mine too)."""

    seat: int
    up: int = 2
    kind: int = 0
    optional: bool = False
    to: str = "discard"
    why: str = "Remodel"

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        hand = s.hands[self.seat]
        names = [c for c in distinct(hand) if not self.kind or CARDS[c].types & self.kind]
        what = "a Treasure" if self.kind == CardType.TREASURE else "a card"
        if self.kind == CardType.ACTION:
            what = "an Action card"
        return trash_question(s, self, self.seat, names, self.why, self.optional, what)

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id == "none":
            return
        name = card_of(option_id)
        s.trash_from_hand(self.seat, name)
        cost = CARDS[name].cost
        s.stack.append(
            Gain(self.seat, cost.coins + self.up, cost.potions, self.to, self.kind, False, self.why)
        )


def _remodel(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Remodel(seat))


def _mine(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Remodel(seat, 3, int(CardType.TREASURE), True, "hand", "Mine"))


@dataclass
class ThroneRoom(Frame):
    """You may play an Action card from your hand twice (D13)."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        acts = s.action_cards_in_hand(self.seat)
        if not acts:
            _done(s, self)
            if s.log is not None:
                s._act(self.seat, "have", "has", " no Action card to play twice (Throne Room).")
            return None
        opts = [opt("play", c) for c in acts]
        opts.append(OPT_NONE)
        return Decision(
            self.seat,
            f"Choose an Action card{from_hand(s, self.seat)} to play twice (Throne Room)",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        _done(s, self)
        if option_id == "none":
            return
        name = card_of(option_id)
        s.hands[self.seat].remove(name)
        s.plays[self.seat].append(name)
        if s.log is not None:
            s._act(self.seat, "play", "plays", f" {a_card(name)} twice (Throne Room).", kind="play")
        s.stack.append(Resolve(self.seat, name))
        s.stack.append(Resolve(self.seat, name))


def _throne_room(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(ThroneRoom(seat))


def _bandit(s: DominionState, seat: int, immune: list[int]) -> None:
    s.gain(seat, "Gold")
    s.stack.append(Bandit(seat, immune))


@dataclass
class Bandit(EachOther):
    """Each other player reveals 2 cards, trashes a non-Copper Treasure, discards the rest (D18)."""

    revealed: list[str] = field(default_factory=list)

    def visit(self, s: DominionState, t: int) -> Decision | None:
        if not self.revealed:
            for _ in range(2):
                c = s.take_top(t)
                if c is None:
                    break
                s.asides[t].append(c)
                self.revealed.append(c)
            if not self.revealed:
                if s.log is not None:
                    s._act(t, "have", "has", " no cards to reveal (Bandit).")
                return None
            if s.log is not None:
                s._act(
                    t,
                    "reveal",
                    "reveals",
                    f" {cards_words(self.revealed)} (Bandit).",
                    kind="reveal",
                )
        good = [c for c in distinct(self.revealed) if c in TREASURES and c != "Copper"]
        if len(good) > 1:
            return Decision(
                t,
                f"Trash one of your revealed Treasures ({s.whose(self.seat, t)} Bandit)",
                tuple(opt("trash", c) for c in good),
            )
        self._settle(s, t, good[0] if good else None)
        return None

    def _settle(self, s: DominionState, t: int, trashed: str | None) -> None:
        aside = s.asides[t]
        rest = list(self.revealed)
        if trashed is not None:
            rest.remove(trashed)
            aside.remove(trashed)
            s.trash_card(t, trashed)
        for c in rest:
            aside.remove(c)
            s.discards[t].append(c)
        if rest and s.log is not None:
            s._act(t, "discard", "discards", f" {cards_words(rest)}.", kind="discard")
        self.revealed = []

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        self._settle(s, self.target(s), card_of(option_id))
        self.idx += 1


def _council_room(s: DominionState, seat: int, immune: list[int]) -> None:
    for o in s.others(seat):
        s.draw(o, 1)


@dataclass
class Library(Frame):
    """Draw to 7 cards in hand; each Action drawn may be set aside (D16)."""

    seat: int
    pending: str | None = None
    aside: list[str] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        if self.pending is not None:
            return Decision(
                self.seat,
                f"{s.whom(self.seat, self.seat)} drew {a_card(self.pending)}: set it aside? "
                "(Library)",
                (
                    opt("aside", self.pending),
                    opt("keep", self.pending, s.whose(self.seat, self.seat)),
                ),
            )
        hand = s.hands[self.seat]
        while len(hand) < 7:
            if s.draw(self.seat, 1) == 0:
                break
            if hand[-1] in ACTIONS:
                self.pending = hand[-1]
                return None
        _done(s, self)
        if self.aside:
            aside = s.asides[self.seat]
            for c in self.aside:
                aside.remove(c)
                s.discards[self.seat].append(c)
            if s.log is not None:
                s._act(
                    self.seat,
                    "discard",
                    "discards",
                    f" {cards_words(self.aside)} set aside by Library.",
                    kind="discard",
                )
        return None

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        name = self.pending
        assert name is not None
        self.pending = None
        if option_id.startswith("aside:"):
            s.hands[self.seat].remove(name)
            s.asides[self.seat].append(name)
            self.aside.append(name)
            if s.log is not None:
                s._act(self.seat, "set", "sets", f" aside {a_card(name)} (Library).", kind="aside")


def _library(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(Library(seat))


@dataclass
class Sentry(Frame):
    """The top 2 cards: trash, discard or put back each; then order those put back (D17)."""

    seat: int
    cards: list[str] = field(default_factory=list)
    idx: int = 0
    back: list[str] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: DominionState = state
        whose = s.whose(self.seat, self.seat)
        if self.idx < len(self.cards):
            c = self.cards[self.idx]
            nth = "top" if self.idx == 0 else "second"
            return Decision(
                self.seat,
                f"{s.whose(self.seat, self.seat, True)} {nth} card is {a_card(c)}: trash it, "
                "discard it or put it back? (Sentry)",
                (opt("trash", c), opt("discard", c), opt("back", c, whose)),
            )
        if len(self.back) == 2 and self.back[0] != self.back[1]:
            return Decision(
                self.seat,
                f"Which card goes on top of {whose} deck? (Sentry)",
                tuple(opt("top", c) for c in self.back),
            )
        self._put_back(s, self.back)
        return None

    def _put_back(self, s: DominionState, order: list[str]) -> None:
        """Put back cards; the last one listed ends on top."""
        _done(s, self)
        aside = s.asides[self.seat]
        for c in order:
            aside.remove(c)
            s.decks[self.seat].append(c)
        if order and s.log is not None:
            s._act(
                self.seat,
                "put",
                "puts",
                f" {plural('card', len(order))} back on their deck.".replace("1 card", "a card"),
                private_rest=(
                    f" {cards_words(order[::-1])} back on your deck, {order[-1]} on top."
                ),
            )

    def choose(self, state: Any, option_id: str) -> None:
        s: DominionState = state
        verb, _, name = option_id.partition(":")
        name = CARDS[name].name
        if verb == "top":
            other = list(self.back)
            other.remove(name)
            self._put_back(s, [*other, name])
            return
        self.idx += 1
        if verb == "back":
            self.back.append(name)
            return
        s.asides[self.seat].remove(name)
        if verb == "trash":
            s.trash_card(self.seat, name, " from their deck (Sentry)")
        else:
            s.discards[self.seat].append(name)
            if s.log is not None:
                s._act(
                    self.seat,
                    "discard",
                    "discards",
                    f" {a_card(name)} from their deck (Sentry).",
                    kind="discard",
                )


def _sentry(s: DominionState, seat: int, immune: list[int]) -> None:
    looked: list[str] = []
    for _ in range(2):
        c = s.take_top(seat)
        if c is None:
            break
        looked.append(c)
        s.asides[seat].append(c)
    if not looked:
        if s.log is not None:
            s._act(seat, "have", "has", " no cards to look at (Sentry).")
        return
    if s.log is not None:
        s._act(
            seat,
            "look",
            "looks",
            f" at the top {plural('card', len(looked))} of their deck (Sentry).",
            private_rest=f" at {cards_words(looked)} from the top of your deck (Sentry).",
        )
    s.stack.append(Sentry(seat, looked))


def _witch(s: DominionState, seat: int, immune: list[int]) -> None:
    for t in s.others(seat):
        if t in immune:
            continue
        if not s.gain(t, "Curse"):
            break


def _artisan(s: DominionState, seat: int, immune: list[int]) -> None:
    s.stack.append(PickFromHand(seat, "topdeck", 1, False, "Artisan"))
    s.stack.append(Gain(seat, 5, 0, "hand", 0, False, "Artisan"))


EFFECTS: dict[str, Effect] = {
    "Cellar": _cellar,
    "Chapel": _chapel,
    "Harbinger": _harbinger,
    "Merchant": _merchant,
    "Vassal": _vassal,
    "Workshop": _workshop,
    "Bureaucrat": _bureaucrat,
    "Militia": _militia,
    "Moneylender": _moneylender,
    "Poacher": _poacher,
    "Remodel": _remodel,
    "Throne Room": _throne_room,
    "Bandit": _bandit,
    "Council Room": _council_room,
    "Library": _library,
    "Mine": _mine,
    "Sentry": _sentry,
    "Witch": _witch,
    "Artisan": _artisan,
}

# Attacks get a Moat window before they resolve.
ATTACK_EFFECTS: frozenset[str] = frozenset(n for n, c in CARDS.items() if c.types & CardType.ATTACK)

FRAMES: dict[str, type[Frame]] = {
    cls.__name__: cls
    for cls in (
        Turn,
        CleanupChoices,
        Resolve,
        MoatWindow,
        Gain,
        PickFromHand,
        Harbinger,
        Vassal,
        Bureaucrat,
        Militia,
        Moneylender,
        Remodel,
        ThroneRoom,
        Bandit,
        Library,
        Sentry,
    )
}
