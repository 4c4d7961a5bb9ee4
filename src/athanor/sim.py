"""The simulator: many seeded bot games, with statistics an analyst can trust.

Seats rotate so every bot plays every seat equally often. Game ``i`` uses
seed ``seed + i`` whatever the number of worker processes or cluster nodes, so
results do not depend on ``jobs``, on Ray, nor on a run being stopped and
resumed (``out``): every game is played the same wherever it is played.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from athanor import catalog
from athanor.engine import ConfigError, GameState, play_out

MAX_STEPS = 1_000_000  # choices in one game; real games make a few thousand at most

Curve = tuple[tuple[float, ...], ...]  # one seat's figures (TURN_FIGURES) after each turn
Cards = tuple[dict[str, int], ...]  # one seat's cards (turn_cards) after each turn
# A plotted curve stops at the turn fewer than this share of a bot's games reached.
CURVE_MIN_SHARE = 0.25
SETUPS_KEPT = 10_000  # different set-ups a summary counts one by one


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
    setup: str = ""  # what the game was set up with (Dominion: its kingdom)
    absent: tuple[tuple[str, ...], ...] = ()  # per seat: cards its bot names, not in the game
    curves: tuple[Curve, ...] | None = None  # per seat, only when plotting
    cards: tuple[Cards, ...] | None = None  # per seat, only when plotting a game with cards

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (one line of an ``--out`` folder's games file)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read ``to_json`` output back (lists become tuples again)."""
        curves = data.get("curves")
        cards = data.get("cards")
        return cls(
            int(data["index"]),
            tuple(str(b) for b in data["bots"]),
            tuple(int(p) for p in data["placing"]),
            tuple(float(x) for x in data["scores"]),
            str(data["ending"]),
            int(data["turns"]),
            int(data.get("first", 0)),
            None if data.get("team_won") is None else bool(data["team_won"]),
            str(data.get("setup", "")),
            tuple(tuple(str(c) for c in a) for a in data.get("absent", ())),
            None
            if curves is None
            else tuple(tuple(tuple(float(x) for x in t) for t in seat) for seat in curves),
            None
            if cards is None
            else tuple(
                tuple({str(k): int(v) for k, v in t.items()} for t in seat) for seat in cards
            ),
        )


# -- playing ---------------------------------------------------------------------------

Makers = dict[str, Callable[[int], Any]]


@dataclass(frozen=True)
class Plan:
    """One run's set-up, as sent to every worker: bot files travel as their text, so a
    worker on another machine needs no copy of them."""

    game: str
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    texts: dict[str, str] = field(default_factory=dict)  # bot file name -> its text
    curves: bool = False

    def makers(self) -> Makers:
        """A bot maker per bot name: names looked up and files parsed once, not per game."""
        return {b: catalog.bot_maker(self.game, b, self.texts.get(b)) for b in set(self.bots)}


def play_one(
    game: str,
    bots: Sequence[str],
    seed: int,
    index: int,
    options: dict[str, Any],
    makers: Makers | None = None,
    curves: bool = False,
) -> GameRecord:
    """Play one game between bots (seat order rotated by ``index``); ``options`` must be
    checked already (``GameSpec.check_options``)."""
    n = len(bots)
    turn = index % n
    seated = (*bots[turn:], *bots[:turn])  # seat i: bots[(i + index) % n]
    if makers is None:
        makers = {b: catalog.bot_maker(game, b) for b in set(bots)}
    spec = catalog.spec(game)
    state = spec.state_class.new(players=n, seed=seed, options=options, log=False)
    agents = [makers[name](seed * 31 + seat) for seat, name in enumerate(seated)]
    absent = tuple([_absent(agent, state) for agent in agents])
    traced: list[list[tuple[float, ...]]] | None = None
    decks: list[list[dict[str, int]]] | None = None
    players: Sequence[Any] = agents
    if curves and state.TURN_FIGURES:
        traced = [[] for _ in range(n)]
        figures = state.turn_figures
        log = traced
        decks = [[] for _ in range(n)] if state.turn_cards(0) else None
        held = decks
        cards = state.turn_cards
        steps = {"now": 0, "by": -1}  # choices made, and the seat that made the last one
        closed = [-1] * n  # the choice after which each seat's last turn ended

        def hook(seat: int) -> None:
            log[seat].append(figures(seat))
            if held is not None:
                held[seat].append(cards(seat))
            closed[seat] = steps["now"]

        state.turn_hook = hook
        players = [_Tracked(a, steps) for a in agents]
    try:
        play_out(state, players, max_steps=MAX_STEPS)
    except RuntimeError:
        # Every game's rules end it (see each game's rules notes); this guards the
        # simulator against a bot or rule bug that would otherwise hang a long run.
        raise RuntimeError(
            f"game {index} (seed {seed}) of {game} did not end within {MAX_STEPS:,} choices; "
            f"replay it with: athanor sim {game} --bots {' '.join(bots)} --games 1 --seed {seed}"
        ) from None
    if traced is not None:
        # A game may end in the middle of a turn (a Potion Party player completes the
        # recipe with a Super Die): the final figures close the last chooser's turn.
        last = steps["by"]
        if last >= 0 and closed[last] < steps["now"]:
            traced[last].append(state.turn_figures(last))
            if decks is not None:
                decks[last].append(state.turn_cards(last))
    stats = state.stats()
    ending = stats.get("ending")
    if ending is None:  # the result's words say how it ended
        res = state.result
        assert res is not None
        scores, placing, ending = res.scores, res.placing, res.detail
    else:  # its words are not needed: a game may skip writing them
        out = state.final_scores()
        assert out is not None
        scores, placing = out
    return GameRecord(
        index,
        seated,
        placing,
        scores,
        str(ending),
        int(stats.get("turns", 0)),
        int(stats.get("first", 0)),
        bool(stats["won"]) if state.spec.cooperative and "won" in stats else None,
        str(stats.get("setup", "")),
        absent if any(absent) else (),
        None if traced is None else tuple(tuple(t) for t in traced),
        None if decks is None else tuple(tuple(t) for t in decks),
    )


class _Tracked:
    """A bot that also counts the choices made and notes who made the last (for curves)."""

    def __init__(self, agent: Any, steps: dict[str, int]) -> None:
        self.agent = agent
        self.steps = steps

    def choose(self, state: GameState, decision: Any) -> str:
        self.steps["now"] += 1
        self.steps["by"] = decision.seat
        return str(self.agent.choose(state, decision))


def _absent(agent: Any, state: GameState) -> tuple[str, ...]:
    """Cards a bot's strategy names that this game does not have (a bot says which with
    ``missing_cards(state)``; Dominion's strategy bots do)."""
    check = getattr(agent, "missing_cards", None)
    return tuple(check(state)) if check is not None else ()


# In a worker process: set when the run is interrupted, so that a batch stops after the game
# in hand and hands back the games it finished (``run`` keeps them).
_STOP: Any = None


def _worker_start(stop: Any) -> None:
    """A worker process's set-up: Ctrl+C is the parent's to handle, and ``stop`` says when."""
    import signal

    global _STOP
    _STOP = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_batch(
    plan: Plan, indices: Sequence[int], into: list[GameRecord] | None = None
) -> list[GameRecord]:
    """Play the games with these indices (what one worker task does), appending each record
    to ``into`` (a new list if None) as it finishes, so that an interrupted caller keeps
    them; in a worker, an interrupted run stops after the game in hand."""
    makers = plan.makers()
    out: list[GameRecord] = [] if into is None else into
    stop = _STOP
    with collector_paused():
        for i in indices:
            if stop is not None and stop.is_set():
                break
            out.append(
                play_one(plan.game, plan.bots, plan.seed + i, i, plan.options, makers, plan.curves)
            )
    return out


@contextmanager
def collector_paused() -> Iterator[None]:
    """Keep Python's cycle collector off while a batch of games is played.

    A game makes many short-lived lists and tuples but no reference cycles in Dominion,
    Potion Party or Potion-Making and a few dozen small ones in the Crucible (about 70
    objects a game, measured with the collector off), while the collector's passes cost
    5% of a compiled Dominion simulation (each one looks over every object kept since the
    last: records, caches). So the objects made so far (modules, caches) are set aside as
    permanent and the collector waits for the batch to end (at most 200 games on this
    machine's processes, 5,000 in a Ray task), when the cycles are collected as usual.
    """
    was_on = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
        gc.unfreeze()


def _task(args: tuple[Plan, tuple[int, ...]]) -> list[GameRecord]:
    return play_batch(*args)


def chunks(indices: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """The games split into tasks of ``size`` (the last may be shorter)."""
    return [tuple(indices[i : i + size]) for i in range(0, len(indices), size)]


def run(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    *,
    out: str | None = None,
    ray: str | None = None,
    curves: bool = False,
    texts: dict[str, str] | None = None,
    chunk: int | None = None,
    sink: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games and return their records in order.

    With ``sink``, nothing is kept: each record goes to ``sink`` instead, and the list
    returned is empty, so a run of a million games needs no more memory than one of a
    thousand. The games played now reach it in index order; with ``out``, the games
    already in the folder come first, in the order they were written.

    ``progress`` is called with the number of games just finished. ``out`` is a folder
    where records are written as they arrive; a run with the same arguments and the same
    folder plays only the games missing there. ``ray`` runs the games on a Ray cluster:
    ``"local"`` starts one on this machine, anything else is the address of a running
    cluster. ``curves`` records each seat's ``TURN_FIGURES`` after every turn (for plots).
    ``texts`` gives the text of bot files by name (otherwise they are read from disk).
    """
    if not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    if not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"the number of jobs must be at least 1, not {jobs}")
    plan = make_plan(game, bots, seed, options, texts, curves)
    store = Store.open(out, plan) if out else None
    records: list[GameRecord] = []
    keep = records.append if sink is None else sink
    played = bytearray(games)  # 1 where a game is already in the folder
    before = 0
    if store:
        for rec in store.each(games, played):
            keep(rec)
            before += 1
    left = games - before

    def todo() -> Iterator[int]:
        """The games still to play, made as they are needed (a list of a million
        indices would itself cost tens of megabytes)."""
        return (i for i in range(games) if not played[i]) if before else iter(range(games))

    if before and progress:
        progress(before)
    in_order = InOrder(todo(), keep)

    torn = [False]  # Ctrl+C came between a batch's writing and its count

    def take(batch: list[GameRecord]) -> None:
        try:
            if store:
                store.append(batch)
            for rec in batch:
                in_order.add(rec)
            if progress:
                progress(len(batch))
        except KeyboardInterrupt:
            torn[0] = True  # kept: the pool may take other batches before it goes up
            raise

    try:
        _play(plan, left, todo, take, jobs, ray, chunk)
    except KeyboardInterrupt:
        if store is None or not torn[0]:
            raise
        # Ctrl+C came while a batch was being written and counted: what the folder holds
        # is what a rerun keeps (read again only in this rare case: it takes a while).
        raise Interrupted(Store.kept(store.folder, games)) from None
    records.sort(key=lambda r: r.index)
    return records


class Interrupted(KeyboardInterrupt):
    """A stored run stopped by Ctrl+C in the middle of writing a batch; ``kept`` is how
    many games its folder holds (the count the progress calls gave may miss that batch)."""

    def __init__(self, kept: int) -> None:
        super().__init__(kept)
        self.kept = kept


def _play(
    plan: Plan,
    left: int,
    todo: Callable[[], Iterator[int]],
    take: Callable[[list[GameRecord]], None],
    jobs: int,
    ray: str | None,
    chunk: int | None,
) -> None:
    """Play the games still to play, handing each batch of records to ``take``."""
    if left:
        if ray is not None and ray != "local":
            spec = catalog.spec(plan.game)
            for o in spec.options:
                if getattr(o, "local", False) and plan.options.get(o.name) != o.default:
                    raise ConfigError(
                        f"option {o.name!r} reads a file on this machine, which a cluster's "
                        "workers cannot; run without --ray ADDRESS, or with --ray alone"
                    )
        if ray is not None:
            for batch in _ray_batches(ray, plan, list(todo()), chunk):
                take(batch)
        else:
            size = chunk or max(1, min(200, left // (jobs * 8) or 1))
            tasks = batches(todo(), size)
            if jobs <= 1:
                for t in tasks:
                    finished: list[GameRecord] = []
                    try:
                        play_batch(plan, t, finished)
                    finally:  # on Ctrl+C too: every game finished is kept
                        take(finished)
            else:
                _run_pool(plan, tasks, jobs, take)


class InOrder:
    """Hands records on in the order of ``indices`` however they arrive: a record that
    comes early waits only until those before it have come (a few batches at most)."""

    def __init__(self, indices: Iterator[int], out: Callable[[GameRecord], None]) -> None:
        self.indices = indices
        self.out = out
        self.due: int | None = next(indices, None)  # the index to hand on next
        self.waiting: dict[int, GameRecord] = {}

    def add(self, rec: GameRecord) -> None:
        """Take one record; hand on every record now due."""
        waiting = self.waiting
        waiting[rec.index] = rec
        while self.due is not None and self.due in waiting:
            self.out(waiting.pop(self.due))
            self.due = next(self.indices, None)


def batches(indices: Iterator[int], size: int) -> Iterator[tuple[int, ...]]:
    """The games in tasks of ``size`` (the last may be shorter), made as they are needed."""
    while True:
        t = tuple(itertools.islice(indices, size))
        if not t:
            return
        yield t


def _run_pool(
    plan: Plan,
    tasks: Iterator[tuple[int, ...]],
    jobs: int,
    take: Callable[[list[GameRecord]], None],
) -> None:
    """Play the tasks on ``jobs`` worker processes, a few tasks per worker queued at a
    time (so that the tasks of a million games are never all in memory, nor records
    far ahead of the oldest game unfinished). On Ctrl+C the workers stop after the game
    in hand, the games they finished are kept (``take``), queued tasks are dropped, and
    KeyboardInterrupt goes on up within a second or two."""
    # Imported here: a run on one process (the usual quick run) need not load them.
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = multiprocessing.get_context()
    stop = ctx.Event()
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=ctx, initializer=_worker_start, initargs=(stop,)
    )
    ahead = 4 * jobs
    futures: list[Any] = []
    pending: set[Any] = set()
    taken: set[Any] = set()

    def submit() -> None:
        while len(pending) < ahead:
            t = next(tasks, None)
            if t is None:
                return
            fut = pool.submit(_task, (plan, t))
            futures.append(fut)
            pending.add(fut)

    try:
        submit()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=futures.index):
                pending.discard(fut)
                taken.add(fut)
                take(fut.result())
            futures[:] = [f for f in futures if f not in taken]
            taken.clear()
            submit()
    except KeyboardInterrupt:
        stop.set()
        for fut in futures:
            fut.cancel()  # the queued ones; those running stop after their game in hand
        for fut in futures:
            if fut in taken or fut.cancelled():
                continue
            with contextlib.suppress(KeyboardInterrupt, Exception):  # a worker gone: lost
                take(fut.result(timeout=5))
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def make_plan(
    game: str,
    bots: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    texts: dict[str, str] | None = None,
    curves: bool = False,
) -> Plan:
    """Check a run's set-up (game, players, options, every bot) and read bot files."""
    spec = catalog.spec(game)
    spec.check_players(len(bots))
    opts = spec.check_options(options)
    given = dict(texts or {})
    for name in dict.fromkeys(bots):
        if name not in given and catalog.is_bot_file(spec.name, name):
            given[name] = catalog.read_bot_file(name)
        catalog.bot_maker(spec.name, name, given.get(name))  # fail early on a bad bot
    return Plan(spec.name, tuple(bots), seed, opts, given, curves)


# -- running on Ray --------------------------------------------------------------------


def _ray_batches(
    address: str, plan: Plan, todo: Sequence[int], chunk: int | None
) -> Iterator[list[GameRecord]]:
    """Play the games as Ray tasks and yield each batch as it finishes (in any order)."""
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ConfigError("--ray needs Ray: pip install 'athanor-tabletop[cluster]'") from None
    import athanor

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            # The workers get this very copy of athanor (it needs nothing else).
            pkg = os.path.dirname(athanor.__file__)
            ray.init(
                address=address,
                runtime_env={"py_modules": [pkg]},
                log_to_driver=False,
                configure_logging=False,
            )
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call,unused-ignore]
        # Large tasks keep Ray's overhead (a few milliseconds a task) small; four per
        # CPU still spread the work evenly and move the progress bar.
        size = chunk or max(1, min(5000, len(todo) // (cpus * 4) or 1))
        remote = ray.remote(play_batch)
        plan_ref = ray.put(plan)  # sent once, not with every task
        pending = [remote.remote(plan_ref, t) for t in chunks(todo, size)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = exc.cause if isinstance(exc.cause, Exception) else exc
                    raise RuntimeError(str(cause)) from None
    finally:
        if started:
            ray.shutdown()


# -- stopping and resuming -------------------------------------------------------------


class Store:
    """An ``--out`` folder: ``run.json`` (what was asked for) and ``games.jsonl`` (one
    record a line, appended as games finish). A rerun with the same set-up reads the
    records there and plays only the games missing."""

    def __init__(self, folder: str, games_file: str) -> None:
        self.folder = folder
        self.games_file = games_file

    @staticmethod
    def describe(plan: Plan) -> dict[str, Any]:
        """What makes two runs the same (the number of games aside: more may be asked)."""
        import hashlib  # only a stored run (--out) needs it; a plain run starts without

        return {
            "format": "athanor-sim-run",
            "version": 1,
            "game": plan.game,
            "bots": list(plan.bots),
            "seed": plan.seed,
            "options": plan.options,
            "bot_files": {
                k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(plan.texts.items())
            },
            "curves": plan.curves,
        }

    @classmethod
    def open(cls, folder: str, plan: Plan) -> Store:
        """Open (or make) the folder; refuse one that holds a different run."""
        import json  # json, csv and signal are imported where used: a plain run starts sooner

        folder = os.path.expanduser(folder)
        if os.path.exists(folder) and not os.path.isdir(folder):
            raise ConfigError(f"{folder} is a file; --out needs a folder")
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"cannot make {folder}: {exc.strerror or exc}") from None
        head = cls.describe(plan)
        head_file = os.path.join(folder, "run.json")
        if os.path.exists(head_file):
            try:
                with open(head_file, encoding="utf-8") as fh:
                    old = json.load(fh)
            except (OSError, ValueError) as exc:
                raise ConfigError(f"{head_file} cannot be read ({exc})") from None
            if old != json.loads(json.dumps(head)):
                diff = [k for k in head if old.get(k) != json.loads(json.dumps(head[k]))]
                raise ConfigError(
                    f"{folder} holds another run (its {', '.join(diff) or 'format'} differ); "
                    "give the same arguments to continue it, or another folder"
                )
        else:
            try:
                with open(head_file, "w", encoding="utf-8") as fh:
                    json.dump(head, fh, indent=1)
            except OSError as exc:
                raise ConfigError(f"cannot write {head_file}: {exc.strerror or exc}") from None
        return cls(folder, os.path.join(folder, "games.jsonl"))

    @classmethod
    def kept(cls, folder: str, games: int) -> int:
        """How many of the first ``games`` games the folder holds, as a rerun reads them
        (an interrupted run says this: a count kept beside the file could miss the batch
        being written when Ctrl+C came)."""
        folder = os.path.expanduser(folder)
        store = cls(folder, os.path.join(folder, "games.jsonl"))
        return sum(1 for _ in store.each(games, bytearray(games)))

    def each(self, games: int, played: bytearray) -> Iterator[GameRecord]:
        """The games already played (index below ``games``), read one line at a time, in
        the order they were written; each index once (``played`` marks those seen). A
        line cut short by a stop is ignored: that game is played again."""
        import json

        if not os.path.exists(self.games_file):
            return
        with open(self.games_file, encoding="utf-8") as fh:
            for line in fh:
                try:
                    rec = GameRecord.from_json(json.loads(line))
                except (ValueError, KeyError, TypeError):
                    continue
                if 0 <= rec.index < games and not played[rec.index]:
                    played[rec.index] = 1
                    yield rec

    def append(self, batch: Iterable[GameRecord]) -> None:
        """Add records, each on its own line, and push them to the disk's cache now."""
        import json

        text = "".join(json.dumps(r.to_json(), separators=(",", ":")) + "\n" for r in batch)
        with open(self.games_file, "a", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()


# -- reading the results ---------------------------------------------------------------


def bot_labels(
    game: str, bots: Sequence[str], texts: dict[str, str] | None = None
) -> dict[str, str]:
    """How each bot is named in a report: a strategy file by its ``name:`` line."""
    out: dict[str, str] = {}
    for arg in dict.fromkeys(bots):
        name = arg
        if catalog.is_bot_file(game, arg):
            made = catalog.bot_maker(game, arg, (texts or {}).get(arg))(0)
            name = str(getattr(made, "name", arg))
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
    absent: Counter[str] = field(default_factory=Counter)  # card -> games it was missing
    # Per figure, per turn: [sum, games that reached that turn].
    curves: list[list[list[float]]] = field(default_factory=list)
    # Per card, per turn: how many the bot had, summed; and games that reached each turn.
    cards: dict[str, list[int]] = field(default_factory=dict)
    card_games: list[int] = field(default_factory=list)

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

    def mean_curve(self, figure: int, min_share: float = CURVE_MIN_SHARE) -> list[float]:
        """The mean of a figure after each turn, over the games that lasted that long;
        it stops at the turn fewer than ``min_share`` of the bot's games reached (a mean
        over the few longest games is not the typical game's: it jumps)."""
        return [total / n for total, n in self._kept(figure, min_share)]

    def curve_games(self, figure: int, min_share: float = CURVE_MIN_SHARE) -> list[int]:
        """How many games each point of ``mean_curve`` stands on."""
        return [int(n) for _, n in self._kept(figure, min_share)]

    def _kept(self, figure: int, min_share: float) -> list[list[float]]:
        if figure >= len(self.curves):
            return []
        least = max(1, min_share * self.games)
        out = []
        for point in self.curves[figure]:
            if point[1] < least:
                break
            out.append(point)
        return out

    def mean_cards(self, min_share: float = CURVE_MIN_SHARE) -> dict[str, list[float]]:
        """Per card, how many the bot had after each turn on average, over the games that
        lasted that long; stopping where ``mean_curve`` does."""
        least = max(1, min_share * self.games)
        turns = 0
        while turns < len(self.card_games) and self.card_games[turns] >= least:
            turns += 1
        return {
            card: [s / n for s, n in zip(sums[:turns], self.card_games, strict=False)]
            for card, sums in sorted(self.cards.items())
        }

    def _add_cards(self, cards: Cards) -> None:
        while len(self.card_games) < len(cards):
            self.card_games.append(0)
        for t, held in enumerate(cards):
            self.card_games[t] += 1
            for card, k in held.items():
                sums = self.cards.setdefault(card, [])
                while len(sums) <= t:
                    sums.append(0)
                sums[t] += k
        for sums in self.cards.values():  # every card's list as long as the turns seen
            sums.extend([0] * (len(self.card_games) - len(sums)))

    def _add_curve(self, curve: Curve) -> None:
        for t, figures in enumerate(curve):
            for f, x in enumerate(figures):
                while len(self.curves) <= f:
                    self.curves.append([])
                per_turn = self.curves[f]
                while len(per_turn) <= t:
                    per_turn.append([0.0, 0])
                per_turn[t][0] += x
                per_turn[t][1] += 1


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
    lengths: Counter[int] = field(default_factory=Counter)  # turns per game -> games
    team_games: int = 0  # cooperative games: games with a team result, and team wins
    team_wins: int = 0
    setups: Counter[str] = field(default_factory=Counter)  # each game's set-up, counted
    # Games whose set-up was not counted because SETUPS_KEPT different ones already were
    # (a million random kingdoms would otherwise fill the memory).
    setups_uncounted: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    figures: tuple[str, ...] = ()  # the names of the plotted per-turn figures
    labels: dict[str, str] = field(default_factory=dict)  # bot argument -> report name

    @classmethod
    def of(
        cls,
        game: str,
        bots: Sequence[str],
        seed: int,
        records: Sequence[GameRecord],
        labels: dict[str, str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> Summary:
        """Aggregate game records; ``labels`` names bots in the report (a strategy file by
        its own name rather than its path); ``options`` are the run's game options."""
        s = cls.start(game, bots, seed, labels, options)
        for r in records:
            s.add(r)
        return s

    @classmethod
    def start(
        cls,
        game: str,
        bots: Sequence[str],
        seed: int,
        labels: dict[str, str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> Summary:
        """An empty summary, to ``add`` records to as they come (``of`` in steps). The
        totals are sums of whole numbers, so they do not depend on the order."""
        label = dict(labels or {})
        s = cls(game, [label.get(b, b) for b in bots], 0, seed)
        s.labels = label
        s.options = dict(options or {})
        try:
            s.figures = catalog.spec(game).state_class.TURN_FIGURES
        except ConfigError:
            s.figures = ()
        for name in bots:
            s.per_bot.setdefault(label.get(name, name), BotStats())
        return s

    def add(self, r: GameRecord) -> None:
        """Count one game's record."""
        s, label = self, self.labels
        s.games += 1
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
            if r.absent:
                b.absent.update(r.absent[seat])
            if r.curves is not None:
                b._add_curve(r.curves[seat])
            if r.cards is not None:
                b._add_cards(r.cards[seat])
        if firsts == [r.first]:
            s.first_player_wins += 1
        s.endings[r.ending] += 1
        s.turns_total += r.turns
        s.lengths[r.turns] += 1
        if r.setup in s.setups or len(s.setups) < SETUPS_KEPT:
            s.setups[r.setup] += 1
        else:
            s.setups_uncounted += 1
        if r.team_won is not None:
            s.team_games += 1
            s.team_wins += r.team_won

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

    def setup_lines(self) -> Iterator[str]:
        """The game options, the set-up each game had (or how many there were), and a
        warning for each bot whose strategy names cards a game did not have."""
        if self.options:
            yield "Game options: " + ", ".join(f"{k}={v}" for k, v in self.options.items()) + "."
        named = [k for k in self.setups if k]
        if len(named) == 1:
            yield f"{named[0]} (every game)."
        elif named:
            common, n = self.setups.most_common(1)[0]
            many = f"more than {len(named):,}" if self.setups_uncounted else f"{len(named)}"
            yield (
                f"{many} different set-ups over {self.games} games (--csv names each "
                "game's)" + (f"; the most common, {n} games: {common}." if n > 1 else ".")
            )
        for name, b in self.per_bot.items():
            for card, n in sorted(b.absent.items()):
                share = "any" if n == b.games else f"{n} of {b.games}"
                yield (
                    f"Warning: {name} names {card}, which was not in {share} of its games "
                    "(its rules for that card never fired there)."
                    if share != "any"
                    else f"Warning: {name} names {card}, which was in none of its games."
                )

    def lines(self) -> Iterator[str]:
        """A plain-text report."""
        if self.team_games:
            yield from self._team_lines()
            return
        yield f"{self.games} games of {self.game}, seed {self.seed}, seats rotated."
        yield from self.setup_lines()
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
        yield from self.setup_lines()
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
            # A team game lost by its set-up alone (ruling C38 says none should be).
            early = sum(v for k, v in t["losses"].items() if k.endswith(EARLY))
            yield (
                f"Lost {EARLY}: {early} ({early / self.games:.1%} of games)."
                if early
                else f"None lost {EARLY}."
            )
        yield f"Average turns per game: {self.turns_total / self.games:.1f}."


# -- one row per game ------------------------------------------------------------------


EARLY = "before the first card"  # how a game's ending names a loss before any play


def write_csv(
    path: str, game: str, seed: int, records: Sequence[GameRecord], labels: dict[str, str]
) -> None:
    """One row per game, for pandas and spreadsheets (columns in docs/simulator.md)."""
    seats = max((len(r.bots) for r in records), default=0)
    with CsvRows(path, game, seed, labels, seats) as rows:
        for r in records:
            rows.write(r)


class CsvRows:
    """A CSV file of one row per game, written as the games come (``write_csv`` in
    steps), so that a long run keeps nothing in memory for it."""

    def __init__(self, path: str, game: str, seed: int, labels: dict[str, str], seats: int) -> None:
        import csv

        self.game, self.seed, self.labels, self.seats = game, seed, labels, seats
        head = ["game", "index", "seed", "setup", "first_seat", "turns", "ending", "winner"]
        for i in range(1, seats + 1):
            head += [f"seat{i}_bot", f"seat{i}_score", f"seat{i}_place"]
        head.append("team_won")
        self.fh = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115 - closed by close()
        self.w = csv.writer(self.fh)
        self.w.writerow(head)

    def __enter__(self) -> CsvRows:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Finish the file."""
        self.fh.close()

    def write(self, r: GameRecord) -> None:
        """One game's row."""
        labels, seats = self.labels, self.seats
        firsts = [i for i, p in enumerate(r.placing) if p == 1]
        winner = labels.get(r.bots[firsts[0]], r.bots[firsts[0]]) if len(firsts) == 1 else ""
        row: list[Any] = [
            self.game,
            r.index,
            self.seed + r.index,
            r.setup,
            r.first + 1,
            r.turns,
            r.ending,
            winner,
        ]
        for seat, bot in enumerate(r.bots):
            row += [labels.get(bot, bot), f"{r.scores[seat]:g}", r.placing[seat]]
        row += [""] * (3 * (seats - len(r.bots)))
        row.append("" if r.team_won is None else int(r.team_won))
        self.w.writerow(row)
