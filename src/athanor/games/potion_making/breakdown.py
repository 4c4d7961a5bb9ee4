"""How each player's points were made, for the view at the end of a game (M31).

A score is made over the whole game: an element point for each new element laid, a
recipe's points when it is collected (even if it is later taken away), half points when
another player uses your recipe, each Sequence step, the Philosopher's Stone, and a few
spells and recipe effects. The final table no longer shows most of that, so the
breakdown replays the game's recorded choices from its seed (nothing is read but what the
log already told everyone) and puts each choice's points where they came from. The rules
are not touched: the replay is an ordinary game, compared with its state choice by choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState

RECIPE_STEPS = 6  # the seventh step of a Sequence is its Philosopher's Stone

# The order of the kinds of row in a player's breakdown.
KINDS = ("sequence", "stone", "recipe", "effect", "element", "paid", "spell", "other")


class _Rows:
    """One player's rows: (kind, name) -> [count, points], kept in the order of KINDS."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], list[int]] = {}

    def add(self, kind: str, name: str, points: int, count: int = 1) -> None:
        row = self.rows.setdefault((kind, name), [0, 0])
        row[0] += count
        row[1] += points

    def out(self) -> list[list[Any]]:
        def rank(kv: tuple[tuple[str, str], list[int]]) -> tuple[int, str, int]:
            (kind, name), (_, points) = kv
            # Sequences in their card's order, recipes the dearest first.
            return (KINDS.index(kind), name if kind == "sequence" else "", -points)

        order = sorted(self.rows.items(), key=rank)
        return [[kind, name, n, pts] for (kind, name), (n, pts) in order if pts]


def breakdown(s: PotionMakingState) -> list[list[list[Any]]] | None:
    """Each player's points as rows ``[kind, name, count, points]`` that add up to the
    score: ``sequence`` (name: the Sequence, count: its steps scored), ``stone``,
    ``recipe`` (count: how many times collected), ``effect`` (a collected recipe's own
    scoring, the Lesser Talisman of Income), ``element`` (new elements laid), ``paid``
    (half points when others used your recipes), ``spell`` (Diversity, or another
    player's Scruple of Conscience) and, should anything be left, ``other``.

    None when the game cannot be replayed from its record (a game set up by hand, or
    one without a record of its choices)."""
    if s.choices is None:
        return None
    try:
        return _replay(s, list(s.choices))
    except Exception:  # a record that does not replay: no breakdown rather than a wrong one
        return None


def _replay(s: PotionMakingState, choices: list[str]) -> list[list[list[Any]]] | None:
    r = type(s).new(s.players, s.seed, dict(s.options), list(s.names), log=False)
    n = r.players
    rows = [_Rows() for _ in range(n)]
    cards = r.cs.cards
    for oid in choices:
        d = r.decision
        if d is None:
            return None
        actor = d.seat
        verb, _, arg = oid.partition(":")
        before = list(r.scores)
        steps_before = [[len(x) for x in p] for p in r.seqs]
        held_before = {c for col in r.collected for c in col}
        spell = ""
        if verb == "spell":
            spell = next(cards[c].type.effect for c in r.hands[actor] if cards[c].key == arg)
        r.apply(oid)
        gained = [r.scores[o] - before[o] for o in range(n)]
        if not any(gained):
            continue
        left = gained[actor]
        mine = rows[actor]
        # Sequence steps the actor placed (a skipped step scores nothing).
        for j, steps in enumerate(r.seqs[actor]):
            for k in range(steps_before[actor][j], len(steps)):
                if steps[k] < 0:
                    continue
                seq = r.sequence(actor, j)
                name, points = seq.steps[k]
                if k >= RECIPE_STEPS:
                    mine.add("stone", name, points)
                else:
                    mine.add("sequence", f"{seq.card} Sequence {seq.number}", points)
                left -= points
        # Recipes the actor collected by a play: new to every collection, with components.
        for c in r.collected[actor]:
            if c in held_before or c not in r.under:
                continue
            t = cards[c].type
            mine.add("recipe", t.name, t.points)
            left -= t.points
            if left and t.effect == "income":
                mine.add("effect", t.name, left)
                left = 0
        if left:
            if verb == "lay":
                mine.add("element", "", left, left)
            elif spell:
                mine.add("spell", _spell_name(r, spell), left)
            else:
                mine.add("other", "", left)
        for o in range(n):
            if o == actor or not gained[o]:
                continue
            if spell == "scruple":
                rows[o].add("spell", _spell_name(r, spell), gained[o])
            else:
                rows[o].add("paid", "", gained[o])
    if r.scores != s.scores or not r.over:
        return None
    return [x.out() for x in rows]


def _spell_name(s: PotionMakingState, effect: str) -> str:
    return next(t.name for t in s.cs.types.values() if t.kind == "spell" and t.effect == effect)
