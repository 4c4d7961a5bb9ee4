"""Fixtures for the web table: a database per test (SQLite always, PostgreSQL when
ATHANOR_TEST_PG names a server), and an app over it."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from athanor.web.app import create_app
from athanor.web.service import Service

PG = os.environ.get("ATHANOR_TEST_PG")
BACKENDS = ["sqlite", "postgresql"]


def _pg_database() -> Iterator[str]:
    import psycopg

    assert PG is not None
    name = f"athanor_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = PG.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(PG, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'athanor.db'}"
        return
    if not PG:
        pytest.skip("set ATHANOR_TEST_PG to a PostgreSQL URL to run this against PostgreSQL")
    yield from _pg_database()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database (skipped without ATHANOR_TEST_PG)."""
    if not PG:
        pytest.skip("set ATHANOR_TEST_PG to a PostgreSQL URL to run this against PostgreSQL")
    yield from _pg_database()


@pytest.fixture
def service(db_url: str) -> Iterator[Service]:
    svc = Service(db_url)
    yield svc
    svc.close()


@pytest.fixture
def client(service: Service) -> Iterator[TestClient]:
    with TestClient(create_app(service, bot_delay=0)) as c:
        yield c


def until(ws: Any, kind: str, limit: int = 500) -> dict[str, Any]:
    """The next message of a kind (others are skipped)."""
    for _ in range(limit):
        msg: dict[str, Any] = json.loads(ws.receive_text())
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind!r} message")


def until_question(ws: Any) -> dict[str, Any]:
    """The next state message with a question for this seat, or the game's end."""
    while True:
        msg = until(ws, "state")
        if msg["decision"] or msg["over"]:
            return msg


def until_version(ws: Any, version: int) -> dict[str, Any]:
    """The state message for a version (earlier ones are skipped)."""
    while True:
        msg = until(ws, "state")
        if msg["version"] >= version:
            return msg


def question_after(ws: Any, version: int) -> dict[str, Any]:
    """The first state message after ``version`` that asks this seat or ends the game."""
    while True:
        msg = until(ws, "state")
        if msg["version"] > version and (msg["decision"] or msg["over"]):
            return msg
