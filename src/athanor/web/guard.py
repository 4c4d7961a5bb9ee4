"""What keeps one client from spending the server: limits per address and per table, and a
throttle on failed claims and token checks. Each limit is a setting of ``athanor serve``
(``Limits``); counts are kept in memory, per server process.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The server's limits. The defaults suit a small public server; ``Limits.loose()``
    is for tests that open many tables from one address."""

    connections_per_address: int = 32  # open WebSockets from one address
    connections_per_table: int = 64  # open WebSockets to one table
    tables_per_hour: int = 30  # tables one address may open in an hour
    bot_tables: int = 10  # running tables with no person seat, in the whole database
    failures_per_minute: int = 10  # failed claims and token checks from one address
    idle_seconds: float = 600.0  # a table nobody has looked at for this long stops its bots
    body_seconds: float = 10.0  # the longest a request body may take to arrive
    origins: tuple[str, ...] = ()  # origins besides the server's own (a site behind a proxy)
    reviews_per_hour: int = 10  # coach's reviews one address may have computed in an hour
    review_playouts: int = 24  # the coach's playouts per option in a review (its CPU budget)

    @classmethod
    def loose(cls) -> Limits:
        """Limits no test opening many tables from 127.0.0.1 will reach."""
        return cls(
            connections_per_address=10_000,
            connections_per_table=10_000,
            tables_per_hour=1_000_000,
            bot_tables=1_000_000,
            failures_per_minute=1_000_000,
            reviews_per_hour=1_000_000,
        )


class Refused(Exception):
    """A request over a limit: ``message`` says which, ``retry`` in how many seconds."""

    def __init__(self, message: str, retry: float = 60.0) -> None:
        super().__init__(message)
        self.message = message
        self.retry = retry


@dataclass
class Window:
    """Events in a sliding window of ``span`` seconds."""

    span: float
    times: deque[float] = field(default_factory=deque)

    def count(self, now: float) -> int:
        while self.times and self.times[0] <= now - self.span:
            self.times.popleft()
        return len(self.times)

    def add(self, now: float) -> None:
        self.times.append(now)

    def wait(self, now: float) -> float:
        """Seconds until the oldest event leaves the window."""
        return max(1.0, self.times[0] + self.span - now) if self.times else 1.0


class Guard:
    """The counts behind the limits, for one server process."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets_by_address: dict[str, int] = {}
        self.sockets_by_table: dict[str, int] = {}
        self.created_by: dict[str, Window] = {}
        self.failures: dict[str, Window] = {}
        self.reviews_by: dict[str, Window] = {}

    # -- WebSockets ------------------------------------------------------------------

    def open_socket(self, address: str, table: str) -> None:
        """Count a new connection, or refuse it (nothing counted)."""
        lim = self.limits
        if self.sockets_by_address.get(address, 0) >= lim.connections_per_address:
            raise Refused(
                f"too many connections from your address (at most {lim.connections_per_address})"
            )
        if self.sockets_by_table.get(table, 0) >= lim.connections_per_table:
            raise Refused(
                f"too many connections to this table (at most {lim.connections_per_table})"
            )
        self.sockets_by_address[address] = self.sockets_by_address.get(address, 0) + 1
        self.sockets_by_table[table] = self.sockets_by_table.get(table, 0) + 1

    def close_socket(self, address: str, table: str) -> None:
        for counts, key in ((self.sockets_by_address, address), (self.sockets_by_table, table)):
            left = counts.get(key, 0) - 1
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)

    # -- tables and failed checks ---------------------------------------------------------

    def check_create(self, address: str) -> None:
        """Refuse an address that has opened its hour's share of tables."""
        now = time.monotonic()
        w = self.created_by.get(address)
        if w is not None and w.count(now) >= self.limits.tables_per_hour:
            raise Refused(
                f"your address has opened {self.limits.tables_per_hour} tables in the last hour, "
                "the most it may",
                w.wait(now),
            )

    def created(self, address: str) -> None:
        """Count a table opened from an address."""
        now = time.monotonic()
        self.created_by.setdefault(address, Window(3600.0)).add(now)
        self._forget(self.created_by, now)

    def check_failures(self, address: str) -> None:
        """Refuse an address that has failed too many claims or token checks lately."""
        now = time.monotonic()
        w = self.failures.get(address)
        if w is not None and w.count(now) >= self.limits.failures_per_minute:
            raise Refused(
                "too many wrong codes or tokens from your address; wait a minute", w.wait(now)
            )

    def failed(self, address: str) -> None:
        """Count a failed claim or token check."""
        now = time.monotonic()
        self.failures.setdefault(address, Window(60.0)).add(now)
        self._forget(self.failures, now)

    def check_review(self, address: str) -> None:
        """Refuse an address that has had its hour's share of reviews computed (a review
        already made is served from memory and never counted)."""
        now = time.monotonic()
        w = self.reviews_by.get(address)
        if w is not None and w.count(now) >= self.limits.reviews_per_hour:
            raise Refused(
                f"your address has asked for {self.limits.reviews_per_hour} new reviews in the "
                "last hour, the most it may",
                w.wait(now),
            )

    def reviewed(self, address: str) -> None:
        """Count a review computed for an address."""
        now = time.monotonic()
        self.reviews_by.setdefault(address, Window(3600.0)).add(now)
        self._forget(self.reviews_by, now)

    @staticmethod
    def _forget(windows: dict[str, Window], now: float) -> None:
        """Drop empty windows once the map grows, so memory stays bounded."""
        if len(windows) > 4096:
            for key in [k for k, w in windows.items() if w.count(now) == 0]:
                del windows[key]

    # -- origins -----------------------------------------------------------------------------

    def origin_allowed(self, origin: str | None, scheme: str, host: str | None) -> bool:
        """A browser's Origin header is the server's own (or one named in the settings); no
        header (not a browser) passes."""
        if origin is None:
            return True
        own = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        if host and origin.lower() == f"{own}://{host}".lower():
            return True
        from urllib.parse import urlsplit  # not at import: `athanor sim` never needs it

        parts = urlsplit(origin)
        allowed = {o.lower().rstrip("/") for o in self.limits.origins}
        return f"{parts.scheme}://{parts.netloc}".lower() in allowed
