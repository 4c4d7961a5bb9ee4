"""Tune the Dominion expert's Big Money plans and write them as package data.

    python tools/dominion_tuned_plans.py [--jobs 2]

Runs ``athanor tune`` (``athanor.tune.tune``) against big-money-ultimate for each card and
each pair in ``PAIRS`` (800 games a candidate, seed 1, 50
candidates; each file's header gives its command and its win rate on 800 fresh games) and
writes the results to ``src/athanor/games/dominion/data/plans/``, replacing what is there.
A result that buys none of its kingdom cards (Big Money Ultimate again) is left out, and so
is one whose rules repeat a plan with a higher win rate (a pair's search may drop a card).
The expert offers the best four of them whose cards are on the table. About 20 minutes on
two cores.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from pathlib import Path

from athanor.games.dominion.expert import _slug, ranked_plans
from athanor.games.dominion.strategy import Strategy
from athanor.tune import tune

OUT = Path(__file__).resolve().parents[1] / "src/athanor/games/dominion/data/plans"
SINGLES = (
    "Smithy", "Council Room", "Library", "Bandit", "Witch", "Militia", "Moneylender",
    "Bureaucrat", "Laboratory", "Market", "Sentry", "Poacher", "Familiar", "Mine", "Artisan",
    "Vassal", "Harbinger", "Merchant", "Herbalist", "Apprentice",
)  # fmt: skip
# The pairs in the order they were tuned (the order names the file).
PAIRS = (
    "Familiar,Bandit", "Familiar,Library", "Familiar,Militia", "Familiar,Smithy",
    "Familiar,Council Room", "Familiar,Laboratory", "Familiar,Market", "Witch,Laboratory",
    "Witch,Market", "Laboratory,Smithy", "Laboratory,Library", "Laboratory,Council Room",
    "Laboratory,Militia", "Market,Smithy", "Market,Library", "Market,Council Room",
    "Market,Militia", "Militia,Sentry", "Bandit,Council Room", "Bandit,Smithy",
    "Bandit,Poacher", "Sentry,Smithy", "Bureaucrat,Sentry", "Militia,Smithy",
    "Militia,Library", "Familiar,Sentry", "Familiar,Poacher", "Familiar,Moneylender",
    "Familiar,Bureaucrat", "Familiar,Mine", "Militia,Bandit", "Militia,Council Room",
    "Militia,Poacher", "Militia,Moneylender", "Militia,Bureaucrat", "Militia,Mine",
    "Bandit,Library", "Bandit,Laboratory", "Bandit,Market", "Bandit,Sentry",
    "Bandit,Moneylender", "Bandit,Bureaucrat", "Bandit,Mine", "Smithy,Council Room",
    "Smithy,Library", "Smithy,Poacher", "Smithy,Moneylender", "Smithy,Bureaucrat",
    "Smithy,Mine", "Council Room,Library", "Council Room,Sentry", "Council Room,Poacher",
    "Council Room,Moneylender", "Council Room,Bureaucrat", "Council Room,Mine",
    "Library,Sentry", "Library,Poacher", "Library,Moneylender", "Library,Bureaucrat",
    "Library,Mine", "Laboratory,Market", "Laboratory,Sentry", "Laboratory,Poacher",
    "Laboratory,Moneylender", "Laboratory,Bureaucrat", "Laboratory,Mine", "Market,Sentry",
    "Market,Poacher", "Market,Moneylender", "Market,Bureaucrat", "Market,Mine",
    "Sentry,Poacher", "Sentry,Moneylender", "Sentry,Mine", "Poacher,Moneylender",
    "Poacher,Bureaucrat", "Poacher,Mine", "Moneylender,Bureaucrat", "Moneylender,Mine",
    "Bureaucrat,Mine",
)  # fmt: skip


def slug(kingdom: str) -> str:
    return "tuned-" + _slug(kingdom.replace(",", "-"))


def one(kingdom: str) -> tuple[str, str]:
    """The tuned file's text for one kingdom spec."""
    result = tune(kingdom, "big-money-ultimate", 800, 1, 50, name=slug(kingdom))
    print(f"{kingdom}: won {result.measured.win_rate:.1%} of 800 fresh games", flush=True)
    return kingdom, result.text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    if a.jobs < 1:
        ap.error(f"--jobs needs at least 1, not {a.jobs}")
    with Pool(a.jobs) as pool:
        found = pool.map(one, [*SINGLES, *PAIRS])
    texts: dict[str, str] = {}
    plans: list[Strategy] = []
    for kingdom, text in found:
        st = Strategy.parse(text, slug(kingdom))
        if st.cards() & set(kingdom.split(",")):  # else Big Money Ultimate again
            texts[st.name] = text
            plans.append(st)
    kept = ranked_plans(plans)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.txt"):
        old.unlink()
    for st in kept:
        (OUT / f"{st.name}.txt").write_text(texts[st.name], encoding="utf-8")
    print(f"wrote {len(kept)} plans to {OUT}")


if __name__ == "__main__":
    main()
