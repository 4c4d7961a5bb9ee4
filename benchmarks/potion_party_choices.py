"""What each of the lone player's choices is worth in Potion Party, by leaving it out.

Run:  python benchmarks/potion_party_choices.py [--most 4] [--total 6] [--only NAME ...]

The solver can leave out three of the lone player's choices: keeping saved dice aside to
match (``keep``), saving a heart or a potion before a greedy roll (``early_save``) and
saving a Super Die's Alchemy face (``super_save``). For each of the seven programmes with
fewer choices than the exact one, this solves every need of up to ``--most`` Ruby and
``--most`` Sapphire and ``--total`` in all, from scratch, and prints its seconds, the
largest number of states a need held, and how many turns slower than the shipped exact
table it is (the largest and the mean gap over every turn start both hold; a programme
with fewer choices can only be slower). ``--only keep=1,early=0,super=1`` runs one.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.games.potion_party.solver import DEFAULT, Solver, shipped


def _name(keep: bool, early: bool, sup: bool) -> str:
    return f"keep={int(keep)},early={int(early)},super={int(sup)}"


def main() -> None:
    """Solve each smaller programme and compare it with the exact table."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--most", type=positive, default=4, help="Ruby or Sapphire at most")
    ap.add_argument("--total", type=positive, default=6, help="Ruby and Sapphire at most")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="e.g. keep=1,early=0,super=1")
    args = ap.parse_args()
    exact = shipped(DEFAULT)
    assert exact is not None
    needs = [
        (rb, total - rb)
        for total in range(1, args.total + 1)
        for rb in range(total + 1)
        if rb <= args.most and total - rb <= args.most
    ]
    missing = [n for n in needs if (*n, 0, 0) not in exact.turns]
    if missing:
        ap.error(f"the shipped exact table lacks the needs {missing}")
    sys.setrecursionlimit(100_000)
    names = [_name(*c) for c in itertools.product((False, True), repeat=3)][:-1]
    unknown = sorted(set(args.only or ()) - set(names))
    if unknown:
        ap.error(f"unknown programmes {unknown}; choose from {names}")
    for flags in itertools.product((False, True), repeat=3):
        name = _name(*flags)
        if all(flags) or (args.only and name not in args.only):
            continue
        solver = Solver(DEFAULT, keep=flags[0], early_save=flags[1], super_save=flags[2])
        begin = time.perf_counter()
        most_states = 0
        for rb, sb in needs:
            solver.solve_need(rb, sb)
            most_states = max(most_states, solver.states)
        seconds = time.perf_counter() - begin
        gaps = [v - exact.turns[k] for k, v in solver.turns.items() if k[0] or k[1]]
        print(
            f"{name}: {seconds:.0f} s, at most {most_states:,} states a need, slower than "
            f"exact by at most {max(gaps):.4f} turns, {sum(gaps) / len(gaps):.4f} on average",
            flush=True,
        )


if __name__ == "__main__":
    main()
