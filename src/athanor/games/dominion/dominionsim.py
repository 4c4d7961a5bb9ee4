"""Bots written for DominionSim (Geronimoo's Dominion simulator), read from its bot XML.

A DominionSim bot file is a ``<playerCollection>`` of ``<player name="...">`` elements. Each
player lists ``<buy name="CARD">`` rules in order, and each rule holds any number of
``<condition>`` elements, all of which must hold::

    <buy name="Smithy">
      <condition>
        <left type="countCardsInDeck" attribute="Smithy"/>
        <operator type="smallerThan"/>
        <right type="countCardTypeInDeck" attribute="Treasure"/>
        <extra_operation type="divideBy" attribute="11.0"/>
      </condition>
    </buy>

The extra operation applies to the right-hand side. With each Buy the bot takes the first rule
whose conditions hold, that it can afford and whose pile is not empty; when a card asks it to
gain a card, it takes the first rule's card it may gain, as DominionSim does. Nine more
questions are answered as DominionSim's cards answer them (``DISCARD_PRIORITY`` holds its
discard priorities of our cards, which are also its trash priorities but for a few):

- Cellar discards terminal Actions beyond the Actions left, other Cellars, then every card
  ranked up to Silver (Victory cards, Curses, Copper, Silver, Remodel), never more cards
  than are left to draw.
- Mine trashes the Treasure whose upgrade (the first buy rule's Treasure it may gain) comes
  earliest in the buy rules, of equal ones the least valued; with none, it is not played.
- Remodel trashes a card only for a gain (the first buy rule's card it may gain) ranked above
  it, and above what the hand would buy anyway unless trashing it leaves that the same; early
  (no Victory card owned but Estates) the least valued such card, later the one gaining the
  best card (a Gold into a Province). With none, Remodel is not played.
- Attacked by Militia, a bot discards terminal Actions beyond its one Action first, then by
  discard priority. Poacher's discards (one per empty pile) go the same way, counting the
  Actions left (with none left, any Action card goes first).
- Sentry trashes each card ranked no higher than Copper to trash (Copper, Curse, an Estate
  or Duchy unless a buy rule wants one now), discards one ranked up to Silver to discard
  (Victory cards, Silver, Harbinger), and an Action when the next Action to play is a
  terminal draw card with one Action left; the rest go back, the higher ranked on top.
- Throne Room plays another Throne Room first; else, of the Actions willing to be played,
  the one ranked highest to discard (a terminal one only with an Action left, or when every
  Action in hand is terminal); with no cards left to draw, rather one that draws none.
- Vassal plays the Action it discards only if that card is willing to be played.
- Harbinger, with no Action left to play, puts back the discard pile's card ranked highest
  to discard if above Copper; before a terminal draw card, the first Gold, Silver or Copper
  in the pile; otherwise nothing.

Every other question is answered by ``CardSense``; a rule's ``strategy`` attribute (a
card-specific way of playing in DominionSim) is read and not followed.

Actions are played as DominionSim plays them. Its bot files have no play rules: each card has
a play priority (lower goes first), and some cards change theirs with the situation or decline
to be played. At each Action the bot sorts the hand's Action cards by priority (cards of equal
priority in hand order) and plays the first that is willing; if none is, the Action phase ends.
``PLAY_PRIORITY`` holds DominionSim's priorities for our cards. These situational rules of its
cards are followed, in our own words:

- Smithy: plays early (6) with two or more Actions left.
- Council Room: 6 with two or more Actions left and cards left to draw, else 25.
- Library: 5 with exactly two Actions left when every Action in hand is a terminal one; it
  waits while three or more Actions are left and a trashing card is in hand.
- Moneylender: last (100) with no Copper in hand.
- Witch and Familiar: once the Curses are gone, Witch takes Moat's priority and Familiar
  one more than Apprentice's.
- Workshop: played only if a buy rule wants a card costing up to 4; first (1) with no draw
  pile, two or more Actions left and a card of DominionSim's "Cycler" kind in hand.
- Artisan: played only if a buy rule wants a card costing up to 5; with two or more Actions
  left and a Vassal in hand, just before the Vassal when the card it would gain is an Action.
- Golem: played only with cards left to draw. Mine: only when a Treasure in hand can
  become a different Treasure a buy rule wants. Remodel: only when it has a card to trash
  (above).
- Throne Room: first (0) beside another Throne Room, or when the rest of the hand holds
  exactly one Action (Library not counted) or exactly one non-terminal Action; played only
  with another Action in hand other than Chapel, Library or Throne Room.
- Vassal: first (1) when the bot knows the top card of its deck is an Action it would play
  from the discard pile: a non-terminal one, or any with two or more Actions left.
  Apothecary: 3 unless the top card is known. The top cards a bot knows, as DominionSim
  tracks them, are those it put there itself with Sentry or Harbinger and has not drawn
  since; a shuffle forgets them.

Not followed: Chapel, Transmute and Apprentice always play when their turn comes
(DominionSim first weighs what they would trash, by its trash priorities), and Smithy's and
Chapel's changes under a card ``strategy`` are not made, since those are not followed. Which
card Golem plays is left to ``CardSense``.

A bot is played only if every card it names is one Athanor has (the Base set, 2nd edition, and
Alchemy) and it keeps to DominionSim's usual start; otherwise it is refused with one line that
says why, naming the missing cards. Functions about things that never happen with these cards
(tokens, mats, Landmarks, Projects, Villagers) read 0, as they would in DominionSim.

The XML is read with expat from the standard library; entity declarations are refused, and a
file is at most ``MAX_XML`` bytes. Errors name the file and the line.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from xml.parsers import expat

from athanor.engine import Decision, GameState
from athanor.games.dominion.cards import CARDS, TREASURE_COINS, CardType
from athanor.games.dominion.rules import Weights
from athanor.games.dominion.strategy import (
    Cond,
    Rule,
    Strategy,
    StrategyBot,
    StrategyError,
)

MAX_XML = 1024 * 1024  # the same limit as any bot file (catalog.MAX_BOT_FILE)
MAX_DEPTH = 16  # a bot file nests five deep; deeper is not a bot file


class DominionSimError(StrategyError):
    """A DominionSim bot file that cannot be read, or a bot in it that cannot be played."""


# -- card names ------------------------------------------------------------------------


def _key(name: str) -> str:
    """A card name folded so that "Philosopher's Stone", "Philosopher$s_Stone" and
    "Philosophers_Stone" meet."""
    return re.sub(r"[\s_'$-]+", "", name).casefold()


_BY_KEY = {_key(n): n for n in CARDS}


def card_name(raw: str) -> str | None:
    """Our name for a DominionSim card name (an enum id such as ``Throne_Room`` or a printed
    name), or None if Athanor does not have the card."""
    return _BY_KEY.get(_key(raw))


def shown_name(raw: str) -> str:
    """A DominionSim card name as printed: ``Philosopher$s_Stone`` -> Philosopher's Stone."""
    return raw.strip().replace("_", " ").replace("$", "'")


# -- card kinds ------------------------------------------------------------------------

# DominionSim sorts cards into informal kinds beside the printed types; conditions may count
# them. Here is how our cards fall into them.
_INFORMAL: dict[str, frozenset[str]] = {
    "Terminal": frozenset(
        n
        for n, c in CARDS.items()
        if c.types & CardType.ACTION and c.actions == 0 and n not in ("Throne Room", "Golem")
    ),
    "Village": frozenset({"Village", "Festival", "University", "Golem"}),
    "Cycler": frozenset(
        {"Cellar", "Harbinger", "Merchant", "Poacher", "Laboratory", "Market", "Sentry"}
        | {"Village", "Apothecary", "Scrying Pool", "Alchemist", "Familiar", "Apprentice"}
    ),
    "Multiplier": frozenset({"Throne Room"}),
    "Trasher": frozenset({"Chapel", "Remodel", "Transmute", "Apprentice"}),
    "TrashForBenefit": frozenset({"Remodel", "Apprentice"}),
    "Card_Advantage": frozenset(
        {"Moat", "Smithy", "Council Room", "Library", "Laboratory", "Witch"}
        | {"Apothecary", "Scrying Pool", "Alchemist", "Golem", "Apprentice"}
    ),
    "Junk": frozenset({"Copper", "Estate", "Curse"}),
    "Base": frozenset(
        {"Copper", "Silver", "Gold", "Potion", "Estate", "Duchy", "Province", "Curse"}
    ),
}
_INFORMAL["Kingdom"] = frozenset(CARDS) - _INFORMAL["Base"]
_PRINTED = {
    "Action": CardType.ACTION,
    "Treasure": CardType.TREASURE,
    "Victory": CardType.VICTORY,
    "Curse": CardType.CURSE,
    "Attack": CardType.ATTACK,
    "Reaction": CardType.REACTION,
}
# Types DominionSim knows that no card of ours has: counting them gives 0.
_NONE_OF_OURS = frozenset(
    [
        "Event",
        "Prize",
        "Duration",
        "Looter",
        "Ruins",
        "Reserve",
        "Traveller",
        "Knight",
        "Shelter",
        "DominionDevelopment",
        "Gathering",
        "Castle",
        "Landmark",
        "Split_Pile",
        "Split_Pile_Bottom",
        "Night",
        "Fate",
        "Heirloom",
        "Boon",
        "Spirit",
        "Hex",
        "State",
        "Doom",
        "Project",
        "Way",
        "Ally",
        "Liaison",
        "NextTime",
        "Loot",
        "Prophecy",
        "Omen",
        "Command",
        "Shadow",
    ]
)


def _kind_weights(kind: str) -> Weights | None:
    if kind in _PRINTED:
        t = _PRINTED[kind]
        return Weights({n: 1 if c.types & t else 0 for n, c in CARDS.items()})
    if kind in _INFORMAL:
        members = _INFORMAL[kind]
        return Weights({n: 1 if n in members else 0 for n in CARDS})
    if kind in _NONE_OF_OURS:
        return Weights(dict.fromkeys(CARDS, 0))
    return None


KINDS = (*_PRINTED, *_INFORMAL, *sorted(_NONE_OF_OURS))

# "Total money in deck" counts each card's coins: a Treasure's, and an Action's +coins
# (Moneylender's conditional +3 is reckoned as 1).
_DECK_MONEY = Weights(
    {
        n: TREASURE_COINS.get(n, 0) + (1 if n == "Moneylender" else c.plus_coins)
        for n, c in CARDS.items()
    }
)


# -- the amounts a condition compares ----------------------------------------------------

Amount = Callable[[Any, int], float]


def _end_gains(s: Any) -> float:
    """Cards that must still be gained to end the game: the Provinces left, or the smallest
    piles that would empty the game's last piles, whichever is fewer."""
    piles = sorted(k for name, k in s.supply.items() if name != "Province")
    need = 4 if s.players >= 5 else 3
    return float(min(s.supply.get("Province", 0), sum(piles[:need])))


def _smallest_pile(s: Any) -> float:
    left = [k for k in s.supply.values() if k > 0]
    return float(min([10, *left]))


def _in_hand(card: str) -> Amount:
    treasure = bool(CARDS[card].types & CardType.TREASURE)

    def amount(s: Any, seat: int) -> float:
        # DominionSim plays every Treasure before it buys: in the Buy phase they are in play.
        if treasure and s.phase == "buy":
            return 0.0
        return float(s.hands[seat].count(card))

    return amount


def _in_play(card: str) -> Amount:
    treasure = bool(CARDS[card].types & CardType.TREASURE)

    def amount(s: Any, seat: int) -> float:
        n = s.plays[seat].count(card)
        if treasure and s.phase == "buy":
            n += s.hands[seat].count(card)
        return float(n)

    return amount


def _max_opponent_vp(s: Any, seat: int) -> float:
    return float(max([0, *(s.victory_points(o) for o in s.others(seat))]))


def _first_opponent_cards(s: Any, seat: int) -> float:
    others = s.others(seat)
    return float(s.card_total(others[0])) if others else 0.0


def _zero(s: Any, seat: int) -> float:
    return 0.0


# Functions by what they take: a card, a card kind, or nothing.
_OF_CARD: dict[str, Callable[[str], Amount]] = {
    "countCardsInDeck": lambda c: lambda s, seat: float(s.count(seat, c)),
    "countCardsInDeckNoMats": lambda c: lambda s, seat: float(s.count(seat, c)),
    "countCardsInSupply": lambda c: lambda s, seat: float(s.supply.get(c, 0)),
    "countCardsInHand": _in_hand,
    "countCardsInPlay": _in_play,
    "countCardsInOpponentsDecks": lambda c: (
        lambda s, seat: float(sum(s.count(o, c) for o in s.others(seat)))
    ),
}
_PLAIN: dict[str, Amount] = {
    "gainsNeededToEndGame": lambda s, seat: _end_gains(s),
    "countAllCardsInDeck": lambda s, seat: float(s.card_total(seat)),
    "countAvailableMoney": lambda s, seat: float(s.spendable_coins(seat)),
    "countTurns": lambda s, seat: float(s.turns[seat]),
    "isActionPhase": lambda s, seat: 0.0 if s.phase == "buy" else 1.0,
    "countEmptyPiles": lambda s, seat: float(s.empty_piles()),
    "countBuysLeft": lambda s, seat: float(s.buys),
    "getTotalMoney": lambda s, seat: float(s.tally(seat, _DECK_MONEY)),
    "getTotalMoneyExcludingMats": lambda s, seat: float(s.tally(seat, _DECK_MONEY)),
    "actionsLeft": lambda s, seat: float(s.actions),
    "countCardsLeftInDrawDeck": lambda s, seat: float(len(s.decks[seat]) + len(s.discards[seat])),
    "countCardsLeftInSmallestPile": lambda s, seat: _smallest_pile(s),
    "countAllCardsInOpponentsDeck": _first_opponent_cards,
    "countVP": lambda s, seat: float(s.victory_points(seat)),
    "countMAXOpponentVP": _max_opponent_vp,
}
# About things no game of our cards has (tokens, mats, Landmarks, Projects, Villagers,
# Coffers, Exile): always 0. Some name a card, which must then be one of ours too.
_ALWAYS_ZERO = frozenset(
    {
        "isPlusOneBuyTokenSet",
        "isPlusOneCardTokenSet",
        "isPlusOneActionTokenSet",
        "isPlusOneCoinTokenSet",
        "isMinus$2TokenSet",
        "isEstateTokenPlaced",
        "isTrashingTokenPlaced",
        "tokensOnDefiledShrine",
        "tokensOnBaths",
        "tokensOnTemple",
        "countOnTavernMat",
        "isSwampHagActive",
        "isTravellingFairActive",
        "countVPon",
        "countVillagers",
        "hasFlag",
        "hasBuiltProject",
        "doesNotSpendCoffers",
        "hasInvestedAlready",
        "countCardsInExile",
    }
)
# Functions Athanor cannot answer; a bot that uses one is refused, naming it.
_UNSUPPORTED = frozenset({"countGainedCards", "hasGained$5"})
_NEVER = "hasBoughtRush"  # Rush is an Event we lack: a condition on it never holds
FUNCTIONS = frozenset(
    {"constant", "countCardTypeInDeck", _NEVER, *_OF_CARD, *_PLAIN, *_ALWAYS_ZERO, *_UNSUPPORTED}
)

COMPARATORS: dict[str, Callable[[float, float], bool]] = {
    "equalTo": lambda a, b: a == b,
    "smallerThan": lambda a, b: a < b,
    "smallerOrEqualThan": lambda a, b: a <= b,
    "greaterThan": lambda a, b: a > b,
    "greaterOrEqualThan": lambda a, b: a >= b,
}
_SIGNS = {
    "equalTo": "==",
    "smallerThan": "<",
    "smallerOrEqualThan": "<=",
    "greaterThan": ">",
    "greaterOrEqualThan": ">=",
}


def _divide(a: float, b: float) -> float:
    """Division as Java's doubles do it: by zero gives an endless amount (or NaN for 0/0)."""
    if b:
        return a / b
    return math.copysign(math.inf, a) if a else math.nan


OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "plus": lambda a, b: a + b,
    "minus": lambda a, b: a - b,
    "multiplyWith": lambda a, b: a * b,
    "divideBy": _divide,
}


# -- reading the XML ---------------------------------------------------------------------


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Element] = field(default_factory=list)

    def all(self, tag: str) -> list[_Element]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> _Element | None:
        return next((c for c in self.children if c.tag == tag), None)


def _refuse_entities(*_: Any) -> None:
    raise DominionSimError("entity declarations are not allowed in a bot file")


def _read_tree(text: str, source: str) -> _Element:
    """The document as a small tree that keeps each element's line."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_XML:
        raise DominionSimError(f"{source}: larger than {MAX_XML:,} bytes")
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse_entities
    parser.ExternalEntityRefHandler = _refuse_entities  # type: ignore[assignment]
    root: list[_Element] = []
    stack: list[_Element] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = _Element(tag, attrs, parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(el)
        else:
            root.append(el)
        stack.append(el)
        if len(stack) > MAX_DEPTH:
            raise DominionSimError(f"elements nested deeper than {MAX_DEPTH}")

    def end(tag: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code else str(exc)
        raise DominionSimError(
            f"{source}, line {exc.lineno}: not well-formed XML ({reason})"
        ) from None
    except DominionSimError as exc:
        raise DominionSimError(f"{source}, line {parser.CurrentLineNumber}: {exc}") from None
    return root[0]


@dataclass(frozen=True)
class SimBot:
    """One DominionSim bot, read and translated (or refused: ``refusal`` says why)."""

    name: str
    author: str
    description: str
    types: frozenset[str]
    line: int
    rules: tuple[Rule, ...]
    refusal: str | None

    @property
    def playable(self) -> bool:
        """Whether Athanor can play this bot."""
        return self.refusal is None

    def strategy(self) -> Strategy:
        """The bot as a strategy (buy rules only), or the refusal as an error."""
        if self.refusal is not None:
            raise DominionSimError(self.refusal)
        words = self.description or f"DominionSim bot by {self.author or 'unknown'}"
        return Strategy(self.name, words, self.rules, ())


class _Refused(Exception):
    """A bot that reads well but cannot be played here; carries the reason."""


class _Reader:
    """Turns one ``<player>`` element into a SimBot."""

    def __init__(self, source: str, el: _Element) -> None:
        self.source = source
        self.el = el
        self.name = el.attrs.get("name", "").strip()
        self.missing: dict[str, None] = {}  # in order of first mention
        self.problems: list[str] = []

    def where(self, el: _Element) -> str:
        return f"{self.source}, line {el.line}"

    def card(self, raw: str | None, el: _Element, what: str) -> str:
        if raw is None or not raw.strip():
            raise DominionSimError(f"{self.where(el)}: {what} needs a card name")
        ours = card_name(raw)
        if ours is None:
            self.missing[shown_name(raw)] = None
            return ""
        return ours

    def read(self) -> SimBot:
        el = self.el
        if not self.name:
            raise DominionSimError(f"{self.where(el)}: a <player> needs a name")
        types = frozenset(t.attrs.get("name", "") for t in el.all("type"))
        rules: list[Rule] = []
        for buy in el.all("buy"):
            card = self.card(buy.attrs.get("name"), buy, "a <buy>")
            bane = buy.attrs.get("bane")
            if bane:
                self.card(bane, buy, "a bane")
            conds = [self.condition(c) for c in buy.all("condition")]
            if card:
                rules.append(Rule("buy", card, _all(conds), f"line {buy.line}"))
        for start in el.all("start_state"):
            for part in start.children:
                for item in (part.attrs.get("contents") or "").split(","):
                    item = re.sub(r"^\s*\d+\s+", "", item).strip()
                    if item:
                        self.card(item, part, "a start state")
            self.problems.append("starts from set cards (start_state), not the usual start")
        refusal = None
        if self.missing:
            refusal = (
                f'bot "{self.name}" needs cards Athanor does not have: {", ".join(self.missing)}'
            )
        elif self.problems:
            refusal = f'bot "{self.name}" {self.problems[0]}'
        elif not rules:
            refusal = f'bot "{self.name}" has no buy rules'
        return SimBot(
            self.name,
            el.attrs.get("author", ""),
            el.attrs.get("description", ""),
            types,
            el.line,
            tuple(rules),
            refusal,
        )

    def side(self, el: _Element | None, cond: _Element, which: str) -> Amount | None:
        """One side of a comparison; None when the condition can never hold."""
        if el is None:
            raise DominionSimError(f"{self.where(cond)}: a condition needs <{which}>")
        kind = el.attrs.get("type", "")
        attr = el.attrs.get("attribute")
        if kind not in FUNCTIONS:
            close = difflib.get_close_matches(kind, FUNCTIONS, n=2, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise DominionSimError(f"{self.where(el)}: unknown <{which}> type {kind!r}{hint}")
        if kind == "constant":
            try:
                value = float(attr or "")
            except ValueError:
                raise DominionSimError(
                    f"{self.where(el)}: a constant needs a number, not {attr!r}"
                ) from None
            return lambda s, seat: value
        if kind == "countCardTypeInDeck":
            weights = _kind_weights((attr or "").strip())
            if weights is None:
                close = difflib.get_close_matches(attr or "", KINDS, n=2, cutoff=0.6)
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                raise DominionSimError(f"{self.where(el)}: unknown card type {attr!r}{hint}")
            return lambda s, seat: float(s.tally(seat, weights))
        if kind in _UNSUPPORTED:
            self.problems.append(f"uses {kind} (line {el.line}), which Athanor cannot answer")
            return _zero
        if kind == _NEVER:
            return None
        if kind in _OF_CARD:
            card = self.card(attr, el, kind)
            return _OF_CARD[kind](card) if card else _zero
        if attr:  # a card named by a function that reads 0 must still be known
            self.card(attr, el, kind)
        if kind in _ALWAYS_ZERO:
            return _zero
        return _PLAIN[kind]

    def condition(self, el: _Element) -> Cond:
        left = self.side(el.first("left"), el, "left")
        right = self.side(el.first("right"), el, "right")
        op_el = el.first("operator")
        op = op_el.attrs.get("type", "") if op_el is not None else ""
        if op not in COMPARATORS:
            raise DominionSimError(
                f"{self.where(op_el or el)}: unknown operator {op!r}; "
                f"one of {', '.join(COMPARATORS)}"
            )
        compare = COMPARATORS[op]
        extra = el.first("extra_operation")
        how, by = OPERATIONS["plus"], 0.0
        if extra is not None:
            name = extra.attrs.get("type", "")
            if name not in OPERATIONS:
                raise DominionSimError(
                    f"{self.where(extra)}: unknown extra_operation {name!r}; "
                    f"one of {', '.join(OPERATIONS)}"
                )
            try:
                by = float(extra.attrs.get("attribute") or "")
            except ValueError:
                raise DominionSimError(
                    f"{self.where(extra)}: an extra_operation needs a number"
                ) from None
            how = OPERATIONS[name]
        if left is None or right is None:
            return _never
        lf, rf = left, right

        def cond(s: Any, seat: int) -> bool:
            return compare(lf(s, seat), how(rf(s, seat), by))

        cond.__doc__ = f"line {el.line}: left {_SIGNS[op]} right"
        return cond


def _never(s: Any, seat: int) -> bool:
    return False


def _all(conds: list[Cond]) -> Cond | None:
    """Every condition of a rule, joined; None for a rule without one."""
    if not conds:
        return None
    if len(conds) == 1:
        return conds[0]
    both = tuple(conds)

    def cond(s: Any, seat: int) -> bool:
        return all(c(s, seat) for c in both)

    return cond


@lru_cache(maxsize=32)
def read_bots(text: str, source: str = "<bots>") -> tuple[SimBot, ...]:
    """Every bot in a DominionSim bot file, in order; each either playable or refused.
    Kept per process, as a strategy file is (a simulation makes a bot per game)."""
    root = _read_tree(text, source)
    players = [root] if root.tag == "player" else root.all("player")
    if root.tag not in ("player", "playerCollection"):
        raise DominionSimError(
            f"{source}, line {root.line}: a DominionSim bot file starts with "
            f"<playerCollection> or <player>, not <{root.tag}>"
        )
    bots: list[SimBot] = []
    seen: set[str] = set()
    for el in players:
        bot = _Reader(source, el).read()
        if bot.name in seen:
            raise DominionSimError(f"{source}, line {el.line}: a second bot named {bot.name!r}")
        seen.add(bot.name)
        bots.append(bot)
    if not bots:
        raise DominionSimError(f"{source}: no <player> bots in the file")
    return tuple(bots)


# -- naming bots -------------------------------------------------------------------------


def split_name(name: str) -> tuple[str, str | None]:
    """``FILE.xml:BOT`` -> (FILE.xml, BOT); ``FILE.xml`` -> (FILE.xml, None)."""
    m = re.fullmatch(r"(?s)(.*?\.[xX][mM][lL]):(.*)", name)
    if m:
        return m.group(1), m.group(2).strip()
    return name, None


def listing(bots: tuple[SimBot, ...]) -> str:
    """The file's bots in words: those it can play, then those it cannot."""
    ok = [b.name for b in bots if b.playable]
    out = [f"bots Athanor can play: {', '.join(ok) if ok else 'none'}"]
    refused = [b for b in bots if not b.playable]
    if refused:
        out.append(f"{len(refused)} more that need cards or rules it lacks")
    return "; ".join(out)


def choose_bot(bots: tuple[SimBot, ...], wanted: str | None, source: str) -> SimBot:
    """The bot called ``wanted`` (or the only bot of a one-bot file)."""
    if wanted is None:
        if len(bots) == 1:
            return bots[0]
        raise DominionSimError(
            f"{source} holds {len(bots)} bots; name one as {source}:NAME. {listing(bots)}"
        )
    for b in bots:
        if b.name == wanted:
            return b
    folded = {b.name.casefold(): b for b in bots}
    if wanted.casefold() in folded:
        return folded[wanted.casefold()]
    close = difflib.get_close_matches(wanted, [b.name for b in bots], n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise DominionSimError(f"{source} has no bot {wanted!r}.{hint} Its {listing(bots)}")


# -- the bot -----------------------------------------------------------------------------


class DominionSimBot(StrategyBot):
    """A DominionSim bot: its buy rules for buying and for gaining, and, for bots of type
    ``AppliesPPR``, the penultimate Province rule (no second-to-last Province while behind
    when a Victory card it would buy instead puts it ahead)."""

    def __init__(self, bot: SimBot, seed: int = 0) -> None:
        super().__init__(bot.strategy(), seed)
        self.sim = bot
        self.ppr = "AppliesPPR" in bot.types
        self._victory = tuple((r.card, CARDS[r.card].vp) for r in bot.rules if CARDS[r.card].vp > 0)
        # The cards this bot itself last put on top of its deck (Sentry, Harbinger), top
        # first, the deck's size just after and the discard pile's, by seat: what
        # DominionSim's bots know of the top of their deck, kept from public counts only.
        self._tops: dict[int, tuple[list[str], int, int]] = {}

    def choose(self, state: GameState, decision: Decision) -> str:
        """Buy, gain and play by the bot's rules; Actions and Herbalist as DominionSim's
        cards do; other questions by plain sense."""
        s: Any = state
        if s.phase == "action" and decision.offers("end"):
            plays = [i[5:] for i in decision.ids if i.startswith("play:")]
            if plays:
                # The hand is the current player's (under Possession, the possessed one's);
                # buy rules are judged for the bot's own seat, as DominionSim does.
                pick = self.action_to_play(s, int(s.current), decision.seat, plays)
                return "end" if pick is None else "play:" + pick
        if not decision.offers("end") and not decision.offers("treasures"):
            gain = self._gain(state, decision)
            if gain is not None:
                return gain
            answer = self._card_answer(s, decision)
            if answer is not None:
                return answer
            herbalist = _herbalist(state, decision)
            if herbalist is not None:
                return herbalist
        return super().choose(state, decision)

    def action_to_play(self, s: Any, seat: int, judge: int, cards: list[str]) -> str | None:
        """The Action DominionSim would play from ``cards`` (the hand's Actions, in hand
        order), or None to end the Action phase. ``judge`` is the seat buy rules are read for."""
        ranked = sorted(cards, key=lambda c: self.play_priority(s, seat, judge, c))
        for card in ranked:
            if self.wants_to_play(s, seat, judge, card):
                return card
        return None

    def play_priority(self, s: Any, seat: int, judge: int, card: str) -> int:
        """DominionSim's play priority of ``card`` in this situation: lower plays first."""
        hand = s.hands[seat]
        actions = int(s.actions)
        if card == "Smithy" and actions > 1:
            return 6
        if card == "Council Room":
            return 6 if actions > 1 and (s.decks[seat] or s.discards[seat]) else 25
        if (
            card == "Library"
            and actions == 2
            and all(c in _TERMINAL for c in hand if c in _ACTIONS)
        ):
            return 5
        if card == "Moneylender" and "Copper" not in hand:
            return 100
        if card == "Witch" and not s.supply.get("Curse", 0):
            return PLAY_PRIORITY["Moat"]
        if card == "Familiar" and not s.supply.get("Curse", 0):
            return PLAY_PRIORITY["Apprentice"] + 1
        if (
            card == "Workshop"
            and not s.decks[seat]
            and actions > 1
            and any(c in _CYCLER for c in hand)
        ):
            return 1
        if card == "Throne Room":
            return _throne_priority(hand)
        if card == "Artisan" and actions > 1 and "Vassal" in hand:
            wanted = self._desired(s, judge, 5)
            if wanted is not None and wanted in _ACTIONS:
                return PLAY_PRIORITY["Vassal"] - 1
        if card == "Apothecary" and not self.known_tops(s, seat):
            return 3  # DominionSim's value when no card on top of the deck is known
        if card == "Vassal":
            known = self.known_tops(s, seat)
            if known and known[0] in _ACTIONS and (known[0] not in _TERMINAL or actions > 1):
                return 1  # it will play the known Action it reveals
        return PLAY_PRIORITY[card]

    def known_tops(self, s: Any, seat: int) -> list[str]:
        """The cards on top of ``seat``'s deck that the bot knows, top first: those it put
        there itself with Sentry or Harbinger and has not drawn since. Read from the sizes
        of the deck and the discard pile alone, never the deck's hidden order: a deck that
        grew, or a discard pile that shrank (a shuffle), forgets them."""
        memory = self._tops.get(seat)
        if memory is None:
            return []
        tops, size, discards = memory
        taken = size - len(s.decks[seat])
        if taken < 0 or taken >= len(tops) or len(s.discards[seat]) < discards:
            return []
        return tops[taken:]

    def _put_on_top(self, s: Any, seat: int, cards: list[str], from_discards: int = 0) -> None:
        """Remember ``cards`` (top first) as put on top of the deck, above what was known
        (``from_discards`` of them taken from the discard pile)."""
        known = self.known_tops(s, seat)
        after = len(s.discards[seat]) - from_discards
        self._tops[seat] = ([*cards, *known], len(s.decks[seat]) + len(cards), after)

    def wants_to_play(self, s: Any, seat: int, judge: int, card: str) -> bool:
        """Whether DominionSim's card would agree to be played now."""
        hand = s.hands[seat]
        if card == "Workshop":
            return self._desired(s, judge, 4) is not None
        if card == "Artisan":
            return self._desired(s, judge, 5) is not None
        if card == "Golem":
            return bool(s.decks[seat] or s.discards[seat])
        if card == "Mine":
            return any(self._mine_target(s, judge, c) for c in set(hand) if c in _TREASURES)
        if card == "Throne Room":
            return any(c in _ACTIONS and c not in _NOT_TWICE for c in hand)
        if card == "Library":
            return not (s.actions > 2 and any(c in _TRASHER for c in hand))
        if card == "Remodel":
            return self._remodel_pick(s, seat, judge, "Remodel") is not None
        return True

    def _card_answer(self, s: Any, decision: Decision) -> str | None:
        """Cellar's discards, Remodel's and Mine's trashing and a Militia victim's
        discards as DominionSim's cards decide them; None for other questions."""
        stack = getattr(s, "stack", None)
        if not stack:
            return None
        top = stack[-1]
        frame = type(top).__name__
        ids = decision.ids
        seat = decision.seat
        if frame == "PickFromHand" and top.why == "Cellar" and top.verb == "discard":
            pick = _cellar_discard(s, top.seat, top.count)
            return "done" if pick is None else "discard:" + pick
        if frame == "Remodel" and top.why == "Mine":
            hand = [i[6:] for i in ids if i.startswith("trash:")]
            pick = self._mine_pick(s, seat, hand)
            return "none" if pick is None else "trash:" + pick
        if frame == "Remodel" and top.why == "Remodel":
            pick = self._remodel_pick(s, top.seat, seat)
            if pick is None:  # played anyway (Throne Room's second play): the least valued
                cards = [i[6:] for i in ids if i.startswith("trash:")]
                pick = min(cards, key=lambda c: self._trash_priority(s, seat, c))
            return "trash:" + pick
        if frame == "Militia" and all(i.startswith("discard:") for i in ids):
            return "discard:" + _own_discard(s.hands[seat], 1)
        if frame == "PickFromHand" and top.why.startswith("Poacher") and top.verb == "discard":
            return "discard:" + _own_discard(s.hands[top.seat], int(s.actions))
        if frame == "Sentry":
            return self._sentry_answer(s, top.seat, ids)
        if frame == "ThroneRoom":
            pick = self._throne_pick(s, top.seat)
            return "none" if pick is None else "play:" + pick
        if frame == "Vassal":
            wanted = self.wants_to_play(s, top.seat, seat, top.card)
            return "play:" + top.card if wanted else "none"
        if frame == "Harbinger":
            pick = self._harbinger_pick(s, top.seat)
            if pick is None:
                return "none"
            self._put_on_top(s, top.seat, [pick], from_discards=1)
            return "topdeck:" + pick
        return None

    def _next_action(self, s: Any, seat: int) -> str | None:
        """The Action DominionSim would play next from the hand (its play order, the first
        willing to be played, Actions left or not), or None."""
        cards = [c for c in s.hands[seat] if c in _ACTIONS]
        ranked = sorted(cards, key=lambda c: self.play_priority(s, seat, seat, c))
        return next((c for c in ranked if self.wants_to_play(s, seat, seat, c)), None)

    def _sentry_answer(self, s: Any, seat: int, ids: tuple[str, ...]) -> str:
        """DominionSim's Sentry: trash a card it ranks no higher than Copper to trash (Copper,
        Curse, Estate unless a buy rule wants one now), discard one it ranks up to Silver to
        discard (Victory cards, Silver, Harbinger), discard an Action when the next Action to
        play is a terminal draw with one Action left; put back the rest, the higher ranked to
        discard on top."""
        tops = [i[4:] for i in ids if i.startswith("top:")]
        if tops:
            first = max(tops, key=DISCARD_PRIORITY.__getitem__)
            tops.remove(first)
            self._put_on_top(s, seat, [first, *tops])
            return "top:" + first
        card = next(i.partition(":")[2] for i in ids if i.startswith("back:"))
        answer = self._sentry_card(s, seat, card)
        frame = s.stack[-1]
        if frame.idx == len(frame.cards) - 1:  # the last card: what goes back is known
            back = [*frame.back, card] if answer == "back" else list(frame.back)
            if len(back) < 2 or back[0] == back[1]:  # put back without a question
                self._put_on_top(s, seat, back[::-1])
        return answer + ":" + card

    def _sentry_card(self, s: Any, seat: int, card: str) -> str:
        if self._trash_priority(s, seat, card) <= DISCARD_PRIORITY["Copper"]:
            return "trash"
        if DISCARD_PRIORITY[card] <= DISCARD_PRIORITY["Silver"]:
            return "discard"
        if card in _ACTIONS and int(s.actions) == 1:
            after = self._next_action(s, seat)
            if after in _TERMINAL and after in _CARD_ADVANTAGE:
                return "discard"
        return "back"

    def _throne_pick(self, s: Any, seat: int) -> str | None:
        """The Action DominionSim's Throne Room plays twice: another Throne Room at once;
        else, of the Actions willing to be played, the one it ranks highest to discard
        (terminal ones only with an Action left or when every Action in hand is terminal);
        with no cards left to draw, one that draws no cards if it can."""
        hand: list[str] = s.hands[seat]
        actions = [c for c in hand if c in _ACTIONS]
        ranked = sorted(actions, key=lambda c: self.play_priority(s, seat, seat, c))
        all_terminal = all(c in _TERMINAL for c in actions)
        best: str | None = None
        perhaps: str | None = None
        for card in ranked:
            if card == "Throne Room":
                return card
            if not self.wants_to_play(s, seat, seat, card):
                continue
            perhaps = card
            if card in _TERMINAL and not (int(s.actions) > 0 or all_terminal):
                continue
            if best is None or DISCARD_PRIORITY[card] > DISCARD_PRIORITY[best]:
                best = card
        if best is not None and best in _CARD_ADVANTAGE and not (s.decks[seat] or s.discards[seat]):
            others = [
                c
                for c in ranked
                if c not in _CARD_ADVANTAGE and self.wants_to_play(s, seat, seat, c)
            ]
            if others:
                best = max(others, key=DISCARD_PRIORITY.__getitem__)
        return best if best is not None else perhaps

    def _harbinger_pick(self, s: Any, seat: int) -> str | None:
        """The card DominionSim's Harbinger puts on the deck: with no Action left to play,
        the discard pile's card it ranks highest to discard, if above Copper; before a
        terminal draw card, the first Gold, Silver or Copper in the pile; else none."""
        pile: list[str] = s.discards[seat]
        after = self._next_action(s, seat)
        if after is None:
            best = max(pile, key=DISCARD_PRIORITY.__getitem__, default=None)
            if best is not None and DISCARD_PRIORITY[best] > DISCARD_PRIORITY["Copper"]:
                return best
            return None
        if after in _TERMINAL and after in _CARD_ADVANTAGE:
            return next((c for c in pile if c in ("Gold", "Silver", "Copper")), None)
        return None

    def _mine_pick(self, s: Any, seat: int, treasures: list[str]) -> str | None:
        """The Treasure DominionSim's Mine trashes: the one whose upgrade comes earliest
        in the buy rules (of equal ones, the lowest in its trash priorities)."""
        order = {card: i for i, (_, _, card) in reversed(list(enumerate(self._buy_rules)))}
        best: tuple[int, int] | None = None
        pick = None
        for card in treasures:
            cost = CARDS[card].cost
            wanted = self._desired(s, seat, cost.coins + 3, cost.potions, treasure=True)
            if wanted is None or wanted == card:
                continue
            rank = order.get(wanted, len(order))
            if best is None or (
                rank <= order.get(card, len(order)) and (rank, DISCARD_PRIORITY[card]) < best
            ):
                best, pick = (rank, DISCARD_PRIORITY[card]), card
        return pick

    def _trash_priority(self, s: Any, seat: int, card: str) -> int:
        """DominionSim's trash priority of a card for this bot (higher is kept longer):
        a Province is kept above all, a Curse first to go, an Estate or Duchy kept while a
        buy rule wants one now."""
        if card == "Province":
            return 60
        if card == "Curse":
            return 0
        if card in ("Estate", "Duchy") and self._wants_now(s, seat, card):
            return 35 if card == "Estate" else 40
        return DISCARD_PRIORITY[card]

    def _wants_now(self, s: Any, seat: int, card: str) -> bool:
        return any(c == card and (cond is None or cond(s, seat)) for _, cond, c in self._buy_rules)

    def _remodel_pick(self, s: Any, seat: int, judge: int, own: str = "") -> str | None:
        """The card DominionSim's Remodel trashes from ``seat``'s hand, or None when none is
        worth it: what it gains (the first buy rule's card it may) must rank above the card,
        and above what the hand would buy anyway, unless trashing the card leaves that
        unchanged. Early (no Victory card but Estates owned) the least valued such card
        goes; later the one that gains the best card. ``own`` names the card about to be
        played, still in the hand: one copy of it is not a candidate."""
        hand = s.hands[seat]
        coins = int(s.coins) + sum(TREASURE_COINS.get(c, 0) for c in hand)
        unused = self._desired(s, judge, coins, 99)
        tp = self._trash_priority
        picks: list[tuple[str, str]] = []
        for i, card in enumerate(list(hand)):
            if card == own:
                own = ""
                continue
            if any(card == c for c, _ in picks):
                continue
            cost = CARDS[card].cost
            del hand[i]  # judged without the card, as DominionSim does
            try:
                gain = self._desired(s, judge, cost.coins + 2, cost.potions)
                after = self._desired(s, judge, coins - TREASURE_COINS.get(card, 0), 99)
                good = gain is not None and tp(s, judge, gain) > tp(s, judge, card)
                if good and gain is not None and unused is not None:
                    good = tp(s, judge, gain) >= tp(s, judge, unused) or after == unused
            finally:
                hand.insert(i, card)
            if good and gain is not None:
                picks.append((card, gain))
        if not picks:
            return None
        early = not any(s.count(seat, v) for v in ("Province", "Duchy", "Gardens", "Vineyard"))
        best = picks[0]
        for card, gain in picks[1:]:
            if early:
                if tp(s, judge, card) < tp(s, judge, best[0]):
                    best = (card, gain)
            elif tp(s, judge, gain) > tp(s, judge, best[1]) or (
                tp(s, judge, gain) == tp(s, judge, best[1])
                and tp(s, judge, card) < tp(s, judge, best[0])
            ):
                best = (card, gain)
        return best[0]

    def _desired(
        self, s: Any, seat: int, coins: int, potions: int = 0, treasure: bool = False
    ) -> str | None:
        """The first buy rule's card costing at most ``coins`` and ``potions`` whose
        conditions hold and whose pile is not empty (not one that would end the game
        lost): the card DominionSim's cards that gain ask for."""
        supply = s.supply
        for _, condition, card in self._buy_rules:
            c = CARDS[card]
            if c.cost.coins > coins or c.cost.potions > potions:
                continue
            if treasure and not c.types & CardType.TREASURE:
                continue
            left = supply.get(card, 0)
            if left <= 0 or (condition is not None and not condition(s, seat)):
                continue
            if left == 1 and self._ends_game_losing(s, seat, card):
                continue
            return card
        return None

    def _mine_target(self, s: Any, seat: int, treasure: str) -> bool:
        """Whether the buy rules want a different Treasure for this one, costing up to 3 more."""
        cost = CARDS[treasure].cost
        wanted = self._desired(s, seat, cost.coins + 3, cost.potions, treasure=True)
        return wanted is not None and wanted != treasure

    def _gain(self, s: Any, decision: Decision) -> str | None:
        """The first rule's card that the decision offers to gain, as DominionSim picks."""
        offered = {i[5:] for i in decision.ids if i.startswith("gain:")}
        if not offered:
            return None
        seat = decision.seat
        for _, condition, card in self._buy_rules:
            if card not in offered:
                continue
            if condition is not None and not condition(s, seat):
                continue
            if s.supply.get(card, 0) == 1 and self._ends_game_losing(s, seat, card):
                continue
            return "gain:" + card
        return None

    def _buy(self, s: Any, seat: int, decision: Decision) -> str:
        choice = super()._buy(s, seat, decision)
        if self.ppr and choice == "buy:Province" and self._penultimate(s, seat):
            offers = decision.offers
            for oid, condition, card in self._buy_rules:
                if card == "Province" or not offers(oid):
                    continue
                if condition is None or condition(s, seat):
                    return oid
            return "end"
        return choice

    def _penultimate(self, s: Any, seat: int) -> bool:
        """Two Provinces left, and a rule's other Victory card would put this seat ahead
        of someone it trails: taking the second-to-last Province would hand them the end."""
        if s.supply.get("Province", 0) != 2:
            return False
        mine = s.victory_points(seat)
        for other in s.others(seat):
            theirs = s.victory_points(other)
            for card, vp in self._victory:
                if card != "Province" and s.supply.get(card, 0) and mine < theirs < mine + vp:
                    return True
        return False


# DominionSim's play priorities of our Action cards, as its card list gives them (the
# value before any situational change): at each Action its bots play the lowest first.
PLAY_PRIORITY: dict[str, int] = {
    "Sentry": 2,
    "Festival": 3,
    "Harbinger": 5,
    "Village": 5,
    "University": 5,
    "Merchant": 7,
    "Throne Room": 7,
    "Scrying Pool": 7,
    "Laboratory": 8,
    "Alchemist": 9,
    "Poacher": 10,
    "Market": 13,
    "Familiar": 15,
    "Cellar": 16,
    "Witch": 18,
    "Golem": 18,
    "Apothecary": 19,
    "Library": 20,
    "Apprentice": 20,
    "Possession": 22,
    "Moneylender": 23,
    "Bandit": 23,
    "Remodel": 24,
    "Mine": 24,
    "Smithy": 25,
    "Council Room": 25,
    "Vassal": 25,
    "Bureaucrat": 29,
    "Militia": 30,
    "Artisan": 30,
    "Moat": 33,
    "Transmute": 35,
    "Chapel": 37,
    "Workshop": 38,
    "Herbalist": 40,
}
_ACTIONS = frozenset(n for n, c in CARDS.items() if c.types & CardType.ACTION)
_TREASURES = frozenset(n for n, c in CARDS.items() if c.types & CardType.TREASURE)
_TERMINAL = _INFORMAL["Terminal"]
_CYCLER = _INFORMAL["Cycler"]
_TRASHER = _INFORMAL["Trasher"]
_CARD_ADVANTAGE = _INFORMAL["Card_Advantage"]
# Cards DominionSim's Throne Room does not count as something to play twice.
_NOT_TWICE = frozenset({"Throne Room", "Chapel", "Library"})


# DominionSim's discard priorities of our cards (its card list; lower goes first). Its
# trash priorities are the same numbers, save for a few cards (``_trash_priority``).
DISCARD_PRIORITY: dict[str, int] = {
    "Province": 7,
    "Vineyard": 7,
    "Duchy": 8,
    "Estate": 9,
    "Gardens": 9,
    "Curse": 10,
    "Copper": 15,
    "Harbinger": 16,
    "Cellar": 17,
    "Chapel": 18,
    "Remodel": 18,
    "Merchant": 19,
    "Transmute": 19,
    "Apprentice": 19,
    "Silver": 20,
    "Bureaucrat": 20,
    "Village": 21,
    "Moneylender": 21,
    "Herbalist": 21,
    "Potion": 22,
    "Workshop": 22,
    "Throne Room": 22,
    "Mine": 22,
    "Sentry": 22,
    "Moat": 23,
    "Vassal": 23,
    "Bandit": 23,
    "Gold": 24,
    "Smithy": 24,
    "Militia": 25,
    "Apothecary": 25,
    "University": 25,
    "Festival": 26,
    "Council Room": 27,
    "Artisan": 27,
    "Poacher": 30,
    "Library": 30,
    "Market": 30,
    "Philosopher's Stone": 30,
    "Scrying Pool": 35,
    "Laboratory": 40,
    "Witch": 40,
    "Alchemist": 40,
    "Familiar": 40,
    "Golem": 40,
    "Possession": 45,
}


def _discard_priority(card: str, actions: int) -> int:
    """A card's discard priority; with no Action left, any Action card goes first."""
    return 1 if actions < 1 and card in _ACTIONS else DISCARD_PRIORITY[card]


def _cellar_discard(s: Any, seat: int, done: int) -> str | None:
    """The next card DominionSim's Cellar discards, or None to stop: terminal Actions
    beyond the Actions left, other Cellars, then the hand's cards ranked up to Silver
    (Victory cards, Curses, Copper, Silver), never more than the cards left to draw."""
    hand: list[str] = s.hands[seat]
    if not hand or done >= len(s.decks[seat]) + len(s.discards[seat]) - done:
        return None
    actions = int(s.actions)
    extra = _extra_terminal(hand, actions)
    if extra is not None:
        return extra
    if "Cellar" in hand:
        return "Cellar"
    worst = min(hand, key=lambda c: _discard_priority(c, actions))
    return worst if _discard_priority(worst, actions) <= DISCARD_PRIORITY["Silver"] else None


def _extra_terminal(hand: list[str], actions: int) -> str | None:
    """The terminal Action DominionSim discards first when the hand holds more of them than
    ``actions`` lets it play (the lowest discard priority), else None."""
    terminals = [c for c in hand if c in _TERMINAL]
    if len(terminals) > actions:
        return min(terminals, key=lambda c: _discard_priority(c, actions))
    return None


def _own_discard(hand: list[str], actions: int) -> str:
    """The card DominionSim's bot discards from its hand: a terminal Action beyond the
    Actions left, else its lowest discard priority (with no Action left, any Action card
    first). In its own turn (Poacher) ``actions`` is the Actions left; attacked (Militia),
    1, the Action its next turn brings."""
    extra = _extra_terminal(hand, actions)
    if extra is not None:
        return extra
    return min(hand, key=lambda c: _discard_priority(c, actions))


def _throne_priority(hand: list[str]) -> int:
    """Throne Room's priority: first (0) beside another Throne Room, or when the rest of the
    hand has exactly one Action (not counting Library) or exactly one non-terminal one."""
    rest = list(hand)
    rest.remove("Throne Room")
    if "Throne Room" in rest:
        return 0
    actions = sum(1 for c in rest if c in _ACTIONS and c != "Library")
    non_terminal = sum(1 for c in rest if c in _ACTIONS and c not in _TERMINAL)
    if actions == 1 or non_terminal == 1:
        return 0
    return PLAY_PRIORITY["Throne Room"]


# DominionSim's discard priorities of the Treasures a Herbalist may put back (its card list);
# its Herbalist puts back a Treasure only if it ranks above Silver's 20, so never Silver.
_KEEP_PRIORITY = {"Philosopher's Stone": 30, "Gold": 24, "Potion": 22}


def _herbalist(state: Any, decision: Decision) -> str | None:
    """At Clean-up with a Herbalist's Treasure to put back (and no Alchemist to place), the
    choice DominionSim's Herbalist makes: the Treasure it ranks above Silver, else none. Our
    plain sense would put a Silver back too; DominionSim's bots are read as they play there.
    Of two such Treasures it takes the higher ranked (DominionSim takes the later played)."""
    stack = getattr(state, "stack", None)
    if not stack or type(stack[-1]).__name__ != "CleanupChoices":
        return None
    ids = decision.ids
    if "top:Alchemist" in ids or "done" not in ids:
        return None
    best = max(
        (i[8:] for i in ids if i.startswith("topdeck:") and i[8:] in _KEEP_PRIORITY),
        key=_KEEP_PRIORITY.__getitem__,
        default=None,
    )
    return "done" if best is None else "topdeck:" + best


def make_bot(text: str, source: str, seed: int = 0) -> DominionSimBot:
    """The bot that ``source`` (``FILE.xml:NAME`` or ``FILE.xml``) names in ``text``."""
    path, wanted = split_name(source)
    bot = choose_bot(read_bots(text, path), wanted, path)
    return DominionSimBot(bot, seed)
