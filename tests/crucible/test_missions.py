"""The twelve missions: their numbers as data, and every special rule."""

from __future__ import annotations

import pytest

import athanor
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.missions import MISSIONS
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import catalyze, hand, pick, play, table, transmute


def test_the_logbook_numbers_and_special_rules() -> None:
    table_ = {
        m.number: (m.cauldron_limit, m.transmutation_target, m.slag_cap, m.special)
        for m in MISSIONS.values()
    }
    assert table_ == {
        1: (22, 18, 3, ""),
        2: (22, 18, 3, "transmute"),
        3: (22, 18, 3, "in-order"),
        4: (22, 18, 3, ""),
        5: (25, 18, 1, "zero-boil"),
        6: (18, 14, 3, ""),
        7: (22, 18, 3, "heavy-metals"),
        8: (22, 18, 3, ""),
        9: (22, 18, 3, "blind"),
        10: (22, 18, 3, "equilibrium"),
        11: (22, 18, 3, "sponge"),
        12: (20, 20, 2, "caps"),
    }


def test_task_counts_are_data_and_never_fall_from_one_mission_to_the_next() -> None:
    counts = [MISSIONS[m].tasks for m in range(1, 13)]
    assert counts == sorted(counts) and counts[-1] > counts[0]


@pytest.mark.parametrize("mission", range(1, 13))
def test_each_mission_reveals_its_task_count_and_states_its_rule(mission: int) -> None:
    s = athanor.new_game("crucible", 4, seed=mission, options={"mission": mission})
    assert isinstance(s, CrucibleState)
    assert len(s.revealed) + len(s.tasks) == MISSIONS[mission].tasks
    first = s.events_for(None)[0]
    if MISSIONS[mission].special:
        assert f"Special rule: {MISSIONS[mission].special_text}." in first
    else:  # a mission with no special rule does not say "none"
        assert "Special rule" not in first


def test_mission_2_the_team_must_also_complete_a_transmute() -> None:
    s = table("B9", "B1", "B2", mission=2)
    catalyze(s, "B9", "B1", "B2")
    assert s.outcome == "mission-goal"
    s = table("B9 S1", "B8 S2", "B3 S3", mission=2)
    transmute(s, "B9", "B8", "B3")
    catalyze(s, "S1", "S2", "S3")
    catalyze(s, "M7", "M1", "M2")
    assert s.outcome == "won"


def test_mission_3_tasks_completed_in_draft_order_win() -> None:
    s = table("S9 B9", "S1 B1", "S2 B2", mission=3, tasks=[("win-salt", 0), ("win-brimstone", 0)])
    catalyze(s, "S9", "S1", "S2")
    catalyze(s, "B9", "B1", "B2")
    assert s.outcome == "won"


def test_mission_3_a_task_completed_before_an_earlier_one_loses() -> None:
    s = table("S9 B9", "S1 B1", "S2 B2", mission=3, tasks=[("win-brimstone", 0), ("win-salt", 0)])
    catalyze(s, "S9", "S1", "S2")
    assert s.outcome == "mission-goal" and "earlier task" in s.detail


def test_mission_3_tasks_met_by_the_same_trick_complete_together_in_order() -> None:
    s = table("S9 B1", "S1 B2", "S2 B3", mission=3, tasks=[("win-salt", 0), ("win-nine", 0)])
    catalyze(s, "S9", "S1", "S2")
    assert [t[2] for t in s.tasks] == [tk.DONE, tk.DONE] and not s.outcome


def test_mission_3_an_end_task_drafted_before_a_play_task_can_never_be_in_order() -> None:
    """C13."""
    s = table("S9 B1", "S1 B2", "S2 B3", mission=3, tasks=[("zero-catalyst", 1), ("win-salt", 0)])
    from athanor.games.crucible.judge import review

    review(s)
    assert s.outcome == "mission-goal"


def test_mission_5_limit_25_and_a_single_boil_over_loses() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", mission=5)
    catalyze(s, "B9", "B8", "B7")  # 24: safe under 25
    assert s.slag == [0, 0, 0] and not s.outcome
    s = table("B9 S1 M1", "B8 S2 M2", "B7 S3 M3", "B2 S4 M4", mission=5)
    catalyze(s, "B9", "B8", "B7", "B2")  # 26 > 25: the first Boil Over loses
    assert s.outcome == "boil-overs"


def test_mission_6_target_14_and_limit_18() -> None:
    s = table("B9 S1", "B8 S2", "B2 S3", mission=6)
    catalyze(s, "B9", "B8", "B2")  # 19 > 18
    assert s.slag == [0, 0, 1]
    s = table("B9 S1", "B3 S2", "B2 S3", mission=6)
    transmute(s, "B9", "B3", "B2")  # 14 reaches 14
    assert s.transmutes == 1


def test_mission_7_heavy_metals_catalysts_count_10_toward_both_totals() -> None:
    s = table("B9 S1", "C1 S2", "B3 S3", mission=7)
    catalyze(s, "B9", "C1", "B3")  # 9 + 10 + 3 = 22: safe
    assert s.slag == [0, 0, 0] and s.history[-1][2] == 22
    s = table("B2 S1", "C1 S2", "B7 S3", mission=7)
    transmute(s, "B2", "C1", "B7")  # 2 + 10 + 7 = 19 reaches 18
    assert s.transmutes == 1


def test_mission_9_blind_brewing_no_whisper_tokens() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", mission=9, tokens=True)
    assert s.tokens == [False, False, False]
    assert s.decision is not None and s.decision.ids == ("catalyze", "transmute")
    g = athanor.new_game("crucible", 3, seed=2, options={"mission": 9})
    assert isinstance(g, CrucibleState) and not any(g.tokens)


def test_mission_10_equilibrium_needs_a_22_catalyze_and_an_18_transmute() -> None:
    s = table("B9 S9", "B8 S6", "B5 S3", mission=10)
    catalyze(s, "B9", "B8", "B5")  # 22
    transmute(s, "S9", "S6", "S3")  # 18 exactly: succeeds and flips
    assert s.eq22 and s.eq18
    catalyze(s, "L1", "L4", "L7")
    assert s.outcome == "won"
    s = table("B9", "B8", "B4", mission=10)
    catalyze(s, "B9", "B8", "B4")  # 21, and no Transmute at all
    assert s.outcome == "mission-goal"


def test_mission_11_the_first_volunteer_is_the_sponge() -> None:
    """C12."""
    g = athanor.new_game("crucible", 4, seed=3, options={"mission": 11})
    assert isinstance(g, CrucibleState)
    lead = g.lead_alch
    d = g.decision
    assert d is not None and d.seat == lead and d.ids == ("volunteer", "pass")
    pick(g, "pass", "volunteer")
    assert g.sponge == (lead + 1) % 4
    assert g.decision is not None and g.decision.prompt == "Claim a task (5 tasks left)"


def test_mission_11_if_nobody_volunteers_the_last_asked_is_the_sponge() -> None:
    g = athanor.new_game("crucible", 3, seed=3, options={"mission": 11})
    assert isinstance(g, CrucibleState)
    pick(g, "pass", "pass", "pass")
    assert g.sponge == (g.lead_alch + 2) % 3


def test_mission_11_the_sponge_may_not_lead_a_transmute() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", mission=11, sponge=0)
    assert s.decision is not None and s.intent == "catalyze"
    assert all(i.startswith("play:") for i in s.decision.ids)


def test_mission_11_the_sponge_winning_a_catalyze_loses() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", mission=11, sponge=0)
    play(s, "B9", "B1", "B2")
    assert s.outcome == "mission-goal" and "Sponge" in s.detail


def test_mission_12_limit_20_target_20_and_a_second_boil_over_loses() -> None:
    s = table("B9 S1 M1", "B8 S2 M2", "B4 S3 M3", mission=12)
    catalyze(s, "B9", "B8", "B4")  # 21 > 20
    assert s.slag == [0, 0, 1] and not s.outcome
    catalyze(s, "S3", "S1", "S2")
    assert not s.outcome
    s2 = table("B9 S1", "B8 S2", "B4 S3", mission=12)
    s2.slag = [1, 0, 0]
    catalyze(s2, "B9", "B8", "B4")
    assert s2.outcome == "boil-overs"
    s3 = table("B9 S1", "B8 S2", "B2 S3", mission=12)
    transmute(s3, "B9", "B8", "B2")  # 19 is short of 20
    assert s3.transmutes == 0 and hand(s3, 0) == ["S1"]
