"""The coach: a finished game's decisions for one seat, each weighed against the best the
coach can find, and the few that mattered most told in plain sentences.

Each decision is judged only from what its seat knew then. The coach never reads the true
state's hidden parts: it estimates an option's worth by playing the game out many times
from ``state.determinize(seat, seed)`` (everything hidden from the seat dealt again at
random), the option taken first and every seat played by the game's strongest quick bot
after it. The same copies and seeds serve every option of a decision, so their
differences are measured on the same deals (paired samples), which makes a cost far surer
than two separate win chances would be. Options are weighed in two rounds: all of them
with a few playouts, then the best few, the choice made and the bot's own pick with the
full number.

Where a game has exact values for a question (Potion Party's solver tables: expected
turns still to play for a lone player racing to the potion), those are used instead, and
the cost is in turns, with no uncertainty.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from athanor.agents.ismcts import MAX_ROLLOUT_STEPS, rewards
from athanor.engine import ConfigError, Decision, GameState
from athanor.engine.rng import Rng
from athanor.replay import Replay

WIN = "win chance"
TURNS = "turns"
FIRST_ROUND = 8  # playouts for every option before the best few get the rest
KEEP = 3  # options besides the choice and the bot's pick that get the full number
Z = 1.96  # 95% intervals


@dataclass(frozen=True)
class Worth:
    """What the coach thinks one option is worth: a win chance (0 to 1) from ``n``
    playouts, or expected turns (then ``n`` is 0: an exact value)."""

    value: float
    n: int


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat, judged."""

    index: int  # the decision's place among all the game's choices (0 first)
    turn: int | None  # the game's turn number then, when its view tells it
    prompt: str
    chosen: str
    chosen_label: str
    best: str
    best_label: str
    unit: str  # WIN or TURNS
    worths: dict[str, Worth]
    cost: float  # how much worse the choice was than the best: win chance or turns
    margin: float  # half the 95% interval of the cost (0 for exact values)

    @property
    def agreed(self) -> bool:
        """The choice was the coach's, or no worse than it within the uncertainty."""
        return self.chosen == self.best or self.cost <= self.margin

    @property
    def sure(self) -> bool:
        """The choice was worse than the best beyond the uncertainty."""
        return self.cost > self.margin and self.cost > 0

    def sentence(self, you: str = "you") -> str:
        """The decision in plain words: what was chosen, what the coach prefers, the cost."""
        when = f"Turn {self.turn}" if self.turn is not None else f"Decision {self.index + 1}"
        head = f"{when}, {_lower_first(self.prompt)}: {you} chose “{self.chosen_label}”."
        if self.chosen == self.best:
            return f"{head} The coach agrees."
        mine, theirs = self.worths[self.chosen], self.worths[self.best]
        if self.unit == TURNS:
            return (
                f"{head} The coach would have chosen “{self.best_label}”: about "
                f"{theirs.value:.2f} turns still to play against {mine.value:.2f}, so "
                f"{self.cost:.2f} turns lost (exact, from the solver's tables)."
            )
        return (
            f"{head} The coach would have chosen “{self.best_label}”: a win chance of about "
            f"{_pct(theirs.value)} against {_pct(mine.value)}, so {_points(self.cost)} lost "
            f"(give or take {_points(self.margin)})."
        )


@dataclass
class Review:
    """A seat's decisions in one game, judged, and what to tell about them."""

    game: str
    seat: int
    name: str
    playouts: int
    rollout: str
    decisions: list[Judged] = field(default_factory=list)
    forced: int = 0  # questions with only one answer, not judged

    def worst(self, count: int = 3) -> list[Judged]:
        """The decisions that cost most, surest first: those worse beyond their
        uncertainty, dearest first (win chance and turns are not mixed: turns first)."""
        sure = [j for j in self.decisions if j.sure]
        return sorted(sure, key=lambda j: (j.unit != TURNS, -j.cost, j.index))[:count]

    def lines(self) -> list[str]:
        """The review in plain sentences, for a terminal or a page."""
        judged = len(self.decisions)
        agreed = sum(1 for j in self.decisions if j.agreed)
        out = [
            f"Review of {self.name}'s game ({self.game}), as {self.name} saw it at each decision.",
            f"{judged} decisions judged ({self.forced} had only one answer). The coach agrees "
            f"with {agreed} of them, or finds them as good within its uncertainty.",
        ]
        worst = self.worst()
        if not worst:
            out.append("No decision was clearly worse than the coach's choice.")
        else:
            n = len(worst)
            out.append(
                "The decision that mattered most:"
                if n == 1
                else f"The {n} decisions that mattered most:"
            )
            out.extend(f"{i}. {j.sentence()}" for i, j in enumerate(worst, 1))
        exact = any(j.unit == TURNS for j in self.decisions)
        out.append(
            f"How the coach judged: {self.playouts} playouts per option from deals that "
            f"agree with what you could see, every seat played by {self.rollout} after the "
            "option; "
            + (
                "Potion Party's own-turn questions from the exact solver's tables."
                if exact
                else "margins are 95% intervals."
            )
        )
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (for the web table and scripts)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "name": self.name,
            "playouts": self.playouts,
            "rollout": self.rollout,
            "forced": self.forced,
            "lines": self.lines(),
            "worst": [j.index for j in self.worst()],
            "decisions": [
                {
                    "index": j.index,
                    "turn": j.turn,
                    "prompt": j.prompt,
                    "chosen": j.chosen,
                    "chosen_label": j.chosen_label,
                    "best": j.best,
                    "best_label": j.best_label,
                    "unit": j.unit,
                    "cost": j.cost,
                    "margin": j.margin,
                    "agreed": j.agreed,
                    "sentence": j.sentence(),
                    "worths": {k: {"value": w.value, "n": w.n} for k, w in j.worths.items()},
                }
                for j in self.decisions
            ],
        }


def rollout_bot(game: str) -> tuple[str, Callable[[int], Any]]:
    """The bot the coach plays the playouts with, by name and maker: the game's ``coach``
    module's choice if it has one, else the strongest quick level (``hard`` unless it
    searches, else ``normal``), else the game's default bot."""
    from athanor import catalog

    s = catalog.spec(game)
    module = _coach_module(s.state_class)
    if module is not None and hasattr(module, "playout_bot"):
        return str(module.PLAYOUT_BOT), module.playout_bot
    name = s.default_bot
    for level in ("hard", "normal"):
        lv = s.levels.get(level)
        if lv is not None and not lv.bot.startswith("ismcts"):
            name = lv.bot
            break
    return name, catalog.bot_maker(game, name)


@functools.cache
def _coach_module(cls: type) -> Any:
    """A game's ``coach`` module (beside its rules), or None."""
    package = cls.__module__.rsplit(".", 1)[0]
    try:
        return import_module(f"{package}.coach")
    except ModuleNotFoundError:
        return None


def exact_values(state: GameState, decision: Decision) -> dict[str, float] | None:
    """A game's exact values for a question (expected turns, fewer is better), when its
    ``coach`` module has them; None elsewhere."""
    module = _coach_module(type(state))
    if module is None or not hasattr(module, "exact_values"):
        return None
    fn: Callable[[GameState, Decision], dict[str, float] | None] = module.exact_values
    return fn(state, decision)


class Coach:
    """Judges decisions. ``playouts``: per option kept for the second round (at least
    ``FIRST_ROUND``); ``rollout``: the bot that plays the playouts (default:
    ``rollout_bot``); ``seed`` makes the judgement repeatable."""

    def __init__(
        self, game: str, playouts: int = 48, rollout: str | None = None, seed: int = 0
    ) -> None:
        from athanor import catalog

        if playouts < 2:
            raise ConfigError(f"the coach needs at least 2 playouts per option, not {playouts}")
        self.game = game
        self.playouts = playouts
        if rollout is None:
            self.rollout, self.make = rollout_bot(game)
        else:
            if rollout.startswith("ismcts"):
                raise ConfigError("the coach's playouts need a quick bot, not a search")
            self.rollout, self.make = rollout, catalog.bot_maker(game, rollout)
        self.seed = seed

    def judge(self, state: GameState, chosen: str, index: int = 0) -> Judged:
        """Judge the choice ``chosen`` at ``state``'s decision, from its seat's knowledge."""
        d = state.decision
        if d is None:
            raise ConfigError("the game is over: there is no decision to judge")
        if not d.offers(chosen):
            raise ConfigError(f"{chosen!r} is not one of this decision's options")
        seat = d.seat
        view = state.view(seat)
        turn = view.get("turn") if isinstance(view, dict) else None
        exact = exact_values(state, d)
        if exact and chosen in exact:
            worths = {k: Worth(v, 0) for k, v in exact.items() if d.offers(k)}
            best = min(worths, key=lambda k: (worths[k].value, k != chosen, k))
            cost = worths[chosen].value - worths[best].value
            return self._judged(d, index, turn, chosen, best, TURNS, worths, cost, 0.0)
        samples = self._weigh(state, d, chosen, index)
        worths = {k: Worth(sum(v) / len(v), len(v)) for k, v in samples.items()}
        full = {k: v for k, v in samples.items() if len(v) == len(samples[chosen])}
        best = max(full, key=lambda k: (sum(full[k]) / len(full[k]), k == chosen))
        diffs = [b - c for b, c in zip(samples[best], samples[chosen], strict=False)]
        cost = sum(diffs) / len(diffs)
        # When every pair came out alike the spread says nothing; the "rule of three"
        # (3/n) bounds what so few playouts can rule out.
        n = len(diffs)
        margin = max(Z * _sd(diffs) / math.sqrt(n), 3 / n) if n > 1 else 1.0
        return self._judged(d, index, turn, chosen, best, WIN, worths, cost, margin)

    def _judged(
        self,
        d: Decision,
        index: int,
        turn: Any,
        chosen: str,
        best: str,
        unit: str,
        worths: dict[str, Worth],
        cost: float,
        margin: float,
    ) -> Judged:
        label = {o.id: o.label for o in d.options}
        return Judged(
            index=index,
            turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
            prompt=d.prompt,
            chosen=chosen,
            chosen_label=label[chosen],
            best=best,
            best_label=label[best],
            unit=unit,
            worths=worths,
            cost=max(cost, 0.0),
            margin=margin,
        )

    def _weigh(
        self, state: GameState, d: Decision, chosen: str, index: int
    ) -> dict[str, list[float]]:
        """Each option's playout results, paired by deal: every option first gets
        ``FIRST_ROUND`` playouts, then the best few, the choice and the bot's pick get
        the rest."""
        seat = d.seat
        base = state.clone()
        base.log = None
        base.choices = None
        mix = Rng((self.seed * 1_000_003 + index) & 0xFFFFFFFFFFFF)
        seeds = [mix.next64() for _ in range(self.playouts)]
        # The bot's own pick, made on a deal that agrees with the seat's view.
        first = base.determinize(seat, seeds[0])
        fd = first.decision
        pick = self.make(seeds[0] ^ 0xB07).choose(first, fd) if fd is not None else chosen
        ids = d.ids
        # Many options: a shorter first round, so a wide question costs about as much as
        # a narrow one.
        round1 = min(FIRST_ROUND if len(ids) <= FIRST_ROUND else FIRST_ROUND // 2, self.playouts)
        samples: dict[str, list[float]] = {i: [] for i in ids}
        for k in range(round1):
            for i in ids:
                samples[i].append(self._playout(base, seat, i, seeds[k]))
        ranked = sorted(ids, key=lambda i: -sum(samples[i]))
        keep = {chosen, pick if d.offers(pick) else chosen, *ranked[:KEEP]}
        for k in range(round1, self.playouts):
            for i in ids:
                if i in keep:
                    samples[i].append(self._playout(base, seat, i, seeds[k]))
        return samples

    def _playout(self, base: GameState, seat: int, option: str, seed: int) -> float:
        """One playout: a deal from the seat's view, the option, then the bot to the end."""
        s = base.determinize(seat, seed)
        s.apply(option)
        bots = [self.make(seed ^ (0x9E37 * (i + 1))) for i in range(s.players)]
        steps = 0
        dd = s.decision
        while dd is not None and steps < MAX_ROLLOUT_STEPS:
            s.apply(bots[dd.seat].choose(s, dd))
            dd = s.decision
            steps += 1
        return rewards(s)[seat]

    def review(
        self,
        replay: Replay,
        seat: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> Review:
        """Judge every decision ``seat`` made in the game (0-based seat)."""
        if replay.game != self.game:
            raise ConfigError(f"this coach is for {self.game}, not {replay.game}")
        if not 0 <= seat < replay.players:
            raise ConfigError(f"seat must be 1 to {replay.players}, not {seat + 1}")
        names = replay.names or [f"Player {i + 1}" for i in range(replay.players)]
        out = Review(self.game, seat, names[seat], self.playouts, self.rollout)
        # A first quick pass counts the decisions, for the progress; the second judges
        # each as the replay reaches it, so no state is kept.
        total = sum(1 for _ in _decisions(replay, seat))
        for n, (index, state, chosen) in enumerate(_decisions(replay, seat)):
            d = state.decision
            assert d is not None
            if len(d.ids) == 1:
                out.forced += 1
            else:
                out.decisions.append(self.judge(state, chosen, index))
            if progress is not None:
                progress(n + 1, total)
        return out


def _decisions(replay: Replay, seat: int) -> Iterator[tuple[int, GameState, str]]:
    """(index, state before the choice, the choice) for each of ``seat``'s decisions. The
    state is the replay's own, moved on once the next item is asked for (the coach only
    reads it: its playouts start from copies)."""
    for index, state in enumerate(replay.states(log=False)):
        if index >= len(replay.choices):
            break
        d = state.decision
        if d is not None and d.seat == seat:
            yield index, state, replay.choices[index]


def _sd(xs: list[float]) -> float:
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    p = 100 * x
    return "1 point" if round(p) == 1 else f"{p:.0f} points"


def _lower_first(text: str) -> str:
    text = text.rstrip(".?:")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text
