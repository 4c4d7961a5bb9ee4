"""Record the golden replays again: python -m tests.golden.regen [GAME ...].

Only run this when a rules change is meant to change the narration; review
the diff of the .log.txt files before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import athanor
from athanor import catalog
from athanor.engine import play_out

HERE = Path(__file__).parent
GOLDEN = {
    "potion-party": {"players": 3, "seed": 2026, "options": {}},
    "dominion": {"players": 3, "seed": 2026, "options": {"kingdom": "first-game"}},
    "potion-making": {"players": 3, "seed": 2026, "options": {"expansions": "guild"}},
    "crucible": {"players": 4, "seed": 2026, "options": {"mission": 10}},
}


def record(name: str) -> None:
    """Play a bot game and write its replay and narration."""
    setup = GOLDEN[name]
    state = athanor.new_game(name, setup["players"], setup["seed"], setup["options"])
    spec = catalog.spec(name)
    bot = "heuristic" if "heuristic" in spec.bots else spec.default_bot
    play_out(state, [catalog.bot(name, bot, seat) for seat in range(state.players)])
    (HERE / f"{name}.replay.json").write_text(athanor.Replay.from_state(state).to_json() + "\n")
    (HERE / f"{name}.log.txt").write_text("\n".join(state.events_for(None)) + "\n")


if __name__ == "__main__":
    for game in sys.argv[1:] or list(GOLDEN):
        record(game)
