"""The engine contract every game implements.

A game state is plain data plus a stack of pending work (frames). At any
moment it is either over or waiting for one decision: a seat, a prompt and a
finite list of options with stable ids. ``apply`` takes one option id.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from athanor.engine._mypyc import mypyc_attr
from athanor.engine.rng import Rng
from athanor.engine.text import list_words

JSON = Any
S = TypeVar("S", bound="GameState")


class IllegalMove(ValueError):
    """A choice that is not among the legal options; the state is unchanged."""


class SaveError(ValueError):
    """A save or replay file that cannot be read; nothing is loaded."""


class ConfigError(ValueError):
    """Bad game set-up: unknown game, option, player count or card name."""


MAX_NAME_CHARS = 40
_PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
MAX_OPTION_CHARS = 2000


def excerpt(value: Any, limit: int = 40) -> str:
    """A value for an error message: its repr, cut short if long."""
    text = value if isinstance(value, str) and limit > 60 else repr(value)
    if len(text) > limit:
        return text[: limit - 3] + "..."
    return text


def check_seed(seed: Any) -> int:
    """A seed must be a whole number that fits in 64 bits (signed or not)."""
    if type(seed) is not int or not -(2**63) <= seed < 2**64:
        raise ConfigError(
            f"the seed must be a whole number of at most 64 bits, not {excerpt(seed)}"
        )
    return seed


def check_names(names: Any, players: int) -> list[str]:
    """Player names: one per seat, distinct, printable, at most ``MAX_NAME_CHARS`` long."""
    if not isinstance(names, (list, tuple)):
        raise ConfigError(f"names must be a list, not {type(names).__name__}")
    if len(names) != players:
        raise ConfigError(f"{players} players need {players} names, not {len(names)}")
    out = []
    for n in names:
        if type(n) is not str or not n.strip():
            raise ConfigError(f"a player's name must be some text, not {excerpt(n)}")
        if len(n) > MAX_NAME_CHARS:
            raise ConfigError(
                f"the name {excerpt(n)} is too long: at most {MAX_NAME_CHARS} characters"
            )
        if not n.isprintable():
            raise ConfigError(f"the name {excerpt(n)} holds control characters")
        out.append(n.strip())
    if len({n.casefold() for n in out}) != len(out):
        raise ConfigError("every player needs a different name")
    return out


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice: a stable id and a label a person can read."""

    id: str
    label: str


@mypyc_attr(allow_interpreted_subclasses=True)  # Potion Party's Turn question
class Decision:
    """The one question a game is waiting on: a seat, a prompt and the options.

    Treat it as immutable. It is a plain slotted class rather than a frozen
    dataclass because one is made at every step and that is measurably cheaper.
    """

    __slots__ = ("_id_set", "_prompt", "hot_ids", "ids", "options", "seat")

    seat: int
    options: tuple[Option, ...]
    ids: tuple[str, ...]  # the option ids, in order (bots and apply read them often)
    _id_set: frozenset[str] | None
    _prompt: str | Callable[[], str]
    # Some of the ids as a set, kept ready by a game for its own bots' frequent tests (never
    # needed to play: which ids it holds is the game's business). Dominion: the cards a Buy
    # question offers, which its strategy bots test rule by rule.
    hot_ids: frozenset[str] | None

    def __init__(
        self,
        seat: int,
        prompt: str | Callable[[], str],
        options: tuple[Option, ...],
        ids: tuple[str, ...] | None = None,
        id_set: frozenset[str] | None = None,
        hot_ids: frozenset[str] | None = None,
    ) -> None:
        """``ids`` and ``id_set``, if given, must be the options' ids in order and as a set
        (a game may keep them ready). ``prompt`` may be a function that makes the prompt
        when it is first read: playouts that nobody reads skip the words. It must then
        read only what the question's own step cannot change before it is answered."""
        self.seat = seat
        self._prompt = prompt
        self.options = options
        self.ids = tuple([o.id for o in options]) if ids is None else ids
        self._id_set = id_set
        self.hot_ids = hot_ids

    @property
    def prompt(self) -> str:
        """The question in plain words."""
        p = self._prompt
        if not isinstance(p, str):
            p = self._prompt = p()
        return p

    @property
    def id_set(self) -> frozenset[str]:
        """The option ids as a set, for quick membership tests (made once, when first asked)."""
        got = self._id_set
        if got is None:
            got = self._id_set = frozenset(self.ids)
        return got

    def offers(self, option_id: str) -> bool:
        """Whether ``option_id`` is one of the options (without building a set for it)."""
        got = self._id_set
        return option_id in (self.ids if got is None else got)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.seat, self.prompt, self.options) == (other.seat, other.prompt, other.options)

    def __hash__(self) -> int:
        return hash((self.seat, self.prompt, self.options))

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, prompt={self.prompt!r}, options={self.options!r})"

    def option(self, option_id: str) -> Option | None:
        """Return the option with this id, or None."""
        if option_id in self.ids:
            return self.options[self.ids.index(option_id)]
        return None

    def to_json(self) -> JSON:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "prompt": self.prompt,
            "options": [{"id": o.id, "label": o.label} for o in self.options],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as a sentence per viewer.

    ``text`` is what everybody reads; ``private`` gives the sentence for seats
    that see more (or read it in the second person), as (seat, text) pairs.
    """

    kind: str
    text: str
    private: tuple[tuple[int, str], ...] = ()

    def render(self, viewer: int | None) -> str:
        """The sentence this viewer reads (None: a spectator)."""
        if viewer is not None:
            for seat, text in self.private:
                if seat == viewer:
                    return text
        return self.text

    def to_json(self) -> JSON:
        """JSON-ready form."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.private:
            out["private"] = [[s, t] for s, t in self.private]
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        """Inverse of ``to_json``."""
        return cls(
            str(data["kind"]),
            str(data["text"]),
            tuple((int(s), str(t)) for s, t in data.get("private", ())),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """Final scores and placing per seat (1 is first; ties share a place)."""

    scores: tuple[float, ...]
    placing: tuple[int, ...]
    detail: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats placed first."""
        return tuple(i for i, p in enumerate(self.placing) if p == 1)

    def to_json(self) -> JSON:
        """JSON-ready form."""
        return {
            "scores": list(self.scores),
            "placing": list(self.placing),
            "winners": list(self.winners),
            "detail": self.detail,
        }

    @staticmethod
    def placing_from(keys: Sequence[Any]) -> tuple[int, ...]:
        """Competition placing from sort keys where larger is better."""
        # Plain loops, not generators: the simulator places every game it plays.
        out: list[int] = []
        for k in keys:
            place = 1
            for other in keys:
                if other > k:
                    place += 1
            out.append(place)
        return tuple(out)


# --------------------------------------------------------------------------
# Frames: the explicit pending-work stack.


# The compiled build (setup.py, ATHANOR_COMPILE=1) compiles this module; games that are
# not compiled subclass these three classes.
@mypyc_attr(allow_interpreted_subclasses=True)
class Frame:
    """A piece of pending work on a state's stack.

    Subclasses are dataclasses whose fields are ints, strings, bools, None,
    lists or dicts of those. ``run`` either returns the decision this frame
    waits for (and then must not have changed anything that matters, so that
    asking again gives the same answer) or does its work, changing the stack,
    and returns None. ``choose`` receives a validated option id.
    """

    def run(self, state: Any) -> Decision | None:
        """Do this frame's work, or return the decision it waits for."""
        raise NotImplementedError

    def choose(self, state: Any, option_id: str) -> None:
        """Act on a legal choice for the decision this frame returned."""
        raise NotImplementedError

    def copy(self) -> Frame:
        """A copy whose lists and dicts are independent of this one."""
        new = type(self).__new__(type(self))  # (object.__new__ refuses compiled classes)
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            object.__setattr__(new, f.name, v)
        return new

    def to_json(self) -> JSON:
        """JSON-ready form, tagged with the frame's class name."""
        out: dict[str, Any] = {"frame": type(self).__name__}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
        return out


def frame_from_json(data: JSON, registry: Mapping[str, type[Frame]]) -> Frame:
    """Rebuild a frame from ``Frame.to_json`` output."""
    if not isinstance(data, dict) or "frame" not in data:
        raise SaveError("a pending-work entry is not a tagged object")
    cls = registry.get(data["frame"])
    if cls is None:
        raise SaveError(f"unknown pending-work kind {data['frame']!r}")
    kwargs = {k: v for k, v in data.items() if k != "frame"}
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise SaveError(f"bad pending-work entry {data['frame']}: {exc}") from None


# The decline option's id (a module constant: a ClassVar on a compiled dataclass is taken
# for a field by its compiled subclasses).
PASS = "pass"


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class ResponseWindow(Frame):
    """The primitive for every "any player may now..." moment.

    Seats in ``order`` are asked in turn. A seat with nothing it may do is
    skipped without a question; declining is the explicit option ``pass``.
    After a response the same seat is asked again while it stays eligible
    (set ``pos`` forward in ``respond`` to move on). Windows nest: a response
    may push frames, including another window, and this one resumes after.
    Subclasses define ``eligible``, ``responses``, ``prompt`` and ``respond``
    and may override ``close``.
    """

    order: list[int]
    pos: int = 0

    def eligible(self, state: Any, seat: int) -> bool:
        """Whether this seat has anything it may do."""
        raise NotImplementedError

    def responses(self, state: Any, seat: int) -> list[Option]:
        """The responses open to this seat (``pass`` is added)."""
        raise NotImplementedError

    def prompt(self, state: Any, seat: int) -> str:
        """The question put to this seat."""
        raise NotImplementedError

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        """Carry out a response."""
        raise NotImplementedError

    def close(self, state: Any) -> None:
        """Called once when every seat has passed or been skipped."""

    def declined(self, state: Any, seat: int) -> None:
        """Called when a seat passes (for example to say so in the log)."""

    def pass_label(self, state: Any, seat: int) -> str:
        """The label of the decline option."""
        return "Pass"

    @property
    def seat(self) -> int | None:
        """The seat being asked now, if any."""
        return self.order[self.pos] if self.pos < len(self.order) else None

    def run(self, state: Any) -> Decision | None:
        while self.pos < len(self.order):
            seat = self.order[self.pos]
            if self.eligible(state, seat):
                opts = [
                    *self.responses(state, seat),
                    Option(PASS, self.pass_label(state, seat)),
                ]
                return Decision(seat, self.prompt(state, seat), tuple(opts))
            self.pos += 1
        stack = state.stack
        if stack[-1] is self:
            stack.pop()
        else:  # a response pushed a frame that is still waiting
            stack.remove(self)
        self.close(state)
        return None

    def choose(self, state: Any, option_id: str) -> None:
        seat = self.order[self.pos]
        if option_id == PASS:
            self.pos += 1
            self.declined(state, seat)
        else:
            self.respond(state, seat, option_id)


# --------------------------------------------------------------------------
# Game facts and the state base class.


@dataclass(frozen=True)
class OptionSpec:
    """One documented set-up option of a game."""

    name: str
    doc: str
    default: Any
    choices: tuple[Any, ...] | None = None
    type: type = str
    # Checks a value further (a card list, a face list); raises ConfigError if it is bad.
    check: Callable[[Any], object] | None = None
    # The option names a file on this machine: only a local user may set it (the web
    # table refuses it, as a request from anyone must not read the server's files).
    local: bool = False

    def coerce(self, value: Any) -> Any:
        """Check and convert a value for this option."""
        if self.type is bool and isinstance(value, str):
            low = value.lower()
            if low in ("1", "true", "yes", "on"):
                value = True
            elif low in ("0", "false", "no", "off"):
                value = False
        if self.type is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise ConfigError(
                    f"option {self.name!r} needs a whole number, not {excerpt(value)}"
                ) from None
        if value is None:
            raise ConfigError(f"option {self.name!r} needs a value, not None")
        if isinstance(value, str) and len(value) > MAX_OPTION_CHARS:
            raise ConfigError(
                f"option {self.name!r} is too long ({len(value):,} characters; "
                f"at most {MAX_OPTION_CHARS})"
            )
        if self.type is int and type(value) is bool:
            raise ConfigError(f"option {self.name!r} needs a whole number, not {value!r}")
        if self.type is not Any and not isinstance(value, self.type):
            raise ConfigError(
                f"option {self.name!r} needs a {self.type.__name__}, not {type(value).__name__}"
            )
        if self.check is not None:
            try:
                self.check(value)
            except ConfigError:
                raise
            except ValueError as exc:
                raise ConfigError(f"option {self.name!r}: {excerpt(str(exc), 200)}") from None
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise ConfigError(
                f"option {self.name!r} must be one of: {shown} (got {excerpt(value)})"
            )
        return value


# The four levels every game offers, weakest first, by these names everywhere (issue 25).
LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class Level:
    """One level of play: the bot it makes (a name the catalog knows: one of the game's
    bots, or an ``ismcts:...`` search) and a line saying what it does, how strong it is
    and how long it thinks."""

    bot: str
    line: str


@dataclass(frozen=True)
class GameSpec:
    """The fixed facts of a game, declared once and registered."""

    name: str
    title: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    default_bot: str = "random"
    status: Callable[[Any, int | None], str] | None = None
    help: str = ""
    # Makes a bot from a file a user wrote (Dominion strategies): (text, source, seed).
    bot_from_text: Callable[[str, str, int], Any] | None = None
    # Extra terminal commands: name -> (what it shows, function of (view, seat)).
    commands: Mapping[str, tuple[str, Callable[[Any, int | None], str]]] = field(
        default_factory=dict
    )
    # Option sets the shared conformance suite cycles through, by seed (empty: the defaults).
    conformance_options: tuple[Mapping[str, Any], ...] = ()
    # Draws a valid, varied set of options from a generator, so that random tests and
    # the conformance suite cover more than the defaults.
    sample_options: Callable[[Rng], dict[str, Any]] | None = None
    # Event kinds a listener who asked for brief narration does not hear, unless the
    # event is about them (has a private sentence for them).
    minor_events: frozenset[str] = frozenset()
    # Fixed short words for common moves: typed word -> option id ("e" -> "end").
    shortcuts: Mapping[str, str] = field(default_factory=dict)
    # Every card (or component) by name with its text in our words, for ``card NAME``.
    cards: Callable[[], Mapping[str, str]] | None = None
    # The game's rule words ("Super Die", "Cauldron Limit") explained in our words, also
    # for ``card NAME``.
    terms: Mapping[str, str] = field(default_factory=dict)
    # A question the terminal offers in one line at every verbosity (the Crucible's
    # Whisper): a function of (view, decision) giving that line, or None to ask as usual.
    offer: Callable[[Any, Decision], str | None] | None = None
    # Fixed facts of each card a client draws (a Dominion card's types and cost), by name.
    card_facts: Callable[[], Mapping[str, Any]] | None = None
    # What the result's scores count, in words ("victory points").
    score_name: str = "points"
    # A team game: every seat wins or loses together (the simulator reports the team).
    cooperative: bool = False
    # The rules in force in this game, from its view (a mission's special rule), for help.
    help_now: Callable[[Any], str] | None = None
    # Fixed-size actions and observations for learning code (athanor.envs): a function of
    # (checked options, players) giving an ``athanor.engine.encoding.Encoding``.
    encoding: Callable[[Mapping[str, Any], int], Any] | None = None
    # The four levels (LEVELS), each a bot and its line; a level's name works wherever a
    # bot's name does.
    levels: Mapping[str, Level] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.state_class.spec = self

    def check_options(
        self, options: Mapping[str, Any] | None, remote: bool = False
    ) -> dict[str, Any]:
        """Fill defaults, reject unknown names and bad values; ``remote`` (a request from
        the network) also rejects options that read this machine's files."""
        if options is not None and not isinstance(options, Mapping):
            raise ConfigError(
                f"options are a mapping of option names to values, not {type(options).__name__}"
            )
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        if remote:
            for o in self.options:
                if o.local and o.name in given and given[o.name] != o.default:
                    raise ConfigError(
                        f"option {o.name!r} reads a file on the server, so it can only be set "
                        "at the terminal"
                    )
        unknown = sorted(str(k) for k in set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise ConfigError(
                f"{self.name} has no option {excerpt(unknown[0])}; its options are: {names}"
            )
        return {name: spec.coerce(given.get(name, spec.default)) for name, spec in known.items()}

    def check_players(self, players: int) -> None:
        """Reject a player count the game does not support."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, "
                f"not {excerpt(players)}"
            )

    def to_json(self) -> JSON:
        """JSON-ready description; each level with its measured strength (``athanor.ladder``;
        None where not measured)."""
        from athanor.ladder import level_measure

        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [
                {
                    "name": o.name,
                    "doc": o.doc,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "local": o.local,
                }
                for o in self.options
            ],
            "bots": sorted(self.bots),
            "default_bot": self.default_bot,
            "levels": [
                {
                    "name": name,
                    "bot": lv.bot,
                    "line": lv.line,
                    "measured": level_measure(self.name, name, lv.bot),
                }
                for name, lv in self.levels.items()
            ],
            "cooperative": self.cooperative,
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    """Base class of every game's state.

    Subclasses hold plain data, keep pending work on ``stack`` and implement
    the abstract methods. The base class validates choices, records them,
    and runs the stack to the next decision.
    """

    spec: ClassVar[GameSpec]
    FRAMES: ClassVar[Mapping[str, type[Frame]]] = {}

    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    stack: list[Frame]
    log: list[Event] | None
    choices: list[str] | None
    _decision: Decision | None

    # -- the contract ------------------------------------------------------

    @classmethod
    def new(
        cls: type[S],
        players: int,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> S:
        """Set up a new game (options already checked) and run to its first decision."""
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        return self._decision

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._decision is None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    def legal(self) -> tuple[str, ...]:
        """The legal option ids now (empty when over)."""
        d = self._decision
        return d.ids if d is not None else ()

    def apply(self, option_id: object) -> None:
        """Take one legal choice (an option id) and run to the next decision."""
        d = self._decision
        if d is None:
            raise IllegalMove("the game is over; there is nothing left to choose")
        if type(option_id) is not str:
            raise IllegalMove(
                f"a choice must be an option id (plain text), not {type(option_id).__name__}"
            )
        known = d._id_set
        if option_id not in (d.ids if known is None else known):
            shown = ", ".join(d.ids[:12]) + (", ..." if len(d.ids) > 12 else "")
            raise IllegalMove(
                f"{excerpt(option_id)} is not a legal choice for {self.names[d.seat]} now "
                f"({excerpt(d.prompt, 100)}); expected one of: {excerpt(shown, 200)}"
            )
        if self.choices is not None:
            self.choices.append(option_id)
        self.stack[-1].choose(self, option_id)
        self._run()

    def _run(self) -> None:
        """Work through the stack until a decision is needed or the game ends. (Dominion's
        state writes this loop out with its own hooks in place, for speed: keep the two
        alike; tests/dominion/test_loop.py plays games with both.)"""
        stack = self.stack
        while stack:
            if self._game_over():
                break
            d = stack[-1].run(self)
            if d is not None:
                self._decision = self._route(d)
                return
        self._decision = None
        self._finish()

    # Set by ``seal``; read only when checking an undo (see athanor.replay.undo).
    _sealed: bool = False

    # The simulator's per-turn hook (docs/simulator.md): a game that can chart its
    # progress names its figures in TURN_FIGURES, gives them in ``turn_figures(seat)``
    # and, as each turn ends, calls ``self.turn_hook(seat)`` if it is set. Left unset
    # (the simulator sets it only to draw a plot) it costs one test a turn.
    TURN_FIGURES: ClassVar[tuple[str, ...]] = ()
    turn_hook: Callable[[int], None] | None = None

    def turn_figures(self, seat: int) -> tuple[float, ...]:
        """A seat's figures now, one per name in ``TURN_FIGURES``."""
        return ()

    def turn_cards(self, seat: int) -> dict[str, int]:
        """For the simulator's deck chart: how many of each card a seat has now (a game
        without such cards gives none)."""
        return {}

    def seal(self) -> None:
        """Say that hidden information has just come to light (a card drawn or revealed from
        a deck): the choice that caused it cannot be taken back. Randomness is noticed
        without help; a game with hidden cards calls this where they are revealed."""
        self._sealed = True

    def _route(self, decision: Decision) -> Decision:
        """Who answers a question: by default the seat it names. A game may hand it to
        another seat (Dominion's Possession gives the possessed player's to the possessor)."""
        return decision

    def say(self, kind: str, text: str, private: Iterable[tuple[int, str]] = ()) -> None:
        """Add an event to the log (no-op when logging is off)."""
        if self.log is not None:
            self.log.append(Event(kind, text, tuple(private)))

    def say_each(
        self, kind: str, text_for: Callable[[int | None], str], seats: Iterable[int]
    ) -> None:
        """A sentence that names several seats, each of which reads it in their own words:
        ``text_for(None)`` is what everybody else reads, ``text_for(seat)`` what that seat
        reads (build it with ``who``)."""
        if self.log is not None:
            public = text_for(None)
            private = [(seat, text) for seat in seats if (text := text_for(seat)) != public]
            self.log.append(Event(kind, public, tuple(private)))

    def who(self, seat: int, viewer: int | None, start: bool = False) -> str:
        """A seat's name, or "you" ("You" at the start of a sentence) for that seat itself."""
        if seat == viewer:
            return "You" if start else "you"
        return self.names[seat]

    def who_all(self, seats: Sequence[int], viewer: int | None, start: bool = False) -> str:
        """Several seats in words, the viewer first as "you": "you, Bo and Cy"."""
        ordered = sorted(seats, key=lambda s: s != viewer)
        words = [self.who(s, viewer) for s in ordered]
        text = list_words(words)
        return text[:1].upper() + text[1:] if start else text

    def check_viewer(self, viewer: object) -> None:
        """Refuse a viewer that is not a seat of this game nor None (a spectator)."""
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < self.players):
            raise ConfigError(
                f"a viewer is a seat from 0 to {self.players - 1}, or None for a spectator, "
                f"not {excerpt(viewer)}"
            )

    def events_for(self, viewer: Any, start: Any = 0) -> list[str]:
        """The log from ``start`` as sentences for one viewer (a seat, or None for a
        spectator; anything else is refused with ConfigError, also in the compiled build,
        which is why the arguments are typed loosely here)."""
        self.check_viewer(viewer)
        if type(start) is not int or start < 0:
            raise ConfigError(f"the log starts at a line number of 0 or more, not {excerpt(start)}")
        if self.log is None:
            return []
        return [e.render(viewer) for e in self.log[start:]]

    # -- hooks for games -------------------------------------------------------

    def _game_over(self) -> bool:
        """True when the game has ended and the stack should stop."""
        return False

    def _finish(self) -> None:  # noqa: B027 - optional hook
        """Called once when the game ends."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """Final result, or None while the game goes on."""

    def final_scores(self) -> tuple[tuple[float, ...], tuple[int, ...]] | None:
        """The final scores and placing, or None while the game goes on: ``result``
        without its words, for the simulator (which reads how a game ended from
        ``stats``). A game whose words cost much to write may give it more cheaply."""
        res = self.result
        return None if res is None else (res.scores, res.placing)

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What one seat (or a spectator, None) may know, JSON-ready."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy."""

    # The names of the fields a game's snapshot holds (for the two methods below).
    _FIELDS: ClassVar[tuple[str, ...]] = ()

    def _state_json(self) -> JSON:
        """The game-specific part of the snapshot: by default each of ``_FIELDS``."""
        return {k: getattr(self, k) for k in self._FIELDS}

    @classmethod
    def _from_state_json(cls: type[S], data: JSON) -> S:
        """Rebuild from ``_state_json`` output: by default set each of ``_FIELDS`` (may
        raise KeyError, TypeError, ValueError; ``_restore`` then checks the values)."""
        s = cls()  # (a state class takes no arguments: each game's `new` calls `cls()`)
        for k in cls._FIELDS:
            setattr(s, k, data[k])
        return s

    def _restore(self) -> None:  # noqa: B027 - optional hook
        """After loading: check the game's fields and rebuild what derives from options."""

    def stats(self) -> dict[str, Any]:
        """Figures the simulator reports: ``turns`` and ``ending`` (how the game ended)."""
        return {}

    def standings(self, viewer: int | None) -> list[str]:
        """The final places and scores, a line a seat, the viewer as "You"."""
        res = self.result
        if res is None:
            return []
        out = []
        for seat, (score, place) in enumerate(zip(res.scores, res.placing, strict=True)):
            shared = sum(1 for p in res.placing if p == place) > 1
            where = _PLACES[place - 1] if place <= len(_PLACES) else f"number {place}"
            who = "You" if seat == viewer else self.names[seat]
            out.append(
                f"{who}: {where} place{' (shared)' if shared else ''}, "
                f"{score:g} {self.spec.score_name}."
            )
        return out

    def check_invariants(self) -> None:  # noqa: B027 - optional hook
        """Raise AssertionError if the state breaks one of its game's invariants.

        The conformance suite calls this after every step of every playout.
        """

    def determinize(self: S, seat: int, seed: int) -> S:
        """A copy in which what ``seat`` cannot know is re-sampled.

        The default re-seeds the generator, which hides future chance; games
        with hidden cards override this to re-deal them.
        """
        c = self.clone()
        c.rng = Rng(seed)
        return c

    # -- shared helpers for subclasses ----------------------------------------

    def _clone_base(self, new: GameState) -> None:
        """Copy the fields every state has into ``new``."""
        new.seed = self.seed
        new.options = self.options
        new.names = self.names
        new.rng = Rng(self.rng.state)
        new.stack = [f.copy() for f in self.stack]
        new.log = list(self.log) if self.log is not None else None
        new.choices = list(self.choices) if self.choices is not None else None
        new._decision = self._decision

    def _init_base(
        self,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None,
        players: int,
        log: bool,
    ) -> None:
        """Set the fields every state has."""
        self.seed = check_seed(seed)
        self.options = options
        self.names = (
            check_names(names, players) if names else [f"Player {i + 1}" for i in range(players)]
        )
        self.rng = Rng(seed)
        self.stack = []
        self.log = [] if log else None
        self.choices = []
        self._decision = None

    # -- serialization ----------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON text: set-up, choices and a full snapshot."""
        import json  # here: a simulation saves no game, and need not import it

        return json.dumps(self._snapshot(), separators=(",", ":"))

    def to_data(self) -> JSON:
        """JSON-ready dict form of ``to_json``: a fresh copy the caller owns."""
        return plain_copy(self._snapshot())

    def _snapshot(self) -> JSON:
        """The save as a dict that may share lists with the state (only for writing out)."""
        return {
            "format": "athanor-save",
            "version": 1,
            "game": self.spec.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "names": self.names,
            "choices": self.choices,
            "state": {
                "rng": self.rng.state,
                "stack": [f.to_json() for f in self.stack],
                "log": [e.to_json() for e in self.log] if self.log is not None else None,
                "game": self._state_json(),
            },
        }

    @classmethod
    def from_data(cls: type[S], data: JSON) -> S:
        """Rebuild a state from ``to_data`` output, checking its shape."""
        try:
            snap = data["state"]
            state = cls._from_state_json(snap["game"])
            state.seed = int(data["seed"])
            state.options = dict(data["options"])
            state.names = [str(n) for n in data["names"]]
            ch = data["choices"]
            state.choices = [str(c) for c in ch] if ch is not None else None
            state.rng = Rng(int(snap["rng"]))
            state.stack = [frame_from_json(f, cls.FRAMES) for f in snap["stack"]]
            lg = snap["log"]
            state.log = [Event.from_json(e) for e in lg] if lg is not None else None
            state._decision = None
            state._restore()
            state._run()
        except SaveError:
            raise
        except Exception as exc:
            raise SaveError(
                f"the save file is damaged ({type(exc).__name__}: {excerpt(str(exc), 80)})"
            ) from None
        return state


def plain_copy(data: JSON) -> JSON:
    """A deep copy of JSON-ready data (dicts, lists, tuples as lists, and plain values)."""
    if isinstance(data, dict):
        return {k: plain_copy(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain_copy(v) for v in data]
    return data
