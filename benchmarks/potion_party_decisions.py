"""How long the Potion Party `optimal` bot takes to decide, and the memory it holds.

Run:  python benchmarks/potion_party_decisions.py [--games 300] [--recipe speed]

Plays the given number of games (seeds 0..N-1, alchemists dealt at random) of the optimal
bot against the heuristic one, in one process, and times every decision of the optimal
bot: the mean, the median, the 99th percentile and the slowest, then the process's peak
resident memory. The first decisions at a turn start work out its inner states, so the
slowest are the first visits; a long run reuses what it worked out.
"""

from __future__ import annotations

import argparse
import resource
import time

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.games.potion_party.data import RECIPES
from athanor.games.potion_party.optimal import OptimalBot


def main() -> None:
    """Print the optimal bot's decision times over some games."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=300)
    simple = sorted(k for k, r in RECIPES.items() if not r.is_complex)
    p.add_argument("--recipe", choices=simple, default="speed")
    a = p.parse_args()
    times: list[float] = []
    for seed in range(a.games):
        s = athanor.new_game(
            "potion-party", 2, seed, {"recipe": a.recipe, "alchemists": "random"}, log=False
        )
        bots = [OptimalBot(seed), catalog.bot("potion-party", "heuristic", seed)]
        while (d := s.decision) is not None:
            start = time.perf_counter()
            choice = bots[d.seat].choose(s, d)
            if d.seat == 0:
                times.append(time.perf_counter() - start)
            s.apply(choice)
    times.sort()
    n = len(times)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{a.games} games of {a.recipe}, {n} decisions of the optimal bot: "
        f"mean {sum(times) / n * 1000:.2f} ms, median {times[n // 2] * 1000:.2f} ms, "
        f"99th percentile {times[int(n * 0.99)] * 1000:.1f} ms, slowest {times[-1] * 1000:.0f} ms; "
        f"peak memory {peak:.0f} MB"
    )


if __name__ == "__main__":
    main()
