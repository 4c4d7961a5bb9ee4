"""The end of the game and its result (M17, M18), and saves: a round trip, and every kind of
damage refused with a SaveError."""

import json
from collections.abc import Callable
from typing import Any

import pytest

import athanor
from athanor.engine import RandomAgent
from tests.potion_making.helpers import arrange, game, log_text, play


def test_most_points_wins() -> None:
    s = game()
    arrange(
        s, 0, hands={0: ["Love Potion"]}, empty_decks=["Practice"], scores=[10, 12], step="play"
    )
    play(s, "lay:Love Potion")
    r = s.result
    assert r is not None and r.winners == (1,) and r.scores == (10.0, 12.0)
    assert "Bo wins: Ana 10 points; Bo 12 points." in log_text(s, None)


def test_tied_players_share_the_win_when_no_stone_was_made() -> None:
    s = game(players=3)
    arrange(
        s, 0, hands={0: ["Love Potion"]}, empty_decks=["Practice"], scores=[11, 12, 12], step="play"
    )
    play(s, "lay:Love Potion")
    r = s.result
    assert r is not None and r.placing == (3, 1, 1)
    assert "Bo and Cy share the win" in r.detail


def test_stats_say_how_the_game_ended() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Love Potion"]}, empty_decks=["Practice"], step="play")
    play(s, "lay:Love Potion")
    assert s.stats()["ending"] == "the cards ran out"


@pytest.mark.parametrize("mode", ["practice", "guild", "guild,university"])
def test_a_save_round_trips_at_every_step(mode: str) -> None:
    s = game(mode, players=3, seed=11)
    agent = RandomAgent(3)
    step = 0
    while not s.is_over and step < 120:
        text = s.to_json()
        again = athanor.load_game(text, verify=step % 40 == 0)
        assert again.to_json() == text and again.decision == s.decision
        d = s.decision
        assert d is not None
        s.apply(agent.choose(s, d))
        step += 1


def _damaged(change: Callable[[Any], None]) -> str:
    s = game("guild", players=3, seed=2)
    agent = RandomAgent(2)
    for _ in range(30):
        d = s.decision
        assert d is not None
        s.apply(agent.choose(s, d))
    data = json.loads(s.to_json())
    change(data["state"]["game"])
    return json.dumps(data)


def _first_card(g: Any) -> int:
    return next(c for h in g["hands"] for c in h)


@pytest.mark.parametrize(
    "change",
    [
        lambda g: g["hands"][0].append(_first_card(g)),
        lambda g: g["hands"][1].pop(),
        lambda g: g["desk"].append("Elixir of Fire"),
        lambda g: g.pop("desk"),
        lambda g: g["decks"].pop("Guild"),
        lambda g: g["scores"].append(3),
        lambda g: g["seqs"][0].append([]),
        lambda g: g["seqs"][0][0].extend([-7]),
        lambda g: g["seq_card"].__setitem__(0, 9),
        lambda g: g["known"][0].append(999),
        lambda g: g["under"].append([1, [2], [3]]),
        lambda g: g.__setitem__("current", 7),
        lambda g: g.__setitem__("over", "no"),
        lambda g: g["magma"].append("x"),
    ],
)
def test_a_damaged_save_is_refused(change: Callable[[Any], None]) -> None:
    text = _damaged(change)
    with pytest.raises(athanor.SaveError):
        athanor.load_game(text, verify=False)


def test_a_save_with_a_bad_expansion_is_refused() -> None:
    s = game("guild")
    data = json.loads(s.to_json())
    data["options"]["expansions"] = "alchemy"
    with pytest.raises(athanor.SaveError, match="expansions"):
        athanor.load_game(json.dumps(data), verify=False)
