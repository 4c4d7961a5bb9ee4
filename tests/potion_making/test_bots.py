"""The heuristic bot: decides from its own view only, plays for points, and beats random
players clearly in every mode."""

import pytest

import athanor
from athanor import catalog
from athanor.engine import RandomAgent, play_out
from athanor.games.potion_making.bots import PotionMakingBot
from tests.potion_making.helpers import BUILTIN_MODES, arrange, game, ids_of


@pytest.mark.parametrize("mode", BUILTIN_MODES)
def test_the_bot_decides_the_same_in_states_that_look_the_same_from_its_seat(mode: str) -> None:
    # Two states that differ only in what the bot's seat cannot see (other hands, deck order,
    # unrevealed Sequence cards) give the same decision for the same seed.
    compared = 0
    for seed in range(6):
        s = game(mode, players=2 + seed % 4, seed=seed, log=False)
        agent = RandomAgent(seed)
        steps = 0
        while not s.is_over and steps < 400:
            d = s.decision
            assert d is not None
            if steps % 9 == 0:
                twin = s.determinize(d.seat, 1000 + steps)
                assert twin.view(d.seat) == s.view(d.seat)
                differs = twin.hands != s.hands or twin.decks != s.decks
                a = PotionMakingBot(seed).choose(s, d)
                b = PotionMakingBot(seed).choose(twin, d)
                assert a == b
                compared += differs
            s.apply(agent.choose(s, d))
            steps += 1
    assert compared >= 20


def _wins(mode: str, games: int) -> int:
    won = 0
    for g in range(games):
        s = athanor.new_game("potion-making", 2, 5000 + g, {"expansions": mode}, log=False)
        bots = [catalog.bot("potion-making", "heuristic", g), RandomAgent(g)]
        if g % 2:
            bots.reverse()
        play_out(s, bots)
        assert s.result is not None
        won += s.result.winners == ((g % 2),)
    return won


@pytest.mark.parametrize("mode", BUILTIN_MODES)
def test_the_bot_beats_random_players_clearly(mode: str) -> None:
    # A fair coin would win 25 or more of 30 games less than once in 6,000 runs.
    assert _wins(mode, 30) >= 25


def test_the_bot_plays_the_stone_only_when_that_wins() -> None:
    six = [
        "Elixir of Fire",
        "Elixir of Fidelity",
        "Elixir of Albedo",
        "Vermilion Powder",
        "Elixir of Flight",
        "Great Elixir of Timelessness",
    ]
    for scores, wanted in (([30, 20], True), ([10, 40], False)):
        s = game("guild")
        s.seq_card[0] = 2
        arrange(
            s,
            0,
            hands={0: ["Philosopher's Stone: Red Tincture", "Love Potion"]},
            seqs={0: {0: six}},
            scores=scores,
            step="second",
        )
        d = s.decision
        assert d is not None and "stone:1" in d.ids
        assert (PotionMakingBot(1).choose(s, d) == "stone:1") == wanted


def test_the_bot_collects_rather_than_lays() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire", "Love Potion"]},
        desk=["Emanation of Authority", "Potion of Eternal Sleep"],
        step="play",
    )
    d = s.decision
    assert d is not None
    assert PotionMakingBot(1).choose(s, d) == "brew:Elixir of Fire"


def test_the_bot_lays_a_new_element_when_it_has_nothing_better() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Love Potion", "Isidas Mortum"]}, desk=["Dragon"], step="play")
    d = s.decision
    assert d is not None
    assert PotionMakingBot(1).choose(s, d) == "lay:Love Potion"


def test_the_bot_takes_another_players_recipe_when_that_pays() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might", "Love Potion"]},
        collected={0: ["Elixir of Strength"], 1: ["Elixir of Secret Sight"]},
        step="play",
    )
    d = s.decision
    assert d is not None
    assert PotionMakingBot(1).choose(s, d) == "brew:Great Elixir of Might"


def test_the_bot_uses_its_own_recipe_before_anothers() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={
            0: ["Elixir of Strength", "Elixir of Secret Sight"],
            1: ["Elixir of Secret Sight"],
        },
        step="play",
    )
    d = s.decision
    assert d is not None
    s.apply(PotionMakingBot(1).choose(s, d))
    d = s.decision
    assert d is not None and d.seat == 0
    own = next(o.id for o in d.options if o.label.startswith("Your"))
    assert PotionMakingBot(1).choose(s, d) == own


def test_the_bot_builds_its_sequence() -> None:
    s = game("guild")
    s.seq_card[0] = 2
    arrange(s, 0, hands={0: ["Elixir of Fire", "Isidas Mortum"]}, desk=["Dragon"], step="third")
    assert ids_of(s, "step:") == ["step:1"]
    d = s.decision
    assert d is not None
    assert PotionMakingBot(1).choose(s, d) == "step:1"
