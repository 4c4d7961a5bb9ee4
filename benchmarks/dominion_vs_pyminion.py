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
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
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
    args = p.parse_args()
    logging.disable(logging.CRITICAL)
    for bots in (("big-money", "big-money"), ("smithy", "big-money")):
        ours: list[float] = []
        theirs: list[float] = []
        our_turns = their_turns = 0.0
        for r in range(args.rounds):
            # Alternate which side goes first, so a slow spell does not always hit one side.
            sides = [(athanor_games, ours), (pyminion_games, theirs)]
            for fn, rates in sides if r % 2 == 0 else sides[::-1]:
                rate, turns = timed(fn, bots, args.games, r)
                rates.append(rate)
                if fn is athanor_games:
                    our_turns += turns / args.rounds
                else:
                    their_turns += turns / args.rounds
        paired = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        print(
            f"{bots[0]} vs {bots[1]}: Athanor {max(ours):,.0f} games/s "
            f"({our_turns:.1f} turns a game), pyminion {max(theirs):,.0f} games/s "
            f"({their_turns:.1f} turns a game); best against best {max(ours) / max(theirs):.2f}x, "
            f"median of the rounds {paired:.2f}x ({args.rounds} rounds of {args.games} games)"
        )


if __name__ == "__main__":
    main()
