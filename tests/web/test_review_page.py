"""The coach's review on the table page, in headless Chromium: a finished game's player
opens it by keyboard, hears that the coach is at work, lands on the review's heading, reads
the lines and the decisions that mattered most, and steps to one of them in the replay; a
spectator chooses whose decisions. axe-core finds nothing, and nothing scrolls sideways at
1280x800 or at phone width. The coach plays 2 playouts per option here (``Limits``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest

from athanor import catalog
from athanor.web.guard import Limits
from athanor.web.service import Service
from tests.web.conftest import live_server
from tests.web.kit import PHONE, audit, fits_a_phone, new_table, seat_link

Page = Any
GAME = "potion-party"
PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def expect(x: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(x)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Service]]:
    """A live server whose coach has a test's budget, and its service (to finish games
    straight through it)."""
    db = tmp_path_factory.mktemp("review") / "athanor.db"
    service = Service(f"sqlite:///{db}")
    with live_server(service, replace(Limits.loose(), review_playouts=2), bot_delay=0) as url:
        yield url, service
    service.close()


def finished_table(base: str, service: Service, seed: int = 3) -> dict[str, Any]:
    """A table of two person seats (you in seat 1), played to the end by random bots
    through the service."""
    made = new_table(base, GAME, PEOPLE)
    players = [catalog.bot(GAME, "random", seed + s) for s in range(2)]
    for _ in range(5000):
        cached = service.state(made["id"])
        d = cached.state.decision
        if d is None:
            return made
        service.move(made["id"], d.seat, cached.version, players[d.seat].choose(cached.state, d))
    raise AssertionError("the game did not end")


# Every text the review's live status says, in order (a fast review may clear it at once).
RECORD_STATUS = """() => { window.__said = []; const s = document.getElementById('review-status');
  new MutationObserver(() => window.__said.push(s.textContent))
    .observe(s, { childList: true, characterData: true, subtree: true }); }"""


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate(
        "() => document.scrollingElement.scrollWidth - window.innerWidth"
        " + Math.max(0, ...[...document.querySelectorAll('#review *')]"
        "   .filter((e) => e.offsetParent !== null)"
        "   .map((e) => e.getBoundingClientRect().right - window.innerWidth))"
    )
    assert wide <= 1, f"something lies {wide} px beyond the window's right edge"


def test_a_player_reviews_their_game_by_keyboard_and_steps_to_a_moment(
    served: tuple[str, Service], page: Page
) -> None:
    base, service = served
    made = finished_table(base, service)
    page.goto(seat_link(base, made))
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#review-pick")).to_be_hidden()  # a player reviews their own seat
    button = page.locator("#review-open")
    expect(button).to_have_text("Review my game")
    page.wait_for_function("document.activeElement.id === 'results-title'")
    page.evaluate(RECORD_STATUS)
    tab_to(page, "#review-open")
    page.keyboard.press("Enter")
    # The heading of the review takes the focus when it appears.
    expect(page.locator("#review")).to_be_visible(timeout=120_000)
    page.wait_for_function("document.activeElement.id === 'review-title'")
    said = page.evaluate("() => window.__said")
    assert said[0] == "The coach is weighing your decisions; this can take a minute.", said
    expect(page.locator("#review-status")).to_be_hidden()  # said, then cleared
    expect(page.locator("#review-title")).to_have_text("The coach's review of your game")
    review = httpx.get(base + f"api/tables/{made['id']}/review", params={"seat": 0}).json()
    summary = page.locator("#review-summary p").all_text_contents()
    assert summary == review["lines"][:2]
    assert summary[0].startswith("Review of Player 1's game")
    expect(page.locator("#review-how")).to_have_text(review["lines"][-1])
    worst = page.locator("#review-worst li")
    if review["worst"]:
        expect(worst).to_have_count(len(review["worst"]))
        expect(page.locator("#review-worst-title")).to_contain_text("mattered most")
        sentences = {d["index"]: d["sentence"] for d in review["decisions"]}
        assert page.locator("#review-worst li p").all_text_contents() == [
            sentences[i] for i in review["worst"]
        ]
    else:  # no decision clearly worse: said so, and the moments are in the full list
        expect(worst).to_have_text(review["lines"][2])
    # Every decision, folded; its items are reached by Tab once it is open.
    expect(page.locator("#review-all-list")).to_be_hidden()
    if not review["worst"]:
        tab_to(page, "#review-all summary")
        page.keyboard.press("Enter")
    # Tab from the heading to the first "Show this moment" and press it.
    page.locator("#review-title").focus()
    tab_to(page, "#review button.moment")
    moment = page.evaluate("() => document.activeElement.dataset.step")
    assert int(moment) == (review["worst"] or [review["decisions"][0]["index"]])[0]
    expect(page.locator(":focus")).to_have_text("Show this moment")
    page.keyboard.press("Enter")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-step")).to_have_attribute("data-step", moment)
    expect(page.locator("#replay-step")).to_contain_text(f"Step {moment} of")
    expect(page.locator("#replay-step")).to_contain_text("Next, Player 1 chooses:")
    expect(page.locator("#replay-seat")).to_have_value("0")  # seen by the seat reviewed
    # Back to the results: the focus returns to the moment's button.
    page.locator("#replay-close").click()
    expect(page.locator("#review")).to_be_visible()
    assert page.evaluate("() => document.activeElement.dataset.step") == moment
    # The whole panel, with every decision open, passes axe and fits both widths.
    if not page.evaluate("() => document.getElementById('review-all').open"):
        page.locator("#review-all summary").click()
    expect(page.locator("#review-all-list li").first).to_be_visible()
    assert page.locator("#review-all-list li").count() == len(review["decisions"])
    audit(page)
    no_sideways_scroll(page)
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    fits_a_phone(page)
    # Pressed again, the review is shown at once: the focus goes to its heading.
    page.locator("#review-open").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'review-title'")


def test_a_spectator_chooses_whose_decisions_to_review(
    served: tuple[str, Service], page: Page
) -> None:
    base, service = served
    made = finished_table(base, service, seed=11)
    page.goto(base + f"t/{made['id']}")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#review-pick")).to_be_visible()
    expect(page.locator("#review-open")).to_have_text("Review this player's game")
    page.locator("#review-seat").select_option(label="Player 2")
    page.evaluate(RECORD_STATUS)
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_be_visible(timeout=120_000)
    said = page.evaluate("() => window.__said")
    assert said[0] == "The coach is weighing Player 2's decisions; this can take a minute."
    expect(page.locator("#review-title")).to_have_text("The coach's review of Player 2's game")
    expect(page.locator("#review-summary p").first).to_contain_text("Review of Player 2's game")
    page.locator("#review-all summary").click()
    first = page.locator("#review-all-list button.moment").first
    step = first.get_attribute("data-step")
    first.click()
    expect(page.locator("#replay-step")).to_have_attribute("data-step", str(step))
    expect(page.locator("#replay-seat")).to_have_value("1")
    expect(page.locator("#replay-step")).to_contain_text("Next, Player 2 chooses:")
