"""Dominion's state writes the engine's loop (``GameState._run``) out with its own
``_game_over`` and ``_route`` in place, for speed. The two loops must play every game
alike: the same questions to the same seats (Possession's routing included), the same
choices, the same end."""

from __future__ import annotations

from typing import Any

import pytest

import athanor
from athanor import catalog
from athanor.engine import GameState
from athanor.games.dominion import rules
from athanor.games.dominion.rules import DominionState

CASES = [
    (("possession", "heuristic"), {"kingdom": "Possession"}),
    (("heuristic", "big-money-ultimate", "random"), {"kingdom": "random", "alchemy": "any"}),
    (("smithy", "big-money-ultimate"), {"kingdom": "Smithy"}),
]


def _play(bots: tuple[str, ...], options: dict[str, Any], seed: int) -> list[Any]:
    s = athanor.new_game("dominion", len(bots), seed, options, log=True)
    agents = [catalog.bot("dominion", b, 7 * seed + i) for i, b in enumerate(bots)]
    seen: list[Any] = []
    while (d := s.decision) is not None:
        seen.append((d.seat, d.prompt, d.ids))
        s.apply(agents[d.seat].choose(s, d))
    seen.append((s.result, s.log))
    return seen


@pytest.mark.parametrize(("bots", "options"), CASES)
def test_dominion_s_loop_plays_as_the_engine_s(
    monkeypatch: pytest.MonkeyPatch, bots: tuple[str, ...], options: dict[str, Any]
) -> None:
    if not rules.__file__.endswith(".py"):
        pytest.skip("the compiled build's classes cannot be patched; the fingerprint checks it")
    ours = [_play(bots, options, seed) for seed in range(4)]
    monkeypatch.setattr(DominionState, "_run", GameState._run)
    engine_s = [_play(bots, options, seed) for seed in range(4)]
    assert ours == engine_s
    if bots[0] == "possession":  # the routing was exercised: a question went to the possessor
        assert any("Possess" in str(entry) for game in ours for entry in game)
