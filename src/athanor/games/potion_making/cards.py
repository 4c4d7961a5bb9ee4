"""Potion-Making's cards as data: the card data format, its loader and its checker.

A card data file has three sections (the format is documented in
docs/potion-making-cards.md): ``@elements`` (the elements, one a line, with the
role ``wild`` for Elemental Magma), ``@cards`` (one line per card: deck, name,
kind, points, requirements, classes, effect, the bottom element of each copy,
whether it is published or reconstructed, and a note) and ``@sequences`` (one
line per Great Work Sequence: its Sequence card and its seven steps with their
points). ``check`` reports every problem with the file name, the line and the
card; ``load`` refuses a file with problems (``ConfigError``).
"""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from athanor.engine import ConfigError
from athanor.engine.reading import read_bounded
from athanor.engine.text import list_words

DECKS = ("Practice", "Guild", "University")
# What each mode plays with; --option expansions=... picks one.
MODES: dict[str, tuple[str, ...]] = {
    "practice": ("Practice",),
    "guild": ("Practice", "Guild"),
    "guild,university": ("Practice", "Guild", "University"),
}
# The decks a card's requirements may draw on: a deck is never played without those before it.
SCOPE = {"Practice": ("Practice",), "Guild": ("Practice", "Guild"), "University": DECKS}
KINDS = ("recipe", "spell", "stone")
TIMES = {2: "twice", 3: "three times"}
SOURCES = ("published", "reconstructed")
CARD_FIELDS = (
    "deck",
    "name",
    "kind",
    "points",
    "requires",
    "classes",
    "effect",
    "bottoms",
    "source",
)
BUILTIN = Path(__file__).parent / "data" / "cards.tsv"
# A card data file of 10,000 kinds of card is under 1 MB; the built-in one is about 20 KB.
MAX_CARD_FILE_BYTES = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Part:
    """One requirement of a recipe.

    ``kind`` is ``element`` (``names`` holds the element), ``any-element``,
    ``recipe`` (a collected recipe with one of ``names``) or ``class`` (any
    collected recipe of the class ``names[0]``).
    """

    kind: str
    names: tuple[str, ...] = ()

    def words(self) -> str:
        """The requirement as the data file writes it."""
        if self.kind == "element":
            return self.names[0]
        if self.kind == "any-element":
            return "any element"
        if self.kind == "class":
            return f"any [{self.names[0]}]"
        return "[" + " / ".join(self.names) + "]"

    def plain(self) -> str:
        """The requirement in spoken words: "Fiery Light", "any element", "collected
        Elixir of Fire", "collected Powder of Fate or Powder of Life", "any collected Great
        Elixir"."""
        if self.kind == "element":
            return self.names[0]
        if self.kind == "any-element":
            return "any element"
        if self.kind == "class":
            return f"any collected {self.names[0]}"
        return "collected " + " or ".join(self.names)


@dataclass(frozen=True, eq=False)
class CardType:
    """What is printed on the top half of a card: a recipe, a spell or a Philosopher's Stone."""

    name: str
    deck: str
    kind: str
    points: int
    parts: tuple[Part, ...]
    classes: frozenset[str]
    effect: str
    bottoms: tuple[tuple[str, ...], ...]  # the bottom element(s) of each copy
    source: str
    note: str
    line: int

    # Derived once (see __post_init__): what the hot paths ask for.
    simple: bool = field(init=False)
    element_parts: tuple[Part, ...] = field(init=False)  # met from the Desk
    recipe_parts: tuple[Part, ...] = field(init=False)  # met by collected recipes
    needs: tuple[str, ...] = field(init=False)  # the named elements
    any_elements: int = field(init=False)  # how many "any element" requirements

    def __post_init__(self) -> None:
        parts = self.parts
        put = object.__setattr__
        put(self, "element_parts", tuple(p for p in parts if p.kind in ("element", "any-element")))
        put(self, "recipe_parts", tuple(p for p in parts if p.kind in ("recipe", "class")))
        put(self, "needs", tuple(p.names[0] for p in parts if p.kind == "element"))
        put(self, "any_elements", sum(1 for p in parts if p.kind == "any-element"))
        # A simple elixir: a recipe of exactly two named elements.
        put(self, "simple", self.kind == "recipe" and len(parts) == 2 and len(self.needs) == 2)

    def requires_words(self) -> str:
        """The requirements as the data file writes them."""
        return " + ".join(p.words() for p in self.parts)

    def needs_words(self) -> str:
        """The requirements in spoken words, alike ones said once with their count and
        "collected" said once: "Fiery Light and Astral Energy", "any 2 elements", "2 collected
        Great Elixirs", "Belladonna and collected Elixir of Nigredo", "collected Elixir of
        Strength and Powder of Control or Powder of Life"."""
        counts: dict[Part, int] = {}
        for p in self.parts:
            counts[p] = counts.get(p, 0) + 1
        out: list[str] = []
        recipes: list[str] = []
        for p, n in counts.items():
            times = "" if n == 1 else " " + TIMES.get(n, f"{n} times")
            if p.kind == "element":
                out.append(p.names[0] + times)
            elif p.kind == "any-element":
                out.append("any element" if n == 1 else f"any {n} elements")
            elif p.kind == "class":
                recipes.append(f"any {p.names[0]}" if n == 1 else f"{n} {p.names[0]}s")
            else:
                recipes.append(" or ".join(p.names) + times)
        if len(recipes) == 1 and self.recipe_parts[0].kind == "class":
            # "any collected Great Elixir", "2 collected Great Elixirs"
            head, _, rest = recipes[0].partition(" ")
            out.append(f"{head} collected {rest}")
        elif recipes:
            recipes.sort(key=lambda r: " or " in r)  # a choice last: "A and B or C"
            out.append("collected " + list_words(recipes))
        return list_words(out)


@dataclass(frozen=True, eq=False)
class Card:
    """One physical card: a top (its type) and the element(s) printed on its bottom."""

    id: int
    type: CardType
    elements: tuple[str, ...]
    wild: bool
    # The name, or "Name/Element" where copies differ in their bottoms: copies with the same
    # key are interchangeable.
    key: str

    @property
    def name(self) -> str:
        """The name on its top half."""
        return self.type.name

    @property
    def bottom(self) -> str:
        """Its element(s) in words: "Fiery Light", "Astral Energy or Ether Waves"."""
        return " or ".join(self.elements)


@dataclass(frozen=True)
class Sequence:
    """A Great Work Sequence: six recipes, then the Philosopher's Stone, each with its points."""

    card: str
    number: int  # 1-3 on its card
    steps: tuple[tuple[str, int], ...]
    line: int

    @property
    def stone(self) -> str:
        """The Philosopher's Stone that completes it."""
        return self.steps[-1][0]

    def title(self) -> str:
        """How narration names it."""
        return f"the {self.card} Sequence {self.number}"


@dataclass(frozen=True)
class SequenceCard:
    """A Great Work Sequence card: three Sequences a player may collect."""

    name: str
    sequences: tuple[Sequence, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a card data file."""

    line: int
    card: str
    message: str

    def text(self, path: str) -> str:
        """``FILE:LINE: CARD: message``."""
        return f"{path}:{self.line}: {self.card}: {self.message}"


@dataclass(eq=False)
class CardSet:
    """A loaded, checked card data file. Shared by every game that uses it; never changed."""

    path: str
    elements: tuple[str, ...]
    wild: frozenset[str]
    types: dict[str, CardType]
    cards: tuple[Card, ...]
    sequence_cards: tuple[SequenceCard, ...]
    by_class: dict[str, frozenset[str]] = field(default_factory=dict)
    simple: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        classes: dict[str, set[str]] = {}
        for t in self.types.values():
            for c in t.classes:
                classes.setdefault(c, set()).add(t.name)
        self.by_class = {c: frozenset(n) for c, n in classes.items()}
        self.simple = frozenset(t.name for t in self.types.values() if t.simple)
        self.deck_ids = {d: tuple(c.id for c in self.cards if c.type.deck == d) for d in DECKS}
        self.sequences = tuple(s for sc in self.sequence_cards for s in sc.sequences)

    def ids_for(self, decks: Iterable[str]) -> list[int]:
        """Every card of these decks."""
        return [i for d in decks for i in self.deck_ids[d]]

    def stone_sequences(self, stone: str) -> list[Sequence]:
        """The Sequences a Stone completes."""
        return [s for s in self.sequences if s.stone == stone]


# -- parsing ------------------------------------------------------------------------

_STEP = re.compile(r"^(.*\S)\s*\((\d+)\)$")


def _close(name: str, known: Iterable[str]) -> str:
    near = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {near[0]}?)" if near else ""


def _parse_part(text: str) -> Part | str:
    """A requirement, or the reason it cannot be read."""
    t = text.strip()
    if not t:
        return "an empty requirement (two '+' in a row?)"
    if t.lower() == "any element":
        return Part("any-element")
    m = re.fullmatch(r"any\s*\[([^\[\]]+)\]", t)
    if m:
        return Part("class", (m.group(1).strip(),))
    m = re.fullmatch(r"\[([^\[\]]+)\]", t)
    if m:
        names = tuple(n.strip() for n in m.group(1).split("/"))
        if any(not n for n in names):
            return f"an empty name inside {t}"
        return Part("recipe", names)
    if "[" in t or "]" in t:
        return f"cannot read the requirement {t!r}"
    return Part("element", (t,))


@dataclass
class _Raw:
    """What the first pass read, before cross-checks."""

    elements: dict[str, int] = field(default_factory=dict)  # name -> line
    wild: set[str] = field(default_factory=set)
    types: dict[str, CardType] = field(default_factory=dict)
    sequences: list[Sequence] = field(default_factory=list)
    seq_sources: dict[int, str] = field(default_factory=dict)


def _read(text: str, problems: list[Problem]) -> _Raw:
    raw = _Raw()
    section = ""
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("@"):
            section = line.strip()[1:]
            if section not in ("elements", "cards", "sequences"):
                problems.append(
                    Problem(
                        no, line.strip(), "unknown section; use @elements, @cards or @sequences"
                    )
                )
            continue
        fields = [f.strip() for f in line.split("\t")]
        if section == "elements":
            _read_element(raw, no, fields, problems)
        elif section == "cards":
            _read_card(raw, no, fields, problems)
        elif section == "sequences":
            _read_sequence(raw, no, fields, problems)
        else:
            problems.append(
                Problem(no, fields[0], "a line before any section (@elements, @cards, @sequences)")
            )
    return raw


def _read_element(raw: _Raw, no: int, fields: list[str], problems: list[Problem]) -> None:
    name = fields[0]
    role = fields[1] if len(fields) > 1 else ""
    if name in raw.elements:
        problems.append(
            Problem(no, name, f"element listed twice (first on line {raw.elements[name]})")
        )
    if role not in ("", "wild"):
        problems.append(
            Problem(no, name, f"unknown element role {role!r}; the only role is 'wild'")
        )
    raw.elements[name] = no
    if role == "wild":
        raw.wild.add(name)


def _read_card(raw: _Raw, no: int, fields: list[str], problems: list[Problem]) -> None:
    if len(fields) < len(CARD_FIELDS) or len(fields) > len(CARD_FIELDS) + 1:
        who = fields[1] if len(fields) > 1 else fields[0]
        problems.append(
            Problem(
                no,
                who,
                f"a card line has {len(CARD_FIELDS)} tab-separated fields "
                f"({', '.join(CARD_FIELDS)}) and an optional note; this one has {len(fields)}",
            )
        )
        return
    deck, name, kind, points, requires, classes, effect, bottoms, source = fields[:9]
    note = fields[9] if len(fields) > 9 else ""
    bad = len(problems)
    if not name:
        problems.append(Problem(no, "(no name)", "the card has no name"))
        return
    if name in raw.types:
        problems.append(
            Problem(
                no,
                name,
                f"card listed twice (first on line {raw.types[name].line}); "
                "list every copy in one line's bottoms field",
            )
        )
        return
    if deck not in DECKS:
        problems.append(Problem(no, name, f"unknown deck {deck!r}; decks: {', '.join(DECKS)}"))
    if kind not in KINDS:
        problems.append(Problem(no, name, f"unknown kind {kind!r}; kinds: {', '.join(KINDS)}"))
    if source not in SOURCES:
        problems.append(
            Problem(no, name, f"source must be 'published' or 'reconstructed', not {source!r}")
        )
    try:
        pts = int(points or "0")
        if pts < 0:
            raise ValueError
    except ValueError:
        problems.append(
            Problem(no, name, f"points must be a whole number 0 or more, not {points!r}")
        )
        pts = 0
    parts: list[Part] = []
    if requires:
        for piece in requires.split("+"):
            got = _parse_part(piece)
            if isinstance(got, str):
                problems.append(Problem(no, name, got))
            else:
                parts.append(got)
    if kind == "recipe" and not requires:
        problems.append(Problem(no, name, "a recipe needs requirements"))
    if kind in ("spell", "stone") and requires:
        problems.append(Problem(no, name, f"a {kind} has no requirements"))
    if kind == "spell" and not effect:
        problems.append(Problem(no, name, "a spell needs an effect"))
    copies: list[tuple[str, ...]] = []
    for copy in bottoms.split(";"):
        els = tuple(e.strip() for e in copy.split(" or "))
        if not all(els):
            problems.append(Problem(no, name, f"cannot read the bottoms field {bottoms!r}"))
            break
        copies.append(els)
    if len(problems) > bad:
        return
    raw.types[name] = CardType(
        name=name,
        deck=deck,
        kind=kind,
        points=pts,
        parts=tuple(parts),
        classes=frozenset(c.strip() for c in classes.split(",") if c.strip()),
        effect=effect,
        bottoms=tuple(copies),
        source=source,
        note=note,
        line=no,
    )


def _read_sequence(raw: _Raw, no: int, fields: list[str], problems: list[Problem]) -> None:
    if len(fields) < 3:
        problems.append(
            Problem(no, fields[0], "a Sequence line has the fields card, steps, source and a note")
        )
        return
    card, steps_text, source = fields[:3]
    number = 1 + sum(1 for s in raw.sequences if s.card == card)
    who = f"Sequence {number} of {card}"
    if source not in SOURCES:
        problems.append(
            Problem(no, who, f"source must be 'published' or 'reconstructed', not {source!r}")
        )
    steps: list[tuple[str, int]] = []
    for i, piece in enumerate(steps_text.split(">"), 1):
        m = _STEP.match(piece.strip())
        if not m:
            problems.append(
                Problem(no, who, f"step {i} should read 'Name (points)', not {piece.strip()!r}")
            )
            return
        steps.append((m.group(1), int(m.group(2))))
    raw.sequences.append(Sequence(card, number, tuple(steps), no))
    raw.seq_sources[no] = source


# -- checking -------------------------------------------------------------------------


def _check_names(raw: _Raw, effects: frozenset[str], problems: list[Problem]) -> None:
    """Unknown elements, recipes, classes and effects."""
    known_classes = {c for t in raw.types.values() for c in t.classes}
    for t in raw.types.values():
        if t.effect and t.effect not in effects:
            problems.append(
                Problem(t.line, t.name, f"unknown effect {t.effect!r}{_close(t.effect, effects)}")
            )
        for copy in t.bottoms:
            for e in copy:
                if e not in raw.elements:
                    problems.append(
                        Problem(
                            t.line,
                            t.name,
                            f"unknown element {e!r} on its bottom{_close(e, raw.elements)}",
                        )
                    )
            if len(copy) > 1 and set(copy) & raw.wild:
                problems.append(
                    Problem(t.line, t.name, "a wild element cannot be one of several choices")
                )
        for p in t.parts:
            if p.kind == "element" and p.names[0] not in raw.elements:
                e = p.names[0]
                hint = (
                    f" (write [{e}] for a collected recipe)"
                    if e in raw.types
                    else _close(e, raw.elements)
                )
                problems.append(Problem(t.line, t.name, f"unknown element {e!r}{hint}"))
            if p.kind == "class" and p.names[0] not in known_classes:
                problems.append(
                    Problem(
                        t.line,
                        t.name,
                        f"cannot be built: no recipe has the class {p.names[0]!r}"
                        f"{_close(p.names[0], known_classes)}",
                    )
                )
            if p.kind == "recipe":
                for n in p.names:
                    if n not in raw.types:
                        problems.append(
                            Problem(
                                t.line,
                                t.name,
                                f"cannot be built: it needs [{n}], but no card has that name"
                                f"{_close(n, raw.types)}",
                            )
                        )
                    elif raw.types[n].kind != "recipe":
                        problems.append(
                            Problem(
                                t.line,
                                t.name,
                                f"cannot be built: it needs [{n}], which is a {raw.types[n].kind}, "
                                "not a recipe",
                            )
                        )


def _check_buildable(raw: _Raw, problems: list[Problem]) -> None:
    """Every recipe can be built from the cards of the decks it is played with."""
    for deck in DECKS:
        scope = SCOPE[deck]
        in_scope = {n: t for n, t in raw.types.items() if t.deck in scope}
        shown = {e for t in in_scope.values() for copy in t.bottoms for e in copy}
        wild = bool(shown & raw.wild)
        copies = {n: len(t.bottoms) for n, t in in_scope.items()}
        has_universality = any(
            t.effect == "universality" and t.kind == "recipe" for t in in_scope.values()
        )
        built: set[str] = set()
        why: dict[str, str] = {}
        changed = True
        while changed:
            changed = False
            for n, t in in_scope.items():
                if t.kind != "recipe" or n in built:
                    continue
                reason = _unbuildable(
                    t, in_scope, built, shown, wild, copies, has_universality, raw
                )
                if reason is None:
                    built.add(n)
                    changed = True
                else:
                    why[n] = reason
        for n, t in in_scope.items():
            if t.deck == deck and t.kind == "recipe" and n not in built:
                problems.append(Problem(t.line, n, f"cannot be built: {why[n]}"))


def _unbuildable(
    t: CardType,
    in_scope: dict[str, CardType],
    built: set[str],
    shown: set[str],
    wild: bool,
    copies: dict[str, int],
    universality: bool,
    raw: _Raw,
) -> str | None:
    """Why a recipe cannot be built yet (None if it can)."""
    missing = [p.names[0] for p in t.parts if p.kind == "element" and p.names[0] not in shown]
    if len(missing) > (1 if wild else 0):
        where = " or ".join(SCOPE[t.deck])
        return f"no card of the {where} deck shows {missing[-1]}"
    need: Counter[tuple[str, ...]] = Counter()
    need_class: Counter[str] = Counter()
    for p in t.parts:
        if p.kind == "recipe":
            ok = [n for n in p.names if n in built]
            stand_in = universality and any(n in raw.types and raw.types[n].simple for n in p.names)
            if not ok and not stand_in:
                names = [n for n in p.names if n in raw.types]
                absent = [n for n in names if n not in in_scope]
                if len(absent) == len(names):
                    return (
                        f"it needs [{' / '.join(names)}], which is not in the "
                        f"{' or '.join(SCOPE[t.deck])} deck"
                    )
                return f"it needs [{' / '.join(names)}], which cannot be built either"
            need[p.names] += 1
        elif p.kind == "class":
            need_class[p.names[0]] += 1
    for cls, n in need_class.items():
        have = sum(copies[m] for m, mt in in_scope.items() if cls in mt.classes and m in built)
        if have < n:
            return (
                f"it needs {n} recipes of the class {cls} that can be built, "
                f"and its decks hold {have}"
            )
    for group, n in need.items():
        have = sum(copies.get(m, 0) for m in group if m in built)
        if have < n and not universality:
            return f"it needs {n} copies of [{' / '.join(group)}], and its decks hold {have}"
    return None


def _check_sequences(raw: _Raw, problems: list[Problem]) -> None:
    """Seven steps, recipes in the Practice or Guild deck, a Stone last, three per card."""
    guild_scope = SCOPE["Guild"]
    seen: dict[tuple[tuple[str, int], ...], int] = {}
    per_card: Counter[str] = Counter()
    first_line: dict[str, int] = {}
    for s in raw.sequences:
        who = f"Sequence {s.number} of {s.card}"
        per_card[s.card] += 1
        first_line.setdefault(s.card, s.line)
        if len(s.steps) != 7:
            problems.append(
                Problem(s.line, who, f"has {len(s.steps)} steps; a Great Work Sequence has seven")
            )
        for i, (name, pts) in enumerate(s.steps, 1):
            last = i == len(s.steps)
            t = raw.types.get(name)
            if pts <= 0:
                problems.append(Problem(s.line, who, f"step {i} ({name}) must be worth points"))
            if t is None:
                problems.append(
                    Problem(
                        s.line,
                        who,
                        f"step {i} names {name!r}, which is not a card in this file"
                        f"{_close(name, raw.types)}",
                    )
                )
                continue
            if last and t.kind != "stone":
                problems.append(
                    Problem(s.line, who, f"the last step, {name}, is not a Philosopher's Stone")
                )
            elif not last and t.kind != "recipe":
                problems.append(
                    Problem(s.line, who, f"step {i}, {name}, is a {t.kind}, not a recipe")
                )
            if t.deck not in guild_scope:
                problems.append(
                    Problem(
                        s.line,
                        who,
                        f"step {i}, {name}, is in the {t.deck} deck, which a game with the "
                        "Guild alone does not have",
                    )
                )
            if t.effect == "universality":
                problems.append(
                    Problem(s.line, who, f"step {i}, {name}, may never be placed in a Sequence")
                )
        if s.steps in seen:
            problems.append(Problem(s.line, who, f"the same Sequence as on line {seen[s.steps]}"))
        seen.setdefault(s.steps, s.line)
    for card, n in per_card.items():
        if n != 3:
            problems.append(
                Problem(first_line[card], card, f"a Sequence card has three Sequences, not {n}")
            )
    if raw.sequences and not any(t.deck == "Guild" for t in raw.types.values()):
        problems.append(Problem(raw.sequences[0].line, "@sequences", "there is no Guild deck"))


def known_effects() -> frozenset[str]:
    """Effect names the rules know (spells and special recipes)."""
    from athanor.games.potion_making.spells import RECIPE_EFFECTS, SPELLS

    return frozenset(SPELLS) | frozenset(RECIPE_EFFECTS)


def check_text(
    text: str, effects: frozenset[str] | None = None
) -> tuple[CardSet | None, list[Problem]]:
    """Read and check card data; the card set is None when there are problems."""
    problems: list[Problem] = []
    raw = _read(text, problems)
    if not raw.elements:
        problems.append(Problem(1, "@elements", "the file lists no elements"))
    if not raw.types:
        problems.append(Problem(1, "@cards", "the file lists no cards"))
    _check_names(raw, effects if effects is not None else known_effects(), problems)
    if not problems:
        _check_buildable(raw, problems)
        _check_sequences(raw, problems)
    problems.sort(key=lambda p: p.line)
    if problems:
        return None, problems
    return _build(raw), []


def _build(raw: _Raw, path: str = "") -> CardSet:
    cards: list[Card] = []
    for deck in DECKS:
        for t in raw.types.values():
            if t.deck != deck:
                continue
            same = len(set(t.bottoms)) == 1  # then the name alone tells the copies apart
            for copy in t.bottoms:
                wild = bool(set(copy) & raw.wild)
                key = t.name if same else f"{t.name}/{' or '.join(copy)}"
                cards.append(Card(len(cards), t, copy, wild, key))
    by_card: dict[str, list[Sequence]] = {}
    for s in raw.sequences:
        by_card.setdefault(s.card, []).append(s)
    return CardSet(
        path=path,
        elements=tuple(raw.elements),
        wild=frozenset(raw.wild),
        types=dict(raw.types),
        cards=tuple(cards),
        sequence_cards=tuple(SequenceCard(n, tuple(ss)) for n, ss in by_card.items()),
    )


def check_file(path: str, say: Callable[[str], None]) -> int:
    """Check a card data file and report: 0 when it is sound, 1 when it has problems."""
    text = read_card_file(path)
    cs, problems = check_text(text)
    for p in problems:
        say(p.text(path))
    if cs is None:
        say(f"{path}: {len(problems)} problem" + ("" if len(problems) == 1 else "s") + ".")
        return 1
    counts = ", ".join(f"{d} {len(cs.deck_ids[d])}" for d in DECKS if cs.deck_ids[d])
    recon = sum(1 for t in cs.types.values() if t.source == "reconstructed")
    say(
        f"{path}: sound. {len(cs.cards)} cards ({counts}), {len(cs.types)} kinds of card "
        f"({recon} reconstructed), {len(cs.sequences)} Great Work Sequences on "
        f"{len(cs.sequence_cards)} cards."
    )
    return 0


def read_card_file(path: str) -> str:
    """A card data file's text: at most ``MAX_CARD_FILE_BYTES`` of UTF-8, or ConfigError."""
    raw = read_bounded(path, "card data file", MAX_CARD_FILE_BYTES)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"the card data file {path} is not UTF-8 text (bad byte at position {exc.start})"
        ) from None


@lru_cache(maxsize=16)
def _load(path: str, stamp: tuple[int, int]) -> CardSet:
    text = read_card_file(path)
    cs, problems = check_text(text)
    if cs is None:
        shown = "; ".join(p.text(path) for p in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise ConfigError(
            f"the card data file has {len(problems)} problem(s): {shown}{more}. "
            f"See: athanor check-cards {path}"
        )
    cs.path = path
    return cs


def load(path: str = "") -> CardSet:
    """The card set in a data file ('' for the built-in one), checked; cached while unchanged."""
    p = path if path else str(BUILTIN)
    try:
        st = os.stat(p)
    except OSError as exc:
        raise ConfigError(f"cannot read the card data file {p}: {exc.strerror}") from None
    try:
        return _load(p, (st.st_mtime_ns, st.st_size))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the card data file {p}: {exc}") from None
