"""A robustness campaign: many random games with every invariant checked after every
step, thousands of corrupted save files, and fuzzed terminal sessions.

Run: python benchmarks/hardening_campaign.py [--games N] [--files N] [--sessions N]

It prints what was tried and how each class of input was answered. Any crash (an
exception other than the documented ones), any invariant broken, any tampered file
that loads as something its own moves do not replay to, is counted and shown.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import time
import traceback
from collections import Counter
from typing import Any

import athanor
from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import Replay, SaveError, catalog
from athanor.cli.table import Table
from athanor.cli.terminal import Terminal
from athanor.engine import RandomAgent, Rng

GAMES = [spec.name for spec in athanor.games()]


def random_games(n: int) -> dict[str, Counter[str]]:
    """Half with random choices and default set-ups, half with the game's bots (and
    random seats) on varied set-ups; invariants checked after every step."""
    out: dict[str, Counter[str]] = {}
    for name in GAMES:
        spec = athanor.spec(name)
        bots = ["random", *sorted(spec.bots)]
        tally: Counter[str] = Counter()
        for seed in range(n):
            rng = Rng(seed)
            players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
            options = spec.sample_options(rng) if spec.sample_options and seed % 2 else {}
            try:
                state = athanor.new_game(name, players, seed, options, log=seed % 20 == 0)
                if seed % 2:
                    agents: list[Any] = [
                        catalog.bot(name, rng.choice(bots), seed + i) for i in range(players)
                    ]
                else:
                    agents = [RandomAgent(seed)] * players
                while not state.is_over:
                    d = state.decision
                    assert d is not None
                    state.apply(agents[d.seat].choose(state, d))
                    state.check_invariants()
                    tally["steps"] += 1
                tally["games"] += 1
            except AssertionError as exc:
                tally[f"INVARIANT BROKEN: {exc}"] += 1
            except Exception:
                tally[f"CRASH: {traceback.format_exc(limit=2)}"] += 1
        out[name] = tally
    return out


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data[:8]):
            out.extend(_paths(v, (*prefix, i)))
    return out


ODD_VALUES: list[Any] = [
    None,
    True,
    -1,
    0,
    2**70,
    1.5,
    "",
    "x" * 100_000,
    [],
    {},
    [[[[]]]],
    {"frame": "Nope"},
    "stop",
    "\x1b[2J",
]


def corrupt(text: str, how: str, rnd: random.Random) -> str | bytes:
    """One corrupted copy of a save file, by class."""
    raw = text.encode()
    if how == "byte flips":
        b = bytearray(raw)
        for _ in range(rnd.randint(1, 8)):
            b[rnd.randrange(len(b))] = rnd.randrange(32, 127)  # text that still decodes
        return bytes(b)
    if how == "truncated":
        return raw[: rnd.randrange(len(raw))]
    if how == "not UTF-8":
        return b"\xff\xfe" + raw[2:]
    if how == "deep nesting":
        return "[" * 200_000 + "]" * 200_000
    if how == "huge number":
        return text.replace('"seed":', '"seed":' + "9" * 5000 + "0*", 1).replace("0*", "", 1)
    if how == "oversized":
        return text + " " * (17 * 1024 * 1024)
    data = json.loads(text)
    path = rnd.choice(_paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if how == "value replaced":
        parent[path[-1]] = rnd.choice(ODD_VALUES)
    elif how == "field deleted":
        del parent[path[-1]]
    elif how == "choices removed":  # and the snapshot edited, as a cheat would
        data["choices"] = None
        snap = data["state"]["game"]
        key = next((k for k, v in sorted(snap.items()) if type(v) is int), None)
        if key is not None:
            snap[key] += 5  # a number in the snapshot changed, as a cheat would
    elif how == "snapshot edited":
        snap = data["state"]["game"]
        key = rnd.choice(sorted(snap))
        snap[key] = rnd.choice(ODD_VALUES)
    return json.dumps(data)


CLASSES = [
    "byte flips",
    "truncated",
    "not UTF-8",
    "deep nesting",
    "huge number",
    "oversized",
    "value replaced",
    "field deleted",
    "choices removed",
    "snapshot edited",
]


def corrupted_files(n: int) -> dict[str, Counter[str]]:
    """Corrupt real saves of every game by each class; classify what the loader says."""
    rnd = random.Random(2026)
    saves = []
    for name in GAMES:
        for seed in range(5):
            state = athanor.new_game(name, athanor.spec(name).min_players, seed)
            agent = RandomAgent(seed)
            for _ in range(40):
                if state.is_over:
                    break
                state.apply(agent.choose(state, state.decision))  # type: ignore[arg-type]
            saves.append(state.to_json())
    out: dict[str, Counter[str]] = {c: Counter() for c in CLASSES}
    per_class = max(1, n // len(CLASSES))
    for how in CLASSES:
        for i in range(per_class if how not in ("deep nesting", "oversized") else 3):
            text = corrupt(saves[i % len(saves)], how, rnd)
            try:
                state = athanor.load_game(text)
            except SaveError as exc:
                msg = str(exc)
                # The kind of refusal, without the numbers and quoted values in it.
                kind = re.sub(r"(?<![\w-])\d[\d,]*", "N", msg.split(":")[0].split("(")[0])
                kind = re.sub(r"\s['\"\[{].*", " ...", kind).strip()[:60]
                out[how][f"refused: {kind}"] += 1
                if len(msg) > 400:
                    out[how]["MESSAGE TOO LONG"] += 1
                continue
            except Exception:
                out[how][f"CRASH: {traceback.format_exc(limit=2)}"] += 1
                continue
            again = Replay.from_state(state).play(log=state.log is not None)
            if again.to_json() == state.to_json():
                out[how]["loaded (harmless change, verified against its moves)"] += 1
            else:
                out[how]["LOADED SOMETHING ITS MOVES DO NOT GIVE"] += 1
    return out


WORDS = [
    "1",
    "2",
    "3",
    "0",
    "99",
    "quit",
    "no",
    "yes",
    "help",
    "status",
    "log 5",
    "card",
    "card lich",
    "brief",
    "verbose",
    "save",
    "e",
    "t",
    "s",
    "g",
    "buy gold",
    "gold",
    "²",
    "①",
    "9" * 5000,
    "",
    " ",
    "\x00",
    "\x1b[2J",
    "stop",
    "options",
    "repeat",
]


def terminal_sessions(n: int) -> Counter[str]:
    """Sessions of random typed lines against a bot, in every game."""
    rnd = random.Random(7)
    tally: Counter[str] = Counter()
    for i in range(n):
        name = GAMES[i % len(GAMES)]
        spec = athanor.spec(name)
        names = ["Ana", "Flamel", "Maria"][: spec.min_players]
        state = athanor.new_game(name, len(names), i, names=names)
        agents = {s: catalog.bot(name, spec.default_bot, i + s) for s in range(1, len(names))}
        lines = []
        for _ in range(rnd.randint(5, 400)):
            if rnd.random() < 0.3:
                lines.append(
                    "".join(chr(rnd.randrange(1, 0x2FFF)) for _ in range(rnd.randint(0, 30)))
                )
            else:
                lines.append(rnd.choice(WORDS))
        text = "\n".join(line.replace("\n", " ") for line in lines) + "\n"
        try:
            rc = Table(state, agents, Terminal(io.StringIO(text), io.StringIO())).run()
            state.check_invariants()
            tally[f"ended with code {rc}" + (" (game over)" if state.is_over else "")] += 1
            tally["lines typed"] += len(lines)
        except Exception:
            tally[f"CRASH: {traceback.format_exc(limit=2)}"] += 1
    return tally


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=positive, default=5000, help="random games per game kind")
    p.add_argument("--files", type=positive, default=5000, help="corrupted save files")
    p.add_argument("--sessions", type=positive, default=2000, help="fuzzed terminal sessions")
    args = p.parse_args()
    t0 = time.perf_counter()
    for name, tally in random_games(args.games).items():
        print(f"{name}: {tally['games']:,} games, {tally['steps']:,} steps, invariants after each")
        for k, v in tally.items():
            if k.startswith(("INVARIANT", "CRASH")):
                print(f"  {v} x {k}")
    print(f"  ({time.perf_counter() - t0:.0f} s)")
    t0 = time.perf_counter()
    files = corrupted_files(args.files)
    total = sum(sum(c.values()) for c in files.values())
    print(f"Corrupted save files: {total:,}")
    for how, tally in files.items():
        print(f"  {how}: " + "; ".join(f"{v} {k}" for k, v in tally.most_common()))
    print(f"  ({time.perf_counter() - t0:.0f} s)")
    t0 = time.perf_counter()
    sessions = terminal_sessions(args.sessions)
    print(
        f"Terminal sessions: {args.sessions:,}; "
        + "; ".join(f"{k}: {v:,}" for k, v in sessions.most_common())
    )
    print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
