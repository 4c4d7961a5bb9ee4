"""The ``athanor`` command: play in the terminal, replay, list games."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import athanor
from athanor import catalog
from athanor.engine import ConfigError, Decision, GameState, IllegalMove, SaveError
from athanor.replay import Replay


class Terminal:
    """Line-oriented input and output: plain lines, colour only on a real terminal."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.colour = out.isatty() and not os.environ.get("NO_COLOR")

    def line(self, text: str = "") -> None:
        """Print one line."""
        self.out.write(text + "\n")
        self.out.flush()

    def strong(self, text: str) -> str:
        """Bold on a colour terminal; the words carry the meaning either way."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def ask(self, prompt: str) -> str | None:
        """Read one line; None at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        text = self.inp.readline()
        if not text:
            self.line()
            return None
        return text.strip()


def _seat_bots(spec: athanor.GameSpec, players: int, bots: Sequence[str] | None) -> dict[int, str]:
    """Turn the --bots argument into seat -> bot name (bots take the last seats)."""
    if not bots:
        return {}
    if len(bots) == 1 and bots[0].isdigit():
        names = [spec.default_bot] * int(bots[0])
    else:
        names = list(bots)
    if len(names) > players:
        raise ConfigError(f"{len(names)} bots do not fit in a game of {players} players")
    first = players - len(names)
    return {first + i: name for i, name in enumerate(names)}


def play(args: argparse.Namespace, term: Terminal) -> int:
    """Run a game in the terminal until it ends or the player quits."""
    if getattr(args, "campaign", None):
        from athanor.cli.campaign import play_campaign

        return play_campaign(args, term)
    spec = catalog.spec(args.game)
    bots_arg: Sequence[str] | None = args.bots
    state: GameState
    if args.load:
        try:
            with open(args.load, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise SaveError(f"cannot read {args.load}: {exc.strerror}") from None
        state = athanor.load_game(text)
        if state.spec.name != spec.name:
            raise SaveError(f"{args.load} holds a game of {state.spec.name}, not {spec.name}")
        saved_bots = json.loads(text).get("client", {}).get("bots")
        players = state.players
        if bots_arg is None and saved_bots:
            seats = {int(k): str(v) for k, v in saved_bots.items()}
        else:
            seats = _seat_bots(spec, players, bots_arg)
        term.line(f"Loaded {spec.title} from {args.load}.")
    else:
        players = args.players or spec.min_players
        spec.check_players(players)
        seats = _seat_bots(spec, players, bots_arg)
        humans = [s for s in range(players) if s not in seats]
        given = list(args.name or [])
        names = []
        for s in range(players):
            if s in seats:
                names.append(f"{seats[s].replace('-', ' ').title()} Bot {s + 1}")
            elif given:
                names.append(given.pop(0))
            else:
                names.append("Player 1" if len(humans) == 1 else f"Player {s + 1}")
        options = _options(args)
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        state = athanor.new_game(spec.name, players, seed, options, names)
        term.line(f"{spec.title}, seed {seed}. Type help at any prompt for the commands.")
    agents = {
        s: catalog.bot(spec.name, name, state.seed + 7919 * (s + 1)) for s, name in seats.items()
    }
    humans = [s for s in range(state.players) if s not in agents]
    viewer = humans[0] if len(humans) == 1 else None
    return _loop(state, agents, viewer, term)


def _loop(state: GameState, agents: dict[int, Any], viewer: int | None, term: Terminal) -> int:
    seen = 0
    last: list[str] = []

    def flush() -> None:
        nonlocal seen, last
        if state.log is None:
            return
        new = state.events_for(viewer, seen)
        for text in new:
            term.line(text)
        if new:
            last = new
        seen = len(state.log)

    while True:
        flush()
        d = state.decision
        if d is None:
            res = state.result
            if res is not None:
                term.line(term.strong("Game over. ") + res.detail + ".")
                for seat, (score, place) in enumerate(zip(res.scores, res.placing, strict=True)):
                    term.line(f"{state.names[seat]}: place {place}, score {score:g}.")
            return 0
        if d.seat in agents:
            state.apply(agents[d.seat].choose(state, d))
            continue
        _show(d, term)
        while True:
            answer = term.ask("> ")
            if answer is None:
                term.line("Input ended before the game did; the game was not saved.")
                return 1
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            word = word.lower()
            if word.isdigit():
                n = int(word)
                if 1 <= n <= len(d.options):
                    state.apply(d.options[n - 1].id)
                    break
                term.line(f"There is no option {n}; choose 1 to {len(d.options)}.")
                continue
            if d.option(answer) is not None:
                state.apply(answer)
                break
            if word in ("quit", "exit"):
                term.line("Goodbye. The game was not saved." if not rest else "Goodbye.")
                return 0
            if word == "help":
                _help(state, term)
            elif word == "status":
                term.line(_status(state, viewer if viewer is not None else d.seat))
            elif word == "log":
                n = int(rest) if rest.strip().isdigit() else 10
                for text in state.events_for(viewer)[-n:]:
                    term.line(text)
            elif word == "repeat":
                term.line(last[-1] if last else "Nothing has happened yet.")
            elif word in ("options", "o"):
                _show(d, term)
            elif word == "save":
                _save(state, agents, rest.strip(), term)
            elif word in state.spec.commands:
                seat = viewer if viewer is not None else d.seat
                term.line(state.spec.commands[word][1](state.view(seat), seat))
            else:
                term.line(
                    f"I did not understand {answer!r}. Type a number from 1 to "
                    f"{len(d.options)}, or help."
                )


def _options(args: argparse.Namespace) -> dict[str, str]:
    """Game options from --option NAME=VALUE and the --kingdom shortcut."""
    options: dict[str, str] = {}
    for kv in args.option or []:
        name, sep, value = kv.partition("=")
        if not sep or not name:
            raise ConfigError(f"--option takes NAME=VALUE, not {kv!r}")
        options[name.strip()] = value.strip()
    if getattr(args, "kingdom", None):
        options["kingdom"] = args.kingdom
    if getattr(args, "mission", None) is not None:
        options["mission"] = str(args.mission)
    return options


def _show(d: Decision, term: Terminal) -> None:
    end = "" if d.prompt.endswith(("?", ":", ".")) or "?" in d.prompt else ":"
    term.line(term.strong(d.prompt + end))
    for i, o in enumerate(d.options, 1):
        term.line(f"  {i}. {o.label}")


def _status(state: GameState, seat: int | None) -> str:
    spec = state.spec
    if spec.status is None:
        return json.dumps(state.view(seat), indent=1)
    return spec.status(state.view(seat), seat)


def _help(state: GameState, term: Terminal) -> None:
    term.line("Type the number of an option to choose it. Other commands:")
    term.line(
        "  status: scores and the table.  log [N]: the last N events.  repeat: the last event."
    )
    term.line("  options: the options again.  save FILE: save the game.  quit: leave.")
    for name, (what, _) in state.spec.commands.items():
        term.line(f"  {name}: {what}")
    if state.spec.help:
        term.line(state.spec.help)
    if state.spec.help_now is not None:
        d = state.decision
        term.line(state.spec.help_now(state.view(d.seat if d else None)))


def _save(state: GameState, agents: dict[int, Any], path: str, term: Terminal) -> None:
    if not path:
        term.line("Say where to save: save FILE")
        return
    data = state.to_data()
    data["client"] = {"bots": {str(s): a.name for s, a in agents.items()}}
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
    except OSError as exc:
        term.line(f"Could not save to {path}: {exc.strerror}.")
        return
    term.line(f"Saved to {path}. Continue with: athanor play {state.spec.name} --load {path}")


def replay(args: argparse.Namespace, term: Terminal) -> int:
    """Narrate a saved game or replay file from the start."""
    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise SaveError(f"cannot read {args.file}: {exc.strerror}") from None
    rep = Replay.from_json(text)
    state = rep.play(log=True)
    for line in state.events_for(args.seat):
        term.line(line)
    res = state.result
    if res is not None:
        term.line(f"Game over. {res.detail}.")
    else:
        term.line(f"The game goes on: {state.names[state.decision.seat]} is to decide.")  # type: ignore[union-attr]
    return 0


def list_games(args: argparse.Namespace, term: Terminal) -> int:
    """Print the registered games and their options."""
    for spec in athanor.games():
        term.line(f"{spec.name}: {spec.title}, {spec.min_players}-{spec.max_players} players.")
        if spec.summary:
            term.line(f"  {spec.summary}")
        term.line(
            f"  Bots: {', '.join(['random', *sorted(spec.bots)])} (default {spec.default_bot})."
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
    bar: Any = None
    if sys.stderr.isatty() and not args.quiet:
        try:
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

            bar = tqdm(total=args.games, unit="game", file=sys.stderr)
        except ImportError:
            bar = None
    try:
        records = sim.run(
            spec.name,
            bots,
            args.games,
            args.seed,
            options,
            args.jobs,
            progress=bar.update if bar is not None else None,
        )
    finally:
        if bar is not None:
            bar.close()
    summary = sim.Summary.of(spec.name, bots, args.seed, records)
    for line in summary.lines():
        term.line(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary.to_json(), fh, indent=1)
        term.line(f"Wrote {args.json}.")
    return 0


def _sim_bots(spec: athanor.GameSpec, bots: list[str] | None, players: int | None) -> list[str]:
    """One bot per seat: as given, or the game's default bot in every seat (--players N)."""
    if not bots:
        return [spec.default_bot] * (players or spec.min_players)
    if players is not None and len(bots) != players:
        raise ConfigError(f"--players {players} does not match the {len(bots)} bots named")
    return list(bots)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = argparse.ArgumentParser(prog="athanor", description="Alchemy-themed tabletop games.")
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play", help="play a game in the terminal")
    pl.add_argument("game", help="game name, see: athanor games")
    pl.add_argument("--players", type=int, help="number of players")
    pl.add_argument(
        "--bots", nargs="+", metavar="BOT", help="bot names, or a number of default bots"
    )
    pl.add_argument("--seed", type=int, help="random seed (for a repeatable game)")
    pl.add_argument("--load", metavar="FILE", help="continue a saved game")
    pl.add_argument("--name", action="append", help="a human player's name (repeatable)")
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
    rp = sub.add_parser("replay", help="narrate a saved game or replay file")
    rp.add_argument("file")
    rp.add_argument("--seat", type=int, default=None, help="narrate as this seat sees it")
    rp.set_defaults(func=replay)
    sm = sub.add_parser("sim", help="simulate many bot games and report statistics")
    sm.add_argument("game")
    sm.add_argument(
        "--bots", nargs="+", metavar="BOT", help="one bot per seat (default: the game's bot)"
    )
    sm.add_argument("--players", type=int, help="seats, each the game's default bot")
    sm.add_argument("--mission", type=int, help="a game's mission (--option mission=M)")
    sm.add_argument("--games", type=int, default=1000)
    sm.add_argument("--seed", type=int, default=0)
    sm.add_argument("--jobs", type=int, default=1, help="worker processes")
    sm.add_argument("--kingdom", help="Dominion: kingdom cards, a preset, or 'random'")
    sm.add_argument("--option", action="append", metavar="NAME=VALUE")
    sm.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    sm.add_argument("--quiet", action="store_true", help="no progress bar")
    sm.set_defaults(func=simulate)
    gs = sub.add_parser("games", help="list the games")
    gs.set_defaults(func=list_games)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``athanor`` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    term = Terminal(sys.stdin, sys.stdout)
    try:
        rc: int = args.func(args, term)
        return rc
    except (ConfigError, SaveError, IllegalMove) as exc:
        print(f"athanor: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("\nInterrupted; the game was not saved.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
