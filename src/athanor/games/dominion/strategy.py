"""Dominion strategies as text files that analysts write by hand.

The format is documented in docs/dominion-strategies.md. In short::

    # comment
    name: smithy
    buy Province if money > 15
    buy Smithy if count(Smithy) < count(Treasure) / 11
    buy Silver
    play Village
    option: end-game-when-losing yes

A strategy bot buys the first card in its list whose conditions hold and
which it can afford, once per Buy; plays Actions by its ``play`` lines first
and then by a sensible default order; and answers every other question a
card asks with ``CardSense``, a small set of plain heuristics.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from athanor.engine import Beginner, Decision, GameState, Rng
from athanor.engine._mypyc import mypyc_attr
from athanor.games.dominion.cards import CARDS, TREASURE_COINS, CardType
from athanor.games.dominion.frames import opt
from athanor.games.dominion.rules import Weights

TYPE_NAMES = {t.name.title(): t for t in CardType if t.name}
ACTION_NAMES = frozenset(n for n, c in CARDS.items() if c.types & CardType.ACTION)


class StrategyError(ValueError):
    """A strategy file that cannot be read; says which line and why."""


# -- expressions ----------------------------------------------------------------------

Cond = Callable[[Any, int], bool]

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?)"
    r"|(?P<op><=|>=|==|!=|<|>|\+|-|\*|/|\(|\))"
    r"|(?P<word>[A-Za-z_][\w' -]*?)(?=\s*(?:$|<|>|=|!|\+|-|\*|/|\(|\))))"
)

VARIABLES: dict[str, str] = {
    "money": "coin value of every Treasure you own",
    "coins": "coins you can spend now (in the Buy phase, counting Treasures in hand)",
    "buys": "Buys you have left right now",
    "turn": "your turn number (1 on your first turn)",
    "my_vp": "your victory points now",
    "opponent_vp": "the highest victory points among the other players",
    "vp_lead": "my_vp minus opponent_vp",
    "empty_piles": "how many Supply piles are empty",
    "cards": "how many cards you own",
    "provinces_left": "cards left in the Province pile (same as supply(Province))",
}
FUNCTIONS: dict[str, str] = {
    "count": "count(CARD) copies of a card you own; count(TYPE) cards of a type you own",
    "supply": "supply(CARD) cards left in that Supply pile (0 if it is not in the game)",
    "in_hand": "in_hand(CARD) copies in your hand now",
}


def _card_or_type(word: str, where: str) -> tuple[str, str]:
    word = word.strip()
    if word in CARDS:
        return ("card", word)
    if word in TYPE_NAMES:
        return ("type", word)
    import difflib  # only for a word not known: start-up stays light

    close = difflib.get_close_matches(word, [*CARDS, *TYPE_NAMES], n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise StrategyError(f"{where}: unknown card or type {word!r}{hint}")


class _Parser:
    """Recursive descent over arithmetic and comparisons joined by and/or."""

    def __init__(self, text: str, where: str) -> None:
        self.where = where
        self.toks = self._tokens(text)
        self.i = 0

    def _tokens(self, text: str) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        pos = 0
        text = text.strip()
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise StrategyError(f"{self.where}: cannot read {text[pos:]!r}")
            pos = m.end()
            for kind in ("num", "op", "word"):
                v = m.group(kind)
                if v is not None:
                    out.append((kind, v.strip()))
        # Split words on the connectives "and", "or", "not".
        split: list[tuple[str, str]] = []
        for kind, v in out:
            if kind == "word":
                parts = re.split(r"(?:^|\s+)(and|or)(?:\s+|$)", v)
                for p in parts:
                    if p in ("and", "or"):
                        split.append(("op", p))
                    elif re.fullmatch(r"\d+(?:\.\d+)?", p):  # a number after and/or
                        split.append(("num", p))
                    elif p:
                        split.append(("word", p))
            else:
                split.append((kind, v))
        return split

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        t = self.peek()
        if t is None or (value is not None and t[1] != value):
            want = f"{value!r}" if value else "more"
            got = f"{t[1]!r}" if t else "the end of the line"
            raise StrategyError(f"{self.where}: expected {want}, found {got}")
        self.i += 1
        return t

    # Each rule returns Python source for its part of the expression; parse_condition
    # compiles the whole condition into one function, which is several times faster
    # to call than a tree of small functions. Only our own tokens reach the source:
    # numbers matched by _TOKEN, fixed operators, and card names as string literals.

    def condition(self) -> str:
        c = self.conjunction()
        while self.peek() == ("op", "or"):
            self.take()
            c = f"({c} or {self.conjunction()})"
        return c

    def conjunction(self) -> str:
        c = self.comparison()
        while self.peek() == ("op", "and"):
            self.take()
            c = f"({c} and {self.comparison()})"
        return c

    def comparison(self) -> str:
        if self.peek() != ("op", "("):
            return self._compare()
        # Brackets around a whole condition, "(a or b) and c", or around arithmetic,
        # "(money - 10) * 2 > 0": try the first, and fall back to the second. If both
        # fail, the error that got further into the line is the one that helps.
        start = self.i
        try:
            self.take()
            inner = self.condition()
            self.take(")")
            nxt = self.peek()
            if nxt is None or nxt[1] in ("and", "or", ")"):
                return inner
            first: tuple[int, StrategyError] | None = None
        except StrategyError as exc:
            first = (self.i, exc)
        self.i = start
        try:
            return self._compare()
        except StrategyError:
            if first is not None and first[0] > self.i:
                raise first[1] from None
            raise

    def _compare(self) -> str:
        left = self.sum()
        t = self.peek()
        if t is None or t[1] not in ("<", "<=", ">", ">=", "==", "!="):
            raise StrategyError(f"{self.where}: a condition needs a comparison such as <, <= or ==")
        self.take()
        return f"({left} {t[1]} {self.sum()})"

    def sum(self) -> str:
        n = self.product()
        while self.peek() in (("op", "+"), ("op", "-")):
            sign = self.take()[1]
            n = f"({n} {sign} {self.product()})"
        return n

    def product(self) -> str:
        n = self.atom()
        while self.peek() in (("op", "*"), ("op", "/")):
            sign = self.take()[1]
            right = self.atom()
            n = f"({n} * {right})" if sign == "*" else f"_div({n}, {right})"
        return n

    def atom(self) -> str:
        kind, v = self.take()
        if kind == "num":
            return repr(float(v))
        if v == "(":
            inner = self.sum()
            self.take(")")
            return inner
        if v == "-":
            return f"(-{self.atom()})"
        if kind != "word":
            raise StrategyError(f"{self.where}: unexpected {v!r}")
        if v in FUNCTIONS:
            self.take("(")
            arg_kind, arg = self.take()
            if arg_kind != "word":
                raise StrategyError(f"{self.where}: {v}() needs a card or type name")
            self.take(")")
            return _function(v, arg, self.where)
        if v in VARIABLES:
            return _VARIABLE_SOURCE[v]
        import difflib  # only for a name not known

        close = difflib.get_close_matches(v, [*VARIABLES, *FUNCTIONS], n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise StrategyError(f"{self.where}: unknown word {v!r}{hint}")


def _function(name: str, arg: str, where: str) -> str:
    """Source for ``count(...)``, ``supply(...)`` or ``in_hand(...)``."""
    kind, value = _card_or_type(arg, where)
    if name == "supply":
        if kind != "card":
            raise StrategyError(f"{where}: supply() needs a card name, not the type {value}")
        return f"s.supply.get({value!r}, 0)"
    if name == "in_hand":
        if kind != "card":
            raise StrategyError(f"{where}: in_hand() needs a card name, not the type {value}")
        return f"s.hands[seat].count({value!r})"
    if kind == "card":
        return f"s.count(seat, {value!r})"
    return f"s.tally(seat, _TYPE_WEIGHTS[{value!r}])"


def _opponent_vp(s: Any, seat: int) -> int:
    return int(max(s.victory_points(o) for o in s.others(seat)))


def _div(a: float, b: float) -> float:
    """Division in a condition; dividing by zero gives infinity, not an error."""
    return a / b if b else float("inf")


_VARIABLE_SOURCE: dict[str, str] = {
    "money": "s.money(seat)",
    "coins": "s.spendable_coins(seat)",
    "buys": "s.buys",
    "turn": "s.turns[seat]",
    "my_vp": "s.victory_points(seat)",
    "opponent_vp": "_opponent_vp(s, seat)",
    "vp_lead": "(s.victory_points(seat) - _opponent_vp(s, seat))",
    "empty_piles": "s.empty_piles()",
    "cards": "s.card_total(seat)",
    "provinces_left": "s.supply.get('Province', 0)",
}
_TYPE_WEIGHTS = {
    name: Weights({n: 1 if c.types & t else 0 for n, c in CARDS.items()})
    for name, t in TYPE_NAMES.items()
}


def parse_condition(text: str, where: str = "condition") -> Cond:
    """Compile a condition such as ``money > 15 and provinces_left <= 4``."""
    p = _Parser(text, where)
    source = p.condition()
    if p.peek() is not None:
        raise StrategyError(f"{where}: unexpected {p.peek()[1]!r} after the condition")  # type: ignore[index]
    scope: dict[str, Any] = {
        "_div": _div,
        "_opponent_vp": _opponent_vp,
        "_TYPE_WEIGHTS": _TYPE_WEIGHTS,
        "__builtins__": {},
    }
    exec(compile(f"def condition(s, seat):\n    return {source}\n", where, "exec"), scope)
    cond: Cond = scope["condition"]
    cond.__doc__ = text
    return cond


# -- strategies --------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """One line: buy or play a card, if a condition holds."""

    verb: str
    card: str
    condition: Cond | None
    text: str


def _always(s: Any, seat: int) -> bool:
    return True


@dataclass(frozen=True)
class Strategy:
    """A parsed strategy file."""

    name: str
    description: str
    buys: tuple[Rule, ...]
    plays: tuple[Rule, ...]
    end_game_when_losing: bool = False
    holds: tuple[Rule, ...] = ()

    @classmethod
    def parse(cls, text: str, source: str = "<strategy>") -> Strategy:
        """Read a strategy; errors name the line and the reason."""
        name = ""
        description = ""
        buys: list[Rule] = []
        plays: list[Rule] = []
        holds: list[Rule] = []
        losing_end = False
        for no, raw in enumerate(text.splitlines(), 1):
            where = f"{source}, line {no}"
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            low = line.lower()
            if low.startswith("name:"):
                name = line[5:].strip()
                if not good_name(name):
                    raise StrategyError(f"{where}: a name is lower-case letters, digits and dashes")
                continue
            if low.startswith("description:"):
                description = line[12:].strip()
                continue
            if low.startswith("option:"):
                key, _, value = line[7:].strip().partition(" ")
                if key != "end-game-when-losing" or value.strip() not in ("yes", "no"):
                    raise StrategyError(
                        f"{where}: the only option is 'end-game-when-losing yes' (or no)"
                    )
                losing_end = value.strip() == "yes"
                continue
            verb, _, rest = line.partition(" ")
            verb = verb.lower()
            if verb not in ("buy", "play", "hold"):
                raise StrategyError(
                    f"{where}: a line starts with 'buy', 'play', 'hold', 'name:', "
                    f"'description:' or 'option:', not {verb!r}"
                )
            pieces = re.split(r"\s+if(?:\s+|$)", " " + rest, maxsplit=1)
            card_text = pieces[0].strip()
            sep = len(pieces) > 1
            cond_text = pieces[1] if sep else ""
            if not card_text:
                raise StrategyError(f"{where}: {verb} needs a card name")
            kind, card = _card_or_type(card_text, where)
            if kind != "card":
                raise StrategyError(f"{where}: {verb} needs a card name, not the type {card}")
            if verb != "buy" and not CARDS[card].types & CardType.ACTION:
                raise StrategyError(f"{where}: only Action cards have play priorities ({card})")
            if sep and not cond_text.strip():
                raise StrategyError(f"{where}: 'if' needs a condition")
            cond = parse_condition(cond_text, where) if sep else None
            {"buy": buys, "play": plays, "hold": holds}[verb].append(Rule(verb, card, cond, line))
        if not name:
            raise StrategyError(f"{source}: the strategy needs a 'name:' line")
        if not buys:
            raise StrategyError(f"{source}: the strategy has no 'buy' lines")
        return cls(name, description, tuple(buys), tuple(plays), losing_end, tuple(holds))

    def cards(self) -> frozenset[str]:
        """Every card the strategy names."""
        return self._cards

    @cached_property
    def _cards(self) -> frozenset[str]:
        return frozenset(r.card for r in (*self.buys, *self.plays, *self.holds))

    @cached_property
    def sorted_cards(self) -> tuple[str, ...]:
        """``cards()`` in alphabetical order (kept: a simulation asks once a game)."""
        return tuple(sorted(self._cards))

    @cached_property
    def buy_rules(self) -> tuple[tuple[str, Cond | None, str], ...]:
        """Each buy line as (its option's very id string, its condition, its card): made
        once per strategy, not once per bot (a simulation makes two bots a game)."""
        return tuple((opt("buy", r.card).id, r.condition, r.card) for r in self.buys)


@lru_cache(maxsize=256)
def parsed(text: str, source: str = "<strategy>") -> Strategy:
    """``Strategy.parse``, kept per process: a simulation makes a bot per game, and a
    strategy file is read and compiled once, not once a game (a Strategy is immutable)."""
    return Strategy.parse(text, source)


# The shipped strategies' folder, beside this module (a plain path: importlib.resources
# and the zip support it imports cost a simulation's start-up more than the files do).
STRATEGIES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "strategies")


@lru_cache(maxsize=1)
def builtin_names() -> tuple[str, ...]:
    """The names of the strategies shipped in athanor/games/dominion/strategies/ (each
    file is named after its strategy), without reading them."""
    return tuple(sorted(f[:-4] for f in os.listdir(STRATEGIES) if f.endswith(".txt")))


@lru_cache(maxsize=64)
def builtin_strategy(name: str) -> Strategy:
    """One shipped strategy, read and parsed on first use only (a run that plays two of
    them does not parse the other files)."""
    file = name + ".txt"
    with open(os.path.join(STRATEGIES, file), encoding="utf-8") as fh:
        st = Strategy.parse(fh.read(), file)
    if st.name != name:
        raise StrategyError(f"{file} names its strategy {st.name!r}, not {name!r}")
    return st


def builtin_strategies() -> dict[str, Strategy]:
    """The strategies shipped in athanor/games/dominion/strategies/, by name."""
    return {name: builtin_strategy(name) for name in builtin_names()}


# -- answering the questions cards ask ---------------------------------------------------


def good_name(name: str) -> bool:
    """Whether a strategy's name is lower-case letters, digits and dashes (as a file name)."""
    return re.fullmatch(r"[a-z0-9][a-z0-9-]*", name) is not None


def card_value(name: str) -> float:
    """How much a card is worth keeping, roughly: its cost, with junk below zero."""
    c = CARDS[name]
    if c.types & CardType.CURSE:
        return -2.0
    if c.types == CardType.VICTORY:
        return -1.0 if name == "Estate" else 0.5
    return c.cost.coins + 2.5 * c.cost.potions + (0.5 if c.types & CardType.ACTION else 0.0)


class CardSense:
    """Plain heuristics for the questions cards ask, chosen by the option verbs."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: Any, decision: Decision) -> str:
        """Pick an option id for a card's question."""
        ids = decision.ids
        seat = decision.seat
        by_verb: dict[str, list[str]] = {}
        plain: list[str] = []
        for oid in ids:
            verb, sep, card = oid.partition(":")
            if sep and card in CARDS:
                by_verb.setdefault(verb, []).append(card)
            else:
                plain.append(oid)
        if "reveal" in ids:
            return "reveal"
        frame = type(state.stack[-1]).__name__ if getattr(state, "stack", None) else ""
        if frame == "CleanupChoices":
            return self._cleanup(ids, by_verb)
        if frame == "TrashFor" and getattr(state.stack[-1], "why", "") == "Transmute":
            return self._transmute(state, by_verb.get("trash", []))
        if frame == "TrashFor" and getattr(state.stack[-1], "why", "") == "Apprentice":
            # The hand and deck are the Apprentice player's (under Possession, not the asker's).
            owner = int(getattr(state.stack[-1], "seat", seat))
            return self._apprentice(state, owner, by_verb.get("trash", []))
        if frame == "Remodel" and getattr(state.stack[-1], "why", "") == "Mine":
            return self._mine(state, by_verb.get("trash", []))
        if frame == "Militia" and "discard" in by_verb:
            return self._militia(state.hands[seat], by_verb["discard"])
        if frame == "ScryingPool":
            return self._scry(state, seat, by_verb)
        if frame == "Sentry" and "trash" in by_verb:
            return self._sentry(state, seat, by_verb["trash"][0])
        if frame == "Harbinger":
            return self._harbinger(by_verb.get("topdeck", []))
        if not by_verb:
            return self._plain(plain)
        verb, cards = max(by_verb.items(), key=lambda kv: len(kv[1]))
        stop = next((p for p in plain if p in ("done", "none", "no", "skip", "keep")), None)
        if verb in ("trash",):
            junk = [c for c in cards if self._trashable(state, seat, c)]
            if junk:
                return f"trash:{min(junk, key=card_value)}"
            return stop or f"trash:{min(cards, key=card_value)}"
        if verb in ("discard", "topdeck", "return", "set-aside", "setaside", "back"):
            # A discard that must be made (Poacher's) drops dead cards before Copper.
            worst = min(cards, key=_discard_order if verb == "discard" and not stop else card_value)
            # A Victory card in hand is dead: discard it too (for Cellar, the only such
            # question with a way to stop).
            dead = CARDS[worst].types == CardType.VICTORY
            if stop and card_value(worst) > 0 and verb == "discard" and not dead:
                return stop
            return f"{verb}:{worst}"
        if verb in ("gain", "take", "buy"):
            return f"{verb}:{max(cards, key=card_value)}"
        if verb == "play":
            return f"play:{max(cards, key=card_value)}"
        best = max(cards, key=card_value)
        return f"{verb}:{best}"

    @staticmethod
    def _apprentice(state: Any, seat: int, cards: list[str]) -> str:
        """Apprentice: weigh the cards drawn (at the deck's coins per card) against what
        the card was worth now and for the rest of the game. Early, junk goes (an Estate
        draws 2); late, a Gold may be worth 6 cards."""
        provinces = int(state.supply.get("Province", 0))
        late = provinces <= 4
        density = state.money(seat) / max(1, state.card_total(seat))
        in_hand = sum(TREASURE_COINS.get(c, 0) for c in state.hands[seat])

        def gain(c: str) -> float:
            card = CARDS[c]
            drawn = card.cost.coins + 2 * card.cost.potions
            lost = TREASURE_COINS.get(c, 0)
            now = min(8.0, in_hand - lost + drawn * density)  # one Buy: 8 coins is enough
            if card.types & CardType.CURSE:
                later = 2.0
            elif card.types & CardType.VICTORY and not card.types & CardType.ACTION:
                later = -3.0 * card.vp if late else (1.5 if c == "Estate" else -3.0 * card.vp)
            elif c == "Copper":
                later = 0.0 if late else 0.5
            else:
                later = -(0.25 if late else 0.6) * card_value(c)
            return float(now + later)

        return f"trash:{max(cards, key=lambda c: (gain(c), c))}"

    @staticmethod
    def _militia(hand: list[str], cards: list[str]) -> str:
        """Militia: a terminal Action beyond those the hand's villages let it play goes
        first (the cheapest), then Curses and Victory cards, then the least valued card."""
        terminals = [c for c in cards if _terminal(c)]
        playable = 1 + sum(max(0, CARDS[c].actions - 1) for c in hand)
        if sum(1 for c in hand if _terminal(c)) > playable:
            return f"discard:{min(terminals, key=card_value)}"
        return f"discard:{min(cards, key=_discard_order)}"

    @staticmethod
    def _mine(state: Any, cards: list[str]) -> str:
        """Mine: a Copper into a Silver, else a Silver into a Gold, while the Supply has
        them; otherwise nothing."""
        for card, better in (("Copper", "Silver"), ("Silver", "Gold")):
            if card in cards and state.supply.get(better, 0):
                return f"trash:{card}"
        return "none"

    @staticmethod
    def _transmute(state: Any, cards: list[str]) -> str:
        """Transmute: an Estate becomes a Gold, a late Action a Duchy; a Treasure only
        becomes another Transmute, so it goes last."""
        late = int(state.supply.get("Province", 0)) <= 4

        def worth(c: str) -> tuple[int, float]:
            t = CARDS[c].types
            if t & CardType.ACTION and late:
                return (0, card_value(c))  # a Duchy now is worth more than the Action
            if t & CardType.CURSE:
                return (1, 0.0)
            if t & CardType.VICTORY and not t & CardType.ACTION and c != "Province":
                return (0 if not late else 2, card_value(c))  # late, a Gold is worth no VP
            if not t & CardType.TREASURE:
                return (3, card_value(c))
            return (4, card_value(c))

        return f"trash:{min(cards, key=worth)}"

    @staticmethod
    def _cleanup(ids: tuple[str, ...], by_verb: dict[str, list[str]]) -> str:
        """Alchemists back on the deck first (the Potion is still in play), then the best
        Treasure for each Herbalist if it is better than Copper."""
        if "top:Alchemist" in ids:
            return "top:Alchemist"
        best = max(by_verb.get("topdeck", []), key=card_value, default=None)
        if best is not None and card_value(best) >= 3:
            return f"topdeck:{best}"
        return "done"

    @staticmethod
    def _scry(state: Any, seat: int, by_verb: dict[str, list[str]]) -> str:
        """Scrying Pool: keep your own good cards and discard the others' good cards."""
        card = (by_verb.get("back") or by_verb["discard"])[0]
        target = getattr(state.stack[-1], "target", seat)
        mine = target == seat or target == getattr(state, "current", seat)
        good = card in ACTION_NAMES or card_value(card) >= 3
        return f"back:{card}" if good == mine else f"discard:{card}"

    @staticmethod
    def _harbinger(cards: list[str]) -> str:
        """Harbinger: the discard pile's most valued card goes on the deck, to be drawn
        next, if it is worth a Silver or more; otherwise none."""
        best = max(cards, key=card_value, default=None)
        if best is not None and card_value(best) >= card_value("Silver"):
            return f"topdeck:{best}"
        return "none"

    @classmethod
    def _sentry(cls, state: Any, seat: int, card: str) -> str:
        """Sentry, one card of the two: trash what ``_trashable`` calls junk, discard what
        would spoil the next hand (Curses, Victory cards, Copper), put the rest back."""
        if cls._trashable(state, seat, card):
            return f"trash:{card}"
        if not CARDS[card].types & CardType.ACTION and card_value(card) <= 0.5:
            return f"discard:{card}"
        return f"back:{card}"

    @staticmethod
    def _trashable(state: Any, seat: int, card: str) -> bool:
        if card in ("Curse", "Estate"):
            return card == "Curse" or int(state.supply.get("Province", 0)) > 4
        if card == "Copper":
            return int(state.money(seat)) > 6
        return False

    def _plain(self, plain: list[str]) -> str:
        for prefer in ("yes", "play", "take", "done", "none"):
            if prefer in plain:
                return prefer
        return plain[self.rng.below(len(plain))]


def _discard_order(name: str) -> tuple[bool, float]:
    """The order to discard from a hand in: cards dead in hand (Curses and plain Victory
    cards) first, a Province before a Copper, then the least valued."""
    dead = CARDS[name].types in (CardType.VICTORY, CardType.CURSE)
    return (not dead, card_value(name))


def _terminal(name: str) -> bool:
    """An Action card that gives no +Actions (Throne Room and Golem play others instead)."""
    c = CARDS[name]
    return bool(c.types & CardType.ACTION) and not c.actions and name not in _PLAYS_OTHERS


_PLAYS_OTHERS = frozenset({"Throne Room", "Golem"})


# -- the bot -------------------------------------------------------------------------


def _plus_actions(name: str) -> int:
    return CARDS[name].actions


# DominionSim's imported bots (dominionsim.py, not compiled) build on it.
@mypyc_attr(allow_interpreted_subclasses=True)
class StrategyBot:
    """Plays a ``Strategy``; never ends the game by a buy that loses it, unless told to."""

    def __init__(self, strategy: Strategy, seed: int = 0) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.rng = Rng(seed ^ 0x57A7)
        self.sense = CardSense(self.rng)
        # The very id strings the options carry, so that lookups match on identity.
        self._buy_rules = strategy.buy_rules
        self._cards = strategy.sorted_cards

    def missing_cards(self, state: GameState) -> list[str]:
        """Cards the strategy names that are not in this game's Supply (the simulator
        warns of them: those lines can never fire)."""
        supply = getattr(state, "supply", {})
        return [c for c in self._cards if c not in supply]  # in order: ``_cards`` is sorted

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id."""
        s: Any = state
        ids = decision.ids
        seat = decision.seat
        # The Buy phase with Treasures in hand ("play all" is its second option, after
        # "end"; read by place, which is cheaper than a search): buying plays them.
        if len(ids) > 1 and ids[1] == "treasures":
            choice = self._buy(s, seat, decision)
            # Buying nothing: still play them, for Herbalist and Alchemist at Clean-up.
            return "treasures" if choice == "end" else choice
        if decision.offers("end"):
            if s.phase == "action":
                if len(ids) == 2 and not self.strategy.holds:
                    return ids[1]  # one Action to play ("end" is first): every rule would pick it
                plays = [i[5:] for i in ids if i.startswith("play:")]
                if plays:
                    # Hands are read for the player whose turn it is (under Possession,
                    # the possessed player).
                    pick = self._pick_action(s, int(s.current), plays)
                    return "end" if pick is None else "play:" + pick
            return self._buy(s, seat, decision)
        return self.sense.choose(s, decision)

    def _pick_action(self, s: Any, seat: int, cards: list[str]) -> str | None:
        """The Action to play next, or None to play no more (all held back)."""
        for rule in self.strategy.holds:
            if rule.card in cards and (rule.condition is None or rule.condition(s, seat)):
                cards = [c for c in cards if c != rule.card]
        if not cards:
            return None
        for rule in self.strategy.plays:
            if rule.card in cards and (rule.condition is None or rule.condition(s, seat)):
                return rule.card
        # Default: cards that give Actions first, then the most expensive.
        return max(cards, key=lambda c: (_plus_actions(c) > 0, CARDS[c].cost.coins, c))

    def _buy(self, s: Any, seat: int, decision: Decision) -> str:
        # The usual Buy question keeps its buy ids as a set (``hot_ids``); the others are
        # searched (not through ``decision.offers``, which would cost a call more).
        hot = decision.hot_ids
        ids: frozenset[str] | tuple[str, ...] = decision.ids if hot is None else hot
        guard = not self.strategy.end_game_when_losing
        supply = s.supply
        for oid, condition, card in self._buy_rules:
            if oid not in ids:
                continue
            if condition is not None and not condition(s, seat):
                continue
            # Only the last card of a pile can end the game (checked here to save a call).
            if guard and supply.get(card, 0) == 1 and self._ends_game_losing(s, seat, card):
                continue
            return oid
        return "end"

    @staticmethod
    def _ends_game_losing(s: Any, seat: int, card: str) -> bool:
        """Whether buying ``card`` would end the game with this seat not winning."""
        left = s.supply.get(card, 0)
        if left != 1:
            return False
        ends = card == "Province" or s.empty_piles() + 1 >= (4 if s.players >= 5 else 3)
        if not ends:
            return False
        mine: int = s.victory_points(seat) + CARDS[card].vp
        if card == "Gardens":
            mine += (s.card_total(seat) + 1) // 10
        best_other: int = max(s.victory_points(o) for o in s.others(seat))
        if mine != best_other:
            return mine < best_other
        # Equal points: fewer turns wins; this seat has just taken its turn.
        fewest: int = min(s.turns[o] for o in s.others(seat))
        return bool(s.turns[seat] > fewest)


def action_score(name: str) -> float:
    """A rough worth of an Action from its bonuses: draw, coins, Buys and attacking."""
    c = CARDS[name]
    score = 1.5 * c.cards + 1.0 * c.plus_coins + 0.5 * c.buys
    if c.types & CardType.ATTACK:
        score += 2.0
    return score


class HeuristicBot(StrategyBot):
    """Plays any kingdom sensibly: Big Money, plus the strongest Actions the deck can carry."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(Strategy.parse("name: heuristic\nbuy Province", "heuristic"), seed)
        self.name = "heuristic"

    def _buy(self, s: Any, seat: int, decision: Decision) -> str:
        offered = [i[4:] for i in decision.ids if i.startswith("buy:")]
        if not offered:
            return "end"
        money = s.money(seat)
        provinces = s.supply.get("Province", 0)
        owned = s.owned(seat)
        treasures = sum(k for n, k in owned.items() if CARDS[n].types & CardType.TREASURE)
        terminals = sum(
            k for n, k in owned.items() if CARDS[n].types & CardType.ACTION and not CARDS[n].actions
        )

        def ok(card: str) -> bool:
            return card in offered and not self._ends_game_losing(s, seat, card)

        if ok("Province") and (money > 15 or provinces <= 4):
            return "buy:Province"
        if ok("Duchy") and provinces <= 4:
            return "buy:Duchy"
        if ok("Estate") and provinces <= 2:
            return "buy:Estate"
        actions = [c for c in offered if CARDS[c].types & CardType.ACTION and action_score(c) >= 3]
        # Non-terminal Actions that draw or pay (Laboratory, Market) are always welcome.
        free = [c for c in actions if CARDS[c].actions and (CARDS[c].cards or CARDS[c].plus_coins)]
        terminal = [
            c for c in actions if not CARDS[c].actions and terminals < max(1, treasures // 10)
        ]
        if ok("Gold") and not any(action_score(c) >= 5 and c in terminal for c in terminal):
            return "buy:Gold"
        best = max([*free, *terminal], key=lambda c: (action_score(c), c), default=None)
        if best is not None and CARDS[best].cost.coins + 3 * CARDS[best].cost.potions >= 4:
            return f"buy:{best}"
        if ok("Duchy") and provinces <= 6:
            return "buy:Duchy"
        if (
            ok("Potion")
            and owned.get("Potion", 0) < 1
            and any(
                CARDS[k].cost.potions and CARDS[k].types & CardType.ACTION and action_score(k) >= 3
                for k in s.kingdom
            )
        ):
            return "buy:Potion"
        if ok("Silver"):
            return "buy:Silver"
        return "end"


def dearest_buy(state: GameState, decision: Decision, pick: str) -> str | None:
    """A beginner's buy: the dearest card it can afford, with no plan (never a Curse)."""
    buys = [i for i in decision.ids if i.startswith("buy:") and i != "buy:Curse"]
    if not buys:
        return None

    def dear(oid: str) -> tuple[int, str]:
        cost = CARDS[oid[4:]].cost
        return (cost.coins + 3 * cost.potions, oid)

    return max(buys, key=dear)


BEGINNER_SLIPS = 0.5  # the share of its buys a beginner makes without a plan


def make_beginner(seed: int = 0) -> Beginner:
    """The easy level: Big Money Ultimate, but half its buys are the dearest card it can
    afford."""
    base = StrategyBot(builtin_strategy("big-money-ultimate"), seed)
    return Beginner(base, dearest_buy, BEGINNER_SLIPS, seed)
