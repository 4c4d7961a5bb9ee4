"""The CI cost guard: a deterministic cost for a fixed set of games of every game, compared
with a committed budget, so that no change makes play dearer unseen.

Run:  python benchmarks/cost_guard.py            (check against cost_budget.json)
      python benchmarks/cost_guard.py --update --why "what made it dearer, and why"

Seconds are noise on a shared machine; instructions are not. Each workload (a fixed list of
seeded bot games) runs in a fresh interpreter under valgrind's callgrind tool, which counts
the machine instructions executed, the same from run to run whatever else the machine is
doing (runs here differ by at most about 0.4%, from where memory and the stack lie).
Each workload's own baseline run (the imports and one warm-up game of the workload, with
another seed) is taken away, so its figure is the cost of its games alone. ``--check``
fails when any workload costs more than its budget by more than ``--tolerance`` (3%), and
says which; a commit that makes a game
dearer on purpose raises the budget with ``--update --why``, and the reason is kept in the
budget file's history. Figures below 90% of the budget suggest lowering it.

The counts belong to one Python build: the budget file records it, and on another build
the guard says so and compares nothing (exit 0). Needs valgrind (Debian's package).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUDGET = HERE / "cost_budget.json"
TOLERANCE = 0.03

# name -> (game, bots, options, games). Kept small: valgrind runs them about 50 times slower.
WORKLOADS: dict[str, tuple[str, tuple[str, ...], dict[str, str], int]] = {
    "dominion-bmu-mirror": ("dominion", ("big-money-ultimate", "big-money-ultimate"), {}, 60),
    "dominion-smithy": ("dominion", ("smithy", "big-money-ultimate"), {"kingdom": "Smithy"}, 60),
    "dominion-heuristic-alchemy": (
        "dominion",
        ("heuristic", "big-money-ultimate"),
        {"kingdom": "random", "alchemy": "any"},
        30,
    ),
    "potion-party-heuristic": ("potion-party", ("heuristic", "heuristic"), {}, 90),
    "potion-making-heuristic": ("potion-making", ("heuristic", "heuristic"), {}, 8),
    "crucible-team-3": ("crucible", ("team", "team", "team"), {}, 2),
}
WARM_SEED = 10_000  # the warm-up game's seed, apart from the measured games' 0, 1, ...


def play(name: str, games: int) -> None:
    """Play a warm-up game of one workload, then ``games`` of its games, in this process."""
    import athanor
    from athanor import catalog

    game, bots, options, _n = WORKLOADS[name]
    for g in (WARM_SEED, *range(games)):
        agents = [catalog.bot(game, b, 1000 * g + i) for i, b in enumerate(bots)]
        s = athanor.new_game(game, len(bots), g, options, log=False)
        d = s.decision
        while d is not None:
            s.apply(agents[d.seat].choose(s, d))
            d = s.decision


def instructions(name: str, games: int) -> int:
    """Instructions a run of ``name`` with ``games`` games executes, counted by callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            str(Path(__file__).resolve()),
            "--play",
            name,
            "--games",
            str(games),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise SystemExit(f"cost guard: the {name} run failed:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def build() -> str:
    """The Python build the counts belong to."""
    return f"{platform.python_implementation()} {platform.python_version()} {platform.machine()}"


def measure(names: list[str]) -> dict[str, int]:
    """Each workload's instructions, less its baseline's (the warm-up alone)."""
    return {n: instructions(n, WORKLOADS[n][3]) - instructions(n, 0) for n in names}


def verdict(
    budget: dict[str, int], got: dict[str, int], tolerance: float
) -> tuple[list[str], list[str]]:
    """The table of each workload against its budget, and the workloads over it."""
    failed = []
    lines = [f"{'workload':28} {'budget':>15} {'now':>15} {'change':>8}"]
    for n, now in got.items():
        want = budget[n]
        change = now / want - 1
        mark = ""
        if change > tolerance:
            failed.append(n)
            mark = "  DEARER"
        elif change < -0.10:
            mark = "  (cheaper: lower the budget with --update)"
        lines.append(f"{n:28} {want:>15,} {now:>15,} {100 * change:>+7.2f}%{mark}")
    return lines, failed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--play", choices=sorted(WORKLOADS), help=argparse.SUPPRESS)
    p.add_argument("--games", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--update", action="store_true", help="write the measured figures as budget")
    p.add_argument("--why", default="", help="with --update: why the budget changes")
    p.add_argument("--tolerance", type=float, default=TOLERANCE)
    p.add_argument("--only", nargs="+", choices=sorted(WORKLOADS), help="some workloads only")
    args = p.parse_args()
    if args.play:
        play(args.play, args.games)
        return 0
    if shutil.which("valgrind") is None:
        print("cost guard: valgrind is not installed (Debian: apt-get install valgrind)")
        return 2
    budget = json.loads(BUDGET.read_text()) if BUDGET.exists() else {}
    if args.update:
        if not args.why.strip():
            raise SystemExit("cost guard: say why the budget changes (--why)")
        names = args.only or sorted(WORKLOADS)
        got = measure(names)
        figures = dict(budget.get("instructions", {}))
        figures.update(got)
        history = list(budget.get("history", []))
        history.append(
            {
                "date": datetime.date.today().isoformat(),
                "why": args.why.strip(),
                "instructions": got,
            }
        )
        BUDGET.write_text(
            json.dumps(
                {
                    "build": build(),
                    "tolerance": args.tolerance,
                    "instructions": figures,
                    "history": history,
                },
                indent=1,
            )
            + "\n"
        )
        for n, v in got.items():
            print(f"{n:28} {v:>15,}")
        print(f"budget written to {BUDGET.name}")
        return 0
    if budget.get("build") != build():
        print(
            f"cost guard: the budget was counted on {budget.get('build')}, this is {build()}: "
            "instruction counts of different builds do not compare, so nothing is checked"
        )
        return 0
    names = args.only or sorted(budget["instructions"])
    lines, failed = verdict(budget["instructions"], measure(names), args.tolerance)
    print("\n".join(lines))
    if failed:
        print(
            f"cost guard: {', '.join(failed)} cost more than {100 * args.tolerance:.0f}% over "
            "budget. Find what made them dearer (the fingerprints say whether the games "
            "changed), or, if the cost is worth it, raise the budget in the same commit: "
            'python benchmarks/cost_guard.py --update --why "..."'
        )
        return 1
    print("cost guard: every workload within budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
