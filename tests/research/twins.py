"""Twin Dominion states: alike from one seat, dealt differently in everything it cannot see
(ruling D44), above all at possessed turns, where the possessor sees the possessed player's
hand but not their deck or discard pile below its top card.

``python -m tests.research.twins`` prints what the tests hold at 0: of 40 twin pairs at
possessed turns, how many the possessor's ``determinize`` copies, ISMCTS's search statistics
and ISMCTS's choice tell apart.
"""

from __future__ import annotations

import json

import athanor
from athanor import catalog
from athanor.agents.ismcts import Ismcts
from athanor.engine import Rng
from athanor.games.dominion.rules import DominionState

POSITIONS = 40


def _shuffled(rng: Rng, cards: list[str]) -> list[str]:
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _unseen(s: DominionState) -> list[str]:
    """The possessed player's deck and discard pile below its top card."""
    return s.decks[s.current] + s.discards[s.current][:-1]


def possessed_turns(count: int = POSITIONS) -> list[DominionState]:
    """The first question with a choice in possessed turns of ``count`` games of the
    Possession bot (2 and 3 players), taken where the possessed player's deck and discard
    pile below its top card both hold cards, not all of one name, so that a twin can split
    them differently."""
    found: list[DominionState] = []
    g = 0
    while len(found) < count:
        players = 2 + g % 2
        s = athanor.new_game("dominion", players, 4000 + g, {"kingdom": "Possession"}, log=False)
        assert isinstance(s, DominionState)
        bots = [catalog.bot("dominion", "possession", 10 * g + i) for i in range(players)]
        g += 1
        while s.decision is not None:
            d = s.decision
            if (
                s.possessor >= 0
                and d.seat == s.possessor
                and len(d.ids) > 1
                and s.decks[s.current]
                and len(s.discards[s.current]) > 1
                and len(set(_unseen(s))) > 1
            ):
                found.append(s.clone())
                break
            s.apply(bots[d.seat].choose(s, d))
        assert g < 20 * count, "too few possessed turns"
    return found


def twin(s: DominionState, seat: int, key: int, keep: int = -1) -> DominionState:
    """A copy alike from ``seat``, dealt again in what it cannot see: its own deck order; if
    it possesses the player whose turn it is, that player's deck and discard pile below its
    top card, together; every other player's hand, deck and discard pile below its top card,
    except that ``keep`` (the player whose cards another seat's question names) keeps hand
    and discard pile. Built by hand, not by ``determinize``. Where ``seat`` possesses
    someone, their cards always lie otherwise than in ``s``; elsewhere something hidden
    does."""
    possessed = s.current if s.possessor == seat else -1
    for k in range(key, key + 100):
        rng = Rng(k)
        t = s.clone()
        for o in range(s.players):
            top = s.discards[o][-1:]
            below = len(s.discards[o]) - len(top)
            if o in (seat, keep):
                t.decks[o] = _shuffled(rng, s.decks[o])
            elif o == possessed:
                pool = _shuffled(rng, _unseen(s))
                t.discards[o] = pool[:below] + top
                t.decks[o] = pool[below:]
            else:
                pool = _shuffled(rng, s.hands[o] + s.decks[o] + s.discards[o][:-1])
                h = len(s.hands[o])
                t.hands[o] = pool[:h]
                t.discards[o] = pool[h : h + below] + top
                t.decks[o] = pool[h + below :]
        if possessed >= 0:
            if sorted(t.decks[possessed]) != sorted(s.decks[possessed]):
                return t
        elif t.to_json() != s.to_json():
            return t
    raise AssertionError("no other way to deal the hidden cards")


def alike(a: DominionState, b: DominionState, seat: int) -> bool:
    """Whether ``seat`` sees the same in both: its view and the question."""
    da, db = a.decision, b.decision
    return (
        json.dumps(a.view(seat), sort_keys=True) == json.dumps(b.view(seat), sort_keys=True)
        and da is not None
        and db is not None
        and (da.seat, da.prompt, da.ids) == (db.seat, db.prompt, db.ids)
    )


def pairs(states: list[DominionState]) -> list[tuple[DominionState, DominionState, int]]:
    """Each state with a twin alike from the seat deciding, and that seat."""
    out = []
    for i, s in enumerate(states):
        d = s.decision
        assert d is not None
        t = twin(s, d.seat, 1000 * i)
        assert alike(s, t, d.seat)
        out.append((s, t, d.seat))
    return out


def copies_told_apart(states: list[DominionState], seed: int = 77) -> int:
    """Of twin pairs at these states, how many the deciding seat's ``determinize`` copies
    (their whole saves) tell apart."""
    return sum(
        a.determinize(seat, seed).to_json() != b.determinize(seat, seed).to_json()
        for a, b, seat in pairs(states)
    )


def search(seed: int) -> Ismcts:
    """ISMCTS on a small budget, its rollouts (which also guide it) by the Possession bot."""
    bot = catalog.bot("dominion", "ismcts:iterations=24,rollout=possession", seed)
    assert isinstance(bot, Ismcts)
    return bot


def search_told_apart(states: list[DominionState], seed: int = 77) -> tuple[int, int]:
    """Of twin pairs at these states, how many ISMCTS tells apart with the same seed: by its
    search statistics (visits and mean reward of each option), and by its choice."""
    stats = choices = 0
    for a, b, _seat in pairs(states):
        da, db = a.decision, b.decision
        assert da is not None and db is not None
        stats += search(seed).stats(a, da) != search(seed).stats(b, db)
        choices += search(seed).choose(a, da) != search(seed).choose(b, db)
    return stats, choices


if __name__ == "__main__":
    states = possessed_turns(POSITIONS)
    n = len(states)
    copies = copies_told_apart(states)
    stats, choices = search_told_apart(states)
    print(
        f"{n} twin pairs at possessed turns, the possessor deciding: determinize told them "
        f"apart {copies} of {n} times; ISMCTS's statistics {stats} of {n}, its choice "
        f"{choices} of {n}"
    )
