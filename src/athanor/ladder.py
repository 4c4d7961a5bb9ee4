"""The ladder: how strong each level and bot of a game is, measured (issue 25).

For a two-player game every bot plays every other ``games`` games through the simulator
(``athanor.sim.run``): seats rotated, game ``i`` of every pair on seed ``seed + i``, so
every pair plays the same deals and the whole ladder is reproducible from its command.
A Bradley-Terry model is fitted to the pairwise results, a tie counting half a win to
each side: bot ``i`` beats bot ``j`` with probability ``1 / (1 + exp(t_j - t_i))``. The
fit is a Newton iteration on the log-likelihood (step halved while it would not rise)
with a weak prior: each bot also plays one virtual drawn game against a fixed
reference, so that a bot that never loses (or never wins) still has a finite strength;
with hundreds of real games its pull is a fraction of a point.

Ratings are on an Elo-like scale, ``400 * log10`` of the odds, anchored so that the level
``normal`` is 1500 (without it among the bots, the bots' mean is 1500). The 95%
intervals come from the observed information matrix at the fit (Wald intervals: the
inverse of the log-likelihood's negative Hessian, 1.96 standard errors of each bot's
strength less the anchor's), so they are intervals relative to ``normal``, whose own is
1500 to 1500. A tie counted as half a win carries less variance than a win or a loss,
so where ties are common the intervals are a little wider than they need be.

The Crucible is cooperative: no bot plays another. Its ladder has each level play
every seat of a table, per table size and mission, and reports the team's win rate
with its Wilson interval.

The measured figures of the games that ship with Athanor are in
``games/<game>/data/ladder.json``; ``measured`` reads them.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from athanor.engine.core import ConfigError

ANCHOR = "normal"  # the level rated 1500
SLOW = "expert"  # the level that thinks about a second a move: rated only when named
ANCHOR_RATING = 1500.0
SCALE = 400 / math.log(10)  # Elo points per unit of log-odds
Z95 = 1.96
FORMAT = "athanor-ladder"

# Bots a game ships besides its levels that are cheap enough to rate by default. Dominion's
# other strategies each want certain cards (most of them Alchemy's) and are left out.
EXTRA_BOTS: Mapping[str, tuple[str, ...]] = {
    "dominion": ("big-money", "smithy"),
    "potion-party": ("cautious",),
}


# -- the fit ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    """What two bots did against each other."""

    a: str
    b: str
    a_wins: int
    b_wins: int
    ties: int = 0

    @property
    def games(self) -> int:
        """Games the two played."""
        return self.a_wins + self.b_wins + self.ties

    @property
    def a_score(self) -> float:
        """``a``'s points: a win 1, a tie half."""
        return self.a_wins + self.ties / 2

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, with ``a``'s share of the points and its 95% Wilson interval."""
        from athanor.sim import wilson

        lo, hi = wilson(self.a_score, self.games)
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "ties": self.ties,
            "a_score": round(self.a_score / self.games, 4) if self.games else 0.0,
            "a_score_ci95": [round(lo, 4), round(hi, 4)],
        }


@dataclass(frozen=True)
class Rating:
    """One bot's place on the ladder."""

    rating: float
    low: float
    high: float
    games: int


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _solve(m: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """``m``'s inverse times ``rhs`` (columns), by Gauss-Jordan elimination with pivoting."""
    n = len(m)
    a = [row[:] + r[:] for row, r in zip(m, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ArithmeticError("singular matrix")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def strengths(
    names: Sequence[str], pairs: Sequence[Pair], prior: float = 1.0
) -> tuple[list[float], list[list[float]]]:
    """The Bradley-Terry strengths (log-odds scale) of ``names`` and their covariance
    (the inverse observed information), fitted by Newton's method with the weak prior
    described in the module docstring (``prior`` virtual drawn games per bot)."""
    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    games = [[0.0] * k for _ in range(k)]
    won = [[0.0] * k for _ in range(k)]  # won[i][j]: i's points against j
    for p in pairs:
        i, j = index[p.a], index[p.b]
        games[i][j] += p.games
        games[j][i] += p.games
        won[i][j] += p.a_score
        won[j][i] += p.games - p.a_score

    def loglik(t: Sequence[float]) -> float:
        total = sum(prior * 0.5 * (_log_sigmoid(t[i]) + _log_sigmoid(-t[i])) for i in range(k))
        for i in range(k):
            for j in range(k):
                if won[i][j]:
                    total += won[i][j] * _log_sigmoid(t[i] - t[j])
        return total

    def information(t: Sequence[float]) -> list[list[float]]:
        h = [[0.0] * k for _ in range(k)]
        for i in range(k):
            s = _sigmoid(t[i])
            h[i][i] = prior * s * (1 - s)
            for j in range(k):
                if j != i and games[i][j]:
                    s = _sigmoid(t[i] - t[j])
                    v = games[i][j] * s * (1 - s)
                    h[i][i] += v
                    h[i][j] -= v
        return h

    t = [0.0] * k
    now = loglik(t)
    for _ in range(200):
        grad = [
            prior * (0.5 - _sigmoid(t[i]))
            + sum(won[i][j] - games[i][j] * _sigmoid(t[i] - t[j]) for j in range(k) if j != i)
            for i in range(k)
        ]
        step = [row[0] for row in _solve(information(t), [[g] for g in grad])]
        size = 1.0
        while True:
            trial = [x + size * d for x, d in zip(t, step, strict=True)]
            after = loglik(trial)
            if after >= now - 1e-12 or size < 1e-6:
                break
            size /= 2
        t, now = trial, after
        if max((abs(size * d) for d in step), default=0.0) < 1e-10:
            break
    ident = [[float(i == j) for j in range(k)] for i in range(k)]
    return t, _solve(information(t), ident)


def fit(
    names: Sequence[str], pairs: Sequence[Pair], anchor: str | None = ANCHOR, prior: float = 1.0
) -> dict[str, Rating]:
    """Each bot's rating (``anchor`` at 1500, or the mean at 1500 when it is None) with
    its 95% interval and the games it played. Raises ``ConfigError`` on fewer than two
    bots, a bot named twice, or a pair naming a bot not in ``names``."""
    if len(names) < 2:
        raise ConfigError(f"a ladder needs at least two bots, not {len(names)}")
    if len(set(names)) != len(names):
        raise ConfigError("a ladder names each bot once")
    for p in pairs:
        for n in (p.a, p.b):
            if n not in names:
                raise ConfigError(f"the results name {n!r}, which is not on the ladder")
        if p.a == p.b:
            raise ConfigError(f"{p.a!r} cannot play itself on a ladder")
    if anchor is not None and anchor not in names:
        raise ConfigError(f"the anchor {anchor!r} is not on the ladder")
    k = len(names)
    t, cov = strengths(names, pairs, prior)
    ref = [0.0] * k
    if anchor is None:
        ref = [1 / k] * k
    else:
        ref[names.index(anchor)] = 1.0
    base = sum(w * x for w, x in zip(ref, t, strict=True))
    played = dict.fromkeys(names, 0)
    for p in pairs:
        played[p.a] += p.games
        played[p.b] += p.games
    out: dict[str, Rating] = {}
    for i, name in enumerate(names):
        d = [float(j == i) - ref[j] for j in range(k)]
        var = sum(d[a] * cov[a][b] * d[b] for a in range(k) for b in range(k))
        half = Z95 * math.sqrt(max(0.0, var)) * SCALE
        r = ANCHOR_RATING + SCALE * (t[i] - base)
        out[name] = Rating(r, r - half, r + half, played[name])
    return out


# -- playing the ladder ----------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A bot as named on the command line: the bot it makes, and the earlier name that
    makes the same bot (it is played once, under that name)."""

    name: str
    bot: str
    same_as: str | None = None


def entries(game: str, names: Sequence[str]) -> list[Entry]:
    """Check the names (levels or bots) and say which bot each makes; a name that makes
    the same bot as an earlier one is kept as that one's alias."""
    from athanor import catalog

    spec = catalog.spec(game)
    out: list[Entry] = []
    first: dict[str, str] = {}  # bot -> the first name that made it
    for name in names:
        catalog.bot_maker(spec.name, name)  # an unknown name says which there are
        lv = spec.levels.get(name)
        bot = lv.bot if lv is not None and name not in spec.bots else name
        if any(e.name == name for e in out):
            raise ConfigError(f"{name!r} is named twice")
        out.append(Entry(name, bot, first.get(bot)))
        first.setdefault(bot, name)
    if len({e.bot for e in out}) < 2 and not spec.cooperative:
        raise ConfigError(
            f"a ladder needs at least two different bots, not {', '.join(names) or 'none'}"
        )
    if not out:
        raise ConfigError("a ladder needs at least one bot")
    return out


def default_bots(game: str) -> list[str]:
    """The bots a ladder rates when none are named: the levels that answer at once
    (``expert`` searches for a second a move, so it is named to be included) and the
    game's cheap other bots (``EXTRA_BOTS``)."""
    from athanor import catalog

    spec = catalog.spec(game)
    names = [n for n, lv in spec.levels.items() if n != SLOW and not lv.bot.startswith("ismcts")]
    return names + [b for b in EXTRA_BOTS.get(spec.name, ()) if b in spec.bots]


def anchor_of(game: str, found: Sequence[Entry]) -> str | None:
    """The name on the ladder that makes the ``normal`` level's bot, if any."""
    from athanor import catalog

    lv = catalog.spec(game).levels.get(ANCHOR)
    for e in found:
        if e.same_as is None and lv is not None and e.bot == lv.bot:
            return e.name
    return None


@dataclass
class Ladder:
    """A measured ladder of a two-player game, or a team table (cooperative games)."""

    game: str
    command: str
    seed: int
    games: int  # per pair, or per table size and mission
    options: dict[str, Any]
    found: list[Entry]
    pairs: list[Pair] = field(default_factory=list)
    ratings: dict[str, Rating] = field(default_factory=dict)
    anchor: str | None = None
    teams: list[dict[str, Any]] = field(default_factory=list)  # cooperative: one per table
    date: str = field(default_factory=lambda: datetime.date.today().isoformat())
    # Later runs added to this ladder (``--add-to``): each one's command, date, seed and games.
    added: list[dict[str, Any]] = field(default_factory=list)

    @property
    def team(self) -> bool:
        """Whether this is a cooperative game's table of team win rates."""
        return bool(self.teams)

    def rating_of(self, e: Entry) -> Rating:
        """A name's rating (an alias has its bot's)."""
        return self.ratings[e.same_as or e.name]

    def team_total(self, name: str) -> dict[str, Any]:
        """A bot's team record over every table size and mission played."""
        from athanor.sim import wilson

        rows = [t for t in self.teams if t["bot"] == name]
        n = sum(t["games"] for t in rows)
        w = sum(t["wins"] for t in rows)
        lo, hi = wilson(w, n)
        return {
            "games": n,
            "wins": w,
            "win_rate": round(w / n, 4) if n else 0.0,
            "low": round(lo, 4),
            "high": round(hi, 4),
            "players": sorted({t["players"] for t in rows}),
            "missions": sorted({t["mission"] for t in rows}),
        }

    def to_json(self) -> dict[str, Any]:
        """The figures as data (the format of ``games/<game>/data/ladder.json``)."""
        bots: dict[str, Any] = {}
        for e in self.found:
            entry: dict[str, Any] = {"bot": e.bot, "same_as": e.same_as}
            if self.team:
                entry.update(self.team_total(e.same_as or e.name))
            else:
                r = self.rating_of(e)
                entry.update(
                    rating=round(r.rating, 1),
                    low=round(r.low, 1),
                    high=round(r.high, 1),
                    games=r.games,
                )
            bots[e.name] = entry
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "kind": "team" if self.team else "ratings",
            "command": self.command,
            "date": self.date,
            "seed": self.seed,
            "games": self.games,
            "options": self.options,
            "method": (
                "each bot plays every seat of the table; team win rate with 95% Wilson interval"
                if self.team
                else "round robin, seats rotated; Bradley-Terry (ties half), Newton fit with "
                "one virtual drawn game per bot; 95% Wald intervals from the observed "
                f"information; 400*log10 odds, {self.anchor or 'the mean'} = 1500"
            ),
            "anchor": None if self.team else self.anchor,
            "bots": bots,
        }
        if self.added:
            out["added"] = self.added
        if self.team:
            out["tables"] = self.teams
        else:
            out["pairs"] = [p.to_json() for p in self.pairs]
        return out

    def lines(self, markdown: bool = False) -> Iterator[str]:
        """The report: ratings (or team win rates) and the pairwise table."""
        if self.team:
            yield from self._team_lines(markdown)
            return
        what = ", ".join(f"{k}={v}" for k, v in self.options.items() if v != "")
        each = (
            f"{self.games} games each, seed {self.seed}"
            if not self.added
            else f"{len(self.added) + 1} runs (each pair's games below)"
        )
        yield (
            f"Ladder of {self.game}: {len(self.pairs)} pairs, {each}, seats rotated"
            + (f"; {what}." if what else ".")
        )
        yield (
            f"Ratings: 400 x log10 odds, {self.anchor} = 1500 (intervals are relative to it)."
            if self.anchor
            else "Ratings: 400 x log10 odds, the mean = 1500 (no 'normal' level on the ladder)."
        )
        order = sorted(self.found, key=lambda e: -self.rating_of(e).rating)
        rows = []
        for e in order:
            r = self.rating_of(e)
            note = f"same bot as {e.same_as}" if e.same_as else ""
            rows.append(
                [
                    e.name,
                    e.bot,
                    f"{r.rating:.0f}",
                    f"{r.low:.0f} to {r.high:.0f}",
                    str(r.games),
                    note,
                ]
            )
        yield from _table(["bot", "plays", "rating", "95% interval", "games", ""], rows, markdown)
        yield ""
        yield "Pairs (A's points: a win 1, a tie half; 95% Wilson interval):"
        rows = []
        for p in self.pairs:
            j = p.to_json()
            lo, hi = j["a_score_ci95"]
            rows.append(
                [
                    p.a,
                    p.b,
                    f"{p.a_wins}-{p.b_wins}-{p.ties}",
                    f"{j['a_score']:.1%}",
                    f"{lo:.1%} to {hi:.1%}",
                ]
            )
        yield from _table(
            ["A", "B", "A won-lost-tied", "A's points", "95% interval"], rows, markdown
        )

    def _team_lines(self, markdown: bool) -> Iterator[str]:
        yield (
            f"Team ladder of {self.game}: each bot plays every seat, {self.games} games per "
            f"table size and mission, seed {self.seed}."
        )
        rows = []
        for e in self.found:
            t = self.team_total(e.same_as or e.name)
            rows.append(
                [
                    e.name,
                    e.bot,
                    f"{t['win_rate']:.1%}",
                    f"{t['low']:.1%} to {t['high']:.1%}",
                    str(t["games"]),
                    f"same bot as {e.same_as}" if e.same_as else "",
                ]
            )
        yield from _table(["bot", "plays", "team won", "95% interval", "games", ""], rows, markdown)
        yield ""
        yield "Per table size and mission:"
        rows = [
            [
                t["bot"],
                str(t["players"]),
                str(t["mission"]),
                f"{t['wins']}/{t['games']}",
                f"{t['win_rate']:.1%}",
                f"{t['ci95'][0]:.1%} to {t['ci95'][1]:.1%}",
            ]
            for t in self.teams
        ]
        yield from _table(
            ["bot", "players", "mission", "won", "win rate", "95% interval"], rows, markdown
        )


def _table(head: list[str], rows: list[list[str]], markdown: bool) -> Iterator[str]:
    if markdown:
        yield "| " + " | ".join(head) + " |"
        yield "|" + "---|" * len(head)
        for r in rows:
            yield "| " + " | ".join(r) + " |"
        return
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]
    for r in [head, *rows]:
        yield "  ".join(x.ljust(w) for x, w in zip(r, widths, strict=True)).rstrip()


def command_line(
    game: str,
    names: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any],
    players: Sequence[int] = (),
    missions: Sequence[int] = (),
) -> str:
    """The command that plays this ladder again (``--jobs`` and outputs left out: they do
    not change a figure)."""
    words = ["athanor", "ladder", game, "--bots", *names, "--games", str(games)]
    words += ["--seed", str(seed)]
    for k, v in options.items():
        words += ["--kingdom", str(v)] if k == "kingdom" else ["--option", f"{k}={v}"]
    if players:
        words += ["--players", *map(str, players)]
    if missions:
        words += ["--missions", *map(str, missions)]
    return shlex.join(words)


def play(
    game: str,
    names: Sequence[str] | None = None,
    games: int = 200,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    players: Sequence[int] = (),
    missions: Sequence[int] = (),
    earlier: Mapping[str, Any] | None = None,
) -> Ladder:
    """Play a ladder: a round robin of two-player games, or for a cooperative game each
    bot as the whole team at each table size (``players``, default every size) and
    mission (``missions``, default the game's default).

    ``earlier``, a ladder's JSON (``Ladder.to_json``), is added to: its pairs (or team
    tables) are kept, only the named bots' pairs (tables) it does not hold are played, and
    the ratings are fitted again over everything (see ``Earlier``)."""
    from athanor import catalog, sim

    spec = catalog.spec(game)
    chosen = list(names) if names else default_bots(spec.name)
    found = entries(spec.name, chosen)
    given = dict(options or {})
    before = None if earlier is None else Earlier.read(spec.name, earlier, found)
    if not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    if spec.cooperative:
        sizes = list(players) or list(range(spec.min_players, spec.max_players + 1))
        for n in sizes:
            spec.check_players(n)
        ms: list[Any] = list(missions) or [None]
        if missions and not any(o.name == "mission" for o in spec.options):
            raise ConfigError(f"{spec.title} has no missions")
        opts = spec.check_options(given)
        if missions:
            opts.pop("mission", None)  # one per table, below
        cmd = command_line(spec.name, chosen, games, seed, given, players, missions)
        lad = Ladder(spec.name, cmd, seed, games, opts, found)
        if before is not None:
            before.check_options(opts)
            lad = before.ladder(lad)
        for e in _playing(lad.found, found):
            if before is not None and before.holds(e.name):
                continue
            for n in sizes:
                for m in ms:
                    o = dict(given) if m is None else {**given, "mission": m}
                    o = spec.check_options(o)
                    recs = sim.run(spec.name, [e.bot] * n, games, seed, o, jobs, progress)
                    wins = sum(1 for r in recs if r.team_won)
                    lo, hi = sim.wilson(wins, len(recs))
                    lad.teams.append(
                        {
                            "bot": e.name,
                            "players": n,
                            "mission": o.get("mission"),
                            "games": len(recs),
                            "wins": wins,
                            "win_rate": round(wins / len(recs), 4),
                            "ci95": [round(lo, 4), round(hi, 4)],
                        }
                    )
        return lad
    if players or missions:
        raise ConfigError(
            "--players and --missions are for a cooperative game's team ladder; "
            f"{spec.title}'s ladder is played two at a time"
        )
    spec.check_players(2)
    opts = spec.check_options(given)
    cmd = command_line(spec.name, chosen, games, seed, given)
    lad = Ladder(spec.name, cmd, seed, games, opts, found)
    if before is not None:
        before.check_options(opts)
        lad = before.ladder(lad)
    playing = _playing(lad.found, found)
    for e in playing:
        sim.make_plan(spec.name, [e.bot, e.bot], seed, opts)  # fail before any game
    pairs: list[Pair] = [] if before is None else list(before.pairs)
    for x, y in _pairs_to_play(playing, before):
        recs = sim.run(spec.name, [x.bot, y.bot], games, seed, opts, jobs, progress)
        a = b = t = 0
        for r in recs:
            firsts = [s for s, p in enumerate(r.placing) if p == 1]
            if len(firsts) != 1:
                t += 1
            elif r.bots[firsts[0]] == x.bot:
                a += 1
            else:
                b += 1
        pairs.append(Pair(x.name, y.name, a, b, t))
    lad.pairs = pairs
    lad.anchor = anchor_of(spec.name, lad.found)
    lad.ratings = fit([e.name for e in lad.found if e.same_as is None], pairs, lad.anchor)
    return lad


def _playing(on_ladder: Sequence[Entry], named: Sequence[Entry]) -> list[Entry]:
    """The named bots that play, each once, in the ladder's order: a name that makes a
    bot already on the ladder is its alias and does not play."""
    names = {e.name for e in named}
    return [e for e in on_ladder if e.same_as is None and e.name in names]


def _pairs_to_play(playing: Sequence[Entry], before: Earlier | None) -> list[tuple[Entry, Entry]]:
    """Every pair of ``playing`` that the earlier ladder (if any) does not already hold."""
    return [
        (x, y)
        for i, x in enumerate(playing)
        for y in playing[i + 1 :]
        if before is None or not before.has_pair(x.name, y.name)
    ]


@dataclass
class Earlier:
    """A ladder measured before, read back from its JSON to be added to."""

    data: Mapping[str, Any]
    found: list[Entry]
    pairs: list[Pair]
    teams: list[dict[str, Any]]
    stale: list[str] = field(default_factory=list)  # names measured anew (their bot changed)

    @classmethod
    def read(cls, game: str, data: Mapping[str, Any], named: Sequence[Entry]) -> Earlier:
        """Check that ``data`` is a ladder of ``game`` and that every name it shares with
        ``named`` still makes the same bot; raise ConfigError saying what is wrong."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ConfigError(f"that file is not a ladder of {game}")
        if data.get("game") != game:
            raise ConfigError(f"that file is not a ladder of {game} but of {data.get('game')}")
        try:
            found = [
                Entry(str(n), str(b["bot"]), b.get("same_as")) for n, b in data["bots"].items()
            ]
            pairs = [
                Pair(str(p["a"]), str(p["b"]), int(p["a_wins"]), int(p["b_wins"]), int(p["ties"]))
                for p in data.get("pairs", [])
            ]
            teams = [dict(t) for t in data.get("tables", [])]
        except (AttributeError, KeyError, TypeError, ValueError):
            raise ConfigError(f"that file is not a readable ladder of {game}") from None
        known = {e.name: e for e in found}
        for p in pairs:
            for n in (p.a, p.b):
                if n not in known:
                    raise ConfigError(f"that ladder's results name a bot it does not list: {n}")
            if min(p.a_wins, p.b_wins, p.ties) < 0:
                raise ConfigError(f"that ladder's results for {p.a} and {p.b} are not counts")
        # A name that now makes another bot is measured anew: its old results go, and so
        # do the names that were only its aliases.
        stale = {e.name for e in named if e.name in known and known[e.name].bot != e.bot}
        stale |= {f.name for f in found if f.same_as in stale}
        found = [f for f in found if f.name not in stale]
        pairs = [p for p in pairs if p.a not in stale and p.b not in stale]
        teams = [t for t in teams if t.get("bot") not in stale]
        return cls(data, found, pairs, teams, sorted(stale))

    def check_options(self, options: Mapping[str, Any]) -> None:
        """The runs added must be played with the options the ladder was measured with."""
        if self.data.get("options") != json.loads(json.dumps(dict(options))):
            raise ConfigError(
                f"that ladder was measured with options {self.data.get('options')}, not "
                f"{dict(options)}: add to it only with the same options"
            )

    def holds(self, name: str) -> bool:
        """Whether the ladder already has team tables for ``name``."""
        return any(t.get("bot") == name for t in self.teams)

    def has_pair(self, a: str, b: str) -> bool:
        """Whether the ladder already holds games between ``a`` and ``b``."""
        return any({p.a, p.b} == {a, b} for p in self.pairs)

    def ladder(self, new: Ladder) -> Ladder:
        """The earlier ladder with ``new``'s bots and run added (its results come later)."""
        found = list(self.found)
        for e in new.found:
            if not any(f.name == e.name for f in found):
                same = next((f.name for f in found if f.bot == e.bot and f.same_as is None), None)
                found.append(Entry(e.name, e.bot, same))
        added = [dict(a) for a in self.data.get("added", [])]
        run: dict[str, Any] = {"command": new.command, "date": new.date, "seed": new.seed}
        run["games"] = new.games
        run["bots"] = [e.name for e in new.found]
        if self.stale:
            run["measured_anew"] = self.stale
        added.append(run)
        return Ladder(
            new.game,
            str(self.data.get("command", "")),
            int(self.data.get("seed", 0)),
            int(self.data.get("games", 0)),
            new.options,
            found,
            teams=list(self.teams),
            date=str(self.data.get("date", new.date)),
            added=added,
        )


def total_games(
    game: str,
    names: Sequence[str] | None,
    games: int,
    players: Sequence[int] = (),
    missions: Sequence[int] = (),
    earlier: Mapping[str, Any] | None = None,
) -> int:
    """How many games ``play`` will play (for a progress bar)."""
    from athanor import catalog

    spec = catalog.spec(game)
    found = entries(spec.name, list(names) if names else default_bots(game))
    before = None if earlier is None else Earlier.read(spec.name, earlier, found)
    on_ladder = found if before is None else before.ladder(Ladder(game, "", 0, 0, {}, found)).found
    playing = _playing(on_ladder, found)
    if spec.cooperative:
        sizes = len(players) or spec.max_players - spec.min_players + 1
        new = [e for e in playing if before is None or not before.holds(e.name)]
        return len(new) * sizes * max(1, len(missions)) * games
    return len(_pairs_to_play(playing, before)) * games


# -- the measured figures --------------------------------------------------------------


@functools.cache
def measured(game: str) -> dict[str, Any]:
    """The game's shipped ladder (``games/<game>/data/ladder.json``) as data, or an
    empty dict when it has none (or it cannot be read)."""
    package = "athanor.games." + game.replace("-", "_")
    try:
        text = resources.files(package).joinpath("data", "ladder.json").read_text("utf-8")
        data = json.loads(text)
    except (OSError, ValueError, ModuleNotFoundError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == FORMAT else {}


def level_measure(game: str, level: str, bot: str) -> dict[str, Any] | None:
    """A level's measured figures, with the command that measured them and the date; None
    when not measured. They are found by the level's name, or else by its bot's, and only
    if measured with the bot the level makes now (a level given a new bot is not yet
    measured)."""
    data = measured(game)
    bots = data.get("bots", {})
    found = bots.get(level)
    if found is None or found.get("bot") != bot:
        found = next((v for v in bots.values() if v.get("bot") == bot), None)
    if found is None:
        return None
    name = next((n for n, v in bots.items() if v is found), level)
    # A bot added later (``--add-to``) was measured by the last run that named it.
    run = next((a for a in reversed(data.get("added", [])) if name in a.get("bots", [])), data)
    return {
        **found,
        "kind": data.get("kind"),
        "command": run.get("command"),
        "date": run.get("date"),
    }


def describe(m: Mapping[str, Any] | None) -> str:
    """A level's measured strength in a few words ("rating 1500 (1480 to 1520) over 2000
    games"), or "not yet measured"."""
    if not m:
        return "not yet measured"
    if m.get("kind") == "team":
        sizes, missions = m.get("players") or [], m.get("missions") or []
        where = (f" at {sizes[0]}-{sizes[-1]} players" if sizes else "") + (
            f", missions {', '.join(map(str, missions))}" if missions else ""
        )
        return (
            f"team wins {m['win_rate']:.0%} ({m['low']:.0%} to {m['high']:.0%}) of "
            f"{m['games']} games{where}"
        )
    if m["low"] == m["high"]:
        return f"rating {m['rating']:.0f} (the scale's fixed point) over {m['games']} games"
    return f"rating {m['rating']:.0f} ({m['low']:.0f} to {m['high']:.0f}) over {m['games']} games"


# -- the command -----------------------------------------------------------------------


def ladder_command(args: Any, line: Callable[[str], None], bar: Callable[[int, bool], Any]) -> int:
    """``athanor ladder``: play the ladder, print its tables, write its JSON if asked."""
    import os

    from athanor import catalog

    spec = catalog.spec(args.game)
    options: dict[str, Any] = {}
    for kv in args.option or []:
        name, sep, value = kv.partition("=")
        if not sep or not name:
            raise ConfigError(f"--option takes NAME=VALUE, not {kv!r}")
        options[name.strip()] = value.strip()
    if args.kingdom:
        options["kingdom"] = args.kingdom
    players = args.players or []
    missions = args.missions or []
    earlier: Any = None
    add_to = getattr(args, "add_to", None)
    if add_to:
        from athanor.engine import SaveError
        from athanor.files import parse_json, read_bytes

        try:
            earlier = parse_json(read_bytes(os.path.expanduser(add_to), "ladder"), "ladder")
        except SaveError as exc:
            raise ConfigError(f"cannot add to {add_to}: {exc}") from None
        if not isinstance(earlier, dict):
            raise ConfigError(f"{add_to} is not a ladder file")
        args.json = args.json or add_to  # the ladder added to is written back
    if args.json:
        folder = os.path.dirname(os.path.abspath(os.path.expanduser(args.json)))
        if not os.path.isdir(folder):
            raise ConfigError(f"cannot write {args.json}: the folder {folder} does not exist")
    total = total_games(spec.name, args.bots, args.games, players, missions, earlier)
    progress = bar(total, args.quiet)
    try:
        lad = play(
            spec.name,
            args.bots,
            args.games,
            args.seed,
            options,
            args.jobs,
            None if progress is None else progress.update,
            players,
            missions,
            earlier,
        )
    finally:
        if progress is not None:
            progress.close()
    for text in lad.lines(args.markdown):
        line(text)
    left = [
        n
        for n, lv in spec.levels.items()
        if not any(e.name == n or e.bot == lv.bot for e in lad.found)
    ]
    if left:
        line(f"Not on this ladder: {', '.join(left)}.")
    if args.json:
        path = os.path.expanduser(args.json)
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(lad.to_json(), fh, indent=1)
                fh.write("\n")
        except OSError as exc:
            raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
        line(f"Wrote {path}.")
    return 0
