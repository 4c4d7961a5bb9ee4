"""The ladder (issue 25): a Bradley-Terry fit of a round robin, on an Elo-like scale with
``normal`` at 1500, and the command that plays it."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import athanor
import athanor.ladder as ladder_module
from athanor.engine import ConfigError
from athanor.ladder import (
    SCALE,
    Pair,
    default_bots,
    describe,
    entries,
    fit,
    level_measure,
    measured,
    play,
)

CMD = [sys.executable, "-m", "athanor"]


def draw(ratings: dict[str, float], games: int, seed: int, tie: float = 0.0) -> list[Pair]:
    """Results drawn from known ratings: each pair plays ``games`` games; a share ``tie``
    of them is drawn, the rest won with the Elo probability."""
    rng = random.Random(seed)
    names = list(ratings)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
            aw = bw = t = 0
            for _ in range(games):
                u = rng.random()
                if u < tie:
                    t += 1
                elif rng.random() < p:
                    aw += 1
                else:
                    bw += 1
            pairs.append(Pair(a, b, aw, bw, t))
    return pairs


def test_the_fit_recovers_known_ratings_with_normal_at_1500() -> None:
    truth = {"easy": 1250.0, "normal": 1500.0, "hard": 1620.0, "other": 1400.0}
    got = fit(list(truth), draw(truth, 3000, seed=1))
    assert got["normal"].rating == pytest.approx(1500) and got["normal"].low == 1500
    for name, r in truth.items():
        assert got[name].rating == pytest.approx(r, abs=20), name
        assert got[name].low <= r <= got[name].high, name
        assert got[name].games == 3 * 3000
    # Intervals of a few points at these counts, wider for the bot farthest from the rest.
    assert 5 < got["hard"].high - got["hard"].low < 40
    assert got["easy"].high - got["easy"].low > got["other"].high - got["other"].low


def test_the_ordering_is_right_and_the_scale_is_400_log10_odds() -> None:
    got = fit(["a", "normal"], [Pair("a", "normal", 750, 250)])
    # 3 to 1 odds is 400 * log10(3) = 190.8 points, less a hair of the prior's pull.
    assert got["a"].rating == pytest.approx(1500 + 400 * math.log10(3), abs=0.5)
    truth = {"w": 1300.0, "x": 1450.0, "normal": 1500.0, "z": 1700.0}
    got = fit(list(truth), draw(truth, 1000, seed=2))
    assert sorted(got, key=lambda n: got[n].rating) == ["w", "x", "normal", "z"]


def test_a_tie_counts_half_to_each_side() -> None:
    only_ties = fit(["a", "normal"], [Pair("a", "normal", 0, 0, 500)])
    assert only_ties["a"].rating == pytest.approx(1500, abs=1e-6)
    # 100 wins, 100 losses and 200 ties are the same points as 200 wins and 200 losses.
    mixed = fit(["a", "normal"], [Pair("a", "normal", 300, 100, 200)])
    plain = fit(["a", "normal"], [Pair("a", "normal", 400, 200, 0)])
    assert mixed["a"].rating == pytest.approx(plain["a"].rating, abs=1e-6)
    assert Pair("a", "b", 3, 1, 2).a_score == 4


def test_a_bot_that_never_loses_gets_a_finite_rating_above_the_rest() -> None:
    pairs = [
        Pair("god", "normal", 200, 0),
        Pair("god", "easy", 200, 0),
        Pair("normal", "easy", 120, 80),
    ]
    got = fit(["god", "normal", "easy"], pairs)
    assert math.isfinite(got["god"].rating) and math.isfinite(got["god"].high)
    assert got["god"].rating > got["normal"].rating + 400 and got["god"].low > got["normal"].high
    # The weak prior (one virtual drawn game per bot) is all that keeps it finite.
    assert got["god"].rating - 1500 < SCALE * 10
    never_wins = fit(["zero", "normal"], [Pair("zero", "normal", 0, 50)])
    assert math.isfinite(never_wins["zero"].rating) and never_wins["zero"].rating < 1000


def test_without_normal_the_mean_is_1500() -> None:
    got = fit(["a", "b"], [Pair("a", "b", 60, 40)], anchor=None)
    assert got["a"].rating + got["b"].rating == pytest.approx(3000)
    assert got["a"].rating > 1500 > got["b"].rating


def test_bad_input_gives_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="at least two bots"):
        fit(["normal"], [])
    with pytest.raises(ConfigError, match="not on the ladder"):
        fit(["a", "normal"], [Pair("a", "stranger", 1, 1)])
    with pytest.raises(ConfigError, match="at least two different bots"):
        entries("dominion", ["normal"])
    with pytest.raises(ConfigError, match="at least two different bots"):
        entries("dominion", ["normal", "big-money-ultimate"])  # the same bot twice
    with pytest.raises(ConfigError, match="has no bot 'nobody'"):
        entries("dominion", ["normal", "nobody"])
    with pytest.raises(ConfigError, match="named twice"):
        entries("dominion", ["easy", "normal", "easy"])
    with pytest.raises(ConfigError, match="played two at a time"):
        play("potion-making", ["easy", "normal"], 1, players=[3])


def test_a_name_that_makes_the_same_bot_is_played_once_and_shares_its_rating() -> None:
    found = entries("potion-making", ["easy", "normal", "heuristic"])
    assert [(e.name, e.bot, e.same_as) for e in found] == [
        ("easy", "beginner", None),
        ("normal", "heuristic", None),
        ("heuristic", "heuristic", "normal"),
    ]
    lad = play("potion-making", ["easy", "normal", "heuristic"], games=4, seed=3)
    assert [(p.a, p.b, p.games) for p in lad.pairs] == [("easy", "normal", 4)]
    data = lad.to_json()
    assert data["bots"]["heuristic"]["rating"] == data["bots"]["normal"]["rating"] == 1500
    assert data["bots"]["heuristic"]["same_as"] == "normal"


def test_a_tiny_real_round_robin_is_reproducible() -> None:
    one = play("dominion", ["easy", "normal", "big-money"], games=6, seed=5)
    two = play("dominion", ["easy", "normal", "big-money"], games=6, seed=5)
    assert one.pairs == two.pairs and len(one.pairs) == 3
    assert all(p.games == 6 for p in one.pairs)
    assert one.anchor == "normal" and one.ratings["normal"].rating == 1500
    text = "\n".join(one.lines())
    assert "normal" in text and "95% interval" in text and "A won-lost-tied" in text
    md = list(one.lines(markdown=True))
    assert any(line.startswith("| bot | plays | rating |") for line in md)
    data = one.to_json()
    assert data["command"] == (
        "athanor ladder dominion --bots easy normal big-money --games 6 --seed 5"
    )
    assert data["kind"] == "ratings" and len(data["pairs"]) == 3


def test_a_cooperative_game_has_each_bot_play_every_seat() -> None:
    lad = play("crucible", ["easy", "normal"], games=2, seed=1, players=[3], missions=[1, 2])
    assert [(t["bot"], t["players"], t["mission"], t["games"]) for t in lad.teams] == [
        ("easy", 3, 1, 2),
        ("easy", 3, 2, 2),
        ("normal", 3, 1, 2),
        ("normal", 3, 2, 2),
    ]
    total = lad.team_total("normal")
    assert total["games"] == 4 and total["low"] <= total["win_rate"] <= total["high"]
    assert lad.to_json()["kind"] == "team"
    assert "Per table size and mission" in "\n".join(lad.lines())


def test_the_default_bots_leave_out_expert() -> None:
    assert default_bots("dominion") == ["easy", "normal", "hard", "big-money", "smithy"]
    assert "expert" not in default_bots("crucible")


@pytest.mark.parametrize("game", [g.name for g in athanor.games()])
def test_each_level_says_its_measured_strength_or_that_none_is(game: str) -> None:
    spec = athanor.spec(game)
    for lv in spec.to_json()["levels"]:
        m = lv["measured"]
        assert m is None or m["bot"] == lv["bot"]
        words = describe(m)
        assert words == "not yet measured" if m is None else words.startswith(("rating", "team"))
    data = measured(game)
    if data:  # the shipped figures say how they were made
        assert data["command"].startswith(f"athanor ladder {game} ") and data["date"]
        for name, lv in spec.levels.items():  # figures shown only for the bot it makes now
            shown = level_measure(game, name, lv.bot)
            assert shown is None or shown["bot"] == lv.bot
            assert level_measure(game, name, lv.bot + "-changed") is None


def test_a_level_given_a_new_bot_is_not_yet_measured() -> None:
    assert level_measure("dominion", "normal", "a-bot-not-measured") is None


def test_the_command_prints_the_tables_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    run = subprocess.run(
        [
            *CMD,
            *("ladder", "potion-making", "--bots", "easy", "normal", "--games", "3"),
            *("--seed", "2", "--json", str(out), "--markdown", "--quiet"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "| easy |" in run.stdout and "Not on this ladder: hard, expert." in run.stdout
    data = json.loads(out.read_text())
    assert data["bots"]["normal"]["rating"] == 1500 and data["bots"]["easy"]["games"] == 3
    bad = subprocess.run(
        [*CMD, "ladder", "potion-making", "--bots", "normal", "--games", "3"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "at least two different bots" in bad.stderr


# -- adding to a ladder measured before (--add-to) ---------------------------------------


def test_adding_a_bot_plays_only_its_missing_pairs_and_fits_everything_again() -> None:
    first = play("dominion", ["easy", "normal"], games=4, seed=5, options={"kingdom": "random"})
    earlier = first.to_json()
    lad = play(
        "dominion",
        ["big-money", "normal"],
        games=6,
        seed=7,
        options={"kingdom": "random"},
        earlier=earlier,
    )
    assert [(p.a, p.b, p.games) for p in lad.pairs] == [
        ("easy", "normal", 4),
        ("normal", "big-money", 6),
    ]
    assert lad.pairs[0] == first.pairs[0]  # the earlier results are kept as they were
    alone = play(
        "dominion", ["normal", "big-money"], games=6, seed=7, options={"kingdom": "random"}
    )
    assert lad.pairs[1] == alone.pairs[0]  # the new pair is the same games played alone
    assert set(lad.ratings) == {"easy", "normal", "big-money"}
    assert lad.ratings["normal"].rating == 1500
    data = lad.to_json()
    assert data["command"] == earlier["command"] and data["games"] == 4
    assert data["added"] == [
        {
            "command": "athanor ladder dominion --bots big-money normal --games 6 --seed 7 "
            "--kingdom random",
            "date": data["date"],
            "seed": 7,
            "games": 6,
            "bots": ["big-money", "normal"],
        }
    ]
    again = play(
        "dominion",
        ["big-money", "easy"],
        games=2,
        seed=1,
        options={"kingdom": "random"},
        earlier=data,
    )
    assert [(p.a, p.b) for p in again.pairs] == [
        ("easy", "normal"),
        ("normal", "big-money"),
        ("easy", "big-money"),
    ]
    assert len(again.to_json()["added"]) == 2


def test_a_name_that_now_makes_another_bot_is_measured_anew() -> None:
    earlier = play("potion-making", ["easy", "normal"], games=3, seed=2).to_json()
    earlier["bots"]["easy"]["bot"] = "an-older-bot"
    lad = play("potion-making", ["easy", "normal"], games=2, seed=4, earlier=earlier)
    assert [(p.a, p.b, p.games) for p in lad.pairs] == [("normal", "easy", 2)]
    assert lad.to_json()["added"][0]["measured_anew"] == ["easy"]
    assert lad.to_json()["bots"]["easy"]["bot"] == "beginner"


def test_adding_to_a_ladder_refuses_other_options_games_and_broken_files() -> None:
    earlier = play(
        "dominion", ["easy", "normal"], games=2, seed=5, options={"kingdom": "random"}
    ).to_json()
    with pytest.raises(ConfigError, match="same options"):
        play(
            "dominion",
            ["big-money", "normal"],
            games=2,
            options={"kingdom": "Smithy"},
            earlier=earlier,
        )
    with pytest.raises(ConfigError, match="not a ladder of potion-party"):
        play("potion-party", ["easy", "normal"], games=2, earlier=earlier)
    broken = {**earlier, "pairs": [{"a": "easy"}]}
    with pytest.raises(ConfigError, match="not a readable ladder"):
        play(
            "dominion",
            ["big-money", "normal"],
            games=2,
            options={"kingdom": "random"},
            earlier=broken,
        )


def test_a_team_ladder_adds_the_new_bots_tables() -> None:
    earlier = play("crucible", ["easy"], games=2, seed=1, players=[3], missions=[1]).to_json()
    lad = play(
        "crucible", ["easy", "normal"], games=2, seed=3, players=[3], missions=[1], earlier=earlier
    )
    assert [(t["bot"], t["games"]) for t in lad.teams] == [("easy", 2), ("normal", 2)]
    assert lad.teams[0] == earlier["tables"][0]


def test_the_command_adds_to_a_file_and_says_when_it_cannot(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    base = [*CMD, "ladder", "potion-making", "--games", "2", "--quiet"]
    made = subprocess.run(
        [*base, "--bots", "easy", "normal", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    added = subprocess.run(
        [*base, "--bots", "heuristic", "easy", "--add-to", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert added.returncode == 0, added.stderr
    data = json.loads(out.read_text())
    assert data["bots"]["heuristic"]["same_as"] == "normal"
    assert [p["a"] + "-" + p["b"] for p in data["pairs"]] == ["easy-normal"]
    out.write_text("{ not json")
    bad = subprocess.run(
        [*base, "--bots", "easy", "normal", "--add-to", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "cannot add to" in bad.stderr


def test_a_bot_added_later_names_the_run_that_measured_it(monkeypatch: Any) -> None:
    data = {
        "format": "athanor-ladder",
        "kind": "ratings",
        "command": "athanor ladder x",
        "date": "2026-01-01",
        "bots": {"normal": {"bot": "n", "rating": 1500}, "expert": {"bot": "e", "rating": 1800}},
        "added": [{"command": "athanor ladder y", "date": "2026-02-02", "bots": ["expert"]}],
    }
    monkeypatch.setattr(ladder_module, "measured", lambda game: data)
    assert level_measure("g", "expert", "e")["command"] == "athanor ladder y"  # type: ignore[index]
    assert level_measure("g", "normal", "n")["command"] == "athanor ladder x"  # type: ignore[index]


def test_adding_to_a_ladder_names_the_bot_its_results_lack_and_refuses_negative_counts() -> None:
    earlier = play("potion-making", ["easy", "normal"], games=2, seed=2).to_json()
    unknown = {**earlier, "pairs": [{**earlier["pairs"][0], "b": "zz"}]}
    with pytest.raises(ConfigError, match="does not list: zz"):
        play("potion-making", ["easy", "normal"], games=2, earlier=unknown)
    negative = {**earlier, "pairs": [{**earlier["pairs"][0], "a_wins": -3}]}
    with pytest.raises(ConfigError, match="not counts"):
        play("potion-making", ["easy", "normal"], games=2, earlier=negative)
