"""Exact values for the coach (athanor.review): the solver's expected turns still to play
after each option of a question on the deciding seat's own turn."""

from __future__ import annotations

from athanor.engine import Decision, GameState
from athanor.games.potion_party.optimal import values
from athanor.games.potion_party.rules import PotionPartyState


def exact_values(state: GameState, decision: Decision) -> dict[str, float] | None:
    """Expected turns per option (fewer is better), or None where the tables do not
    apply (another seat's turn, a complex recipe, Sabotage, needs beyond the tables)."""
    if not isinstance(state, PotionPartyState):
        return None
    got = values(state, decision)
    return got if len(got) > 1 else None
