"""The browser client in headless Chromium (Debian's, driven by Playwright): whole games
played with the keyboard alone, an axe-core audit of every page, and two players at one
table who each see only their own hand."""

from __future__ import annotations

import json
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
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright  # noqa: E402

from athanor.engine.text import plural  # noqa: E402
from athanor.games.crucible.cards import NAME, RANK, SUIT, SUITS, face_of  # noqa: E402
from athanor.games.potion_making.cards import load  # noqa: E402
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


# -- what the table shows: the Crucible and Potion-Making against their views ----------------


class Watch:
    """The state messages a page receives, so that what it shows can be checked against
    the very view it was sent."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "state":
            self.states.append(msg)

    def my_turn(self, page: Page) -> dict[str, Any] | None:
        """Wait until the page asks this seat something (or the game ends); the view then
        stands still until the seat answers. Returns that state message."""
        page.wait_for_function(
            "document.querySelector('#options button:not([disabled])') !== null || "
            "!document.querySelector('#record').hidden",
            timeout=30000,
        )
        for _ in range(200):
            if self.states and (self.states[-1]["decision"] or self.states[-1]["over"]):
                break
            time.sleep(0.05)
        last = self.states[-1]
        return last if last["decision"] else None


def choose_first(page: Page) -> None:
    first = page.locator("#options button:not([disabled])").first
    label = first.text_content() or ""
    first.click()
    page.wait_for_function(
        "(label) => { const b = document.querySelector('#options button');"
        " return !b || b.disabled || b.textContent !== label; }",
        arg=label,
        timeout=30000,
    )


def fits_a_phone(page: Page) -> None:
    """At 390 CSS pixels wide nothing sticks out sideways, and the audit stays clean."""
    page.set_viewport_size({"width": 390, "height": 800})
    wide = page.evaluate(
        "() => [...document.querySelectorAll('#board *')]"
        ".filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)"
        ".map((e) => e.tagName + ': ' + e.textContent.slice(0, 40))"
    )
    assert wide == [], wide
    audit(page)


def spoken(items: Locator) -> list[str]:
    """Each element's text without what is hidden from screen readers (the suit symbols)."""
    texts: list[str] = items.evaluate_all(
        "(els) => els.map((e) => { const c = e.cloneNode(true);"
        " c.querySelectorAll('[aria-hidden=true]').forEach((x) => x.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); })"
    )
    return texts


def row_texts(page: Page, caption: str) -> list[list[str]]:
    grid = page.get_by_role("table", name=caption, exact=True)
    expect(grid).to_be_visible()
    rows: list[list[str]] = grid.locator("tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.innerText.trim()))"
    )
    return rows


TIMES = "\u00d7"  # the multiplication sign, as in "Bat Wing times 2"


def and_words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def mine(names: list[str], i: int, seat: int) -> str:
    return f"{names[i]} (you)" if i == seat else names[i]


def test_the_crucible_shows_its_view_hand_tasks_reaction_and_alchemists(
    base: str, page: Page
) -> None:
    watch = Watch(page)
    seats = [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
    msg = None
    # Play the first option until someone has played to a reaction before you. About one
    # table in twenty is lost before that (a task turns impossible): then open another.
    for _table in range(5):
        watch.states.clear()
        page.goto(seat_link(base, new_table(base, "crucible", seats, options={"mission": 4})))
        for _ in range(60):
            msg = watch.my_turn(page)
            if msg is None or msg["view"]["plays"]:
                break
            choose_first(page)
        if msg is not None:
            break
    assert msg is not None and msg["view"]["plays"], "no reaction in progress was reached"
    v = msg["view"]
    names = v["names"]

    # Your hand: grouped by suit in the suits' order, lowest first, each card by name.
    hand = sorted(v["hand"], key=lambda c: (SUIT[face_of(c["face"])], RANK[face_of(c["face"])]))
    region = page.get_by_role("region", name="Your cards")
    expect(region.locator("h3")).to_have_text(f"Your hand: {plural(len(hand), 'card')}")
    cards = region.locator("li.card")
    expect(cards).to_have_count(len(hand))
    expect(cards).to_contain_text([c["name"] for c in hand])
    suits = sorted({SUIT[face_of(c["face"])] for c in hand})
    count = {s: sum(1 for c in hand if SUIT[face_of(c["face"])] == s) for s in suits}
    assert spoken(region.locator(".suit-label")) == [f"{SUITS[s]} ({count[s]})" for s in suits]
    for card, text in zip(hand, spoken(cards), strict=True):
        assert text.startswith(card["name"])
        assert ("transmuted from" in text) == card["flipped"]

    # Every drafted task with its owner and its state, in draft order.
    words = {"open": "Open", "done": "Done", "failed": "Failed"}
    rows = row_texts(page, "Drafted tasks, in draft order")
    assert [r[0] for r in rows] == [t["text"] for t in v["tasks"]]
    assert [r[1] for r in rows] == [mine(names, t["owner"], 0) for t in v["tasks"]]
    assert [r[2].split()[-1] for r in rows] == [words[t["status"]] for t in v["tasks"]]

    # The reaction in progress: who played what, and the total against the limit or target.
    played = row_texts(page, "Cards played, in order")  # a card shows "(symbol) Salt 4"
    assert [[r[0], r[1].split(" ", 1)[1]] for r in played] == [
        [mine(names, p, 0), NAME[face_of(code)]] for p, _, code in v["plays"]
    ]
    bound = (
        f"Cauldron Limit {v['limit']}"
        if v["intent"] == "catalyze"
        else f"Transmutation Target {v['target']}"
    )
    expect(page.locator(".reaction .total")).to_contain_text(f"Total {v['total']}")
    expect(page.locator(".reaction .total")).to_contain_text(bound)

    # Each alchemist's cards in hand, tricks won and slag; the slag against the cap.
    rows = row_texts(page, "Alchemists")
    assert [r[1:] for r in rows] == [
        [str(v["hand_sizes"][i]), str(v["tricks_won"][i]), str(v["slag"][i])]
        for i in range(len(names))
    ]
    assert rows[v["lead_alchemist"]][0].endswith("Lead Alchemist")
    slag = sum(v["slag"])
    expect(page.locator(".mission")).to_contain_text(
        f"{slag} of {v['mission']['slag_cap']}: the laboratory is lost at"
    )
    expect(page.locator(".mission")).to_contain_text(v["mission"]["special_text"], ignore_case=True)
    rows = row_texts(page, "Disciplines and Whisper Tokens")
    for i, d in enumerate(v["disciplines"]):
        assert rows[i][1].startswith(f"{d['name']}: {'spent' if d['used'] else 'ready'}")
    audit(page)
    fits_a_phone(page)


def test_potion_making_shows_its_view_hand_desk_players_and_sequences(
    base: str, page: Page
) -> None:
    cs = load()
    watch = Watch(page)
    seats = [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
    made = new_table(base, "potion-making", seats, options={"expansions": "guild"})
    page.goto(seat_link(base, made))
    msg = watch.my_turn(page)
    assert msg is not None
    v = msg["view"]
    me = v["players"][0]

    # Your hand: each card's top and the element on its bottom (identical copies once).
    seen: dict[tuple[str, str], int] = {}
    for c in me["hand"]:
        key = (cs.cards[c].name, cs.cards[c].bottom)
        seen[key] = seen.get(key, 0) + 1
    region = page.get_by_role("region", name="Your cards")
    expect(region.locator("h3")).to_have_text(f"Your hand: {plural(len(me['hand']), 'card')}")
    shown = region.locator("li.pm-card")
    expect(shown).to_have_count(len(seen))
    expect(shown.locator(".pm-name")).to_have_text(
        [name if n == 1 else f"{name} ({n} copies)" for (name, _), n in seen.items()]
    )
    expect(shown.locator(".pm-bottom")).to_have_text([f"Element: {bottom}" for (_, bottom) in seen])

    # The Desk: each element on it, how many cards show it and on which tops; then the
    # elements missing from it.
    order = sorted(v["desk"], key=lambda d: min(cs.elements.index(e) for e in cs.cards[d].elements))
    groups: dict[str, list[str]] = {}
    for d in order:
        groups.setdefault(cs.cards[d].bottom, []).append(cs.cards[d].name)
    expected = []
    for element, tops in groups.items():
        first = list(dict.fromkeys(tops))
        on = [t if tops.count(t) == 1 else f"{t} {TIMES}{tops.count(t)}" for t in first]
        many = f" {TIMES}{len(tops)}" if len(tops) > 1 else ""
        expected.append(f"{element}{many} (on {and_words(on)})")
    assert page.locator("li.desk-card").all_inner_texts() == expected
    there = {e for d in v["desk"] if not cs.cards[d].wild for e in cs.cards[d].elements}
    missing = [e for e in cs.elements if e not in there and e not in cs.wild]
    expect(page.locator(".missing")).to_have_text(
        f"Not on the Desk: {and_words(missing)}." if missing else "Every element is on the Desk."
    )

    # Every player's points and cards in hand; whose turn it is.
    rows = row_texts(page, "Players: points, cards in hand, recipes collected, turns taken")
    assert [r[1] for r in rows] == [str(p["score"]) for p in v["players"]]
    assert [r[2].split(" ")[0] for r in rows] == [str(p["hand_size"]) for p in v["players"]]
    whose = "your turn" if v["current"] == 0 else f"{v['names'][v['current']]}'s turn"
    expect(page.locator(".potion-making .turn")).to_contain_text(f"Turn {v['turn']}: {whose}")

    # Your own Great Work Sequence card: its three Sequences and the step each needs next.
    card = cs.sequence_cards[me["sequence_card"]]
    rows = row_texts(page, f"Your Sequences (the {card.name} card)")
    for j, seq in enumerate(card.sequences):
        steps = me["sequences"][j]
        step, pts = seq.steps[len(steps)]
        assert rows[j][2] == f"{len(steps) + 1}. {step}, {pts} points"
    audit(page)
    fits_a_phone(page)


@pytest.mark.parametrize("game", ["crucible", "potion-making"])
def test_a_spectator_sees_the_table_but_no_hand(base: str, page: Page, game: str) -> None:
    spec = athanor.spec(game)
    seats = [{"kind": "person"}] + [{"kind": "bot"}] * (spec.min_players - 1)
    made = new_table(base, game, seats)
    page.goto(f"{base}t/{made['id']}")
    expect(page.locator("#who")).to_contain_text("You are watching")
    expect(page.locator(f".{game} .turn")).to_be_visible()
    expect(page.locator("#board")).to_contain_text("Spectators see no hand.")
    expect(page.get_by_role("region", name="Your cards")).to_have_count(0)
    audit(page)
