"""Memory of a whole `athanor sim` process as the number of games grows (issue 26).

Run:  python benchmarks/sim_memory.py [--games 10000 100000 1000000] [--jobs 1]

Runs `athanor sim dominion --bots big-money big-money --games N --quiet --csv FILE` for each
N, as a user would, and prints its peak resident memory (the simulating process itself;
with --jobs above 1, the main process, where the records would pile up). The simulator
streams each game's record into the summary and the CSV file, so the peak should stay flat;
before it kept every record (about 0.7 KB a game).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _args import positive  # benchmarks/_args.py (scripts run from this folder)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=positive, nargs="+", default=[10_000, 100_000])
    p.add_argument("--jobs", type=positive, default=1)
    args = p.parse_args()
    athanor = Path(sys.executable).with_name("athanor")
    print(f"{'games':>10} {'peak memory':>12} {'seconds':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.games:
            cmd = [
                str(athanor),
                "sim",
                "dominion",
                "--bots",
                "big-money",
                "big-money",
                "--games",
                str(n),
                "--jobs",
                str(args.jobs),
                "--quiet",
                "--csv",
                os.path.join(tmp, "games.csv"),
            ]
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
            seconds = time.perf_counter() - start
            if status != 0:
                raise SystemExit(f"{' '.join(cmd)} failed ({status})")
            print(f"{n:>10,} {usage.ru_maxrss / 1024:>9.1f} MB {seconds:>8.1f}")


if __name__ == "__main__":
    main()
