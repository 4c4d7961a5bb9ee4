"""Random playouts per second, beside the same loop with no rules at all.

Run: python benchmarks/playout_speed.py [--seconds S] [--games potion-party dominion ...]
     python benchmarks/playout_speed.py --fixed N --games potion-party  (for valgrind)

A "step" is one choice: the random agent picks an option and ``apply`` runs the game to
its next decision. The bare loop is a game whose one frame offers two options and does
nothing, played by the same agent through the same ``apply``: its rate is the ceiling
of the engine's loop on this machine, so ``game / bare`` is a figure that does not
depend on the machine. Issue 12 asks for 150,000 steps per second on the reference
machine, where the bare loop runs at about 1.1 million (the ratio to aim at: 0.14).
Both are measured in the same run, alternately, best of a few rounds.

``--fixed N`` plays the games with seeds 0 to N-1 once and prints their steps, for
counting instructions: ``PYTHONHASHSEED=0 valgrind --tool=callgrind
--callgrind-out-file=/dev/null python benchmarks/playout_speed.py --fixed N --games G``,
less the same with ``--fixed 0``, divided by the steps.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import athanor
from _args import non_negative, positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.engine import Decision, Frame, GameSpec, GameState, Option, RandomAgent, Result

TARGET = 150_000


@dataclass
class _Nothing(Frame):
    """Offers two options and does nothing; the game ends after ``left`` choices."""

    left: int
    OPTIONS = (Option("a", "A"), Option("b", "B"))

    def run(self, state: Any) -> Decision | None:
        if self.left <= 0:
            state.stack.pop()
            return None
        return Decision(0, "Choose", self.OPTIONS)

    def choose(self, state: Any, option_id: str) -> None:
        self.left -= 1


class BareState(GameState):
    """The engine's state loop with no rules."""

    @property
    def result(self) -> Result | None:
        return None if self.stack else Result((0.0,), (1,))

    def view(self, seat: int | None) -> Any:
        return {}

    def clone(self) -> BareState:
        c = BareState.__new__(BareState)
        self._clone_base(c)
        return c

    def _state_json(self) -> Any:
        return {}

    @classmethod
    def _from_state_json(cls, data: Any) -> BareState:
        return cls.__new__(cls)


GameSpec("bare-loop", "Bare loop", 1, 1, BareState)


def bare_rate(steps: int) -> float:
    """Steps per second of the bare loop."""
    s = BareState.__new__(BareState)
    s._init_base(0, {}, None, 1, False)
    s.stack.append(_Nothing(steps))
    s._run()
    agent = RandomAgent(1)
    start = time.perf_counter()
    while (d := s._decision) is not None:
        s.apply(agent.choose(s, d))
    return steps / (time.perf_counter() - start)


def game_rate(game: str, seconds: float, players: int) -> float:
    """Steps per second of random playouts of a game (log off), set-up included."""
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = athanor.new_game(game, players, seed, log=False)
        agent = RandomAgent(seed)
        while (d := s._decision) is not None:
            s.apply(agent.choose(s, d))
            steps += 1
        seed += 1
    return steps / (time.perf_counter() - start)


def fixed_steps(game: str, games: int, players: int) -> int:
    """Random playouts of the games with seeds 0 to ``games - 1`` (log off); their steps."""
    steps = 0
    for seed in range(games):
        s = athanor.new_game(game, players, seed, log=False)
        agent = RandomAgent(seed)
        while (d := s._decision) is not None:
            s.apply(agent.choose(s, d))
            steps += 1
    return steps


def main() -> None:
    """Print each game's rate, the bare loop's, and their ratio."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rounds", type=positive, default=3)
    p.add_argument("--games", nargs="*", default=["potion-party", "dominion"])
    p.add_argument(
        "--fixed", type=non_negative, metavar="N", help="play seeds 0 to N-1 once (see above)"
    )
    args = p.parse_args()
    if not args.seconds > 0:
        p.error(f"--seconds needs a time above 0, not {args.seconds}")
    for game in args.games:
        players = athanor.spec(game).min_players
        if args.fixed is not None:
            print(f"{game} ({players} players): {fixed_steps(game, args.fixed, players)} steps")
            continue
        best_game = best_bare = 0.0
        for _ in range(args.rounds):
            best_bare = max(best_bare, bare_rate(200_000))
            best_game = max(best_game, game_rate(game, args.seconds, players))
        ratio = best_game / best_bare
        print(
            f"{game} ({players} players): {best_game:,.0f} steps/s; bare loop "
            f"{best_bare:,.0f} steps/s; ratio {ratio:.3f} "
            f"(target {TARGET:,}: {'met' if best_game >= TARGET else 'not met'} here)"
        )


if __name__ == "__main__":
    main()
