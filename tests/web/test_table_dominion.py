"""Dominion's table in the browser: the Supply as a grid of cards, hands and piles as
pieces, a whole game played by clicking pieces and another by the keyboard alone, one
screen at 1280x800 for 2-4 players, a phone's width, and staged positions (reveals,
Possession, Harbinger) whose every option is reachable through a piece or a button."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.dominion.helpers import arrange, game, play
from tests.web.kit import (
    DESKTOP,
    LEGAL,
    PHONE,
    Watch,
    audit,
    bots,
    every_option_is_reachable,
    fits_a_phone,
    fits_one_screen,
    new_table,
    play_by_clicking,
    play_by_keyboard,
    seat_link,
    settle,
    stage,
    staged_pieces,
    wait_turn,
)

HAND = "#table-mine .hand [data-piece]"


def _open(base: str, page: Any, players: int, **options: str) -> dict[str, Any]:
    made = new_table(base, "dominion", bots(players), options=options)
    page.goto(seat_link(base, made))
    return made


def test_a_whole_game_is_played_by_clicking_pieces_alone(base: str, page: Any) -> None:
    watch = Watch(page)
    _open(base, page, 2, kingdom="first-game")
    rng = random.Random(7)
    audited: list[int] = []

    def check(pg: Any, n: int) -> None:
        if n in (0, 30):
            audit(pg)
            audited.append(n)

    made = play_by_clicking(page, rng, every=1, check=check, prefer=0.9)
    assert made > 10 and audited == [0, 30]
    # Only pieces and the buttons by the question were used: every move sent is an option
    # of the question then in front of this seat.
    assert watch.sent and all(m["type"] == "move" for m in watch.sent)
    expect_results(page)
    audit(page)


def expect_results(page: Any) -> None:
    page.wait_for_selector("#results:not([hidden])")
    assert page.locator(".placings li").count() == 2
    assert page.locator(".score-card").count() == 2
    page.locator("#final-table").click()
    assert page.locator("#table-shared").is_visible()


def test_a_whole_game_is_played_with_the_keyboard_alone(base: str, page: Any) -> None:
    _open(base, page, 2, kingdom="first-game")
    made = play_by_keyboard(page, random.Random(3))
    assert made > 10
    page.wait_for_selector("#results:not([hidden])")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_fits_one_screen_and_a_phone(base: str, page: Any, players: int) -> None:
    _open(base, page, players, alchemy="4")
    rng = random.Random(players)
    for _ in range(12):  # into the game: some cards bought, some in play
        if not wait_turn(page):
            break
        from tests.web.kit import click_choice

        click_choice(page, rng, prefer=0.95)
    if wait_turn(page):
        settle(page)
        fits_one_screen(page)
        page.set_viewport_size(PHONE)
        settle(page)
        fits_a_phone(page, HAND)
        audit(page)
        page.set_viewport_size(DESKTOP)


def test_a_buy_is_a_click_on_a_supply_pile_named_for_what_it_does(base: str, page: Any) -> None:
    watch = Watch(page)
    _open(base, page, 2, kingdom="first-game")
    wait_turn(page)
    q = watch.last()["decision"]
    ids = [o["id"] for o in q["options"]]
    buys = [i for i in ids if i.startswith("buy:")]
    assert buys, ids
    pile = page.locator(f"#table [data-piece='supply:{buys[-1][4:]}']")
    left = watch.last()["view"]["supply"][buys[-1][4:]]
    label = next(o["label"] for o in q["options"] if o["id"] == buys[-1])
    assert pile.get_attribute("aria-label") == f"{label}, {left} left"
    assert pile.get_attribute("aria-describedby")
    # A pile the coins do not reach is drawn but inert, and says so to a screen reader.
    gold = page.locator("#table [data-piece='supply:Gold']")
    if "buy:Gold" not in ids:
        assert gold.get_attribute("aria-disabled") == "true"
    # Its text shows on hover.
    gold.hover()
    tip = page.locator("#tip")
    assert tip.is_visible() and "Treasure" in (tip.text_content() or "")
    pile.click()
    page.wait_for_function("document.getElementById('table').dataset.turn !== 'sent'")
    assert watch.sent[-1]["option"] == buys[-1]


# -- staged positions: each legal option reachable, and only legal pieces act ----------------


def _staged(page: Any, base: str, s: Any, seat: int) -> tuple[Any, list[str]]:
    d = s.decision
    assert d is not None
    decision = d.to_json()
    loose = stage(page, base, "dominion", s.view(seat), decision, seat)
    return decision, loose


def test_a_buy_phase_position_acts_through_its_piles_and_hand(base: str, page: Any) -> None:
    s = game("Village", "Smithy")
    arrange(s, 0, hand=["Copper", "Copper", "Silver", "Estate", "Village"], step="buy", actions=0)
    decision, loose = _staged(page, base, s, 0)
    assert loose == ["end", "treasures"]
    every_option_is_reachable(page, decision, loose)
    keys = {p["key"] for p in staged_pieces(page) if p["legal"]}
    assert "hand:0:Copper" in keys and "supply:Silver" in keys and "supply:Gold" not in keys


def test_sentry_s_looked_at_cards_are_pieces_with_a_menu(base: str, page: Any) -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Curse", "Estate", "Gold"])
    play(s, "play:Sentry")
    decision, loose = _staged(page, base, s, 0)
    assert loose == []
    every_option_is_reachable(page, decision, loose)
    curse = [p for p in staged_pieces(page) if p["key"] == "revealed:0:Curse"]
    assert curse and curse[0]["options"] == ["trash:Curse", "discard:Curse", "back:Curse"]
    page.locator("#table [data-piece='revealed:0:Curse']").click()
    page.locator("#piece-menu button", has_text="Discard Curse").click()
    assert page.evaluate("() => window.__chosen") == ["discard:Curse"]
    # The other player sees that two cards are looked at, not which.
    loose = stage(page, base, "dominion", s.view(1), None, 1)
    assert not [p for p in staged_pieces(page) if p["key"].startswith("revealed:0:")]


def test_golem_s_revealed_actions_are_played_from_the_table(base: str, page: Any) -> None:
    s = game("Golem", "Village", "Smithy")
    arrange(s, 0, hand=["Golem", "Smithy"], deck=["Village", "Copper", "Smithy", "Gold"])
    play(s, "play:Golem")
    decision, loose = _staged(page, base, s, 0)
    every_option_is_reachable(page, decision, loose)
    legal = {p["key"] for p in staged_pieces(page) if p["legal"]}
    # Golem plays the revealed Smithy, not the one in hand.
    assert legal == {"revealed:0:Village", "revealed:0:Smithy"}
    # Everyone sees what Golem revealed.
    stage(page, base, "dominion", s.view(1), None, 1)
    assert {p["key"] for p in staged_pieces(page)} >= {"revealed:0:Village", "revealed:0:Smithy"}


def test_scrying_pool_asks_about_the_other_player_s_revealed_card(base: str, page: Any) -> None:
    s = game("Scrying Pool")
    arrange(
        s,
        0,
        hand=["Scrying Pool", "Potion"],
        deck=["Estate", "Copper"],
        others={1: {"deck": ["Gold", "Copper"]}},
    )
    play(s, "play:Scrying Pool", "back:Estate")
    decision, loose = _staged(page, base, s, 0)
    every_option_is_reachable(page, decision, loose)
    assert {p["key"] for p in staged_pieces(page) if p["legal"]} == {"revealed:1:Gold"}


def test_harbinger_shows_the_discard_pile_it_looks_through(base: str, page: Any) -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"], discard=["Gold", "Estate", "Silver"])
    play(s, "play:Harbinger")
    decision, loose = _staged(page, base, s, 0)
    assert loose == ["none"]
    every_option_is_reachable(page, decision, loose)


def test_possession_lays_the_possessed_hand_before_the_possessor(base: str, page: Any) -> None:
    s = game("Possession", "Village")
    arrange(
        s,
        0,
        hand=["Possession", "Potion", "Gold", "Silver"],
        others={1: {"hand": ["Village", "Copper", "Copper"], "deck": ["Copper"] * 5}},
    )
    play(s, "play:Possession", "end")
    while s.decision is not None and s.current != 1:
        play(s, s.decision.ids[0])
    assert s.possessor == 0 and s.current == 1
    decision, loose = _staged(page, base, s, 0)
    every_option_is_reachable(page, decision, loose)
    status = page.locator("#table-status").inner_text()
    assert "Possession" in status and "you decide" in status
    hand = page.locator("#table-mine .zone-title").first.text_content()
    assert hand == "Bo's hand, which you play (3 cards)"


def test_the_page_marks_legal_pieces_for_the_decider_only(base: str, page: Any) -> None:
    s = game("Militia")
    arrange(s, 0, hand=["Militia"], others={1: {"hand": ["Copper"] * 4 + ["Estate"]}})
    play(s, "play:Militia")
    assert s.decision is not None and s.decision.seat == 1
    # Seat 1 is asked: its hand's pieces act.
    decision, loose = _staged(page, base, s, 1)
    every_option_is_reachable(page, decision, loose)
    assert page.locator(LEGAL).count() == 2


def test_a_card_s_text_shows_on_hover_focus_and_a_long_press(base: str, page: Any) -> None:
    s = game("Village", "Smithy")
    arrange(s, 0, hand=["Village", "Copper"], step="action")
    _staged(page, base, s, 0)
    tip = page.locator("#tip")
    village = page.locator("#table [data-piece='hand:0:Village']")
    village.focus()
    assert tip.is_visible() and "+2 Actions" in (tip.text_content() or "")
    # The same text is the piece's accessible description.
    described = village.get_attribute("aria-describedby") or ""
    assert "+2 Actions" in page.locator(f"[id='{described}']").text_content()
    page.locator("#table [data-piece='supply:Smithy']").hover()
    assert "+3 Cards" in (tip.text_content() or "")
    # A long press on a phone shows the text and does not play the card.
    page.evaluate(
        "() => { const p = document.querySelector(\"[data-piece='hand:0:Village']\");"
        " const t = new Touch({ identifier: 1, target: p, clientX: 5, clientY: 5 });"
        " p.dispatchEvent(new TouchEvent('touchstart', { touches: [t], bubbles: true })); }"
    )
    page.wait_for_timeout(700)
    assert "+2 Actions" in (tip.text_content() or "")
    page.evaluate(
        "() => { const p = document.querySelector(\"[data-piece='hand:0:Village']\");"
        " p.dispatchEvent(new TouchEvent('touchend', { bubbles: true })); p.click(); }"
    )
    assert page.evaluate("() => window.__chosen") == []
    # A short tap plays it.
    village.click()
    assert page.evaluate("() => window.__chosen") == ["play:Village"]
