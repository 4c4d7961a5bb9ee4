"""Tune a bot for every Alchemy kingdom card against Big Money Ultimate (issue 26).

Run:  python benchmarks/alchemy_bots.py [--games 400] [--rounds 40] [--write]

For each of the twelve Alchemy kingdom cards, `athanor tune` (athanor.tune.tune) climbs
from the shipped strategy for that card (or from Big Money Ultimate where there is none)
on a kingdom holding the card (and the partner its strategy needs: Smithy for Golem,
Laboratory for Scrying Pool, Vineyard for University), the other cards drawn at random
per game, then measures the best on fresh seeds beside its start. With --write, a tuned
file is shipped as strategies/CARD-tuned.txt when it measures better than its start and
better than Big Money Ultimate (its interval above 50%); the table says which, and where
nothing the tuner tried beat Big Money Ultimate. (The tuner's shape is buy rules only: a
start read into it loses the play and hold rules some shipped strategies need.)

``--measure`` instead plays each shipped strategy against Big Money Ultimate on its
kingdom (``--games``, fresh seeds), and with ``--write`` records the figure, the interval
and the command in the file's header (comment lines only: no game changes).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor.games.dominion.strategy import builtin_strategies
from athanor.tune import from_strategy, kingdom_cards, tune

STRATEGIES = Path(__file__).resolve().parents[1] / "src/athanor/games/dominion/strategies"

# card -> (kingdom, the shipped strategy it starts from)
CARDS = {
    "Transmute": ("Transmute", "transmute"),
    "Vineyard": ("Vineyard", None),
    "Herbalist": ("Herbalist", "herbalist"),
    "Apothecary": ("Apothecary", "apothecary"),
    "Scrying Pool": ("Scrying Pool,Laboratory", "scrying-pool"),
    "University": ("University,Vineyard", "university-vineyard"),
    "Alchemist": ("Alchemist", "alchemist"),
    "Familiar": ("Familiar", "familiar"),
    "Philosopher's Stone": ("Philosopher's Stone", "philosophers-stone"),
    "Golem": ("Golem,Smithy", "golem"),
    "Apprentice": ("Apprentice", "apprentice"),
    "Possession": ("Possession", "possession"),
}


def slug(card: str) -> str:
    return card.lower().replace("'", "").replace(" ", "-")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=positive, default=400)
    p.add_argument("--rounds", type=positive, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", nargs="+", choices=sorted(CARDS))
    p.add_argument("--write", action="store_true", help="ship the files that beat their start")
    p.add_argument("--measure", action="store_true", help="measure the shipped strategies")
    args = p.parse_args()
    shipped = builtin_strategies()
    if args.measure:
        measure(args.only or list(CARDS), args.games, args.seed, args.write)
        return
    print(
        "| card | kingdom | start | start vs BMU | tuned vs BMU (95% CI) | buys the card "
        "| shipped |"
    )
    print("|---|---|---|---|---|---|---|")
    for card in args.only or CARDS:
        kingdom, start_name = CARDS[card]
        cards = kingdom_cards(kingdom, args.seed)
        start = from_strategy(shipped[start_name], cards) if start_name else None
        name = f"{slug(card)}-tuned"
        r = tune(kingdom, "big-money-ultimate", args.games, args.seed, args.rounds, start, 1, name)
        m, sm = r.measured, r.start_measured
        uses = any(b.card == card for b in m.settings.buys)
        better = m.win_rate > sm.win_rate
        lo, hi = m.interval
        ship = args.write and better and uses and lo > 0.5
        if ship:
            (STRATEGIES / f"{name}.txt").write_text(r.text, encoding="utf-8")
        print(
            f"| {card} | {kingdom} | {start_name or 'big-money-ultimate'} | {sm.win_rate:.1%} "
            f"| {m.win_rate:.1%} ({lo:.1%} to {hi:.1%}) | {'yes' if uses else 'no'} "
            f"| {name if ship else '-'} |",
            flush=True,
        )


HEADER = "# Measured: "


def measure(cards: list[str], games: int, seed: int, write: bool) -> None:
    """Each card's shipped strategy against Big Money Ultimate on its kingdom."""
    from athanor import sim

    print("| card | strategy | kingdom | wins vs big-money-ultimate (95% CI) | command |")
    print("|---|---|---|---|---|")
    for card in cards:
        kingdom, name = CARDS[card]
        if name is None:
            print(f"| {card} | (none shipped) | {kingdom} | - | - |")
            continue
        fresh = seed + 2_000_003
        bots = [name, "big-money-ultimate"]
        s = sim.Summary.start("dominion", bots, fresh)
        sim.run("dominion", bots, games, fresh, {"kingdom": kingdom}, sink=s.add)
        j = s.per_bot[name].to_json()
        lo, hi = j["win_rate_ci95"]
        command = (
            f"athanor sim dominion --bots {name} big-money-ultimate --kingdom {kingdom!r} "
            f"--games {games} --seed {fresh}"
        )
        figure = f"{j['win_rate']:.1%} (95% CI {lo:.1%} to {hi:.1%})"
        print(f"| {card} | {name} | {kingdom} | {figure} | `{command}` |", flush=True)
        if write:
            path = STRATEGIES / f"{name}.txt"
            lines = [
                line
                for line in path.read_text(encoding="utf-8").splitlines()
                if not line.startswith(HEADER)
            ]
            note = (
                f"{HEADER}won {figure} of {games} games against big-money-ultimate, seats "
                f"rotated, on kingdom {kingdom!r} (the other cards random per game): {command}"
            )
            path.write_text("\n".join([note, *lines]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
