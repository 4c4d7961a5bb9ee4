"""The browser client in headless Chromium (Debian's, driven by Playwright): whole games
played with the keyboard alone, an axe-core audit of every page, and two players at one
table who each see only their own hand."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import athanor

CHROMIUM = os.environ.get("ATHANOR_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    pytest.skip(
        f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)",
        allow_module_level=True,
    )

import uvicorn  # noqa: E402
from axe_playwright_python.sync_playwright import Axe  # noqa: E402
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from athanor.web.app import create_app  # noqa: E402
from athanor.web.service import Service  # noqa: E402

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a free port, in a thread of this process."""
    db = tmp_path_factory.mktemp("web") / "athanor.db"
    service = Service(f"sqlite:///{db}")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(service, bot_delay=0.02), log_level="warning")
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
    yield url
    server.should_exit = True
    thread.join(10)
    service.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    # bypass_csp lets the test wait on page conditions; the pages themselves run no eval.
    context = browser.new_context(viewport={"width": 1100, "height": 900}, bypass_csp=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def new_table(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = httpx.post(base + "api/tables", json={"game": game, "seats": seats, "you": 0, **extra})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def seat_link(base: str, made: dict[str, Any]) -> str:
    you = made["you"]
    return f"{base}t/{made['id']}#seat={you['seat']}&token={you['token']}"


def audit(page: Page) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()


# -- accessibility audits ----------------------------------------------------------------


def test_the_lobby_passes_an_axe_audit_and_opens_a_table_by_keyboard(base: str, page: Page) -> None:
    page.goto(base)
    expect(page.locator("#game option")).to_have_count(len(athanor.games()))
    audit(page)
    # Keyboard only: choose Potion Party and open the table.
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "game"
    page.keyboard.press("End")  # the last game in the list
    page.locator("#new-table button[type=submit]").focus()
    page.keyboard.press("Enter")
    title = page.locator("#created-title")
    expect(title).to_be_focused()
    expect(page.get_by_role("link", name="Go to your seat (seat 1)")).to_be_visible()
    audit(page)


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_each_games_table_page_passes_an_axe_audit(base: str, page: Page, game: str) -> None:
    spec = athanor.spec(game)
    seats = [{"kind": "person"}] + [{"kind": "bot"}] * (spec.min_players - 1)
    page.goto(seat_link(base, new_table(base, game, seats)))
    expect(page.locator("#options button").first).to_be_visible(timeout=20000)
    expect(page.locator("#log-lines li").first).to_be_visible()
    audit(page)
    log = page.get_by_role("log", name="Game log")
    expect(log).to_have_attribute("aria-live", "polite")
    expect(page.locator("#attention")).to_have_attribute("aria-live", "assertive")


# -- whole games by keyboard -----------------------------------------------------------------


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_a_whole_game_of_each_game_is_played_with_the_keyboard_alone(
    base: str, page: Page, game: str
) -> None:
    spec = athanor.spec(game)
    seats = [{"kind": "person"}] + [{"kind": "bot"}] * (spec.min_players - 1)
    made = new_table(base, game, seats)
    page.goto(seat_link(base, made))
    expect(page.locator("#who")).to_contain_text("seat 1")
    moves = 0
    for _ in range(3000):
        done = page.locator("#record:not([hidden])")
        first = page.locator("#options button:not([disabled])").first
        page.wait_for_function(
            "document.querySelector('#options button:not([disabled])') !== null || "
            "!document.querySelector('#record').hidden",
            timeout=30000,
        )
        if done.count():
            break
        # The question is where focus goes when it is your turn; Tab reaches its first
        # option, and Enter chooses it.
        expect(page.locator("#prompt")).to_be_focused()
        page.keyboard.press("Tab")
        expect(first).to_be_focused()
        label = first.text_content() or ""
        page.keyboard.press("Enter")
        moves += 1
        page.wait_for_function(
            "(label) => { const b = document.querySelector('#options button');"
            " return !b || b.disabled || b.textContent !== label"
            " || document.activeElement.id === 'prompt'; }",
            arg=label,
            timeout=30000,
        )
    assert moves > 0
    expect(page.locator("#prompt")).to_have_text("The game is over.")
    expect(page.locator("#attention")).to_contain_text("Game over.")
    info = httpx.get(base + f"api/tables/{made['id']}").json()
    assert info["status"] == "over" and "seed" in info
    expect(page.locator("#fairness")).to_contain_text(str(info["seed"]))


def test_two_players_at_one_table_each_see_only_their_own_hand(base: str, browser: Browser) -> None:
    made = new_table(
        base,
        "dominion",
        [{"kind": "person"}, {"kind": "person"}],
        public=False,
        options={"kingdom": "first-game"},
    )
    other = f"{base}t/{made['id']}#seat=1&invite={made['invites']['1']}"
    pages = []
    for link in (seat_link(base, made), other):
        ctx = browser.new_context()
        pg = ctx.new_page()
        pg.goto(link)
        pages.append(pg)
    for i, pg in enumerate(pages):
        expect(pg.locator("#who")).to_contain_text(f"seat {i + 1}")
        expect(pg.locator("table").first).to_be_visible()
    hands = []
    for pg in pages:
        section = pg.get_by_role("region", name="Your cards")
        expect(section).to_be_visible()
        hands.append(section.inner_text())
    # Each page shows its own five cards and only a count for the other player's hand.
    for pg in pages:
        players = pg.get_by_role("table", name="Players").inner_text()
        assert "5 cards" in players
    assert hands[0] != "" and hands[1] != ""
    for pg in pages:
        pg.context.close()
