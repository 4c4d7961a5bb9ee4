"""Every mission ends: at most six successful Transmutes, and every other reaction takes at
least one card out of the hands for good (C4)."""

from __future__ import annotations

import athanor
from athanor.engine import Decision, GameState, RandomAgent, Rng
from athanor.games.crucible.missions import TRANSMUTE_LIMIT
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import varied


def bound(s: CrucibleState) -> int:
    """Reactions can be no more than the cards dealt plus the successful Transmutes allowed."""
    return sum(len(h) for h in s.hands) + TRANSMUTE_LIMIT


class Stubborn:
    """Declares Transmute whenever it may, plays its highest card, and tries every discipline
    only to cancel it: the longest game a table could try to make."""

    name = "stubborn"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, decision: Decision) -> str:
        ids = decision.ids
        for want in ("transmute", "cancel"):
            if want in ids:
                return want
        uses = [i for i in ids if i.startswith("use:")]
        if uses:
            return uses[0]
        plays = [i for i in ids if i.startswith("play:")]
        if plays:
            return plays[-1]
        return ids[self.rng.below(len(ids))]


def _play(s: CrucibleState, agents: list[object]) -> int:
    steps = 0
    limit = bound(s)
    while not s.is_over:
        d = s.decision
        assert d is not None
        s.apply(agents[d.seat].choose(s, d))  # type: ignore[attr-defined]
        steps += 1
        assert s.reaction <= limit
        assert steps < 5000
    return steps


def test_random_tables_always_end_within_the_bound() -> None:
    for seed in range(300):
        s = athanor.new_game("crucible", 3 + seed % 3, seed=seed, options=varied(seed), log=False)
        assert isinstance(s, CrucibleState)
        _play(s, [RandomAgent(seed + i) for i in range(s.players)])


def test_a_table_that_transmutes_whenever_it_can_still_ends() -> None:
    longest = most = 0
    for seed in range(60):
        s = athanor.new_game(
            "crucible", 3 + seed % 3, seed=seed, options={"mission": 1 + seed % 12}, log=False
        )
        assert isinstance(s, CrucibleState)
        limit = bound(s)
        _play(s, [Stubborn(seed + i) for i in range(s.players)])
        longest = max(longest, s.reaction)
        most = max(most, s.transmutes)
        assert s.reaction <= limit
        assert s.transmutes <= TRANSMUTE_LIMIT
    assert longest > 10 and most == TRANSMUTE_LIMIT  # some tables did reach the limit
