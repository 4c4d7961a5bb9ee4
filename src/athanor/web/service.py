"""The tables' rules of business: create, claim a seat, move, take back, and what each
seat may be told. Everything here is synchronous (the web layer runs it in worker
threads); the database is the single source of truth, and each process keeps the
states it has rebuilt in a cache keyed by version.

A move is written in one transaction that locks the table row (PostgreSQL
``SELECT ... FOR UPDATE``; SQLite ``BEGIN IMMEDIATE``), checks the version and the
seat, applies the option to a copy of the state and appends the move. Only after the
commit is anyone told. A stale, duplicate or illegal move writes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import Engine

import athanor
from athanor import catalog
from athanor.engine import ConfigError, GameState, IllegalMove
from athanor.engine.core import check_names, excerpt
from athanor.fairness import commitment
from athanor.replay import Replay, undo
from athanor.web.store import (
    MoveRow,
    SeatRow,
    TableRow,
    make_engine,
    migrate,
    now,
    readers,
    sessions,
)

UNDO = "undo"  # the kind of a move row that takes back the one before it
MAX_TABLES_LISTED = 100


class TableError(Exception):
    """A request the table refuses; ``code`` says which kind, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class Cached:
    """A table's state as this process last rebuilt it."""

    version: int
    state: GameState
    movers: list[int]  # the seat behind each effective choice
    bots: dict[int, Any] = field(default_factory=dict)

    @property
    def last_mover(self) -> int | None:
        """The seat of the last effective move (whose undo button is worth showing)."""
        return self.movers[-1] if self.movers else None


@dataclass(frozen=True)
class Moved:
    """What a write did: the new version and whose question comes next."""

    version: int
    next_seat: int | None
    bot_next: bool


class Service:
    """Tables in one database, for one server process."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        migrate(self.engine)
        self.sessions = sessions(self.engine)
        self.reads = readers(self.engine)
        # SQLite has one write lock for the whole file, and waiting for it inside SQLite
        # means sleeping in steps of up to 100 ms: threads of this process queue here
        # instead, and only other processes are left to SQLite's busy timeout.
        self._writing: threading.Lock | contextlib.nullcontext[None] = (
            contextlib.nullcontext() if self.is_postgres else threading.Lock()
        )
        self._cache: dict[str, Cached] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # -- creating and joining -------------------------------------------------------

    def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        public: bool = True,
        mine: int | None = None,
        previous: str | None = None,
    ) -> dict[str, Any]:
        """Open a table. Each seat is ``{"kind": "person"|"bot", "bot": name, "name": str}``.
        Returns the table's public facts, an invite code per person seat, and, for
        ``mine``, that seat's token (the creator sits down at once)."""
        spec = catalog.spec(game)
        spec.check_players(len(seats))
        opts = spec.check_options(dict(options), remote=True)
        names = []
        for i, s in enumerate(seats):
            kind = s.get("kind")
            if kind not in ("person", "bot"):
                raise ConfigError(f"seat {i + 1} must be a person or a bot")
            if kind == "bot":
                catalog.bot(game, _bot_name(s.get("bot") or spec.default_bot), 0)
            raw = s.get("name")
            names.append(str(raw) if raw else _default_name(kind, i, s))
        names = check_names(names, len(seats))
        if mine is not None and not (0 <= mine < len(seats) and seats[mine]["kind"] == "person"):
            raise ConfigError("you can only sit in a seat for a person")
        seed = int.from_bytes(os.urandom(8), "big")
        nonce = secrets.token_hex(16)
        table_id = secrets.token_urlsafe(9)
        athanor.new_game(game, len(seats), seed, opts, names, log=False)  # fails early if bad
        invites: dict[int, str] = {}
        token: str | None = None
        rows: list[SeatRow] = []
        for i, s in enumerate(seats):
            row = SeatRow(table_id=table_id, seat=i, kind=s["kind"])
            if s["kind"] == "bot":
                row.bot = _bot_name(s.get("bot") or spec.default_bot)
            elif i == mine:
                token = secrets.token_urlsafe(32)
                row.token_hash = _hash(token)
            else:
                code = secrets.token_urlsafe(24)
                invites[i] = code
                row.invite_hash = _hash(code)
            rows.append(row)
        open_seats = sum(1 for r in rows if r.kind == "person" and r.token_hash is None)
        with self._writing, self.sessions.begin() as db:
            db.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=json.dumps(opts),
                    players=len(seats),
                    names=json.dumps(names),
                    seed=str(seed),
                    nonce=nonce,
                    commitment=commitment(seed, nonce),
                    version=0,
                    status="open" if open_seats else "running",
                    public=public,
                    previous_id=previous,
                )
            )
            db.flush()
            db.add_all(rows)
        out = self.info(table_id)
        out["invites"] = invites
        if token is not None:
            out["you"] = {"seat": mine, "token": token}
        return out

    def claim(self, table_id: str, seat: int, code: str | None, previous: str | None = None) -> str:
        """Sit down in a free person seat with its invite code (or, at a public table,
        without one; or, at a table opened to play again, with the token that held the
        same seat at the table before). Returns the seat's token: keep it to come back."""
        with self._writing, self.sessions.begin() as db:
            table = self._locked(db, table_id)
            row = db.get(SeatRow, (table_id, seat))
            if row is None or row.kind != "person":
                raise TableError("bad_request", f"seat {seat + 1} is not a seat for a person")
            if row.token_hash is not None:
                raise TableError("taken", f"seat {seat + 1} is already taken")
            if previous is not None:
                before = db.get(SeatRow, (table.previous_id or "", seat))
                if (
                    before is None
                    or before.token_hash is None
                    or not hmac.compare_digest(before.token_hash, _hash(previous))
                ):
                    raise TableError("bad_token", "that token did not hold this seat before")
            elif code is not None:
                if row.invite_hash is None or not hmac.compare_digest(row.invite_hash, _hash(code)):
                    raise TableError("bad_token", "that invite code is not this seat's")
            elif not table.public:
                raise TableError("bad_token", "this table takes players by invitation only")
            token = secrets.token_urlsafe(32)
            row.token_hash = _hash(token)
            row.invite_hash = None
            others = db.scalars(
                select(SeatRow).where(
                    SeatRow.table_id == table_id,
                    SeatRow.kind == "person",
                    SeatRow.token_hash.is_(None),
                    SeatRow.seat != seat,
                )
            ).first()
            if others is None and table.status == "open":
                table.status = "running"
            table.updated_at = now()
        return token

    def again(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """Open a new table with the same game, options and seats as a finished one, for
        one of its players (who sits down at once, in the same seat). The other players
        may take their seats with the tokens they held here (``claim(previous=...)``).
        If the table already has a successor, that one is returned instead."""
        if not self.check_token(table_id, seat, token):
            raise TableError("bad_token", "that token does not hold a seat at this table")
        with self.reads() as db:
            old = db.get(TableRow, table_id)
            assert old is not None  # check_token found its seat
            seats = db.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            follow = old.next_id
        if old.status != "over":
            raise TableError("not_over", "a new game can start once this one is over")
        if follow is None:
            names = json.loads(old.names)
            made = self.create(
                old.game,
                json.loads(old.options),
                [
                    {"kind": s.kind, "bot": s.bot, "name": names[s.seat]}
                    if s.kind == "bot"
                    else {"kind": "person", "name": names[s.seat]}
                    for s in seats
                ],
                old.public,
                seat,
                previous=table_id,
            )
            with self._writing, self.sessions.begin() as db:
                row = self._locked(db, table_id)
                if row.next_id is None:
                    row.next_id = made["id"]
                    return made
                follow = row.next_id  # another player was quicker: join theirs
                db.delete(db.get(TableRow, made["id"]))
        out = self.info(follow)
        out["you"] = {"seat": seat, "token": self.claim(follow, seat, None, previous=token)}
        return out

    def replay_step(
        self, table_id: str, step: int, seat: int | None, open_: bool
    ) -> dict[str, Any]:
        """A finished game at one step of its record (after ``step`` choices), as ``seat``
        saw it (None: a spectator), or with every seat's view (``open_``)."""
        info = self.info(table_id)
        if info["status"] != "over":
            raise TableError("not_over", "the replay is given once the game is over")
        if seat is not None and not 0 <= seat < info["players"]:
            raise TableError("bad_request", f"there is no seat {seat + 1} at this table")
        rep = Replay.from_state(self.state(table_id).state)
        steps = len(rep.choices)
        if not 0 <= step <= steps:
            raise TableError("bad_request", f"the steps of this game are 0 to {steps}")
        state: GameState | None = None
        before = None
        for i, st in enumerate(rep.states(log=True)):
            if i == step - 1:
                before = st.decision
            if i == step:
                state = st
                break
        assert state is not None
        viewer = None if open_ else seat
        out: dict[str, Any] = {
            "step": step,
            "steps": steps,
            "view": state.view(viewer),
            "views": [state.view(i) for i in range(state.players)] if open_ else None,
            "log": state.events_for(viewer),
            "choice": None,
            "next": None,
        }
        if before is not None:
            chosen = rep.choices[step - 1]
            label = next((o.label for o in before.options if o.id == chosen), chosen)
            told = open_ or before.seat == seat
            out["choice"] = {
                "seat": before.seat,
                "name": state.names[before.seat],
                "label": label if told else "(a choice you did not see)",
            }
        d = state.decision
        if d is not None:
            out["next"] = {
                "seat": d.seat,
                "name": state.names[d.seat],
                "prompt": d.prompt if open_ or d.seat == seat else "a question you did not see",
            }
        return out

    def review_ready(self, table_id: str, seat: int) -> None:
        """Refuse a review the coach cannot make: the game goes on, or there is no such seat."""
        info = self.info(table_id)
        if info["status"] != "over":
            raise TableError("not_over", "the coach reviews a game once it is over")
        if not 0 <= seat < info["players"]:
            raise TableError("bad_request", f"there is no seat {seat + 1} at this table")

    def review(self, table_id: str, seat: int, playouts: int) -> dict[str, Any]:
        """The coach's review of ``seat``'s decisions in a finished game (``Review.to_json``),
        with ``playouts`` per option. Slow: seconds to minutes of one core."""
        from athanor.review import Coach

        self.review_ready(table_id, seat)
        rep = Replay.from_state(self.state(table_id).state)
        out: dict[str, Any] = Coach(rep.game, playouts=playouts, seed=0).review(rep, seat).to_json()
        return out

    def check_token(self, table_id: str, seat: int, token: str) -> bool:
        """Whether ``token`` is the one that holds ``seat``."""
        with self.reads() as db:
            row = db.get(SeatRow, (table_id, seat))
        return bool(
            row is not None
            and row.token_hash is not None
            and hmac.compare_digest(row.token_hash, _hash(token))
        )

    # -- reading -----------------------------------------------------------------------

    def info(self, table_id: str) -> dict[str, Any]:
        """What anyone may know of a table (the seed only once the game is over)."""
        with self.reads() as db:
            table = db.get(TableRow, table_id)
            if table is None:
                raise TableError("not_found", "there is no such table")
            seats = db.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
        return _public(table, list(seats))

    def list_tables(self) -> list[dict[str, Any]]:
        """Open and running public tables, the most recently active first (a private table
        is reached only by its links)."""
        with self.reads() as db:
            tables = db.scalars(
                select(TableRow)
                .where(TableRow.status.in_(("open", "running")), TableRow.public.is_(True))
                .order_by(TableRow.updated_at.desc())
                .limit(MAX_TABLES_LISTED)
            ).all()
            seats: dict[str, list[SeatRow]] = {}
            if tables:
                for s in db.scalars(
                    select(SeatRow)
                    .where(SeatRow.table_id.in_([t.id for t in tables]))
                    .order_by(SeatRow.seat)
                ):
                    seats.setdefault(s.table_id, []).append(s)
        return [_public(t, seats.get(t.id, [])) for t in tables]

    def count_bot_tables(self) -> int:
        """How many tables whose every seat is a bot are still playing."""
        with self.reads() as db:
            people = select(SeatRow.table_id).where(SeatRow.kind == "person")
            return int(
                db.scalar(
                    select(func.count())
                    .select_from(TableRow)
                    .where(TableRow.status.in_(("open", "running")), TableRow.id.not_in(people))
                )
                or 0
            )

    def running(self) -> list[str]:
        """Ids of every table whose game goes on (to let their bots resume after a start)."""
        with self.reads() as db:
            return list(
                db.scalars(select(TableRow.id).where(TableRow.status.in_(("open", "running"))))
            )

    def state(self, table_id: str) -> Cached:
        """The table's state at the database's latest version (rebuilt or brought up to
        date from the moves as needed). Treat it as read-only."""
        with self._lock(table_id):
            with self.reads() as db:
                table = db.get(TableRow, table_id)
                if table is None:
                    raise TableError("not_found", "there is no such table")
                cached = self._cache.get(table_id)
                if cached is not None and cached.version == table.version:
                    return cached
                cached = self._rebuild(db, table, cached)
            self._cache[table_id] = cached
            return cached

    def cached_version(self, table_id: str) -> int:
        """The version this process holds for a table (-1 for none)."""
        cached = self._cache.get(table_id)
        return -1 if cached is None else cached.version

    def latest(self, table_id: str) -> Cached:
        """The state this process wrote or read last, without asking the database (after
        this process's own move it is current); ``state`` when there is none."""
        cached = self._cache.get(table_id)
        return cached if cached is not None else self.state(table_id)

    def record(self, table_id: str) -> dict[str, Any]:
        """The finished game's replay record, with the seed and what proves it fair."""
        info = self.info(table_id)
        if info["status"] != "over":
            raise TableError("not_over", "the record is given once the game is over")
        cached = self.state(table_id)
        rep = Replay.from_state(cached.state)
        data: dict[str, Any] = json.loads(rep.to_json())
        data["fairness"] = {
            "commitment": info["commitment"],
            "nonce": info["nonce"],
            "scheme": "sha256('athanor-seed:' + seed + ':' + nonce)",
        }
        return data

    # -- writing -----------------------------------------------------------------------

    def move(self, table_id: str, seat: int, version: int, option: str) -> Moved:
        """Make ``seat``'s move at ``version``; refuse a stale, duplicate, out-of-turn or
        illegal move without writing anything."""
        return self._write(table_id, seat, version, option)

    def take_back(self, table_id: str, seat: int, version: int) -> Moved:
        """Take back ``seat``'s last choice, if the undo policy allows it."""
        return self._write(table_id, seat, version, None)

    def _write(self, table_id: str, seat: int, version: int, option: str | None) -> Moved:
        with self._lock(table_id), self._writing, self.sessions.begin() as db:
            table = self._locked(db, table_id)
            if table.version != version:
                raise TableError(
                    "stale",
                    f"the game has moved on (you saw version {version}, it is now "
                    f"{table.version}); here is where it stands",
                )
            if table.status == "over":
                raise TableError("over", "the game is over")
            cached = self._cache.get(table_id)
            if cached is None or cached.version != table.version:
                cached = self._rebuild(db, table, cached)
            state = cached.state
            d = state.decision
            if d is None:
                raise TableError("over", "the game is over")
            if option is None:
                try:
                    new_state = undo(state, seat)
                except IllegalMove as exc:
                    raise TableError("illegal", f"you cannot take that back: {exc}") from None
                movers = cached.movers[:-1]
            else:
                if d.seat != seat:
                    raise TableError("not_your_turn", f"it is {state.names[d.seat]}'s turn")
                new_state = state.clone()
                try:
                    new_state.apply(option)
                except IllegalMove as exc:
                    raise TableError("illegal", str(exc)) from None
                movers = [*cached.movers, seat]
            number = table.version + 1
            db.add(
                MoveRow(
                    table_id=table_id,
                    number=number,
                    seat=seat,
                    option=option if option is not None else "",
                    kind="move" if option is not None else UNDO,
                )
            )
            table.version = number
            table.updated_at = now()
            if new_state.is_over:
                table.status = "over"
            if self.is_postgres:
                # Delivered to every listening process only if this transaction commits.
                db.execute(text("SELECT pg_notify('athanor', :p)"), {"p": f"{table_id}:{number}"})
            db.flush()
            bots = cached.bots
        self._cache[table_id] = Cached(number, new_state, movers, bots)
        nd = new_state.decision
        return Moved(number, None if nd is None else nd.seat, nd is not None and nd.seat in bots)

    def bot_choice(self, table_id: str) -> tuple[int, int, str] | None:
        """If a bot is to move, its (version, seat, option); the bot reads only the
        state's view for its seat and the question in front of it."""
        cached = self.state(table_id)
        d = cached.state.decision
        if d is None or d.seat not in cached.bots:
            return None
        agent = cached.bots[d.seat]
        return cached.version, d.seat, agent.choose(cached.state, d)

    # -- helpers -------------------------------------------------------------------------

    def _lock(self, table_id: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = threading.Lock()
            return lock

    def _locked(self, db: Any, table_id: str) -> TableRow:
        """The table row, locked for this transaction."""
        table = db.scalars(
            select(TableRow).where(TableRow.id == table_id).with_for_update()
        ).first()
        if table is None:
            raise TableError("not_found", "there is no such table")
        return table  # type: ignore[no-any-return]

    def _rebuild(self, db: Any, table: TableRow, cached: Cached | None) -> Cached:
        """The state after every move row, from the seed (within the caller's session)."""
        rows = db.scalars(
            select(MoveRow).where(MoveRow.table_id == table.id).order_by(MoveRow.number)
        ).all()
        choices: list[str] = []
        movers: list[int] = []
        for r in rows:
            if r.kind == UNDO:
                choices.pop()
                movers.pop()
            else:
                choices.append(r.option)
                movers.append(r.seat)
        rep = Replay(
            table.game,
            table.players,
            int(table.seed),
            json.loads(table.options),
            json.loads(table.names),
            choices,
        )
        state = rep.play(log=True)
        if cached is not None:
            bots = cached.bots
        else:
            seats = db.scalars(
                select(SeatRow).where(SeatRow.table_id == table.id, SeatRow.kind == "bot")
            ).all()
            seed = int(table.seed)
            bots = {
                s.seat: catalog.bot(table.game, s.bot or "random", seed + 7919 * (s.seat + 1))
                for s in seats
            }
        return Cached(table.version, state, movers, bots)


def _bot_name(name: object) -> str:
    if not isinstance(name, str) or not name or len(name) > 64 or name.endswith(".txt"):
        raise ConfigError(f"a bot is named by one of the game's bots, not {excerpt(name)}")
    return name


def _default_name(kind: str, seat: int, s: Mapping[str, Any]) -> str:
    if kind == "bot":
        return catalog.BOT_NAMES[seat % len(catalog.BOT_NAMES)]
    return f"Player {seat + 1}"


def _public(table: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    names = json.loads(table.names)
    spec = catalog.spec(table.game)
    out: dict[str, Any] = {
        "id": table.id,
        "game": table.game,
        "title": spec.title,
        "options": json.loads(table.options),
        "players": table.players,
        "seats": [
            {
                "seat": s.seat,
                "name": names[s.seat],
                "kind": s.kind,
                "bot": s.bot,
                "taken": s.kind == "bot" or s.token_hash is not None,
            }
            for s in seats
        ],
        "status": table.status,
        "public": table.public,
        "version": table.version,
        "commitment": table.commitment,
        "created_at": table.created_at.isoformat() if table.created_at else None,
    }
    if table.previous_id:
        out["previous"] = table.previous_id
    if table.next_id:
        out["next"] = table.next_id
    if table.status == "over":
        out["seed"] = table.seed  # as text: 64 bits do not fit a JavaScript number
        out["nonce"] = table.nonce
    return out
