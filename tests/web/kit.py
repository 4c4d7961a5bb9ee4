"""What the browser tests of the game tables share: a live server, Debian's Chromium driven
by Playwright, tables opened through the API, whole games played by clicking pieces or by
the keyboard alone, and the checks every game's table must pass (axe-core, one screen at
1280x800, nothing sideways at phone width, the focus never on the page's body, the log
at its newest line).

A game's test module imports from here and gets the fixtures ``base``, ``browser`` and
``page`` from ``conftest.py``; without Chromium they are skipped.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx

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
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# The table's own markers (table.js): whose move it is, and the pieces that act now.
MINE = "#table[data-turn='mine']"
OVER = "#table[data-turn='over']"
LEGAL = "#table [data-piece].legal:not([aria-disabled='true'])"
LOOSE = "#choices button:not([disabled])"


def new_table(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Open a table through the API, sitting in seat 1."""
    r = httpx.post(base + "api/tables", json={"game": game, "seats": seats, "you": 0, **extra})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def seat_link(base: str, made: dict[str, Any]) -> str:
    you = made["you"]
    return f"{base}t/{made['id']}#seat={you['seat']}&token={you['token']}"


def bots(n: int) -> list[dict[str, Any]]:
    """Seat 1 for a person, the rest for the game's default bot."""
    return [{"kind": "person"}] + [{"kind": "bot"}] * (n - 1)


def audit(page: Any) -> None:
    """axe-core finds no WCAG 2.x A or AA violation."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()


class Watch:
    """The state messages a page receives, to check what it shows against what it was sent,
    and the moves it sends."""

    def __init__(self, page: Any) -> None:
        self.states: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "state":
            self.states.append(msg)

    def _sent(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") in ("move", "undo"):
            self.sent.append(msg)

    def last(self) -> dict[str, Any]:
        return self.states[-1]


def wait_turn(page: Any, timeout: float = 30000) -> bool:
    """Wait until the page asks this seat something (True) or the game is over (False)."""
    page.wait_for_selector(f"{MINE}, {OVER}", timeout=timeout)
    return page.locator(MINE).count() > 0


def focus_is_not_on_body(page: Any) -> None:
    tag = page.evaluate("document.activeElement ? document.activeElement.tagName : 'NONE'")
    where = page.evaluate(
        "() => [document.getElementById('table').dataset.turn,"
        " document.getElementById('prompt').textContent]"
    )
    assert tag not in ("BODY", "NONE", "HTML"), f"the focus is on {tag} ({where})"


def log_shows_newest(page: Any) -> None:
    """The log's newest line is inside the log's visible box."""
    seen = page.evaluate(
        "() => { const log = document.getElementById('log');"
        " const last = log.querySelector('li:last-child'); if (!last) return true;"
        " const a = log.getBoundingClientRect(), b = last.getBoundingClientRect();"
        " return b.bottom <= a.bottom + 2 && b.top >= a.top - 2"
        "   || [log.scrollTop, log.clientHeight, log.scrollHeight, a.bottom, b.bottom]; }"
    )
    assert seen is True, f"the log does not show its newest line: {seen}"


def wait_settled(page: Any, version_before: str | None) -> None:
    """After a choice: wait until the page has been told of a later version (or the game
    ended), so that the next look sees the new state."""
    page.wait_for_function(
        "(v) => { const t = document.getElementById('table');"
        " return t.dataset.turn !== 'sent' && t.dataset.version !== v; }",
        arg=version_before,
        timeout=30000,
    )


_REACH = """() => {
  const all = [...document.querySelectorAll('#options button[data-id]')].map((b) => b.dataset.id);
  const loose = [...document.querySelectorAll('#choices button[data-id]')].map((b) => b.dataset.id);
  const pieces = [...document.querySelectorAll('#table [data-piece]')];
  const acting = pieces.filter((p) => p.classList.contains('legal'));
  const onPieces = acting.flatMap((p) => (p._options || []).map((o) => o.id));
  const wrong = pieces.filter((p) => p.classList.contains('legal') !== Boolean(p._options)
    || (!p._options && p.getAttribute('aria-disabled') !== 'true')).map((p) => p.dataset.piece);
  return { all, loose, onPieces, wrong };
}"""


def reachable(page: Any) -> None:
    """On the live page: every option of the question acts through a piece or a button by
    the question (never both), and only the pieces with options act."""
    r = page.evaluate(_REACH)
    assert r["all"], "no question on the page"
    assert set(r["onPieces"]).isdisjoint(r["loose"]), r
    assert sorted(set(r["onPieces"]) | set(r["loose"])) == sorted(set(r["all"])), r
    assert r["wrong"] == [], r["wrong"]


def click_choice(page: Any, rng: random.Random, prefer: float = 0.8) -> str:
    """Make one choice by clicking a marked piece (or, for an option that acts on no
    piece, its button by the question); never the numbered list. Before it, every option
    of the question is checked to be reachable that way. Returns what was clicked."""
    reachable(page)
    pieces = page.locator(LEGAL)
    loose = page.locator(LOOSE)
    n, m = pieces.count(), loose.count()
    assert n + m > 0, "a question with nothing to click"
    version = page.get_attribute("#table", "data-version")
    if n and (not m or rng.random() < prefer):
        target = pieces.nth(rng.randrange(n))
        label = target.get_attribute("aria-label") or ""
        menu_first = target.get_attribute("aria-haspopup") == "true"
        target.click()
        if menu_first:
            menu = page.locator("#piece-menu button")
            menu.nth(rng.randrange(menu.count())).click()
    else:
        target = loose.nth(rng.randrange(m))
        label = target.text_content() or ""
        target.click()
    wait_settled(page, version)
    return label


def play_by_clicking(
    page: Any,
    rng: random.Random,
    limit: int = 600,
    every: int = 0,
    check: Any = None,
    prefer: float = 0.8,
) -> int:
    """Play this seat's choices by clicking pieces until the game ends; at every question
    the table fits one screen (at 1280x800), and after each choice the focus is not on the
    body. ``check(page, n)`` runs at every ``every``-th choice.
    Returns the number of choices made."""
    made = 0
    while wait_turn(page):
        log_shows_newest(page)
        if page.viewport_size == DESKTOP:
            fits_one_screen(page)  # at every question of the game, not only the middle
        if every and check is not None and made % every == 0:
            check(page, made)
        click_choice(page, rng, prefer)
        focus_is_not_on_body(page)
        made += 1
        assert made < limit, "the game did not end"
    return made


_FOCUS = """() => { const a = document.activeElement;
  const acting = !!a && (a.matches('#choices button:not([disabled])')
    || (a.matches('[data-piece].legal') && a.getAttribute('aria-disabled') !== 'true'));
  return { acting, zone: !!a && !!a.closest('ul.pieces'),
    menu: !!a && a.getAttribute('aria-haspopup') === 'true' }; }"""


def keyboard_choice(page: Any, rng: random.Random) -> None:
    """Make one choice with the keyboard alone: from the focused question, Tab (a zone is
    one stop, on its first piece that acts) to a piece or button that acts, now and then
    taking the arrow key to the next piece of the zone, then Enter."""
    reachable(page)
    version = page.get_attribute("#table", "data-version")
    skip = rng.randrange(3)
    for _ in range(200):
        page.keyboard.press("Tab")
        got = page.evaluate(_FOCUS)
        if not got["acting"]:
            continue
        if skip:
            skip -= 1
            continue
        if got["zone"] and rng.random() < 0.3:
            page.keyboard.press("ArrowRight")  # the next piece of the zone, if it acts too
            got = page.evaluate(_FOCUS)
            if not got["acting"]:
                page.keyboard.press("ArrowLeft")
                got = page.evaluate(_FOCUS)
                assert got["acting"], "the arrow keys did not come back"
        break
    else:
        raise AssertionError("Tab never reached a piece or button that acts")
    page.keyboard.press("Enter")
    if got["menu"]:
        page.wait_for_selector("#piece-menu:not([hidden]) button")
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
    wait_settled(page, version)


def play_by_keyboard(page: Any, rng: random.Random, limit: int = 600) -> int:
    """Play this seat's choices with the keyboard alone until the game ends."""
    made = 0
    while wait_turn(page):
        page.wait_for_function("document.activeElement && document.activeElement.id === 'prompt'")
        keyboard_choice(page, rng)
        focus_is_not_on_body(page)
        made += 1
        assert made < limit, "the game did not end"
    return made


_FITS = (
    "() => { const d = document.scrollingElement, t = document.getElementById('table');"
    " const bad = [...document.querySelectorAll('#table > *:not([hidden]), #table .zone')]"
    "   .filter((e) => e.offsetParent !== null)"
    "   .filter((e) => { const r = e.getBoundingClientRect();"
    "     return r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1; })"
    "   .map((e) => (e.id || e.className) + ' '"
    "     + Math.round(e.getBoundingClientRect().bottom));"
    " return { page: d.scrollHeight - window.innerHeight,"
    "   table: t.scrollHeight - t.clientHeight,"
    "   wide: d.scrollWidth - window.innerWidth, bad }; }"
)


def _fits(out: dict[str, Any]) -> bool:
    # (1 px of the table is subpixel rounding of the rows' heights, not a scroll anyone sees)
    return out["page"] <= 0 and out["table"] <= 1 and out["wide"] <= 0 and not out["bad"]


def fits_one_screen(page: Any, patience: float = 1.5) -> None:
    """At the page's size (1280x800) nothing scrolls: not the page, not the table, and the
    question and every zone lie inside the window. The layout is measured again for up to
    ``patience`` seconds while it is still settling (a loaded machine may catch a table
    mid-change); an overflow that stays fails."""
    out = page.evaluate(_FITS)
    end = time.monotonic() + patience
    while not _fits(out) and time.monotonic() < end:
        page.wait_for_timeout(100)
        out = page.evaluate(_FITS)
    assert out["page"] <= 0, f"the page scrolls by {out['page']} px"
    assert out["table"] <= 1, f"the table scrolls by {out['table']} px"
    assert out["wide"] <= 0, f"the page scrolls sideways by {out['wide']} px"
    assert out["bad"] == [], out["bad"]


def fits_a_phone(page: Any, hand: str | None = None) -> None:
    """At phone width nothing scrolls sideways, and the question and the first of your own
    pieces (``hand``: a CSS selector) are on the first screen."""
    out = page.evaluate(
        "(hand) => { const d = document.scrollingElement;"
        " const wide = [...document.querySelectorAll('body *')]"
        "   .filter((e) => e.offsetParent !== null"
        "     && e.getBoundingClientRect().right > window.innerWidth + 1)"
        "   .map((e) => e.tagName + '.' + e.className + ': '"
        "     + (e.textContent || '').slice(0, 30));"
        " const q = document.getElementById('question');"
        " const first = hand ? document.querySelector(hand) : null;"
        " return { wide, scroll: d.scrollWidth - window.innerWidth,"
        "   question: q.hidden ? 0 : q.getBoundingClientRect().bottom,"
        "   hand: first ? first.getBoundingClientRect().bottom : 0,"
        "   height: window.innerHeight }; }",
        hand,
    )
    assert out["scroll"] <= 0 and out["wide"] == [], out["wide"]
    assert out["question"] <= out["height"], f"the question ends at {out['question']} px"
    assert out["hand"] <= out["height"], f"your first piece ends at {out['hand']} px"


def settle(page: Any, seconds: float = 0.4) -> None:
    """Let animations and late layout finish before a measurement or a screenshot."""
    time.sleep(seconds)


# -- a staged position: one view drawn by a game's presentation, without a server game -------

_STAGE = """async ([game, view, decision, seat]) => {
  document.body.innerHTML = '<header class="bar"><h1>A staged table</h1></header>'
    + `<main id="game"><div id="table" class="felt" data-game="${game}">`
    + '<div id="table-status"></div><section id="table-opponents"></section>'
    + '<section id="table-shared"></section><section id="question"><h2 id="prompt">Q</h2>'
    + '<div id="choices"></div></section><section id="table-mine"></section></div></main>'
    + '<div id="tip" class="tip" hidden></div>'
    + '<div id="piece-menu" class="piece-menu" hidden></div>';
  document.body.className = 'table-page';
  const board = await import('/static/board.js');
  const g = await board.presentation(game);
  const cards = await (await fetch(`/api/games/${game}/cards`)).json();
  window.__chosen = [];
  const ctx = { seat, table: null, decision, cards, open: null };
  board.render(g, view, ctx);
  const loose = board.bind(g, view, seat, decision, (id) => { window.__chosen.push(id); });
  board.listen();
  return loose.map((o) => o.id);
}"""

_PIECES = """() => [...document.querySelectorAll('#table [data-piece]')].map((p) => ({
  key: p.dataset.piece, legal: p.classList.contains('legal'),
  name: p.getAttribute('aria-label'), options: (p._options || []).map((o) => o.id),
  text: p.getAttribute('aria-describedby') || '' }))"""


def stage(page: Any, base: str, game: str, view: Any, decision: Any, seat: int | None) -> list[str]:
    """Draw one position (a view and the question for ``seat``) on a bare page, as the table
    page would; returns the ids of the options that act on no piece."""
    page.goto(base + "api/games")  # a page of this origin that runs no script of its own
    page.evaluate(
        "() => { const l = document.createElement('link'); l.rel = 'stylesheet';"
        " l.href = '/static/style.css'; document.head.append(l);"
        " document.documentElement.lang = 'en'; document.title = 'A staged table'; }"
    )
    loose: list[str] = page.evaluate(_STAGE, [game, view, decision, seat])
    return loose


def staged_pieces(page: Any) -> list[dict[str, Any]]:
    """Every piece drawn: its key, whether it acts, its accessible name and its options."""
    out: list[dict[str, Any]] = page.evaluate(_PIECES)
    return out


def chosen(page: Any) -> list[str]:
    """The option ids a staged position's pieces and buttons have chosen so far."""
    out: list[str] = page.evaluate("() => window.__chosen")
    return out


def every_option_is_reachable(page: Any, decision: Any, loose: list[str]) -> None:
    """Each legal option acts through a piece or stays a button, and only the pieces whose
    options are legal act: clicking each inert piece chooses nothing, clicking each acting
    piece (with one option) chooses its option."""
    audit(page)
    ids = [o["id"] for o in decision["options"]]
    pieces = staged_pieces(page)
    on_pieces = {i for p in pieces for i in p["options"]}
    assert on_pieces.isdisjoint(loose)
    assert on_pieces | set(loose) == set(ids), (sorted(on_pieces), loose, ids)
    assert all(p["legal"] == bool(p["options"]) for p in pieces)
    inert = page.locator("#table [data-piece].inert")
    for i in range(inert.count()):
        inert.nth(i).click(force=True)
    assert chosen(page) == [], "an inert piece chose something"
    acting = page.locator("#table [data-piece].legal:not([aria-haspopup='true'])")
    for i in range(acting.count()):
        before = len(chosen(page))
        el = acting.nth(i)
        want = el.evaluate("(p) => p._options[0].id")
        el.click()
        assert chosen(page)[before:] == [want]
