"""The Philosopher's Stone (M15, M18): played from the hand into a Sequence whose six recipe
steps are done, 10 points, and the game ends at once; it is not a recipe."""

from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import SKIP, TAKEN, arrange, game, ids_of, log_text, play

RED = 2
SIX = [
    "Elixir of Fire",
    "Elixir of Fidelity",
    "Elixir of Albedo",
    "Vermilion Powder",
    "Elixir of Flight",
    "Great Elixir of Timelessness",
]
STONE = "Philosopher's Stone: Red Tincture"


def _ready(
    scores: list[int], steps: list[str | int] | None = None, hand: list[str] | None = None
) -> PotionMakingState:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(
        s,
        0,
        hands={0: hand if hand is not None else [STONE, "Love Potion"]},
        seqs={0: {0: steps if steps is not None else SIX}},
        scores=scores,
        step="second",
    )
    return s


def test_the_stone_completes_a_sequence_for_10_points_and_ends_the_game() -> None:
    s = _ready([30, 20])
    d = s.decision
    assert d is not None
    assert d.option("stone:1").label == (  # type: ignore[union-attr]
        "Complete Sequence 1 with your Philosopher's Stone: 10 points, and the game ends"
    )
    play(s, "stone:1")
    assert s.over and s.scores == [40, 20] and s.stone_by == 0
    assert len(s.seqs[0][0]) == 7
    r = s.result
    assert r is not None and r.winners == (0,)
    assert "The game ends: Ana made the Philosopher's Stone." in log_text(s, 1)


def test_the_stone_is_not_offered_before_the_sixth_step() -> None:
    s = _ready([0, 0], steps=SIX[:5])
    assert ids_of(s, "stone:") == []


def test_only_the_stone_named_by_the_sequence() -> None:
    s = _ready([0, 0], hand=["Philosopher's Stone: Magisterium"])
    assert ids_of(s, "stone:") == []


def test_the_player_with_the_most_points_wins_even_if_another_made_the_stone() -> None:
    s = _ready([10, 40])
    play(s, "stone:1")
    r = s.result
    assert r is not None and r.winners == (1,)


def test_the_maker_of_the_stone_wins_a_tie() -> None:
    # M18.
    s = _ready([30, 40])
    play(s, "stone:1")
    r = s.result
    assert r is not None and r.winners == (0,) and r.placing == (1, 2)


def test_skipped_and_taken_steps_count_as_done() -> None:
    s = _ready(
        [0, 0],
        steps=[
            SKIP,
            "Elixir of Fidelity",
            "Elixir of Albedo",
            TAKEN,
            "Elixir of Flight",
            "Great Elixir of Timelessness",
        ],
    )
    assert ids_of(s, "stone:") == ["stone:1"]


def test_the_stone_is_not_a_recipe_for_the_spell_of_knowledge() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: ["Spell of Knowledge", "Love Potion"]}, desk=[STONE], step="third")
    assert ids_of(s, "spell:") == []  # no recipe card on the Desk


def test_the_stone_may_be_laid_as_an_element() -> None:
    s = game("guild")
    arrange(s, 0, hands={0: [STONE]}, step="third")
    play(s, f"lay:{STONE}")
    assert s.scores[0] == 1
