"""Bots for tests that play many games: every bot as the catalog makes it, except that
those that think long are cut to a small fixed budget (Dominion's planner to a few quick
games a decision, a timed search to a few iterations), so whole games stay quick and the
choice depends on the seed alone."""

from __future__ import annotations

from typing import Any

import athanor
from athanor import catalog

PLANNER_PLAYS = 24  # quick games a decision for Dominion's planner (the level: 800)
CRUCIBLE_PLAYS = 2  # playouts an option for the Crucible's planner's draft (the level: 8)
# The Crucible's expert's playouts beyond those (the level: 8 at the draft, 8 at the discipline)
CRUCIBLE_MORE = {"task": 1, "keep": 1}
CRUCIBLE_BUDGET = 4  # playouts a decision for the Crucible's levels (hard: 8, expert: 14)
SEARCH_CAP = ",iterations=2"


def bot(game: str, name: str, seed: int) -> Any:
    """The bot ``name`` (a level's name too), cheap enough for a test to play whole games."""
    level = athanor.spec(game).levels.get(name)
    if level is not None and name not in athanor.spec(game).bots:
        name = level.bot
    if game == "dominion" and name == "planner":
        from athanor.games.dominion.expert import ExpertBot

        return ExpertBot(seed, plays=PLANNER_PLAYS)
    if game == "crucible" and name == "planner":
        from athanor.games.crucible.planner import PlannerBot

        return PlannerBot(seed, plays=CRUCIBLE_PLAYS)
    if game == "crucible" and name == "expert-planner":
        from athanor.games.crucible.planner import PlannerBot

        return PlannerBot(seed, plays=CRUCIBLE_PLAYS, more=CRUCIBLE_MORE)
    if game == "crucible" and name in ("budget-planner", "budget-expert"):
        made = catalog.bot(game, name, seed)
        made.budget = CRUCIBLE_BUDGET
        return made
    if name.startswith("ismcts") and "time=" in name and "iterations=" not in name:
        return catalog.bot(game, name + SEARCH_CAP, seed)
    return catalog.bot(game, name, seed)
