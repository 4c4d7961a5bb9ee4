"""The Crucible's table in the browser: what it shows against the view it was sent."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor.engine.text import plural
from athanor.games.crucible.cards import NAME, RANK, SUIT, SUITS, face_of
from tests.web.kit import PHONE, Watch, audit, new_table, seat_link

Page = Locator = Any


def expect(x: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(x)


class TurnWatch(Watch):
    """The state messages a page receives, so that what it shows can be checked against
    the very view it was sent."""

    def my_turn(self, page: Page) -> dict[str, Any] | None:
        """Wait until the page asks this seat something (or the game ends); the view then
        stands still until the seat answers. Returns that state message."""
        from tests.web.kit import wait_turn

        wait_turn(page)
        last = self.states[-1]
        return last if last["decision"] else None


def choose_first(page: Page) -> None:
    """Choose the question's first option, through whatever acts for it."""
    from tests.web.kit import wait_settled

    version = page.get_attribute("#table", "data-version")
    page.locator("#options button").first.evaluate("(b) => b.click()")
    wait_settled(page, version)


def fits_a_phone(page: Page) -> None:
    """At 390 CSS pixels wide nothing sticks out sideways, and the audit stays clean."""
    page.set_viewport_size(PHONE)
    wide = page.evaluate(
        "() => [...document.querySelectorAll('#table *')]"
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
    watch = TurnWatch(page)
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


@pytest.mark.parametrize("game", ["crucible"])
def test_a_spectator_sees_the_table_but_no_hand(base: str, page: Page, game: str) -> None:
    spec = athanor.spec(game)
    seats = [{"kind": "person"}] + [{"kind": "bot"}] * (spec.min_players - 1)
    made = new_table(base, game, seats)
    page.goto(f"{base}t/{made['id']}")
    expect(page.locator("#who")).to_contain_text("You are watching")
    expect(page.locator(f".{game} .turn")).to_be_visible()
    expect(page.locator("#table")).to_contain_text("Spectators see no hand.")
    expect(page.get_by_role("region", name="Your cards")).to_have_count(0)
    audit(page)
