"""Spells and the cards with special effects, each found by its effect name in a table.

A spell is cast from the hand: it is shown, resolved, then lies on the Desk
as its element (no point, M19), and another play follows in the same phase
(M21). It may be cast only when its effect can do something (M22). Effects
of University Course cards are not published; ours are reconstructed and
marked so in the card data (docs/rules/potion-making.md, section University).

``SPELLS`` maps an effect name to a ``Spell``; ``RECIPE_EFFECTS`` maps the
effect of a recipe card to what happens when it is collected (if anything).
Questions a spell asks are ``Pick`` frames answered through ``PICKS``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option, ResponseWindow
from athanor.engine.text import plural, with_article
from athanor.games.potion_making.cards import CardSet
from athanor.games.potion_making.desk import holdings, tell_apart
from athanor.games.potion_making.drawing import Draw
from athanor.games.potion_making.sequences import Step, transmutable

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState


@dataclass(frozen=True)
class Spell:
    """A spell: what it does in our words, when it may be cast, and how it starts."""

    text: str
    can: Callable[[PotionMakingState, int], bool]
    start: Callable[[PotionMakingState, int], None]
    plays_after: int = 1  # plays that follow it in the same phase
    brief: str = ""  # a few words for the option that casts it (``text`` is for card NAME)


@dataclass(frozen=True)
class RecipeEffect:
    """What a special recipe does; ``collected`` runs when someone collects it."""

    text: str
    collected: Callable[[PotionMakingState, int, int], None] | None = None


# -- questions ---------------------------------------------------------------------------


class Question:
    """One question a spell asks: its options, its prompt and what an answer does.

    A question whose only option is forced is answered without asking (M6).
    """

    forced = True

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        """The answers open now (none: the question is skipped)."""
        raise NotImplementedError

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        """The question in words."""
        raise NotImplementedError

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        """Act on an answer; remove ``f`` from the stack when the question is done."""
        raise NotImplementedError


@dataclass
class Pick(Frame):
    """A question of a spell or card, answered through the table ``PICKS``."""

    seat: int
    what: str
    memo: list[int] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        q = PICKS[self.what]
        opts = q.options(s, self)
        if not opts:
            s.stack.remove(self)
            return None
        if len(opts) == 1 and q.forced:
            q.answer(s, self, opts[0].id)
            return None
        return Decision(self.seat, q.prompt(s, self), tuple(opts))

    def choose(self, state: Any, option_id: str) -> None:
        PICKS[self.what].answer(state, self, option_id)


def _desk_cards(s: PotionMakingState, keep: Callable[[int], bool]) -> list[int]:
    """Desk cards passing ``keep``, one per kind."""
    seen: set[str] = set()
    out = []
    cards = s.cs.cards
    for d in s.desk:
        k = cards[d].key
        if k not in seen and keep(d):
            seen.add(k)
            out.append(d)
    return out


def _by_key(s: PotionMakingState, zone: list[int], key: str) -> int:
    cards = s.cs.cards
    return next(c for c in zone if cards[c].key == key)


def _is_recipe(s: PotionMakingState) -> Callable[[int], bool]:
    cards = s.cs.cards
    return lambda c: cards[c].type.kind == "recipe"


def _desk_option(s: PotionMakingState, d: int) -> Option:
    """A Desk card as an answer: "Elixir of Flight (Quintessence of Will)" (the question
    says what is done with it)."""
    return _answers(s.cs)[d][0]


@functools.lru_cache(maxsize=16)
def _answers(cs: CardSet) -> tuple[tuple[Option, Option], ...]:
    """Per card id, its options as a Desk card and as a card of the hand, "Elixir of Fire
    (Fiery Light)", made once per card set (as many kept as card sets are, cards.load)."""
    return tuple(
        (
            Option(f"desk:{c.key}", f"{c.name} ({c.bottom})"),
            Option(f"hand:{c.key}", f"{c.name} ({c.bottom})"),
        )
        for c in cs.cards
    )


def _hand_options(s: PotionMakingState, seat: int, recipes: bool = False) -> list[Option]:
    """Cards of the hand as answers, each kind once: "Elixir of Fire (Fiery Light)"."""
    seen: set[str] = set()
    out = []
    for c in s.hands[seat]:
        card = s.cs.cards[c]
        if card.key in seen or (recipes and card.type.kind != "recipe"):
            continue
        seen.add(card.key)
        out.append(_answers(s.cs)[c][1])
    return out


def _recipes(s: PotionMakingState, verb: str, items: list[tuple[int, str]]) -> list[Option]:
    """Collected recipes as answers (``mine:ID``, ``recipe:ID``), told apart where two would
    read the same."""
    labels = tell_apart(s, items)
    return [Option(f"{verb}:{r}", label) for (r, _), label in zip(items, labels, strict=True)]


def _lay_options(s: PotionMakingState, seat: int) -> list[Option]:
    """Lay a card from the hand (``lay:KEY``), worded as a play's lay is."""
    seen: set[str] = set()
    out = []
    for c in s.hands[seat]:
        card = s.cs.cards[c]
        if card.key not in seen:
            seen.add(card.key)
            out.append(Option(f"lay:{card.key}", s.lay_words(c, s.element_is_new(c))))
    return out


class DeskToHand(Question):
    """Take a card from the Desk into the hand, openly (Knowledge and its kin)."""

    def __init__(self, kind: str, optional: bool = False) -> None:
        self.kind = kind  # "recipe", "spell" or "" for any card
        self.optional = optional
        self.forced = not optional

    def _keep(self, s: PotionMakingState) -> Callable[[int], bool]:
        cards = s.cs.cards
        if not self.kind:  # Universal Knowledge: a recipe or a Philosopher's Stone (M27)
            return lambda c: cards[c].type.kind != "spell"
        return lambda c: cards[c].type.kind == self.kind

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        opts = [_desk_option(s, d) for d in _desk_cards(s, self._keep(s))]
        if opts and self.optional:
            opts.append(Option("none", "Take nothing"))
        return opts

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        what = {
            "recipe": "a recipe card",
            "spell": "a spell card",
            "": "a recipe card or a Philosopher's Stone",
        }[self.kind]
        return f"Take {what} from the Desk into your hand"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        if oid == "none":
            return
        cid = _by_key(s, s.desk, oid.partition(":")[2])
        s.desk.remove(cid)
        s.to_hand_openly(f.seat, cid)
        name = s.card(cid).name
        s.act(
            f.seat,
            "take",
            "takes",
            f" {name} from the Desk into their hand.",
            mine=f" {name} from the Desk into your hand.",
        )


# -- Practice spells -----------------------------------------------------------------------


class TransformMine(Question):
    """Spell of Transformation, first: which of your collected recipes to give up."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _recipes(s, "mine", [(r, f"Your {s.card(r).name}") for r in s.collected[f.seat]])

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which collected recipe goes to the Desk?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        f.memo.append(int(oid.partition(":")[2]))
        f.what = "transform-desk"


class TransformDesk(Question):
    """Spell of Transformation, then: which recipe card on the Desk becomes yours."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return [_desk_option(s, d) for d in _desk_cards(s, _is_recipe(s))]

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which recipe card on the Desk becomes your collected recipe?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        seat = f.seat
        mine = f.memo[0]
        got = _by_key(s, s.desk, oid.partition(":")[2])
        s.desk.remove(got)
        s.dismantle(seat, mine)
        s.collected[seat].append(got)
        s.act(
            seat,
            "swap",
            "swaps",
            f" their {s.card(mine).name}, with its components, for the {s.card(got).name} on "
            "the Desk.",
            mine=f" your {s.card(mine).name}, with its components, for the {s.card(got).name} "
            "on the Desk.",
        )


def _breakable(s: PotionMakingState, seat: int) -> list[int]:
    return [r for r in s.collected[seat] if s.under.get(r, ((), ()))[0]]


class DestroyWhich(Question):
    """Spell of Destruction, first: which of your collected recipes to break."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _recipes(s, "mine", [(r, f"Your {s.card(r).name}") for r in _breakable(s, f.seat)])

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which collected recipe do you break?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        f.memo.append(int(oid.partition(":")[2]))
        f.what = "destroy-keep"


class DestroyKeep(Question):
    """Spell of Destruction, then: which component recipe you keep as collected."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        seen: set[str] = set()
        out = []
        for r in s.under[f.memo[0]][0]:
            k = s.card(r).key
            if k not in seen:
                seen.add(k)
                out.append(Option(f"keep:{r}", s.card(r).name))
        return out

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which component recipe do you keep as collected?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        seat = f.seat
        broken = f.memo[0]
        keep = int(oid.partition(":")[2])
        recipes, elements = s.under.pop(broken)
        s.collected[seat].remove(broken)
        s.magma.discard(broken)
        s.desk.append(broken)
        s.desk.extend(r for r in recipes if r != keep)
        s.desk.extend(elements)
        s.collected[seat].append(keep)
        rest = (
            f" {s.card(broken).name}, keeping the {s.card(keep).name}; the rest goes to the Desk."
        )
        s.act(seat, "break", "breaks", f" their{rest}", mine=f" your{rest}")


# -- Guild spells ------------------------------------------------------------------------


class TransmuteWhich(Question):
    """Spell of Transmutation: which Sequence skips its next step."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        out = []
        for j in transmutable(s, f.seat, holdings(s)):
            n = len(s.seqs[f.seat][j])
            seq = s.sequence(f.seat, j)
            out.append(
                Option(
                    f"seq:{j + 1}",
                    f"Skip step {n + 1} ({seq.steps[n][0]}) of Sequence {j + 1} and add "
                    f"{seq.steps[n + 1][0]}: {plural(seq.steps[n + 1][1], 'point')}",
                )
            )
        return out

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which Sequence skips a step?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        from athanor.games.potion_making.rules import SKIP

        s.stack.remove(f)
        j = int(oid.partition(":")[2]) - 1
        s.seqs[f.seat][j].append(SKIP)
        s.stack.append(Step(f.seat, j))


class ReturnCards(Question):
    """Spell of Trismegistus, last: return two cards from the hand to their decks."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        if len(f.memo) >= 2:
            return []
        return [
            Option(o.id.replace("hand:", "return:", 1), o.label) for o in _hand_options(s, f.seat)
        ]

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return f"Which card goes back to its deck? ({2 - len(f.memo)} to return)"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        seat = f.seat
        cid = _by_key(s, s.hands[seat], oid.partition(":")[2])
        s.from_hand(seat, cid)
        s.decks[s.card(cid).type.deck].append(cid)
        f.memo.append(cid)
        if len(f.memo) == 2 or not s.hands[seat]:
            _returned(s, seat, f.memo)
            s.stack.remove(f)


def _returned(s: PotionMakingState, seat: int, cids: list[int]) -> None:
    """The returned cards' decks are shuffled; what the table knew of the hand is lost (M20)."""
    decks = sorted({s.card(c).type.deck for c in cids})
    for d in decks:
        s.rng.shuffle(s.decks[d])
    s.known[seat] = []
    if s.log is not None:
        where = " and ".join(decks)
        names = " and ".join(with_article(s.card(c).name) for c in cids)
        s.say(
            "return",
            f"{s.names[seat]} returns {plural(len(cids), 'card')} to the {where} "
            f"deck{'s' if len(decks) > 1 else ''}, which {'are' if len(decks) > 1 else 'is'} "
            "shuffled.",
            [(seat, f"You return {names} to the {where} deck{'s' if len(decks) > 1 else ''}.")],
        )


class AthanorDesk(Question):
    """Spell of Athanor, first: the recipe card on the Desk you collect without points."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return [_desk_option(s, d) for d in _desk_cards(s, _is_recipe(s))]

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which recipe card on the Desk do you collect?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        f.memo.append(_by_key(s, s.desk, oid.partition(":")[2]))
        f.what = "athanor-hand"


class AthanorHand(Question):
    """Spell of Athanor, then: the recipe card from your hand that goes to the Desk."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _hand_options(s, f.seat, recipes=True)

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which recipe card from your hand goes to the Desk?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        seat = f.seat
        got = f.memo[0]
        put = _by_key(s, s.hands[seat], oid.partition(":")[2])
        s.desk.remove(got)
        s.collected[seat].append(got)
        s.from_hand(seat, put)
        s.desk.append(put)
        got_name, put_name = s.card(got).name, with_article(s.card(put).name)
        s.act(
            seat,
            "collect",
            "collects",
            f" the {got_name} from the Desk without points and puts {put_name} from their "
            "hand on the Desk.",
            mine=f" the {got_name} from the Desk without points and put {put_name} from your "
            "hand on the Desk.",
        )


# -- University Course spells (effects reconstructed) --------------------------------------


class CreationLay(Question):
    """Spell of Creation: lay up to two cards from the hand as elements."""

    forced = False

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        if len(f.memo) >= 2:
            return []
        opts = _lay_options(s, f.seat)
        if opts:
            opts.append(Option("done", "Lay no more"))
        return opts

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return f"Lay a card on the Desk ({2 - len(f.memo)} more at most)"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        if oid == "done":
            s.stack.remove(f)
            return
        cid = _by_key(s, s.hands[f.seat], oid.partition(":")[2])
        f.memo.append(cid)
        s.lay(f.seat, cid)


class TransfigureDesk(Question):
    """Spell of Transfiguration, first: the Desk card that comes to your hand."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return [_desk_option(s, d) for d in _desk_cards(s, lambda c: True)]

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which Desk card comes to your hand?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        f.memo.append(_by_key(s, s.desk, oid.partition(":")[2]))
        f.what = "transfigure-hand"


class TransfigureHand(Question):
    """Spell of Transfiguration, then: the card from your hand that takes its place."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _hand_options(s, f.seat)

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which card from your hand takes its place on the Desk?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        seat = f.seat
        got = f.memo[0]
        put = _by_key(s, s.hands[seat], oid.partition(":")[2])
        s.from_hand(seat, put)
        s.desk.remove(got)
        s.desk.append(put)
        s.to_hand_openly(seat, got)
        put_name, got_name = with_article(s.card(put).name), s.card(got).name
        s.act(
            seat,
            "swap",
            "swaps",
            f" {put_name} from their hand for the {got_name} on the Desk.",
            mine=f" {put_name} from your hand for the {got_name} on the Desk.",
        )


def _others_collected(s: PotionMakingState, seat: int, cls: str = "") -> list[int]:
    cards = s.cs.cards
    return [
        r for o in s.others(seat) for r in s.collected[o] if not cls or cls in cards[r].type.classes
    ]


def _whose(s: PotionMakingState, owner: int, viewer: int | None) -> str:
    """ "your" for the owner, "Bo's" for everyone else."""
    return "your" if owner == viewer else f"{s.names[owner]}'s"


def _owner(s: PotionMakingState, r: int) -> int:
    return next(o for o, col in enumerate(s.collected) if r in col)


class OverthrowWhich(Question):
    """Spell of Overthrow: another player's collected recipe goes to the Desk."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _recipes(
            s,
            "recipe",
            [
                (r, f"{s.names[_owner(s, r)]}'s {s.card(r).name}")
                for r in _others_collected(s, f.seat)
            ],
        )

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which collected recipe of another player goes to the Desk?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        r = int(oid.partition(":")[2])
        o = _owner(s, r)
        s.dismantle(o, r)
        seat, name = f.seat, s.card(r).name
        s.say_each(
            "play",
            lambda v: (
                f"{s.does(seat, v, 'overthrow', 'overthrows')} {_whose(s, o, v)} {name}: "
                "it and its components go to the Desk."
            ),
            [seat, o],
        )


class ForestWhich(Question):
    """Spell of the Forbidden Forest: take a creature another player has collected."""

    def options(self, s: PotionMakingState, f: Pick) -> list[Option]:
        return _recipes(
            s,
            "recipe",
            [
                (r, f"{s.names[_owner(s, r)]}'s {s.card(r).name}")
                for r in _others_collected(s, f.seat, "Creature")
            ],
        )

    def prompt(self, s: PotionMakingState, f: Pick) -> str:
        return "Which creature do you lure from the Forbidden Forest?"

    def answer(self, s: PotionMakingState, f: Pick, oid: str) -> None:
        s.stack.remove(f)
        r = int(oid.partition(":")[2])
        o = _owner(s, r)
        s.collected[o].remove(r)
        s.collected[f.seat].append(r)
        seat, name = f.seat, s.card(r).name
        s.say_each(
            "play",
            lambda v: (
                f"{s.does(seat, v, 'take', 'takes')} {_whose(s, o, v)} {name}, with its components."
            ),
            [seat, o],
        )


@dataclass
class Whirlpool(ResponseWindow):
    """Magic Whirlpool: each other player in turn may lay one card from their hand."""

    caster: int = 0

    def eligible(self, state: Any, seat: int) -> bool:
        s: PotionMakingState = state
        return bool(s.hands[seat]) and not s.over

    def responses(self, state: Any, seat: int) -> list[Option]:
        s: PotionMakingState = state
        return _lay_options(s, seat)

    def prompt(self, state: Any, seat: int) -> str:
        s: PotionMakingState = state
        return f"{s.names[self.caster]}'s Magic Whirlpool: you may lay a card"

    def pass_label(self, state: Any, seat: int) -> str:
        return "Lay nothing"

    def respond(self, state: Any, seat: int, option_id: str) -> None:
        s: PotionMakingState = state
        cid = _by_key(s, s.hands[seat], option_id.partition(":")[2])
        s.lay(seat, cid)
        self.pos += 1


def different_elements(s: PotionMakingState) -> int:
    """How many different elements lie on the Desk (Magma not counted)."""
    cards = s.cs.cards
    seen: set[str] = set()
    for d in s.desk:
        if not cards[d].wild:
            seen.update(cards[d].elements)
    return len(seen)


def _diversity(s: PotionMakingState, seat: int) -> None:
    n = different_elements(s) // 4
    s.scores[seat] += n
    s.act(seat, "score", "scores", f" {plural(n, 'point')} for the Desk's diversity.")


def _scruple(s: PotionMakingState, seat: int) -> None:
    for o in s.others(seat):
        s.scores[o] += 1
    s.say("score", "Every other player scores 1 point.")


def _push(what: str) -> Callable[[PotionMakingState, int], None]:
    def start(s: PotionMakingState, seat: int) -> None:
        s.stack.append(Pick(seat, what))

    return start


def _draw(n: int, why: str) -> Callable[[PotionMakingState, int], None]:
    def start(s: PotionMakingState, seat: int) -> None:
        s.stack.append(Draw(seat, n, why))

    return start


def _trismegistus(s: PotionMakingState, seat: int) -> None:
    s.stack.append(Pick(seat, "return"))
    s.stack.append(Draw(seat, 5, "Spell of Trismegistus"))


def _whirlpool(s: PotionMakingState, seat: int) -> None:
    s.stack.append(Whirlpool(s.others(seat), 0, seat))


def _any_deck(s: PotionMakingState, seat: int) -> bool:
    return any(s.decks.values())


def _desk_has(kind: str) -> Callable[[PotionMakingState, int], bool]:
    def can(s: PotionMakingState, seat: int) -> bool:
        cards = s.cs.cards
        return any(cards[d].type.kind == kind for d in s.desk)

    return can


def _hand_has_recipe(s: PotionMakingState, seat: int) -> bool:
    cards = s.cs.cards
    return any(cards[c].type.kind == "recipe" for c in s.hands[seat])


SPELLS: dict[str, Spell] = {
    "knowledge": Spell(
        "Take a recipe card from the Desk into your hand.",
        _desk_has("recipe"),
        _push("desk-recipe"),
        brief="take a recipe card from the Desk",
    ),
    "transformation": Spell(
        "Swap one of your collected recipes for a recipe card on the Desk; yours goes to the "
        "Desk with its components, and no one scores.",
        lambda s, seat: bool(s.collected[seat]) and _desk_has("recipe")(s, seat),
        _push("transform-mine"),
        brief="swap a recipe you collected for one on the Desk",
    ),
    "destruction": Spell(
        "Break one of your collected recipes that holds collected recipes: keep one of those "
        "as collected; the rest goes to the Desk.",
        lambda s, seat: bool(_breakable(s, seat)),
        _push("destroy-which"),
        brief="break a recipe you collected, keeping one inside",
    ),
    "transmutation": Spell(
        "Skip the next step of one of your Sequences by adding the step after it (not the "
        "Philosopher's Stone, and not twice in a row); this is the phase's play.",
        lambda s, seat: bool(transmutable(s, seat, holdings(s))),
        _push("transmute-which"),
        plays_after=0,
        brief="skip the next step of a Sequence",
    ),
    "trismegistus": Spell(
        "Take 5 cards from the decks, one at a time, then return 2 cards from your hand to "
        "their decks, which are shuffled.",
        _any_deck,
        _trismegistus,
        brief="take 5 cards, then return 2",
    ),
    "athanor": Spell(
        "Collect a recipe card from the Desk without points, and put a recipe card from your "
        "hand on the Desk.",
        lambda s, seat: _desk_has("recipe")(s, seat) and _hand_has_recipe(s, seat),
        _push("athanor-desk"),
        brief="collect a recipe card from the Desk, give one from your hand",
    ),
    # The University Course: effects reconstructed (see the rules notes).
    "whirlpool": Spell(
        "Each other player in turn may lay one card from their hand on the Desk as an element, "
        "scoring as usual.",
        lambda s, seat: any(s.hands[o] for o in s.others(seat)),
        _whirlpool,
        brief="each other player may lay a card",
    ),
    "necessity": Spell(
        "Take 2 cards from the decks.",
        _any_deck,
        _draw(2, "Spell of Necessity"),
        brief="take 2 cards",
    ),
    "universal-knowledge": Spell(
        "Take a recipe card or a Philosopher's Stone from the Desk into your hand.",
        lambda s, seat: any(s.cs.cards[d].type.kind != "spell" for d in s.desk),
        _push("desk-any"),
        brief="take a recipe card or a Stone from the Desk",
    ),
    "creation": Spell(
        "Lay up to two cards from your hand on the Desk as elements, scoring as usual.",
        lambda s, seat: bool(s.hands[seat]),
        _push("creation"),
        brief="lay up to 2 cards",
    ),
    "magical-knowledge": Spell(
        "Take a spell card from the Desk into your hand (it cannot be cast this turn).",
        _desk_has("spell"),
        _push("desk-spell"),
        brief="take a spell card from the Desk",
    ),
    "transfiguration": Spell(
        "Swap a card from your hand for a card on the Desk.",
        lambda s, seat: bool(s.hands[seat]) and bool(s.desk),
        _push("transfigure-desk"),
        brief="swap a card in your hand for one on the Desk",
    ),
    "overthrow": Spell(
        "Send another player's collected recipe (not one in a Sequence) and its components to "
        "the Desk; its owner keeps the points.",
        lambda s, seat: bool(_others_collected(s, seat)),
        _push("overthrow"),
        brief="send another player's recipe to the Desk",
    ),
    "diversity": Spell(
        "Score 1 point for every 4 different elements on the Desk.",
        lambda s, seat: different_elements(s) >= 4,
        _diversity,
        brief="1 point per 4 elements on the Desk",
    ),
    "acceleration": Spell(
        "Two plays follow this spell instead of one.",
        lambda s, seat: bool(s.hands[seat]),
        lambda s, seat: None,
        plays_after=2,
        brief="make 2 more plays",
    ),
    "forbidden-forest": Spell(
        "Take a creature another player has collected (not one in a Sequence) into your "
        "collection, with its components; no one scores.",
        lambda s, seat: bool(_others_collected(s, seat, "Creature")),
        _push("forest"),
        brief="take another player's creature",
    ),
    "scruple": Spell(
        "Every other player scores 1 point.",
        lambda s, seat: True,
        _scruple,
        brief="every other player scores 1 point",
    ),
}


# -- special recipes ---------------------------------------------------------------------------


def recipes_held(s: PotionMakingState, seat: int) -> int:
    """A seat's collected recipes, counting the recipes in its Sequences."""
    cards = s.cs.cards
    n = len(s.collected[seat])
    for steps in s.seqs[seat]:
        n += sum(1 for c in steps if c >= 0 and cards[c].type.kind == "recipe")
    return n


def _income(s: PotionMakingState, seat: int, rid: int) -> None:
    n = recipes_held(s, seat) - 1
    s.scores[seat] += n
    s.act(
        seat,
        "score",
        "scores",
        f" {plural(n, 'point')} more from the Lesser Talisman of Income, one per other "
        "collected recipe.",
    )


def _growth(s: PotionMakingState, seat: int, rid: int) -> None:
    s.stack.append(Draw(seat, 2, "Lesser Talisman of Growth"))


def _usefulness(s: PotionMakingState, seat: int, rid: int) -> None:
    s.stack.append(Pick(seat, "desk-recipe-optional"))


RECIPE_EFFECTS: dict[str, RecipeEffect] = {
    "universality": RecipeEffect(
        "Stands in for any simple elixir as an ingredient; never a Sequence step; its "
        "collector scores nothing when another player uses it."
    ),
    "lesser-universality": RecipeEffect(
        "While you have it collected, a player who takes one of your collected recipes "
        "(Sequence steps included) gives you the full points instead of half."
    ),
    "income": RecipeEffect(
        "When you collect it, score 1 point for every other recipe you have collected "
        "(Sequence steps included).",
        _income,
    ),
    "growth": RecipeEffect("When you collect it, take 2 cards from the decks.", _growth),
    "usefulness": RecipeEffect(
        "When you collect it, you may take a recipe card from the Desk into your hand.",
        _usefulness,
    ),
}


def on_collect(s: PotionMakingState, seat: int, rid: int) -> None:
    """Run a collected recipe's effect, if it has one."""
    eff = RECIPE_EFFECTS.get(s.cs.cards[rid].type.effect)
    if eff is not None and eff.collected is not None:
        eff.collected(s, seat, rid)


def full_pay(s: PotionMakingState, owner: int) -> bool:
    """Whether an owner is paid in full when robbed (Lesser Talisman of Universality)."""
    cards = s.cs.cards
    for r in s.collected[owner]:
        if cards[r].type.effect == "lesser-universality":
            return True
    return any(
        c >= 0 and cards[c].type.effect == "lesser-universality"
        for steps in s.seqs[owner]
        for c in steps
    )


PICKS: dict[str, Question] = {
    "desk-recipe": DeskToHand("recipe"),
    "desk-recipe-optional": DeskToHand("recipe", optional=True),
    "desk-spell": DeskToHand("spell"),
    "desk-any": DeskToHand(""),
    "transform-mine": TransformMine(),
    "transform-desk": TransformDesk(),
    "destroy-which": DestroyWhich(),
    "destroy-keep": DestroyKeep(),
    "transmute-which": TransmuteWhich(),
    "return": ReturnCards(),
    "athanor-desk": AthanorDesk(),
    "athanor-hand": AthanorHand(),
    "creation": CreationLay(),
    "transfigure-desk": TransfigureDesk(),
    "transfigure-hand": TransfigureHand(),
    "overthrow": OverthrowWhich(),
    "forest": ForestWhich(),
}

FRAMES: dict[str, type[Frame]] = {"Pick": Pick, "Whirlpool": Whirlpool}
