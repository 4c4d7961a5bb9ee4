"""Where tables live: SQLite (the embedded default) or PostgreSQL, through SQLAlchemy.

A table is its game, options, seats and an append-only list of moves; the game
state is rebuilt from the seed and the moves. The schema is made and changed only
by the Alembic migrations in ``athanor/web/migrations``.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The models' base."""


class TableRow(Base):
    """One game table."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON of the checked options
    players: Mapped[int] = mapped_column(Integer)
    names: Mapped[str] = mapped_column(Text)  # JSON list of seat names
    seed: Mapped[str] = mapped_column(String(32))  # secret until the game ends
    nonce: Mapped[str] = mapped_column(String(64))  # secret until the game ends
    commitment: Mapped[str] = mapped_column(String(64))  # public from the start
    version: Mapped[int] = mapped_column(Integer, default=0)  # the number of moves
    status: Mapped[str] = mapped_column(String(16), default="open")  # open, running, over
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    previous_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  # play again
    next_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """One seat at a table: a person (once claimed) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "person" or "bot"
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # once claimed


class MoveRow(Base):
    """One move: the seat, the option id, and the version it made (1 for the first)."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8), default="move")  # "move" or "undo"
    option: Mapped[str] = mapped_column(String(200))  # empty for an undo
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def default_database_url(data_dir: str | None = None) -> str:
    """An SQLite file in the data folder (``$XDG_DATA_HOME/athanor`` by default)."""
    folder = Path(
        data_dir
        or os.environ.get("ATHANOR_DATA")
        or Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "athanor"
    ).expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'athanor.db'}"


def make_engine(url: str) -> Engine:
    """An engine for the URL; SQLite gets write locks taken at the start of a transaction
    (``BEGIN IMMEDIATE``), so two writers never both read the same version."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _connect(dbapi: Any, record: Any) -> None:
            dbapi.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # Each commit reaches the operating system before the call returns, so killing
            # the server loses nothing; only a power cut could lose the last moves.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # Writers take the write lock at once; readers share (see ``readers``).
            read = conn.get_execution_options().get("athanor_read")
            conn.exec_driver_sql("BEGIN" if read else "BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with the Alembic migrations."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def sessions(engine: Engine) -> sessionmaker[Any]:
    """A session factory for writing, that keeps loaded rows usable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


def readers(engine: Engine) -> sessionmaker[Any]:
    """A session factory for reading only (SQLite: a shared lock, not the write lock)."""
    return sessionmaker(engine.execution_options(athanor_read=True), expire_on_commit=False)
