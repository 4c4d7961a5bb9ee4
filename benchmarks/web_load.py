"""Load test of the web table on loopback: many clients, each seated at its own table with
bots, play moves as fast as the server answers.

Run (needs the web extra): python benchmarks/web_load.py [--clients N] [--seconds S]
[--processes 1|2] [--database-url URL] [--game GAME]

With --processes 2 the clients are spread over two server processes on one database
(PostgreSQL: give --database-url). It reports moves per second, the median and 99th
percentile of a move's round trip (sent to the client hearing its result), and each
server's resident memory per active table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from _args import positive  # benchmarks/_args.py (scripts run from this folder)


def start_server(url: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "athanor",
            "serve",
            "--port",
            "0",
            "--database-url",
            url,
            "--bot-delay",
            "0",
            # Every client comes from 127.0.0.1: lift the per-address limits for the load.
            "--max-connections-per-address",
            "100000",
            "--tables-per-hour",
            "1000000",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    found = re.search(r"serving at (http://\S+/)", proc.stdout.readline())
    assert found, "the server did not start"
    base = found.group(1)
    for _ in range(200):
        try:
            httpx.get(base + "api/games", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    return proc, base


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def client(
    base: str,
    game: str,
    bots: int,
    stop: float,
    lat: list[float],
    versions: list[int],
    refused: list[int],
) -> int:
    """Sit at a new table and play option 1 until time is up; a finished game starts anew.
    ``versions`` gets each table's last version seen: every move made there, bots' too."""
    moves = 0
    while time.perf_counter() < stop:
        # A new HTTP connection for each table: a kept-alive one may have timed out.
        async with httpx.AsyncClient(timeout=30) as http:
            reply = await http.post(
                base + "api/tables",
                json={
                    "game": game,
                    "you": 0,
                    "public": False,
                    "seats": [{"kind": "person"}] + [{"kind": "bot"}] * bots,
                },
            )
        made = reply.json()
        moves += await play_table(base, made, stop, lat, versions, refused)
    return moves


async def play_table(
    base: str,
    made: dict[str, Any],
    stop: float,
    lat: list[float],
    versions: list[int],
    refused: list[int],
) -> int:
    """Play one table until its game ends or time is up; return the moves the server
    accepted (a refused one, such as a stale move, is counted in ``refused`` instead)."""
    moves = 0
    uri = base.replace("http://", "ws://") + f"ws/{made['id']}"
    async with websockets.connect(uri) as ws:
        you = made["you"]
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": you["token"]}))
        msg: dict[str, Any] = {}
        while time.perf_counter() < stop:
            if not (msg.get("type") == "state" and (msg["decision"] or msg["over"])):
                msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
                continue
            if msg["over"]:
                break
            option = msg["decision"]["options"][0]["id"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "version": msg["version"], "option": option}))
            while True:  # the round trip: until our move's result comes back
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if reply["type"] == "error" or (
                    reply["type"] == "state" and reply["version"] > msg["version"]
                ):
                    break
            lat.append(time.perf_counter() - sent)
            if reply["type"] == "error":
                refused.append(1)
                msg = {}  # read on until the next question
                continue
            moves += 1
            msg = reply  # it may itself be the next question
        versions.append(int(msg.get("version", 0)))
    return moves


async def run(bases: list[str], clients: int, seconds: float, game: str, bots: int) -> None:
    lat: list[float] = []
    versions: list[int] = []
    refused: list[int] = []
    stop = time.perf_counter() + seconds
    start = time.perf_counter()
    counts = await asyncio.gather(
        *(
            client(bases[i % len(bases)], game, bots, stop, lat, versions, refused)
            for i in range(clients)
        )
    )
    took = time.perf_counter() - start
    total = sum(counts)
    every = sum(versions)
    lat.sort()
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else 0.0
    print(f"{clients} clients on {len(bases)} process(es), {game} with {bots} bots a table:")
    print(
        f"  {total:,} accepted client moves in {took:.1f} s: {total / took:,.0f} moves/s "
        f"({every / took:,.0f} moves/s with the bots' moves); {len(refused):,} refused"
    )
    print(
        f"  move round trip: median {statistics.median(lat) * 1000:.1f} ms, "
        f"99th percentile {p99 * 1000:.1f} ms"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=positive, default=50)
    p.add_argument("--seconds", type=positive, default=20)
    p.add_argument("--processes", type=int, choices=(1, 2), default=1)
    p.add_argument("--database-url", help="PostgreSQL for two processes (default: SQLite)")
    p.add_argument("--game", default="potion-party")
    p.add_argument("--bots", type=int, default=2, help="bots at each table")
    args = p.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/load.db"
    servers = [start_server(url) for _ in range(args.processes)]
    try:
        before = [rss_kib(proc.pid) for proc, _ in servers]
        asyncio.run(run([b for _, b in servers], args.clients, args.seconds, args.game, args.bots))
        # Every table still playing, from the database (the lobby lists public tables only,
        # at most 100 of them).
        from athanor.web.service import Service

        counter = Service(url)
        tables = len(counter.running())
        counter.close()
        after = [rss_kib(proc.pid) for proc, _ in servers]
        for (proc, _), b, a in zip(servers, before, after, strict=True):
            per = (a - b) / max(1, args.clients // args.processes)
            print(
                f"  server {proc.pid}: {b / 1024:.0f} MB at rest, {a / 1024:.0f} MB after; "
                f"about {per:.0f} KiB per active table ({tables} tables still running)"
            )
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
