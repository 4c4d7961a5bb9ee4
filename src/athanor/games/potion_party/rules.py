"""Black-Handed Henry's Potion Party: the rules as a state and its frames.

Decisions the rulebook leaves open are ruled in docs/rules/potion-party.md;
each ruling is referred to here by its number there (R1, R2, ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from athanor.engine import (
    ConfigError,
    Decision,
    Frame,
    GameState,
    Option,
    ResponseWindow,
    Result,
)
from athanor.engine.text import list_words as _list_words
from athanor.engine.text import plural as _plural
from athanor.games.potion_party.data import (
    ALCHEMISTS,
    ALLOWED_FACES,
    BOX,
    DEFAULT_FACES,
    INGREDIENT_WORDS,
    INGREDIENTS,
    MAX_ROUNDS,
    POOL,
    RECIPES,
    SIDES,
    STARDUST,
    Recipe,
    face_words,
    parse_faces,
    stars,
)

OPPOSITE = {"heart": "potion", "potion": "heart"}
# Stars on each face a die may show (faces are configurable, but only from these).
_STARS = {f: stars(f) for faces in ALLOWED_FACES.values() for f in faces}
FACE_COLOUR = {"heart": "blue", "potion": "red"}
# What a rolled die is to the settling of a roll (``settle``): Darkness, an Alchemy face,
# or the number of its (colour, star face) kind, the kinds numbered in sorted order so
# that groups form in the order the rules notes give (R1).
_DARK = -1
_ALCHEMY = -2
_STAR_KINDS = sorted((c, f) for c, faces in ALLOWED_FACES.items() for f in faces if stars(f))
_CODES = {
    c: {
        f: _DARK if f == "dark" else _STAR_KINDS.index((c, f)) if stars(f) else _ALCHEMY
        for f in faces
    }
    for c, faces in ALLOWED_FACES.items()
}
# The dice of a fresh pool, in the order they are laid out, not rolled yet.
_FRESH_POOL = tuple((c, "") for c in ("blue", "red") for _ in range(POOL[c]))
_FRESH_DICE = len(_FRESH_POOL)
_NO_TALLY = dict.fromkeys(INGREDIENTS, 0)
# Blue and red dice a player may hold at most (Running Out of Dice, R9; see can_save).
_MAX_HELD_BLUE = BOX["blue"] - POOL["blue"]
_MAX_HELD_RED = BOX["red"] - POOL["red"]
_HEART, _POTION = ("blue", "heart"), ("red", "potion")  # a die showing Alchemy


class PotionPartyState(GameState):
    """A game of Potion Party in progress."""

    # Set-up and table.
    faces: dict[str, tuple[str, ...]]
    fresh_tables: _Tables  # made from the faces (see roll_fresh)
    rolls: _Rolls  # made from the faces (see roll_greedy)
    alchemist: list[str]
    recipe: str
    first: int
    current: int
    turns: int
    totals: list[dict[str, int]]
    saved: list[list[str]]
    supers: list[int]
    winner: int
    out_of_time: bool  # nobody won within MAX_ROUNDS rounds (R11)
    # The turn in progress.
    pool: list[tuple[str, str]]  # (colour, face): a die is replaced, never changed
    groups: list[list[Any]]
    kept: list[str]
    aside: list[str]
    tally: dict[str, int]
    greedy_ok: bool
    new_saved: list[str]
    new_supers: int
    loose_green: int
    waiting: list[str]
    # Heart and potion dice set aside this turn for a use, not for Darkness: (colour, face,
    # "super" or "ingredient"). Only the view reads it (to tell them from the Darkness dice
    # in ``aside``); it is not part of a save, which a verified load rebuilds by replaying.
    spent: list[tuple[str, str, str]]

    # -- construction --------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> PotionPartyState:
        """Set up a new game and run to its first decision."""
        s = cls()
        s._init_base(seed, options, names, players, log)
        s._init_table(players)
        s.say("setup", f"A game of Black-Handed Henry's Potion Party for {players} alchemists.")
        s.stack.append(RollOff(list(range(players))))
        s._run()
        return s

    def _init_table(self, players: int) -> None:
        try:
            self.faces = {
                c: parse_faces(c, self.options[f"{c}_faces"]) for c in ("blue", "red", "green")
            }
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        self.fresh_tables = make_fresh_tables(self.faces)
        self.rolls = make_rolls(self.faces)
        self.alchemist = [""] * players
        self.recipe = ""
        self.first = -1
        self.current = -1
        self.turns = 0
        self.totals = [dict.fromkeys(INGREDIENTS, 0) for _ in range(players)]
        self.saved = [[] for _ in range(players)]
        self.supers = [0] * players
        self.winner = -1
        self.out_of_time = False
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.pool = []
        self.groups = []
        self.kept = []
        self.aside = []
        self.tally = _NO_TALLY.copy()
        self.greedy_ok = False
        self.new_saved = []
        self.new_supers = 0
        self.loose_green = 0
        self.waiting = []
        self.spent = []

    # -- small queries ------------------------------------------------------------

    @property
    def the_recipe(self) -> Recipe | None:
        """The chosen recipe, once chosen."""
        return RECIPES.get(self.recipe)

    def power(self, seat: int) -> str:
        """The Skullduggery power of a seat's alchemist ('' for none)."""
        a = ALCHEMISTS.get(self.alchemist[seat])
        return a.power if a else ""

    def held(self, colour: str) -> int:
        """Dice of one colour held beside alchemist cards (saved or Super Dice)."""
        if colour == "green":
            return sum(self.supers) + self.new_supers + self.loose_green
        n = self.new_saved.count(colour)
        for saved in self.saved:
            if saved:
                n += saved.count(colour)
        return n

    def can_save(self, colour: str) -> bool:
        """Running Out of Dice: saving must leave enough dice for a full pool (R9)."""
        return self.held(colour) + 1 <= BOX[colour] - POOL[colour]

    def free_in_box(self, colour: str) -> int:
        """Dice of one colour in the box now: neither in play this turn nor held."""
        return self.dice_census()[colour]["box"]

    def can_make_super(self) -> bool:
        """A green die is free in the box."""
        return self.held("green") < BOX["green"]

    def stardust_met(self, seat: int, extra: dict[str, int] | None = None) -> bool:
        """Whether Ruby and Sapphire needs are met (recorded totals plus ``extra``)."""
        r = self.the_recipe
        if r is None:
            return False
        t = self.totals[seat]
        e = extra or {}
        return t["ruby"] + e.get("ruby", 0) >= r.need("ruby") and t["sapphire"] + e.get(
            "sapphire", 0
        ) >= r.need("sapphire")

    def has_won(self, seat: int) -> bool:
        """Whether a seat has every ingredient of the recipe."""
        r = self.the_recipe
        return r is not None and all(self.totals[seat][i] >= n for i, n in r.needs)

    def pool_faces(self, face: str) -> int:
        """How many dice in the pool show a face."""
        n = 0
        for d in self.pool:
            if d[1] == face:
                n += 1
        return n

    def super_pair(self) -> tuple[str, str] | None:
        """Where the heart and potion for a Super Die would come from (R6).

        Returns (heart source, potion source), each "kept" or "pool", using
        saved-and-kept dice first because they are lost if unused; a pair of
        two kept dice does not count, since kept dice match the roll.
        """
        ph = pp = False
        for d in self.pool:
            f = d[1]
            if f == "heart":
                ph = True
            elif f == "potion":
                pp = True
        kept = self.kept
        kh, kp = "blue" in kept, "red" in kept
        if not ((ph or kh) and (pp or kp)) or not self.can_make_super():
            return None
        if kh and pp:
            return ("kept", "pool")
        if kp and ph:
            return ("pool", "kept")
        if ph and pp:
            return ("pool", "pool")
        return None

    def _roll(self, colour: str) -> str:
        faces = self.faces[colour]
        return faces[self.rng.below(len(faces))]

    def _act(
        self, seat: int, you: str, they: str, rest: str, kind: str = "detail", your_rest: str = ""
    ) -> None:
        """Narrate an action: 'You roll ...' to the actor, 'Ana rolls ...' to others
        (``your_rest``, if given, ends the actor's sentence instead of ``rest``)."""
        if self.log is not None:
            self.say(
                kind,
                f"{self.names[seat]} {they}{rest}",
                [(seat, f"You {you}{your_rest or rest}")],
            )

    # -- turn mechanics -------------------------------------------------------------

    def begin_turn(self, seat: int) -> bool:
        """Begin a seat's turn, or end the game if nobody has completed the potion in
        ``MAX_ROUNDS`` full rounds (R11); True if the turn begins."""
        if self.turns >= MAX_ROUNDS * len(self.names):
            self.out_of_time = True
            r = self.the_recipe
            assert r is not None
            self.say(
                "end",
                f"Captain Henry's patience runs out: after {MAX_ROUNDS} rounds nobody has "
                f"completed the {r.title}. The alchemist closest to it wins.",
            )
            return False
        # The turn's other fields are already clear: the set-up and the end of every turn
        # (``record``, ``bust``) clear them.
        self.current = seat
        self.turns += 1
        self.pool = list(_FRESH_POOL)
        self.waiting = self.saved[seat]
        self.saved[seat] = []
        if self.log is not None:
            self.say(
                "turn",
                f"Turn {self.turns}: {self.names[seat]} to play.",
                [(seat, f"Turn {self.turns}: your turn.")],
            )
        return True

    def roll_pool(self, seat: int) -> int:
        """Roll every die in the pool, narrate the faces in order and return how many
        show Darkness."""
        by_colour = self.faces
        pool = self.pool
        drawn = self.rng.below_many(SIDES, len(pool))  # every die has SIDES faces
        # New dice, not the old ones changed: a question asked about the pool before
        # this roll keeps its dice as they were (see Turn.run).
        rolled = []
        dark = 0
        for d, i in zip(pool, drawn, strict=True):
            c = d[0]
            face = by_colour[c][i]
            if face == "dark":
                dark += 1
            rolled.append((c, face))
        self.pool = rolled
        if self.log is not None:
            faces = [face_words(c, f) for c, f in rolled]
            self._act(seat, "roll", "rolls", ": " + _list_words(faces) + ".")
        return dark

    def roll_fresh(self, seat: int) -> int:
        """Roll a fresh pool (the turn's blue and red dice, no saved die added) and settle
        it at once, as ``roll_pool`` then ``settle`` would, from tables that ``settle``
        made for each colour (with nobody reading the log: this says nothing). If the
        Lich may first roll Darkness again, it only rolls, and returns how many dice
        show Darkness; otherwise it returns -1."""
        blue, red = self.fresh_tables
        z0, z1, z2, z3, z4, z5 = self.rng.draws_below(SIDES, 6)
        b = blue[((z0 % SIDES) * SIDES + z1 % SIDES) * SIDES + z2 % SIDES]
        r = red[((z3 % SIDES) * SIDES + z4 % SIDES) * SIDES + z5 % SIDES]
        dark = b[5] + r[5]
        if dark >= 2 and self.power(seat) == "lich":
            self.pool = [(d[0], face) for d, face in zip(self.pool, b[0] + r[0], strict=True)]
            return dark
        self.pool = list(b[2] + r[2])
        tally = self.tally
        if dark:
            self.aside.extend(b[1] + r[1])
            if RECIPES[self.recipe].amounts["darkness"]:
                tally["darkness"] += dark
        if b[3]:
            self.groups.extend(map(list, b[3]))
            tally["sapphire"] += b[4]
            self.greedy_ok = True
        if r[3]:
            self.groups.extend(map(list, r[3]))
            tally["ruby"] += r[4]
            self.greedy_ok = True
        return -1

    def settle(self, seat: int, greedy: bool = False) -> bool:
        """Settle a roll in one pass over the pool: set every Darkness die aside, each one
        Darkness ingredient (R4), then form every Stardust group the pool allows (R1). On
        a greedy roll that allows no match at all (R2) nothing is formed and the answer
        is False: the caller busts. Otherwise True."""
        # (Plain loops rather than comprehensions here: on Python 3.11 each comprehension
        # is a function call of its own, and this runs on many steps of a playout.)
        codes = _CODES
        dark: list[str] = []
        rest: list[tuple[str, str]] = []
        rest_codes: list[int] = []
        counts: dict[int, int] = {}  # star kind -> dice showing it
        for d in self.pool:
            code = codes[d[0]][d[1]]
            if code >= 0:
                counts[code] = counts.get(code, 0) + 1
            elif code == _DARK:
                dark.append(d[0])
                continue
            rest.append(d)
            rest_codes.append(code)
        if dark:
            self.pool = rest
            self.aside.extend(dark)
            r = self.the_recipe
            if r is not None and r.amounts["darkness"]:
                self.tally["darkness"] += len(dark)
            if self.log is not None:
                self._act(
                    seat,
                    "set",
                    "sets",
                    f" aside {_plural(len(dark), 'Darkness die', 'Darkness dice')} "
                    f"({', '.join(dark)}).",
                )
        return self._form(seat, counts, rest, rest_codes, greedy)

    def roll_and_settle(self, seat: int, greedy: bool) -> bool:
        """A roll with nobody reading the log: ``roll_pool`` then ``settle(seat, greedy)``
        in one pass over the dice (the same draws and the same state after; a test
        compares the two). False on a greedy roll's bust. Not for the Lich's first roll,
        which may roll Darkness again before the pool settles."""
        rolls = self.rolls
        dark: list[str] = []
        rest: list[tuple[str, str]] = []
        rest_codes: list[int] = []
        counts: dict[int, int] = {}
        pool = self.pool
        for d, z in zip(pool, self.rng.draws_below(SIDES, len(pool)), strict=True):
            die, code = rolls[d[0]][z % SIDES]
            if code >= 0:
                counts[code] = counts.get(code, 0) + 1
            elif code == _DARK:
                dark.append(d[0])
                continue
            rest.append(die)
            rest_codes.append(code)
        self.pool = rest
        if dark:
            self.aside.extend(dark)
            if RECIPES[self.recipe].amounts["darkness"]:
                self.tally["darkness"] += len(dark)
        return self._form(seat, counts, rest, rest_codes, greedy)

    def _form(
        self,
        seat: int,
        counts: dict[int, int],
        rest: list[tuple[str, str]],
        rest_codes: list[int],
        greedy: bool,
    ) -> bool:
        """The second half of ``settle``: form the groups a roll allows (see there)."""
        if not counts:
            return not greedy or self.super_pair() is not None
        groups = self.groups
        codes = _CODES
        found: dict[int, list[Any]] = {}
        for g in groups:
            found[codes[g[0]][g[1]]] = g
        if greedy:
            for code, n in counts.items():
                if n >= 2 or code in found:
                    break
            else:
                if self.super_pair() is None:
                    return False
        formed: list[int] = []
        tally = self.tally
        for code in sorted(counts):
            n = counts[code]
            group = found.get(code)
            if group is None and n < 2:
                continue
            c, f = _STAR_KINDS[code]
            gain = _STARS[f] * n
            kind = STARDUST[c]
            tally[kind] += gain
            formed.append(code)
            if group is None:
                groups.append([c, f, n])
            else:
                group[2] += n
            if self.log is not None:
                words = _plural(n, f"{c} {f}-star die", f"{c} {f}-star dice")
                if group is None:
                    what = f" a group of {words}: {gain} {INGREDIENT_WORDS[kind]}."
                    self._act(seat, "form", "forms", what)
                else:
                    what = (
                        f" {words} to the {c} {f}-star group: {gain} more {INGREDIENT_WORDS[kind]}."
                    )
                    self._act(seat, "add", "adds", what)
        if formed:
            self.greedy_ok = True
            left = []
            for d, code in zip(rest, rest_codes, strict=True):
                if code not in formed:
                    left.append(d)
            self.pool = left
        return True

    def bust(self, seat: int) -> None:
        """No match on a greedy roll: the turn's results are lost (R3)."""
        if self.log is not None:
            lost = [f"{n} {INGREDIENT_WORDS[i]}" for i, n in self.tally.items() if n]
            if self.new_saved:
                n = len(self.new_saved)
                lost.append(_plural(n, "saved Alchemy die", "saved Alchemy dice"))
            if self.new_supers:
                lost.append(_plural(self.new_supers, "Super Die", "Super Dice"))
            self._act(
                seat,
                "make",
                "makes",
                f" no match and busts, losing {_list_words(lost)} from this turn.",
                your_rest=f" no match and bust, losing {_list_words(lost)} from this turn.",
                kind="score",
            )
        self._drop_unused_kept(seat)
        self._reset_turn()

    def record(self, seat: int) -> None:
        """Record Score: Stardust first, then complex ingredients if allowed (R4)."""
        t = self.totals[seat]
        r = RECIPES[self.recipe]
        tally = self.tally
        t["ruby"] += tally["ruby"]
        t["sapphire"] += tally["sapphire"]
        log = self.log is not None
        parts = [f"{tally[k]} {INGREDIENT_WORDS[k]}" for k in ("ruby", "sapphire")] if log else []
        lost: list[str] = []
        if r.complex_needs:
            amounts = r.amounts
            met = t["ruby"] >= amounts["ruby"] and t["sapphire"] >= amounts["sapphire"]
            for ing in r.complex_needs:
                n = tally[ing]
                if not n:
                    continue
                if met:
                    t[ing] += n
                    if log:
                        parts.append(f"{n} {INGREDIENT_WORDS[ing]}")
                elif log:
                    lost.append(f"{n} {INGREDIENT_WORDS[ing]}")
        if self.new_saved:
            self.saved[seat].extend(self.new_saved)
        self.supers[seat] += self.new_supers
        if log:
            msg = f" {_list_words(parts)}."
            if lost:
                msg += (
                    f" {_list_words(lost)} cannot be added before the Ruby and Sapphire "
                    "Stardust is complete."
                )
            self._act(seat, "record", "records", msg, kind="score")
        if self.kept:
            self._drop_unused_kept(seat)
        self._reset_turn()
        for i, n in r.needs:  # has_won, written out
            if t[i] < n:
                return
        self.win(seat)

    def _drop_unused_kept(self, seat: int) -> None:
        """Saved dice kept to match and never paired are lost at the end of the turn (R5)."""
        if self.kept and self.log is not None:
            dice = _list_words([f"{c} {'heart' if c == 'blue' else 'potion'}" for c in self.kept])
            word = "die goes" if len(self.kept) == 1 else "dice go"
            self.say(
                "detail",
                f"{self.names[seat]}'s kept {dice} {word} unused and back to the box.",
                [(seat, f"Your kept {dice} {word} unused and back to the box.")],
            )

    def win(self, seat: int) -> None:
        """A seat completes the potion."""
        self.winner = seat
        r = self.the_recipe
        assert r is not None
        self._act(
            seat,
            "complete",
            "completes",
            f" the {r.title} for Captain Henry and wins! The others walk the plank.",
            kind="end",
            your_rest=f" the {r.title} for Captain Henry and win! The others walk the plank.",
        )

    def score_super(self, seat: int, n: int, kind: str) -> None:
        """Add an immediate Super Die result to a seat's total."""
        self.totals[seat][kind] += n
        self._act(
            seat,
            "add",
            "adds",
            f" {n} {INGREDIENT_WORDS[kind]} to the total at once.",
            kind="score",
        )
        if self.has_won(seat):
            self.win(seat)

    # -- the contract ------------------------------------------------------------------

    def _game_over(self) -> bool:
        return self.winner >= 0 or self.out_of_time

    TURN_FIGURES = ("ingredients toward the recipe",)

    def turn_figures(self, seat: int) -> tuple[float, ...]:
        """For the simulator's plots: a seat's progress toward the recipe."""
        return (float(self.progress(seat)),)

    def progress(self, seat: int) -> int:
        """Ingredients a seat has toward the recipe, each need counted up to its amount."""
        r = self.the_recipe
        return sum(min(self.totals[seat][i], n) for i, n in r.needs) if r else 0

    @property
    def result(self) -> Result | None:
        """The winner first and everyone else second; after the round limit (R11), most
        ingredients toward the recipe first. The score is those ingredients."""
        if self.winner < 0 and not self.out_of_time:
            return None
        r = self.the_recipe
        assert r is not None
        scores = tuple(float(self.progress(s)) for s in range(self.players))
        if self.winner >= 0:
            placing = tuple(1 if s == self.winner else 2 for s in range(self.players))
            return Result(scores, placing, f"{self.names[self.winner]} completed the {r.title}")
        placing = Result.placing_from(scores)
        best = [self.names[s] for s in range(self.players) if placing[s] == 1]
        return Result(
            scores,
            placing,
            f"after {MAX_ROUNDS} rounds nobody completed the {r.title}; "
            f"{_list_words(best)} came closest",
        )

    def stats(self) -> dict[str, Any]:
        """Turns taken, who moved first and how the game ended, for the simulator."""
        r = self.the_recipe
        if self.out_of_time:
            ending = f"round limit ({MAX_ROUNDS}) reached"
        else:
            ending = f"{r.title} completed" if r else "unfinished"
        setup = f"Recipe: {r.title}" if r else ""
        return {"turns": self.turns, "ending": ending, "first": self.first, "setup": setup}

    def view(self, seat: int | None) -> Any:
        """Everything in Potion Party is public, so every seat sees the same."""
        self.check_viewer(seat)
        r = self.the_recipe
        d = self._decision
        return {
            "game": "potion-party",
            "viewer": seat,
            "names": list(self.names),
            "alchemists": [
                {"key": a, "title": ALCHEMISTS[a].title, "power": ALCHEMISTS[a].power_text}
                if a
                else None
                for a in self.alchemist
            ],
            "recipe": {"key": r.key, "title": r.title, "needs": dict(r.needs)} if r else None,
            "first": self.first,
            "current": self.current,
            "turn": self.turns,
            "totals": [dict(t) for t in self.totals],
            "saved": [list(s) for s in self.saved],
            "super_dice": list(self.supers),
            "this_turn": {
                "pool": [list(d) for d in self.pool],
                "groups": [list(g) for g in self.groups],
                "kept": list(self.kept),
                "set_aside": list(self.aside),
                "tally": dict(self.tally),
                "saved_this_turn": list(self.new_saved),
                "super_dice_this_turn": self.new_supers,
                "may_be_greedy": self.greedy_ok,
                # For a table drawing the turn (rules note R12).
                "waiting": list(self.waiting),
                "darkness": self._darkness_aside(),
                "spent": [list(x) for x in self.spent],
                "new_super": self.loose_green,
            },
            "deciding": d.seat if d else None,
            "prompt": d.prompt if d else None,
            "question": self._question_view() if d else None,
            "winner": self.winner if self.winner >= 0 else None,
            "out_of_time": self.out_of_time,
        }

    def _darkness_aside(self) -> list[str]:
        """The colours of the Darkness dice set aside this turn: ``aside`` without the heart
        and potion dice set aside for a Super Die or as an ingredient (``spent``)."""
        left = Counter(self.aside)
        left.subtract(c for c, _, _ in self.spent)
        return [c for c in ("blue", "red") for _ in range(max(0, left[c]))]

    def _question_view(self) -> dict[str, Any]:
        """What the question in front of the table is about, for a client that draws the
        choice on the piece it acts on (R12): its kind, and the facts of its frame."""
        d = self._decision
        assert d is not None
        top = self.stack[-1]
        if isinstance(top, PickAlchemist):
            return {
                "kind": "alchemist",
                "choices": [
                    {"key": k, "title": ALCHEMISTS[k].title, "power": ALCHEMISTS[k].power_text}
                    for k in d.ids
                ],
            }
        if isinstance(top, PickRecipe):
            return {
                "kind": "recipe",
                "choices": [
                    {
                        "key": k,
                        "title": RECIPES[k].title,
                        "needs": dict(RECIPES[k].needs),
                        "complex": RECIPES[k].is_complex,
                    }
                    for k in d.ids
                ],
            }
        if isinstance(top, UseSaved):
            return {"kind": "use-saved", "colour": self.waiting[0]}
        if isinstance(top, LichReroll):
            return {
                "kind": "lich",
                "limit": top.limit,
                "marked": {"blue": top.blue, "red": top.red},
            }
        if isinstance(top, UseSuper):
            return {"kind": "use-super"}
        if isinstance(top, SuperScore):
            return {"kind": "super-score", "stars": top.stars}
        if isinstance(top, SuperAlchemy):
            return {"kind": "super-alchemy"}
        if isinstance(top, SabotageWindow):
            return {"kind": "sabotage", "target": top.target}
        if isinstance(top, SabotageSpend):
            return {
                "kind": "sabotage-spend",
                "saboteur": top.saboteur,
                "target": top.target,
                "rolled": top.left + top.taken,
                "left": top.left,
            }
        return {"kind": "turn"}

    def clone(self) -> PotionPartyState:
        """An independent copy (hand-written; no deepcopy)."""
        c = PotionPartyState.__new__(PotionPartyState)
        self._clone_base(c)
        c.faces = self.faces
        c.fresh_tables = self.fresh_tables
        c.rolls = self.rolls
        c.alchemist = list(self.alchemist)
        c.recipe = self.recipe
        c.first = self.first
        c.current = self.current
        c.turns = self.turns
        c.totals = [dict(t) for t in self.totals]
        c.saved = [list(s) for s in self.saved]
        c.supers = list(self.supers)
        c.winner = self.winner
        c.out_of_time = self.out_of_time
        c.pool = list(self.pool)
        c.groups = [list(g) for g in self.groups]
        c.kept = list(self.kept)
        c.aside = list(self.aside)
        c.tally = dict(self.tally)
        c.greedy_ok = self.greedy_ok
        c.new_saved = list(self.new_saved)
        c.new_supers = self.new_supers
        c.loose_green = self.loose_green
        c.waiting = list(self.waiting)
        c.spent = list(self.spent)
        return c

    _FIELDS = (
        "alchemist",
        "recipe",
        "first",
        "current",
        "turns",
        "totals",
        "saved",
        "supers",
        "winner",
        "out_of_time",
        "pool",
        "groups",
        "kept",
        "aside",
        "tally",
        "greedy_ok",
        "new_saved",
        "new_supers",
        "loose_green",
        "waiting",
    )

    def _validate_loaded(self) -> None:
        players = self.players
        if len(self.alchemist) != players or len(self.totals) != players:
            raise ValueError("per-seat lists do not match the number of players")
        for t in self.totals:
            if set(t) != set(INGREDIENTS) or any(
                not isinstance(v, int) or v < 0 for v in t.values()
            ):
                raise ValueError("a score total is missing or negative")
        if self.recipe and self.recipe not in RECIPES:
            raise ValueError(f"unknown recipe {self.recipe!r}")
        for a in self.alchemist:
            if a and a not in ALCHEMISTS:
                raise ValueError(f"unknown alchemist {a!r}")

    def _restore(self) -> None:
        self._validate_loaded()
        self.pool = [(c, f) for c, f in self.pool]  # JSON gives lists
        # Not saved (see ``spent``): an unverified load mid-turn draws those dice as Darkness.
        self.spent = []
        self.faces = {
            c: parse_faces(c, self.options.get(f"{c}_faces", ",".join(DEFAULT_FACES[c])))
            for c in ("blue", "red", "green")
        }
        self.fresh_tables = make_fresh_tables(self.faces)
        self.rolls = make_rolls(self.faces)

    # -- dice accounting (for tests and the conformance suite) -------------------------

    def check_invariants(self) -> None:
        """All 16 dice in exactly one place, no negative score, the pool always possible."""
        census = self.dice_census()
        for colour, where in census.items():
            if min(where.values()) < 0:
                raise AssertionError(f"{colour} dice over-counted: {where}")
            if colour != "green" and where["held"] > BOX[colour] - POOL[colour]:
                raise AssertionError(f"too many {colour} dice held for a full pool: {where}")
        if sum(w["in_play"] + w["held"] + w["box"] for w in census.values()) != sum(BOX.values()):
            raise AssertionError("dice do not add up to the box")
        for seat, t in enumerate(self.totals):
            if any(v < 0 for v in t.values()):
                raise AssertionError(f"negative score for seat {seat}: {t}")
        if any(v < 0 for v in self.tally.values()):
            raise AssertionError(f"negative tally: {self.tally}")
        if any(n < 0 for n in self.supers) or self.loose_green < 0 or self.new_supers < 0:
            raise AssertionError("negative Super Dice count")

    def dice_census(self) -> dict[str, dict[str, int]]:
        """Where every die is: in play this turn, held by players, or in the box."""
        in_play = Counter(c for c, _ in self.pool)
        in_play.update(g[0] for g in self.groups for _ in range(g[2]))
        in_play.update(self.kept)
        in_play.update(self.aside)
        in_play.update(self.waiting)
        out: dict[str, dict[str, int]] = {}
        for c in ("blue", "red", "green"):
            held = self.held(c)
            out[c] = {"in_play": in_play[c], "held": held, "box": BOX[c] - in_play[c] - held}
        return out


# A colour's three dice in a fresh pool, settled for every way they can fall, listed by
# the faces rolled (their indices into the colour's faces, read as a number in base
# SIDES): the faces, the Darkness set aside, the dice left in the pool, the groups
# formed, the Stardust they make, and how many show Darkness. Made by ``settle`` itself
# on a table holding only those dice (groups form within a colour, and a fresh pool lays
# its blue dice before its red ones, so the two colours settle apart).
_Settled = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[str, str, int], ...],
    int,
    int,
]
_Tables = tuple[tuple[_Settled, ...], tuple[_Settled, ...]]
_FRESH: dict[tuple[tuple[str, ...], ...], _Tables] = {}
assert POOL == {"blue": 3, "red": 3}, "roll_fresh reads three dice of each colour"


def make_fresh_tables(faces: dict[str, tuple[str, ...]]) -> _Tables:
    """The blue and the red table for these dice (made once per set of faces)."""
    key = (faces["blue"], faces["red"])
    got = _FRESH.get(key)
    if got is None:
        got = (_settle_table("blue", faces["blue"]), _settle_table("red", faces["red"]))
        if len(_FRESH) < 64:
            _FRESH[key] = got
    return got


# What a die of each colour is once rolled, by the index of the face it shows: the die
# and its kind (as ``_CODES`` gives it), for ``roll_greedy``.
_Rolls = dict[str, tuple[tuple[tuple[str, str], int], ...]]


def make_rolls(faces: dict[str, tuple[str, ...]]) -> _Rolls:
    """Each colour's rolled dice by face index (blue and red)."""
    return {c: tuple(((c, f), _CODES[c][f]) for f in faces[c]) for c in ("blue", "red")}


def _settle_table(colour: str, faces: tuple[str, ...]) -> tuple[_Settled, ...]:
    out: list[_Settled] = []
    for drawn in product(range(SIDES), repeat=POOL[colour]):  # in base-SIDES order
        s = PotionPartyState.__new__(PotionPartyState)
        s.log = None
        s.recipe = ""  # the Darkness ingredient is counted by the caller
        s.pool = [(colour, faces[i]) for i in drawn]
        s.aside, s.groups, s.greedy_ok = [], [], False
        s.tally = dict.fromkeys(INGREDIENTS, 0)
        s.settle(0)
        rolled = tuple(faces[i] for i in drawn)
        left = tuple((c, f) for c, f in s.pool)
        groups = tuple((c, f, n) for c, f, n in s.groups)
        dark = tuple(s.aside)
        out.append((rolled, dark, left, groups, s.tally[STARDUST[colour]], len(dark)))
    return tuple(out)


# ------------------------------------------------------------------------------
# Frames


@dataclass
class RollOff(Frame):
    """Each contender rolls two blue dice; most stars goes first (R10)."""

    contenders: list[int]
    rounds: int = 0

    LIMIT = 20

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        if self.rounds >= self.LIMIT:
            # Only dice configured with no spread in stars can tie this often (R10).
            self.contenders = [self.contenders[s.rng.below(len(self.contenders))]]
            s.say("setup", f"After {self.LIMIT} tied roll-offs, Player One is chosen by lot.")
        self.rounds += 1
        results = {}
        for seat in self.contenders if len(self.contenders) > 1 else ():
            a, b = s._roll("blue"), s._roll("blue")
            results[seat] = stars(a) + stars(b)
            if s.log is not None:
                s._act(
                    seat,
                    "roll",
                    "rolls",
                    f" {face_words('blue', a)} and {face_words('blue', b)} for first player: "
                    f"{_plural(results[seat], 'star')}.",
                    kind="setup",
                )
        best = max(results.values(), default=0)
        top = [seat for seat in self.contenders if results.get(seat, 0) == best]
        if len(top) > 1:
            s.say_each(
                "setup", lambda v: f"{s.who_all(top, v, start=True)} tie and roll again.", top
            )
            self.contenders = top
            return None
        s.first = top[0]
        first = s.first
        s.say_each(
            "setup",
            lambda v: "You are Player One." if v == first else f"{s.names[first]} is Player One.",
            [first],
        )
        s.stack.pop()
        order = [(s.first + i) % s.players for i in range(s.players)]
        s.stack.append(StartTurn(s.first))
        recipe_opt = s.options["recipe"]
        s.stack.append(PickRecipe(order[-1], recipe_opt))
        s.stack.append(PickAlchemist(order, 0, s.options["alchemists"]))
        return None


# The set-up questions' options, made once: an alchemist's, and every recipe with the ids.
_ALCHEMIST_OPTIONS = {k: Option(k, f"{a.title}: {a.power_text}") for k, a in ALCHEMISTS.items()}
_RECIPE_OPTIONS = (
    tuple(
        Option(k, f"{r.title} ({'complex' if r.is_complex else 'simple'}): {r.describe()}")
        for k, r in RECIPES.items()
    ),
    tuple(RECIPES),
)


@dataclass
class PickAlchemist(Frame):
    """Each player in turn order chooses an alchemist card."""

    order: list[int]
    pos: int
    mode: str

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        while self.pos < len(self.order):
            seat = self.order[self.pos]
            free = [k for k in ALCHEMISTS if k not in s.alchemist]
            if self.mode == "random":
                self._take(s, seat, free[s.rng.below(len(free))])
                continue
            opts = tuple([_ALCHEMIST_OPTIONS[k] for k in free])
            return Decision(seat, "Choose your alchemist", opts, tuple(free))
        s.stack.pop()
        return None

    def _take(self, s: PotionPartyState, seat: int, key: str) -> None:
        s.alchemist[seat] = key
        s._act(seat, "choose", "chooses", f" the {ALCHEMISTS[key].title}.", kind="setup")
        self.pos += 1

    def choose(self, state: Any, option_id: str) -> None:
        self._take(state, self.order[self.pos], option_id)


@dataclass
class PickRecipe(Frame):
    """The last player to choose an alchemist chooses the potion."""

    seat: int
    mode: str

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        if self.mode in RECIPES:
            self._take(s, self.mode, chosen=False)
            return None
        if self.mode == "random":
            keys = list(RECIPES)
            self._take(s, keys[s.rng.below(len(keys))], chosen=False)
            return None
        return Decision(self.seat, "Choose the potion everyone brews", *_RECIPE_OPTIONS)

    def _take(self, s: PotionPartyState, key: str, chosen: bool) -> None:
        s.recipe = key
        r = RECIPES[key]
        seat = self.seat
        if chosen:
            s._act(seat, "choose", "chooses", f" the {r.title}: {r.describe()}.", kind="setup")
        else:
            s.say("setup", f"The potion is the {r.title}: {r.describe()}.")
        s.stack.pop()

    def choose(self, state: Any, option_id: str) -> None:
        self._take(state, option_id, chosen=True)


@dataclass
class StartTurn(Frame):
    """Begin a turn: saved Alchemy dice first, then the roll."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        s.stack.pop()
        if s.begin_turn(self.seat):
            s.stack.append(Turn(self.seat, "roll"))
            if s.waiting:
                s.stack.append(UseSaved(self.seat))
        return None


@dataclass
class UseSaved(Frame):
    """Each saved Alchemy die is rolled with the pool or kept to match (R5)."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        if not s.waiting:
            s.stack.pop()
            return None
        prompt, opts, ids = _USE_SAVED[s.waiting[0]]
        return Decision(self.seat, prompt, opts, ids)

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        colour = s.waiting.pop(0)
        if option_id == "add":
            s.pool.append((colour, ""))
            if s.log is not None:
                s._act(self.seat, "add", "adds", f" a saved {colour} die to the roll.")
        else:
            s.kept.append(colour)
            if s.log is not None:
                s._act(self.seat, "keep", "keeps", f" a saved {colour} die aside to match.")


def _use_saved(colour: str) -> tuple[str, tuple[Option, ...], tuple[str, ...]]:
    """The question about a saved die of one colour (made once per colour), with its ids."""
    face = "heart" if colour == "blue" else "potion"
    opts = (
        Option("add", f"Roll the saved {colour} die with the pool"),
        Option("keep", f"Keep it showing its {face} to pair with a rolled {OPPOSITE[face]}"),
    )
    return f"Use your saved {colour} Alchemy die ({face})", opts, ("add", "keep")


_USE_SAVED = {colour: _use_saved(colour) for colour in ("blue", "red")}


@dataclass
class Turn(Frame):
    """One player's turn, step by step."""

    seat: int
    step: str

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        step = self.step
        if step == "roll":
            self.step = step = "darkness"
            if s.log is None and len(s.pool) == _FRESH_DICE:
                dark = s.roll_fresh(self.seat)  # a fresh pool, nobody reading: use the tables
                if dark < 0:
                    step = self.step = "collect"
            elif s.log is None and s.power(self.seat) != "lich":
                s.roll_and_settle(self.seat, False)  # saved dice added: in one pass
                step = self.step = "collect"
                dark = 0
            else:
                dark = s.roll_pool(self.seat)
            if dark >= 2 and s.power(self.seat) == "lich":
                s.stack.append(LichReroll(self.seat, dark // 2))
                return None
            # Nothing can intervene: go straight on (one trip through the stack, not two).
        if step == "darkness":
            s.settle(self.seat)
            self.step = "collect"
        elif step != "collect":
            self.end(s, step == "record")
            return None
        opts, ids = self.options(s)
        # The prompt's words are made only if somebody reads them (playouts do not),
        # from a snapshot, so they stay true after the answer. The snapshot copies the
        # lists, not the dice in them: a die's list is never changed once a question
        # about it is asked (a roll makes new ones).
        kept, saved = s.kept, s.new_saved
        return _TurnQuestion(
            self.seat,
            opts,
            ids,
            (s.pool[:], s.tally.copy(), tuple(kept) if kept else (), tuple(saved) if saved else ()),
        )

    def end(self, s: PotionPartyState, record: bool) -> None:
        """End the turn (recording its results, or after a bust) and begin the next seat's
        turn in this same frame, or end the game."""
        seat = self.seat
        if record:
            s.record(seat)
        if s.turn_hook is not None:  # the simulator charts this game (sim.py)
            s.turn_hook(seat)
        nxt = (seat + 1) % len(s.names)
        if s.winner >= 0 or not s.begin_turn(nxt):
            s.stack.remove(self)
            return
        self.seat = nxt
        self.step = "roll"
        if s.waiting:
            s.stack.append(UseSaved(nxt))

    def prompt(self, s: PotionPartyState) -> str:
        """What next, with the dice left and the turn's haul, so the choice is informed."""
        return self.prompt_words(
            tuple(map(tuple, s.pool)),
            tuple(s.tally.items()),
            tuple(s.kept),
            tuple(s.new_saved),
        )

    @staticmethod
    def prompt_words(
        pool: Sequence[Sequence[str]],
        haul: Iterable[tuple[str, int]],
        kept: tuple[str, ...],
        saved: tuple[str, ...],
    ) -> str:
        """The prompt from what it tells: pool, the turn's haul, kept and saved dice."""
        dice = _list_words([face_words(c, f) for c, f in pool]) if pool else "empty"
        got = [f"{n} {INGREDIENT_WORDS[k]}" for k, n in haul if n]
        extra = ""
        if kept:
            extra += f"; kept to match: {', '.join(kept)}"
        if saved:
            extra += f"; saved for next turn: {', '.join(saved)}"
        return (
            f"What next? Pool: {dice}; this turn so far: "
            f"{_list_words(got) if got else 'nothing'}{extra}."
        )

    def options(self, s: PotionPartyState) -> tuple[tuple[Option, ...], tuple[str, ...]]:
        """The choices while collecting ingredients, and their ids: "stop" always first and
        "greedy" second when offered, so their numbers never move; then the Alchemy dice.
        The same choices are made once and kept (they depend on a few facts only)."""
        pool = s.pool
        greedy = len(pool) if s.greedy_ok else 0
        heart = potion = 0  # 0: none in the pool; else 1 + 2 * may save + 4 * may take
        if _HEART in pool:
            heart = 1
        if _POTION in pool:
            potion = 1
        if not (heart or potion):
            got = _PLAIN_TURN_OPTIONS.get(greedy)
            if got is None:
                got = _PLAIN_TURN_OPTIONS[greedy] = _turn_options(greedy, False, 0, 0)
            return got
        # A Super Die needs a rolled heart or potion (the same test as super_pair: a
        # rolled pair, or a rolled die and a kept one of the other kind).
        kept = s.kept
        pair = bool(
            ((potion and (heart or "blue" in kept)) or (heart and "red" in kept))
            and s.can_make_super()
        )
        amounts = RECIPES[s.recipe].amounts
        # The dice held beside the alchemist cards, counted once (as can_save does).
        blue = red = 0
        for saved in (s.new_saved, *s.saved):
            for c in saved:
                if c == "blue":
                    blue += 1
                else:
                    red += 1
        if heart:
            heart = 1 + 2 * (blue < _MAX_HELD_BLUE) + 4 * bool(amounts["heart"])
        if potion:
            potion = 1 + 2 * (red < _MAX_HELD_RED) + 4 * bool(amounts["potion"])
        key = (greedy, pair, heart, potion)
        got = _TURN_OPTIONS.get(key)
        if got is None:
            got = _TURN_OPTIONS[key] = _turn_options(*key)
        return got

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        seat = self.seat
        if option_id == "stop":
            if s.log is not None:
                s._act(seat, "stop", "stops", ".")
            if any(s.supers):  # a window where nobody may Sabotage closes without a word
                self.step = "record"
                order = [(seat + i) % s.players for i in range(1, s.players)]
                s.stack.append(SabotageWindow(order, 0, seat))
            else:
                self.end(s, True)
            return
        if option_id == "greedy":
            if s.log is not None:
                s._act(seat, "are", "is", " greedy.")
            if s.log is None:
                safe = s.roll_and_settle(seat, True)
            else:
                s.roll_pool(seat)
                safe = s.settle(seat, greedy=True)
            if not safe:
                s.bust(seat)
                self.end(s, False)
            return
        if option_id == "super":
            pair = s.super_pair()
            assert pair is not None
            for face, source in zip(("heart", "potion"), pair, strict=True):
                colour = FACE_COLOUR[face]
                if source == "kept":
                    s.kept.remove(colour)
                else:
                    s.pool.remove((colour, face))
                    s.aside.append(colour)
                    s.spent.append((colour, face, "super"))
            s.loose_green += 1
            s._act(seat, "pair", "pairs", " a heart and a potion into a Super Die.", kind="super")
            s.stack.append(UseSuper(seat))
            return
        action, face = option_id.split("-", 1)
        colour = FACE_COLOUR[face]
        s.pool.remove((colour, face))
        if action == "save":
            s.new_saved.append(colour)
            if s.log is not None:
                s._act(seat, "save", "saves", f" the {colour} {face} die for next turn.")
        else:
            s.aside.append(colour)
            s.spent.append((colour, face, "ingredient"))
            s.tally[face] += 1
            if s.log is not None:
                s._act(seat, "take", "takes", f" the {face} as an Alchemy ingredient.")


_Snapshot = tuple[list[tuple[str, str]], dict[str, int], tuple[str, ...], tuple[str, ...]]


class _TurnQuestion(Decision):
    """The Turn's question, which makes its prompt from a snapshot of the turn (the pool,
    the turn's haul, kept and saved dice) only when somebody first reads it (see
    Turn.run): one object rather than a question and a function."""

    __slots__ = ("_snapshot",)

    _snapshot: _Snapshot | None

    def __init__(
        self, seat: int, options: tuple[Option, ...], ids: tuple[str, ...], snapshot: _Snapshot
    ) -> None:
        self.seat = seat
        self.options = options
        self.ids = ids
        self._id_set = None
        self.hot_ids = None
        self._prompt = ""
        self._snapshot = snapshot

    @property
    def prompt(self) -> str:
        """The question in plain words."""
        snap = self._snapshot
        if snap is not None:
            pool, tally, kept, saved = snap
            self._prompt = Turn.prompt_words(pool, tally.items(), kept, saved)
            self._snapshot = None
        p = self._prompt
        assert isinstance(p, str)
        return p


_TURN_OPTIONS: dict[tuple[int, bool, int, int], tuple[tuple[Option, ...], tuple[str, ...]]] = {}
# The same for a pool with no heart or potion (so no Super Die either), by dice left.
_PLAIN_TURN_OPTIONS: dict[int, tuple[tuple[Option, ...], tuple[str, ...]]] = {}


def _turn_options(
    greedy: int, pair: bool, heart: int, potion: int
) -> tuple[tuple[Option, ...], tuple[str, ...]]:
    """The Turn's options for these facts (see ``Turn.options``)."""
    opts: list[Option] = [Option("stop", "Stop and record this turn's ingredients")]
    if greedy:
        dice = _plural(greedy, "die", "dice")
        opts.append(Option("greedy", f"Be greedy: roll the {dice} left in the pool"))
    if pair:
        opts.append(Option("super", "Pair a heart and a potion into a Super Die"))
    for face, facts in (("heart", heart), ("potion", potion)):
        if not facts:
            continue
        colour = FACE_COLOUR[face]
        if facts & 2:
            opts.append(Option(f"save-{face}", f"Save the {colour} {face} die for next turn"))
        if facts & 4:
            opts.append(
                Option(
                    f"take-{face}",
                    f"Take the {face} as an Alchemy ({face}) ingredient "
                    "(it counts only once your Ruby and Sapphire are complete)",
                )
            )
    return tuple(opts), tuple([o.id for o in opts])


@dataclass
class LichReroll(Frame):
    """Skeleton "Lich": mark up to ``limit`` Darkness dice, then roll them again."""

    seat: int
    limit: int
    blue: int = 0
    red: int = 0

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        marked = self.blue + self.red
        opts: list[Option] = []
        if marked < self.limit:
            for colour in ("blue", "red"):
                dark = sum(1 for c, f in s.pool if c == colour and f == "dark")
                if dark > getattr(self, colour):
                    opts.append(Option(f"mark-{colour}", f"Roll a {colour} Darkness die again"))
        if not opts:
            self._reroll(s)
            return None
        opts.append(Option("done", "Roll the marked dice again" if marked else "Keep it all"))
        prompt = (
            f"No Darkness but Ignorance: choose up to {self.limit} "
            f"Darkness dice to roll again ({marked} chosen)"
        )
        return Decision(self.seat, prompt, tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        if option_id == "done":
            self._reroll(state)
        elif option_id == "mark-blue":
            self.blue += 1
        else:
            self.red += 1

    def _reroll(self, s: PotionPartyState) -> None:
        s.stack.pop()  # this frame: asked from the top of the stack
        if not self.blue + self.red:
            return
        left = {"blue": self.blue, "red": self.red}
        faces = []
        pool = s.pool
        for i, (c, f) in enumerate(pool):
            if f == "dark" and left[c] > 0:
                left[c] -= 1
                pool[i] = (c, s._roll(c))
                faces.append(face_words(c, pool[i][1]))
        s._act(
            self.seat,
            "roll",
            "rolls",
            f" {_plural(len(faces), 'Darkness die', 'Darkness dice')} again "
            f"(No Darkness but Ignorance): {_list_words(faces)}.",
        )


@dataclass
class UseSuper(Frame):
    """A new Super Die: roll it at once or keep it for Sabotage."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        opts = (
            Option("roll", "Roll it now: its stars go to your total at once"),
            Option("keep", "Keep it beside your alchemist for Sabotage"),
        )
        return Decision(self.seat, "Use your new Super Die", opts)

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        s.stack.pop()
        if option_id == "keep":
            s.loose_green -= 1
            s.new_supers += 1
            s._act(self.seat, "keep", "keeps", " the Super Die for Sabotage.", kind="super")
            return
        face = s._roll("green")
        s._act(
            self.seat,
            "roll",
            "rolls",
            f" the Super Die: {face_words('green', face)}.",
            kind="super",
        )
        if stars(face):
            s.stack.append(SuperScore(self.seat, stars(face)))
        elif s.power(self.seat) == "witch":
            s._act(
                self.seat,
                "count",
                "counts",
                " it as a heart and a potion (Hit it with Bleach): the Super Die is made again.",
                kind="super",
            )
            s.stack.append(UseSuper(self.seat))
        else:
            s.stack.append(SuperAlchemy(self.seat))


@dataclass
class SuperScore(Frame):
    """Stars of an immediately rolled Super Die go to one chosen kind (R7)."""

    seat: int
    stars: int

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        r = s.the_recipe
        assert r is not None
        opts = [
            Option("ruby", f"{self.stars} Ruby Stardust"),
            Option("sapphire", f"{self.stars} Sapphire Stardust"),
        ]
        if r.need("emerald") and s.stardust_met(self.seat):
            opts.append(Option("emerald", f"{self.stars} Emerald Stardust"))
        return Decision(
            self.seat,
            f"Take the Super Die's {self.stars} stars as",
            tuple(opts),
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        s.stack.pop()
        s.loose_green -= 1
        s.score_super(self.seat, self.stars, option_id)


@dataclass
class SuperAlchemy(Frame):
    """A green Alchemy face may be saved as a blue heart or a red potion die."""

    seat: int

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        r = s.the_recipe
        assert r is not None
        opts = []
        for colour, face in (("blue", "heart"), ("red", "potion")):
            # Saving needs a free die of that colour in the box, and must leave a full
            # pool for the next turn (R9).
            if s.can_save(colour) and s.free_in_box(colour) > 0:
                opts.append(Option(f"save-{colour}", f"Save it as a {colour} {face} die"))
        for face in ("heart", "potion"):
            if r.need(face):
                opts.append(
                    Option(
                        f"take-{face}",
                        f"Take it as an Alchemy ({face}) ingredient (it counts only once "
                        "your Ruby and Sapphire are complete)",
                    )
                )
        if not opts:
            s.loose_green -= 1
            s.stack.pop()
            s.say(
                "detail",
                "No blue or red die is free to save and the potion needs no Alchemy, "
                "so the Alchemy face is lost.",
            )
            return None
        opts.append(Option("none", "Let it go"))
        return Decision(
            self.seat, "The Super Die shows Alchemy: what will you do with it?", tuple(opts)
        )

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        s.stack.pop()
        s.loose_green -= 1
        if option_id == "none":
            s._act(self.seat, "let", "lets", " the Super Die's Alchemy face go.")
            return
        action, what = option_id.split("-", 1)
        if action == "take":
            # Collected like any rolled Alchemy face, and banked at Record Score (R4, R7).
            s.tally[what] += 1
            s._act(
                self.seat,
                "take",
                "takes",
                f" the Super Die's Alchemy face as an Alchemy ({what}) ingredient.",
            )
            return
        s.saved[self.seat].append(what)  # immediate, so a later bust keeps it (R3)
        s._act(self.seat, "save", "saves", f" a {what} Alchemy die for next turn.")


@dataclass
class SabotageWindow(ResponseWindow):
    """After a player stops, each holder of a Super Die may Sabotage (R8)."""

    target: int = 0

    def eligible(self, state: Any, seat: int) -> bool:
        s: PotionPartyState = state
        return s.supers[seat] > 0 and s.winner < 0

    def responses(self, state: Any, seat: int) -> list[Option]:
        s: PotionPartyState = state
        return [Option("sabotage", f"Roll a Super Die to Sabotage {s.names[self.target]}")]

    def pass_label(self, state: Any, seat: int) -> str:
        return "Let them be"

    def declined(self, state: Any, seat: int) -> None:
        s: PotionPartyState = state
        if s.log is not None:
            who, target = s.names[seat], s.names[self.target]
            s.say(
                "sabotage",
                f"{who} lets {target} be (no Sabotage).",
                [
                    (seat, f"You let {target} be (no Sabotage)."),
                    (self.target, f"{who} lets you be (no Sabotage)."),
                ],
            )

    def prompt(self, state: Any, seat: int) -> str:
        s: PotionPartyState = state
        t = s.tally
        return (
            f"{s.names[self.target]} stopped with {t['ruby']} Ruby and "
            f"{t['sapphire']} Sapphire Stardust this turn; Sabotage? "
            f"(you hold {_plural(s.supers[seat], 'Super Die', 'Super Dice')})"
        )

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        s: PotionPartyState = state
        s.supers[seat] -= 1
        face = s._roll("green")
        target, shown = self.target, face_words("green", face)
        s.say_each(
            "sabotage",
            lambda v: (
                f"{s.who(seat, v, True)} {'roll' if v == seat else 'rolls'} a Super Die "
                f"to Sabotage {s.who(target, v)}: {shown}."
            ),
            (seat, target),
        )
        if s.power(seat) == "kobold":
            hit = [o for o in range(s.players) if o != seat and s.totals[o]["ruby"] > 0]
            for o in hit:
                s.totals[o]["ruby"] -= 1
            if hit:
                s.say_each(
                    "sabotage",
                    lambda v: (
                        f"Boom! Service: {s.who_all(hit, v)} "
                        f"{'loses' if len(hit) == 1 and v not in hit else 'lose'} 1 Ruby Stardust."
                    ),
                    hit,
                )
            else:
                s.say("sabotage", "Boom! Service: nobody has Ruby Stardust to lose.")
        if face == "both":
            if s.power(seat) == "witch":
                s.supers[seat] += 1
                s._act(
                    seat,
                    "keep",
                    "keeps",
                    " the Super Die: its Alchemy face counts as a heart and a potion "
                    "(Hit it with Bleach).",
                    kind="sabotage",
                )
            else:
                s.say("sabotage", "An Alchemy face has no effect in Sabotage.")
            return
        s.stack.append(SabotageSpend(seat, self.target, stars(face)))


@dataclass
class SabotageSpend(Frame):
    """The saboteur takes up to ``left`` Stardust from the turn, a colour at a time."""

    saboteur: int
    target: int
    left: int
    taken: int = 0

    def run(self, state: Any) -> Decision | None:
        s: PotionPartyState = state
        opts = []
        if self.left > 0:
            for kind in ("ruby", "sapphire"):
                if s.tally[kind] > 0:
                    opts.append(Option(kind, f"Take 1 {INGREDIENT_WORDS[kind]}"))
        if not opts:
            self._close(s)
            return None
        opts.append(Option("done", "Take no more"))
        prompt = f"Take up to {self.left} more Stardust from {s.names[self.target]}'s turn"
        return Decision(self.saboteur, prompt, tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionPartyState = state
        if option_id == "done":
            self._close(s)
            return
        s.tally[option_id] -= 1
        self.left -= 1
        self.taken += 1

    def _close(self, s: PotionPartyState) -> None:
        s.stack.pop()  # this frame: asked from the top of the stack
        t = s.tally
        saboteur, target, taken = self.saboteur, self.target, self.taken
        s.say_each(
            "sabotage",
            lambda v: (
                f"{s.who(saboteur, v, True)} {'sabotage' if v == saboteur else 'sabotages'}"
                f" {taken} Stardust; {s.who(target, v)} now {'have' if v == target else 'has'} "
                f"{t['ruby']} Ruby and {t['sapphire']} Sapphire Stardust to record."
            ),
            (saboteur, target),
        )


PotionPartyState.FRAMES = {
    cls.__name__: cls
    for cls in (
        RollOff,
        PickAlchemist,
        PickRecipe,
        StartTurn,
        UseSaved,
        Turn,
        LichReroll,
        UseSuper,
        SuperScore,
        SuperAlchemy,
        SabotageWindow,
        SabotageSpend,
    )
}
