"""Phoenix: the Alkahest, and by choice the Elixir of Nigredo or the Elixir of Rubedo."""

import pytest

from tests.potion_making.helpers import arrange, game, ids_of, play


@pytest.mark.parametrize("elixir", ["Elixir of Nigredo", "Elixir of Rubedo"])
def test_phoenix_takes_the_alkahest_and_nigredo_or_rubedo(elixir: str) -> None:
    s = game("guild")
    arrange(s, 0, hands={0: ["Phoenix"]}, collected={0: ["Alkahest", elixir]}, step="third")
    play(s, "brew:Phoenix")
    assert s.scores[0] == 8


def test_phoenix_needs_the_alkahest() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={0: ["Phoenix"]},
        collected={0: ["Elixir of Nigredo", "Elixir of Rubedo"]},
        step="third",
    )
    assert ids_of(s, "brew:") == []


def test_phoenix_takes_no_other_elixir() -> None:
    s = game("guild")
    arrange(
        s, 0, hands={0: ["Phoenix"]}, collected={0: ["Alkahest", "Elixir of Albedo"]}, step="third"
    )
    assert ids_of(s, "brew:") == []
