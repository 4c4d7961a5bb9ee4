"""Potion-Making's table in the browser: what it shows against the view it was sent."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor.engine.text import plural
from athanor.games.potion_making.cards import load
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


def test_potion_making_shows_its_view_hand_desk_players_and_sequences(
    base: str, page: Page
) -> None:
    cs = load()
    watch = TurnWatch(page)
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


@pytest.mark.parametrize("game", ["potion-making"])
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
