"""A fingerprint of many seeded Crucible games, one digest per mission, to show which
missions a change altered.

Run:  python benchmarks/crucible_fingerprint.py [--games N] [--team-games K]

For every mission and 3, 4 and 5 players it plays N games with a random agent in every
seat and K games with the team bot in every seat, and feeds every choice made and every
final score into a SHA-256 per mission, one for the random games (the rules alone) and
one for the team games (the rules and the bot), and one over all. Words are left out (the
log is off, and only the result's scores count), so a change to prompts, labels or
narration keeps the digests; a change to the deal, the draft, play or the bot moves the
missions it touches.
"""

from __future__ import annotations

import argparse
import hashlib

import athanor
from _args import non_negative, positive  # benchmarks/_args.py (run from this folder)
from athanor import catalog
from athanor.engine import Agent, RandomAgent, play_out
from athanor.games.crucible.missions import MISSIONS


def _agent(team: bool, seed: int) -> Agent:
    return catalog.bot("crucible", "team", seed) if team else RandomAgent(seed)


def mission_digest(mission: int, games: int, team: bool) -> str:
    """The digest of one mission's games, random or team."""
    h = hashlib.sha256()
    for players in (3, 4, 5):
        for g in range(games):
            seed = 4000 + 1009 * mission + g
            s = athanor.new_game("crucible", players, seed, {"mission": mission}, log=False)
            play_out(s, [_agent(team, 31 * seed + i) for i in range(players)])
            assert s.choices is not None and s.result is not None
            h.update(f"{players}|{seed}|".encode())
            h.update("|".join(s.choices).encode())
            h.update(repr(s.result.scores).encode())
    return h.hexdigest()


def main() -> None:
    """Print one digest per mission (random games, team games), then one over all."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=100, help="random games per table")
    p.add_argument("--team-games", type=non_negative, default=4, help="team-bot games per table")
    args = p.parse_args()
    whole = hashlib.sha256()
    for m in MISSIONS:
        rnd = mission_digest(m, args.games, False)
        team = mission_digest(m, args.team_games, True)
        whole.update(f"{rnd}{team}".encode())
        print(f"mission {m:>2}: random {rnd[:16]}  team {team[:16]}")
    print(
        f"all missions ({args.games} random + {args.team_games} team games per table): "
        f"{whole.hexdigest()}"
    )


if __name__ == "__main__":
    main()
