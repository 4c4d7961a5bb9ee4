"""Real server processes: killed mid-game and started again, and two processes sharing
one PostgreSQL database behind a (pretend) load balancer."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect


@contextmanager
def server(url: str, bot_delay: float = 0.0) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """An ``athanor serve`` process on a free port; yields its address and the process."""
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
            str(bot_delay),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"serving at (http://\S+/)", line)
        assert found, f"no address in {line!r}: {proc.stderr.read() if proc.stderr else ''}"
        base = found.group(1)
        for _ in range(100):  # wait until it answers
            try:
                httpx.get(base + "api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        yield base, proc
    finally:
        OPEN.close()  # our connections first, so that the server stops at once
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


# Every client connection, closed at the end of each test. Connections that do not read every
# message take an unbounded queue (max_queue=None): with the default of 16 the client stops
# reading the socket once it is full, and then cannot hear the server's close frame.
OPEN = ExitStack()


@pytest.fixture(autouse=True)
def _close_connections() -> Iterator[None]:
    yield
    OPEN.close()


def ws_url(base: str, table: str) -> str:
    return base.replace("http://", "ws://") + f"ws/{table}"


def recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if msg["type"] == kind:
            return msg


def seat_in(base: str, table: str, seat: int, token: str) -> ClientConnection:
    ws = OPEN.enter_context(connect(ws_url(base, table), max_queue=None))
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
    recv(ws, "welcome")
    return ws


def question(ws: ClientConnection, after: int = -1) -> dict[str, Any]:
    while True:
        msg = recv(ws, "state")
        if msg["version"] > after and (msg["decision"] or msg["over"]):
            return msg


def test_a_server_killed_mid_game_resumes_every_table_where_it_stood(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'athanor.db'}"
    with server(url) as (base, proc):
        made = httpx.post(
            base + "api/tables",
            json={
                "game": "dominion",
                "you": 0,
                "options": {"kingdom": "first-game"},
                "seats": [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}],
            },
        ).json()
        token = made["you"]["token"]
        ws = seat_in(base, made["id"], 0, token)
        q = question(ws)
        for _ in range(6):  # a few turns: the bots move in between
            ws.send(json.dumps({"type": "move", "version": q["version"], "option": "end"}))
            q = question(ws, q["version"])
        before = q
        proc.send_signal(signal.SIGKILL)  # no chance to tidy up
        proc.wait()
    with server(url) as (base, _):
        ws = seat_in(base, made["id"], 0, token)
        again = question(ws)
        assert again["version"] == before["version"]
        assert again["view"] == before["view"] and again["decision"] == before["decision"]
        assert again["log"] == before["log"][: len(again["log"])] or again["log_start"] == 0
        ws.send(json.dumps({"type": "move", "version": again["version"], "option": "end"}))
        after = question(ws, again["version"])  # the bots went on after the restart
        assert after["version"] > again["version"] + 1


def test_a_bot_table_goes_on_after_a_restart_once_someone_looks(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'athanor.db'}"
    with server(url, bot_delay=0.2) as (base, proc):
        made = httpx.post(
            base + "api/tables",
            json={
                "game": "potion-party",
                "seats": [{"kind": "bot"}, {"kind": "bot"}],
                "public": True,
            },
        ).json()
        time.sleep(1.0)
        v1 = httpx.get(base + f"api/tables/{made['id']}").json()["version"]
        assert v1 > 0
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with server(url) as (base, _):
        # Nobody looks at the table after the restart: its bots wait, spending nothing.
        # (A bot may have moved between reading v1 and the kill, so compare with the
        # version the restarted server first reports.)
        v2 = httpx.get(base + f"api/tables/{made['id']}").json()["version"]
        assert v2 >= v1
        time.sleep(1.0)
        assert httpx.get(base + f"api/tables/{made['id']}").json()["version"] == v2
        # A spectator comes: the game goes on where it stood.
        ws = OPEN.enter_context(connect(ws_url(base, made["id"]), max_queue=None))
        ws.send(json.dumps({"type": "hello", "seat": None}))
        recv(ws, "welcome")
        for _ in range(100):
            info = httpx.get(base + f"api/tables/{made['id']}").json()
            if info["status"] == "over":
                break
            time.sleep(0.1)
        assert info["status"] == "over" and info["version"] > v2


def test_two_processes_share_a_table_and_never_both_take_one_version(pg_url: str) -> None:
    with server(pg_url) as (base1, _), server(pg_url) as (base2, _):
        made = httpx.post(
            base1 + "api/tables",
            json={
                "game": "potion-party",
                "you": 0,
                "public": False,
                "seats": [{"kind": "person"}, {"kind": "person"}],
            },
        ).json()
        t = made["id"]
        token1 = httpx.post(
            base2 + f"api/tables/{t}/claim", json={"seat": 1, "code": made["invites"]["1"]}
        ).json()["token"]
        tokens = [made["you"]["token"], token1]
        a = seat_in(base1, t, 0, tokens[0])  # seat 0 through process 1
        b = seat_in(base2, t, 1, tokens[1])  # seat 1 through process 2
        first = httpx.get(base1 + f"api/tables/{t}").json()
        assert first["version"] == 0
        # Whoever is Player One moves; the other, on the other process, hears of it.
        qa, qb = recv(a, "state"), recv(b, "state")
        mover, hearer = (a, b) if qa["your_turn"] else (b, a)
        q = qa if qa["your_turn"] else qb
        mover.send(
            json.dumps({"type": "move", "version": 0, "option": q["decision"]["options"][0]["id"]})
        )
        heard = recv(hearer, "state")
        while heard["version"] < 1:
            heard = recv(hearer, "state")
        assert heard["version"] == 1  # a move made through one process reached the other
        # The same seat connected to both processes sends a move for the same version at
        # the same moment: exactly one is accepted.
        seat = 0 if mover is b else 1  # the seat whose turn it is now
        c1 = seat_in(base1, t, seat, tokens[seat])
        c2 = seat_in(base2, t, seat, tokens[seat])
        q1 = question(c1)
        question(c2)
        option = q1["decision"]["options"][0]["id"]
        barrier = threading.Barrier(2)
        replies: list[str] = []

        def race(ws: ClientConnection) -> None:
            barrier.wait()
            ws.send(json.dumps({"type": "move", "version": q1["version"], "option": option}))
            refused = "accepted"
            try:
                while True:  # listen a while: the loser is told its move was stale
                    msg = json.loads(ws.recv(timeout=3))
                    if msg["type"] == "error":
                        refused = msg["code"]
            except TimeoutError:
                pass
            replies.append(refused)

        threads = [threading.Thread(target=race, args=(ws,)) for ws in (c1, c2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(30)
        info = httpx.get(base1 + f"api/tables/{t}").json()
        assert info["version"] == q1["version"] + 1  # one move stored, not two
        assert sorted(replies) == ["accepted", "stale"]


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_serve_refuses_a_bad_database_url() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "athanor", "serve", "--database-url", "mysql://x", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "postgresql://" in out.stderr


def test_serve_refuses_a_port_out_of_range() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "athanor", "serve", "--port", "99999"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "--port must be from 0 to 65535" in out.stderr
    assert "Traceback" not in out.stderr
