"""The heuristic bot plays sensibly and beats the random agent clearly."""

from __future__ import annotations

import athanor
from athanor import catalog
from athanor.engine import play_out
from athanor.games.potion_party.bots import greedy_odds
from tests.potion_party.helpers import table


def _match(games: int, a: str, b: str) -> dict[str, int]:
    wins = {a: 0, b: 0}
    for g in range(games):
        s = athanor.new_game("potion-party", 2, seed=10_000 + g, log=False)
        names = [a, b] if g % 2 == 0 else [b, a]
        play_out(s, [catalog.bot("potion-party", n, g * 7 + i) for i, n in enumerate(names)])
        assert s.result is not None
        for w in s.result.winners:
            wins[names[w]] += 1
    return wins


def test_heuristic_beats_random_by_a_clear_margin() -> None:
    wins = _match(300, "heuristic", "random")
    # Seats alternate; with 300 games a fair coin would exceed 180 wins < 0.03% of the time.
    assert wins["heuristic"] >= 240, wins


def test_bust_odds_are_exact_for_a_single_die() -> None:
    # One red die left and a red 1-star group: only a red 1 (1 face in 6) saves the roll.
    s = table(first_roll="blue:dark blue:dark blue:dark red:1 red:1 red:3")
    bust, gain = greedy_odds(s)
    assert abs(bust - 5 / 6) < 1e-9
    assert abs(gain["ruby"] - 1 / 6) < 1e-9


def test_bot_stops_when_the_risk_outweighs_the_gain() -> None:
    s = table(first_roll="blue:2 blue:2 blue:2 red:3 red:3 red:1")
    bot = catalog.bot("potion-party", "heuristic", 1)
    assert s.decision is not None
    # 12 Stardust at risk on a one-die roll that busts 5 times in 6: stop.
    assert bot.choose(s, s.decision) == "stop"


def test_bot_rolls_on_when_nothing_is_at_stake() -> None:
    s = table(first_roll="blue:1 blue:1 blue:dark red:1 red:2 red:3")
    s.tally["sapphire"] = 0  # pretend the group scored nothing worth keeping
    bot = catalog.bot("potion-party", "heuristic", 1)
    assert s.decision is not None
    assert bot.choose(s, s.decision) == "greedy"
