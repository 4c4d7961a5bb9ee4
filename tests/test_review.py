"""The coach (athanor.review, ``athanor review``): it names a clearly worse choice, judges
only from what the seat knew, uses Potion Party's exact tables, and refuses bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import athanor
from athanor import catalog
from athanor.cli.main import main
from athanor.engine import ConfigError
from athanor.games.potion_party.rules import PotionPartyState
from athanor.replay import Replay
from athanor.review import TURNS, WIN, Coach, Judged, Review, Worth
from tests.dominion.helpers import arrange, game


def _last_province(seed: int = 1):  # type: ignore[no-untyped-def]
    """Ana (seat 0) has 8 coins to spend and the last Province would win her the game;
    Bo's deck is nearly all Gold, so if she passes he most likely takes it and wins."""
    s = game("Smithy", seed=seed, log=False)
    arrange(
        s,
        0,
        hand=[],
        deck=["Copper"] * 3 + ["Estate"] * 2,
        discard=["Province"] * 3 + ["Copper"] * 4,
        coins=8,
        step="buy",
        others={
            1: {
                "hand": ["Silver", "Estate"],
                "deck": ["Gold"] * 10 + ["Silver", "Estate"],
                "discard": ["Province"] * 3 + ["Duchy"],
            }
        },
    )
    s.supply["Province"] = 1
    return s


def test_a_clearly_worse_choice_is_named_with_its_cost() -> None:
    s = _last_province()
    j = Coach("dominion", playouts=16).judge(s, "end", index=41)
    assert j.best == "buy:Province"
    assert j.unit == WIN
    assert j.worths["buy:Province"].value == 1.0  # buying it ends the game, and she wins
    assert j.worths["end"].value < 0.5
    assert j.sure and not j.agreed
    assert j.cost > 0.5
    words = j.sentence()
    assert "you chose “End your turn”" in words
    assert "would have chosen “Buy Province (8 coins)”" in words
    review = Review("dominion", 0, "Ana", 16, "heuristic", [j])
    assert review.worst() == [j]
    assert any("Buy Province" in line for line in review.lines())


def test_the_best_choice_is_agreed_with() -> None:
    j = Coach("dominion", playouts=8).judge(_last_province(), "buy:Province")
    assert j.agreed and not j.sure
    assert j.cost == 0
    assert j.sentence().endswith("The coach agrees.")


def test_the_coach_judges_only_from_what_the_seat_knew() -> None:
    """Two states alike from Ana's seat, Bo's cards and her deck order dealt differently:
    the same judgement, figure for figure."""
    s = _last_province()
    twin = s.determinize(0, 99)
    assert twin.view(0) == s.view(0)
    assert (twin.hands[1], twin.decks[1], twin.decks[0]) != (s.hands[1], s.decks[1], s.decks[0])
    a = Coach("dominion", playouts=8, seed=3).judge(s, "buy:Gold")
    b = Coach("dominion", playouts=8, seed=3).judge(twin, "buy:Gold")
    assert a == b


def test_twins_in_every_game_get_the_same_judgement() -> None:
    for name, players in (("potion-making", 2), ("crucible", 3), ("potion-party", 2)):
        s = athanor.new_game(name, players, 7, log=False)
        bots = [catalog.bot(name, "random", i) for i in range(players)]
        for _ in range(12):
            d = s.decision
            assert d is not None
            s.apply(bots[d.seat].choose(s, d))
        while s.decision is not None and len(s.decision.ids) < 2:
            s.apply(s.decision.ids[0])
        d = s.decision
        assert d is not None
        twin = s.determinize(d.seat, 5)
        assert twin.view(d.seat) == s.view(d.seat)
        a = Coach(name, playouts=2, seed=1).judge(s, d.ids[-1])
        b = Coach(name, playouts=2, seed=1).judge(twin, d.ids[-1])
        assert a == b, name


def _pp_turn_question() -> PotionPartyState:
    """A Potion Party game run by the heuristic bot to its first own-turn question where
    both stopping and rolling greedily are open, on a simple recipe."""
    for seed in range(40):
        s = athanor.new_game("potion-party", 2, seed, {"recipe": "speed"}, log=False)
        assert isinstance(s, PotionPartyState)
        bots = [catalog.bot("potion-party", "heuristic", i) for i in range(2)]
        while s.decision is not None:
            d = s.decision
            if {"stop", "greedy"} <= set(d.ids) and d.seat == s.current:
                return s
            s.apply(bots[d.seat].choose(s, d))
    raise AssertionError("no such question in 40 games")


def test_potion_party_is_judged_in_exact_turns_from_the_tables() -> None:
    from athanor.games.potion_party.optimal import values

    s = _pp_turn_question()
    d = s.decision
    assert d is not None
    exact = values(s, d)
    worst = max(exact, key=lambda k: exact[k])
    j = Coach("potion-party", playouts=2).judge(s, worst)
    assert j.unit == TURNS
    assert j.best == min(exact, key=lambda k: exact[k])
    assert j.cost == pytest.approx(exact[worst] - exact[j.best])
    assert j.margin == 0
    assert "turns lost (exact" in j.sentence() or j.cost == 0


def test_worst_puts_sure_costs_first_and_skips_doubtful_ones() -> None:
    def judged(i: int, cost: float, margin: float) -> Judged:
        w = {"a": Worth(0.5, 10), "b": Worth(0.5 + cost, 10)}
        return Judged(i, i, "Pick", "a", "A", "b", "B", WIN, w, cost, margin)

    r = Review("dominion", 0, "Ana", 10, "heuristic")
    r.decisions = [judged(0, 0.1, 0.2), judged(1, 0.3, 0.1), judged(2, 0.2, 0.05)]
    assert [j.index for j in r.worst()] == [1, 2]
    assert "The 2 decisions that mattered most:" in r.lines()


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="at least 2 playouts"):
        Coach("dominion", playouts=1)
    with pytest.raises(ConfigError, match="quick bot"):
        Coach("dominion", rollout="ismcts:iterations=5")
    with pytest.raises(ConfigError, match="no bot"):
        Coach("dominion", rollout="nobody")
    s = _last_province()
    with pytest.raises(ConfigError, match="not one of"):
        Coach("dominion", playouts=2).judge(s, "buy:Platinum")


def _record(tmp_path: Path, name: str, players: int) -> Path:
    s = athanor.new_game(name, players, 3, log=False)
    bots = [catalog.bot(name, "heuristic", i) for i in range(players)]
    while s.decision is not None:
        d = s.decision
        s.apply(bots[d.seat].choose(s, d))
    path = tmp_path / f"{name}.json"
    path.write_text(Replay.from_state(s).to_json())
    return path


def test_the_command_prints_a_review_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, "potion-making", 2)
    out = tmp_path / "review.json"
    rc = main(
        ["review", str(path), "--seat", "2", "--playouts", "2", "--quiet", "--json", str(out)]
    )
    assert rc == 0
    text = capsys.readouterr().out
    assert text.startswith("Review of Player 2's game (potion-making)")
    assert "decisions judged" in text
    data = json.loads(out.read_text())
    assert data["seat"] == 1 and data["decisions"]
    assert all("sentence" in d for d in data["decisions"])


def test_the_command_refuses_a_bad_seat_and_a_corrupt_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, "potion-making", 2)
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert "--seat must be 1 to 2" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["review", str(bad)]) == 2
    assert "athanor:" in capsys.readouterr().err
