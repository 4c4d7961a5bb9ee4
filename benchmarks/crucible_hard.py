"""Is the Crucible's planner a stronger team than the team bot? Paired missions (issue 25).

Run:  python benchmarks/crucible_hard.py [--cells 3x4,3x8,...] [--games N] [--seed S]
      [--plays K] [--planned task,keep] [--margin M] [--expert [--more task=8,keep=8,catalyze=14]]

For each cell (players x mission) it plays N missions twice on the same seeds, once with the
team bot (the normal level) in every seat and once with the planner
(``src/athanor/games/crucible/planner.py``, K playouts an option at the decisions it plans),
and prints each team's win rate with its 95% Wilson interval, the games won by one team and
not the other, and the paired difference with its 95% interval (normal approximation to
the mean of per-seed differences). The planner's budget is a number of playouts, so the
figures do not depend on the machine; the time a decision (CPU, one core) is printed too.

With --expert it compares the expert level with hard instead: the planner with the playouts
of --more beyond hard's (by default the expert level's, ``LEVEL_MORE``) against the planner
as set by --plays, --planned and --margin (hard's by default), paired on the same seeds. The
expert's extra
playouts are seeded apart, so a mission in which they changed no choice is the very mission
hard plays: its result is hard's too, and hard is played again only where they did (--check
plays it every time, to confirm that). It prints the time a decision, mean and most, and
the most a draft pick took.
"""

from __future__ import annotations

import argparse
import math
import time

import athanor
from _args import non_negative, positive  # benchmarks/_args.py (run from this folder)
from athanor.engine import Agent, Decision, GameState, play_out
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.planner import LEVEL_MORE, MARGIN, PLANNED, PLAYS, PlannerBot

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


def difference(only_planner: int, only_team: int, n: int, names: str = "planner,team") -> str:
    """The paired difference in win rate (planner less team) with its 95% interval."""
    a, b = names.split(",")
    diffs = [1] * only_planner + [-1] * only_team + [0] * (n - only_planner - only_team)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = Z * sd / math.sqrt(n)
    return (
        f"won only by {a} {only_planner}, only by {b} {only_team}: difference "
        f"{mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}]"
    )


def cell(
    players: int, mission: int, games: int, seed: int, args: argparse.Namespace
) -> tuple[int, int]:
    """Play one cell and print its figures; return (won only by planner, only by team)."""
    both = only_team = only_planner = 0
    t_team = t_planner = 0.0
    decisions = 0
    times: list[tuple[str, float]] = []
    more = args.more if args.with_more else None
    for g in range(games):
        s = seed + g
        t0 = time.process_time()
        team_won, _ = game(players, mission, s, [TeamBot(31 * s + i) for i in range(players)])
        t1 = time.process_time()
        bots: list[Agent] = [
            Timed(
                PlannerBot(31 * s + i, args.plays, args.planned, args.margin, more, args.budget),
                times,
            )
            for i in range(players)
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
    planned = [t for kind, t in times if kind in args.planned or (more and kind in more)]
    planned_mean = sum(planned) / max(1, len(planned))
    planned_most = max(planned, default=0.0)
    team, planner = both + only_team, both + only_planner
    tl, th = wilson(team, n)
    pl, ph = wilson(planner, n)
    print(
        f"{players}p mission {mission:2d}, {n} games (seeds {seed}-{seed + n - 1}): "
        f"team {team / n:.1%} [{tl:.1%}, {th:.1%}]  planner {planner / n:.1%} "
        f"[{pl:.1%}, {ph:.1%}]  {difference(only_planner, only_team, n)}  "
        f"planner {t_planner / max(1, decisions) * 1000:.0f} ms a decision "
        f"({t_planner / n:.1f} s a mission; team {t_team / n:.2f} s), a planned pick "
        f"{planned_mean * 1000:.0f} ms mean, {planned_most:.2f} s most",
        flush=True,
    )
    return only_planner, only_team


class Timed:
    """A bot that keeps the CPU time of each of its choices."""

    def __init__(self, bot: PlannerBot, times: list[tuple[str, float]]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, state: GameState, decision: Decision) -> str:
        t0 = time.process_time()
        choice = self.bot.choose(state, decision)
        self.times.append((decision.ids[0].split(":", 1)[0], time.process_time() - t0))
        return choice


def expert_cell(
    players: int, mission: int, games: int, seed: int, args: argparse.Namespace
) -> tuple[int, int]:
    """Play one cell, expert against hard; print its figures; return (won only by expert,
    only by hard)."""
    both = only_hard = only_expert = departed_games = 0
    times: list[tuple[str, float]] = []
    for g in range(games):
        s = seed + g
        experts = [
            PlannerBot(31 * s + i, args.plays, args.planned, args.margin, args.more, args.budget)
            for i in range(players)
        ]
        expert_won, _ = game(players, mission, s, [Timed(b, times) for b in experts])
        hard_won = expert_won
        departed = sum(b.departures for b in experts) > 0
        departed_games += departed
        if departed or args.check:
            hard = [
                PlannerBot(31 * s + i, args.plays, args.planned, args.margin)
                for i in range(players)
            ]
            hard_won, _ = game(players, mission, s, list(hard))
            assert departed or hard_won == expert_won, f"seed {s}: not the same mission"
        both += hard_won and expert_won
        only_hard += hard_won and not expert_won
        only_expert += expert_won and not hard_won
    n = games
    hard, expert = both + only_hard, both + only_expert
    hl, hh = wilson(hard, n)
    el, eh = wilson(expert, n)
    spent = [t for _, t in times]
    drafts = [t for k, t in times if k == "task"] or [0.0]
    print(
        f"{players}p mission {mission:2d}, {n} games (seeds {seed}-{seed + n - 1}): "
        f"hard {hard / n:.1%} [{hl:.1%}, {hh:.1%}]  expert {expert / n:.1%} "
        f"[{el:.1%}, {eh:.1%}]  {difference(only_expert, only_hard, n, 'expert,hard')}  "
        f"(the extra playouts changed a choice in {departed_games}); expert "
        f"{sum(spent) / max(1, len(spent)) * 1000:.0f} ms a decision, at most "
        f"{max(spent, default=0.0):.1f} s (a draft pick at most {max(drafts):.1f} s; "
        f"{sum(spent) / n:.1f} s a mission)",
        flush=True,
    )
    return only_expert, only_hard


def more_plays(text: str) -> dict[str, int]:
    """``task=8,keep=8``: playouts beyond --plays, by kind of decision."""
    out: dict[str, int] = {}
    for part in text.split(","):
        kind, _, n = part.partition("=")
        out[kind.strip()] = non_negative(n)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cells", default="3x4,3x8,4x4,4x8", help="PLAYERSxMISSION, comma-separated")
    ap.add_argument("--games", type=positive, default=100)
    ap.add_argument("--seed", type=non_negative, default=70_000)
    ap.add_argument("--plays", type=non_negative, default=PLAYS)
    ap.add_argument("--planned", default=",".join(sorted(PLANNED)))
    ap.add_argument("--margin", type=non_negative, default=MARGIN)
    ap.add_argument("--expert", action="store_true", help="compare expert with hard")
    ap.add_argument(
        "--more",
        type=more_plays,
        default=dict(LEVEL_MORE),
        help="with --expert: playouts beyond --plays by kind, e.g. task=8,keep=8",
    )
    ap.add_argument(
        "--with-more",
        action="store_true",
        help="without --expert: give the planner the --more playouts too (the expert's level)",
    )
    ap.add_argument(
        "--budget",
        type=positive,
        default=None,
        help="the most playouts a decision may take (sequential halving beyond it)",
    )
    ap.add_argument("--check", action="store_true", help="with --expert: replay hard always")
    args = ap.parse_args()
    args.planned = frozenset(args.planned.split(","))
    cells = args.cells.split(",")
    up = down = 0
    for c in cells:
        players, mission = (int(x) for x in c.split("x"))
        a, b = (expert_cell if args.expert else cell)(players, mission, args.games, args.seed, args)
        up, down = up + a, down + b
    if len(cells) > 1:
        names = "expert,hard" if args.expert else "planner,team"
        print(f"all {len(cells)} cells: {difference(up, down, len(cells) * args.games, names)}")


if __name__ == "__main__":
    main()
