"""Hidden information (M20): a view shows your hand, the open table, every collected recipe and
Sequence, deck sizes and scores, never another seat's hand or a deck's order; narration never
names a card hidden from its reader; determinize re-deals only what a seat cannot see."""

import re
from collections import Counter
from typing import Any

import pytest

from athanor.engine import RandomAgent
from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import BUILTIN_MODES, arrange, game, play


def _visible_names(s: PotionMakingState, viewer: int) -> set[str]:
    names = {s.card(c).name for c in s.hands[viewer]}
    ids = list(s.desk) + list(s.casting)
    for col in s.collected:
        ids += col
    for rs, es in s.under.values():
        ids += list(rs) + list(es)
    for p in s.seqs:
        for x in p:
            ids += [c for c in x if c >= 0]
    for kn in s.known:
        ids += kn
    return names | {s.card(c).name for c in ids}


def _hidden_names(s: PotionMakingState, viewer: int) -> set[str]:
    """Names of cards in other hands that nothing visible to ``viewer`` shares."""
    hidden = {
        s.card(c).name
        for o in range(s.players)
        if o != viewer
        for c in s.hands[o]
        if c not in s.known[o]
    }
    return hidden - _visible_names(s, viewer)


def _ids_shown(view: Any) -> set[int]:
    """Every card id a view shows outside the hands."""
    ids = set(view["desk"]) | set(view["casting"])
    for p in view["players"]:
        ids |= set(p["known"])
        for e in p["collected"]:
            ids |= {e["card"], *e["recipes"], *e["elements"]}
        for x in p["sequences"]:
            ids |= {c for c in x if c >= 0}
    q = view["question"] or {}
    for k in ("card", "recipes", "elements", "memo"):
        v = q.get(k)
        ids |= set(v) if isinstance(v, list) else {v} if isinstance(v, int) else set()
    return ids


def _names_in(s: PotionMakingState, text: str, names: set[str]) -> list[str]:
    """Card names in a sentence, element names (such as Dragon's Tooth) left out."""
    for e in s.cs.elements:
        text = text.replace(e, "")
    return [n for n in names if re.search(re.escape(n) + r"\b", text)]


@pytest.mark.parametrize("mode", BUILTIN_MODES)
def test_no_hand_appears_in_another_seats_view_or_narration(mode: str) -> None:
    for seed in range(20):
        s = game(mode, players=2 + seed % 5, seed=seed)
        agent = RandomAgent(seed)
        seen = 0
        while not s.is_over:
            assert s.log is not None
            new = s.log[seen:]
            seen = len(s.log)
            for viewer in range(s.players):
                view = s.view(viewer)
                for o, p in enumerate(view["players"]):
                    if o == viewer:
                        assert p["hand"] == s.hands[o]
                        continue
                    assert p["hand"] is None
                    assert p["hand_size"] == len(s.hands[o])
                    secret = set(s.hands[o]) - set(s.known[o])
                    assert not secret & _ids_shown(view)
                hidden = _hidden_names(s, viewer)
                for e in new:
                    mine = any(seat == viewer for seat, _ in e.private)
                    if mine and e.kind == "return":
                        continue  # the cards you returned: another copy may be in a hand
                    text = e.render(viewer)
                    assert not _names_in(s, text, hidden), text
            d = s.decision
            assert d is not None
            s.apply(agent.choose(s, d))


@pytest.mark.parametrize("mode", BUILTIN_MODES)
def test_determinize_re_deals_only_what_the_seat_cannot_see(mode: str) -> None:
    for seed in range(8):
        s = game(mode, players=2 + seed % 5, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(20 + 7 * seed):
            d = s.decision
            if d is None:
                break
            s.apply(agent.choose(s, d))
        if s.is_over:
            continue
        d = s.decision
        assert d is not None
        me = (d.seat + 1) % s.players
        other = s.determinize(me, 99)
        other.check_invariants()
        assert other.view(me) == s.view(me)
        assert other.hands[me] == s.hands[me] and other.hands[d.seat] == s.hands[d.seat]
        assert other.desk == s.desk and other.collected == s.collected and other.seqs == s.seqs
        for o in range(s.players):
            backs = Counter(s.card(c).type.deck for c in s.hands[o])
            assert Counter(other.card(c).type.deck for c in other.hands[o]) == backs
            assert set(s.known[o]) <= set(other.hands[o])
        assert {k: len(v) for k, v in other.decks.items()} == {
            k: len(v) for k, v in s.decks.items()
        }


def test_determinize_moves_hidden_cards_between_hands_and_decks() -> None:
    moved = 0
    for seed in range(10):
        s = game("guild", players=3, seed=seed)
        d = s.decision
        assert d is not None
        other = s.determinize(d.seat, seed)
        third = next(o for o in range(3) if o != d.seat)
        moved += other.hands[third] != s.hands[third]
        moved += other.decks["Practice"] != s.decks["Practice"]
    assert moved >= 15


def test_a_sequence_card_stays_secret_until_a_sequence_is_started() -> None:
    s = game("guild")
    s.seq_card = [2, 1]
    arrange(s, 0, hands={0: ["Elixir of Fire", "Love Potion"]}, step="second")
    assert s.view(1)["players"][0]["sequence_card"] is None
    assert s.view(0)["players"][0]["sequence_card"] == 2
    play(s, "step:1")
    assert s.view(1)["players"][0]["sequence_card"] == 2


def test_unrevealed_sequence_cards_are_re_dealt_by_determinize() -> None:
    s = game("guild", players=3, seed=4)
    d = s.decision
    assert d is not None and not any(s.revealed(o) for o in range(3))
    o = (d.seat + 1) % 3
    cards = {s.determinize(d.seat, seed).seq_card[o] for seed in range(20)}
    assert cards == {s.seq_card[o], s.seq_card[(d.seat + 2) % 3]}


def test_the_prompt_is_shown_only_to_the_seat_deciding() -> None:
    s = game("guild")
    d = s.decision
    assert d is not None
    other = 1 - d.seat
    assert s.view(d.seat)["prompt"] == d.prompt
    assert s.view(other)["prompt"] == f"Waiting for {s.names[d.seat]}"


def test_a_view_shows_the_backs_of_each_hand() -> None:
    s = game("guild", players=3)
    v = s.view(0)
    for p in v["players"]:
        assert sum(p["hand_decks"].values()) == p["hand_size"]
