"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

The bot never reads what its seat cannot see. Each iteration starts from
``state.determinize(seat, seed)``, a copy in which everything hidden from the
seat (other hands, deck orders, future dice) is dealt again at random, then
walks one tree shared by all those copies: nodes are option ids, every seat's
decisions included, and each option is scored by the seat that chooses it.
An option is weighed against how often it was available, since in one copy an
option may be legal and in another not (Cowling, Powley and Whitehouse, 2012).
Below the tree a rollout policy plays to the end: uniform random, or a game's
own bot, which then also guides the tree: at each node its choice is tried first and
gets a progressive bias (``bias / visits`` added to its score), so a small budget refines
the bot's play rather than starting from random options, and the evidence of the
rollouts overrules the bot as the visits grow.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from athanor.engine import Agent, Decision, GameState, Rng

MAX_ROLLOUT_STEPS = 20_000  # a rollout that has not ended by then counts as a draw


class Node:
    """Statistics of one option at one place in the tree, and the options below it."""

    __slots__ = ("avail", "children", "hint", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        self.children: dict[str, Node] = {}
        self.hint = ""  # the rollout bot's choice here, when a bot guides the search


class _RandomPolicy:
    """Uniform random choices from the search's own generator."""

    name = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState, decision: Decision) -> str:
        ids = decision.ids
        return ids[self.rng.below(len(ids))]


def rewards(state: GameState) -> list[float]:
    """What a finished game is worth to each seat: a shared first place is shared out, and
    in a team game every seat gets the team's score. An unfinished one is a draw."""
    res = state.result
    n = state.players
    if res is None:
        return [1.0 / n] * n
    if state.spec.cooperative:
        return [float(x) for x in res.scores]
    first = sum(1 for p in res.placing if p == 1)
    return [1.0 / first if p == 1 else 0.0 for p in res.placing]


class Ismcts:
    """An ISMCTS bot for any game. Budget per decision: ``iterations`` (500 if neither is
    given), or ``seconds`` (then the result also depends on the machine's speed), or both:
    it stops at whichever comes first. ``rollout`` makes the rollout agent for a seed (None:
    uniform random). ``c`` is the exploration constant."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: Callable[[int], Agent] | None = None,
        c: float = 0.7,
        rollout_name: str = "random",
        bias: float = 2.0,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 500
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"the time budget must be positive, not {seconds}")
        self.rng = Rng(seed ^ 0x15AC7)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout_name = rollout_name
        self.policy: Agent = (
            _RandomPolicy(Rng(seed ^ 0x7011)) if rollout is None else rollout(seed ^ 0x7011)
        )
        self.guided = rollout is not None  # a bot, not uniform random, picks first tries
        self.bias = bias
        self.last_iterations = 0  # iterations run for the last decision (for reports)

    def choose(self, state: GameState, decision: Decision) -> str:
        """Search from this seat's information set and return the most visited option."""
        ids = decision.ids
        if len(ids) == 1:
            self.last_iterations = 0
            return ids[0]
        seat = decision.seat
        # A copy without the log and the list of choices: copies of it are cheaper, and
        # nothing in the search reads them.
        base = state.clone()
        base.log = None
        base.choices = None
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        most = self.iterations
        while True:
            self._iterate(base, seat, root)
            done += 1
            if most is not None and done >= most:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        best = max(ids, key=lambda i: (_visits(root, i), _mean(root, i)))
        return best

    def stats(self, state: GameState, decision: Decision) -> dict[str, Any]:
        """Search once and report each option's visits and mean reward (for analysis)."""
        ids = decision.ids
        base = state.clone()
        base.log = None
        base.choices = None
        root = Node()
        for _ in range(self.iterations or 500):
            self._iterate(base, decision.seat, root)
        return {i: (_visits(root, i), _mean(root, i)) for i in ids}

    def _iterate(self, base: GameState, seat: int, root: Node) -> None:
        rng = self.rng
        s = base.determinize(seat, rng.next64())
        node = root
        path: list[tuple[Node, int]] = []
        c = self.c
        d = s.decision
        while d is not None:
            ids = d.ids
            children = node.children
            if self.guided and not node.hint:
                node.hint = self.policy.choose(s, d)
            untried = [i for i in ids if i not in children]
            if untried:
                # A game's bot as rollout policy also says which option to try first.
                pick = node.hint
                if pick not in untried:
                    pick = untried[rng.below(len(untried))]
                child = children[pick] = Node()
                for i in ids:
                    ch = children.get(i)
                    if ch is not None:
                        ch.avail += 1
                path.append((child, d.seat))
                s.apply(pick)
                break
            best_id = ids[0]
            best = -1.0
            hint = node.hint
            bias = self.bias
            for i in ids:
                ch = children[i]
                ch.avail += 1
                score = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if i == hint:
                    score += bias / ch.visits  # progressive bias toward the bot's choice
                if score > best:
                    best = score
                    best_id = i
            node = children[best_id]
            path.append((node, d.seat))
            s.apply(best_id)
            d = s.decision
        # Rollout.
        policy = self.policy
        steps = 0
        d = s.decision
        while d is not None and steps < MAX_ROLLOUT_STEPS:
            s.apply(policy.choose(s, d))
            d = s.decision
            steps += 1
        value = rewards(s)
        for n, who in path:
            n.visits += 1
            n.wins += value[who]


def _visits(root: Node, option_id: str) -> int:
    ch = root.children.get(option_id)
    return ch.visits if ch is not None else 0


def _mean(root: Node, option_id: str) -> float:
    ch = root.children.get(option_id)
    return ch.wins / ch.visits if ch is not None and ch.visits else 0.0
