"""Every game's view and log refuse a viewer that is no seat of the game, with the library's
own error (ConfigError), and options that are not a mapping are refused the same way."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor import ConfigError


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_view_and_events_for_refuse_a_seat_the_game_does_not_have(game: str) -> None:
    spec = athanor.spec(game)
    s = athanor.new_game(game, spec.min_players, 1)
    bad: list[Any] = [-1, spec.min_players, 99, 10**100, "0", 1.0, True, [0]]
    for seat in bad:
        with pytest.raises(ConfigError, match="a viewer is a seat"):
            s.view(seat)
        with pytest.raises(ConfigError, match="a viewer is a seat"):
            s.events_for(seat)
    for seat in (None, *range(spec.min_players)):
        s.view(seat)  # the seats and a spectator are fine
        s.events_for(seat)
    with pytest.raises(ConfigError, match="line number"):
        s.events_for(0, -1)


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_options_that_are_not_a_mapping_are_refused(game: str) -> None:
    for options in ([1], "kingdom=random", 5):
        with pytest.raises(ConfigError, match="a mapping"):
            athanor.new_game(game, athanor.spec(game).min_players, 1, options=options)  # type: ignore[arg-type]
