"""Hidden information: views, narration and determinization, over many random games."""

from __future__ import annotations

import json
import re

import athanor
from athanor.engine import RandomAgent
from athanor.games.crucible.cards import FLIP, NAME, SUIT
from athanor.games.crucible.hidden import fits
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import pick, play, table, varied

GAMES = 150


def _games(log: bool = True) -> list[tuple[int, CrucibleState]]:
    out = []
    for seed in range(GAMES):
        s = athanor.new_game("crucible", 3 + seed % 3, seed=seed, options=varied(seed), log=log)
        assert isinstance(s, CrucibleState)
        out.append((seed, s))
    return out


def visible(s: CrucibleState, viewer: int | None) -> set[int]:
    """Every card a seat may see: its hand, and what is public."""
    seen: set[int] = set(s.hands[viewer]) if viewer is not None else set()
    seen.update(c for c in range(58) if s.known[c])
    seen.update(c for _, c in s.plays)
    for zone in (*s.piles, s.slag_pile, s.destroyed):
        seen.update(zone)
    return seen


def view_cards(v: dict) -> set[int]:  # type: ignore[type-arg]
    """Every card id a view names."""
    ids: set[int] = set()
    ids.update(c["id"] for c in v["hand"] or ())
    for known in v["known"]:
        ids.update(c["id"] for c in known)
    ids.update(c for _, c, _ in v["plays"])
    for pile in v["pile_ids"]:
        ids.update(pile)
    ids.update(v["slag_ids"])
    ids.update(v["destroyed_ids"])
    ids.update(w[1] for w in v["whispers"])
    return ids


def test_no_view_shows_another_seats_hand_or_the_cards_out_of_play() -> None:
    for seed, s in _games(log=False):
        agent = RandomAgent(seed)
        step = 0
        while not s.is_over:
            if step % 4 == 0:
                for viewer in [None, *range(s.players)]:
                    v = s.view(viewer)
                    json.dumps(v)
                    assert view_cards(v) <= visible(s, viewer)
                    if viewer is None:
                        assert v["hand"] is None  # a spectator sees no hand
                    else:
                        assert sorted(c["id"] for c in v["hand"]) == sorted(s.hands[viewer])
            s.apply(agent.choose(s, s.decision))  # type: ignore[arg-type]
            step += 1


def test_no_narration_line_shows_a_hidden_card_to_another_seat() -> None:
    names = re.compile("|".join(sorted({n for n in NAME}, key=len, reverse=True)))
    for seed, s in _games(log=True):
        agent = RandomAgent(seed)
        seen_events = 0
        while True:
            assert s.log is not None
            new = s.log[seen_events:]
            seen_events = len(s.log)
            for viewer in [None, *range(s.players)]:
                # A visible card's both faces may be named (a flip, the Apprentice's words).
                open_faces = {NAME[f] for c in visible(s, viewer) for f in (c, FLIP[c])}
                hidden = {
                    NAME[s.face[c]]
                    for seat, hand in enumerate(s.hands)
                    if seat != viewer
                    for c in hand
                    if not s.known[c]
                } - open_faces
                for event in new:
                    for name in names.findall(event.render(viewer)):
                        assert name not in hidden, (seed, viewer, event.render(viewer))
            if s.is_over:
                break
            s.apply(agent.choose(s, s.decision))  # type: ignore[arg-type]


def test_determinize_re_deals_what_the_seat_cannot_see_consistently_with_what_is_public() -> None:
    moved = 0
    for seed, s in _games(log=False):
        agent = RandomAgent(seed)
        step = 0
        while not s.is_over:
            if step % 5 == 2:
                for viewer in range(s.players):
                    d = s.determinize(viewer, seed * 7 + step)
                    d.check_invariants()
                    assert d.view(viewer) == s.view(viewer)
                    assert d.hands[viewer] == s.hands[viewer]
                    asked = s.decision.seat if s.decision else -1
                    bounds = s.hint_bounds()
                    for other in range(s.players):
                        if other in (viewer, asked):
                            assert d.hands[other] == s.hands[other]
                            continue
                        assert len(d.hands[other]) == len(s.hands[other])
                        for c in d.hands[other]:
                            if s.known[c]:
                                assert c in s.hands[other]  # known cards stay where they are
                            else:
                                assert fits(c, (s.voids[other], bounds[other])), (
                                    "a re-dealt card breaks a shown void or a whisper"
                                )
                                assert not s.voids[other] >> SUIT[c] & 1
                        moved += len(set(d.hands[other]) - set(s.hands[other]))
            s.apply(agent.choose(s, s.decision))  # type: ignore[arg-type]
            step += 1
    assert moved > 1000  # hidden cards really are dealt again


def test_determinize_keeps_the_hand_of_the_seat_being_asked() -> None:
    s = table("B9 S1 Q4", "B1 S2 Q5", "B2 S3 Q6")
    pick(s, "catalyze")
    play(s, "B9")
    d = s.determinize(0, 11)
    assert d.hands[1] == s.hands[1] and d.decision == s.decision


def test_determinize_respects_a_shown_void_and_a_whispered_top_card() -> None:
    s = table("B9 S1 Q4 M1 M2", "S2 Q5 Q9 M3 M4", "B2 S3 Q6 M5 M6", tokens=True)
    pick(s, "pass", "whisper:Q9:top", "pass", "catalyze")
    play(s, "B9", "S2", "B2")  # Bo shows no Brimstone
    for seed in range(50):
        d = s.determinize(2, seed)
        bo = d.hands[1]
        assert all(SUIT[c] != 0 for c in bo)
        assert all(not (SUIT[c] == 1 and c % 9 + 1 > 9) for c in bo)
        assert any(c == 17 for c in bo)  # Quicksilver 9, whispered, stays with Bo


def test_the_view_gives_what_a_table_draws_turned_faces_task_cards_and_card_values() -> None:
    """C36: each card in view names the face it turns to, each task its category and timing,
    and each card in the cauldron what it adds to the total."""
    s = table(
        "B9 C2 ~S4",
        "B1 S2 Q5",
        "B2 S3 Q6",
        mission=7,
        tasks=[("win-salt", 0), ("tricks-0", 1)],
        start=False,
    )
    s.revealed = ["win-nine"]
    from athanor.games.crucible.reaction import Reaction

    s.stack.append(Reaction())
    s._run()
    v = s.view(0)
    faces = {c["face"]: c for c in v["hand"]}
    assert faces["B9"]["turns_to"] == "M1" and not faces["B9"]["flipped"]
    assert faces["S4"]["turns_to"] == "L6" and faces["S4"]["flipped"]
    assert faces["C2"]["turns_to"] is None  # a Catalyst never flips
    assert v["tasks"][0] == {
        "id": "win-salt",
        "text": "Win at least one Salt.",
        "category": "Suit Specifics",
        "timing": "completes during play",
        "owner": 0,
        "status": "open",
        "order": 0,
    }
    assert v["tasks"][1]["timing"] == "judged at the end"
    assert v["revealed_tasks"] == [
        {
            "id": "win-nine",
            "text": "Win a 9.",
            "category": "Rank Specifics",
            "timing": "completes during play",
        }
    ]
    pick(s, "catalyze")
    play(s, "C2", "B1")
    v = s.view(2)
    assert [p[2] for p in v["plays"]] == ["C2", "B1"]
    assert v["play_values"] == [10, 1]  # Heavy Metals: a Catalyst counts 10
    assert v["total"] == sum(v["play_values"])
    assert v["winning"] == 0  # the Catalyst wins as it stands


def test_the_view_says_who_would_win_the_reaction_as_it_stands() -> None:
    """C36: the highest card of the lead suit, a Catalyst over it, the Hoarder's claim; after a
    Transmute, who would lead next; nobody before the first card."""
    s = table("B5 S1", "B9 S2", "C1 S3", disciplines=["", "", "hoarder"])
    pick(s, "catalyze")
    assert s.view(0)["winning"] is None
    play(s, "B5", "B9")
    assert s.view(2)["winning"] == 1
    pick(s, "use:hoarder", "confirm")
    assert s.view(0)["winning"] == 2  # the Hoarder claims a safe Catalyze
    s = table("B5 S1", "B9 S2", "C1 S3")
    pick(s, "transmute")
    play(s, "B5", "B9")
    assert s.view(0)["winning"] == 1  # would lead the next reaction
    play(s, "C1")
    assert s.history[-1][1] == 2  # the Catalyst leads next, as the view would have said
