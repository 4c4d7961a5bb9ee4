"""Fixtures for the web table: a database per test (SQLite always, PostgreSQL when
ATHANOR_TEST_PG names a server), and an app over it."""

from __future__ import annotations

import contextlib
import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from athanor.web.app import create_app
from athanor.web.guard import Limits
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


# -- the browser tests: a live server and Debian's Chromium (see kit.py) --------------------

CHROMIUM = os.environ.get("ATHANOR_CHROMIUM", "/usr/bin/chromium")


@contextlib.contextmanager
def live_server(service: Service, limits: Limits, bot_delay: float = 0.01) -> Iterator[str]:
    """The web table for ``service`` on a free port, in a thread of this process, until the
    block ends; its address."""
    import socket
    import threading
    import time

    import httpx
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(service, bot_delay=bot_delay, limits=limits), log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}/"
    for _ in range(200):
        try:
            httpx.get(url + "api/games", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a free port, in a thread of this process."""
    db = tmp_path_factory.mktemp("web") / "athanor.db"
    service = Service(f"sqlite:///{db}")
    with live_server(service, Limits.loose()) as url:
        yield url
    service.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless (skipped where it is not installed)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")
    from playwright.sync_api import sync_playwright

    from tests.web.kit import FLAGS

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page at 1280x800 (the one-screen size); script errors fail the test."""
    from tests.web.kit import DESKTOP

    # bypass_csp lets the test wait on page conditions; the pages themselves run no eval.
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"script errors on the page: {errors}"
