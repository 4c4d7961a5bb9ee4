"""Measure the Crucible's task-count curve: the bot team's and a random team's win rates.

    python benchmarks/crucible_calibration.py [--games 500] [--seed 1] [--jobs 2] [--out DIR]

For every mission and 3, 4 and 5 players it runs
``athanor sim crucible --mission M --players N --games G --seed S --json ...`` (the team bot in
every seat) and the same with ``--bots random ...``, then prints the Markdown table kept in
docs/rules/crucible.md. The JSON of every run is kept in DIR (default: a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.games.crucible.missions import MISSIONS

PLAYERS = (3, 4, 5)


def run(args: list[str], out: Path) -> dict:  # type: ignore[type-arg]
    cmd = [sys.executable, "-m", "athanor", "sim", "crucible", *args, "--json", str(out), "--quiet"]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return json.loads(out.read_text())["team"]  # type: ignore[no-any-return]


def cell(team: dict) -> str:  # type: ignore[type-arg]
    lo, hi = team["win_rate_ci95"]
    return f"{team['win_rate']:.0%} ({lo:.0%}-{hi:.0%})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=positive, default=2)
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--missions", type=int, nargs="*", default=list(MISSIONS))
    a = p.parse_args()
    out = a.out or Path(tempfile.mkdtemp(prefix="crucible-calibration-"))
    out.mkdir(parents=True, exist_ok=True)
    head = (
        "| mission | tasks | "
        + " | ".join(f"bot team, {n} players | random, {n} players" for n in PLAYERS)
        + " |"
    )
    print(head)
    print("|" + "---|" * (2 + 2 * len(PLAYERS)))
    for m in a.missions:
        cells = []
        for n in PLAYERS:
            common = ["--mission", str(m), "--games", str(a.games), "--seed", str(a.seed)]
            bot = run(
                [*common, "--players", str(n), "--jobs", str(a.jobs)], out / f"m{m}-p{n}-team.json"
            )
            rnd = run([*common, "--bots", *(["random"] * n)], out / f"m{m}-p{n}-random.json")
            cells += [cell(bot), cell(rnd)]
        print(f"| {m} | {MISSIONS[m].tasks} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n(JSON of every run: {out})", file=sys.stderr)


if __name__ == "__main__":
    main()
