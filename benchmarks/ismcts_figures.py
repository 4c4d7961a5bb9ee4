"""ISMCTS against each game's default bot: win rates with 95% intervals, ms per decision.

Run: python benchmarks/ismcts_figures.py [--games N] [--budgets 50 200] [--only GAME ...]

Two-player games (the Crucible: three seats, all ISMCTS, beside the team bot on the same
deals). Seats alternate; game i uses seed 1000 + i for both sides. The rollout policy per
game is set in ROLLOUT (a fast bot of the game's own, or random).
"""

from __future__ import annotations

import argparse
import time

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import Agent, play_out
from athanor.sim import wilson

ROLLOUT = {
    "potion-party": "heuristic",
    "dominion": "big-money-ultimate",
    "potion-making": "heuristic",
    "crucible": "random",
}


class Timed:
    """Counts an agent's decisions with more than one option, and the time they took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, state: athanor.GameState, decision: athanor.Decision) -> str:
        start = time.perf_counter()
        got = self.agent.choose(state, decision)
        if len(decision.ids) > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return got


def run(game: str, budget: int, games: int) -> str:
    """One row of the table."""
    spec = athanor.spec(game)
    name = f"ismcts:iterations={budget},rollout={ROLLOUT[game]}"
    wins = 0.0
    timers: list[Timed] = []
    coop = spec.cooperative
    players = 3 if coop else 2
    base_wins = 0
    for i in range(games):
        seed = 1000 + i
        s = athanor.new_game(game, players, seed, log=False)
        if coop:
            agents = [Timed(catalog.bot(game, name, seed * 7 + k)) for k in range(players)]
            timers += agents
            play_out(s, agents)  # type: ignore[arg-type]
            wins += bool(s.stats()["won"])
            t = athanor.new_game(game, players, seed, log=False)
            play_out(t, [catalog.bot(game, spec.default_bot, seed * 7 + k) for k in range(3)])
            base_wins += bool(t.stats()["won"])
            continue
        me = Timed(catalog.bot(game, name, seed * 7))
        timers.append(me)
        other = catalog.bot(game, spec.default_bot, seed * 7 + 1)
        seats: list[Agent] = [me, other] if i % 2 == 0 else [other, me]
        play_out(s, seats)
        res = s.result
        assert res is not None
        mine = seats.index(me)
        if res.placing[mine] == 1:
            wins += 1.0 / sum(1 for p in res.placing if p == 1)
    lo, hi = wilson(wins, games)
    secs = sum(t.seconds for t in timers)
    n = sum(t.decisions for t in timers)
    ms = 1000 * secs / n if n else 0.0
    what = "team win rate" if coop else f"win rate against {spec.default_bot}"
    extra = f"; the team bot on the same deals: {base_wins}/{games}" if coop else ""
    return (
        f"| {game} | {budget} | {games} | {what}: {wins / games:.1%} "
        f"({lo:.1%} to {hi:.1%}){extra} | {ms:.1f} |"
    )


def main() -> None:
    """Print the Markdown table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=60)
    p.add_argument("--budgets", type=positive, nargs="*", default=[50, 200])
    p.add_argument("--only", nargs="*", default=list(ROLLOUT))
    a = p.parse_args()
    print("| game | iterations | games | result (95% interval) | ms per decision |")
    print("|---|---|---|---|---|")
    for game in a.only:
        for budget in a.budgets:
            print(run(game, budget, a.games), flush=True)


if __name__ == "__main__":
    main()
