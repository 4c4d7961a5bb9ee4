"""Learning-environment steps per second with and without JSON views in the infos.

Run: python benchmarks/env_steps.py [--seconds S] [--rounds R] [--games dominion ...]

Both environments of ``athanor.envs``, each game at its default set-up, every action a
random legal one from a seeded NumPy generator:

- AEC: the PettingZoo environment, every seat an agent; a step is one choice, and it
  includes ``env.last()`` (the agent's observation).
- Gym: the Gymnasium environment, seat 0 the learner and the other seats random bots; a
  step is the learner's choice plus the bots' choices up to its next one.

"views" is ``with_views=True``: it builds what the environments built at every step before
views became optional (every seat's view for the AEC infos, the learner's view for the
Gymnasium info). "no views" is the default. Rates are steps per second of this process's
CPU time (on a shared machine, wall-clock time counts the other jobs too). Rounds
alternate between the two; the best round of each is kept. The ratio no views / views
does not depend on the machine much.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.envs import GameEnv, aec_env


def aec_rate(game: str, with_views: bool, seconds: float, seed: int) -> float:
    """Choices per CPU second of the AEC environment, random legal actions."""
    env = aec_env(game, with_views=with_views)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while True:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if steps % 50 == 0 and (t := time.process_time() - start) >= seconds:
                return steps / t
        env.reset()


def gym_rate(game: str, with_views: bool, seconds: float, seed: int) -> float:
    """Learner steps per CPU second of the Gymnasium environment against random bots."""
    players = athanor.spec(game).min_players
    env = GameEnv(game, opponents=["random"] * (players - 1), with_views=with_views)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, truncated, _ = env.step(action)
        steps += 1
        if terminated or truncated:
            obs, _ = env.reset()
        if steps % 50 == 0 and (t := time.process_time() - start) >= seconds:
            return steps / t


def main() -> None:
    """Print each game's rates with and without views, and their ratio."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=1.0, help="CPU time per measurement")
    p.add_argument("--rounds", type=positive, default=5)
    p.add_argument("--games", nargs="*", default=[g.name for g in athanor.games()])
    args = p.parse_args()
    if not args.seconds > 0:
        p.error(f"--seconds needs a time above 0, not {args.seconds}")
    print("| game | env | views (steps/s) | no views (steps/s) | no views / views |")
    print("|---|---|---|---|---|")
    for game in args.games:
        for env_name, rate in (("AEC", aec_rate), ("Gym", gym_rate)):
            best = {True: 0.0, False: 0.0}
            for r in range(args.rounds):
                for with_views in (True, False):
                    got = rate(game, with_views, args.seconds, r)
                    best[with_views] = max(best[with_views], got)
            print(
                f"| {game} | {env_name} | {best[True]:,.0f} | {best[False]:,.0f} "
                f"| {best[False] / best[True]:.2f}x |",
                flush=True,
            )


if __name__ == "__main__":
    main()
