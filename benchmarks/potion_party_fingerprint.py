"""A fingerprint of many seeded Potion Party games, to show a speed-up changed no game.

Run:  python benchmarks/potion_party_fingerprint.py [--games N]

Plays N games for each of several pairings (the bots and the random agent, 2 to 4
players, fixed, chosen and random recipes and alchemists, set-ups drawn by the spec's
``sample_options``, and dice with other faces) and prints one SHA-256 over every choice
made and every final result. Some pairings play with the log on: their every event (as
each seat and a spectator read it), every prompt and every option label go into the
digest too (each prompt read only after its answer, as a prompt is made when first
read and must still tell the question asked), so narration is pinned as well as play.
Run it before and after a change to the hot paths: the same seeds must give the same
games, so the digest must not move.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import catalog
from athanor.engine import Agent, GameState, RandomAgent, Rng

# Dice with more Alchemy faces and more Darkness than the defaults, so Super Dice,
# saved dice, Sabotage and the Lich's re-roll come up often.
ODD_FACES = {
    "blue_faces": "dark,heart,1,heart,2,dark",
    "red_faces": "potion,dark,3,potion,dark,1",
    "green_faces": "both,2,both,4,3,both",
}

# (agents: a bot name or "random" per seat, options; "sample": drawn per game, log on?)
PAIRINGS: list[tuple[tuple[str, ...], dict[str, Any] | str, bool]] = [
    (("heuristic", "heuristic"), {"recipe": "random", "alchemists": "random"}, False),
    (("heuristic", "cautious", "random"), {"recipe": "random", "alchemists": "choose"}, False),
    (("random", "random"), {}, False),
    (("random", "random", "random", "random"), "sample", False),
    (("random", "random", "random"), {"alchemists": "random", **ODD_FACES}, False),
    (("heuristic", "random", "cautious", "heuristic"), {"recipe": "soul-jar", **ODD_FACES}, False),
    (("optimal", "heuristic"), {"recipe": "speed", "alchemists": "random"}, False),
    (("random", "heuristic", "random"), "sample", True),
    (("heuristic", "random"), {"recipe": "invisibility", **ODD_FACES}, True),
]


def _agent(name: str, seed: int) -> Agent:
    return RandomAgent(seed) if name == "random" else catalog.bot("potion-party", name, seed)


def _game(h: Any, bots: tuple[str, ...], options: dict[str, Any], seed: int, log: bool) -> None:
    """Play one game, feeding its choices (and with ``log`` its words) into ``h``."""
    s: GameState = athanor.new_game("potion-party", len(bots), seed, options, log=log)
    agents = [_agent(b, 31 * seed + i) for i, b in enumerate(bots)]
    while (d := s.decision) is not None:
        s.apply(agents[d.seat].choose(s, d))
        if log:  # read after the answer: a prompt made late must still tell the question
            h.update(d.prompt.encode())
            h.update("|".join(o.label for o in d.options).encode())
    assert s.choices is not None and s.result is not None
    h.update("|".join(s.choices).encode())
    h.update(repr((s.result.scores, s.result.placing, s.result.detail)).encode())
    h.update(repr(sorted(s.stats().items())).encode())
    if log:
        for viewer in (None, *range(len(bots))):
            h.update("\n".join(s.events_for(viewer)).encode())


def fingerprint(games: int) -> str:
    """The digest over every game of every pairing."""
    sample = athanor.spec("potion-party").sample_options
    assert sample is not None
    h = hashlib.sha256()
    for p, (bots, options, log) in enumerate(PAIRINGS):
        rng = Rng(900 + p)
        for g in range(games):
            opts = sample(rng) if options == "sample" else options
            assert isinstance(opts, dict)
            h.update(repr(sorted(opts.items())).encode())
            _game(h, bots, opts, 5000 + 97 * p + g, log)
    return h.hexdigest()


def main() -> None:
    """Print the digest."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=positive, default=200, help="games per pairing")
    args = p.parse_args()
    print(f"{len(PAIRINGS)} pairings x {args.games} games: {fingerprint(args.games)}")


if __name__ == "__main__":
    main()
