"""Dealing hidden cards again, consistent with what the table knows.

Used by ``determinize`` (and available to bots that sample from their own
view). A hidden card is always upright (only played cards flip, and a played
card is public from then on), so its suit and rank are those of its id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from athanor.engine import Rng
from athanor.games.crucible.cards import RANK, SUIT

# For a seat: (bit mask of suits it has shown void in, [(suit, low, high) ranks it cannot hold]).
Constraint = tuple[int, Sequence[tuple[int, int, int]]]


def fits(card: int, rule: Constraint | None) -> bool:
    """Whether a hidden card may be in a place with these constraints."""
    if rule is None:
        return True
    voids, bounds = rule
    su = SUIT[card]
    if voids >> su & 1:
        return False
    r = RANK[card]
    return all(not (su == bsu and lo <= r <= hi) for bsu, lo, hi in bounds)


def deal_consistent(
    pool: Sequence[int],
    slots: Sequence[tuple[int, int]],
    allowed: Mapping[int, Constraint],
    rng: Rng,
) -> dict[int, list[int]]:
    """Deal ``pool`` into places (``slots``: place and how many cards), every card in a place
    whose constraints it fits, at random. A place missing from ``allowed`` takes any card.

    The true deal is always one answer, so an answer exists; a randomised matching with
    augmenting paths finds one. Raises ValueError if the constraints cannot be met.
    """
    cards = list(pool)
    rng.shuffle(cards)
    places = [p for p, _ in slots]
    cap = {p: k for p, k in slots}
    if sum(cap.values()) != len(cards):
        raise ValueError("the places do not hold as many cards as there are to deal")
    options: dict[int, list[int]] = {}
    for c in cards:
        ok = [p for p in places if cap[p] and fits(c, allowed.get(p))]
        rng.shuffle(ok)
        options[c] = ok
    held: dict[int, list[int]] = {p: [] for p in places}
    where: dict[int, int] = {}

    def place(c: int, seen: set[int]) -> bool:
        for p in options[c]:
            if p in seen:
                continue
            seen.add(p)
            if len(held[p]) < cap[p]:
                held[p].append(c)
                where[c] = p
                return True
            for d in list(held[p]):
                if place(d, seen):
                    held[p].remove(d)
                    held[p].append(c)
                    where[c] = p
                    return True
        return False

    for c in cards:
        # Try a free place first (keeps the deal random and the search short).
        free = [(p, cap[p] - len(held[p])) for p in options[c] if len(held[p]) < cap[p]]
        if free:
            # A free place, chosen with odds in proportion to its room.
            k = rng.below(sum(room for _, room in free))
            chosen = free[-1][0]
            for p, room in free:
                if k < room:
                    chosen = p
                    break
                k -= room
            held[chosen].append(c)
            where[c] = chosen
        elif not place(c, set()):
            raise ValueError("no deal fits what is known")
    return held
