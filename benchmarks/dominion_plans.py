"""How strong the Dominion expert's plans could be: the best plan per kingdom (issue 25).

Run:  python benchmarks/dominion_plans.py [--kingdoms N] [--seed S] [--games G]
      [--family none|pairs|engines] [--jobs J]

The expert picks one of its candidate plans (``candidate_plans``) for the kingdom on the
table, so it can do no better than the best of them. For each of N random kingdoms with
Alchemy allowed (those of ``athanor sim dominion --kingdom random --option alchemy=any
--seed S --games N``), this plays every candidate G games against normal
(big-money-ultimate), seats alternated, and prints the mean over the kingdoms of the best
one's rate: the ceiling of choosing among them, biased upwards by taking the best of many.

``--family`` adds plans the expert does not offer and prints how far the best rises:
``pairs``, Big Money with two different terminals (one and one, two and one, one and two);
``engines``, a village beside a terminal draw card, with or without a trasher and a
non-terminal payload; ``tuned``, the tuned plans the expert now offers (``data/plans/``),
against the candidates without them. Picking the best of more plans raises the figure by
chance alone, so where a new plan came out best, it and the old best are played again on
fresh seeds and the gain is read from those games.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import play_out
from athanor.games.dominion.expert import (
    Plan,
    _money_plan,
    _reward,
    _slug,
    _strategy_plan,
    _tuned,
    candidate_plans,
)

OPTIONS = {"kingdom": "random", "alchemy": "any"}
FRESH = 1_000_000  # the fresh seeds' offset
TERMINALS = (
    "Witch", "Smithy", "Council Room", "Library", "Militia", "Bandit", "Bureaucrat",
    "Moneylender", "Sentry", "Poacher", "Artisan", "Mine", "Vassal", "Harbinger", "Moat",
)  # fmt: skip
DRAW = ("Smithy", "Library", "Council Room", "Witch", "Moat")
VILLAGES = ("Village", "Festival", "University")
TRASHERS = ("Chapel", "Sentry", "Moneylender")


def pairs(kingdom: list[str]) -> list[str]:
    """Big Money with two different terminals of the kingdom."""
    have = [t for t in TERMINALS if t in kingdom]
    texts = []
    for i, a in enumerate(have):
        for b in have[i + 1 :]:
            for na, nb in ((1, 1), (2, 1), (1, 2)):
                name = f"pair-{_slug(a)}{na}-{_slug(b)}{nb}"
                rules = [f"buy {a} if count({a}) < {na}", f"buy {b} if count({b}) < {nb}"]
                texts.append(_money_plan(name, [], rules))
    return texts


def engines(kingdom: list[str]) -> list[str]:
    """A village beside a terminal draw card (three or four), a trasher and a payload."""
    texts = []
    for v in (c for c in VILLAGES if c in kingdom):
        for d in (c for c in DRAW if c in kingdom):
            for tr in [None, *(c for c in TRASHERS if c in kingdom)]:
                for pay in [None, *(c for c in ("Market", "Laboratory") if c in kingdom)]:
                    for n in (3, 4):
                        lines = [
                            f"name: engine-{_slug(v)}-{_slug(d)}{n}-{_slug(tr or 'no')}-"
                            f"{_slug(pay or 'gold')}",
                            "buy Province if money > 15 or count(Gold) >= 2",
                            "buy Duchy if provinces_left <= 4",
                            "buy Estate if provinces_left <= 2",
                        ]
                        if tr:
                            lines.append(f"buy {tr} if count({tr}) < 1 and turn <= 2")
                        if v == "University":
                            lines.append("buy Potion if count(Potion) < 1")
                        lines += [
                            f"buy {d} if count({d}) < 1",
                            f"buy {v} if count({v}) < count({d})",
                            "buy Gold",
                            f"buy {d} if count({d}) < {n}",
                            *([f"buy {pay}"] if pay else []),
                            "buy Duchy if provinces_left <= 6",
                            "buy Silver",
                        ]
                        texts.append("\n".join(lines) + "\n")
    return texts


FAMILIES: dict[str, Callable[[list[str]], list[str]]] = {
    "none": lambda kingdom: [],
    "pairs": pairs,
    "engines": engines,
    "tuned": lambda kingdom: [],  # see kingdom_row
}


def rate(plan: Plan, kingdom: list[str], games: int, first: int) -> float:
    """The plan's share of the points against normal on this kingdom, seats alternated."""
    normal = catalog.bot_maker("dominion", "normal")
    options = {"kingdom": ",".join(kingdom), "alchemy": "any"}
    points = 0.0
    for g in range(games):
        seed = first + g
        s: Any = athanor.new_game("dominion", 2, seed, options, log=False)
        bots = [plan.make(seed * 7 + 1), normal(seed * 7 + 2)]
        me = g % 2
        if me:
            bots.reverse()
        play_out(s, bots)
        points += _reward(s, me)
    return points / games


def kingdom_row(job: tuple[int, int, str]) -> tuple[float, float, float]:
    """For one game's kingdom: the best candidate's rate, the best with the family, and
    the fresh-seed gain of the new pick over the old (0 when the old stays best)."""
    seed, games, family = job
    s: Any = athanor.new_game("dominion", 2, seed, OPTIONS, log=False)
    kingdom = list(s.kingdom)
    old = candidate_plans(kingdom, dict(s.supply))
    new: list[Plan] = []
    if family == "tuned":
        tuned = {st.name for st in _tuned()}
        new = [p for p in old if p.name in tuned]
        old = [p for p in old if p.name not in tuned]
    names = {p.name for p in old + new}
    new += [p for p in map(_strategy_plan, FAMILIES[family](kingdom)) if p.name not in names]
    rates = {p.name: rate(p, kingdom, games, 1) for p in old + new}
    by_name = {p.name: p for p in old + new}
    old_best = max((p.name for p in old), key=rates.__getitem__)
    best = max(rates, key=rates.__getitem__)
    gain = 0.0
    if best != old_best:
        fresh = [rate(by_name[n], kingdom, games, FRESH) for n in (best, old_best)]
        gain = fresh[0] - fresh[1]
    return rates[old_best], rates[best], gain


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kingdoms", type=positive, default=200)
    ap.add_argument("--seed", type=int, default=8000)
    ap.add_argument("--games", type=positive, default=100, help="games a plan and kingdom")
    ap.add_argument("--family", choices=list(FAMILIES), default="none")
    ap.add_argument("--jobs", type=positive, default=1)
    a = ap.parse_args()
    jobs = [(a.seed + i, a.games, a.family) for i in range(a.kingdoms)]
    with Pool(a.jobs) as pool:
        rows = pool.map(kingdom_row, jobs)
    old, best, gain = (statistics.mean(col) for col in zip(*rows, strict=True))
    moved = sum(1 for r in rows if r[1] > r[0])
    print(
        f"{a.kingdoms} kingdoms (athanor sim dominion --kingdom random --option alchemy=any "
        f"--seed {a.seed} --games {a.kingdoms}), {a.games} games a plan against normal"
    )
    print(f"best of the expert's candidates: {old:.1%} on average")
    if a.family != "none":
        print(f"best with the {a.family} family: {best:.1%} (a new plan led in {moved} kingdoms)")
        print(f"gain on fresh seeds where a new plan led, over all kingdoms: {gain:+.1%}")


if __name__ == "__main__":
    main()
