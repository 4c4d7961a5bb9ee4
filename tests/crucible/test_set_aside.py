"""C38: no mission is lost by the deal and the draft alone. A revealed task that the table
could not draft without losing at once is set aside and the next one revealed instead."""

from __future__ import annotations

import pytest

import athanor
from athanor import catalog
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.draft import TaskDraft, can_be_drafted
from athanor.games.crucible.judge import review
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import table

# Deals whose shuffled tasks begin with a comparison with the Lead Alchemist: before C38,
# mission 1 gave it to the Lead Alchemist and was lost before the first card.
COMPARISON_FIRST = [(7, "more-than-lead"), (34, "more-than-lead"), (90, "fewer-than-lead")]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("seed", "tid"), COMPARISON_FIRST)
def test_mission_1_never_gives_the_lead_alchemist_a_comparison_with_themselves(
    players: int, seed: int, tid: str
) -> None:
    s = athanor.new_game("crucible", players, seed, {"mission": 1})
    assert isinstance(s, CrucibleState)
    assert len(s.tasks) == 1 and s.tasks[0][0] != tid
    assert s.tasks[0][1] == s.lead_alch  # the one task goes to the Lead Alchemist
    assert not s.outcome and s.decision is not None


def test_the_draft_check_sees_what_the_lead_alchemist_must_take() -> None:
    # Three alchemists, Ana the Lead Alchemist; the draft goes Ana, Bo, Cy.
    s = table("C4 S1", "B3 S2", "B5 S3", start=False)
    order = [0, 1, 2]
    assert not can_be_drafted(s, ["more-than-lead"], order)  # mission 1: one task, Ana's
    assert can_be_drafted(s, ["win-salt"], order)
    s2 = table("C4 S1", "B3 S2", "B5 S3", mission=2, start=False)
    assert can_be_drafted(s2, ["more-than-lead", "win-salt"], order)  # Bo may take it
    # Both comparisons: Ana must take one of the two.
    assert not can_be_drafted(s2, ["more-than-lead", "fewer-than-lead"], order)


def test_mission_5_never_deals_a_task_that_needs_a_boil_over() -> None:
    """A single Boil Over loses mission 5, so 'exactly one Boil Over' and 'the trick right
    after a Boil Over' can never be done there."""
    s = table("C4 S1", "B3 S2", "B5 S3", mission=5, start=False)
    for tid in ("one-boil", "after-boil"):
        assert not can_be_drafted(s, [tid], [0, 1, 2])
    for seed in range(30):
        g = athanor.new_game("crucible", 3 + seed % 3, seed, {"mission": 5}, log=False)
        assert isinstance(g, CrucibleState)
        drafted = [t[0] for t in g.tasks] + g.revealed
        assert len(drafted) == 3
        assert not {"one-boil", "after-boil"} & set(drafted)


def test_two_catalysts_needs_two_hands_holding_a_catalyst() -> None:
    one = table("C4 C3 S1", "B3 S2", "B5 S3", mission=2, start=False)
    assert not can_be_drafted(one, ["two-catalysts"], [0, 1, 2])
    two = table("C4 S1", "C3 S2", "B5 S3", mission=2, start=False)
    assert can_be_drafted(two, ["two-catalysts"], [0, 1, 2])


def test_a_sum_of_22_under_a_lower_limit_needs_a_discipline_dealt_that_lifts_it() -> None:
    """Mission 6's limit is 18: only the Purifier (dealt, and still to keep) can let a
    Catalyze total 22. Once the disciplines are kept, only a kept one counts."""
    s = table("C4 S1", "B3 S2", "B5 S3", mission=6, start=False)
    s.disc_hand = [["seer", "anchor"], ["hoarder", "stabilizer"], ["apprentice", "seer"]]
    assert not can_be_drafted(s, ["sum-22"], [0, 1, 2])  # the Stabilizer gives only 21
    s.disc_hand[2] = ["apprentice", "purifier"]
    assert can_be_drafted(s, ["sum-22"], [0, 1, 2])
    assert s.highest_reachable_limit() > 22
    s.disc = ["seer", "hoarder", "apprentice"]  # the Purifier was not kept
    s.disc_hand = [["anchor"], ["stabilizer"], ["purifier"]]
    assert s.highest_reachable_limit() == 18


def test_mission_11_any_alchemist_may_become_the_sponge() -> None:
    s = table("C4 S1 A2 Q3", "B3 S2 A4", "B5 S3 M2", mission=11, start=False)
    order = [0, 1, 2]
    needs_wins = ["win-salt", "win-aether", "first-trick", "tricks-2", "win-nine"]
    assert not can_be_drafted(s, needs_wins, order)  # the Sponge would take one of them
    assert can_be_drafted(s, [*needs_wins[:4], "tricks-0"], order)
    assert s.sponge == -1  # the check leaves the state as it was


def test_a_loss_before_the_first_card_is_named_so_for_the_simulator() -> None:
    s = table("C4 S1", "B3 S2", "B5 S3", tasks=[("more-than-lead", 0)], start=False)
    review(s)
    assert s.stats()["ending"] == "lost: impossible task, before the first card"
    s = table("B9 S1", "B8 S2", "~B9 S3", mission=5, tasks=[("win-salt", 1)])
    s.apply("catalyze")
    for code in ("B9", "B8", "B9"):  # 26, over mission 5's limit of 25
        s.apply(f"play:{code}")
    assert s.stats()["ending"] == "lost: boil overs (slag cap)"  # a card was played


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_team_bots_lose_no_mission_before_the_first_card(players: int) -> None:
    """Every mission, a few deals each: the team bot drafts (and volunteers as the Sponge, and
    keeps a discipline) so that the mission is still alive when the first card is played."""
    for mission in range(1, 13):
        for seed in range(8):
            s = athanor.new_game("crucible", players, seed, {"mission": mission}, log=False)
            bots = [catalog.bot("crucible", "team", 7 * seed + i) for i in range(players)]
            while (d := s.decision) is not None and not d.ids[0].startswith("play:"):
                s.apply(bots[d.seat].choose(s, d))
            assert isinstance(s, CrucibleState)
            assert not s.outcome, (mission, seed, s.detail)


def test_the_team_bot_takes_a_comparison_rather_than_leave_it_to_the_lead_alchemist() -> None:
    """Mission 8 at four: the Lead Alchemist has the first and the fifth pick. With two tasks
    left at the fourth pick, one of them a comparison with the Lead Alchemist, the fourth
    alchemist takes the comparison, whatever its hand would rather have."""
    s = table("C4 S1 A2", "B3 S2 A4", "B5 S3 M2", "Q1 Q9 S9 L1", mission=8, start=False)
    s.tasks = [["tricks-0", 0, "open"], ["win-aether", 1, "open"], ["win-brimstone", 2, "open"]]
    s.revealed = ["win-salt", "more-than-lead"]
    s.stack.append(TaskDraft([0, 1, 2, 3], pos=3))
    s._run()
    d = s.decision
    assert d is not None and d.seat == 3
    assert TeamBot(1).choose(s, d) == "task:more-than-lead"
    # Mission 2 at three: the Lead Alchemist, first to pick, leaves the comparison to Bo.
    s = table("C4 S1 A2", "B3 S2 A4", "B5 S3 M2", mission=2, start=False)
    s.revealed = ["more-than-lead", "win-salt"]
    s.stack.append(TaskDraft([0, 1, 2]))
    s._run()
    d = s.decision
    assert d is not None and d.seat == 0
    assert TeamBot(1).choose(s, d) == "task:win-salt"
