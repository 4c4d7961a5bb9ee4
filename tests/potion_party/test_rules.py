"""One test per rule of Potion Party, with scripted dice."""

from __future__ import annotations

import pytest

from athanor.games.potion_party.rules import PotionPartyState
from tests.potion_party.helpers import pick, roll, table

BASE = "blue:1 blue:2 blue:heart red:3 red:1 red:potion"


def test_roll_is_three_blue_and_three_red() -> None:
    s = table(first_roll="blue:1 blue:2 blue:dark red:1 red:2 red:3")
    assert s.decision is not None and s.decision.seat == 0
    # No two dice matched: nothing collected, the rest stays in the pool.
    assert sorted(c for c, _ in s.pool) == ["blue", "blue", "red", "red", "red"]
    assert s.aside == ["blue"]
    assert "You roll: blue 1 star, blue 2 stars, blue Darkness, red 1 star" in s.events_for(0)[-2]


def test_darkness_dice_are_removed_from_the_pool() -> None:
    s = table(first_roll="blue:dark blue:dark blue:1 red:dark red:2 red:3")
    assert all(f != "dark" for _, f in s.pool)
    assert sorted(s.aside) == ["blue", "blue", "red"]


def test_rulebook_examples_two_red_twos_and_three_blue_ones() -> None:
    s = table(first_roll="blue:1 blue:1 blue:1 red:2 red:2 red:dark")
    assert s.tally["ruby"] == 4
    assert s.tally["sapphire"] == 3
    assert sorted(map(tuple, s.groups)) == [("blue", "1", 3), ("red", "2", 2)]
    pick(s, "stop")
    assert s.totals[0]["ruby"] == 4 and s.totals[0]["sapphire"] == 3


def test_a_single_die_is_not_a_group_and_colours_do_not_mix() -> None:
    s = table(first_roll="blue:1 blue:2 blue:dark red:1 red:2 red:dark")
    assert s.groups == []
    assert s.tally["ruby"] == s.tally["sapphire"] == 0
    assert "greedy" not in s.decision.ids  # type: ignore[union-attr]


def test_greedy_needs_a_group_and_rolls_every_die_left() -> None:
    s = table(first_roll="blue:1 blue:1 blue:2 red:1 red:3 red:dark")
    assert "greedy" in s.decision.ids  # type: ignore[union-attr]
    # Three dice remain: blue 2, red 1, red 3. The greedy roll rolls all three.
    roll(s, "blue:1 red:3 red:3")
    pick(s, "greedy")
    # blue 1 joins the existing blue 1-star group; two red 3s form a new group.
    assert ["blue", "1", 3] in s.groups and ["red", "3", 2] in s.groups
    assert s.tally["sapphire"] == 3 and s.tally["ruby"] == 6
    assert s.pool == []
    assert "greedy" not in s.decision.ids  # type: ignore[union-attr]


def test_greedy_bust_loses_everything_from_the_turn() -> None:
    s = table(first_roll="blue:1 blue:1 blue:2 red:1 red:3 red:dark")
    roll(s, "blue:2 red:1 red:3")
    pick(s, "greedy")
    # blue 2 alone, red 1 and red 3 unmatched and no group of theirs: bust.
    assert s.totals[0]["sapphire"] == 0
    assert s.current == 1  # the next player's turn has begun
    assert any("bust" in e for e in s.events_for(None))


def test_greedy_bust_keeps_what_a_super_die_already_added() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:1 red:potion red:dark")
    pick(s, "super")
    roll(s, "green:3")
    pick(s, "roll", "ruby")
    assert s.totals[0]["ruby"] == 3
    roll(s, "red:3")  # the one die left (red 1) comes up 3: no match
    pick(s, "greedy")
    assert s.totals[0]["ruby"] == 3
    assert s.totals[0]["sapphire"] == 0


def test_greedy_bust_loses_dice_saved_and_super_dice_kept_this_turn() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:potion red:potion red:2")
    pick(s, "super", "keep", "save-potion")
    assert s.new_supers == 1 and s.new_saved == ["red"]
    roll(s, "red:3")
    pick(s, "greedy")
    assert s.supers == [0, 0] and s.saved == [[], []]


def test_a_super_die_pair_counts_as_a_match_on_a_greedy_roll() -> None:
    s = table(first_roll="blue:1 blue:1 blue:2 red:1 red:3 red:dark")
    roll(s, "blue:heart red:potion red:2")
    pick(s, "greedy")
    assert "super" in s.decision.ids  # type: ignore[union-attr]


def test_stop_records_the_turn() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:3 red:3 red:dark")
    pick(s, "stop")
    assert s.totals[0]["sapphire"] == 4 and s.totals[0]["ruby"] == 6
    assert s.current == 1


def test_super_die_from_heart_and_potion_rolled_at_once() -> None:
    s = table(first_roll=BASE)
    pick(s, "super")
    assert s.pool_faces("heart") == 0 and s.pool_faces("potion") == 0
    roll(s, "green:4")
    pick(s, "roll")
    assert s.decision.ids == ("ruby", "sapphire")  # type: ignore[union-attr]
    pick(s, "sapphire")
    assert s.totals[0]["sapphire"] == 4


def test_super_die_kept_for_sabotage_is_held_after_the_turn() -> None:
    s = table(first_roll=BASE)
    pick(s, "super", "keep", "stop")
    assert s.supers[0] == 1


def test_super_die_alchemy_face_may_be_saved_as_either_colour() -> None:
    s = table(first_roll=BASE)
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert set(s.decision.ids) == {"save-blue", "save-red", "none"}  # type: ignore[union-attr]
    pick(s, "save-red")
    assert s.saved[0] == ["red"]


def test_alchemy_dice_saved_are_used_next_turn_rolled_with_the_pool() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    # Seat 1's turn comes next: all Darkness, then it stops.
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop")
    assert s.saved[0] == ["blue"]
    pick(s, "stop")
    # Seat 0 must use the saved die: rolling it gives seven dice.
    assert s.decision.ids == ("add", "keep")  # type: ignore[union-attr]
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark blue:2")
    pick(s, "add")
    assert sorted(s.aside) == ["blue"] * 3 + ["red"] * 3
    assert s.pool == [("blue", "2")]


def test_saved_die_kept_pairs_with_a_rolled_opposite() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop")
    pick(s, "stop")
    roll(s, "blue:dark blue:dark blue:dark red:potion red:dark red:dark")
    pick(s, "keep")
    assert s.kept == ["blue"]
    assert "super" in s.decision.ids  # type: ignore[union-attr]
    roll(s, "green:2")
    pick(s, "super", "roll", "ruby")
    assert s.kept == [] and s.totals[0]["ruby"] == 4 + 2


def test_unused_saved_die_is_lost_at_the_end_of_the_turn() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop")
    pick(s, "stop")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "keep")
    assert "super" not in s.decision.ids  # type: ignore[union-attr]
    pick(s, "stop")
    assert s.saved[0] == [] and s.kept == []
    blue = s.dice_census()["blue"]
    assert blue["held"] == 0 and blue["in_play"] + blue["box"] == 8


def test_two_kept_saved_dice_cannot_pair_with_each_other() -> None:
    s = table(start=False)
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    s.saved[0] = ["blue", "red"]
    from athanor.games.potion_party.rules import StartTurn

    s.stack.append(StartTurn(0))
    s._run()
    pick(s, "keep", "keep")
    assert s.kept == ["blue", "red"]
    assert "super" not in s.decision.ids  # type: ignore[union-attr]


def test_complex_ingredients_count_only_once_ruby_and_sapphire_are_complete() -> None:
    s = table(recipe="invisibility", first_roll="blue:dark blue:dark blue:1 red:2 red:2 red:1")
    assert s.tally["darkness"] == 2
    pick(s, "stop")
    assert s.totals[0]["darkness"] == 0  # 4 Ruby is far short of 14
    assert any("cannot be added" in e for e in s.events_for(None))


def test_complex_ingredients_count_when_this_turn_completes_the_stardust() -> None:
    s = table(recipe="invisibility", first_roll="blue:dark blue:dark blue:1 red:2 red:2 red:1")
    s.totals[0]["ruby"] = 10
    s.totals[0]["sapphire"] = 13
    pick(s, "stop")
    assert s.totals[0]["ruby"] == 14
    assert s.totals[0]["darkness"] == 2


def test_alchemy_face_may_be_taken_as_an_ingredient_when_the_recipe_needs_it() -> None:
    s = table(recipe="choking-mist", first_roll="blue:dark blue:dark blue:1 red:potion red:1 red:3")
    s.totals[0].update(ruby=15, sapphire=14)
    assert "take-potion" in s.decision.ids  # type: ignore[union-attr]
    pick(s, "take-potion", "stop")
    assert s.totals[0]["potion"] == 1
    simple = table(recipe="speed", first_roll="blue:dark blue:dark blue:1 red:potion red:1 red:3")
    assert "take-potion" not in simple.decision.ids  # type: ignore[union-attr]


def test_emerald_from_a_super_die_only_once_stardust_is_complete() -> None:
    s = table(recipe="invisibility", first_roll=BASE)
    pick(s, "super")
    roll(s, "green:3")
    pick(s, "roll")
    assert "emerald" not in s.decision.ids  # type: ignore[union-attr]
    t = table(recipe="invisibility", first_roll=BASE)
    t.totals[0].update(ruby=14, sapphire=13)
    pick(t, "super")
    roll(t, "green:3")
    pick(t, "roll", "emerald")
    assert t.totals[0]["emerald"] == 3


def test_emerald_stars_may_count_as_ruby_or_sapphire() -> None:
    s = table(recipe="invisibility", first_roll=BASE)
    pick(s, "super")
    roll(s, "green:4")
    pick(s, "roll", "ruby")
    assert s.totals[0]["ruby"] == 4


def test_first_to_complete_the_potion_wins() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:3 red:3 red:dark")
    s.totals[0].update(ruby=5, sapphire=6)
    pick(s, "stop")
    assert s.is_over and s.winner == 0
    assert s.result is not None and s.result.placing == (1, 2)
    assert s.result.winners == (0,)


def test_a_super_die_that_completes_the_potion_wins_at_once() -> None:
    s = table(first_roll=BASE)
    s.totals[0].update(ruby=11, sapphire=7)
    pick(s, "super")
    roll(s, "green:3")
    pick(s, "roll", "sapphire")
    assert s.is_over and s.winner == 0


# -- Sabotage --------------------------------------------------------------------


def _stopped_with(s: PotionPartyState, holders: dict[int, int]) -> None:
    for seat, n in holders.items():
        s.supers[seat] = n


def test_sabotage_is_offered_to_holders_in_turn_order_after_a_stop() -> None:
    s = table(players=4, first_roll="blue:2 blue:2 blue:1 red:3 red:3 red:dark")
    _stopped_with(s, {1: 0, 2: 1, 3: 1})
    pick(s, "stop")
    # Seat 1 holds none and is skipped without a question.
    assert s.decision.seat == 2  # type: ignore[union-attr]
    pick(s, "pass")
    assert s.decision.seat == 3  # type: ignore[union-attr]
    pick(s, "pass")
    assert s.totals[0]["ruby"] == 6


def test_sabotage_takes_any_colours_up_to_the_stars_not_below_zero() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    _stopped_with(s, {1: 1})
    pick(s, "stop")
    roll(s, "green:4")
    pick(s, "sabotage")
    # 4 stars: take both Ruby, then Sapphire; Ruby runs out before the stars do.
    pick(s, "ruby", "ruby")
    assert "ruby" not in s.decision.ids  # type: ignore[union-attr]
    pick(s, "sapphire", "sapphire")
    assert s.totals[0] == {**s.totals[0], "ruby": 0, "sapphire": 2}
    assert s.supers[1] == 0


def test_sabotage_may_take_fewer_than_the_stars() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    _stopped_with(s, {1: 1})
    pick(s, "stop")
    roll(s, "green:3")
    pick(s, "sabotage", "ruby", "done")
    assert s.totals[0]["ruby"] == 1 and s.totals[0]["sapphire"] == 4


def test_sabotage_alchemy_face_has_no_effect_and_the_die_is_removed() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    _stopped_with(s, {1: 1})
    pick(s, "stop")
    roll(s, "green:both")
    pick(s, "sabotage")
    assert s.totals[0]["ruby"] == 2 and s.supers[1] == 0


def test_a_holder_of_two_super_dice_may_sabotage_twice() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    _stopped_with(s, {1: 2})
    pick(s, "stop")
    roll(s, "green:2")
    pick(s, "sabotage", "ruby", "ruby")
    assert s.decision.seat == 1 and "sabotage" in s.decision.ids  # type: ignore[union-attr]
    pick(s, "pass")
    assert s.supers[1] == 1


def test_no_sabotage_after_a_bust() -> None:
    s = table(first_roll="blue:1 blue:1 blue:2 red:1 red:3 red:dark")
    _stopped_with(s, {1: 1})
    roll(s, "blue:2 red:1 red:3")
    pick(s, "greedy")
    assert s.decision.seat == 1 and s.decision.ids[0] != "sabotage"  # type: ignore[union-attr]


# -- Running Out of Dice ---------------------------------------------------------------


def test_cannot_save_a_blue_die_when_the_pool_would_drop_below_three() -> None:
    s = table(players=3, start=False)
    roll(s, BASE)
    s.saved[1] = ["blue", "blue", "blue"]
    s.saved[2] = ["blue", "blue"]
    from athanor.games.potion_party.rules import StartTurn

    s.stack.append(StartTurn(0))
    s._run()
    assert "save-heart" not in s.decision.ids  # type: ignore[union-attr]
    assert "save-potion" in s.decision.ids  # type: ignore[union-attr]


def test_cannot_make_a_super_die_when_both_green_dice_are_held() -> None:
    s = table(players=3, start=False)
    roll(s, BASE)
    s.supers[1] = 1
    s.supers[2] = 1
    from athanor.games.potion_party.rules import StartTurn

    s.stack.append(StartTurn(0))
    s._run()
    assert "super" not in s.decision.ids  # type: ignore[union-attr]


def test_every_die_is_accounted_for() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:potion red:potion red:2")
    pick(s, "super", "keep", "save-potion")
    census = s.dice_census()
    assert census["green"] == {"in_play": 0, "held": 1, "box": 1}
    assert census["red"] == {"in_play": 2, "held": 1, "box": 3}
    assert sum(v["in_play"] + v["held"] + v["box"] for v in census.values()) == 16


# -- Skullduggery -----------------------------------------------------------------------


def test_lich_rerolls_up_to_half_the_darkness_on_the_first_roll() -> None:
    s = table(
        alchemists=("lich", "orc"),
        first_roll="blue:dark blue:dark blue:dark red:dark red:2 red:2",
    )
    # Four Darkness: up to two may be rolled again.
    assert s.decision.ids == ("mark-blue", "mark-red", "done")  # type: ignore[union-attr]
    roll(s, "blue:1 red:2")
    # Once two are marked, they are rolled again at once.
    pick(s, "mark-blue", "mark-red")
    assert ["red", "2", 3] in s.groups
    assert sorted(s.aside) == ["blue", "blue"]


def test_lich_reroll_darkness_is_removed_as_normal() -> None:
    s = table(alchemists=("lich", "orc"), first_roll="blue:dark blue:dark blue:1 red:1 red:2 red:3")
    roll(s, "blue:dark")
    pick(s, "mark-blue")
    assert sorted(s.aside) == ["blue", "blue"]


def test_lich_has_no_reroll_with_one_darkness_or_on_a_greedy_roll() -> None:
    s = table(alchemists=("lich", "orc"), first_roll="blue:dark blue:1 blue:1 red:1 red:2 red:3")
    assert "mark-blue" not in s.decision.ids  # type: ignore[union-attr]
    roll(s, "red:dark red:dark red:1")
    pick(s, "greedy")
    # Two Darkness on a greedy roll are set aside with no question.
    assert s.decision is not None and "mark-red" not in s.decision.ids


def test_lich_may_keep_darkness_and_decline_the_reroll() -> None:
    s = table(alchemists=("lich", "orc"), first_roll="blue:dark blue:dark blue:1 red:1 red:2 red:3")
    pick(s, "done")
    assert sorted(s.aside) == ["blue", "blue"]


def test_other_alchemists_have_no_reroll() -> None:
    s = table(first_roll="blue:dark blue:dark blue:dark red:dark red:2 red:2")
    assert "mark-blue" not in s.decision.ids  # type: ignore[union-attr]


def test_witch_super_die_alchemy_face_makes_the_super_die_again() -> None:
    s = table(alchemists=("witch", "orc"), first_roll=BASE)
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert s.decision.ids == ("roll", "keep")  # type: ignore[union-attr]
    roll(s, "green:4")
    pick(s, "roll", "ruby")
    assert s.totals[0]["ruby"] == 4


def test_witch_keeps_her_super_die_on_an_alchemy_face_in_sabotage() -> None:
    s = table(alchemists=("orc", "witch"), first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    s.supers[1] = 1
    pick(s, "stop")
    roll(s, "green:both")
    pick(s, "sabotage")
    assert s.supers[1] == 1


def test_kobold_sabotage_takes_one_ruby_from_every_other_total() -> None:
    s = table(
        players=3,
        alchemists=("orc", "kobold", "gnoll"),
        first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark",
    )
    s.supers[1] = 1
    s.totals[0]["ruby"] = 3
    s.totals[1]["ruby"] = 5
    s.totals[2]["ruby"] = 0
    pick(s, "stop")
    roll(s, "green:2")
    pick(s, "sabotage", "done")
    assert s.totals[0]["ruby"] == 2 + 2  # lost one, then recorded the turn's 2
    assert s.totals[1]["ruby"] == 5  # the Kobold keeps his own
    assert s.totals[2]["ruby"] == 0  # never below zero


# -- Set-up ---------------------------------------------------------------------------


def test_roll_off_ties_roll_again_and_most_stars_goes_first() -> None:
    s = table(players=3, start=False)
    from athanor.games.potion_party.rules import RollOff

    roll(s, "blue:2 blue:1  blue:2 blue:1  blue:1 blue:dark  blue:1 blue:1  blue:2 blue:2")
    s.first = -1
    s.options["recipe"] = "choose"
    s.stack.append(RollOff([0, 1, 2]))
    s._run()
    # 3, 3 and 1 stars: seats 0 and 1 tie and roll again, 2 against 4.
    assert s.first == 1
    assert any("tie and roll again" in e for e in s.events_for(None))


def test_roll_off_that_can_never_separate_is_settled_by_lot() -> None:
    import athanor

    s = athanor.new_game("potion-party", 3, seed=2, options={"blue_faces": "1,1,1,1,1,1"})
    assert isinstance(s, PotionPartyState)
    assert 0 <= s.first < 3
    assert any("by lot" in e for e in s.events_for(None))


def test_each_player_chooses_an_alchemist_and_the_last_chooses_the_recipe() -> None:
    import athanor

    s = athanor.new_game("potion-party", players=3, seed=5)
    assert isinstance(s, PotionPartyState)
    order = [(s.first + i) % 3 for i in range(3)]
    for seat in order:
        assert s.decision is not None and s.decision.seat == seat
        pick(s, s.decision.ids[0])
    assert len(set(s.alchemist)) == 3
    assert s.decision is not None and s.decision.seat == order[-1]
    pick(s, "soul-jar")
    assert s.recipe == "soul-jar"


@pytest.mark.parametrize(
    "options",
    [
        {"blue_faces": "1,1,1"},
        {"red_faces": "dark,1,2,2,3,heart"},
        {"recipe": "elixir"},
        {"speed": 3},
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, str]) -> None:
    import athanor

    with pytest.raises(athanor.ConfigError):
        athanor.new_game("potion-party", players=2, seed=1, options=options)


def test_configured_faces_are_used() -> None:
    import athanor

    s = athanor.new_game(
        "potion-party",
        players=2,
        seed=1,
        options={"blue_faces": "1,1,1,1,1,1", "alchemists": "random", "recipe": "speed"},
    )
    assert isinstance(s, PotionPartyState)
    assert all(f == "1" for c, f in s.pool if c == "blue")


# -- Rulings added after the hardening campaign --------------------------------------


def test_green_alchemy_face_may_be_taken_as_the_alchemy_ingredient_the_recipe_needs() -> None:
    # Choking Mist Bomb needs 2 Alchemy (potion): the green face may be scored as one (R7).
    s = table(recipe="choking-mist", first_roll=BASE)
    s.totals[0].update(ruby=15, sapphire=14)
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert "take-potion" in s.decision.ids  # type: ignore[union-attr]
    assert "take-heart" not in s.decision.ids  # type: ignore[union-attr]
    pick(s, "take-potion")
    assert s.tally["potion"] == 1
    assert "You take the Super Die's Alchemy face as an Alchemy (potion) ingredient." in (
        s.events_for(0)
    )
    pick(s, "stop")
    assert s.totals[0]["potion"] == 1
    assert s.dice_census()["green"]["held"] == 0  # the die went back to the box


def test_green_alchemy_face_taken_as_ingredient_waits_for_complete_stardust() -> None:
    s = table(recipe="soul-jar", first_roll=BASE)
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert {"take-heart", "take-potion"} <= set(s.decision.ids)  # type: ignore[union-attr]
    pick(s, "take-heart", "stop")
    assert s.totals[0]["heart"] == 0  # lost: Ruby and Sapphire are not complete (R4)


def test_a_super_die_alchemy_face_needs_a_free_die_of_that_colour_to_be_saved() -> None:
    # Seat 0 saved three red dice and rolls them with the pool: all six red dice are
    # out of the box, so the Super Die's Alchemy face cannot become a seventh (R9).
    s = table(start=False)
    s.saved[0] = ["red", "red", "red"]
    roll(s, "blue:1 blue:1 blue:heart red:potion red:2 red:2 red:dark red:dark red:dark")
    from athanor.games.potion_party.rules import StartTurn

    s.stack.append(StartTurn(0))
    s._run()
    pick(s, "add", "add", "add")
    assert s.dice_census()["red"]["box"] == 0
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert "save-red" not in s.decision.ids  # type: ignore[union-attr]
    assert "save-blue" in s.decision.ids  # type: ignore[union-attr]
    pick(s, "save-blue")
    s.check_invariants()


def test_the_game_ends_after_the_round_limit_and_the_closest_alchemist_wins() -> None:
    from athanor.games.potion_party.data import MAX_ROUNDS

    s = table(players=3, first_roll="blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    s.turns = MAX_ROUNDS * 3  # this is the last turn of round MAX_ROUNDS
    s.totals[0].update(ruby=5, sapphire=2)
    s.totals[1].update(ruby=20, sapphire=3)  # Ruby beyond the need does not count
    s.totals[2].update(ruby=6, sapphire=8)
    pick(s, "stop")
    assert s.is_over and s.winner == -1
    res = s.result
    assert res is not None
    assert res.scores == (7.0, 14.0, 14.0)
    assert res.placing == (3, 1, 1)
    assert "after 50 rounds nobody completed" in res.detail
    assert s.stats()["ending"] == "round limit (50) reached"


def test_the_game_goes_on_before_the_round_limit() -> None:
    from athanor.games.potion_party.data import MAX_ROUNDS

    s = table(players=2, first_roll="blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    s.turns = MAX_ROUNDS * 2 - 1  # seat 1 still has its turn of the last round
    pick(s, "stop")
    assert not s.is_over and s.current == 1


def test_the_winner_reads_the_win_in_the_second_person() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:3 red:3 red:dark")
    s.totals[0].update(ruby=5, sapphire=6)
    pick(s, "stop")
    mine, theirs = s.events_for(0)[-1], s.events_for(1)[-1]
    assert mine.startswith("You complete the Potion of Speed") and "and win!" in mine
    assert theirs.startswith("P0 completes the Potion of Speed") and "and wins!" in theirs


def test_a_declined_sabotage_is_told() -> None:
    s = table(first_roll="blue:1 blue:1 blue:2 red:1 red:3 red:dark")
    s.supers[1] = 1
    pick(s, "stop", "pass")
    assert "P1 lets P0 be (no Sabotage)." in s.events_for(None)
    assert "You let P0 be (no Sabotage)." in s.events_for(1)
    assert "P1 lets you be (no Sabotage)." in s.events_for(0)


def test_a_kept_die_that_goes_unused_is_told() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop")
    pick(s, "stop")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "keep", "stop")
    assert "Your kept blue heart die goes unused and back to the box." in s.events_for(0)
    assert "P0's kept blue heart die goes unused and back to the box." in s.events_for(1)
