"""Solve Potion Party's lone-player turn starts and write them as package data.

    python tools/potion_party_tables.py --ruby 2 --sapphire 2
    python tools/potion_party_tables.py --model no-early-save --recipes

Every need up to (ruby, sapphire), or with ``--recipes`` every need of the four simple
recipes, each with all 24 combinations of saved dice, is solved (solver.py) and written to
the model's package data (``solver.DATA_FILES``: ``data/optimal_turns.json`` for the exact
model), which the optimal bot reads; the file is rewritten after every need, so a long run
can be stopped with what it has and carried on with ``--table``. Needs of the same total
are independent of each other, so they can be solved in parallel: ``--need R S --out
part.json`` solves one need on top of the table already shipped (or ``--table``), and
``--merge part.json ...`` adds such parts to it. The test suite recomputes needs from
scratch and compares them with the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from athanor.games.potion_party.data import RECIPES
from athanor.games.potion_party.solver import DATA_FILES, DEFAULT, MODELS, Solver, load_turns

PACKAGE = Path(__file__).resolve().parents[1] / "src/athanor/games/potion_party"
# Inner states kept from one need to the next (about 250 bytes each): a long run forgets the
# smaller needs' past this and works them out again when a Super Die reaches them.
KEEP_STATES = 8_000_000


def _solve(solver: Solver, rb: int, sb: int) -> None:
    t = time.perf_counter()
    sweeps = solver.solve_need(rb, sb)
    print(
        f"need ruby {rb} sapphire {sb}: {sweeps} sweeps, {solver.states:,} states, "
        f"{time.perf_counter() - t:.1f} s, "
        f"expected turns {solver.turns[(rb, sb, 0, 0)]:.4f}",
        flush=True,
    )


def _write(solver: Solver, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(solver.to_json()) + "\n")


def _count(text: str) -> int:
    """A number of Stardust: a whole number of at least 0."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"needs at least 0, not {n}")
    return n


def _recipe_needs() -> list[tuple[int, int]]:
    """Every need a simple recipe can leave (each recipe's needs and all smaller ones),
    smallest total first."""
    needs = set()
    for r in RECIPES.values():
        if not r.is_complex:
            for rb in range(r.need("ruby") + 1):
                for sb in range(r.need("sapphire") + 1):
                    needs.add((rb, sb))
    return sorted(needs - {(0, 0)}, key=lambda n: (n[0] + n[1], n))


def main() -> None:
    """Solve (or merge) and write the table, printing each need's sweeps and seconds."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--model", choices=sorted(MODELS), default="exact")
    ap.add_argument("--ruby", type=_count, default=2)
    ap.add_argument("--sapphire", type=_count, default=2)
    ap.add_argument("--recipes", action="store_true", help="every need of the simple recipes")
    ap.add_argument("--need", type=_count, nargs=2, metavar=("R", "S"))
    ap.add_argument("--merge", type=Path, nargs="+")
    ap.add_argument(
        "--table",
        type=Path,
        help="the table to build on (default: the shipped one with "
        "--need and --merge, none otherwise)",
    )
    ap.add_argument("--out", type=Path, help="where to write (default: the shipped table)")
    args = ap.parse_args()
    shipped_table = PACKAGE / DATA_FILES[args.model]
    table: Path = args.table or shipped_table
    out: Path = args.out or shipped_table
    flags = MODELS[args.model]
    sys.setrecursionlimit(100_000)
    begin = time.perf_counter()
    if args.need or args.merge:
        try:  # every input is read and checked before anything is written
            turns = load_turns(table.read_text(), DEFAULT, args.model)
            for part in args.merge or ():
                part_turns = load_turns(part.read_text(), DEFAULT, args.model)
                turns.update((k, v) for k, v in part_turns.items() if k not in turns)
        except (OSError, ValueError) as exc:
            ap.error(f"cannot use the table: {exc}")
        solver = Solver(DEFAULT, turns, **flags)
        if args.merge:
            load_turns(json.dumps(solver.to_json()), DEFAULT, args.model)  # complete, well formed
        else:
            _solve(solver, *args.need)
        _write(solver, out)
    else:
        turns = {}
        if args.table:  # build on a table: the needs it holds are not solved again
            try:
                turns = load_turns(args.table.read_text(), DEFAULT, args.model)
            except (OSError, ValueError) as exc:
                ap.error(f"cannot use the table: {exc}")
        solver = Solver(DEFAULT, turns, **flags)
        solver.keep_states = KEEP_STATES
        if args.recipes:
            needs = _recipe_needs()
        else:
            needs = [
                (rb, total - rb)
                for total in range(1, args.ruby + args.sapphire + 1)
                for rb in range(max(0, total - args.sapphire), min(args.ruby, total) + 1)
            ]
        for rb, sb in needs:
            if (rb, sb, 0, 0) in solver.turns:
                continue
            _solve(solver, rb, sb)
            _write(solver, out)
    print(f"wrote {out} in {time.perf_counter() - begin:.1f} s")


if __name__ == "__main__":
    main()
