"""The Desk of Elements and collecting recipes.

A recipe's requirements are met from two places: its elements from cards
lying on the Desk (a card counts as the element on its bottom; a card with
several elements counts as any one of them, M8; one Elemental Magma may
replace any one element, M9), and its collected recipes from any player's
collection or any step of a Great Work Sequence but the last (a *holding*).
Which cards are used is a sequence of single picks; a pick is offered only
if the rest can still be met, and a pick with one possible card is made
without a question (M6).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from athanor.engine import Decision, Frame, Option
from athanor.engine.text import list_words, plural
from athanor.games.potion_making.cards import Card, CardSet, CardType, Part

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState


class Holding(NamedTuple):
    """A collected recipe that may be used: whose it is and where it lies."""

    card: int
    owner: int
    seq: int  # -1: in the owner's collection; 0-2: a step of that Sequence
    slot: int  # the step's index in the Sequence (-1 in a collection)


def leave(s: PotionMakingState, frame: Frame) -> None:
    """Take a frame off the stack: the top one at once, else found by identity (a
    dataclass frame's == would compare fields)."""
    stack = s.stack
    if stack[-1] is frame:
        stack.pop()
    else:
        stack.remove(frame)


def holdings(s: PotionMakingState) -> list[Holding]:
    """Every collected recipe that may be taken: collections and Sequence steps but the last."""
    out: list[Holding] = []
    for o in range(len(s.names)):
        for r in s.collected[o]:
            out.append(Holding(r, o, -1, -1))
        for j, steps in enumerate(s.seqs[o]):
            last = len(steps) - 1
            for k in range(last):
                c = steps[k]
                if c >= 0:
                    out.append(Holding(c, o, j, k))
    return out


def locate(s: PotionMakingState, cid: int) -> Holding:
    """Where a collected recipe lies now."""
    for o, col in enumerate(s.collected):
        if cid in col:
            return Holding(cid, o, -1, -1)
    for o, seqs in enumerate(s.seqs):
        for j, steps in enumerate(seqs):
            if cid in steps:
                return Holding(cid, o, j, steps.index(cid))
    raise KeyError(cid)


def fits(cs: CardSet, part: Part, cid: int) -> bool:
    """Whether a collected recipe meets a recipe requirement (Universality: M10)."""
    t = cs.cards[cid].type
    if part.kind == "class":
        return part.names[0] in t.classes
    if t.name in part.names:
        return True
    return t.effect == "universality" and any(n in cs.simple for n in part.names)


def match_recipes(cs: CardSet, parts: tuple[Part, ...], hold: list[Holding]) -> bool:
    """Whether distinct holdings can meet every recipe requirement."""
    if not parts:
        return True
    first, rest = parts[0], parts[1:]
    for i, h in enumerate(hold):
        if fits(cs, first, h.card) and match_recipes(cs, rest, hold[:i] + hold[i + 1 :]):
            return True
    return False


def _cover(deficit: list[str], flex: list[tuple[str, ...]], wild: bool) -> int:
    """Cover missing elements with several-element cards or one Magma; return how many of
    those are left for 'any element' (-1 if they cannot be covered)."""
    if not deficit:
        return len(flex) + (1 if wild else 0)
    e, rest = deficit[0], deficit[1:]
    best = -1
    for i, f in enumerate(flex):
        if e in f:
            best = max(best, _cover(rest, flex[:i] + flex[i + 1 :], wild))
    if wild:
        best = max(best, _cover(rest, flex, False))
    return best


class DeskSummary:
    """The Desk's cards by what they can give: one element each (``plain``: how many cards
    give each element, none kept at 0), several, or Magma."""

    __slots__ = ("_cards", "_has", "_shown", "flex", "plain", "wild")

    def __init__(self, cs: CardSet, desk: list[int]) -> None:
        cards = cs.cards
        plain: dict[str, int] = {}
        flex: list[tuple[str, ...]] = []
        wild = 0
        for d in desk:
            c = cards[d]
            if c.wild:
                wild += 1
            elif len(c.elements) == 1:
                e = c.elements[0]
                plain[e] = plain.get(e, 0) + 1
            else:
                flex.append(c.elements)
        self.plain = plain
        self.flex = flex
        self.wild = wild
        self._shown: set[str] | None = None
        self._has: set[str] | None = None
        self._cards: list[int] = []  # the Desk it counts, for ``desk_summary``

    def copy(self) -> DeskSummary:
        """A summary of the same cards that may be changed on its own."""
        new = DeskSummary.__new__(DeskSummary)
        new.plain = dict(self.plain)
        new.flex = list(self.flex)
        new.wild = self.wild
        new._shown = None
        new._has = None
        new._cards = []
        return new

    def remove(self, c: Card) -> None:
        """Leave one card out (``add`` puts it back)."""
        self.take(c.elements, c.wild)

    def add(self, c: Card) -> None:
        """Count one more card."""
        self.put(c.elements, c.wild)

    def take(self, elements: tuple[str, ...], wild: bool) -> None:
        """Leave out one card with these elements (Magma if ``wild``), as ``remove``; the
        element sets kept stay while they are still right."""
        if wild:
            self.wild -= 1
            return
        if len(elements) == 1:
            e = elements[0]
            plain = self.plain
            n = plain[e] - 1
            if n:
                plain[e] = n
                return  # (the element is still there)
            del plain[e]  # (no count of 0 is kept: the keys are the elements there)
            if self._has is not None:
                self._has.discard(e)
        else:
            self.flex.remove(elements)
        self._shown = None

    def put(self, elements: tuple[str, ...], wild: bool) -> None:
        """Count one more card with these elements (Magma if ``wild``), as ``add``."""
        if wild:
            self.wild += 1
            return
        if len(elements) == 1:
            e = elements[0]
            self.plain[e] = self.plain.get(e, 0) + 1
            if self._has is not None:
                self._has.add(e)
        else:
            self.flex.append(elements)
        if self._shown is not None:
            self._shown.update(elements)

    def laid(self, cid: int, elements: tuple[str, ...], wild: bool) -> None:
        """Count card ``cid`` just laid on the Desk, so the kept summary stays up to date
        (as ``desk_summary`` would bring it at the next question)."""
        self.put(elements, wild)
        self._cards.append(cid)

    def shown(self) -> set[str]:
        """Every element on the Desk (Magma not counted)."""
        return set(self.there())

    def there(self) -> set[str]:
        """As ``shown``, but kept till the summary changes: read it, never change it."""
        out = self._shown
        if out is None:
            out = set(self.plain)
            for f in self.flex:
                out.update(f)
            self._shown = out
        return out

    def has(self) -> set[str]:
        """The elements a card of one element gives, kept till the summary changes: read it,
        never change it."""
        out = self._has
        if out is None:
            out = self._has = set(self.plain)
        return out

    def can_give(self, needs: tuple[str, ...] | list[str], anyk: int, wild_ok: bool) -> bool:
        """Whether the named elements plus ``anyk`` more can come from these cards."""
        plain = self.plain
        deficit = []
        used: dict[str, int] = {}
        for e in needs:
            n = plain.get(e, 0) - used.get(e, 0)
            if n > 0:
                used[e] = used.get(e, 0) + 1
            else:
                deficit.append(e)
        if not deficit and not anyk:
            return True
        left = _cover(deficit, self.flex, wild_ok and self.wild > 0)
        if left < 0:
            return False
        return anyk == 0 or sum(plain.values()) - len(needs) + len(deficit) + left >= anyk


def elements_ok(
    cs: CardSet, desk: list[int], needs: tuple[str, ...] | list[str], anyk: int, wild_ok: bool
) -> bool:
    """Whether these Desk cards can give the named elements plus ``anyk`` more."""
    return DeskSummary(cs, desk).can_give(needs, anyk, wild_ok)


def desk_summary(s: PotionMakingState) -> DeskSummary:
    """The summary of the Desk now, kept on the state from one question to the next (a
    clone starts without it): brought up to date with the cards laid since (and those
    taken, when they are few), else made again. Read it, never change it."""
    got = s._summary
    desk = s.desk
    if got is not None:
        seen = got._cards
        if desk == seen:  # (most often: nothing changed since)
            return got
        n = len(seen)
        if desk[:n] == seen:
            if len(desk) > n:
                table = desk_cards(s.cs)
                for d in desk[n:]:
                    _, els, wild = table[d]
                    got.put(els, wild)
                    seen.append(d)
            return got
        before = set(seen)  # (a card is in one place: ids on the Desk are distinct)
        now = set(desk)
        gone = before - now
        came = now - before
        if len(gone) + len(came) <= 8:
            table = desk_cards(s.cs)
            for d in gone:
                _, els, wild = table[d]
                got.take(els, wild)
            for d in came:
                _, els, wild = table[d]
                got.put(els, wild)
            got._cards = list(desk)
            return got
    got = s._summary = DeskSummary(s.cs, desk)
    got._cards = list(desk)
    return got


class Needs:
    """What collecting a recipe needs, made ready for quick checks: its named elements (and
    whether each is named once, with no "any element"), how many more elements of any
    kind, and for each collected recipe it needs, the names of the recipes that fit
    (``fits``: Universality stands for a simple elixir, M10)."""

    __slots__ = ("accepts", "anyk", "needs", "once", "picks")

    def __init__(self, cs: CardSet, t: CardType) -> None:
        self.picks = tuple(ElementPick.of(t, i) for i in range(len(t.element_parts)))
        self.needs = t.needs
        self.anyk = t.any_elements
        self.once = not t.any_elements and len(set(t.needs)) == len(t.needs)
        universal = frozenset(u.name for u in cs.types.values() if u.effect == "universality")
        accepts = []
        for p in t.recipe_parts:
            if p.kind == "class":
                accepts.append(cs.by_class.get(p.names[0], frozenset()))
            elif any(n in cs.simple for n in p.names):
                accepts.append(frozenset(p.names) | universal)
            else:
                accepts.append(frozenset(p.names))
        self.accepts = tuple(accepts)


class ElementPick(NamedTuple):
    """What picking the Desk card for element requirement ``i`` of a recipe asks: the element
    named ('' for any), the elements named after it and how many of any kind, and of the
    requirements from this one on, whether one is for any element, the elements named and
    how many there are."""

    named: str
    after: tuple[str, ...]
    any_after: int
    any_left: bool
    named_left: frozenset[str]
    left: int

    @classmethod
    def of(cls, t: CardType, i: int) -> ElementPick:
        """The pick for element requirement ``i`` of ``t``."""
        parts = t.element_parts
        part = parts[i]
        rest = parts[i + 1 :]
        return cls(
            part.names[0] if part.kind == "element" else "",
            tuple(p.names[0] for p in rest if p.kind == "element"),
            sum(1 for p in rest if p.kind == "any-element"),
            any(p.kind == "any-element" for p in parts[i:]),
            frozenset(p.names[0] for p in parts[i:] if p.kind == "element"),
            len(parts) - i,
        )


def meet(accepts: tuple[frozenset[str], ...], held: list[str]) -> bool:
    """Whether distinct collected recipes (by name) fit each of ``accepts`` (as
    ``match_recipes``)."""
    first = accepts[0]
    if len(accepts) == 1:  # (in C)
        return not first.isdisjoint(held)
    for a in accepts:  # (most often a need nothing held fits: no pairing to try)
        if a.isdisjoint(held):
            return False
    rest = accepts[1:]
    for i, n in enumerate(held):
        if n in first and (not rest or meet(rest, held[:i] + held[i + 1 :])):
            return True
    return False


@functools.lru_cache(maxsize=16)
def needs_table(
    cs: CardSet,
) -> tuple[tuple[Needs | None, ...], tuple[str, ...], dict[str, Needs]]:
    """Per card id, its recipe's ``Needs`` (None for a spell or Stone) and its name, and the
    ``Needs`` of each recipe by name; made once per card set (as many kept as card sets
    are, cards.load)."""
    by_type = {t.name: Needs(cs, t) for t in cs.types.values() if t.kind == "recipe"}
    return (
        tuple(by_type.get(c.type.name) for c in cs.cards),
        tuple(c.type.name for c in cs.cards),
        by_type,
    )


class Held:
    """The names of the collected recipes that may be taken (``held_names``), with the
    collections and Sequences they were read from, and which recipes' collected-recipe
    needs they meet (by recipe name, filled in as asked)."""

    __slots__ = ("collected", "met", "names", "seqs")

    def __init__(self, s: PotionMakingState, names: tuple[str, ...]) -> None:
        self.collected = [list(col) for col in s.collected]
        self.seqs = [[list(steps) for steps in seqs] for seqs in s.seqs]
        self.names = held_names(s, names)
        self.met: dict[str, bool] = {}


def held(s: PotionMakingState, names: tuple[str, ...]) -> Held:
    """The collected recipes that may be taken now, kept on the state while the
    collections and Sequences stay the same (a clone starts without them): read them,
    never change them."""
    got = s._held
    if got is None or got.collected != s.collected or got.seqs != s.seqs:
        got = s._held = Held(s, names)
    return got


def held_names(s: PotionMakingState, names: tuple[str, ...]) -> list[str]:
    """The names of every collected recipe that may be taken (as ``holdings``), given the
    names by card id."""
    out = [names[c] for col in s.collected for c in col]
    for seqs in s.seqs:
        if any(seqs):  # (none in Practice)
            for steps in seqs:
                for c in steps[:-1]:
                    if c >= 0:
                        out.append(names[c])
    return out


def recipe_choices(
    s: PotionMakingState, t: CardType, picked: list[int], hold: list[Holding]
) -> list[Holding]:
    """Holdings that may meet the next recipe requirement, the rest staying possible."""
    parts = t.recipe_parts
    i = len(picked)
    free = [h for h in hold if h.card not in picked]
    out = []
    for k, h in enumerate(free):
        if fits(s.cs, parts[i], h.card) and match_recipes(
            s.cs, parts[i + 1 :], free[:k] + free[k + 1 :]
        ):
            out.append(h)
    return out


def _without(s: PotionMakingState, picked: list[int]) -> DeskSummary:
    """A copy of the Desk's summary without the cards picked so far."""
    summary = desk_summary(s).copy()
    table = desk_cards(s.cs)
    for p in picked:
        _, els, wild = table[p]
        summary.take(els, wild)
    return summary


def element_choices(
    s: PotionMakingState, t: CardType, picked: list[int], summary: DeskSummary | None = None
) -> list[int]:
    """Desk cards (one per kind) that may meet the next element requirement (``summary``:
    the Desk's without the cards ``picked``, as ``_without`` makes it; changed and put
    back)."""
    table = desk_cards(s.cs)
    named, names, anyk, _, _, _ = needs_table(s.cs)[2][t.name].picks[len(picked)]
    wild_used = False
    for p in picked:
        wild_used = wild_used or table[p][2]
    if summary is None:
        summary = _without(s, picked)
    seen: set[str] = set()
    gives: dict[tuple[str, ...], bool] = {}  # by the elements of the card taken out
    out = []
    # The cards that may serve: showing the element named (any, for any element), or Magma
    # while none is used.
    serve, none = serving(s.cs)[wild_used]
    for d in filter(serve.get(named, none).__contains__, s.desk):
        key, els, wild = table[d]
        if key in seen or d in picked:
            continue
        seen.add(key)
        ok = gives.get(els)
        if ok is None:
            summary.take(els, wild)
            ok = gives[els] = summary.can_give(names, anyk, not wild_used and not wild)
            summary.put(els, wild)
        if ok:
            out.append(d)
    return out


@functools.lru_cache(maxsize=16)
def serving(
    cs: CardSet,
) -> tuple[tuple[dict[str, frozenset[int]], frozenset[int]], ...]:
    """The card ids that may serve an element requirement, by the element named ('' for
    any element), and those for an element no card shows: with Magma still free to use,
    and without (as many kept as card sets are, cards.load)."""
    magma = frozenset(c.id for c in cs.cards if c.wild)
    plain = frozenset(c.id for c in cs.cards if not c.wild)
    shows: dict[str, set[int]] = {}
    for c in cs.cards:
        if not c.wild:
            for e in c.elements:
                shows.setdefault(e, set()).add(c.id)
    without = {e: frozenset(ids) for e, ids in shows.items()}
    without[""] = plain
    return ({e: ids | magma for e, ids in without.items()}, magma), (without, frozenset())


@functools.lru_cache(maxsize=16)
def key_ids(cs: CardSet) -> dict[str, frozenset[int]]:
    """The card ids of each key (copies alike in all but their ids), made once per card set
    (as many kept as card sets are, cards.load)."""
    out: dict[str, set[int]] = {}
    for c in cs.cards:
        out.setdefault(c.key, set()).add(c.id)
    return {k: frozenset(ids) for k, ids in out.items()}


@functools.lru_cache(maxsize=16)
def desk_cards(cs: CardSet) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    """Per card id, its key, its elements and whether it is Magma (as many kept as card sets
    are, cards.load)."""
    return tuple((c.key, c.elements, c.wild) for c in cs.cards)


# -- carrying it out ----------------------------------------------------------------


def take_holding(s: PotionMakingState, h: Holding, keep_mark: bool = False) -> None:
    """A holding leaves its place; its components go back to the Desk (M12)."""
    if h.seq < 0:
        s.collected[h.owner].remove(h.card)
    else:
        from athanor.games.potion_making.rules import TAKEN

        s.seqs[h.owner][h.seq][h.slot] = TAKEN
    parts = s.under.pop(h.card, None)
    if parts is not None:
        s.desk.extend(parts[0])
        s.desk.extend(parts[1])
    if not keep_mark:
        s.magma.discard(h.card)


def gift(
    s: PotionMakingState, seat: int, taken: list[Holding], points: int
) -> list[tuple[int, int]]:
    """Pay each other player whose recipe was taken: half the points, rounded down, once per
    player per play (M11, M12); nothing for Universality or a Magma recipe (M9, M10).
    Returns (seat, points) for each player paid."""
    cs = s.cs
    owed: dict[int, bool] = {}
    for h in taken:
        if h.owner == seat:
            continue
        free = cs.cards[h.card].type.effect == "universality" or h.card in s.magma
        owed[h.owner] = owed.get(h.owner, False) or not free
    if not owed:
        return []
    from athanor.games.potion_making.spells import full_pay

    paid = []
    for o, pay in owed.items():
        got = (points if full_pay(s, o) else points // 2) if pay else 0
        s.scores[o] += got
        paid.append((o, got))
    return paid


def gift_tail(s: PotionMakingState, paid: list[tuple[int, int]], viewer: int | None) -> str:
    """ "; Bo scores 3 points" as ``viewer`` reads it ("; you score 3 points" for Bo)."""
    if not paid:
        return ""
    return "; " + list_words([s.scores_words(o, got, viewer) for o, got in paid])


def holding_words(s: PotionMakingState, h: Holding, viewer: int | None, actor: int = -1) -> str:
    """ "your Elixir of Fire", "Bo's Elixir of Fire", "Bo's Elixir of Fire (Sequence 2, step
    1)", as ``viewer`` reads it; the ``actor``'s own cards are "their own" to others."""
    name = s.cs.cards[h.card].name
    if h.owner == viewer:
        who = "your"
    elif h.owner == actor:
        who = "their own"
    else:
        who = f"{s.names[h.owner]}'s"
    if h.seq < 0:
        return f"{who} {name}"
    return f"{who} {name} (Sequence {h.seq + 1}, step {h.slot + 1})"


def collect(s: PotionMakingState, seat: int, rid: int, picked: list[int], els: list[int]) -> None:
    """Collect a recipe from the hand with these holdings and Desk cards (play types 2 and 3)."""
    cs = s.cs
    t = cs.cards[rid].type
    taken = [locate(s, c) for c in picked]
    s.from_hand(seat, rid)
    paid = gift(s, seat, taken, t.points)  # before the marks go with the taking
    for h in taken:
        take_holding(s, h)
    for d in els:
        s.desk.remove(d)
    s.collected[seat].append(rid)
    s.under[rid] = (tuple(picked), tuple(els))
    magma = any(cs.cards[d].wild for d in els)
    if magma:
        s.magma.add(rid)
    s.scores[seat] += t.points
    if s.log is not None:
        els_words = [s.words(d, element=True) for d in els]
        what = t.name

        def line(v: int | None) -> str:
            parts = [holding_words(s, h, v, seat) for h in taken] + els_words
            return (
                f"{s.does(seat, v, 'collect', 'collects')} {what} from {list_words(parts)}: "
                f"{plural(t.points, 'point')}{gift_tail(s, paid, v)}."
            )

        s.say_each("collect", line, [seat, *(o for o, _ in paid)])
    if t.effect:  # (a recipe without one has nothing to run)
        from athanor.games.potion_making.spells import on_collect

        on_collect(s, seat, rid)


def gift_words(s: PotionMakingState, seat: int, h: Holding, points: int) -> str:
    """What taking this holding would pay its owner, in words ('' for your own)."""
    if h.owner == seat:
        return ""
    from athanor.games.potion_making.spells import full_pay

    free = s.cs.cards[h.card].type.effect == "universality" or h.card in s.magma
    got = 0 if free else points if full_pay(s, h.owner) else points // 2
    return f": they score {plural(got, 'point') if got else 'nothing'}"


def made_from(s: PotionMakingState, r: int) -> str:
    """What lies under a collected recipe: "made from Love Potion and Bloodstone" ('' for
    nothing)."""
    recipes, elements = s.under.get(r, ((), ()))
    parts = [s.cs.cards[c].name for c in recipes] + [s.cs.cards[c].bottom for c in elements]
    return f", made from {list_words(parts)}" if parts else ""


def tell_apart(s: PotionMakingState, items: list[tuple[int, str]]) -> list[str]:
    """Labels for collected recipes (card id, label), told apart where two would read the
    same: by the element on the card's bottom, else by what lies under it (where that
    differs). Labels still alike after that are the same choice in all but the card."""
    out = [label for _, label in items]
    cards = s.cs.cards

    def bottom(c: int) -> str:
        return f" ({cards[c].bottom})"

    def under(c: int) -> str:
        return made_from(s, c)

    for extra in (bottom, under):
        groups: dict[str, set[str]] = {}
        for (c, _), label in zip(items, out, strict=True):
            groups.setdefault(label, set()).add(extra(c))
        out = [
            label + extra(c) if len(groups[label]) > 1 else label
            for (c, _), label in zip(items, out, strict=True)
        ]
    return out


def holding_options(
    s: PotionMakingState, seat: int, hold: list[Holding], points: int
) -> list[Option]:
    """One option per distinct holding: ``recipe:ID``."""
    seen: set[tuple[int, int, str, bool]] = set()
    items = []
    gifts = []
    for h in hold:
        k = (h.owner, h.seq, s.cs.cards[h.card].key, h.card in s.magma)
        if k in seen:
            continue
        seen.add(k)
        words = holding_words(s, h, seat)
        items.append((h.card, words[0].upper() + words[1:]))
        gifts.append(gift_words(s, seat, h, points))
    labels = tell_apart(s, items)
    return [
        Option(f"recipe:{c}", label + gift)
        for (c, _), label, gift in zip(items, labels, gifts, strict=True)
    ]


PLACES = ("first", "second", "third", "fourth", "fifth", "sixth")


@functools.lru_cache(maxsize=16)
def desk_options(cs: CardSet) -> tuple[tuple[Option, Option], ...]:
    """Per card id, a Desk card as the answer to "which Desk card gives ...": by its name
    alone, and as its name and bottom ("Elixir of Flight as Quintessence of Will"), made
    once per card set (as many kept as card sets are, cards.load)."""
    return tuple(
        (Option(f"desk:{c.key}", c.name), Option(f"desk:{c.key}", f"{c.name} as {c.bottom}"))
        for c in cs.cards
    )


def recipe_prompt(t: CardType, part: Part, done: int) -> str:
    """ "Your Dragon needs collected Elixir of Strength: which one?"; for a need said twice,
    which of them this is ("the first of 2 collected Great Elixirs"), ``done`` recipes
    having been picked."""
    n = t.recipe_parts.count(part)
    if n == 1:
        return f"Your {t.name} needs {part.plain()}: which one?"
    done = t.recipe_parts[:done].count(part)
    what = f"{n} collected {part.names[0]}s" if part.kind == "class" else part.plain()
    return f"Your {t.name} needs {what}: which is the {PLACES[done]}?"


def element_prompt(t: CardType, part: Part, done: int) -> str:
    """ "Your Elixir of Strength needs Bloodstone: which Desk card?"; for any element, which
    of them this is ("the first of any 2 elements"), ``done`` Desk cards having been
    picked."""
    if part.kind == "element":
        return f"Your {t.name} needs {part.names[0]}: which Desk card?"
    n = t.any_elements
    if n == 1:
        return f"Your {t.name} needs any element: which Desk card?"
    done = sum(1 for p in t.element_parts[:done] if p.kind == "any-element")
    return f"Your {t.name} needs any {n} elements: which Desk card gives the {PLACES[done]}?"


@dataclass
class Brew(Frame):
    """Collect a recipe from the hand: pick its collected recipes, then its Desk elements."""

    seat: int
    card: int
    recipes: list[int] = field(default_factory=list)
    elements: list[int] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        t = s.cs.cards[self.card].type
        # A pick with nothing to choose is made here and the next part asked at once.
        while len(self.recipes) < len(t.recipe_parts):
            part = t.recipe_parts[len(self.recipes)]
            hold = holdings(s)
            choices = recipe_choices(s, t, self.recipes, hold)
            rest = t.recipe_parts[len(self.recipes) :]
            usable = {
                h.card
                for h in hold
                if h.card not in self.recipes and any(fits(s.cs, p, h.card) for p in rest)
            }
            if len(usable) == len(rest):  # every one of them is needed: nothing to choose
                self.recipes.append(choices[0].card)
                continue
            opts = holding_options(s, self.seat, choices, t.points)
            if len(opts) == 1:
                self.choose(s, opts[0].id)
                continue
            prompt = functools.partial(recipe_prompt, t, part, len(self.recipes))
            return Decision(self.seat, prompt, tuple(opts))
        while len(self.elements) < len(t.element_parts):
            part = t.element_parts[len(self.elements)]
            summary = _without(s, self.elements)
            picks = element_choices(s, t, self.elements, summary)
            if len(picks) == 1 or self._all_needed(s, t, summary):
                self.elements.append(picks[0])
                continue
            # The card named alone when it shows just the element asked for.
            named = part.kind == "element"
            table = desk_options(s.cs)
            cards = s.cs.cards
            return Decision(
                self.seat,
                functools.partial(element_prompt, t, part, len(self.elements)),
                tuple([table[d][not named or cards[d].elements != part.names] for d in picks]),
            )
        leave(s, self)
        collect(s, self.seat, self.card, self.recipes, self.elements)
        return None

    def _all_needed(self, s: PotionMakingState, t: CardType, summary: DeskSummary) -> bool:
        """Every Desk card that could serve the elements still needed will be used
        (``summary``: the Desk's without the cards picked so far)."""
        _, _, _, anything, named, left = needs_table(s.cs)[2][t.name].picks[len(self.elements)]
        plain = summary.plain
        if anything:
            usable = sum(plain.values()) + len(summary.flex)
        else:
            usable = sum([plain.get(e, 0) for e in named])
            usable += sum([1 for f in summary.flex if not named.isdisjoint(f)])
        if summary.wild:
            cards = s.cs.cards
            if not any(cards[d].wild for d in self.elements):
                usable += 1  # one Magma at most
        return usable == left

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionMakingState = state
        verb, _, arg = option_id.partition(":")
        if verb == "recipe":
            self.recipes.append(int(arg))
            return
        elements = self.elements
        for d in filter(key_ids(s.cs)[arg].__contains__, s.desk):  # (sifted in C)
            if d not in elements:
                elements.append(d)
                return
        raise KeyError(f"no {arg} on the Desk")  # (cannot happen: options name Desk cards)
