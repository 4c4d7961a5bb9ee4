"""The ten disciplines: the draft, the two passives and the eight once-per-mission powers."""

from __future__ import annotations

import athanor
from athanor.games.crucible import tasks as tk
from athanor.games.crucible.disciplines import DISCIPLINES
from athanor.games.crucible.rules import CrucibleState
from tests.crucible.helpers import hand, pick, play, table


def test_two_disciplines_are_dealt_to_each_and_one_is_kept_for_all_to_see() -> None:
    """C9."""
    g = athanor.new_game("crucible", 4, seed=8)
    assert isinstance(g, CrucibleState)
    assert all(len(h) == 2 for h in g.disc_hand) and len(g.disc_undealt) == 2
    dealt = {k for h in g.disc_hand for k in h} | set(g.disc_undealt)
    assert dealt == set(DISCIPLINES)
    while g.decision is not None and g.decision.ids[0].startswith("task:"):
        pick(g, g.decision.ids[0])
    d = g.decision
    assert d is not None and all(i.startswith("keep:") for i in d.ids) and len(d.ids) == 2
    seat = d.seat
    # Each sees only their own two cards; a spectator sees none.
    other = (seat + 1) % 4
    assert g.view(seat)["discipline_offer"] == list(g.disc_hand[seat])
    assert g.view(other)["discipline_offer"] == list(g.disc_hand[other])
    assert g.view(None)["discipline_offer"] == []
    kept = d.ids[0][5:]
    pick(g, d.ids[0])
    assert g.view((seat + 1) % 4)["disciplines"][seat]["key"] == kept
    assert kept not in g.disc_hand[seat]


def _offered(s: CrucibleState, key: str) -> bool:
    return s.decision is not None and f"use:{key}" in s.decision.ids


def test_an_active_discipline_is_offered_on_its_holders_own_turn_for_the_right_intent() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", disciplines=["", "stabilizer", ""])
    pick(s, "catalyze")
    assert not _offered(s, "stabilizer")  # Ana's turn
    play(s, "B9")
    assert _offered(s, "stabilizer")  # Bo's turn, a Catalyze
    s = table("B9 S1", "B1 S2", "B2 S3", disciplines=["", "stabilizer", ""])
    pick(s, "transmute")
    play(s, "B9")
    assert not _offered(s, "stabilizer")  # not in a Transmute


def test_the_option_label_says_what_it_will_do_to_this_reaction() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", disciplines=["", "stabilizer", ""])
    pick(s, "catalyze")
    play(s, "B9")
    d = s.decision
    assert d is not None
    label = d.options[d.ids.index("use:stabilizer")].label
    assert label == "Use the Stabilizer: the Cauldron Limit rises from 22 to 25"


def test_confirm_spends_the_use_and_cancel_keeps_it_but_not_again_this_turn() -> None:
    """C5."""
    s = table("B9 S1 S4", "B1 S2 S5", "B2 S3 S6", disciplines=["", "stabilizer", ""])
    pick(s, "catalyze")
    play(s, "B9")
    pick(s, "use:stabilizer")
    assert s.decision is not None and s.decision.ids == ("confirm", "cancel")
    pick(s, "cancel")
    assert not s.disc_used[1] and not _offered(s, "stabilizer")
    play(s, "B1", "B2")
    pick(s, "catalyze")  # Ana leads again
    play(s, "S1")
    assert _offered(s, "stabilizer")  # a new turn: offered again
    pick(s, "use:stabilizer", "confirm")
    assert s.disc_used[1] and s.mods == {"stabilizer": 1}
    play(s, "S2", "S3")
    assert s.mods == {}  # read and cleared when the reaction resolved
    pick(s, "catalyze")  # Cy won with Salt 3 and leads
    play(s, "S6", "S4")
    assert s.decision is not None and s.decision.seat == 1
    assert not _offered(s, "stabilizer")  # once per mission


def test_purifier_one_catalyze_ignores_the_cauldron_limit() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", disciplines=["", "", "purifier"])
    pick(s, "catalyze")
    play(s, "B9", "B8")
    pick(s, "use:purifier", "confirm")
    play(s, "B7")  # 24, over 22, yet safe
    assert s.slag == [0, 0, 0] and len(s.piles[0]) == 3


def test_stabilizer_raises_the_cauldron_limit_by_3() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", disciplines=["", "", "stabilizer"])
    pick(s, "catalyze")
    play(s, "B9", "B8")
    pick(s, "use:stabilizer", "confirm")
    play(s, "B7")  # 24 of 25
    assert s.slag == [0, 0, 0]


def test_pyromancer_your_brimstone_counts_0_in_a_catalyze() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", disciplines=["", "", "pyromancer"])
    pick(s, "catalyze")
    play(s, "B9", "B8")
    pick(s, "use:pyromancer", "confirm")
    play(s, "B7")  # 9 + 8 + 0 = 17
    assert s.slag == [0, 0, 0] and s.history[-1][2] == 17
    assert s.rec[0][tk.WINS] == 1  # still a 7 for winning: Ana's 9 wins


def test_pyromancer_is_offered_only_with_a_brimstone_to_play() -> None:
    s = table("S9 B1", "S8 B2", "S7 B3", disciplines=["", "", "pyromancer"])
    pick(s, "catalyze")
    play(s, "S9", "S8")
    assert not _offered(s, "pyromancer")  # Cy must follow Salt


def test_metallurgist_lowers_the_transmutation_target_by_5() -> None:
    s = table("B6 S1", "B5 S2", "B3 S3", disciplines=["", "", "metallurgist"])
    pick(s, "transmute")
    play(s, "B6", "B5")
    pick(s, "use:metallurgist", "confirm")
    play(s, "B3")  # 14 reaches 13
    assert s.transmutes == 1 and hand(s, 2) == ["M7", "S3"]


def test_transmuter_forces_a_transmute_to_succeed() -> None:
    s = table("B1 S1", "B2 S2", "B3 S3", disciplines=["transmuter", "", ""])
    pick(s, "transmute", "use:transmuter", "confirm")
    play(s, "B1", "B2", "B3")  # 6, far short of 18
    assert s.transmutes == 1 and hand(s, 0) == ["M9", "S1"]


def test_hoarder_claims_a_safe_catalyze_and_wins_it() -> None:
    s = table("B9 S1", "B1 S2", "B2 S3", disciplines=["", "", "hoarder"])
    pick(s, "catalyze")
    play(s, "B9", "B1")
    pick(s, "use:hoarder", "confirm")
    play(s, "B2")
    assert len(s.piles[2]) == 3 and s.rec[2][tk.WINS] == 1 and s.rec[0][tk.WINS] == 0
    assert s.leader == 2


def test_hoarder_takes_nothing_from_a_boil_over() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", disciplines=["", "", "hoarder"])
    pick(s, "catalyze")
    play(s, "B9", "B8")
    pick(s, "use:hoarder", "confirm")
    play(s, "B7")
    assert s.slag == [0, 0, 1] and s.piles == [[], [], []]


def test_anchor_keeps_your_card_upright_on_a_successful_transmute() -> None:
    s = table("B9 S1", "B8 S2", "B3 S3", disciplines=["", "", "anchor"])
    pick(s, "transmute")
    play(s, "B9", "B8")
    pick(s, "use:anchor", "confirm")
    play(s, "B3")
    assert hand(s, 2) == ["B3", "S3"] and hand(s, 0) == ["M1", "S1"]


def test_seer_swaps_one_of_your_tasks_with_another_alchemists_in_two_picks() -> None:
    s = table(
        "B9 S1",
        "B1 S2",
        "B2 S3",
        disciplines=["seer", "", ""],
        tasks=[("win-salt", 0), ("win-mandrake", 1), ("low-trick", 2)],
    )
    pick(s, "catalyze", "use:seer")
    d = s.decision
    assert d is not None and d.ids == ("mine:win-salt", "cancel")
    pick(s, "mine:win-salt")
    d = s.decision
    assert d is not None and d.ids == ("theirs:win-mandrake", "theirs:low-trick", "cancel")
    pick(s, "theirs:low-trick")
    assert s.tasks == [
        ["win-salt", 2, "open"],
        ["win-mandrake", 1, "open"],
        ["low-trick", 0, "open"],
    ]
    assert s.disc_used[0]


def test_seer_cancel_at_either_pick_keeps_it() -> None:
    s = table(
        "B9 S1",
        "B1 S2",
        "B2 S3",
        disciplines=["seer", "", ""],
        tasks=[("win-salt", 0), ("win-mandrake", 1)],
    )
    pick(s, "catalyze", "use:seer", "mine:win-salt", "cancel")
    assert not s.disc_used[0] and s.tasks[0][1] == 0
    assert s.decision is not None and "use:seer" not in s.decision.ids


def test_void_weaver_catalysts_count_0_and_cannot_win() -> None:
    s = table("B9 S1", "C4 S2", "B2 S3", disciplines=["", "void-weaver", ""])
    pick(s, "catalyze")
    play(s, "B9", "C4", "B2")
    assert s.history[-1][2] == 11 and len(s.piles[0]) == 3  # Catalyst 4 counted 0 and lost
    s = table("B9 S1", "C4 S2", "B8 S3", disciplines=["", "void-weaver", ""])
    pick(s, "transmute")
    play(s, "B9", "C4", "B8")  # 17: the Catalyst adds nothing to a Transmute either
    assert s.transmutes == 0


def test_void_weaver_leading_a_catalyst_the_first_card_that_may_win_decides() -> None:
    """C10."""
    s = table("C4 S1", "B3 S2", "B5 S3", disciplines=["void-weaver", "", ""])
    pick(s, "catalyze")
    play(s, "C4", "B3", "B5")  # nobody else has a Catalyst: Brimstone decides
    assert len(s.piles[2]) == 3


def test_apprentice_whisper_also_says_whether_the_transmuted_face_is_odd_or_even() -> None:
    s = table("B9 B3 S1", "B1 S2", "B2 S3", disciplines=["apprentice", "", ""], tokens=True)
    d = s.decision
    assert d is not None
    label = d.options[d.ids.index("whisper:B9:top")].label
    assert (
        label == "Whisper Brimstone 9: your highest Brimstone (its transmuted face, "
        "Mandrake 1, is odd)"
    )
    pick(s, "whisper:B9:top")
    assert "The Apprentice adds: its transmuted face, Mandrake 1, is odd." in s.events_for(1)[-1]


def test_purifier_says_there_is_no_limit_rather_than_a_number() -> None:
    s = table("B9 S1", "B8 S2", "B7 S3", disciplines=["", "", "purifier"])
    pick(s, "catalyze")
    play(s, "B9", "B8")
    pick(s, "use:purifier", "confirm")
    d = s.decision
    assert d is not None and "total 17 (no limit: the Purifier)" in d.prompt
    assert all("10000" not in o.label for o in d.options)
    play(s, "B7")
    assert not any("10000" in line for line in s.events_for(None))
