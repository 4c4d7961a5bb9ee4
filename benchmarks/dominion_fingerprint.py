"""A fingerprint of many seeded Dominion bot games, to show a speed-up changed no game.

Run:  python benchmarks/dominion_fingerprint.py [--games N]

Plays N games for each of several bot pairings (Base and Alchemy, Possession
included, fixed and random kingdoms) and prints one SHA-256 over every choice
made and every final result. Run it before and after a change to the hot paths:
the same seeds must give the same games, so the digest must not move.
"""

from __future__ import annotations

import argparse
import hashlib

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import play_out

PAIRINGS = [
    (("big-money", "big-money-ultimate"), {"kingdom": "random"}),
    (("smithy", "big-money-ultimate"), {"kingdom": "Smithy"}),
    (("heuristic", "big-money-ultimate"), {"kingdom": "random"}),
    (("heuristic", "heuristic", "big-money"), {"kingdom": "random", "alchemy": "any"}),
    (("familiar", "big-money-ultimate"), {"kingdom": "Familiar"}),
    (("possession", "heuristic"), {"kingdom": "Possession"}),
    (("scrying-pool", "random"), {"kingdom": "Scrying Pool,Laboratory"}),
]


def fingerprint(games: int) -> str:
    """The digest over every game of every pairing."""
    h = hashlib.sha256()
    for bots, options in PAIRINGS:
        for g in range(games):
            s = athanor.new_game("dominion", len(bots), 7000 + g, options, log=False)
            agents = [catalog.bot("dominion", b, 31 * g + i) for i, b in enumerate(bots)]
            play_out(s, agents)
            assert s.choices is not None and s.result is not None
            h.update("|".join(s.choices).encode())
            st = s.stats()
            h.update(repr((s.result.scores, s.result.placing, st["turns"], st["ending"])).encode())
            h.update(repr(st["first"]).encode())
    return h.hexdigest()


def main() -> None:
    """Print the digest."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=40, help="games per pairing")
    args = p.parse_args()
    print(f"{len(PAIRINGS)} pairings x {args.games} games: {fingerprint(args.games)}")


if __name__ == "__main__":
    main()
