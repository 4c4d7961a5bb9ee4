"""The simulator: many seeded bot games, with statistics an analyst can trust.

Seats rotate so every bot plays every seat equally often. Game ``i`` uses
seed ``seed + i`` whatever the number of worker processes, so results do not
depend on ``jobs``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import athanor
from athanor import catalog
from athanor.engine import ConfigError, play_out

MAX_STEPS = 1_000_000  # choices in one game; real games make a few thousand at most


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game produced."""

    index: int
    bots: tuple[str, ...]  # bot name per seat
    placing: tuple[int, ...]
    scores: tuple[float, ...]
    ending: str
    turns: int
    first: int = 0  # the seat that moved first (games such as Potion Party roll for it)
    team_won: bool | None = None  # cooperative games: whether the team won


def play_one(
    game: str, bots: Sequence[str], seed: int, index: int, options: dict[str, Any]
) -> GameRecord:
    """Play one game between bots (seat order rotated by ``index``)."""
    n = len(bots)
    seated = tuple(bots[(i + index) % n] for i in range(n))
    state = athanor.new_game(game, n, seed, options, log=False)
    agents = [catalog.bot(game, name, seed * 31 + seat) for seat, name in enumerate(seated)]
    try:
        play_out(state, agents, max_steps=MAX_STEPS)
    except RuntimeError:
        # Every game's rules end it (see each game's rules notes); this guards the
        # simulator against a bot or rule bug that would otherwise hang a long run.
        raise RuntimeError(
            f"game {index} (seed {seed}) of {game} did not end within {MAX_STEPS:,} choices; "
            f"replay it with: athanor sim {game} --bots {' '.join(bots)} --games 1 --seed {seed}"
        ) from None
    res = state.result
    assert res is not None
    stats = state.stats()
    return GameRecord(
        index,
        seated,
        res.placing,
        res.scores,
        str(stats.get("ending", res.detail)),
        int(stats.get("turns", 0)),
        int(stats.get("first", 0)),
        bool(stats["won"]) if state.spec.cooperative and "won" in stats else None,
    )


def _batch(args: tuple[str, tuple[str, ...], int, int, int, dict[str, Any]]) -> list[GameRecord]:
    game, bots, seed, start, stop, options = args
    return [play_one(game, bots, seed + i, i, options) for i in range(start, stop)]


def run(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games; ``progress`` is called with the number just finished."""
    if not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    if not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"the number of jobs must be at least 1, not {jobs}")
    spec = catalog.spec(game)
    spec.check_players(len(bots))
    opts = spec.check_options(options)
    for name in set(bots):
        catalog.bot(game, name, 0)  # fail early on an unknown bot
    chunk = max(1, min(200, games // (jobs * 8) or 1))
    tasks = [
        (game, tuple(bots), seed, start, min(games, start + chunk), opts)
        for start in range(0, games, chunk)
    ]
    records: list[GameRecord] = []
    if jobs <= 1:
        for t in tasks:
            batch = _batch(t)
            records.extend(batch)
            if progress:
                progress(len(batch))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for batch in pool.map(_batch, tasks):
                records.extend(batch)
                if progress:
                    progress(len(batch))
    records.sort(key=lambda r: r.index)
    return records


def bot_labels(game: str, bots: Sequence[str]) -> dict[str, str]:
    """How each bot is named in a report: a strategy file by its ``name:`` line."""
    out: dict[str, str] = {}
    for arg in dict.fromkeys(bots):
        name = str(getattr(catalog.bot(game, arg, 0), "name", arg)) if arg.endswith(".txt") else arg
        out[arg] = name if name and name not in out.values() else arg
    return out


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion k/n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotStats:
    """Totals for one bot over a run."""

    games: int = 0
    wins: int = 0  # sole first place
    ties: int = 0  # shared first place
    score: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready figures."""
        lo, hi = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "tie_rate": self.ties / self.games if self.games else 0.0,
            "win_rate_ci95": [lo, hi],
            "mean_score": self.score / self.games if self.games else 0.0,
        }


@dataclass
class Summary:
    """Everything the simulator reports."""

    game: str
    bots: list[str]
    games: int
    seed: int
    per_bot: dict[str, BotStats] = field(default_factory=dict)
    first_player_wins: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    turns_total: int = 0
    team_games: int = 0  # cooperative games: games with a team result, and team wins
    team_wins: int = 0

    @classmethod
    def of(
        cls,
        game: str,
        bots: Sequence[str],
        seed: int,
        records: Sequence[GameRecord],
        labels: dict[str, str] | None = None,
    ) -> Summary:
        """Aggregate game records; ``labels`` names bots in the report (a strategy file by
        its own name rather than its path)."""
        label = labels or {}
        s = cls(game, [label.get(b, b) for b in bots], len(records), seed)
        for name in bots:
            s.per_bot.setdefault(label.get(name, name), BotStats())
        for r in records:
            firsts = [i for i, p in enumerate(r.placing) if p == 1]
            for seat, name in enumerate(r.bots):
                b = s.per_bot[label.get(name, name)]
                b.games += 1
                b.score += r.scores[seat]
                if seat in firsts:
                    if len(firsts) == 1:
                        b.wins += 1
                    else:
                        b.ties += 1
            if firsts == [r.first]:
                s.first_player_wins += 1
            s.endings[r.ending] += 1
            s.turns_total += r.turns
            if r.team_won is not None:
                s.team_games += 1
                s.team_wins += r.team_won
        return s

    def to_json(self) -> dict[str, Any]:
        """The documented JSON output (see docs/simulator.md)."""
        lo, hi = wilson(self.first_player_wins, self.games)
        return {
            "game": self.game,
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "per_bot": {name: b.to_json() for name, b in self.per_bot.items()},
            "first_player": {
                "win_rate": self.first_player_wins / self.games if self.games else 0.0,
                "fair_share": 1 / len(self.bots),
                "win_rate_ci95": [lo, hi],
            },
            "mean_turns": self.turns_total / self.games if self.games else 0.0,
            "endings": dict(self.endings.most_common()),
            **({"team": self._team()} if self.team_games else {}),
        }

    def _team(self) -> dict[str, Any]:
        """A cooperative game's figures: the team's win rate and what lost the other games."""
        lo, hi = wilson(self.team_wins, self.team_games)
        losses = {k: v for k, v in self.endings.most_common() if k != "won"}
        return {
            "players": len(self.bots),
            "games": self.team_games,
            "wins": self.team_wins,
            "win_rate": self.team_wins / self.team_games,
            "win_rate_ci95": [lo, hi],
            "losses": losses,
        }

    def lines(self) -> Iterator[str]:
        """A plain-text report."""
        if self.team_games:
            yield from self._team_lines()
            return
        yield f"{self.games} games of {self.game}, seed {self.seed}, seats rotated."
        yield f"{'bot':<24} {'win rate':>9} {'95% CI':>17} {'tie rate':>9} {'mean score':>11}"
        for name, b in self.per_bot.items():
            j = b.to_json()
            lo, hi = j["win_rate_ci95"]
            yield (
                f"{name:<24} {j['win_rate']:>8.1%} {f'{lo:.1%} to {hi:.1%}':>17} "
                f"{j['tie_rate']:>8.1%} {j['mean_score']:>11.2f}"
            )
        fs = self.to_json()["first_player"]
        yield (
            f"The player who moved first won {fs['win_rate']:.1%} of games alone "
            f"(fair share {fs['fair_share']:.1%}; 95% CI {fs['win_rate_ci95'][0]:.1%} "
            f"to {fs['win_rate_ci95'][1]:.1%})."
        )
        yield f"Average turns per game: {self.to_json()['mean_turns']:.1f}."
        yield (
            "How games ended: "
            + "; ".join(f"{k}: {v}" for k, v in self.endings.most_common())
            + "."
        )

    def _team_lines(self) -> Iterator[str]:
        """The report for a cooperative game: the team, not each bot, wins or loses."""
        t = self._team()
        lo, hi = t["win_rate_ci95"]
        bots = ", ".join(f"{n} x{k}" if k > 1 else n for n, k in Counter(self.bots).items())
        yield (
            f"{self.games} games of {self.game}, seed {self.seed}, {t['players']} players "
            f"({bots}), playing as one team."
        )
        yield f"Team win rate: {t['win_rate']:.1%} (95% CI {lo:.1%} to {hi:.1%})."
        lost = self.games - self.team_wins
        if lost:
            yield (
                f"Causes of loss ({lost} games): "
                + "; ".join(
                    f"{k.removeprefix('lost: ')}: {v} ({v / self.games:.1%} of games)"
                    for k, v in t["losses"].items()
                )
                + "."
            )
        yield f"Average turns per game: {self.turns_total / self.games:.1f}."
