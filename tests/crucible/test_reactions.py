"""Reactions: the intent, following suit, Catalyze, Boil Over, Transmute, who leads next."""

from __future__ import annotations

from athanor.games.crucible.missions import TRANSMUTE_LIMIT
from tests.crucible.helpers import card, codes, hand, pick, play, table


def test_the_leader_declares_catalyze_or_transmute_and_then_plays() -> None:
    s = table("B7 S4", "B2 S9", "B9 S1")
    d = s.decision
    assert d is not None and d.seat == 0 and d.ids == ("catalyze", "transmute")
    pick(s, "transmute")
    assert s.intent == "transmute"
    assert s.decision is not None and s.decision.seat == 0
    assert set(s.decision.ids) == {"play:B7", "play:S4"}


def test_every_other_alchemist_plays_one_card_clockwise() -> None:
    s = table("B7 S4", "B2 S9", "B9 S1", leader=1)
    pick(s, "catalyze")
    play(s, "S9")
    assert s.decision is not None and s.decision.seat == 2
    play(s, "S1")
    assert s.decision is not None and s.decision.seat == 0


def test_followers_must_follow_the_lead_suit_if_they_can() -> None:
    s = table("B7 S4", "B2 S9 C1", "M9 S1")
    pick(s, "catalyze")
    play(s, "B7")
    assert s.decision is not None and s.decision.ids == ("play:B2",)


def test_following_is_by_the_active_suit_so_a_flipped_card_follows_its_new_suit() -> None:
    # ~S4 is the Lodestone 6 card turned over: it now shows Salt 4 and follows Salt.
    s = table("S7 B1", "~S4 L5", "S2 M1")
    pick(s, "catalyze")
    play(s, "S7")
    assert s.decision is not None and s.decision.ids == ("play:S4",)


def test_a_player_without_the_lead_suit_may_play_any_card_and_shows_the_void() -> None:
    s = table("B7 S4", "S9 C1 M2", "B1 S1")
    pick(s, "catalyze")
    play(s, "B7")
    assert s.decision is not None and set(s.decision.ids) == {"play:S9", "play:C1", "play:M2"}
    play(s, "M2")
    assert s.view(2)["voids"][1] == ["Brimstone"]


def test_catalyze_safe_the_highest_card_of_the_lead_suit_wins_and_takes_the_cards() -> None:
    s = table("B7 S4", "B2 S9", "B9 S1")
    pick(s, "catalyze")
    play(s, "B7", "B2", "B9")
    assert codes(s, s.piles[2]) == ["B7", "B2", "B9"]
    assert s.rec[2][7] == 1  # one Catalyze trick won
    assert s.leader == 2 and s.decision is not None and s.decision.seat == 2


def test_a_card_off_the_lead_suit_cannot_win_however_high() -> None:
    s = table("B2 S4", "M9 S9", "B3 S1")
    pick(s, "catalyze")
    play(s, "B2", "M9", "B3")
    assert codes(s, s.piles[2]) == ["B2", "M9", "B3"]


def test_the_highest_catalyst_wins_a_catalyze() -> None:
    s = table("B9 S4", "C1 S9", "C3 S1")
    pick(s, "catalyze")
    play(s, "B9", "C1", "C3")
    assert len(s.piles[2]) == 3 and s.leader == 2


def test_a_total_equal_to_the_cauldron_limit_is_safe() -> None:
    s = table("B9 S4", "B8 S9", "B5 S1")
    pick(s, "catalyze")
    play(s, "B9", "B8", "B5")  # 22 of 22
    assert s.slag == [0, 0, 0] and len(s.piles[0]) == 3


def test_boil_over_happens_the_moment_the_total_passes_the_limit() -> None:
    """C3: the alchemists after the one who pushed it over do not play."""
    s = table("B9 S4 M1", "B8 S9 M2", "B6 S1 M3", "B1 S2 M4")
    pick(s, "catalyze")
    play(s, "B9", "B8", "B6")  # 23 > 22 with Di still to play
    assert s.slag == [0, 0, 1, 0]
    assert codes(s, s.slag_pile) == ["B9", "B8", "B6"]
    assert hand(s, 3) == ["B1", "M4", "S2"]  # Di kept her card
    assert s.plays == [] and s.leader == 2
    assert s.decision is not None and s.decision.seat == 2  # the pusher leads next
    assert any("Boil Over" in e for e in s.events_for(None))


def test_boiled_cards_are_won_by_nobody() -> None:
    s = table("B9 S4", "B8 S9", "B6 S1")
    pick(s, "catalyze")
    play(s, "B9", "B8", "B6")
    assert s.piles == [[], [], []] and s.rec[0][7] == s.rec[1][7] == s.rec[2][7] == 0


def test_reaching_the_slag_cap_destroys_the_lab_and_the_team_loses_at_once() -> None:
    s = table("B9 S4", "B8 S9", "B6 S1")
    s.slag = [1, 1, 0]
    pick(s, "catalyze")
    play(s, "B9", "B8", "B6")
    assert s.is_over and s.outcome == "boil-overs"
    assert s.result is not None and s.result.scores == (0.0, 0.0, 0.0)
    assert s.stats()["ending"] == "lost: boil overs (slag cap)"


def test_transmute_never_boils_over_however_high_the_total() -> None:
    s = table("B9 S4", "B8 S9", "B7 S1")
    pick(s, "transmute")
    play(s, "B9", "B8", "B7")
    assert s.slag == [0, 0, 0] and s.transmutes == 1


def test_transmute_success_flips_every_played_card_and_returns_it_to_its_hand() -> None:
    s = table("B9 S4", "B8 S9", "B3 S1")
    pick(s, "transmute")
    play(s, "B9", "B8", "B3")  # 20 >= 18
    assert hand(s, 0) == ["M1", "S4"]
    assert hand(s, 1) == ["M2", "S9"]
    assert hand(s, 2) == ["M7", "S1"]
    assert s.piles == [[], [], []]
    # Everyone saw the cards come back, so they are public in every view.
    assert [c["face"] for c in s.view(2)["known"][0]] == ["M1"]


def test_catalysts_do_not_flip_but_still_return_on_a_successful_transmute() -> None:
    s = table("C4 S4", "C3 S9", "C2 S1 B1", mission=7)  # Heavy Metals: 10 each
    pick(s, "transmute")
    play(s, "C4", "C3", "C2")
    assert hand(s, 0) == ["C4", "S4"] and hand(s, 2) == ["B1", "C2", "S1"]


def test_transmute_below_the_target_fizzles_and_the_cards_are_destroyed() -> None:
    s = table("B2 S4", "B3 S9", "B4 S1")
    pick(s, "transmute")
    play(s, "B2", "B3", "B4")
    assert sorted(codes(s, s.destroyed)) == ["B2", "B3", "B4"]
    assert s.transmutes == 0 and hand(s, 0) == ["S4"]


def test_after_a_transmute_the_highest_card_of_the_lead_suit_leads_next() -> None:
    s = table("B2 S4", "B4 S9", "B3 S1")
    pick(s, "transmute")
    play(s, "B2", "B4", "B3")  # fizzles
    assert s.leader == 1 and s.decision is not None and s.decision.seat == 1
    s = table("B9 S4", "C1 M9", "B8 S1")
    pick(s, "transmute")
    play(s, "B9", "C1", "B8")  # succeeds: the Catalyst leads next
    assert s.leader == 1


def test_equal_cards_the_one_played_first_wins() -> None:
    """C11: two cards can show the same face once one has flipped."""
    s = table("M1 S4", "M9 S9", "~M9 S1")
    pick(s, "catalyze")
    play(s, "M1", "M9", "M9")
    assert s.leader == 1  # Bo's Mandrake 9 came first


def test_a_player_with_no_cards_is_skipped_and_an_empty_handed_leader_passes_the_lead() -> None:
    """C6."""
    s = table("", "B2 S9", "B3 S1", leader=0)
    assert s.decision is not None and s.decision.seat == 1  # Ana has nothing: Bo leads
    pick(s, "catalyze")
    play(s, "B2", "B3")
    assert len(s.piles[2]) == 2


def test_the_mission_ends_when_the_last_card_leaves_play_and_is_won_with_every_task_done() -> None:
    s = table("B9", "B2", "B3", tasks=[("win-brimstone", 0)])
    pick(s, "catalyze")
    play(s, "B9", "B2", "B3")
    assert s.is_over and s.outcome == "won"
    assert s.result is not None and s.result.scores == (1.0, 1.0, 1.0)
    assert min(s.result.placing) == 1 and s.stats()["won"] is True


def test_a_task_still_open_at_the_end_loses_the_mission() -> None:
    s = table("B9", "B2", "B3", tasks=[("tricks-0", 0), ("zero-catalyst", 1), ("same-as-left", 2)])
    pick(s, "catalyze")
    play(s, "B9", "B2", "B3")
    assert s.outcome == "impossible-task"  # Ana won a trick: "win no trick" broke at once
    s = table("B9", "B2", "B3", tasks=[("last-trick", 1)])
    pick(s, "catalyze")
    play(s, "B9", "B2", "B3")
    assert s.is_over and s.outcome in ("unfinished-tasks", "impossible-task")


def test_transmutes_may_be_declared_only_until_the_mission_limit_of_successes() -> None:
    """C4."""
    s = table("B9 S4", "B8 S9", "B3 S1")
    s.transmutes = TRANSMUTE_LIMIT - 1
    pick(s, "transmute")
    play(s, "B9", "B8", "B3")
    assert s.transmutes == TRANSMUTE_LIMIT
    # No Transmute can be declared any more: the leader is not even asked.
    assert s.intent == "catalyze"
    assert s.decision is not None and all(i.startswith("play:") for i in s.decision.ids)


def test_whoever_wins_a_catalyze_leads_the_next_reaction() -> None:
    s = table("B2 S4", "B9 S9", "B3 S1")
    pick(s, "catalyze")
    play(s, "B2", "B9", "B3")
    assert s.decision is not None and s.decision.seat == 1
    assert s.decision.ids == ("catalyze", "transmute")
    assert card("S9") in s.hands[1]
