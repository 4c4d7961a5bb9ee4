"""What the view adds for a client drawing the table (R12): which question is open and the
facts of its frame, the saved dice still to use before the roll, the Darkness dice told
apart from the heart and potion dice set aside for a use, and a new Super Die."""

from __future__ import annotations

from typing import Any

from athanor.games.potion_party.rules import PotionPartyState
from tests.potion_party.helpers import pick, roll, table

BASE = "blue:1 blue:1 blue:heart red:1 red:potion red:dark"


def question(s: PotionPartyState, seat: int | None = 0) -> Any:
    return s.view(seat)["question"]


def turn(s: PotionPartyState) -> Any:
    return s.view(0)["this_turn"]


def test_the_setup_questions_list_the_cards_to_choose_from() -> None:
    s = PotionPartyState.new(2, 5, {"recipe": "choose", "alchemists": "choose", **_faces()})
    q = question(s)
    assert q["kind"] == "alchemist"
    assert [c["key"] for c in q["choices"]] == list(s.decision.ids)  # type: ignore[union-attr]
    lich = next(c for c in q["choices"] if c["key"] == "lich")
    assert lich["title"] == 'Skeleton "Lich"' and "Darkness" in lich["power"]
    pick(s, "lich")
    q = question(s)
    assert q["kind"] == "alchemist" and "lich" not in [c["key"] for c in q["choices"]]
    pick(s, "orc")
    q = question(s)
    assert q["kind"] == "recipe"
    jar = next(c for c in q["choices"] if c["key"] == "soul-jar")
    assert jar["complex"] is True and jar["needs"]["darkness"] == 5
    speed = next(c for c in q["choices"] if c["key"] == "speed")
    assert speed == {
        "key": "speed",
        "title": "Potion of Speed",
        "needs": {"ruby": 11, "sapphire": 10},
        "complex": False,
    }


def _faces() -> dict[str, str]:
    from athanor.games.potion_party.data import DEFAULT_FACES

    return {f"{c}_faces": ",".join(f) for c, f in DEFAULT_FACES.items()}


def test_a_turn_s_question_and_the_darkness_set_aside() -> None:
    s = table(first_roll=BASE)
    assert question(s) == {"kind": "turn"}
    t = turn(s)
    assert t["darkness"] == ["red"] and t["spent"] == [] and t["new_super"] == 0


def test_dice_paired_into_a_super_die_are_not_darkness() -> None:
    s = table(first_roll=BASE)
    pick(s, "super")
    t = turn(s)
    assert sorted(t["set_aside"]) == ["blue", "red", "red"]
    assert t["darkness"] == ["red"]
    assert t["spent"] == [["blue", "heart", "super"], ["red", "potion", "super"]]
    assert t["new_super"] == 1
    assert question(s) == {"kind": "use-super"}
    roll(s, "green:3")
    pick(s, "roll")
    assert question(s) == {"kind": "super-score", "stars": 3}
    assert turn(s)["new_super"] == 1  # still on the table until its stars are placed
    pick(s, "ruby")
    assert turn(s)["new_super"] == 0
    pick(s, "stop")
    assert turn(s)["spent"] == [] and s.spent == []  # the next turn starts clean


def test_a_heart_taken_as_an_ingredient_is_not_darkness() -> None:
    s = table(recipe="soul-jar", first_roll="blue:1 blue:1 blue:heart red:1 red:2 red:dark")
    pick(s, "take-heart")
    t = turn(s)
    assert t["darkness"] == ["red"]
    assert t["spent"] == [["blue", "heart", "ingredient"]]
    assert s.clone().spent == s.spent and s.clone().spent is not s.spent


def test_a_super_die_s_alchemy_face_is_its_own_question() -> None:
    s = table(first_roll=BASE)
    pick(s, "super")
    roll(s, "green:both")
    pick(s, "roll")
    assert question(s) == {"kind": "super-alchemy"}


def test_saved_dice_wait_beside_the_alchemist_until_used() -> None:
    s = table(first_roll="blue:1 blue:1 blue:heart red:2 red:2 red:dark")
    roll(s, "blue:dark blue:dark blue:dark red:dark red:dark red:dark")
    pick(s, "save-heart", "stop")
    pick(s, "stop")
    assert question(s) == {"kind": "use-saved", "colour": "blue"}
    assert turn(s)["waiting"] == ["blue"] and s.view(0)["saved"][0] == []
    roll(s, "blue:dark blue:dark blue:dark red:potion red:dark red:dark")
    pick(s, "keep")
    assert turn(s)["waiting"] == [] and turn(s)["kept"] == ["blue"]


def test_the_lich_s_question_says_how_many_he_has_marked() -> None:
    s = table(
        alchemists=("lich", "orc"),
        first_roll="blue:dark blue:dark blue:dark red:dark red:2 red:2",
    )
    assert question(s) == {"kind": "lich", "limit": 2, "marked": {"blue": 0, "red": 0}}
    # The Darkness dice are still in the pool: they are set aside after the reroll.
    assert turn(s)["darkness"] == []
    assert sum(1 for _, f in turn(s)["pool"] if f == "dark") == 4
    pick(s, "mark-blue")
    assert question(s)["marked"] == {"blue": 1, "red": 0}


def test_sabotage_questions_name_the_target_and_the_stars() -> None:
    s = table(first_roll="blue:2 blue:2 blue:1 red:1 red:1 red:dark")
    s.supers[1] = 1
    pick(s, "stop")
    assert question(s, 1) == {"kind": "sabotage", "target": 0}
    roll(s, "green:3")
    pick(s, "sabotage")
    q = {"kind": "sabotage-spend", "saboteur": 1, "target": 0, "rolled": 3, "left": 3}
    assert question(s, 1) == q
    pick(s, "ruby")
    assert question(s, 1) == {**q, "left": 2}


def test_every_seat_sees_the_same_view_and_none_after_the_end() -> None:
    s = table(first_roll=BASE)
    pick(s, "super")
    assert s.view(0) | {"viewer": None} == s.view(1) | {"viewer": None} == s.view(None)
    s.totals[0]["ruby"] = 11
    s.totals[0]["sapphire"] = 8
    pick(s, "keep", "stop")
    assert s.is_over and s.view(0)["question"] is None
    assert s.view(0)["winner"] == 0 and s.view(0)["out_of_time"] is False
