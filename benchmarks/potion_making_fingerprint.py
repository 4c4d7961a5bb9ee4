"""A fingerprint of many seeded Potion-Making games, to show a change left every game the same.

Run:  python benchmarks/potion_making_fingerprint.py [--games N]

Plays N games for each of several pairings (the heuristic bot and the random agent, 2 to 4
players, Practice, the Guild and the University Course) and prints two SHA-256 digests: one
over every choice made and every final result (the games: a change of words must not move
it), and one over every prompt, option label and event as each seat and a spectator read
them, for the pairings played with the log on (the words: it moves when narration changes).
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import Agent, GameState, RandomAgent

# (agents: a bot name or "random" per seat, the expansions, log on?)
PAIRINGS: list[tuple[tuple[str, ...], str, bool]] = [
    (("heuristic", "heuristic"), "practice", False),
    (("heuristic", "random"), "guild", False),
    (("random", "random", "random"), "guild,university", False),
    (("heuristic", "heuristic", "heuristic", "random"), "guild,university", False),
    (("heuristic", "random", "heuristic"), "practice", True),
    (("random", "heuristic"), "guild", True),
    (("heuristic", "heuristic", "random"), "guild,university", True),
]


def _agent(name: str, seed: int) -> Agent:
    return RandomAgent(seed) if name == "random" else catalog.bot("potion-making", name, seed)


def _game(games: Any, words: Any, bots: tuple[str, ...], mode: str, seed: int, log: bool) -> None:
    """Play one game, feeding its choices into ``games`` (and with ``log`` its words into
    ``words``)."""
    s: GameState = athanor.new_game("potion-making", len(bots), seed, {"expansions": mode}, log=log)
    agents = [_agent(b, 31 * seed + i) for i, b in enumerate(bots)]
    while (d := s.decision) is not None:
        s.apply(agents[d.seat].choose(s, d))
        if log:  # read after the answer: a prompt made late must still tell the question
            words.update(d.prompt.encode())
            words.update("|".join(o.label for o in d.options).encode())
    assert s.choices is not None and s.result is not None
    games.update("|".join(s.choices).encode())
    games.update(repr((s.result.scores, s.result.placing)).encode())
    games.update(repr(sorted(s.stats().items())).encode())
    if log:
        for viewer in (None, *range(len(bots))):
            words.update("\n".join(s.events_for(viewer)).encode())


def fingerprint(n: int) -> tuple[str, str]:
    """The digests (games, words) over every game of every pairing."""
    games = hashlib.sha256()
    words = hashlib.sha256()
    for p, (bots, mode, log) in enumerate(PAIRINGS):
        for g in range(n):
            _game(games, words, bots, mode, 8000 + 97 * p + g, log)
    return games.hexdigest(), words.hexdigest()


def main() -> None:
    """Print the digests."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=30, help="games per pairing")
    args = p.parse_args()
    games, words = fingerprint(args.games)
    print(f"{len(PAIRINGS)} pairings x {args.games} games: games {games}")
    print(f"words {words}")


if __name__ == "__main__":
    main()
