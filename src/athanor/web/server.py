"""Running the web table: ``athanor serve``."""

from __future__ import annotations

import argparse
import ipaddress
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

import uvicorn

from athanor.engine import ConfigError
from athanor.web.app import MAX_MESSAGE, create_app
from athanor.web.guard import Limits
from athanor.web.service import Service
from athanor.web.store import default_database_url


def run_server(args: argparse.Namespace, say: Callable[[str], None]) -> int:
    """Open the database (migrating it), bind the port, say the address, and serve."""
    limits = limits_from(args)
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
    app = create_app(service, bot_delay=args.bot_delay, limits=limits)
    proxies = list(getattr(args, "trusted_proxy", []) or [])
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,  # a larger frame closes the connection (1009)
        lifespan="on",
        ws_ping_interval=20,
        # The client's address (for the limits) and scheme come from X-Forwarded-For and
        # X-Forwarded-Proto only when the connection comes from a proxy named here.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        server_header=False,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # Ctrl+C: uvicorn has shut down cleanly; say so below
    finally:
        service.close()
    say("Stopped. Every table is kept and goes on when the server starts again.")
    return 0


def limits_from(args: argparse.Namespace) -> Limits:
    """The limits named on the command line, checked."""
    counts = {
        "--max-connections-per-address": args.max_connections_per_address,
        "--max-connections-per-table": args.max_connections_per_table,
        "--tables-per-hour": args.tables_per_hour,
        "--max-bot-tables": args.max_bot_tables,
        "--failures-per-minute": args.failures_per_minute,
    }
    for flag, value in counts.items():
        if value < 1:
            raise ConfigError(f"{flag} must be at least 1, not {value}")
    if not args.idle_minutes > 0:
        raise ConfigError(f"--idle-minutes must be more than 0, not {args.idle_minutes}")
    if not 0 < args.request_seconds <= 3600:
        raise ConfigError(f"--request-seconds must be from 0 to 3600, not {args.request_seconds}")
    for origin in args.allow_origin:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            raise ConfigError(
                f"--allow-origin takes an origin such as https://games.example.org, not {origin!r}"
            )
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ConfigError(
                f"--trusted-proxy takes an IP address or network, not {proxy!r}"
            ) from None
    return Limits(
        connections_per_address=args.max_connections_per_address,
        connections_per_table=args.max_connections_per_table,
        tables_per_hour=args.tables_per_hour,
        bot_tables=args.max_bot_tables,
        failures_per_minute=args.failures_per_minute,
        idle_seconds=args.idle_minutes * 60,
        body_seconds=args.request_seconds,
        origins=tuple(o.rstrip("/") for o in args.allow_origin),
    )
