"""How strong Dominion's expert level is: its two target match-ups (issue 25).

Run:  python benchmarks/dominion_expert.py [--games N] [--seed S] [--only base|alchemy]
      [--with CARDS] [--timing G]

Plays the expert (the planner, ``src/athanor/games/dominion/expert.py``) against normal
(big-money-ultimate) on random kingdoms, without Alchemy and with Alchemy cards allowed
(``alchemy=any``: the ten cards drawn from the Base set and Alchemy together), seats
rotated, one process, and prints each win rate with its 95% Wilson interval and the
``athanor sim`` command that gives the same games. The expert's budget is a number of
quick games a decision, so the figures do not depend on the machine's speed; ``--timing
G`` also plays G games and reports how long it thinks (CPU time, one core) a decision with a
choice. ``--with CARDS`` (comma-separated) plays only those of the same games whose kingdom
holds every one of the cards (same seeds, same seats), to weigh a plan made for them.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import athanor
from _args import non_negative  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog, sim
from athanor.games.dominion.cards import CARDS
from athanor.games.dominion.expert import ExpertBot

MATCHES = [
    ("no Alchemy", {"kingdom": "random"}),
    ("Alchemy allowed", {"kingdom": "random", "alchemy": "any"}),
]


def command(games: int, seed: int, options: dict[str, Any]) -> str:
    opts = "" if "alchemy" not in options else f" --option alchemy={options['alchemy']}"
    return (
        f"athanor sim dominion --bots expert normal --kingdom random{opts} "
        f"--games {games} --seed {seed} --jobs 1"
    )


def timing(games: int) -> tuple[float, float, int]:
    """Mean and longest CPU seconds of thought a decision with a choice, and how many."""
    times: list[float] = []
    for g in range(games):
        s = athanor.new_game("dominion", 2, 900 + g, {"kingdom": "random"}, log=False)
        expert = ExpertBot(g)
        other = catalog.bot("dominion", "normal", g)
        while s.decision is not None:
            d = s.decision
            if d.seat == 0:
                t = time.process_time()  # CPU time: one core's work, whatever the load
                pick = expert.choose(s, d)
                if len(d.ids) > 1:
                    times.append(time.process_time() - t)
            else:
                pick = other.choose(s, d)
            s.apply(pick)
    return sum(times) / max(1, len(times)), max(times, default=0.0), len(times)


def holding(cards: list[str], games: int, seed: int, options: dict[str, Any]) -> list[int]:
    """Indexes of the run's games (seeds ``seed + i``) whose kingdom holds every card."""
    out = []
    for i in range(games):
        s: Any = athanor.new_game("dominion", 2, seed + i, options, log=False)
        if all(c in s.kingdom for c in cards):
            out.append(i)
    return out


def run_some(indexes: list[int], seed: int, options: dict[str, Any]) -> list[sim.GameRecord]:
    """The records of the run's games at ``indexes`` (expert against normal), played as
    ``athanor sim`` plays them."""
    return sim.play_batch(sim.make_plan("dominion", ["expert", "normal"], seed, options), indexes)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=non_negative, default=200, help="0: timing only")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timing", type=non_negative, default=0, help="games to time")
    ap.add_argument("--only", choices=["base", "alchemy"], default=None)
    ap.add_argument("--with", dest="cards", default="", help="only kingdoms with these cards")
    args = ap.parse_args()
    cards = [c.strip() for c in args.cards.split(",")] if args.cards else []
    unknown = [c for c in cards if c not in CARDS]
    if unknown:
        ap.error(f"--with: no such card: {', '.join(unknown)} (names as printed)")
    for label, options in MATCHES if args.games else []:
        if args.only and (args.only == "alchemy") != ("alchemy" in options):
            continue
        bots = ["expert", "normal"]
        start = time.perf_counter()
        if cards:
            some = holding(cards, args.games, args.seed, options)
            records = run_some(some, args.seed, options)
            print(f"{label}: the games of {command(args.games, args.seed, options)}")
            print(f"  whose kingdom holds {', '.join(cards)}: {len(some)}")
        else:
            records = sim.run("dominion", bots, args.games, args.seed, options)
            print(f"{label}: {command(args.games, args.seed, options)}")
        summary = sim.Summary.of("dominion", bots, args.seed, records, options=options)
        won = summary.per_bot[bots[0]].wins
        tied = summary.per_bot[bots[0]].ties
        n = max(1, len(records))
        lo, hi = sim.wilson(won, n)
        print(
            f"  expert won {won}/{len(records)} = {won / n:.1%} "
            f"(95% CI {lo:.1%} to {hi:.1%}), tied {tied}; "
            f"{time.perf_counter() - start:.0f} s"
        )
    if args.timing:
        mean, longest, n = timing(args.timing)
        print(
            f"thinking: {n} decisions with a choice in {args.timing} games, "
            f"mean {mean:.2f} s, longest {longest:.2f} s of CPU time"
        )


if __name__ == "__main__":
    main()
