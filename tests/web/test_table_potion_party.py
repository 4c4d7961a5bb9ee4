"""Potion Party's table in the browser: the pool, the groups, the Darkness set aside and the
saved dice drawn as dice, Super Dice as tokens, each alchemist's progress toward the potion; a
whole game played by clicking pieces and another by the keyboard alone; one screen at
1280x800 for 2, 3 and 4 players and a phone's width; staged positions (each kind of question
the game asks) whose every option is reachable through a piece or a button; the results; and
what the table shows checked against the view it was drawn from."""

from __future__ import annotations

import random
from typing import Any

import pytest

from athanor.games.potion_party.data import ALCHEMISTS, DEFAULT_FACES, RECIPES
from athanor.games.potion_party.rules import PotionPartyState, StartTurn
from tests.potion_party.helpers import pick, roll, table
from tests.web.kit import (
    DESKTOP,
    PHONE,
    Watch,
    audit,
    bots,
    click_choice,
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

MINE = "#table-mine [data-piece]"
WORDS = {
    "ruby": "Ruby Stardust",
    "sapphire": "Sapphire Stardust",
    "emerald": "Emerald Stardust",
    "darkness": "Darkness",
    "heart": "Alchemy (heart)",
    "potion": "Alchemy (potion)",
}
ORDER = ("ruby", "sapphire", "emerald", "darkness", "heart", "potion")


def _open(base: str, page: Any, players: int, **options: str) -> dict[str, Any]:
    made = new_table(base, "potion-party", bots(players), options=options)
    page.goto(seat_link(base, made))
    return made


def _staged(
    page: Any, base: str, s: PotionPartyState, seat: int | None = None
) -> tuple[Any, list[str]]:
    d = s.decision
    assert d is not None
    seat = d.seat if seat is None else seat
    decision = d.to_json() if seat == d.seat else None
    loose = stage(page, base, "potion-party", s.view(seat), decision, seat)
    return decision, loose


def _acting(page: Any) -> dict[str, list[str]]:
    """Each acting piece's key with the options it carries."""
    return {p["key"]: p["options"] for p in staged_pieces(page) if p["legal"]}


def _names(page: Any, selector: str) -> list[str]:
    names: list[str] = page.locator(selector).evaluate_all("(ps) => ps.map((p) => p._name)")
    return names


# -- what the table shows, against the view ---------------------------------------------------


def _face(colour: str, face: str) -> str:
    if face == "dark":
        return f"{colour} Darkness"
    if face.isdigit():
        return f"{colour} {face} star{'s' if face != '1' else ''}"
    return {"heart": "blue heart", "potion": "red potion"}.get(face, f"{colour} {face}")


def shows_the_view(page: Any, v: dict[str, Any], seat: int | None) -> None:
    """The turn's dice, each alchemist's progress, saved dice and Super Dice as the view
    says."""
    t = v["this_turn"]
    names = v["names"]
    r = v["recipe"]
    playing = v["current"] is not None and v["current"] >= 0 and v["winner"] is None
    if playing and (v["question"] or {}).get("kind") not in ("alchemist", "recipe"):
        # The pool: one die a piece, blue before red, each named by its face.
        pool = [d for d in t["pool"] if d[1] != "dark"]
        pool.sort(key=lambda d: d[0] != "blue")
        shown = _names(page, "#table [data-piece^='pool:']")
        assert len(shown) == len(pool)
        for (c, f), name in zip(pool, shown, strict=True):
            want = _face(c, f) if f else f"{c} die in the pool, not rolled"
            assert name.startswith(want[0].upper() + want[1:]), name
        # Groups with their Stardust, the Darkness set aside.
        groups = _names(page, "#table [data-piece^='group:']")
        assert len(groups) == len(t["groups"])
        for (c, f, n), name in zip(t["groups"], groups, strict=True):
            kind = {"blue": "Sapphire", "red": "Ruby"}[c]
            assert name == f"Group of {n} {c} {f}-star dice, {int(f) * n} {kind} Stardust"
        aside = _names(page, "#table [data-piece^='aside:']")
        assert sorted(n.split(" ")[0].lower() for n in aside) == sorted(t["darkness"])
        # What the turn has collected.
        got = page.locator(".pp-haul").inner_text()
        for k in ORDER:
            if t["tally"][k]:
                assert f"+{t['tally'][k]}" in got
    for i in range(len(names)):
        whose = "Your" if i == seat else f"{names[i]}'s"
        # Progress toward the potion, each need in words.
        if r:
            label = f"{whose} progress toward the {r['title']}"
            said = page.locator(
                f'ul.needs[aria-label="{label}"] .visually-hidden'
            ).all_inner_texts()
            want = [k for k in ORDER if k in r["needs"]]
            assert len(said) == len(want)
            for k, text in zip(want, said, strict=True):
                assert text.startswith(f"{WORDS[k]}: {v['totals'][i][k]} of {r['needs'][k]}")
        # Saved dice and Super Dice beside the alchemist.
        saved = page.locator(f"#table [data-piece^='saved:{i}:']").count()
        assert saved == len(v["saved"][i])
        assert page.locator(f"#table [data-piece='super:{i}']").count() == v["super_dice"][i]
        a = v["alchemists"][i]
        if a:
            card = page.locator(f"#table [data-piece='alch:{i}']")
            assert a["title"] in (card.evaluate("(p) => p._name") or "")
            assert card.get_attribute("aria-describedby")
        if i != seat:
            panel = page.locator(f"#table-opponents .seat[aria-label='{names[i]}']")
            assert panel.count() == 1
            if r:
                have = sum(min(v["totals"][i][k], n) for k, n in r["needs"].items())
                assert f"{have} of {sum(r['needs'].values())} ingredients" in panel.inner_text()


# -- whole games ------------------------------------------------------------------------------


def test_a_whole_game_is_played_by_clicking_pieces_alone(base: str, page: Any) -> None:
    watch = Watch(page)
    _open(base, page, 2)
    rng = random.Random(11)
    audited: list[int] = []

    def check(pg: Any, n: int) -> None:
        msg = watch.last()
        shows_the_view(pg, msg["view"], 0)
        if n in (0, 6, 20):
            audit(pg)
            audited.append(n)

    made = play_by_clicking(page, rng, every=1, check=check, prefer=0.9)
    assert made > 3 and audited[:2] == [0, 6]
    # Every move sent is an option of the question then in front of this seat, made through a
    # piece or a button by the question (never the numbered list); the alchemist was chosen
    # on its card.
    assert watch.sent and all(m["type"] == "move" for m in watch.sent)
    assert any(m["option"] in ALCHEMISTS for m in watch.sent)
    expect_results(page, watch.last()["view"])
    audit(page)


def expect_results(page: Any, v: dict[str, Any]) -> None:
    """The results: each alchemist's totals against the recipe, the brewer first."""
    page.wait_for_selector("#results:not([hidden])")
    cards = page.locator(".pp-score")
    assert cards.count() == len(v["names"])
    r = v["recipe"]
    first = cards.first.locator("h3").inner_text()
    if v["winner"] is not None:
        name = v["names"][v["winner"]] + (" (you)" if v["winner"] == 0 else "")
        assert first.startswith(f"{name} brewed the {r['title']} first")
    for i in range(len(v["names"])):
        who = "Your" if i == 0 else f"{v['names'][i]}'s"
        rows = page.locator(f'.pp-score[aria-label="{who} totals"] li').all_inner_texts()
        want = [k for k in ORDER if k in r["needs"]]
        assert len(rows) == len(want)
        for k, row in zip(want, rows, strict=True):
            have, need = v["totals"][i][k], r["needs"][k]
            assert row.startswith(f"{WORDS[k]}: {have}")
            assert str(need) in row and (("✓" in row) == (have >= need))
    page.locator("#final-table").click()
    assert page.locator("#table-shared").is_visible()
    shows_the_view(page, v, 0)
    page.locator("#final-table").click()


def test_a_whole_game_is_played_with_the_keyboard_alone(base: str, page: Any) -> None:
    _open(base, page, 2, recipe="speed")
    made = play_by_keyboard(page, random.Random(3))
    assert made >= 3
    page.wait_for_selector("#results:not([hidden])")


# -- one screen and a phone -------------------------------------------------------------------


def _into_the_game(base: str, page: Any, players: int, options: dict[str, str]) -> Watch:
    """Click pieces and buttons for a few turns (some dice saved, groups formed), until this
    seat is asked again; a table the bots win before that is opened again."""
    watch = Watch(page)
    rng = random.Random(players)
    for _table in range(4):
        _open(base, page, players, **options)
        for _ in range(6):
            if not wait_turn(page):
                break
            click_choice(page, rng, prefer=0.7)
        if wait_turn(page):
            return watch
    raise AssertionError("every game ended too soon")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"recipe": "speed"}),
        (3, {"alchemists": "random", "recipe": "invisibility"}),
        (4, {"alchemists": "random", "recipe": "soul-jar"}),
    ],
)
def test_the_table_fits_one_screen_and_a_phone(
    base: str, page: Any, players: int, options: dict[str, str]
) -> None:
    watch = _into_the_game(base, page, players, options)
    settle(page)
    fits_one_screen(page)
    shows_the_view(page, watch.last()["view"], 0)
    page.set_viewport_size(PHONE)
    settle(page)
    fits_a_phone(page, MINE)
    # Your own pieces come right after the question, kept short: the pool starts on the first
    # screen too.
    pool = page.locator("#table [data-piece^='pool:']")
    if pool.count():
        assert pool.first.bounding_box()["y"] < PHONE["height"]
    audit(page)
    page.set_viewport_size(DESKTOP)


def test_a_crowded_turn_fits_one_screen_with_four_alchemists(base: str, page: Any) -> None:
    """Four alchemists on the Soul Jar, with saved dice and Super Dice beside every card, and a
    turn that has a pool, groups, Darkness, a kept die, dice used and a new Super Die."""
    s = table(
        players=4,
        recipe="soul-jar",
        alchemists=("orc", "witch", "kobold", "lich"),
        start=False,
    )
    s.saved = [["blue"], ["red", "blue"], ["blue", "blue"], ["red"]]
    s.supers = [0, 1, 0, 0]  # one green die stays free for the new Super Die
    s.totals[1].update(ruby=15, sapphire=16, darkness=3, heart=1, emerald=1)
    s.totals[2].update(ruby=9, sapphire=12)
    s.stack.append(StartTurn(0))
    s._run()
    roll(s, "blue:dark blue:1 blue:1 red:potion red:2 red:dark")
    pick(s, "keep", "super")
    _staged(page, base, s)
    settle(page, 0.2)
    fits_one_screen(page)
    shows_the_view(page, s.view(0), 0)
    assert page.locator("#table [data-piece='new-super']").count() == 1
    assert page.locator("#table [data-piece^='spent:']").count() == 1  # the rolled potion
    audit(page)
    page.set_viewport_size(PHONE)
    settle(page, 0.2)
    fits_a_phone(page, MINE)
    page.set_viewport_size(DESKTOP)


def test_a_spectator_sees_every_alchemist_along_the_top(base: str, page: Any) -> None:
    made = new_table(base, "potion-party", bots(3), options={"alchemists": "random"})
    page.goto(f"{base}t/{made['id']}")
    page.wait_for_selector("#table-opponents .seat")
    assert "You are watching" in page.locator("#who").inner_text()
    assert page.locator("#table-opponents .seat").count() == 3
    assert page.locator(MINE).count() == 0
    audit(page)


# -- staged positions: each kind of question, every option reachable, only legal pieces act ---


def _faces() -> dict[str, str]:
    return {f"{c}_faces": ",".join(f) for c, f in DEFAULT_FACES.items()}


def test_the_alchemist_and_the_recipe_are_chosen_on_their_cards(base: str, page: Any) -> None:
    s = PotionPartyState.new(2, 5, {"recipe": "choose", "alchemists": "choose", **_faces()})
    decision, loose = _staged(page, base, s)
    assert loose == []
    every_option_is_reachable(page, decision, loose)
    assert set(_acting(page)) == {f"alchemist:{k}" for k in ALCHEMISTS}
    lich = page.locator("#table [data-piece='alchemist:lich']")
    assert lich.get_attribute("aria-label") == (
        'Skeleton "Lich": On the first roll of each turn, may roll up to half of the Darkness '
        "dice (rounded down) again instead of setting them aside."
    )
    lich.hover()
    assert "Darkness" in (page.locator("#tip").text_content() or "")
    audit(page)
    pick(s, "lich")
    decision, loose = _staged(page, base, s)
    # The chosen alchemist lies in its player's place and no longer acts.
    assert "alchemist:lich" not in _acting(page)
    every_option_is_reachable(page, decision, loose)
    pick(s, "orc")
    decision, loose = _staged(page, base, s)
    assert loose == []
    every_option_is_reachable(page, decision, loose)
    assert set(_acting(page)) == {f"recipe:{k}" for k in RECIPES}
    jar = page.locator("#table [data-piece='recipe:soul-jar']").evaluate("(p) => p._name")
    assert jar.startswith("Soul Jar (complex), needs 15 Ruby Stardust, 16 Sapphire Stardust")


def test_a_heart_and_a_potion_act_on_their_dice_in_the_pool(base: str, page: Any) -> None:
    # The Soul Jar needs both Alchemy faces: each die may be saved or taken (a menu).
    s = table(recipe="soul-jar", first_roll="blue:1 blue:1 blue:heart red:1 red:potion red:dark")
    decision, loose = _staged(page, base, s)
    assert loose == ["stop", "greedy", "super"]
    every_option_is_reachable(page, decision, loose)
    assert _acting(page) == {
        "pool:blue:heart": ["save-heart", "take-heart"],
        "pool:red:potion": ["save-potion", "take-potion"],
    }
    heart = page.locator("#table [data-piece='pool:blue:heart']")
    heart.click()
    page.locator("#piece-menu button", has_text="Take the heart").click()
    assert page.evaluate("() => window.__chosen") == ["take-heart"]
    audit(page)
    # A simple recipe: the heart die is saved with one click.
    s = table(first_roll="blue:1 blue:1 blue:heart red:1 red:2 red:dark")
    decision, loose = _staged(page, base, s)
    assert _acting(page) == {"pool:blue:heart": ["save-heart"]}
    assert page.locator("#table [data-piece='pool:blue:heart']").get_attribute("aria-label") == (
        "Save the blue heart die for next turn"
    )
    every_option_is_reachable(page, decision, loose)


def test_a_saved_die_is_rolled_or_kept_from_beside_the_alchemist(base: str, page: Any) -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop", "stop")
    decision, loose = _staged(page, base, s)
    assert loose == []
    every_option_is_reachable(page, decision, loose)
    assert _acting(page) == {"waiting:0:0": ["add", "keep"]}
    # The die lies among your own pieces, and the pool waits unrolled.
    assert page.locator("#table-mine [data-piece='waiting:0:0']").count() == 1
    assert page.locator("#table [data-piece='pool:blue:unrolled']").count() == 3


def test_the_lich_marks_darkness_dice_to_roll_again(base: str, page: Any) -> None:
    s = table(
        alchemists=("lich", "orc"),
        first_roll="blue:dark blue:dark blue:dark red:dark red:2 red:2",
    )
    decision, loose = _staged(page, base, s)
    assert loose == ["done"]
    every_option_is_reachable(page, decision, loose)
    assert _acting(page) == {"dark:blue": ["mark-blue"], "dark:red": ["mark-red"]}
    pick(s, "mark-blue")
    decision, loose = _staged(page, base, s)
    every_option_is_reachable(page, decision, loose)
    marked = _names(page, "#table [data-piece='marked:blue']")
    assert marked == ["Blue Darkness die, marked to roll again"]


def test_a_new_super_die_is_rolled_or_kept_by_buttons(base: str, page: Any) -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:1 red:potion red:dark")
    pick(s, "super")
    decision, loose = _staged(page, base, s)
    assert loose == ["roll", "keep"] and _acting(page) == {}
    every_option_is_reachable(page, decision, loose)
    assert page.locator("#table [data-piece='new-super']").count() == 1
    roll(s, "green:4")
    pick(s, "roll")
    decision, loose = _staged(page, base, s)
    assert loose == ["ruby", "sapphire"]
    every_option_is_reachable(page, decision, loose)
    assert _names(page, "#table [data-piece='new-super']") == [
        "Your new Super Die, showing green 4 stars, rolled"
    ]


def test_a_super_die_s_alchemy_face_is_chosen_by_buttons(base: str, page: Any) -> None:
    s = table(recipe="soul-jar", first_roll="blue:1 blue:1 blue:heart red:1 red:potion red:dark")
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    decision, loose = _staged(page, base, s)
    # take-heart here is the Super Die's face, not the pool's heart (there is none left).
    assert set(loose) == {"save-blue", "save-red", "take-heart", "take-potion", "none"}
    every_option_is_reachable(page, decision, loose)


def test_sabotage_rolls_the_saboteur_s_super_die(base: str, page: Any) -> None:
    s = table(players=3, first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    s.supers[2] = 2
    pick(s, "stop")
    decision, loose = _staged(page, base, s)
    assert decision["seat"] == 2 and loose == ["pass"]
    every_option_is_reachable(page, decision, loose)
    assert _acting(page) == {"super:2": ["sabotage"]}
    assert page.locator("#table-mine [data-piece='super:2']").count() == 2
    # The player who stopped sees the question is someone else's: nothing acts.
    stage(page, base, "potion-party", s.view(0), None, 0)
    assert _acting(page) == {}
    roll(s, "green:3")
    pick(s, "sabotage")
    decision, loose = _staged(page, base, s)
    assert loose == ["ruby", "sapphire", "done"]
    every_option_is_reachable(page, decision, loose)
    die = _names(page, "#table [data-piece='sabotage-die']")
    assert die == ["Your Sabotage die, showing 3 stars, 3 left to take"]
    audit(page)


def test_results_after_the_round_limit_put_the_closest_alchemist_first(
    base: str, page: Any
) -> None:
    s = table(
        players=3, recipe="choking-mist", first_roll="blue:1 blue:1 blue:2 red:3 red:1 red:dark"
    )
    s.totals[0].update(ruby=5, sapphire=3)
    s.totals[1].update(ruby=15, sapphire=14, potion=1)
    s.totals[2].update(ruby=20, sapphire=2)
    s.out_of_time = True
    v = s.view(0)
    page.goto(base + "api/games")
    texts = page.evaluate(
        """async (view) => {
          const g = await import('/static/games/potion-party.js');
          const node = g.results(view, null, 0);
          document.body.append(node);
          return [...node.querySelectorAll('h3, .pp-out-of-time')].map((e) => e.textContent);
        }""",
        v,
    )
    assert texts == [
        "After 50 rounds nobody had brewed the Choking Mist Bomb: the alchemist with the most "
        "ingredients toward it wins.",
        "P1: 30 of 31 ingredients",
        "P2: 17 of 31 ingredients",
        "P0 (you): 8 of 31 ingredients",
    ]
    rows = page.locator(".pp-score").first.locator("li").all_inner_texts()
    assert rows == [
        "Ruby Stardust: 15, needs 15 ✓",
        "Sapphire Stardust: 14, needs 14 ✓",
        "Alchemy (potion): 1 of 2 (1 short)",
    ]


def test_the_layout_check_waits_out_a_passing_overflow_but_not_a_lasting_one(
    base: str, page: Any
) -> None:
    """The kit's one-screen check measures again while the table settles: a zone that grows
    for a moment passes, one that stays too tall fails."""
    s = table(players=2, first_roll="blue:1 blue:1 blue:2 red:3 red:1 red:2")
    stage(page, base, "potion-party", s.view(0), None, 0)
    fits_one_screen(page)
    grow = (
        "(ms) => { const e = document.createElement('div'); e.style.height = '900px';"
        " document.getElementById('table-mine').append(e);"
        " if (ms) setTimeout(() => e.remove(), ms); }"
    )
    page.evaluate(grow, 300)
    fits_one_screen(page)
    page.evaluate(grow, 0)
    with pytest.raises(AssertionError, match="scrolls"):
        fits_one_screen(page, patience=0.3)
