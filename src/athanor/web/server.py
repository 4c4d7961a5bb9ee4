"""Running the web table: ``athanor serve``."""

from __future__ import annotations

import argparse
import socket
from collections.abc import Callable

import uvicorn

from athanor.engine import ConfigError
from athanor.web.app import MAX_MESSAGE, create_app
from athanor.web.service import Service
from athanor.web.store import default_database_url


def run_server(args: argparse.Namespace, say: Callable[[str], None]) -> int:
    """Open the database (migrating it), bind the port, say the address, and serve."""
    url = args.database_url or default_database_url(args.data_dir)
    if not (url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:"))):
        raise ConfigError("--database-url must be a postgresql:// or sqlite:/// URL")
    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port must be from 0 to 65535 (0 picks a free one), not {args.port}")
    service = Service(url)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        raise ConfigError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    base = f"http://{host}:{port}/"
    where = "PostgreSQL" if service.is_postgres else url.removeprefix("sqlite:///")
    say(f"Athanor is serving at {base} (open it in a browser). Tables are kept in {where}.")
    if args.demo:
        made = service.create(
            "potion-party",
            {},
            [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}],
            public=False,
            mine=0,
        )
        you = made["you"]
        say(
            "A Potion Party table with two bots is ready for you: "
            f"{base}t/{made['id']}#seat={you['seat']}&token={you['token']}"
        )
    say("Press Ctrl+C to stop.")
    app = create_app(service, bot_delay=args.bot_delay)
    config = uvicorn.Config(
        app, log_level="warning", ws_max_size=MAX_MESSAGE * 4, lifespan="on", ws_ping_interval=20
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        service.close()
    return 0
