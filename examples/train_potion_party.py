"""Train a Potion Party agent with sb3-contrib's MaskablePPO against the heuristic bot.

Not part of the test suite. Needs the rl extra and sb3-contrib (which brings PyTorch):

    pip install -e '.[rl]' sb3-contrib
    python examples/train_potion_party.py --steps 100000 --eval 500

The learner takes seat 0 of a 2-player game (Player One is decided by the game's roll-off,
so it moves first in about half the games); the other seat is the heuristic bot. The
observation is the game's encoding of the learner's view (docs/envs.md); illegal actions
are masked out. At the end the trained policy plays ``--eval`` new games (other seeds)
and the script prints its win rate with a 95% interval.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from athanor.envs import GameEnv
from athanor.sim import wilson


class ArrayObservation(gymnasium.ObservationWrapper):  # type: ignore[type-arg]
    """Hands the learner the observation array alone (the mask goes through ActionMasker)."""

    def __init__(self, env: GameEnv) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]


def make_env(recipe: str) -> Any:
    """The training environment: the learner against the heuristic bot."""
    env = GameEnv(
        "potion-party",
        players=2,
        seat=0,
        opponents=["heuristic"],
        options={"recipe": recipe, "alchemists": "random"},
    )
    return ActionMasker(ArrayObservation(env), lambda e: e.unwrapped.action_masks())


def evaluate(model: MaskablePPO, recipe: str, games: int, seed: int) -> tuple[int, int]:
    """Wins of the trained policy in new games."""
    env = make_env(recipe)
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward == 1.0
    return wins, games


def main() -> None:
    """Train, then evaluate."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--steps", type=int, default=100_000)
    p.add_argument("--eval", type=int, default=500)
    p.add_argument("--recipe", default="speed")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    import torch

    torch.set_num_threads(1)
    env = make_env(a.recipe)
    model = MaskablePPO("MlpPolicy", env, seed=a.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=a.steps)
    print(f"trained {a.steps:,} steps in {time.perf_counter() - start:.0f} s")
    wins, games = evaluate(model, a.recipe, a.eval, 1_000_000)
    lo, hi = wilson(wins, games)
    print(
        f"win rate against the heuristic bot: {wins / games:.1%} "
        f"(95% interval {lo:.1%} to {hi:.1%}, {games} games)"
    )


if __name__ == "__main__":
    main()
