"""The Crucible's perfect-information solver: its winning lines win, its "lost" is true,
and every short cut it takes gives the plain search's answer."""

from __future__ import annotations

import athanor
from athanor import catalog
from athanor.engine import RandomAgent
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.rules import CrucibleState
from athanor.games.crucible.solver import (
    after_draft,
    doomed,
    position_key,
    search_copy,
    winnable,
)
from tests.crucible.helpers import table


def _after_draft(mission: int, seed: int, players: int = 3) -> CrucibleState:
    s = athanor.new_game("crucible", players, seed, {"mission": mission}, log=False)
    assert isinstance(s, CrucibleState)
    bots = [catalog.bot("crucible", "team", seed * 10 + i) for i in range(players)]
    while not after_draft(s):
        d = s.decision
        assert d is not None
        s.apply(bots[d.seat].choose(s, d))
    return s


def _late(s: CrucibleState, seed: int, cards_left: int) -> CrucibleState:
    """Play on with the team bot until each hand has at most ``cards_left`` cards."""
    bots = [catalog.bot("crucible", "team", seed * 7 + i) for i in range(s.players)]
    while not s.is_over and max(len(h) for h in s.hands) > cards_left:
        d = s.decision
        assert d is not None
        s.apply(bots[d.seat].choose(s, d))
    return s


def test_a_winning_line_it_finds_wins_when_played() -> None:
    found = 0
    for seed in range(12):
        s = _after_draft(1 + seed % 3, seed)
        v = winnable(s, budget=5_000)
        if v.answer != "won":
            continue
        found += 1
        for oid in v.line:
            s.apply(oid)
        assert s.is_over and s.outcome == "won"
    assert found >= 3


def test_a_proven_loss_is_never_won_by_anyone() -> None:
    """Late positions the search proves lost: neither the bot team nor random teams win."""
    proven = 0
    for seed in range(30):
        s = _late(_after_draft(4 + seed % 6, seed), seed, cards_left=2)
        if s.is_over:
            continue
        v = winnable(s, budget=20_000)
        if v.answer != "lost":
            continue
        proven += 1
        for k in range(8):
            t = s.clone()
            agents = [
                catalog.bot("crucible", "team", k) if k % 2 else RandomAgent(k * 3 + i)
                for i in range(t.players)
            ]
            while not t.is_over:
                d = t.decision
                assert d is not None
                t.apply(agents[d.seat].choose(t, d))
            assert t.outcome != "won", (seed, k)
    assert proven >= 3


def test_an_impossible_draft_is_lost_before_any_card() -> None:
    s = _after_draft(1, 101)
    if s.is_over:
        assert winnable(s).answer == "lost"
        assert winnable(s).nodes == 0


def test_the_budget_gives_unknown_not_a_guess() -> None:
    """A tiny budget gives "unknown", or an answer that more budget does not change."""
    unknown = 0
    for seed in range(6):
        s = _after_draft(12, seed, players=4)
        if s.is_over:
            continue
        v = winnable(s, budget=10)
        if v.answer == "unknown":
            unknown += 1
        else:
            assert winnable(s, budget=20_000).answer == v.answer
    assert unknown >= 1


def _replays_to_a_win(s: CrucibleState, line: list[str]) -> bool:
    t = s.clone()
    for oid in line:
        t.apply(oid)
    return t.is_over and t.outcome == "won"


def _same_answer_as_plain(s: CrucibleState, budget: int = 200_000) -> str:
    """The fast search's answer, checked against the plain search's (both must decide)."""
    plain = winnable(s, budget, plain=True)
    fast = winnable(s, budget)
    assert plain.answer != "unknown"
    assert fast.answer == plain.answer, (fast.answer, plain.answer)
    if fast.answer == "won":
        assert _replays_to_a_win(s, fast.line)
    return fast.answer


def test_the_fast_search_agrees_with_the_plain_search_on_random_small_positions() -> None:
    """The table, the cut-offs, the ordering and the dropped "cancel" choices change no
    answer: late positions from real deals of every mission, 3 and 4 players."""
    answers = []
    for seed in range(24):
        players = 3 + seed % 2
        s = _late(_after_draft(1 + seed % 12, seed, players), seed, cards_left=2)
        if s.is_over:
            continue
        answers.append(_same_answer_as_plain(s))
    assert "won" in answers and "lost" in answers and len(answers) >= 12


def test_a_winning_line_with_whispers_on_gets_its_passes_back() -> None:
    """Whispers are off inside the search; the line it returns answers every Whisper offer
    with "pass" and wins when the engine replays it."""
    s = table("B9 S1", "B2 S2", "B3 S3", tasks=[("win-brimstone", 0)], tokens=True)
    assert s.decision is not None and any(i.startswith("whisper:") for i in s.decision.ids)
    v = winnable(s)
    assert v.answer == "won" and "pass" in v.line
    assert _replays_to_a_win(s, v.line)
    assert _same_answer_as_plain(s) == "won"


def test_cancelling_a_discipline_is_never_needed() -> None:
    """A position only the Stabilizer saves: the search finds the win without "cancel"."""
    s = table(
        "S5 B1", "S4 B3", "S3 B2", tasks=[("win-salt", 0)], disciplines=["stabilizer"], mission=1
    )
    s.apply("catalyze")
    v = winnable(s)
    assert v.answer == "won" and "cancel" not in v.line
    assert _same_answer_as_plain(s) == "won"


def test_cut_off_a_seat_that_must_win_no_trick_yet_must_win_a_trick() -> None:
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("tricks-0", 0), ("win-one", 0)])
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_more_tricks_needed_than_a_hand_can_win() -> None:
    """Seat 1 must end with more tricks than the Lead Alchemist, who has 2 already; it has
    1 card, so it can end with 1 at most."""
    s = table("S5", "S4", "S3", tasks=[("more-than-lead", 1)], lead_alch=0)
    s.rec[0][tk.WINS] = 2
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_the_sponge_can_win_nothing() -> None:
    """The Sponge (seat 2) must win as many tricks as seat 0, who has one already."""
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("same-as-left", 2)], sponge=2, mission=11)
    s.rec[0][tk.WINS] = 1
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_more_tricks_needed_by_all_than_are_left() -> None:
    """Two seats each need a trick; one card each is one trick."""
    s = table("S5", "S4", "S3", tasks=[("win-salt", 0), ("low-trick", 1)])
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_win_a_suit_and_win_none_of_it() -> None:
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("win-salt", 0), ("zero-salt", 0)])
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_comparisons_that_contradict_each_other() -> None:
    """More tricks than anyone, and as many as the alchemist to the left."""
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("most-tricks", 0), ("same-as-left", 0)])
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_cut_off_exactly_n_caps_what_a_comparison_can_reach() -> None:
    """Seat 0 wins exactly one trick, yet more than seat 1, who has won one already."""
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("tricks-1", 0), ("most-tricks", 0)])
    s.rec[1][tk.WINS] = 1
    assert doomed(s)
    assert _same_answer_as_plain(s) == "lost"


def test_no_cut_off_while_a_seer_is_unspent() -> None:
    """The Seer could pass "win no Salt" to another seat, so the counts are not judged."""
    s = table(
        "S5 B1 Q1",
        "S4 B3 Q2",
        "S3 B2 Q3",
        tasks=[("win-salt", 0), ("zero-salt", 0), ("zero-quicksilver", 1)],
        disciplines=["", "seer"],
    )
    assert not doomed(s)
    _same_answer_as_plain(s)


def test_no_cut_off_on_a_position_that_can_be_won() -> None:
    s = table("S5 B1", "S4 B3", "S3 B2", tasks=[("win-salt", 0), ("tricks-1", 1)])
    assert not doomed(s)
    assert _same_answer_as_plain(s) == "won"


def test_the_search_copy_plays_on_exactly_like_a_clone() -> None:
    """The search's own copy, made from positions of real games, gives the same game as the
    engine's clone when the same random choices follow."""
    for seed in range(6):
        s = _late(_after_draft(1 + seed * 2, seed), seed, cards_left=6)
        if s.is_over:
            continue
        a, b = s.clone(), search_copy(s)
        b.log = a.log = None
        agent = RandomAgent(seed)
        while not a.is_over:
            d = a.decision
            assert d is not None and b.decision is not None and d.ids == b.decision.ids
            oid = agent.choose(a, d)
            a.apply(oid)
            b.apply(oid)
            assert position_key(a) == position_key(b)
            b = search_copy(b)
        assert b.is_over and a.outcome == b.outcome and a.rec == b.rec


def test_the_table_key_leaves_out_only_what_no_rule_reads() -> None:
    """Two positions that differ only in what no rule reads (which of two cards showing the
    same face is held; the won piles) have one key; a different hand, record of an open
    task's suit, or task status gives another."""
    a = table("S5 B1", "S4 B3", "S3 B2", tasks=[("win-salt", 0), ("zero-brimstone", 1)])
    b = table("~S5 B1", "S4 B3", "S3 B2", tasks=[("win-salt", 0), ("zero-brimstone", 1)])
    b.piles[2].append(b.out.pop())
    assert position_key(a) == position_key(b)
    c = table("S5 B1", "S4 B3", "S3 B4", tasks=[("win-salt", 0), ("zero-brimstone", 1)])
    assert position_key(a) != position_key(c)
    d = a.clone()
    d.rec[1][0] = 1  # seat 1 has won a Brimstone: "win no Brimstone" reads it
    assert position_key(a) != position_key(d)
    e = a.clone()
    e.tasks[0][2] = tk.DONE
    assert position_key(a) != position_key(e)


def test_bot_dives_find_wins_the_first_search_runs_out_on() -> None:
    """With a tiny first budget the exact search gives up; the bot dives and repairs find a
    winning line, which wins when replayed."""
    found = 0
    for seed in range(8):
        s = _after_draft(1 + seed % 4, seed)
        if s.is_over:
            continue
        assert winnable(s, budget=50).answer in ("won", "unknown")
        v = winnable(s, budget=50, dives=3, repair=500)
        if v.answer == "won":
            found += 1
            assert _replays_to_a_win(s, v.line)
    assert found >= 3
