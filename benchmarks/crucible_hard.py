"""Is the Crucible's planner a stronger team than the team bot? Paired missions (issue 25).

Run:  python benchmarks/crucible_hard.py [--cells 3x4,3x8,...] [--games N] [--seed S]
      [--plays K] [--planned task,keep] [--margin M]

For each cell (players x mission) it plays N missions twice on the same seeds, once with the
team bot (the normal level) in every seat and once with the planner
(``src/athanor/games/crucible/planner.py``, K playouts an option at the decisions it plans),
and prints each team's win rate with its 95% Wilson interval, the games won by one team and
not the other, and the paired difference with its 95% interval (normal approximation to
the mean of per-seed differences). The planner's budget is a number of playouts, so the
figures do not depend on the machine; the time a decision (CPU, one core) is printed too.
"""

from __future__ import annotations

import argparse
import math
import time

import athanor
from _args import non_negative, positive  # benchmarks/_args.py (run from this folder)
from athanor.engine import Agent, play_out
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.planner import MARGIN, PLANNED, PLAYS, PlannerBot

Z = 1.96


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + Z * Z / n
    mid = (p + Z * Z / (2 * n)) / den
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / den
    return mid - half, mid + half


def game(players: int, mission: int, seed: int, agents: list[Agent]) -> tuple[bool, int]:
    """Whether the team won one mission, and how many decisions it took."""
    s = athanor.new_game("crucible", players, seed, {"mission": mission}, log=False)
    play_out(s, agents)
    assert s.result is not None and s.choices is not None
    return s.result.scores[0] > 0, len(s.choices)


def difference(only_planner: int, only_team: int, n: int) -> str:
    """The paired difference in win rate (planner less team) with its 95% interval."""
    diffs = [1] * only_planner + [-1] * only_team + [0] * (n - only_planner - only_team)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = Z * sd / math.sqrt(n)
    return (
        f"won only by planner {only_planner}, only by team {only_team}: difference "
        f"{mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}]"
    )


def cell(
    players: int, mission: int, games: int, seed: int, args: argparse.Namespace
) -> tuple[int, int]:
    """Play one cell and print its figures; return (won only by planner, only by team)."""
    both = only_team = only_planner = 0
    t_team = t_planner = 0.0
    decisions = 0
    for g in range(games):
        s = seed + g
        t0 = time.process_time()
        team_won, _ = game(players, mission, s, [TeamBot(31 * s + i) for i in range(players)])
        t1 = time.process_time()
        bots: list[Agent] = [
            PlannerBot(31 * s + i, args.plays, args.planned, args.margin) for i in range(players)
        ]
        planner_won, n = game(players, mission, s, bots)
        t2 = time.process_time()
        t_team += t1 - t0
        t_planner += t2 - t1
        decisions += n
        both += team_won and planner_won
        only_team += team_won and not planner_won
        only_planner += planner_won and not team_won
    n = games
    team, planner = both + only_team, both + only_planner
    tl, th = wilson(team, n)
    pl, ph = wilson(planner, n)
    print(
        f"{players}p mission {mission:2d}, {n} games (seeds {seed}-{seed + n - 1}): "
        f"team {team / n:.1%} [{tl:.1%}, {th:.1%}]  planner {planner / n:.1%} "
        f"[{pl:.1%}, {ph:.1%}]  {difference(only_planner, only_team, n)}  "
        f"planner {t_planner / max(1, decisions) * 1000:.0f} ms a decision "
        f"({t_planner / n:.1f} s a mission; team {t_team / n:.2f} s)",
        flush=True,
    )
    return only_planner, only_team


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cells", default="3x4,3x8,4x4,4x8", help="PLAYERSxMISSION, comma-separated")
    ap.add_argument("--games", type=positive, default=100)
    ap.add_argument("--seed", type=non_negative, default=70_000)
    ap.add_argument("--plays", type=non_negative, default=PLAYS)
    ap.add_argument("--planned", default=",".join(sorted(PLANNED)))
    ap.add_argument("--margin", type=non_negative, default=MARGIN)
    args = ap.parse_args()
    args.planned = frozenset(args.planned.split(","))
    cells = args.cells.split(",")
    up = down = 0
    for c in cells:
        players, mission = (int(x) for x in c.split("x"))
        a, b = cell(players, mission, args.games, args.seed, args)
        up, down = up + a, down + b
    if len(cells) > 1:
        print(f"all {len(cells)} cells: {difference(up, down, len(cells) * args.games)}")


if __name__ == "__main__":
    main()
