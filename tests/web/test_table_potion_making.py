"""Potion-Making's table in the browser: your hand's cards with both halves, the Desk of
Elements by element, every player's collected recipes and Great Work Sequences, the decks;
a whole game played by clicking pieces and another by the keyboard alone, one screen at
1280x800 for 2-4 players, a phone's width, what is shown against the view it was sent, the
results, and staged positions whose every option is reachable through a piece or a button."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from athanor.games.potion_making.cards import load
from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import TAKEN, arrange, game, key, play
from tests.web.kit import (
    DESKTOP,
    LEGAL,
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

GAME = "potion-making"
HAND = "#table-mine .pm-hand [data-piece]"
U = "guild,university"


def _open(base: str, page: Any, players: int, mode: str = "practice") -> dict[str, Any]:
    made = new_table(base, GAME, bots(players), options={"expansions": mode})
    page.goto(seat_link(base, made))
    return made


def _copies(label: str) -> int:
    m = re.search(r"(\d+) copies", label)
    return int(m.group(1)) if m else 1


# -- whole games ------------------------------------------------------------------------------


def test_a_whole_game_is_played_by_clicking_pieces_alone(base: str, page: Any) -> None:
    watch = Watch(page)
    _open(base, page, 2)
    rng = random.Random(11)
    audited: list[int] = []

    def check(pg: Any, n: int) -> None:
        if n in (0, 12):
            audit(pg)
            audited.append(n)
        if n % 4 == 0:
            shows_its_view(pg, watch.last())

    made = play_by_clicking(page, rng, every=1, check=check, prefer=0.95)
    assert made > 10 and audited == [0, 12]
    # Only pieces and the buttons by the question were used: every move sent is an option
    # of the question then in front of this seat.
    assert watch.sent and all(m["type"] == "move" for m in watch.sent)
    results_show_how_the_points_were_made(page, watch.last()["view"])
    audit(page)
    # The replay with every card open: each player's hand lies face up in their panel.
    page.locator("#replay-open").click()
    page.select_option("#replay-seat", "open")  # at the start: the hands just dealt
    page.wait_for_selector(".pm-seat .pm-hand [data-piece]")
    assert page.locator(".pm-seat").count() == 2
    assert page.locator("#table [data-piece].legal").count() == 0
    audit(page)


def test_a_whole_game_is_played_with_the_keyboard_alone(base: str, page: Any) -> None:
    _open(base, page, 2)
    made = play_by_keyboard(page, random.Random(5))
    assert made > 10
    page.wait_for_selector("#results:not([hidden])")


def results_show_how_the_points_were_made(page: Any, view: dict[str, Any]) -> None:
    """One score card a player, its rows adding up to the player's points."""
    page.wait_for_selector("#results:not([hidden])")
    cards = page.locator(".pm-breakdown .score-card")
    assert cards.count() == len(view["players"])
    for i, p in enumerate(view["players"]):
        rows = p["breakdown"]
        assert rows is not None and sum(r[3] for r in rows) == p["score"]
        card = cards.nth(i)
        assert card.locator("h3").inner_text().endswith(f"{p['score']} points") or p["score"] == 1
        text = card.inner_text()
        for kind, name, _n, _pts in rows:
            if kind in ("recipe", "sequence"):
                assert name in text
        heads = card.locator(".row-head").all_inner_texts()
        sums = [int(re.search(r": (\d+) points?$", x).group(1)) for x in heads]  # type: ignore[union-attr]
        assert sum(sums) == p["score"]
    page.locator("#final-table").click()
    assert page.locator("#table-shared .pm-desk").is_visible()
    page.locator("#final-table").click()


# -- what is shown against the view it was sent ----------------------------------------------


def shows_its_view(page: Any, msg: dict[str, Any]) -> None:
    """The hand, the Desk, the scores and the decks on the page are those of the view."""
    cs = load()
    v = msg["view"]
    seat = v["viewer"]
    me = v["players"][seat]
    # Your hand: one piece per distinct card (copies stacked), each with both halves.
    stacks = Counter(cs.cards[c].key for c in me["hand"])
    pieces = page.locator(HAND)
    got: Counter[str] = Counter()
    for i in range(pieces.count()):
        p = pieces.nth(i)
        k = p.get_attribute("data-piece")[len("hand:") :]
        got[k] += _copies(p.get_attribute("aria-label") or "")
        card = next(c for c in cs.cards if c.key == k)
        assert p.locator(".pm-el").inner_text() == " / ".join(card.elements)
    assert got == stacks
    # The Desk: every card, by its key, under the element it lies as.
    desk = Counter(cs.cards[c].key for c in v["desk"])
    got = Counter()
    for p in page.locator("#table-shared .pm-desk [data-piece]").all():
        got[p.get_attribute("data-piece")[len("desk:") :]] += _copies(
            p.get_attribute("aria-label") or ""
        )
    assert got == desk
    there = {e for c in v["desk"] if not cs.cards[c].wild for e in cs.cards[c].elements}
    missing = [e for e in cs.elements if e not in there and e not in cs.wild]
    shown = page.locator(".pm-desk .place.empty .place-name").all_inner_texts()
    assert shown == missing
    # Scores: yours and every other player's, and their hands' sizes by deck.
    assert page.locator(".pm-me .score").inner_text() == f"★ {me['score']} points".replace(
        " 1 points", " 1 point"
    )
    others = [i for i in range(len(v["players"])) if i != seat]
    panels = page.locator(".pm-seat")
    assert panels.count() == len(others)
    for n, i in enumerate(others):
        p = v["players"][i]
        panel = panels.nth(n)
        assert panel.locator(".seat-name").inner_text().startswith(v["names"][i])
        assert str(p["score"]) in panel.locator(".score").inner_text()
        assert f"Hand: {p['hand_size']} card" in panel.locator(".backs").inner_text()
        held = panel.locator(".pm-collected [data-piece]")
        assert held.count() == len(p["collected"])
    # The decks and their counts.
    for d, n in v["decks"].items():
        deck = page.locator(f"#table-status [data-piece='deck:{d}']")
        assert deck.locator(".badge").inner_text() == str(n)


def test_the_table_shows_its_view_with_sequences(base: str, page: Any) -> None:
    cs = load()
    watch = Watch(page)
    _open(base, page, 3, "guild")
    assert wait_turn(page)
    msg = watch.last()
    shows_its_view(page, msg)
    v = msg["view"]
    me = v["players"][0]
    # Your Sequence card: three tracks of seven steps, with the next step of each a piece.
    card = cs.sequence_cards[me["sequence_card"]]
    title = page.locator("#table-mine .pm-tracks .zone-title").inner_text()
    assert card.name.upper() in title.upper()
    for j, seq in enumerate(card.sequences):
        steps = me["sequences"][j]
        name, pts = seq.steps[len(steps)]
        nxt = page.locator(f"#table-mine [data-piece='next:{j + 1}']")
        label = nxt.get_attribute("aria-label") or ""
        assert name in label or f"{name}, {pts} points" in label
        cells = page.locator("#table-mine .pm-tracks .track").nth(j).locator(".cell")
        assert cells.count() == 7
    audit(page)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_fits_one_screen_and_a_phone(base: str, page: Any, players: int) -> None:
    mode = {2: "practice", 3: "guild", 4: U}[players]
    _open(base, page, players, mode)
    rng = random.Random(players)
    for _ in range(10):  # into the game: cards laid, recipes collected, Sequences begun
        if not wait_turn(page):
            break
        click_choice(page, rng, prefer=0.95)
    if wait_turn(page):
        settle(page)
        fits_one_screen(page)
        page.set_viewport_size(PHONE)
        settle(page)
        fits_a_phone(page, HAND)
        audit(page)
        page.set_viewport_size(DESKTOP)


def test_a_spectator_sees_the_table_but_no_hand(base: str, page: Any) -> None:
    made = new_table(base, GAME, [{"kind": "person"}, {"kind": "bot"}])
    page.goto(f"{base}t/{made['id']}")
    page.wait_for_selector("#table-shared .pm-desk")
    assert "You are watching" in page.locator("#who").inner_text()
    assert page.locator("#table [data-piece^='hand:']").count() == 0
    assert page.locator(".pm-seat").count() == 2
    audit(page)


def test_a_lay_is_a_click_on_the_hand_card_named_for_what_it_does(base: str, page: Any) -> None:
    watch = Watch(page)
    _open(base, page, 2)
    assert wait_turn(page)
    q = watch.last()["decision"]
    lays = [o for o in q["options"] if o["id"].startswith("lay:")]
    # Quoted as a CSS string: a card's name may hold an apostrophe (Snake's Eye).
    piece = json.dumps(f"hand:{lays[0]['id'][4:]}", ensure_ascii=False)
    target = page.locator(f"#table-mine [data-piece={piece}]").first
    opts = [o for o in q["options"] if o["id"][o["id"].index(":") + 1 :] == lays[0]["id"][4:]]
    if len(opts) == 1:
        assert (target.get_attribute("aria-label") or "").startswith(lays[0]["label"])
    else:
        assert target.get_attribute("aria-haspopup") == "true"
    assert target.get_attribute("aria-describedby")
    # The card's text shows on hover.
    target.hover()
    assert page.locator("#tip").is_visible()
    # A Desk card acts on no play: it is drawn, inert.
    desk = page.locator("#table-shared .pm-desk [data-piece]")
    assert desk.count() and desk.first.get_attribute("aria-disabled") == "true"
    target.click()
    if len(opts) > 1:
        page.locator("#piece-menu button", has_text=lays[0]["label"]).click()
    page.wait_for_function("document.getElementById('table').dataset.turn !== 'sent'")
    assert watch.sent[-1]["option"] == lays[0]["id"]


# -- staged positions: each legal option reachable, and only legal pieces act ----------------


def _staged(page: Any, base: str, s: PotionMakingState, seat: int | None = None) -> Any:
    d = s.decision
    assert d is not None
    who = d.seat if seat is None else seat
    decision = d.to_json()
    loose = stage(page, base, GAME, s.view(who), decision, who)
    every_option_is_reachable(page, decision, loose)
    return decision, loose


def _legal(page: Any) -> set[str]:
    return {p["key"] for p in staged_pieces(page) if p["legal"]}


def bottom(s: PotionMakingState, element: str, n: int = 1, kind: str = "") -> list[str]:
    """Keys of ``n`` distinct kinds of card with this bottom (and top kind)."""
    out: list[str] = []
    for c in s.cs.cards:
        fits = c.elements == (element,) and (not kind or c.type.kind == kind)
        if fits and c.key not in out and c.type.deck in s.deck_names:
            out.append(c.key)
        if len(out) == n:
            return out
    raise AssertionError(f"no {n} cards showing {element}")


def a_play_with_every_kind_of_move(s: PotionMakingState) -> None:
    """A Guild play: collect, add a Sequence step, cast a spell, lay, or take a card."""
    s.seq_card[0] = 0  # the Panacea of Life card: step 1 of Sequence 1 is the Elixir of Knowledge
    arrange(
        s,
        0,
        hands={0: ["Elixir of Knowledge", "Spell of Knowledge", "Love Potion", "Elixir of Fire"]},
        desk=[*bottom(s, "Fiery Light"), *bottom(s, "Fern Flower"), "Isidas Mortum"],
        step="second",
    )


def a_choice_of_desk_card(s: PotionMakingState) -> None:
    fiery = bottom(s, "Fiery Light", 2, "recipe")
    arrange(
        s,
        0,
        hands={0: ["Elixir of Knowledge"]},
        desk=[*fiery, *bottom(s, "Fern Flower")],
        step="play",
    )
    play(s, f"brew:{key(s, 'Elixir of Knowledge')}")


def a_choice_of_collected_recipe(s: PotionMakingState) -> None:
    """Whose Elixir of Flight: yours, Bo's, or the one in Bo's Sequence (step 5 of 6)."""
    s.seq_card[1] = 2  # Red Tincture: Sequence 1's step 5 is the Elixir of Flight
    arrange(
        s,
        0,
        hands={0: ["Hippogriff"]},
        collected={0: ["Isidas Mortum", "Elixir of Flight"], 1: ["Elixir of Flight"]},
        seqs={1: {0: [TAKEN] * 4 + ["Elixir of Flight", "Great Elixir of Timelessness"]}},
        step="second",
    )
    play(s, f"brew:{key(s, 'Hippogriff')}")


def transformation(s: PotionMakingState) -> None:
    arrange(
        s,
        0,
        hands={0: ["Spell of Transformation", "Love Potion"]},
        desk=["Isidas Mortum", "Elixir of Fire", "Spell of Knowledge"],
        collected={0: ["Elixir of Oblivion", "Ward Solution"]},
        step="play",
    )
    play(s, f"spell:{key(s, 'Spell of Transformation')}")


def transformation_then(s: PotionMakingState) -> None:
    transformation(s)
    assert s.decision is not None
    play(s, s.decision.ids[0])


def destruction(s: PotionMakingState) -> None:
    arrange(
        s,
        0,
        hands={0: ["Spell of Destruction", "Love Potion"]},
        collected={
            0: [
                ("Great Elixir of Might", ["Elixir of Strength", "Elixir of Secret Sight"], []),
                ("Powder of Truth", ["Elixir of Knowledge"], ["Isidas Mortum"]),
            ]
        },
        step="play",
    )
    play(s, f"spell:{key(s, 'Spell of Destruction')}")


def knowledge(s: PotionMakingState) -> None:
    arrange(
        s,
        0,
        hands={0: ["Spell of Knowledge", "Love Potion"]},
        desk=["Isidas Mortum", "Elixir of Fire", "Spell of Destruction"],
        step="play",
    )
    play(s, f"spell:{key(s, 'Spell of Knowledge')}")


def transmutation(s: PotionMakingState) -> None:
    s.seq_card[0] = 2  # Red Tincture: 1 Elixir of Fire, 2 Elixir of Fidelity, 3 Elixir of Albedo
    arrange(
        s,
        0,
        hands={0: ["Spell of Transmutation", "Elixir of Fidelity", "Emanation of Authority"]},
        step="second",
    )
    play(s, f"spell:{key(s, 'Spell of Transmutation')}")


def trismegistus_takes(s: PotionMakingState) -> None:
    arrange(s, 0, hands={0: ["Spell of Trismegistus", "Love Potion"]}, step="third")
    play(s, f"spell:{key(s, 'Spell of Trismegistus')}")


def trismegistus_returns(s: PotionMakingState) -> None:
    trismegistus_takes(s)
    for _ in range(5):
        play(s, "draw:Practice")


def athanor(s: PotionMakingState) -> None:
    arrange(
        s,
        0,
        hands={0: ["Spell of Athanor", "Love Potion", "Isidas Mortum"]},
        desk=["Supreme Elixir", "Elixir of Fire"],
        step="third",
    )
    play(s, f"spell:{key(s, 'Spell of Athanor')}")


def athanor_then(s: PotionMakingState) -> None:
    athanor(s)
    play(s, "desk:Supreme Elixir" if "desk:Supreme Elixir" in s.legal() else s.legal()[0])


def a_step_from_hand_or_collection(s: PotionMakingState) -> None:
    s.seq_card[0] = 2  # Red Tincture: step 1 of Sequence 1 is the Elixir of Fire
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire", "Love Potion"]},
        collected={1: ["Elixir of Fire"]},
        step="second",
    )
    play(s, "step:1")


def the_stone(s: PotionMakingState) -> None:
    s.seq_card[0] = 2
    seq = s.cs.sequence_cards[2].sequences[0]
    arrange(
        s,
        0,
        hands={0: [seq.stone, "Love Potion"]},
        seqs={0: {0: [name for name, _ in seq.steps[:6]]}},
        step="third",
    )


def a_first_phase_draw(s: PotionMakingState) -> None:
    arrange(s, 0, hands={0: ["Love Potion"]}, step="start")


def whirlpool(s: PotionMakingState) -> None:
    w = key(s, "Magic Whirlpool")
    arrange(
        s, 0, hands={0: [w, "Love Potion"], 1: ["Elixir of Fire", "Isidas Mortum"]}, step="third"
    )
    play(s, f"spell:{w}")


def creation(s: PotionMakingState) -> None:
    c = key(s, "Spell of Creation")
    arrange(s, 0, hands={0: [c, "Love Potion", "Elixir of Fire"]}, step="third")
    play(s, f"spell:{c}")


def overthrow(s: PotionMakingState) -> None:
    o = key(s, "Spell of Overthrow")
    arrange(
        s,
        0,
        hands={0: [o, "Love Potion"]},
        collected={1: ["Elixir of Fire", "Isidas Mortum"]},
        step="third",
    )
    play(s, f"spell:{o}")


def usefulness(s: PotionMakingState) -> None:
    arrange(
        s,
        0,
        hands={0: ["Lesser Talisman of Usefulness"]},
        desk=[
            *bottom(s, "Quintessence of Will"),
            *bottom(s, "Mushrooms"),
            *bottom(s, "Astral Energy"),
            "Elixir of Fire",
        ],
        step="third",
    )
    play(s, f"brew:{key(s, 'Lesser Talisman of Usefulness')}")
    while (
        s.decision is not None and s.decision.ids[0].startswith("desk:") and "none" not in s.legal()
    ):
        play(s, s.decision.ids[0])


def destruction_keeps(s: PotionMakingState) -> None:
    destruction(s)
    might = next(r for r in s.collected[0] if s.card(r).name == "Great Elixir of Might")
    play(s, f"mine:{might}")


def a_second_desk_card(s: PotionMakingState) -> None:
    """Telepathic Remedy: its Bloodstone chosen, now its Thought Energy."""
    arrange(
        s,
        0,
        hands={0: ["Telepathic Remedy"]},
        desk=[
            *bottom(s, "Bloodstone", 2, "recipe"),
            *bottom(s, "Thought Energy", 2, "recipe"),
            *bottom(s, "Mushrooms"),
        ],
        step="play",
    )
    play(s, f"brew:{key(s, 'Telepathic Remedy')}")
    play(s, s.legal()[0])


# -- what each position shows besides (page, state) -------------------------------------------


def _holdings_where_they_lie(page: Any, s: PotionMakingState) -> None:
    mine = next(r for r in s.collected[0] if s.card(r).name == "Elixir of Flight")
    in_seq = s.seqs[1][0][4]
    assert _legal(page) == {f"held:{mine}", f"held:{s.collected[1][0]}", f"held:{in_seq}"}
    seq_piece = page.locator(f"#table-opponents [data-piece='held:{in_seq}']")
    assert "step 5 of Bo's" in (seq_piece.get_attribute("aria-label") or "")
    # The Isidas Mortum already chosen is marked, and so is the Hippogriff being collected.
    assert page.locator("#table-mine .pm-strip.picked").count() == 1
    assert page.locator("#table-mine .pm-card.brewing").count() == 1


def _the_components(page: Any, s: PotionMakingState) -> None:
    zone = page.locator("#table-mine .pm-components")
    assert zone.locator(".zone-title").text_content() == "Inside your Great Elixir of Might"
    assert zone.locator("[data-piece].legal").count() == 2


def _a_chosen_desk_card(page: Any, s: PotionMakingState) -> None:
    picked = page.locator("#table-shared .pm-strip.picked")
    assert picked.count() == 1
    assert "chosen" in (picked.get_attribute("aria-label") or "")
    assert "Collecting Telepathic Remedy." in page.locator("#table-status").inner_text()


def _acting(*keys: str) -> Callable[[Any, PotionMakingState], None]:
    def check(page: Any, s: PotionMakingState) -> None:
        assert set(keys) <= _legal(page), sorted(_legal(page))

    return check


Check = Callable[[Any, PotionMakingState], None]
STAGED: list[tuple[str, str, Callable[[PotionMakingState], None], list[str], Check]] = [
    # (mode, name, set-up, the buttons by the question, what else the position shows)
    ("guild", "play", a_play_with_every_kind_of_move, [], _acting("next:1", "deck:Guild")),
    ("practice", "desk", a_choice_of_desk_card, [], _acting()),
    ("practice", "desk-again", a_second_desk_card, [], _a_chosen_desk_card),
    ("guild", "holding", a_choice_of_collected_recipe, [], _holdings_where_they_lie),
    ("practice", "transform-mine", transformation, [], _acting()),
    ("practice", "transform-desk", transformation_then, [], _acting("desk:Isidas Mortum")),
    ("practice", "destroy", destruction, [], _acting()),
    ("practice", "destroy-keep", destruction_keeps, [], _the_components),
    ("practice", "knowledge", knowledge, [], _acting("desk:Isidas Mortum", "desk:Elixir of Fire")),
    ("guild", "transmute", transmutation, [], _acting("next:1", "next:3")),
    ("guild", "trismegistus-draw", trismegistus_takes, [], _acting("deck:Practice", "deck:Guild")),
    ("guild", "trismegistus-return", trismegistus_returns, [], _acting("hand:Love Potion")),
    ("guild", "athanor-desk", athanor, [], _acting("desk:Supreme Elixir")),
    ("guild", "athanor-hand", athanor_then, [], _acting()),
    ("guild", "step-source", a_step_from_hand_or_collection, [], _acting("hand:Elixir of Fire")),
    ("guild", "stone", the_stone, [], _acting("next:1")),
    ("guild", "first-phase", a_first_phase_draw, [], _acting("deck:Practice", "deck:Guild")),
    (U, "creation", creation, ["done"], _acting("hand:Love Potion")),
    (U, "overthrow", overthrow, [], _acting()),
    (U, "usefulness", usefulness, ["none"], _acting("desk:Elixir of Fire")),
]


@pytest.mark.parametrize(
    ("mode", "name", "setup", "buttons", "check"), STAGED, ids=[x[1] for x in STAGED]
)
def test_staged_positions_act_through_their_pieces(
    base: str,
    page: Any,
    mode: str,
    name: str,
    setup: Callable[[PotionMakingState], None],
    buttons: list[str],
    check: Check,
) -> None:
    s = game(mode)
    setup(s)
    _decision, loose = _staged(page, base, s)
    assert loose == buttons, (name, loose)
    check(page, s)
    if name in ("holding", "destroy-keep"):
        audit(page)


def test_the_whirlpool_asks_another_player_at_the_table(base: str, page: Any) -> None:
    s = game(U)
    whirlpool(s)
    assert s.decision is not None and s.decision.seat == 1
    _decision, loose = _staged(page, base, s)
    assert loose == ["pass"]
    assert _legal(page) == {"hand:Elixir of Fire", "hand:Isidas Mortum"}
    # Ana, who cast it, sees her hand inert and Bo deciding.
    stage(page, base, GAME, s.view(0), None, 0)
    assert not _legal(page)
    assert "Bo decides now" in page.locator("#table-status").inner_text()


def test_the_end_of_a_game_shows_each_score_as_it_was_made(base: str, page: Any) -> None:
    """A finished game (played by bots in Python) drawn as the page draws its results."""
    s = game("guild", players=3, seed=4)
    from athanor.games.potion_making.bots import make_bot

    agents = [make_bot(i) for i in range(3)]
    while s.decision is not None:
        s.apply(agents[s.decision.seat].choose(s, s.decision))
    v = s.view(0)
    stage(page, base, GAME, v, None, 0)
    node = page.evaluate(
        """async ([view]) => {
          const g = await import('/static/games/potion-making.js');
          const box = document.createElement('div'); box.id = 'results-box';
          box.append(g.results(view, null, 0, {}));
          document.body.append(box);
          return box.querySelectorAll('.score-card').length; }""",
        [v],
    )
    assert node == 3
    for i, p in enumerate(v["players"]):
        card = page.locator("#results-box .score-card").nth(i)
        assert str(p["score"]) in card.locator("h3").inner_text()
        assert p["breakdown"] and sum(r[3] for r in p["breakdown"]) == p["score"]
    assert "(you)" in page.locator("#results-box .score-card h3").first.inner_text()
    # The final table: no question, every piece inert.
    assert page.locator(LEGAL).count() == 0
