"""Screenshots of every game's table, as a new player sees it, for docs/web.md:

    python tools/web_screenshots.py [--games dominion crucible ...] [--out docs/web]

For each game a table is opened against bots on a server started here (a throwaway SQLite
file), played by clicking pieces with a fixed seed (tests/web/kit.py) to the middle of the
game, shot at 1280x800 and at 390x844 on a turn of yours, then played to the end and shot
again with the results. Needs the web and dev extras and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# game -> (players, options, choices of yours before the mid-game shot)
GAMES = {
    "dominion": (3, {"kingdom": "forbidden-arts"}, 24),
    "potion-party": (3, {"alchemists": "random"}, 6),
    "crucible": (4, {"mission": "4"}, 8),
    "potion-making": (3, {"expansions": "guild"}, 10),
}


def serve(db: Path) -> tuple[str, Any]:
    """A live server on a free port, in a thread of this process."""
    import httpx
    import uvicorn

    from athanor.web.app import create_app
    from athanor.web.guard import Limits
    from athanor.web.service import Service

    service = Service(f"sqlite:///{db}")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(service, bot_delay=0.01, limits=Limits.loose()), log_level="warning"
    )
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    base = f"http://127.0.0.1:{port}/"
    for _ in range(200):
        try:
            httpx.get(base + "api/games", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    return base, server


def shoot(page: Any, out: Path, name: str) -> None:
    from tests.web.kit import DESKTOP, PHONE

    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        time.sleep(0.6)
        path = out / f"{name}-{label}.png"
        page.screenshot(path=str(path))
        print(f"wrote {path}")
    page.set_viewport_size(DESKTOP)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "web")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.web.kit import DESKTOP, FLAGS, bots, click_choice, new_table, seat_link, wait_turn

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server = serve(Path(tmp) / "athanor.db")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for game in args.games:
                players, options, mid = GAMES[game]
                context: Any = browser.new_context(viewport=DESKTOP, bypass_csp=True)  # type: ignore[arg-type]
                page = context.new_page()
                made = new_table(base, game, bots(players), options=options)
                page.goto(seat_link(base, made))
                rng = random.Random(args.seed)
                for _ in range(mid):
                    if not wait_turn(page):
                        break
                    click_choice(page, rng, prefer=0.9)
                if wait_turn(page):
                    shoot(page, args.out, f"{game}-mid")
                while wait_turn(page):
                    click_choice(page, rng, prefer=0.9)
                page.wait_for_selector("#results:not([hidden])")
                shoot(page, args.out, f"{game}-end")
                page.context.close()
            browser.close()
        server.should_exit = True
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
