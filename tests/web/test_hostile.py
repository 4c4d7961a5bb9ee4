"""A hostile client against a real ``athanor serve`` process on loopback: malformed and
deeply nested messages, huge numbers, wrong types, oversized and endless bodies, slow
clients, floods of connections, tables and guesses, foreign origins and forged forwarding
headers. Each is refused with a clear reply, the server's memory stays bounded, other
tables go on, and nothing is written."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

SMALL = [
    "--max-connections-per-address",
    "5",
    "--max-connections-per-table",
    "3",
    "--tables-per-hour",
    "6",
    "--max-bot-tables",
    "2",
    "--failures-per-minute",
    "3",
    "--request-seconds",
    "1.5",
    "--allow-origin",
    "https://friend.example",
]


# Every client connection, closed at the end of each test. Connections that do not read every
# message take an unbounded queue (max_queue=None): with the default of 16 the client stops
# reading the socket once it is full, and then cannot hear the server's close frame.
OPEN = ExitStack()


@contextmanager
def server(tmp: Path, *extra: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """An ``athanor serve`` process with small limits; yields its address and process."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "athanor",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(tmp),
            "--bot-delay",
            "0",
            *SMALL,
            *extra,
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
        for _ in range(100):
            try:
                httpx.get(base + "api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        yield base, proc
    finally:
        OPEN.close()  # our connections first, so that the server stops at once
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(autouse=True)
def _close() -> Iterator[None]:
    yield
    OPEN.close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    with server(tmp_path) as got:
        yield got


def rss(proc: subprocess.Popen[str]) -> int:
    """The server's resident memory, in KiB."""
    for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def ws_url(base: str, table: str) -> str:
    return base.replace("http://", "ws://") + f"ws/{table}"


def table(base: str, **extra: Any) -> dict[str, Any]:
    seats = extra.pop("seats", [{"kind": "person"}, {"kind": "bot"}])
    r = httpx.post(
        base + "api/tables", json={"game": "potion-party", "seats": seats, "you": 0, **extra}
    )
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def seated(base: str, made: dict[str, Any], **kw: Any) -> ClientConnection:
    ws = OPEN.enter_context(connect(ws_url(base, made["id"]), max_queue=None, **kw))
    ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["you"]["token"]}))
    recv(ws, "welcome")
    return ws


def recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == kind:
            return msg


def alive(ws: ClientConnection) -> None:
    ws.send(json.dumps({"type": "ping"}))
    recv(ws, "pong")


def version(base: str, made: dict[str, Any]) -> int:
    v: int = httpx.get(base + f"api/tables/{made['id']}").json()["version"]
    return v


# -- messages -------------------------------------------------------------------------------

BAD_MESSAGES = [
    "[" * 2000 + "]" * 2000,  # 4,000 bytes of nesting: too deep for the parser
    '{"a":' * 1300 + "1" + "}" * 1300,
    "1" * 4000,  # a number too long to read
    '{"type": "move", "version": ' + "9" * 3000 + ', "option": "stop"}',
    '{"type": "move", "version": 1e400, "option": "stop"}',
    '{"type": "move", "version": -1, "option": "stop"}',
    '{"type": "move", "version": true, "option": "stop"}',
    '{"type": "move", "version": 0, "option": ["stop"]}',
    '{"type": "move", "version": 0, "option": null}',
    '{"type": "move", "version": 0, "option": "' + "x" * 300 + '"}',
    '{"type": "move", "version": 0, "option": "\\ud800"}',
    '{"type": "hello", "seat": "0", "token": 5}',
    '{"type": "hello", "seat": 99999999999999999999, "token": "x"}',
    '{"type": "undo", "version": "1"}',
    '{"type": ["move"]}',
    '{"type": null}',
    "null",
    "[]",
    '"move"',
    "{not json",
    "\u0000\u0001",
]


def test_every_malformed_message_gets_an_error_and_the_connection_stays(live: Any) -> None:
    base, proc = live
    made = table(base)
    ws = seated(base, made)
    recv(ws, "state")
    before = version(base, made)
    for text in BAD_MESSAGES:
        ws.send(text)
        err = recv(ws, "error")
        assert err["message"], text[:40]
        alive(ws)
    ws.send(b"\x00binary")  # not text
    assert recv(ws, "error")["code"] == "malformed"
    alive(ws)
    assert version(base, made) == before  # nothing was written
    assert proc.poll() is None


def test_a_frame_over_16_kib_closes_the_connection_with_1009(live: Any) -> None:
    base, _ = live
    made = table(base)
    ws = seated(base, made)
    ws.send("x" * 17000)
    with pytest.raises(ConnectionClosed) as closed:
        recv(ws, "state")
        recv(ws, "never")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    alive(seated(base, made))  # the table is still served


def test_messages_of_4_kib_are_refused_but_answered(live: Any) -> None:
    base, _ = live
    ws = seated(base, table(base))
    ws.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
    assert recv(ws, "error")["code"] == "too_big"
    alive(ws)


# -- bodies ----------------------------------------------------------------------------------


def raw_request(base: str, head: str, body: bytes = b"", wait: float = 5.0) -> tuple[str, bool]:
    """Send raw HTTP; return the reply's status line and whether the server closed first."""
    host, port = re.match(r"http://([^:/]+):(\d+)/", base).groups()  # type: ignore[union-attr]
    with socket.create_connection((host, int(port)), timeout=wait) as s:
        s.sendall(head.encode() + body)
        data = s.recv(4096).decode("latin-1")
    return data.split("\r\n", 1)[0], True


def test_a_huge_body_is_refused_by_its_length_before_it_is_read(live: Any) -> None:
    base, proc = live
    before = rss(proc)
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {64 * 1024 * 1024}\r\n\r\n"
    )
    status, _ = raw_request(base, head)  # no body sent at all: the answer comes anyway
    assert " 413 " in status
    assert rss(proc) - before < 8 * 1024


def test_an_endless_streamed_body_is_cut_off_at_the_limit(live: Any) -> None:
    base, proc = live
    before = rss(proc)
    host, port = re.match(r"http://([^:/]+):(\d+)/", base).groups()  # type: ignore[union-attr]
    chunk = b"x" * 65536
    sent = 0
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        reply = b""
        try:
            for _ in range(1024):  # up to 64 MiB, unless the server stops listening first
                s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
                s.setblocking(False)
                with suppress(BlockingIOError):
                    reply += s.recv(4096)
                s.setblocking(True)
                if reply:
                    break
        except OSError:
            pass  # the server closed the connection
        if not reply:
            s.settimeout(5)
            reply = s.recv(4096)
    assert b" 413 " in reply.split(b"\r\n", 1)[0]
    assert sent < 8 * 1024 * 1024, f"the server read {sent} bytes"
    assert rss(proc) - before < 8 * 1024


def test_a_body_that_never_finishes_is_given_up(live: Any) -> None:
    base, _ = live
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n"
    )
    started = time.monotonic()
    status, _ = raw_request(base, head, b'{"game": "potion', wait=10)
    assert " 408 " in status and time.monotonic() - started < 5


def test_a_slow_client_that_never_finishes_its_headers_holds_up_nobody(live: Any) -> None:
    base, _ = live
    host, port = re.match(r"http://([^:/]+):(\d+)/", base).groups()  # type: ignore[union-attr]
    slow = [socket.create_connection((host, int(port))) for _ in range(20)]
    for s in slow:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    try:
        started = time.monotonic()
        for _ in range(5):
            assert httpx.get(base + "api/games", timeout=5).status_code == 200
        assert time.monotonic() - started < 3
        made = table(base)
        alive(seated(base, made))
    finally:
        for s in slow:
            s.close()


def test_only_json_bodies_from_the_server_s_own_pages_are_taken(live: Any) -> None:
    base, _ = live
    body = json.dumps({"game": "potion-party", "seats": [{"kind": "person"}, {"kind": "bot"}]})
    listed = len(httpx.get(base + "api/tables").json())
    r = httpx.post(base + "api/tables", content=body, headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "JSON" in r.json()["message"]
    r = httpx.post(base + "api/tables", content=body)  # no content type at all
    assert r.status_code == 415
    r = httpx.post(
        base + "api/tables",
        content=body,
        headers={"Content-Type": "application/json", "Origin": "https://evil.example"},
    )
    assert r.status_code == 403 and "own pages" in r.json()["message"]
    assert len(httpx.get(base + "api/tables").json()) == listed  # nothing was created
    own = base.rstrip("/")
    for origin in (own, "https://friend.example"):
        r = httpx.post(
            base + "api/tables",
            content=body,
            headers={"Content-Type": "application/json; charset=utf-8", "Origin": origin},
        )
        assert r.status_code == 201, r.text


# -- origins, floods and guesses -----------------------------------------------------------------


def test_a_websocket_from_a_foreign_origin_is_closed_even_with_a_valid_token(live: Any) -> None:
    base, _ = live
    made = table(base)
    ws = OPEN.enter_context(
        connect(ws_url(base, made["id"]), additional_headers={"Origin": "https://evil.example"})
    )
    with pytest.raises(ConnectionClosed) as closed:
        ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["you"]["token"]}))
        recv(ws, "welcome")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert "own pages" in closed.value.rcvd.reason
    ok = seated(base, made, additional_headers={"Origin": base.rstrip("/")})
    alive(ok)
    alive(seated(base, made, additional_headers={"Origin": "https://friend.example"}))


def refused_socket(base: str, table_id: str) -> Any:
    ws = OPEN.enter_context(connect(ws_url(base, table_id), max_queue=None))
    with pytest.raises(ConnectionClosed) as closed:
        ws.send(json.dumps({"type": "ping"}))
        recv(ws, "pong")
    return closed.value.rcvd


def test_connections_are_limited_per_table_and_per_address(live: Any) -> None:
    base, proc = live
    a, b = table(base), table(base)
    for _ in range(3):
        alive(seated(base, a))
    closed = refused_socket(base, a["id"])
    assert closed.code == 1013 and "this table" in closed.reason
    for _ in range(2):
        alive(seated(base, b))
    closed = refused_socket(base, b["id"])
    assert closed.code == 1013 and "your address" in closed.reason
    # A flood of 300 attempts costs nothing lasting.
    before = rss(proc)
    for _ in range(300):
        try:
            with connect(ws_url(base, b["id"])) as ws:
                ws.send("{}")
                ws.recv(timeout=5)
        except ConnectionClosed:
            pass
    assert rss(proc) - before < 16 * 1024
    OPEN.close()  # once the connections close, the address may connect again
    time.sleep(0.3)
    alive(seated(base, b))


def test_table_creation_is_limited_per_address_and_bot_tables_in_all(tmp_path: Path) -> None:
    # Bots that take their time, so that the bot tables are still playing when counted.
    with server(tmp_path, "--bot-delay", "5") as (base, _):
        tables_are_limited(base)


def tables_are_limited(base: str) -> None:
    bots = [{"kind": "bot"}, {"kind": "bot"}]
    for _ in range(2):
        table(base, seats=bots, you=None)
    r = httpx.post(base + "api/tables", json={"game": "potion-party", "seats": bots})
    assert r.status_code == 429 and "bots alone" in r.json()["message"]
    for _ in range(4):
        table(base)
    r = httpx.post(
        base + "api/tables",
        json={"game": "potion-party", "seats": [{"kind": "person"}, {"kind": "bot"}]},
    )
    assert r.status_code == 429 and "in the last hour" in r.json()["message"]
    assert int(r.headers["Retry-After"]) > 60


def test_wrong_codes_and_tokens_are_throttled(live: Any) -> None:
    base, _ = live
    made = table(base, seats=[{"kind": "person"}, {"kind": "person"}], public=False)
    claim = base + f"api/tables/{made['id']}/claim"
    for i in range(3):
        r = httpx.post(claim, json={"seat": 1, "code": f"guess{i}"})
        assert r.status_code == 403
    r = httpx.post(claim, json={"seat": 1, "code": made["invites"]["1"]})
    assert r.status_code == 429 and "wait" in r.json()["message"]  # even the right one, for now
    ws = OPEN.enter_context(connect(ws_url(base, made["id"]), max_queue=None))
    ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["you"]["token"]}))
    assert recv(ws, "error")["code"] == "too_many"
    alive(ws)


def test_private_tables_are_not_listed(live: Any) -> None:
    base, _ = live
    public, private = table(base), table(base, public=False)
    listed = [t["id"] for t in httpx.get(base + "api/tables").json()]
    assert public["id"] in listed and private["id"] not in listed


def test_other_tables_go_on_while_one_client_attacks(live: Any) -> None:
    base, _ = live
    good = table(base, seats=[{"kind": "person"}, {"kind": "bot"}])
    ws = seated(base, good)
    msg = recv(ws, "state")
    while not msg["decision"]:
        msg = recv(ws, "state")
    bad = table(base)
    attacker = seated(base, bad)
    for text in BAD_MESSAGES * 3:
        attacker.send(text)
    option = msg["decision"]["options"][0]["id"]
    ws.send(json.dumps({"type": "move", "version": msg["version"], "option": option}))
    after = recv(ws, "state")
    while after["version"] == msg["version"]:  # a copy of the question, sent twice
        after = recv(ws, "state")
    assert after["version"] == msg["version"] + 1  # the move went through


# -- behind a proxy ---------------------------------------------------------------------------


def test_forwarded_addresses_count_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    forged = {"X-Forwarded-For": "203.0.113.9"}
    with server(tmp_path / "a") as (base, _):
        made = table(base)
        for _ in range(3):  # three "different" clients: one address in truth
            alive(seated(base, made, additional_headers=forged))
        closed = refused_socket(base, made["id"])
        assert closed.code == 1013
    with server(tmp_path / "b", "--trusted-proxy", "127.0.0.1") as (base, _):
        tables = [table(base) for _ in range(3)]
        x = {"X-Forwarded-For": "198.51.100.7"}
        for t in (tables[0], tables[0], tables[0], tables[1], tables[1]):
            alive(seated(base, t, additional_headers=x))
        ws = OPEN.enter_context(connect(ws_url(base, tables[2]["id"]), additional_headers=x))
        with pytest.raises(ConnectionClosed) as closed:
            alive(ws)
        assert closed.value.rcvd is not None and "your address" in closed.value.rcvd.reason
        # Another client behind the same proxy has a count of its own.
        alive(seated(base, tables[2], additional_headers={"X-Forwarded-For": "203.0.113.1"}))
