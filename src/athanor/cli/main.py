"""The ``athanor`` command: play in the terminal, replay, list games."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import athanor
from athanor import catalog
from athanor.cli.terminal import LEVELS, Terminal
from athanor.engine import ConfigError, GameState, IllegalMove, SaveError
from athanor.engine.core import excerpt


def _seat_bots(spec: athanor.GameSpec, players: int, bots: Sequence[str] | None) -> dict[int, str]:
    """Turn the --bots argument into seat -> bot name (bots take the last seats)."""
    if not bots:
        return {}
    if len(bots) == 1 and bots[0].isascii() and bots[0].isdecimal() and len(bots[0]) <= 3:
        names = [spec.default_bot] * int(bots[0])
    else:
        names = list(bots)
    if len(names) > players:
        raise ConfigError(f"{len(names)} bots do not fit in a game of {players} players")
    first = players - len(names)
    return {first + i: name for i, name in enumerate(names)}


def _seat_names(players: int, seats: Mapping[int, str], given: list[str]) -> list[str]:
    """A name per seat: the people's names as given, bots by famous alchemists."""
    humans = [s for s in range(players) if s not in seats]
    if len(given) > len(humans):
        raise ConfigError(f"{len(given)} names given for {len(humans)} people")
    given = list(given)
    bot_names = [n for n in catalog.BOT_NAMES if n.casefold() not in {g.casefold() for g in given}]
    names = []
    for s in range(players):
        if s in seats:
            names.append(bot_names.pop(0))
        elif given:
            names.append(given.pop(0))
        else:
            names.append("Player 1" if len(humans) == 1 else f"Player {s + 1}")
    return names


def _bot_words(agent: Any) -> str:
    """How a bot is described: its strategy's own name, in words."""
    return str(getattr(agent, "name", "bot")).replace("-", " ")


def play(args: argparse.Namespace, term: Terminal) -> int:
    """Run a game in the terminal until it ends or the player quits."""
    if getattr(args, "campaign", None):
        from athanor.cli.campaign import play_campaign

        return play_campaign(args, term)
    from athanor.cli.table import Table  # only a game in the terminal needs it
    from athanor.files import parse_json, read_bytes

    spec = catalog.spec(args.game)
    bots_arg: Sequence[str] | None = args.bots
    state: GameState
    loaded = bool(args.load)
    if args.load:
        raw = read_bytes(args.load, "save file")
        state = athanor.load_game(raw)
        if state.spec.name != spec.name:
            raise SaveError(f"{args.load} holds a game of {state.spec.name}, not {spec.name}")
        saved = _saved_bots(parse_json(raw), state.players)
        seats = saved if bots_arg is None and saved else _seat_bots(spec, state.players, bots_arg)
    else:
        given = list(args.name or [])
        bots_wanted = _seat_bots(spec, spec.max_players, bots_arg)
        if args.players is not None:
            players = args.players
        else:
            players = max(spec.min_players, len(bots_wanted) + max(1, len(given)))
        spec.check_players(players)
        seats = _seat_bots(spec, players, bots_arg)
        names = _seat_names(players, seats, given)
        options = _options(args)
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        state = athanor.new_game(spec.name, players, seed, options, names)
    agents = {
        s: catalog.bot(spec.name, name, state.seed + 7919 * (s + 1)) for s, name in seats.items()
    }
    table = Table(
        state,
        agents,
        term,
        brief=args.brief,
        bot_args=seats,
        save_path=os.path.expanduser(args.load) if args.load else None,
        loaded=loaded,
        verbosity=args.verbosity,
    )
    if loaded:
        term.line(f"Loaded {spec.title} from {args.load}.")
        table.summary()
    else:
        # The seed is not told now: with the public moves it would let a player foresee
        # every roll and shuffle. The end of the game tells it, for a replay.
        term.line(f"{spec.title}. Type help at any prompt for the commands.")
    for s, agent in sorted(agents.items()):
        words = seats[s] if seats[s] in spec.levels else _bot_words(agent)
        term.line(f"{state.names[s]} is a bot ({words}).")
    people = state.players - len(agents)
    if people > 1 and not loaded:
        term.line(hot_seat_notice(people, bool(agents)))
    return table.run()


def hot_seat_notice(people: int, bots: bool) -> str:
    """What a game for several people at one keyboard is, said at its start."""
    said = f"{people} people take turns at this keyboard; each question says whose it is."
    if bots:
        return said
    return f"No bots: {said} To play against bots, start with --bots 1 (or more)."


def _saved_bots(data: Any, players: int) -> dict[int, str]:
    """The bots a save file names for its seats, checked."""
    client = data.get("client") if isinstance(data, dict) else None
    if client is None:
        return {}
    bots = client.get("bots") if isinstance(client, dict) else None
    if not isinstance(bots, dict):
        raise SaveError("the save file's 'client' part is damaged")
    out = {}
    for k, v in bots.items():
        if not (isinstance(k, str) and k.isascii() and k.isdecimal() and len(k) <= 2):
            raise SaveError(f"the save file names a bot for seat {excerpt(k)}")
        if not isinstance(v, str) or not 0 < len(v) <= 200 or int(k) >= players:
            raise SaveError(f"the save file names a bad bot: {excerpt(v)}")
        out[int(k)] = v
    return out


def _options(args: argparse.Namespace) -> dict[str, str]:
    """Game options from --option NAME=VALUE and the --kingdom shortcut."""
    options: dict[str, str] = {}
    for kv in args.option or []:
        name, sep, value = kv.partition("=")
        if not sep or not name:
            raise ConfigError(f"--option takes NAME=VALUE, not {excerpt(kv)}")
        options[name.strip()] = value.strip()
    if getattr(args, "kingdom", None):
        options["kingdom"] = args.kingdom
    if getattr(args, "mission", None) is not None:
        options["mission"] = str(args.mission)
    return options


def replay(args: argparse.Namespace, term: Terminal) -> int:
    """Narrate a saved game or replay file from the start."""
    from athanor.fairness import check_record
    from athanor.files import parse_json, read_bytes
    from athanor.replay import Replay

    raw = read_bytes(args.file, "replay file")
    rep = Replay.from_json(raw)
    data = parse_json(raw, "replay file")
    fair = data.get("fairness") if isinstance(data, dict) else None
    promised = check_record(rep.seed, fair) if fair is not None else None
    if args.seat is not None and not 1 <= args.seat <= rep.players:
        raise ConfigError(f"--seat must be 1 to {rep.players} for this game, not {args.seat}")
    viewer = None if args.seat is None else args.seat - 1
    try:
        state = rep.play(log=True)
    except IllegalMove as exc:
        raise SaveError(
            f"the replay file's moves do not replay: {excerpt(str(exc), 240)}"
        ) from None
    for line in state.events_for(viewer):
        term.line(line)
    if state.is_over:
        term.line("Game over.")
        for line in state.standings(viewer):
            term.line(line)
    else:
        d = state.decision
        assert d is not None
        term.line(f"The game goes on: {state.names[d.seat]} is to decide.")
    if promised is not None:
        term.line(
            f"Fair chance checked: seed {rep.seed} matches the commitment {promised} that the "
            "table showed at the start, and every shuffle and roll above comes from it."
        )
    return 0


def review(args: argparse.Namespace, term: Terminal) -> int:
    """Judge one seat's decisions in a saved game or replay file, and tell the worst."""
    from athanor.files import read_bytes
    from athanor.replay import Replay
    from athanor.review import Coach

    raw = read_bytes(args.file, "replay file")
    rep = Replay.from_json(raw)
    if not 1 <= args.seat <= rep.players:
        raise ConfigError(f"--seat must be 1 to {rep.players} for this game, not {args.seat}")
    coach = Coach(rep.game, playouts=args.playouts, rollout=args.rollout, seed=args.seed)

    def progress(done: int, total: int) -> None:
        if not args.quiet and sys.stderr is not None and (done == total or done % 10 == 0):
            print(f"  judged {done} of {total} decisions", file=sys.stderr, flush=True)

    try:
        result = coach.review(rep, args.seat - 1, progress)
    except IllegalMove as exc:
        raise SaveError(
            f"the replay file's moves do not replay: {excerpt(str(exc), 240)}"
        ) from None
    if args.json:
        import json  # here, as where else it is used: most commands write no JSON file

        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result.to_json(), f, indent=1)
    for line in result.lines():
        term.line(line)
    if args.all:
        term.line("Every decision judged:")
        for j in result.decisions:
            term.line(f"- {j.sentence()}")
    return 0


def list_games(args: argparse.Namespace, term: Terminal) -> int:
    """Print the registered games and their options."""
    from athanor.ladder import describe, level_measure

    for spec in athanor.games():
        term.line(f"{spec.name}: {spec.title}, {spec.min_players}-{spec.max_players} players.")
        if spec.summary:
            term.line(f"  {spec.summary}")
        if spec.levels:
            term.line(f"  Levels ({', '.join(spec.levels)}), by name after --bots:")
            for name, level in spec.levels.items():
                m = describe(level_measure(spec.name, name, level.bot))
                term.line(f"    {name}: {level.line} (bot {level.bot}) {m[:1].upper()}{m[1:]}.")
        term.line(
            f"  Bots: {', '.join(['random', *sorted(spec.bots)])} (default {spec.default_bot}); "
            "ismcts or ismcts:iterations=N,rollout=BOT,time=SECONDS searches."
        )
        for o in spec.options:
            term.line(f"  --option {o.name}=...  {o.doc} Default: {o.default}.")
    return 0


def simulate(args: argparse.Namespace, term: Terminal) -> int:
    """Play many seeded bot games and report the statistics."""
    from athanor import sim

    spec = catalog.spec(args.game)
    options = _options(args)
    bots = _sim_bots(spec, args.bots, args.players)
    for path in (args.json, args.csv):
        if path:
            _check_writable(path)  # before a long run, not after it
    plot_path = None
    if args.plot:
        from athanor.plot import check_path

        plot_path = check_path(args.plot)
    share = sim.CURVE_MIN_SHARE if args.plot_min_share is None else args.plot_min_share
    if not 0 < share <= 1:
        raise ConfigError(f"--plot-min-share is a share above 0 and at most 1, not {share:g}")
    plan = sim.make_plan(spec.name, bots, args.seed, options, curves=bool(plot_path))
    labels = sim.bot_labels(spec.name, bots, plan.texts)
    bar = _progress_bar(args.games, args.quiet)
    kept = [0]
    # Every game is counted as it comes and written to the CSV file at once: nothing is
    # kept, so memory stays flat however many games are played.
    summary = sim.Summary.start(spec.name, bots, args.seed, labels, plan.options)
    rows = None
    if args.csv:
        path = os.path.expanduser(args.csv)
        try:
            rows = sim.CsvRows(path, spec.name, args.seed, labels, len(bots))
        except OSError as exc:
            raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None

    def each(rec: sim.GameRecord) -> None:
        summary.add(rec)
        if rows is not None:
            rows.write(rec)

    def count(n: int) -> None:
        kept[0] += n
        if bar is not None:
            bar.update(n)

    try:
        sim.run(
            spec.name,
            bots,
            args.games,
            args.seed,
            options,
            args.jobs,
            progress=count,
            out=args.out,
            ray=args.ray,
            curves=bool(plot_path),
            texts=plan.texts,
            sink=each,
        )
    except KeyboardInterrupt as exc:
        if bar is not None:
            bar.close()
        if isinstance(exc, sim.Interrupted):  # stopped while writing: the folder's count
            kept[0] = exc.kept
        if args.out:
            _error(
                f"interrupted: {kept[0]:,} of {args.games:,} games are kept in {args.out}; "
                "the same command plays the rest"
            )
        else:
            _error(
                f"interrupted after {kept[0]:,} of {args.games:,} games (give --out to keep them)"
            )
        return 130
    finally:
        if bar is not None:
            bar.close()
        if rows is not None:
            rows.close()
    for line in summary.lines():
        term.line(line)
    if args.json:
        import json

        path = os.path.expanduser(args.json)
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(summary.to_json(), fh, indent=1)
        except OSError as exc:
            raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
        term.line(f"Wrote {path}.")
    if args.csv:
        term.line(f"Wrote {os.path.expanduser(args.csv)} (one row per game).")
    if plot_path:
        from athanor.plot import plot

        plot(summary, plot_path, share)
        term.line(f"Wrote {plot_path}.")
    return 0


def _progress_bar(total: int, quiet: bool) -> Any:
    """A progress bar on standard error when it is a terminal (needs tqdm), or None."""
    if quiet or not _isatty(sys.stderr):
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr)


def tune(args: argparse.Namespace, term: Terminal) -> int:
    """Search Dominion strategy files for one that beats a bot, and write the best."""
    from athanor.tune import tune_command

    return tune_command(args, term.line, _progress_bar)


def ladder(args: argparse.Namespace, term: Terminal) -> int:
    """Measure how strong each level and bot is: a round robin and its ratings."""
    from athanor.ladder import ladder_command

    return ladder_command(args, term.line, _progress_bar)


def usable_cores() -> int:
    """How many cores this process may run on (its CPU affinity where the system tells)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _jobs(text: str) -> int:
    """``--jobs``: a count of worker processes, or ``auto`` for one per usable core."""
    if text.strip().lower() == "auto":
        return usable_cores()
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of workers or 'auto', not {text!r}"
        ) from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the number of jobs must be at least 1, not {n}")
    return n


def _sim_bots(spec: athanor.GameSpec, bots: list[str] | None, players: int | None) -> list[str]:
    """One bot per seat: as given, or the game's default bot in every seat (--players N)."""
    if players is not None:
        spec.check_players(players)  # --players 0 is an error, not the default
    if not bots:
        return [spec.default_bot] * (players if players is not None else spec.min_players)
    if players is not None and len(bots) != players:
        raise ConfigError(f"--players {players} does not match the {len(bots)} bots named")
    return list(bots)


def _check_writable(path: str) -> None:
    """Refuse an output file that could not be written, before any work is done."""
    path = os.path.expanduser(path)
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ConfigError(f"{path} is a folder; give a file name")
    if not os.path.isdir(folder):
        raise ConfigError(f"cannot write {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise ConfigError(f"cannot write {path}: permission denied")


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def serve(args: argparse.Namespace, term: Terminal) -> int:
    """Start the web table and say where to open it."""
    try:
        from athanor.web.server import run_server
    except ImportError as exc:
        raise ConfigError(
            f"the web table needs its extra ({exc.name} is missing): "
            "pip install 'athanor-tabletop[web]'"
        ) from None
    return run_server(args, term.line)


def check_cards(args: argparse.Namespace, term: Terminal) -> int:
    """Check a Potion-Making card data file: 0 when sound, 1 with its problems listed."""
    from athanor.games.potion_making.cards import check_file

    return check_file(args.file, term.line)


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size gives it (COLUMNS, else the
    terminal's, else 80), without importing shutil."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        out = sys.__stdout__
        try:
            columns = 0 if out is None else os.get_terminal_size(out.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the width: argparse makes one for every argument
    added, and left to find the width itself it imports shutil (and with it bz2 and lzma),
    a few milliseconds of every command's start."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser (and its commands' parsers) with ``_Formatter``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command-line parser; with ``only`` (a command's name), that command's part
    alone: a command starts sooner without building the others (argparse formats and
    translates as each argument is added)."""
    p = _Parser(prog="athanor", description="Alchemy-themed tabletop games.")
    p.add_argument("--version", action="version", version=f"athanor {athanor.__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    if only in (None, "play"):
        pl = sub.add_parser("play", help="play a game in the terminal")
        pl.add_argument("game", help="game name, see: athanor games")
        pl.add_argument("--players", type=int, help="number of players")
        pl.add_argument(
            "--bots",
            nargs="+",
            metavar="BOT",
            help="levels (easy, normal, hard, expert) or bot names, or a number of default bots",
        )
        pl.add_argument("--seed", type=int, help="random seed (for a repeatable game)")
        pl.add_argument("--load", metavar="FILE", help="continue a saved game")
        pl.add_argument("--name", action="append", help="a human player's name (repeatable)")
        talk = pl.add_mutually_exclusive_group()
        talk.add_argument(
            "--brief",
            action="store_true",
            help="hear less of the other players' turns (the brief command switches at any prompt)",
        )
        talk.add_argument(
            "--verbose", action="store_false", dest="brief", help="hear everything (the default)"
        )
        pl.add_argument(
            "--verbosity",
            choices=LEVELS,
            default="changes",
            help="how questions are asked: short (one line, ? lists the options), changes "
            "(options listed the first time, then only what changed; the default) or full "
            "(every option every time); the verbosity command switches at any prompt",
        )
        pl.add_argument(
            "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
        )
        pl.add_argument(
            "--kingdom",
            "--kingdom-preset",
            dest="kingdom",
            help="Dominion: a preset name, a comma-separated list of cards, or 'random'",
        )
        pl.add_argument("--mission", type=int, help="a game's mission (--option mission=M)")
        pl.add_argument(
            "--campaign", metavar="FILE", help="play the missions in order, saving progress to FILE"
        )
        pl.set_defaults(func=play)
    if only in (None, "replay"):
        rp = sub.add_parser("replay", help="narrate a saved game or replay file")
        rp.add_argument("file")
        rp.add_argument(
            "--seat", type=int, default=None, help="narrate as this seat (1, 2, ...) sees it"
        )
        rp.set_defaults(func=replay)
    if only in (None, "review"):
        rv = sub.add_parser("review", help="the coach: judge a seat's decisions in a finished game")
        rv.add_argument("file", help="a saved game or replay file")
        rv.add_argument("--seat", type=int, default=1, help="the seat to review (1, 2, ...)")
        rv.add_argument(
            "--playouts",
            type=int,
            default=48,
            help="playouts per option the coach weighs (more: surer and slower; default 48)",
        )
        rv.add_argument("--rollout", default=None, help="the bot that plays the playouts")
        rv.add_argument("--seed", type=int, default=0, help="the coach's own seed")
        rv.add_argument("--all", action="store_true", help="also tell every decision")
        rv.add_argument("--json", metavar="FILE", help="also write the review as JSON")
        rv.add_argument("--quiet", action="store_true", help="no progress lines")
        rv.set_defaults(func=review)
    if only in (None, "sim"):
        sm = sub.add_parser("sim", help="simulate many bot games and report statistics")
        sm.add_argument("game")
        sm.add_argument(
            "--bots",
            nargs="+",
            metavar="BOT",
            help="one level (easy, normal, hard, expert) or bot per seat (default: the game's bot)",
        )
        sm.add_argument("--players", type=int, help="seats, each the game's default bot")
        sm.add_argument("--mission", type=int, help="a game's mission (--option mission=M)")
        sm.add_argument("--games", type=int, default=1000)
        sm.add_argument("--seed", type=int, default=0)
        sm.add_argument(
            "--jobs",
            type=_jobs,
            default="auto",
            metavar="N|auto",
            help="worker processes (default: auto, one per core this process may use)",
        )
        sm.add_argument("--kingdom", help="Dominion: kingdom cards, a preset, or 'random'")
        sm.add_argument("--option", action="append", metavar="NAME=VALUE")
        sm.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
        sm.add_argument("--csv", metavar="FILE", help="also write one row per game as CSV")
        sm.add_argument(
            "--plot", metavar="FILE", help="draw win rates and per-turn curves (.png or .svg)"
        )
        sm.add_argument(
            "--plot-min-share",
            type=float,
            metavar="SHARE",
            help="a plotted curve stops at the turn fewer than this share of games reached "
            "(default: 0.25)",
        )
        sm.add_argument(
            "--out",
            metavar="DIR",
            help="write games as they finish; rerun to continue a stopped run",
        )
        sm.add_argument(
            "--ray",
            nargs="?",
            const="local",
            metavar="ADDRESS",
            help="run on a Ray cluster (a local one without ADDRESS)",
        )
        sm.add_argument("--quiet", action="store_true", help="no progress bar")
        sm.set_defaults(func=simulate)
    if only in (None, "tune"):
        tn = sub.add_parser("tune", help="search Dominion strategy files for one that beats a bot")
        tn.add_argument("game", choices=["dominion"])
        tn.add_argument("--kingdom", required=True, help="kingdom cards or a preset")
        tn.add_argument("--against", required=True, metavar="BOT", help="the bot to beat")
        tn.add_argument("--games", type=int, default=400, help="games per candidate")
        tn.add_argument("--seed", type=int, default=0)
        tn.add_argument("--rounds", type=int, default=60, help="candidates to try")
        tn.add_argument("--start", metavar="FILE", help="a strategy file to start from")
        tn.add_argument(
            "--jobs",
            type=_jobs,
            default="auto",
            metavar="N|auto",
            help="worker processes (default: auto, one per core this process may use)",
        )
        tn.add_argument("--name", default="tuned", help="the found strategy's name")
        tn.add_argument("--write", metavar="FILE", default="tuned.txt", help="where to write it")
        tn.add_argument("--quiet", action="store_true", help="no progress bar")
        tn.set_defaults(func=tune)
    if only in (None, "check-cards"):
        ck = sub.add_parser("check-cards", help="check a Potion-Making card data file")
        ck.add_argument("file")
        ck.set_defaults(func=check_cards)
    if only in (None, "serve"):
        sv = sub.add_parser("serve", help="start the web table (needs the 'web' extra)")
        sv.add_argument("--host", default="127.0.0.1", help="address to listen on")
        sv.add_argument("--port", type=int, default=8000, help="port (0 picks a free one)")
        sv.add_argument(
            "--database-url",
            help=(
                "a PostgreSQL URL (postgresql://...); by default an SQLite file in the data folder"
            ),
        )
        sv.add_argument(
            "--data-dir", help="where the SQLite file lives (default ~/.local/share/athanor)"
        )
        sv.add_argument(
            "--demo",
            action="store_true",
            help="open a Potion Party table with you and two bots, and print its link",
        )
        sv.add_argument(
            "--bot-delay", type=float, default=0.6, help="seconds a bot waits before it moves"
        )
        lim = sv.add_argument_group(
            "limits", "what one client may spend (docs/web.md, 'Running it in public')"
        )
        from athanor.web.guard import Limits  # (the server's limits, for their defaults)

        d = Limits()
        for flag, kind, default, words in (
            (
                "--max-connections-per-address",
                int,
                d.connections_per_address,
                "open WebSockets from one address",
            ),
            (
                "--max-connections-per-table",
                int,
                d.connections_per_table,
                "open WebSockets to one table",
            ),
            ("--tables-per-hour", int, d.tables_per_hour, "tables one address may open in an hour"),
            ("--max-bot-tables", int, d.bot_tables, "tables of bots alone playing at once"),
            (
                "--failures-per-minute",
                int,
                d.failures_per_minute,
                "wrong invite codes or tokens from one address before it must wait",
            ),
            (
                "--idle-minutes",
                float,
                d.idle_seconds / 60,
                "a table nobody has looked at for this long stops its bots until someone comes",
            ),
            (
                "--request-seconds",
                float,
                d.body_seconds,
                "the longest a request's body may take to arrive",
            ),
        ):
            lim.add_argument(
                flag,
                type=kind,
                default=default,
                metavar="N" if kind is int else flag.rsplit("-", 1)[1].upper(),
                help=f"{words} (default {default:g})",
            )
        lim.add_argument(
            "--allow-origin",
            action="append",
            default=[],
            metavar="ORIGIN",
            help="a page origin allowed besides the server's own (https://games.example.org); "
            "may be given more than once",
        )
        lim.add_argument(
            "--trusted-proxy",
            action="append",
            default=[],
            metavar="ADDRESS",
            help="a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed "
            "(none by default); may be given more than once",
        )
        sv.set_defaults(func=serve)
    if only in (None, "ladder"):
        ld = sub.add_parser("ladder", help="rate the levels and bots: a round robin, Elo-like")
        ld.add_argument("game")
        ld.add_argument(
            "--bots",
            nargs="+",
            metavar="BOT",
            help="levels or bots (default: the levels but expert)",
        )
        ld.add_argument("--games", type=int, default=200, help="games per pair (or table)")
        ld.add_argument("--seed", type=int, default=0)
        ld.add_argument(
            "--jobs", type=_jobs, default="1", metavar="N|auto", help="worker processes"
        )
        ld.add_argument("--kingdom", help="Dominion: kingdom cards, a preset, or 'random'")
        ld.add_argument("--option", action="append", metavar="NAME=VALUE")
        ld.add_argument("--players", type=int, nargs="+", help="team games: table sizes")
        ld.add_argument("--missions", type=int, nargs="+", help="team games: missions")
        ld.add_argument("--json", metavar="FILE", help="also write the ladder as JSON")
        ld.add_argument(
            "--add-to",
            metavar="FILE",
            help="add to a ladder measured before (its JSON): play only the named bots' pairs it "
            "lacks, fit every result again, write it back (or to --json)",
        )
        ld.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
        ld.add_argument("--quiet", action="store_true", help="no progress bar")
        ld.set_defaults(func=ladder)
    if only in (None, "games"):
        gs = sub.add_parser("games", help="list the games")
        gs.set_defaults(func=list_games)
    return p


# The commands, as ``build_parser`` names them (a test checks the two agree).
COMMANDS = ("play", "replay", "review", "sim", "tune", "check-cards", "serve", "ladder", "games")


def command() -> int:
    """The ``athanor`` command itself (``python -m athanor`` too): ``main`` with a quick
    exit after a simulation on one process."""
    return main(quick_exit=True)


def main(argv: Sequence[str] | None = None, *, quick_exit: bool = False) -> int:
    """Entry point of the ``athanor`` command.

    Exit codes: 0 done, 1 input ended or output failed, 2 a usage or file error,
    130 interrupted, 141 output closed early (as by ``| head``). With ``quick_exit`` (the
    command, not a caller in Python) a simulation that ran on this one process and
    finished ends the process at once, skipping Python's teardown (see ``_exit_now``).
    """
    if sys.stdout is None:  # standard output closed: nothing can be said
        return 1
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # odd bytes in or out never crash a game
    words = sys.argv[1:] if argv is None else list(argv)
    first = words[0] if words else None
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    term = Terminal(sys.stdin, sys.stdout)
    try:
        rc: int = args.func(args, term)
        sys.stdout.flush()
        if quick_exit and rc == 0 and args.command == "sim":
            _exit_now()
        return rc
    except (ConfigError, SaveError, IllegalMove) as exc:
        _error(str(exc))
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        _error("interrupted; the game was not saved" if args.command == "play" else "interrupted")
        return 130
    except OSError as exc:  # writing to a full disk or a closed terminal
        _silence_stdout()
        _error(f"cannot write the output: {exc.strerror or exc}")
        return 1


def _exit_now() -> None:
    """End a finished simulation's process without Python's teardown: the collector's
    last passes over every object and the modules' clean-up were 8 ms of a 55 ms run (and
    nothing is left to write: the report is flushed, files are closed as they finish).
    Not when worker processes or Ray were used (their clean-up runs at exit), nor under a
    tracer or profiler (which report at exit)."""
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return
    if "ray" in sys.modules or "concurrent.futures.process" in sys.modules:
        return
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _error(text: str) -> None:
    """Say what went wrong on standard error, if it can be written at all."""
    try:
        if sys.stderr is not None:
            print(f"athanor: {text}", file=sys.stderr)
    except OSError:
        pass


def _silence_stdout() -> None:
    """Send what is left in standard output's buffer nowhere, so exiting stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
