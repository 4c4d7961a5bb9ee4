"""Dominion games per second: Athanor against pyminion, same machine, same run.

Set up:  pip install -e '.[bench]'     (installs pyminion 0.4.0 for this only)
Run:     python benchmarks/dominion_vs_pyminion.py [--games N] [--rounds R]

Two match-ups, two players, logging off on both sides, random Base-set
kingdoms on both sides: a Big Money mirror, and Smithy Big Money against Big
Money. Both engines play the same strategies, pyminion's example bots
(BigMoney, BigMoneySmithy) written in our strategy format below, so that the
games are alike; the mean turns per game of each side are printed to show it.
Athanor runs its full rules engine through the public contract (every
decision enumerated and validated); nothing is skipped. Each side is timed
in alternating rounds (each round starting with the other side); the report gives
the best round of each side against each other and the median of the rounds'
own ratios, which background load on a shared machine moves least. Figures are
per core (one process).

Each round also times ``athanor sim`` as a whole process (start-up, reading the
strategy files, the report), playing ``--sim-games`` games of the same match-up
with the same strategy files, one worker: the figure analysts see. Its Python
may write its bytecode cache (a first, untimed run fills it), as an installed
package has. ``--only athanor|pyminion|sim`` times one side alone, for
valgrind (benchmarks/NOTES.md).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.engine import play_out

# pyminion's example bots, line for line: no bot here holds back the last Province.
STRATEGIES = {
    "big-money": "name: big-money\noption: end-game-when-losing yes\n"
    "buy Province\nbuy Gold\nbuy Silver",
    "smithy": "name: smithy\noption: end-game-when-losing yes\n"
    "buy Province\nbuy Gold\nbuy Smithy if coins == 4\nbuy Silver",
}


def athanor_games(bots: tuple[str, str], games: int, seed: int) -> float:
    """Play ``games`` Athanor games between two bots; return the mean turns per game."""
    from athanor.games.dominion.strategy import Strategy, StrategyBot

    plans = [Strategy.parse(STRATEGIES[b], b) for b in bots]
    turns = 0
    for g in range(games):
        kingdom = "Smithy" if "smithy" in bots else "random"
        s = athanor.new_game("dominion", 2, seed + g, {"kingdom": kingdom}, log=False)
        play_out(s, [StrategyBot(plans[i], g * 2 + i) for i in range(2)])
        turns += sum(s.turns)  # type: ignore[attr-defined]
    return turns / games


def pyminion_games(bots: tuple[str, str], games: int, seed: int) -> float:
    """Play ``games`` pyminion games between two bots; return the mean turns per game."""
    from pyminion.bots.examples.big_money import BigMoney  # type: ignore[import-not-found]
    from pyminion.bots.examples.big_money_smithy import (  # type: ignore[import-not-found]
        BigMoneySmithy,
    )
    from pyminion.expansions.base import base_set, smithy  # type: ignore[import-not-found]
    from pyminion.game import Game  # type: ignore[import-not-found]

    make = {"big-money": BigMoney, "smithy": BigMoneySmithy}
    kingdom = [smithy] if "smithy" in bots else None
    random.seed(seed)  # pyminion uses the global generator
    turns = 0
    for _ in range(games):
        players = [make[bots[0]](player_id="a"), make[bots[1]](player_id="b")]
        Game(players, [base_set], kingdom_cards=kingdom, log_stdout=False).play()
        turns += sum(p.turns for p in players)
    return turns / games


SIM_JOBS = 1  # worker processes for the athanor sim process (--sim-jobs)


def sim_process(bots: tuple[str, str], games: int, seed: int, folder: str) -> float:
    """Run ``athanor sim`` as its own process on the strategy files; return its seconds."""
    files = [os.path.join(folder, f"{b}.txt") for b in bots]
    kingdom = "Smithy" if "smithy" in bots else "random"
    cmd = [sys.executable, "-m", "athanor", "sim", "dominion", "--bots", *files]
    cmd += ["--games", str(games), "--seed", str(seed), "--kingdom", kingdom, "--quiet"]
    cmd += ["--jobs", str(SIM_JOBS)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def timed(
    fn: Callable[[tuple[str, str], int, int], float], bots: tuple[str, str], games: int, round_: int
) -> tuple[float, float]:
    """Games per second for one round, and the mean turns per game."""
    start = time.perf_counter()
    turns = fn(bots, games, 1000 * round_)
    return games / (time.perf_counter() - start), turns


def main() -> None:
    """Print the comparison."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=150, help="games per round and side")
    p.add_argument("--rounds", type=positive, default=7)
    p.add_argument(
        "--sim-games",
        type=positive,
        default=5000,
        help="games per round of the athanor sim process",
    )
    p.add_argument(
        "--sim-jobs", type=positive, default=1, help="worker processes of the sim process"
    )
    p.add_argument("--only", choices=["athanor", "pyminion", "sim"], help="time one side alone")
    p.add_argument("--match", choices=["mirror", "smithy"], help="one match-up only")
    args = p.parse_args()
    global SIM_JOBS
    SIM_JOBS = args.sim_jobs
    logging.disable(logging.CRITICAL)
    matches = {"mirror": ("big-money", "big-money"), "smithy": ("smithy", "big-money")}
    with tempfile.TemporaryDirectory() as folder:
        for name, text in STRATEGIES.items():
            with open(os.path.join(folder, f"{name}.txt"), "w", encoding="utf-8") as fh:
                fh.write(text)
        for key, bots in matches.items():
            if args.match and key != args.match:
                continue
            if args.only:
                if args.only == "sim":
                    sim_process(bots, args.games, 0, folder)
                else:
                    fn = athanor_games if args.only == "athanor" else pyminion_games
                    fn(bots, args.games, 0)
                continue
            sim_process(bots, 10, 0, folder)  # fills the bytecode cache; not timed
            compare(bots, args.games, args.rounds, args.sim_games, folder)


def compare(bots: tuple[str, str], games: int, rounds: int, sim_games: int, folder: str) -> None:
    """Time the sides in alternating rounds and print one match-up's line."""
    ours: list[float] = []
    theirs: list[float] = []
    whole: list[float] = []
    our_turns = their_turns = 0.0
    for r in range(rounds):
        # Alternate which side goes first, so a slow spell does not always hit one side.
        sides = [(athanor_games, ours), (pyminion_games, theirs)]
        for fn, rates in sides if r % 2 == 0 else sides[::-1]:
            rate, turns = timed(fn, bots, games, r)
            rates.append(rate)
            if fn is athanor_games:
                our_turns += turns / rounds
            else:
                their_turns += turns / rounds
        whole.append(sim_games / sim_process(bots, sim_games, 1000 * r, folder))
    paired = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
    sim_paired = statistics.median(a / b for a, b in zip(whole, theirs, strict=True))
    print(
        f"{bots[0]} vs {bots[1]}: Athanor {max(ours):,.0f} games/s "
        f"({our_turns:.1f} turns a game), pyminion {max(theirs):,.0f} games/s "
        f"({their_turns:.1f} turns a game); best against best {max(ours) / max(theirs):.2f}x, "
        f"median of the rounds {paired:.2f}x ({rounds} rounds of {games} games)"
    )
    print(
        f"  athanor sim, whole process ({sim_games} games a round, {SIM_JOBS} worker"
        f"{'s' if SIM_JOBS > 1 else ''}): "
        f"{max(whole):,.0f} games/s; against pyminion's in-process loop: best against best "
        f"{max(whole) / max(theirs):.2f}x, median of the rounds {sim_paired:.2f}x"
    )


if __name__ == "__main__":
    main()
