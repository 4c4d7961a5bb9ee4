"""Spell of Transmutation (M16): skip a step by adding the one after it; the spell and the step
are one play; never the Stone; never twice in a row."""

from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import SKIP, arrange, game, ids_of, log_text, names, play

RED = 2
T = "Spell of Transmutation/Bat Wing"


def _game(hand: list[str], steps: list[str | int], step: str = "second") -> PotionMakingState:
    s = game("guild")
    s.seq_card[0] = RED
    arrange(s, 0, hands={0: hand}, seqs={0: {0: steps}}, step=step)
    return s


def test_transmutation_skips_a_step_and_scores_only_the_step_added() -> None:
    s = _game([T, "Elixir of Fidelity", "Love Potion"], [])
    d = s.decision
    assert d is not None and f"spell:{T}" in d.ids
    play(s, f"spell:{T}")
    # One Sequence can be transmuted, from one source: no further question.
    assert s.seqs[0][0][0] == SKIP and names(s, s.seqs[0][0][1:]) == ["Elixir of Fidelity"]
    assert s.scores[0] == 2
    assert "skipping step 1" in log_text(s, 1)
    assert s.card(s.desk[-1]).name == "Spell of Transmutation"  # on the Desk, no point


def test_the_spell_and_its_step_are_the_phases_play() -> None:
    s = _game([T, "Elixir of Fidelity", "Love Potion"], [])
    play(s, f"spell:{T}")
    assert s.phase == "third" and s.current == 0
    assert ids_of(s, "draw:") == []


def test_transmutation_asks_which_sequence_when_there_are_several() -> None:
    s = _game([T, "Elixir of Fidelity", "Potion of Eternal Sleep"], [])
    play(s, f"spell:{T}")
    assert ids_of(s, "seq:") == ["seq:1", "seq:2"]
    play(s, "seq:2")
    assert names(s, s.seqs[0][1][1:]) == ["Potion of Eternal Sleep"]


def test_transmutation_needs_the_step_after_the_skipped_one() -> None:
    s = _game([T, "Elixir of Albedo"], [])
    assert ids_of(s, "spell:") == []


def test_transmutation_may_not_skip_to_the_stone() -> None:
    steps = [
        "Elixir of Fire",
        "Elixir of Fidelity",
        "Elixir of Albedo",
        "Vermilion Powder",
        "Elixir of Flight",
    ]
    s = _game([T, "Philosopher's Stone: Red Tincture"], steps)
    assert ids_of(s, "spell:") == []


def test_transmutation_may_not_follow_a_transmuted_step() -> None:
    # Step 2 came by Transmutation: step 3 may not be skipped (Vermilion Powder is step 4).
    s = _game([T, "Vermilion Powder"], [SKIP, "Elixir of Fidelity"])
    assert ids_of(s, "spell:") == []
    s = _game([T, "Vermilion Powder"], ["Elixir of Fire", "Elixir of Fidelity"])
    assert ids_of(s, "spell:") == [f"spell:{T}"]


def test_after_an_ordinary_step_transmutation_is_allowed_again() -> None:
    s = _game([T, "Elixir of Flight"], [SKIP, "Elixir of Fidelity", "Elixir of Albedo"])
    assert ids_of(s, "spell:") == [f"spell:{T}"]
    play(s, f"spell:{T}")
    assert len(s.seqs[0][0]) == 5 and s.seqs[0][0][3] == SKIP
    assert s.scores[0] == 6
