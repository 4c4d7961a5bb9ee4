"""Potion Party speed: random playouts per second, and clone and save/load costs.

Run: python benchmarks/potion_party_bench.py [--games N]

There is no other Potion Party engine to compare with, so the clone cost is
reported beside copy.deepcopy of the same state, measured in the same run.
"""

from __future__ import annotations

import argparse
import copy
import time
import timeit

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.engine import GameState, RandomAgent, play_out


def playouts(games: int, players: int, log: bool) -> float:
    """Random-agent games per second."""
    start = time.perf_counter()
    for seed in range(games):
        state = athanor.new_game("potion-party", players, seed, log=log)
        agent = RandomAgent(seed)
        play_out(state, [agent] * players)
    return games / (time.perf_counter() - start)


def mid_game(seed: int = 1, steps: int = 40) -> GameState:
    """A state some way into a 3-player game."""
    state = athanor.new_game("potion-party", 3, seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
    return state


def micro(fn: object, number: int) -> float:
    """Microseconds per call."""
    t = timeit.Timer(fn).repeat(repeat=5, number=number)  # type: ignore[arg-type]
    return min(t) / number * 1e6


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=2000)
    args = p.parse_args()
    for players in (2, 4):
        rate = playouts(args.games, players, False)
        print(f"random playouts, {players} players, log off: {rate:,.0f} games/s")
    print(f"random playouts, 3 players, log on:  {playouts(args.games // 4, 3, True):,.0f} games/s")
    state = mid_game()
    text = state.to_json()
    clone_us = micro(state.clone, 2000)
    deep_us = micro(lambda: copy.deepcopy(state), 200)
    ratio = deep_us / clone_us
    print(f"clone:           {clone_us:8.1f} us  (deepcopy {deep_us:.1f} us, {ratio:.0f}x slower)")
    print(
        f"to_json:         {micro(state.to_json, 500):8.1f} us  ({len(text):,} bytes, log included)"
    )
    print(f"load_game:       {micro(lambda: athanor.load_game(text, verify=False), 200):8.1f} us")
    verify_us = micro(lambda: athanor.load_game(text), 50)
    print(f"load + verify:   {verify_us:8.1f} us  (replays every choice)")


if __name__ == "__main__":
    main()
