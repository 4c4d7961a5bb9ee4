"""The browser client in headless Chromium (Debian's, driven by Playwright): the lobby,
every game's table audited by axe-core and played whole with the keyboard alone, two
players at one table who each see only their own hand, replays, play again, and what the
Crucible and Potion-Making tables show against their views. Fixtures: conftest.py;
shared steps and checks: kit.py (each game's own table tests are test_table_<game>.py)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

import athanor
from tests.web.kit import (
    Watch,
    audit,
    bots,
    new_table,
    play_by_keyboard,
    seat_link,
)

Browser = Page = Locator = Any


def expect(x: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(x)


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


def test_the_lobby_offers_the_four_levels_each_with_its_line(base: str, page: Page) -> None:
    page.goto(base)
    page.select_option("#game", "dominion")
    spec = athanor.spec("dominion")
    bot = page.locator("#seat-1-bot")
    expect(bot).to_have_value("normal")
    levels = bot.locator("optgroup[label=Levels] option")
    expect(levels).to_have_count(4)
    assert levels.all_inner_texts() == ["easy", "normal (default)", "hard", "expert"]
    about = page.locator("#seat-1-bot-about")
    expect(about).to_have_text(spec.levels["normal"].line)
    # The level's line and its measured strength are both read with the choice.
    assert bot.get_attribute("aria-describedby") == "seat-1-bot-about seat-1-bot-rating"
    expect(page.locator("#seat-1-bot-rating")).to_have_text(re.compile(r"^Rating 1500\b"))
    bot.select_option("hard")
    expect(page.locator("#seat-1-bot-rating")).to_have_text(re.compile(r"^Rating 1[6-9]\d\d "))
    bot.select_option("expert")
    expect(about).to_have_text(spec.levels["expert"].line)
    audit(page)


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_each_games_table_page_passes_an_axe_audit(base: str, page: Page, game: str) -> None:
    spec = athanor.spec(game)
    page.goto(seat_link(base, new_table(base, game, bots(spec.min_players))))
    page.wait_for_selector("#table[data-turn='mine']", timeout=20000)
    expect(page.locator("#log-lines li").first).to_be_visible()
    audit(page)
    # The log is a log that does not speak each line; one polite summary a turn does, and
    # one assertive region says what needs attention now.
    log = page.get_by_role("log", name="Game log")
    expect(log).to_have_attribute("aria-live", "off")
    expect(page.locator("#summary")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#attention")).to_have_attribute("aria-live", "assertive")
    # The numbered list of every choice is one key away, and the number keys choose from it.
    expect(page.locator("#options")).to_be_hidden()
    page.locator("#prompt").focus()
    page.keyboard.press("l")
    expect(page.locator("#options")).to_be_visible()
    expect(page.locator("#options button").first).to_be_focused()
    audit(page)


# -- whole games by keyboard -----------------------------------------------------------------


def test_a_game_played_with_the_keyboard_alone_ends_with_its_results_and_its_seed(
    base: str, page: Page
) -> None:
    # Each game's own whole game by the keyboard is in test_table_<game>.py.
    game = "potion-party"
    spec = athanor.spec(game)
    made = new_table(base, game, bots(spec.min_players))
    page.goto(seat_link(base, made))
    expect(page.locator("#who")).to_contain_text("seat 1")
    assert play_by_keyboard(page, random.Random(5)) > 0
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results-title")).to_be_focused()
    expect(page.locator("#attention")).to_contain_text("Game over.")
    info = httpx.get(base + f"api/tables/{made['id']}").json()
    assert info["status"] == "over" and "seed" in info
    expect(page.locator("#fairness")).to_contain_text(str(info["seed"]))


def test_the_number_keys_choose_from_the_list(base: str, page: Page) -> None:
    watch = Watch(page)
    page.goto(seat_link(base, new_table(base, "potion-party", bots(2))))
    page.wait_for_selector("#table[data-turn='mine']")
    q = watch.states[-1]["decision"]
    page.locator("#prompt").focus()
    page.keyboard.press("1")
    page.wait_for_function("document.getElementById('table').dataset.turn !== 'sent'")
    assert watch.sent[-1]["option"] == q["options"][0]["id"]


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
    hands = []
    for i, pg in enumerate(pages):
        expect(pg.locator("#who")).to_contain_text(f"seat {i + 1}")
        hand = pg.locator("#table-mine .hand [data-piece]")
        expect(hand.first).to_be_visible()
        keys = hand.evaluate_all("(ps) => ps.map((p) => p.dataset.piece)")
        assert all(k.startswith(f"hand:{i}:") for k in keys), keys
        hands.append(keys)
        # The other player's hand is a count in their panel, never cards.
        panel = pg.locator("#table-opponents .seat")
        expect(panel).to_have_count(1)
        expect(panel).to_contain_text("Hand 5")
        assert pg.locator(f"#table [data-piece^='hand:{1 - i}:']").count() == 0
    for pg in pages:
        pg.context.close()


def test_a_finished_game_steps_through_its_record_as_athanor_replay_computes(
    base: str, page: Page
) -> None:
    made = new_table(base, "potion-party", bots(2))
    page.goto(seat_link(base, made))
    play_by_keyboard(page, random.Random(2))
    record = httpx.get(base + f"api/tables/{made['id']}/record").json()
    rep = athanor.Replay(
        record["game"],
        record["players"],
        record["seed"],
        record["options"],
        record["names"],
        record["choices"],
    )
    states = [(s.view(0), s.events_for(0)) for s in _each(rep)]
    page.locator("#replay-open").click()
    expect(page.locator("#replay")).to_be_visible()
    steps = len(rep.choices)
    for step in range(steps + 1):
        expect(page.locator("#replay-step")).to_have_attribute("data-step", str(step))
        shown = page.locator("#log-lines li").all_text_contents()
        assert shown == states[step][1], f"step {step}"
        if step < steps:
            page.locator("#replay-forward").click()
    page.locator("#replay-first").click()
    expect(page.locator("#replay-step")).to_have_attribute("data-step", "0")
    audit(page)
    page.locator("#replay-close").click()
    expect(page.locator("#results")).to_be_visible()


def _each(rep: athanor.Replay) -> list[Any]:
    out = []
    for s in rep.states(log=True):
        out.append(s.clone())
    return out


def test_play_again_opens_a_table_with_the_same_seats_for_both_players(
    base: str, browser: Browser
) -> None:
    made = new_table(
        base,
        "potion-party",
        [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}],
        public=False,
    )
    other = f"{base}t/{made['id']}#seat=1&invite={made['invites']['1']}"
    pages = []
    for link in (seat_link(base, made), other):
        ctx = browser.new_context(bypass_csp=True)
        pg = ctx.new_page()
        pg.goto(link)
        pages.append(pg)
    rng = random.Random(4)
    from tests.web.kit import OVER, click_choice

    # Both people play (by clicking) until the game ends.
    deadline = time.time() + 120
    while time.time() < deadline:
        if all(pg.locator(OVER).count() for pg in pages):
            break
        for pg in pages:
            if pg.locator("#table[data-turn='mine']").count():
                click_choice(pg, rng)
        time.sleep(0.05)
    assert all(pg.locator(OVER).count() for pg in pages)
    first, second = pages
    first.locator("#again").click()
    first.wait_for_url(lambda url: made["id"] not in url)
    expect(first.locator("#who")).to_contain_text("seat 1")
    # The other player is told, and takes the same seat with the token they held.
    join = second.get_by_role("button", name="Join the new game in your seat")
    expect(join).to_be_visible()
    join.click()
    second.wait_for_url(lambda url: made["id"] not in url)
    expect(second.locator("#who")).to_contain_text("seat 2")
    assert first.url.split("/t/")[1] == second.url.split("/t/")[1]
    for pg in pages:
        pg.context.close()


def test_each_other_players_turn_is_one_polite_summary(base: str, page: Page) -> None:
    # Every text the polite region is given, in order.
    page.add_init_script(
        "window.__said = []; new MutationObserver(() => { const e ="
        " document.getElementById('summary'); const t = e && e.textContent;"
        " if (t && t !== window.__said[window.__said.length - 1]) window.__said.push(t); })"
        ".observe(document, { subtree: true, childList: true,"
        " characterData: true });"
    )
    made = new_table(
        base,
        "dominion",
        [{"kind": "person"}, {"kind": "bot", "name": "Maria"}],
        options={"kingdom": "first-game"},
    )
    watch = Watch(page)
    page.goto(seat_link(base, made))
    from tests.web.kit import wait_settled, wait_turn

    for _ in range(6):  # end each of your turns at once: Maria plays six turns meanwhile
        assert wait_turn(page)
        version = page.get_attribute("#table", "data-version")
        page.locator("#choices button", has_text="End your turn").click()
        wait_settled(page, version)
    wait_turn(page)
    turn_line = re.compile(r"^Turn \d+: Maria's \d+\w\w turn\.")
    log = page.locator("#log-lines li").all_text_contents()
    seen_at_load = len(watch.states[0]["log"])  # what was there before is not announced
    turns = [line for line in log[seen_at_load:] if turn_line.match(line)]
    assert len(turns) >= 5
    # The polite region gets its words 20 ms after it is cleared (so that the same words
    # are heard again): wait for the last turn's summary before reading what was said.
    page.wait_for_function(
        "n => window.__said.filter(t => /^Turn \\d+: Maria's/.test(t)).length >= n",
        arg=len(turns),
        timeout=5000,
    )
    said: list[str] = page.evaluate("() => window.__said")
    theirs = [t for t in said if turn_line.match(t)]
    # One summary a turn, starting with the turn's line and holding the whole turn (what
    # Maria played), without the minor lines (her drawing a new hand).
    assert [t.split(". ")[0] + "." for t in theirs] == turns, (theirs, turns)
    for t in theirs:
        assert "Maria plays" in t and "draws 5 cards" not in t
