"""How many Crucible deals can be won at all, beside how many the bot team wins.

Run: python benchmarks/crucible_winnable.py [--deals N] [--players P] [--budget NODES]
     [--dives K] [--repair NODES] [--retry R] [--missions M ...] [--seeds S ...]

For each mission, N deals (seeds 1..N): the team bot drafts, then the perfect-information
search (athanor.games.crucible.solver) decides whether any line of play wins, and the bot
team plays the same deal on from the same state. A deal the search could not decide within
the node budget (then, with --dives, K differently seeded bot teams playing it out, each
loss followed by short exact searches from its last reactions) counts as unknown, so the
share of winnable deals lies between
"won" / N and ("won" + "unknown") / N. With --retry R, an undecided deal is searched again up
to R times, each time with four times the budget, dives and repair choices. The seeds still
undecided are listed under the table. A deal the bot team wins is winnable without a
search (its own line is the proof); the search runs on the others.
"""

from __future__ import annotations

import argparse
import time

import athanor
from _args import non_negative, positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import play_out
from athanor.games.crucible.missions import MISSIONS
from athanor.games.crucible.rules import CrucibleState
from athanor.games.crucible.solver import after_draft, winnable


def main() -> None:
    """Print a Markdown table: per mission, the deals won by search and by the bot team."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=positive, default=30)
    p.add_argument("--players", type=positive, default=3)
    p.add_argument("--budget", type=positive, default=20_000)
    p.add_argument("--dives", type=non_negative, default=0)
    p.add_argument("--repair", type=positive, default=2_000)
    p.add_argument("--retry", type=non_negative, default=0)
    p.add_argument(
        "--missions", type=int, nargs="*", choices=list(MISSIONS), default=list(MISSIONS)
    )
    p.add_argument("--seeds", type=positive, nargs="*", help="these deals instead of 1..N")
    a = p.parse_args()
    seeds = a.seeds or list(range(1, a.deals + 1))
    undecided: list[tuple[int, int]] = []
    begin = time.perf_counter()
    print(
        "| mission | deals | winnable (proven) | not winnable (proven) | undecided | "
        "bot team won | seconds |"
    )
    print("|---|---|---|---|---|---|---|")
    for m in a.missions:
        won = lost = unknown = team = 0
        start = time.perf_counter()
        for seed in seeds:
            s = athanor.new_game("crucible", a.players, seed, {"mission": m}, log=False)
            assert isinstance(s, CrucibleState)
            bots = [catalog.bot("crucible", "team", seed * 31 + i) for i in range(a.players)]
            while not after_draft(s):
                d = s.decision
                assert d is not None
                s.apply(bots[d.seat].choose(s, d))
            t = s.clone()
            play_out(t, bots)
            if t.outcome == "won":  # the bot team's own line proves the deal winnable
                team += 1
                won += 1
                continue
            v = winnable(s, a.budget, dives=a.dives, repair=a.repair)
            for r in range(1, a.retry + 1):
                if v.answer != "unknown":
                    break
                f = 4**r
                v = winnable(s, a.budget * f, dives=a.dives * f, repair=a.repair * f)
            if v.answer == "unknown":
                undecided.append((m, seed))
            won += v.answer == "won"
            lost += v.answer == "lost"
            unknown += v.answer == "unknown"
        n = len(seeds)
        print(
            f"| {m} | {n} | {won} ({won / n:.0%}) | {lost} ({lost / n:.0%}) | "
            f"{unknown} ({unknown / n:.0%}) | {team} ({team / n:.0%}) | "
            f"{time.perf_counter() - start:.0f} |"
        )
    print(f"\nTotal: {time.perf_counter() - begin:.0f} seconds")
    if undecided:
        print("Undecided (mission, seed):", ", ".join(f"{m} {s}" for m, s in undecided))


if __name__ == "__main__":
    main()
