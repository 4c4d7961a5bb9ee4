"""The web table: a Starlette app with a JSON API, WebSocket play and the browser pages.

Every message to a client is built from ``view(seat)``, the question in front of that
seat (only if it is theirs) and ``events_for(seat)``: never from the raw state. Moves
arrive over the WebSocket and go through ``Service.move``; only after the commit are
the table's connections told, in this process directly and in others through
PostgreSQL's LISTEN/NOTIFY.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

import athanor
from athanor.engine import ConfigError
from athanor.engine.core import excerpt
from athanor.web.guard import Guard, Limits, Refused
from athanor.web.service import Cached, Service, TableError

log = logging.getLogger("athanor.web")
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # bytes in one WebSocket message from a client
MAX_BODY = 16384  # bytes in one HTTP request body
REVIEWS_KEPT = 256  # the coach's reviews kept in memory per process (the oldest forgotten)
REVIEW_RETRY = 10  # seconds a client is asked to wait while another review is computed
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@dataclass(eq=False)
class Client:
    """One WebSocket connection to a table, as a seat or a spectator (``seat`` None)."""

    ws: WebSocket
    table: str
    seat: int | None = None
    sent: int = 0  # log events already sent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def message_for(cached: Cached, seat: int | None, since: int) -> dict[str, Any]:
    """What one seat is told of a table: its view, its question if it has one, and the
    log lines it has not had yet. Nothing else about the state is read."""
    state = cached.state
    d = state.decision
    log_len = len(state.log or [])
    reset = since > log_len  # an undo shortened the log: send it whole again
    start = 0 if reset else since
    out: dict[str, Any] = {
        "type": "state",
        "version": cached.version,
        "view": state.view(seat),
        "decision": d.to_json() if d is not None and seat is not None and d.seat == seat else None,
        "waiting_for": None if d is None else state.names[d.seat],
        "your_turn": d is not None and seat is not None and d.seat == seat,
        "log": state.events_for(seat, start),
        # Each line's kind ("turn", "play", ...): a client groups lines into turns with it.
        "log_kinds": [e.kind for e in (state.log or [])[start:]],
        "log_start": start,
        "log_reset": reset,
        "can_undo": seat is not None and cached.last_mover == seat and not state.is_over,
        "over": state.is_over,
    }
    if state.is_over:
        res = state.result
        out["result"] = None if res is None else {**res.to_json(), "lines": state.standings(seat)}
    return out


class Hub:
    """The connections of this process, by table, and what tells them of changes."""

    def __init__(self, service: Service, bot_delay: float, idle: float = 600.0) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.idle = idle  # seconds unwatched after which a table's bots stop
        self.last_seen: dict[str, float] = {}
        self.clients: dict[str, set[Client]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.pending: set[asyncio.Future[None]] = set()
        self.bots_wanted: set[str] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()

    def add(self, client: Client) -> None:
        self.clients.setdefault(client.table, set()).add(client)

    def watched(self, table_id: str) -> bool:
        """Someone is connected to the table here, or was lately: its bots may spend CPU."""
        if self.clients.get(table_id):
            return True
        seen = self.last_seen.get(table_id)
        return seen is not None and time.monotonic() - seen < self.idle

    def seen(self, table_id: str) -> None:
        self.last_seen[table_id] = time.monotonic()
        if len(self.last_seen) > 10_000:  # forget tables unseen for long
            cut = time.monotonic() - self.idle
            for k in [k for k, t in self.last_seen.items() if t < cut]:
                del self.last_seen[k]

    def remove(self, client: Client) -> None:
        group = self.clients.get(client.table)
        if group is not None:
            group.discard(client)
            if not group:
                del self.clients[client.table]

    async def send(self, client: Client, message: dict[str, Any]) -> None:
        """Send one message; a connection that has gone is dropped quietly."""
        if client.ws.client_state != WebSocketState.CONNECTED:
            return
        try:
            await client.ws.send_text(json.dumps(message))
        except (RuntimeError, WebSocketDisconnect, OSError):
            self.remove(client)

    async def tell(self, client: Client, cached: Cached | None = None) -> None:
        """Bring one client up to date."""
        async with client.lock:
            await self._tell(client, cached)

    async def _tell(self, client: Client, cached: Cached | None = None) -> None:
        if cached is None:
            cached = await to_thread.run_sync(self.service.state, client.table)
        msg = message_for(cached, client.seat, client.sent)
        client.sent = msg["log_start"] + len(msg["log"])
        await self.send(client, msg)

    async def greet(self, client: Client, seat: int | None, seen: int) -> None:
        """Seat a client (or make it a spectator) and send it everything from the start,
        with no other message in between."""
        info = await to_thread.run_sync(self.service.info, client.table)
        self.seen(client.table)
        async with client.lock:
            client.seat = seat
            client.sent = 0
            welcome = {
                "type": "welcome",
                "table": info,
                "seat": seat,
                "missed_from": seen,
                "game": _table_game_json(info["game"]),
            }
            await self.send(client, welcome)
            await self._tell(client)

    async def publish(self, table_id: str, ours: bool = False) -> None:
        """Tell every connection of a table where it stands now (``ours``: after a move
        this process wrote, whose state it already holds)."""
        group = list(self.clients.get(table_id, ()))
        if not group:
            return
        read = self.service.latest if ours else self.service.state
        cached = await to_thread.run_sync(read, table_id)
        await asyncio.gather(*(self.tell(c, cached) for c in group))

    def wake_bots(self, table_id: str) -> None:
        """Let the table's bots move, if it is a bot's turn (one runner per table). A
        runner already going looks again before it stops, so no wake-up is lost."""
        self.bots_wanted.add(table_id)
        task = self.bot_tasks.get(table_id)
        if task is None or task.done():
            self.bot_tasks[table_id] = asyncio.create_task(self._run_bots(table_id))

    async def _run_bots(self, table_id: str) -> None:
        while True:
            self.bots_wanted.discard(table_id)
            if not self.watched(table_id):
                return  # nobody is looking: the bots wait until someone comes (greet wakes them)
            try:
                choice = await to_thread.run_sync(self.service.bot_choice, table_id)
            except TableError:
                return
            if choice is None:
                if table_id in self.bots_wanted:
                    continue  # a move came in while we looked: look again
                return
            version, seat, option = choice
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                await to_thread.run_sync(self.service.move, table_id, seat, version, option)
            except TableError as exc:
                if exc.code == "stale":
                    continue  # another process moved first; look again
                log.warning("bot move refused at table %s: %s", table_id, exc.message)
                return
            await self.publish(table_id, ours=True)

    # -- other processes (PostgreSQL LISTEN/NOTIFY) ---------------------------------

    def start_listening(self) -> None:
        """Hear of moves made through other server processes on the same database."""
        if not self.service.is_postgres:
            return
        self.loop = asyncio.get_running_loop()
        threading.Thread(target=self._listen, name="athanor-listen", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def _listen(self) -> None:
        import psycopg

        url = self.service.engine.url.set(drivername="postgresql").render_as_string(False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute("LISTEN athanor")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _, version = note.payload.partition(":")
                            if self.loop is not None and version.isdecimal():
                                self.loop.call_soon_threadsafe(self._heard, table_id, int(version))
            except Exception as exc:  # the database went away: try again shortly
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                self._stop.wait(1.0)

    def _heard(self, table_id: str, version: int) -> None:
        """A move was stored (by any process): tell this process's connections of it."""
        if table_id not in self.clients:
            return  # nobody here is watching; the process that moved runs the bots
        if self.service.cached_version(table_id) >= version:
            return  # our own move, already told
        task = asyncio.ensure_future(self.publish(table_id))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)
        self.wake_bots(table_id)


class Reviews:
    """The coach's reviews of finished games, for one process. A review takes a core for
    seconds to minutes, so at most one is computed at a time; each is kept by (table,
    seat), as a finished game never changes. A request for the review being computed
    waits for it; a request for another is told to come back (``busy``)."""

    def __init__(self, service: Service, playouts: int) -> None:
        self.service = service
        self.playouts = playouts
        self.done: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.running: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self.computed = 0  # reviews this process has computed

    def kept(self, key: tuple[str, int]) -> dict[str, Any] | None:
        out = self.done.get(key)
        if out is not None:
            self.done.move_to_end(key)
        return out

    def start(self, key: tuple[str, int]) -> asyncio.Future[dict[str, Any]]:
        """Compute a review in a worker thread; it goes on (and is kept) even if the
        request that asked for it goes away."""
        table_id, seat = key
        fut = asyncio.ensure_future(
            to_thread.run_sync(self.service.review, table_id, seat, self.playouts)
        )
        self.running[key] = fut
        self.computed += 1

        def finished(f: asyncio.Future[dict[str, Any]]) -> None:
            self.running.pop(key, None)
            if f.cancelled() or f.exception() is not None:
                return  # each request waiting on it is told; nothing is kept
            self.done[key] = f.result()
            while len(self.done) > REVIEWS_KEPT:
                self.done.popitem(last=False)

        fut.add_done_callback(finished)
        return fut


def create_app(service: Service, bot_delay: float = 0.6, limits: Limits | None = None) -> Starlette:
    """The web app over a service; ``bot_delay`` is how long bots think, in seconds, and
    ``limits`` what one client may spend (``guard.Limits``; its defaults if None)."""
    limits = limits if limits is not None else Limits()
    guard = Guard(limits)
    hub = Hub(service, bot_delay, limits.idle_seconds)
    reviews = Reviews(service, limits.review_playouts)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start_listening()
        for table_id in await to_thread.run_sync(service.running):
            hub.wake_bots(table_id)  # resume every table where it stood
        yield
        hub.stop()
        for task in hub.bot_tasks.values():
            task.cancel()

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def games(request: Request) -> Response:
        return JSONResponse([_game_json(g) for g in athanor.games()])

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(await to_thread.run_sync(service.list_tables))
        body = await _body(request, guard)
        address = _address(request)
        guard.check_create(address)
        seats = body.get("seats")
        options = body.get("options", {})
        if not isinstance(seats, list) or not isinstance(options, dict):
            raise TableError("bad_request", "give 'seats' as a list and 'options' as an object")
        mine = body.get("you")
        if mine is not None and type(mine) is not int:
            raise TableError("bad_request", "'you' is a seat number")
        game = body.get("game")
        if not isinstance(game, str):
            raise TableError("bad_request", "say which 'game'")
        for s in seats:
            if not isinstance(s, dict):
                raise TableError("bad_request", "each seat is an object")
        if seats and all(s.get("kind") == "bot" for s in seats):
            running = await to_thread.run_sync(service.count_bot_tables)
            if running >= limits.bot_tables:
                raise Refused(
                    f"{running} tables of bots alone are playing, the most this server runs; "
                    "sit at one of them or try later"
                )
        made = await to_thread.run_sync(
            lambda: service.create(game, options, seats, bool(body.get("public", True)), mine)
        )
        guard.created(address)
        hub.seen(made["id"])
        hub.wake_bots(made["id"])
        return JSONResponse(made, status_code=201)

    async def game_cards(request: Request) -> Response:
        name = request.path_params["game"]
        if name not in {g.name for g in athanor.games()}:
            raise TableError("not_found", "there is no such game")
        spec = athanor.spec(name)
        return JSONResponse(
            {
                "texts": dict(spec.cards()) if spec.cards else {},
                "facts": dict(spec.card_facts()) if spec.card_facts else {},
            },
            headers={"Cache-Control": "public, max-age=3600"},
        )

    async def table_info(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        return JSONResponse(await to_thread.run_sync(service.info, table_id))

    async def claim(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        body = await _body(request, guard)
        address = _address(request)
        guard.check_failures(address)
        seat, code, previous = body.get("seat"), body.get("code"), body.get("previous")
        if (
            not _seat_number(seat)
            or (code is not None and (not isinstance(code, str) or len(code) > 200))
            or (previous is not None and (not isinstance(previous, str) or len(previous) > 200))
        ):
            raise TableError("bad_request", "give the 'seat' number and its invite 'code'")
        try:
            token = await to_thread.run_sync(service.claim, table_id, seat, code, previous)
        except TableError as exc:
            if exc.code in ("bad_token", "not_found"):
                guard.failed(address)
            raise
        await hub.publish(table_id)
        return JSONResponse({"seat": seat, "token": token})

    async def again(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        body = await _body(request, guard)
        address = _address(request)
        guard.check_failures(address)
        seat, token = body.get("seat"), body.get("token")
        if not _seat_number(seat) or not isinstance(token, str) or len(token) > 200:
            raise TableError("bad_request", "give your 'seat' number and its 'token'")
        guard.check_create(address)
        try:
            made = await to_thread.run_sync(service.again, table_id, seat, token)
        except TableError as exc:
            if exc.code in ("bad_token", "not_found"):
                guard.failed(address)
            raise
        guard.created(address)
        hub.seen(made["id"])
        hub.wake_bots(made["id"])
        for c in list(hub.clients.get(table_id, ())):
            await hub.send(c, {"type": "next", "table": made["id"]})
        return JSONResponse(made, status_code=201)

    async def replay(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        raw_step = request.query_params.get("step", "0")
        raw_seat = request.query_params.get("seat", "")
        if not raw_step.isdecimal() or len(raw_step) > 9:
            raise TableError("bad_request", "'step' is a number of choices from the start")
        open_ = raw_seat == "open"
        if (
            not open_
            and raw_seat not in ("", "spectator")
            and (not raw_seat.isdecimal() or len(raw_seat) > 3)
        ):
            raise TableError("bad_request", "'seat' is a seat number, 'open' or 'spectator'")
        seat = int(raw_seat) if raw_seat.isdecimal() else None
        data = await to_thread.run_sync(service.replay_step, table_id, int(raw_step), seat, open_)
        return JSONResponse(data)

    async def review(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        raw_seat = request.query_params.get("seat", "")
        if not raw_seat.isdecimal() or len(raw_seat) > 3:
            raise TableError("bad_request", "'seat' is the number of the seat to review, from 0")
        key = (table_id, int(raw_seat))
        if (done := reviews.kept(key)) is not None:
            return JSONResponse(done)
        await to_thread.run_sync(service.review_ready, *key)
        if (done := reviews.kept(key)) is not None:  # finished while we looked
            return JSONResponse(done)
        task = reviews.running.get(key)
        if task is None:
            if reviews.running:
                return JSONResponse(
                    {
                        "error": "busy",
                        "message": "the coach is reviewing another game; try again in a moment",
                    },
                    status_code=503,
                    headers={"Retry-After": str(REVIEW_RETRY)},
                )
            address = _address(request)
            guard.check_review(address)
            guard.reviewed(address)
            task = reviews.start(key)
        return JSONResponse(await asyncio.shield(task))

    async def record(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        data = await to_thread.run_sync(service.record, table_id)
        return JSONResponse(
            data, headers={"Content-Disposition": f'attachment; filename="{table_id}.json"'}
        )

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        client = Client(ws, ws.path_params["table_id"])
        address = _address(ws)
        origin, host = ws.headers.get("origin"), ws.headers.get("host")
        if not guard.origin_allowed(origin, ws.url.scheme, host):
            await ws.close(code=4403, reason="this table takes connections from its own pages only")
            return
        try:
            await to_thread.run_sync(service.info, client.table)
        except TableError as exc:
            await ws.send_text(
                json.dumps({"type": "error", "code": exc.code, "message": exc.message})
            )
            await ws.close(code=4404, reason="there is no such table")
            return
        try:
            guard.open_socket(address, client.table)
        except Refused as exc:
            await ws.close(code=1013, reason=exc.message[:120])
            return
        hub.add(client)
        try:
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                if text is None:
                    await _error(hub, client, "malformed", "send messages as JSON text")
                    continue
                if len(text.encode()) > MAX_MESSAGE:
                    await _error(
                        hub, client, "too_big", f"a message may be at most {MAX_MESSAGE} bytes"
                    )
                    continue
                try:
                    msg = json.loads(text)
                except (ValueError, RecursionError):  # not JSON, too deep, too long a number
                    await _error(hub, client, "malformed", "that message is not JSON")
                    continue
                if not isinstance(msg, dict):
                    await _error(hub, client, "malformed", "a message is a JSON object")
                    continue
                try:
                    await _handle(hub, guard, client, msg, address)
                except (WebSocketDisconnect, asyncio.CancelledError):
                    raise
                except Exception:  # a fault of ours: say so, log it, keep the connection
                    log.exception("a message to table %s could not be handled", client.table)
                    await _error(hub, client, "server", "that message could not be handled")
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(client)
            hub.seen(client.table)
            guard.close_socket(address, client.table)

    async def on_table_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, TableError)
        status = {
            "not_found": 404,
            "taken": 409,
            "bad_token": 403,
            "not_over": 403,
            "too_big": 413,
            "media_type": 415,
            "origin": 403,
            "slow": 408,
        }.get(exc.code, 400)
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=status)

    async def on_config_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": "bad_request", "message": str(exc)}, status_code=400)

    async def on_refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return JSONResponse(
            {"error": "too_many", "message": exc.message},
            status_code=429,
            headers={"Retry-After": str(round(exc.retry))},
        )

    routes = [
        Route("/", lobby),
        Route("/t/{table_id}", table_page),
        Route("/api/games", games),
        Route("/api/games/{game}/cards", game_cards),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/claim", claim, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/review", review),
        Route("/api/tables/{table_id}/again", again, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            TableError: on_table_error,
            ConfigError: on_config_error,
            Refused: on_refused,
        },
        middleware=[Middleware(SecurityHeaders)],
    )
    app.state.hub = hub
    app.state.service = service
    app.state.reviews = reviews
    return app


def _seat_number(seat: object) -> TypeGuard[int]:
    """A seat number as a request may give it: a small non-negative int (no game seats 64)."""
    return type(seat) is int and 0 <= seat < 64


def _address(conn: Request | WebSocket) -> str:
    """The client's address (the real one behind a trusted proxy: ``--trusted-proxy``)."""
    return conn.client.host if conn.client is not None else "unknown"


async def _body(request: Request, guard: Guard) -> dict[str, Any]:
    """A POST's JSON object, checked before it is read: from the server's own pages (or an
    allowed origin), declared as JSON, and no longer than ``MAX_BODY``, refused by its
    Content-Length or as soon as more arrives, and within ``body_seconds``."""
    if not guard.origin_allowed(
        request.headers.get("origin"), request.url.scheme, request.headers.get("host")
    ):
        raise TableError("origin", "this server takes requests from its own pages only")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise TableError("media_type", "send the request as JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdecimal() or int(declared) > MAX_BODY):
        raise TableError("too_big", f"a request may be at most {MAX_BODY} bytes")
    raw = bytearray()

    async def read() -> None:
        async for chunk in request.stream():
            raw.extend(chunk)
            if len(raw) > MAX_BODY:
                raise TableError("too_big", f"a request may be at most {MAX_BODY} bytes")

    try:
        await asyncio.wait_for(read(), guard.limits.body_seconds)
    except TimeoutError:
        raise TableError("slow", "the request's body did not arrive in time") from None
    try:
        data = json.loads(bytes(raw) or b"{}")
    except (ValueError, RecursionError):
        raise TableError("bad_request", "the request is not JSON") from None
    if not isinstance(data, dict):
        raise TableError("bad_request", "the request is a JSON object")
    return data


async def _error(hub: Hub, client: Client, code: str, message: str) -> None:
    await hub.send(client, {"type": "error", "code": code, "message": message})


async def _handle(
    hub: Hub, guard: Guard, client: Client, msg: dict[str, Any], address: str
) -> None:
    """One message from a client; every fault is answered, and the connection stays."""
    service = hub.service
    kind = msg.get("type")
    if kind == "ping":
        await hub.send(client, {"type": "pong"})
        return
    if kind == "hello":
        seat, token, seen = msg.get("seat"), msg.get("token"), msg.get("seen", 0)
        if type(seen) is not int or seen < 0:
            seen = 0
        if seat is not None:
            if not _seat_number(seat) or not isinstance(token, str) or len(token) > 200:
                await _error(hub, client, "malformed", "hello needs a seat number and its token")
                return
            try:
                guard.check_failures(address)
            except Refused as exc:
                await _error(hub, client, "too_many", exc.message)
                return
            ok = await to_thread.run_sync(service.check_token, client.table, seat, token)
            if not ok:
                guard.failed(address)
                await _error(hub, client, "bad_token", "that token does not hold this seat")
                return
        await hub.greet(client, seat, seen)
        hub.wake_bots(client.table)  # someone looks: bots that waited for a viewer go on
        return
    if kind in ("move", "undo"):
        version = msg.get("version")
        option = msg.get("option")
        if client.seat is None:
            await _error(hub, client, "not_seated", "spectators cannot move; take a seat first")
            return
        if type(version) is not int or (
            kind == "move" and (type(option) is not str or len(option) > 200)
        ):
            await _error(hub, client, "malformed", "a move needs the 'version' and an 'option' id")
            return
        seat = client.seat
        try:
            if kind == "move":
                assert isinstance(option, str)
                await to_thread.run_sync(service.move, client.table, seat, version, option)
            else:
                await to_thread.run_sync(service.take_back, client.table, seat, version)
        except TableError as exc:
            await _error(hub, client, exc.code, exc.message)
            if exc.code == "stale":
                await hub.tell(client)
            return
        await hub.publish(client.table, ours=True)
        hub.wake_bots(client.table)
        return
    await _error(hub, client, "malformed", f"unknown message type {excerpt(kind)}")


def _table_game_json(name: str) -> dict[str, Any]:
    """What a table page needs of its game: which event kinds are minor (left out of the
    summary of another player's turn)."""
    spec = athanor.spec(name)
    return {"name": spec.name, "title": spec.title, "minor_events": sorted(spec.minor_events)}


def _game_json(spec: Any) -> dict[str, Any]:
    out: dict[str, Any] = spec.to_json()
    out["summary"] = spec.summary
    out["help"] = spec.help
    return out


class SecurityHeaders:
    """Headers that keep pages from running anything but our own scripts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
