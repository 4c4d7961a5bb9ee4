"""The simulator for analysts: CSV and plots, stopping and resuming, set-ups and
warnings, per-turn curves, Ray, and strategy files read once per run."""

from __future__ import annotations

import csv
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from athanor import ConfigError, catalog, sim

SMITHY_WITCH = "name: smithy-witch\nbuy Province\nbuy Witch\nbuy Gold\nbuy Smithy\nbuy Silver\n"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "athanor", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_csv_has_one_row_per_game_with_its_kingdom_and_seats(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    done = _cli(
        "sim", "dominion", "--bots", "smithy", "big-money", "--games", "12", "--seed", "4",
        "--kingdom", "first-game", "--csv", str(out), "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 12
    assert [int(r["index"]) for r in rows] == list(range(12))
    assert [int(r["seed"]) for r in rows] == list(range(4, 16))
    assert all("Cellar" in r["setup"] and "Workshop" in r["setup"] for r in rows)
    # Seats rotate: game 0 seats smithy first, game 1 big-money first.
    assert (rows[0]["seat1_bot"], rows[1]["seat1_bot"]) == ("smithy", "big-money")
    records = sim.run("dominion", ["smithy", "big-money"], 12, 4, {"kingdom": "first-game"})
    for row, rec in zip(rows, records, strict=True):
        assert float(row["seat1_score"]) == rec.scores[0]
        assert int(row["seat2_place"]) == rec.placing[1]
        assert int(row["turns"]) == rec.turns
    assert "Wrote" in done.stdout


def test_report_states_the_kingdom_and_warns_of_cards_not_in_it(tmp_path: Path) -> None:
    bot = tmp_path / "sw.txt"
    bot.write_text(SMITHY_WITCH, encoding="utf-8")
    done = _cli(
        "sim", "dominion", "--bots", str(bot), "big-money", "--games", "6",
        "--kingdom", "first-game", "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    kingdom = "Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market, Mine"
    assert f"Kingdom: {kingdom} (every game)." in done.stdout
    assert "Warning: smithy-witch names Witch, which was in none of its games" in done.stdout
    assert "names Smithy" not in done.stdout
    # Random kingdoms: how many there were, and the share of games without the card.
    summary = sim.Summary.of(
        "dominion",
        ["smithy", "big-money"],
        0,
        sim.run("dominion", ["smithy", "big-money"], 8, 0, {"kingdom": "random"}),
    )
    lines = list(summary.lines())
    assert any(line.startswith("8 different set-ups over 8 games") for line in lines)
    assert any("Warning: smithy names Smithy, which was not in" in line for line in lines)


def test_plot_is_a_valid_png_and_svg_with_curves(tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image")
    png = tmp_path / "p.png"
    done = _cli(
        "sim", "dominion", "--bots", "smithy", "big-money-ultimate", "--games", "20",
        "--kingdom", "Smithy", "--plot", str(png), "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = image.imread(str(png))
    height, width = pixels.shape[:2]
    assert width > height > 1000  # eight panels (two of them decks), three a row
    assert pixels.std() > 0.05  # something is drawn
    svg = tmp_path / "p.svg"
    done = _cli(
        "sim", "potion-party", "--bots", "heuristic", "random", "--games", "10",
        "--plot", str(svg), "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "</svg>" in text
    bad = _cli("sim", "potion-party", "--games", "2", "--plot", str(tmp_path / "p.gif"))
    assert bad.returncode == 2 and ".png or .svg" in bad.stderr


def test_a_charts_curve_legend_covers_none_of_its_curves() -> None:
    """Each curve panel's legend sits above every point of its curves: with long bot
    names (as a DominionSim bot file gives) the legend box hid the end of the rising
    victory point curve."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from athanor.plot import figure

    bots = ["smithy", "big-money-ultimate"]
    labels = {"smithy": "Smithy (DomBots.xml)"}
    labels["big-money-ultimate"] = "Big Money Ultimate (DomBots.xml)"
    records = sim.run("dominion", bots, 30, 3, {"kingdom": "Smithy"}, curves=True)
    fig = figure(sim.Summary.of("dominion", bots, 3, records, labels=labels))
    renderer = fig.canvas.get_renderer()
    panels = [ax for ax in fig.axes if ax.get_title().endswith(", by turn")]
    panels = [ax for ax in panels if "deck" not in ax.get_title()]
    assert len(panels) == 3  # victory points, Treasure owned, money
    for ax in panels:
        legend = ax.get_legend().get_window_extent(renderer)
        for line in ax.get_lines():
            heights = ax.transData.transform(line.get_xydata())[:, 1]
            assert max(heights) < legend.y0, ax.get_title()
    plt.close(fig)


def test_curves_follow_each_turn_and_do_not_change_the_games() -> None:
    plain = sim.run("dominion", ["smithy", "big-money"], 4, 9, {"kingdom": "Smithy"})
    traced = sim.run("dominion", ["smithy", "big-money"], 4, 9, {"kingdom": "Smithy"}, curves=True)
    for a, b in zip(plain, traced, strict=True):
        assert a.curves is None and b.curves is not None
        assert a == sim.GameRecord(**{**b.__dict__, "curves": None, "cards": None})
        assert b.cards is not None and sim.GameRecord.from_json(b.to_json()) == b
        # One entry per turn the seat took; it ends on the final score.
        assert max(len(c) for c in b.curves) == b.turns
        for seat, curve in enumerate(b.curves):
            # After turn 1: the 3 Estates, and 7 Coppers plus at most a Silver or a Gold.
            assert curve[0][0] == 3.0 and curve[0][1] in (7.0, 9.0, 10.0)
            assert 2.0 <= curve[0][2] <= 5.0  # money: the coins turn 1 made, 5 cards
            # The deck after each turn: 7 Coppers and 3 Estates, and what was bought.
            held = b.cards[seat]
            assert len(held) == len(curve)
            assert held[0]["Copper"] == 7 and held[0]["Estate"] == 3
            assert sum(held[0].values()) in (10, 11)
            assert curve[-1][0] == b.scores[seat]
    # A Witch's Curse lowers the other player's points during the Witch's turn; the
    # other player's curve still has exactly one point per turn they took.
    witch = sim.run("dominion", ["heuristic", "big-money"], 6, 2, {"kingdom": "Witch"}, curves=True)
    for r in witch:
        assert r.curves is not None
        assert max(len(c) for c in r.curves) == r.turns
        assert min(len(c) for c in r.curves) >= r.turns - 1
    party = sim.run("potion-party", ["heuristic", "heuristic"], 3, 1, curves=True)
    for r in party:
        assert r.curves is not None
        assert all(len(c[0]) == 1 for c in r.curves)
        assert r.cards is None  # no cards to chart
        assert max(c[-1][0] for c in r.curves) == max(r.scores)


def test_a_stopped_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    args = ("dominion", ["smithy", "big-money-ultimate"], 30, 5, {"kingdom": "Smithy"})
    whole = sim.run(*args)
    folder = tmp_path / "run"
    seen: list[int] = []

    def stop_after_two_batches(n: int) -> None:
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sim.run(*args, progress=stop_after_two_batches, out=str(folder), chunk=7)
    lines = (folder / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 14
    # A line cut short by a hard stop is played again, not misread.
    with (folder / "games.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(lines[-1][:30])
    played: list[int] = []
    again = sim.run(*args, progress=played.append, out=str(folder), chunk=7)
    assert again == whole
    assert played[0] == 14 and sum(played[1:]) == 16  # only the missing games were played
    # Asking for more games with the same folder adds them; another set-up is refused.
    more = sim.run(*args[:2], 33, *args[3:], out=str(folder))
    assert more[:30] == whole and len(more) == 33
    with pytest.raises(ConfigError, match=r"holds another run .*seed"):
        sim.run(*args[:3], 6, args[4], out=str(folder))


def test_the_cli_resumes_a_run_with_the_same_arguments(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    base = ["sim", "potion-party", "--bots", "heuristic", "random", "--seed", "3", "--quiet"]
    first = _cli(*base, "--games", "10", "--out", str(folder), "--json", str(tmp_path / "a.json"))
    assert first.returncode == 0, first.stderr
    second = _cli(*base, "--games", "20", "--out", str(folder), "--json", str(tmp_path / "b.json"))
    whole = _cli(*base, "--games", "20", "--json", str(tmp_path / "c.json"))
    assert second.returncode == 0 and whole.returncode == 0
    assert json.loads((tmp_path / "b.json").read_text()) == json.loads(
        (tmp_path / "c.json").read_text()
    )
    assert len((folder / "games.jsonl").read_text().splitlines()) == 20


def test_a_strategy_file_is_read_and_parsed_once_per_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = tmp_path / "bm.txt"
    bot.write_text("name: bm\nbuy Province\nbuy Gold\nbuy Silver\n", encoding="utf-8")
    reads: list[str] = []
    real = catalog.read_bot_file

    def counting(name: str) -> str:
        reads.append(name)
        return real(name)

    monkeypatch.setattr(catalog, "read_bot_file", counting)
    from athanor.games.dominion import strategy

    strategy.parsed.cache_clear()
    records = sim.run("dominion", [str(bot), "big-money"], 40, 1)
    assert reads == [str(bot)]
    assert strategy.parsed.cache_info().misses == 1
    # The same games as the built-in bot with the same rules.
    builtin = sim.run("dominion", ["big-money", "big-money"], 40, 1)
    assert [r.scores for r in records] == [r.scores for r in builtin]


def test_ray_gives_the_same_figures_as_a_local_run() -> None:
    pytest.importorskip("ray")
    args = ("potion-party", ["heuristic", "random"], 24, 7)
    local = sim.run(*args)
    on_ray = sim.run(*args, ray="local", chunk=5)
    assert on_ray == local
    assert (
        sim.Summary.of(*args[:2], 7, on_ray).to_json()
        == sim.Summary.of(*args[:2], 7, local).to_json()
    )


def test_a_cluster_is_not_sent_an_option_that_reads_a_local_file() -> None:
    from importlib import resources

    cards = resources.files("athanor.games.potion_making").joinpath("data/cards.tsv")
    with pytest.raises(ConfigError, match="reads a file on this machine"):
        sim.run(
            "potion-making",
            ["heuristic", "heuristic"],
            2,
            options={"cards": str(cards)},
            ray="ray://127.0.0.1:1",
        )


def test_jobs_auto_is_one_worker_per_usable_core_and_the_default() -> None:
    from athanor.cli import main as cli

    parser = cli.build_parser()
    cores = cli.usable_cores()
    assert parser.parse_args(["sim", "dominion"]).jobs == cores
    assert parser.parse_args(["sim", "dominion", "--jobs", "auto"]).jobs == cores
    assert parser.parse_args(["sim", "dominion", "--jobs", "3"]).jobs == 3
    assert parser.parse_args(["tune", "dominion", "--kingdom", "x", "--against", "y"]).jobs == cores


@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "at least 1, not 0"), ("-2", "at least 1, not -2"), ("two", "or 'auto', not 'two'")],
)
def test_a_bad_jobs_value_is_a_usage_error(value: str, message: str) -> None:
    got = _cli("sim", "potion-party", "--games", "4", "--quiet", "--jobs", value)
    assert got.returncode == 2
    assert message in got.stderr
    assert "Traceback" not in got.stderr and got.stdout == ""


def test_the_default_workers_give_the_same_figures_as_one(tmp_path: Path) -> None:
    base = ["sim", "potion-party", "--bots", "heuristic", "random", "--seed", "5", "--quiet"]
    one = _cli(*base, "--games", "30", "--jobs", "1", "--json", str(tmp_path / "one.json"))
    auto = _cli(*base, "--games", "30", "--json", str(tmp_path / "auto.json"))
    assert one.returncode == 0 and auto.returncode == 0, auto.stderr
    assert json.loads((tmp_path / "one.json").read_text()) == json.loads(
        (tmp_path / "auto.json").read_text()
    )


def test_a_team_report_says_how_many_games_were_lost_before_the_first_card() -> None:
    """Ruling C38: none should be; the report says so either way."""
    from athanor import sim

    def record(i: int, ending: str, won: bool) -> sim.GameRecord:
        return sim.GameRecord(i, ("team",) * 3, (1, 1, 1), (0.0,) * 3, ending, 5, team_won=won)

    early = "lost: impossible task, before the first card"
    records = [record(0, "won", True), record(1, "lost: impossible task", False)]
    text = "\n".join(sim.Summary.of("crucible", ["team"] * 3, 1, records).lines())
    assert "None lost before the first card." in text
    records.append(record(2, early, False))
    text = "\n".join(sim.Summary.of("crucible", ["team"] * 3, 1, records).lines())
    assert "Lost before the first card: 1 (33.3% of games)." in text


def test_a_curve_stops_where_too_few_games_go_on() -> None:
    b = sim.BotStats(games=100)
    # 100 games reach turn 1, 60 turn 2, 25 turn 3, 24 turn 4 (the long games' jump).
    b.curves = [[[100.0, 100], [120.0, 60], [75.0, 25], [240.0, 24]]]
    assert sim.CURVE_MIN_SHARE == 0.25
    assert b.mean_curve(0) == [1.0, 2.0, 3.0]  # turn 4 stands on under 25% of the games
    assert b.curve_games(0) == [100, 60, 25]
    assert b.mean_curve(0, 0.05) == [1.0, 2.0, 3.0, 10.0]
    assert b.mean_curve(0, 0.5) == [1.0, 2.0] and b.mean_curve(1) == []
    from athanor.plot import games_words  # (matplotlib is imported only to draw)

    assert games_words(b, 0) == "n = 100 at turn 1, 25 at turn 3"
    assert games_words(b, 0, 0.9) == "n = 100 at turn 1"
    assert games_words(b, 1) == ""
    bad = _cli("sim", "potion-party", "--games", "2", "--plot-min-share", "1.5")
    assert bad.returncode == 2 and "--plot-min-share" in bad.stderr


def test_the_plot_gives_game_lengths_and_endings() -> None:
    from athanor.plot import ending_bars, length_bars

    def record(i: int, turns: int, ending: str) -> sim.GameRecord:
        return sim.GameRecord(i, ("a", "b"), (1, 2), (3.0, 1.0), ending, turns)

    games = [record(0, 14, "Provinces ran out"), record(1, 17, "3 Supply piles ran out")]
    games += [record(2, 17, "Provinces ran out")]
    summary = sim.Summary.of("dominion", ["a", "b"], 0, games)
    assert summary.lengths == {14: 1, 17: 2}
    assert length_bars(summary) == ([14, 15, 16, 17], [1, 0, 0, 2])  # gaps shown as 0
    assert ending_bars(summary) == [("Provinces ran out", 2), ("3 Supply piles ran out", 1)]
    assert length_bars(sim.Summary.of("dominion", ["a", "b"], 0, [])) == ([], [])


def test_the_deck_chart_gives_the_mean_cards_held_by_turn() -> None:
    from athanor.plot import deck_lines

    b = sim.BotStats(games=4)
    for game in range(4):  # four games of 1, 2, 3 and 4 turns
        turns = tuple(
            {"Copper": 7, "Silver": t, **({"Gold": 1} if game else {})} for t in range(game + 1)
        )
        b._add_cards(turns)
    assert b.card_games == [4, 3, 2, 1]
    # At a share of 50%: turn 3 stands on 2 games of 4 (kept), turn 4 on 1 (cut).
    assert len(b.mean_cards()["Copper"]) == 4  # 25% of 4 games is 1
    assert b.mean_cards(0.5) == {
        "Copper": [7.0, 7.0, 7.0],
        "Gold": [0.75, 1.0, 1.0],
        "Silver": [0.0, 1.0, 2.0],
    }
    assert [c for c, _ in deck_lines(b, 0.5)] == ["Copper", "Silver", "Gold"]  # most held last
    assert [c for c, _ in deck_lines(b, 0.5, most=1)] == ["Copper"]


def test_a_team_games_chart_shows_the_teams_win_rate_not_ties() -> None:
    from athanor import sim
    from athanor.plot import win_bars

    records = [
        sim.GameRecord(i, ("team",) * 3, (1, 1, 1), (0.0,) * 3, e, 5, team_won=e == "won")
        for i, e in enumerate(["won", "won", "won", "lost: impossible task"])
    ]
    summary = sim.Summary.of("crucible", ["team"] * 3, 1, records)
    rates, errors, ties, names = win_bars(summary)
    assert names == ["team (team)"] and rates == [75.0] and ties == [0.0]
    lo, hi = sim.wilson(3, 4)
    assert errors[0] == pytest.approx([75.0 - 100 * lo])
    assert errors[1] == pytest.approx([100 * hi - 75.0])
    duel = sim.Summary.of(
        "potion-party",
        ["a", "b"],
        1,
        [sim.GameRecord(0, ("a", "b"), (1, 2), (9.0, 3.0), "done", 5)],
    )
    assert win_bars(duel)[3] == ["a", "b"] and win_bars(duel)[0] == [100.0, 0.0]


def test_a_sink_gets_every_record_in_order_and_nothing_is_kept() -> None:
    """Streaming (issue 26): the records come to the sink in index order, the same as a
    run that keeps them, whatever the number of worker processes."""
    args = ("potion-party", ["heuristic", "random"], 30, 2)
    kept = sim.run(*args, jobs=1)
    for jobs in (1, 2):
        got: list[sim.GameRecord] = []
        assert sim.run(*args, jobs=jobs, chunk=4, sink=got.append) == []
        assert got == kept


def test_in_order_holds_a_record_that_comes_early_until_those_before_it() -> None:
    out: list[int] = []
    order = sim.InOrder(iter([0, 2, 3, 5]), lambda r: out.append(r.index))

    def rec(i: int) -> sim.GameRecord:
        return sim.GameRecord(i, ("a", "b"), (1, 2), (1.0, 0.0), "won", 3)

    order.add(rec(3))
    assert out == []
    order.add(rec(0))
    assert out == [0]
    order.add(rec(2))
    assert out == [0, 2, 3]
    order.add(rec(5))
    assert out == [0, 2, 3, 5] and not order.waiting


def test_a_streamed_resumed_run_gives_the_folders_games_first_then_the_rest(
    tmp_path: Path,
) -> None:
    args = ("potion-party", ["heuristic", "random"])
    folder = str(tmp_path / "run")
    sim.run(*args, 10, 1, out=folder)
    got: list[sim.GameRecord] = []
    sim.run(*args, 25, 1, out=folder, sink=got.append)
    assert sorted(r.index for r in got) == list(range(25))
    assert [r.index for r in got[10:]] == list(range(10, 25))
    whole = sim.Summary.of("potion-party", args[1], 1, sim.run(*args, 25, 1))
    streamed = sim.Summary.start("potion-party", args[1], 1)
    for r in got:
        streamed.add(r)
    assert streamed.to_json() == whole.to_json()


def test_a_summary_counts_set_ups_one_by_one_only_up_to_a_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sim, "SETUPS_KEPT", 3)
    records = sim.run("dominion", ["big-money", "big-money"], 8, 0, {"kingdom": "random"})
    s = sim.Summary.of("dominion", ["big-money", "big-money"], 0, records)
    assert len(s.setups) == 3 and s.setups_uncounted == 5
    assert any(line.startswith("more than 3 different set-ups") for line in s.setup_lines())


def test_deck_labels_are_moved_apart_only_as_far_as_needed() -> None:
    """The deck chart names each line at its end; labels for lines ending close
    together are spread to a set gap, keeping their order, and lone ones stay put."""
    from athanor.plot import spread_labels

    got = spread_labels([7.0, 3.0, 3.1, 0.0], 0.5)
    assert got[0] == pytest.approx(7.0, abs=0.3) and got[3] == pytest.approx(0.0, abs=0.3)
    assert got[2] - got[1] == pytest.approx(0.5)
    ordered = sorted(got)
    assert all(b - a >= 0.5 - 1e-9 for a, b in itertools.pairwise(ordered))
    assert spread_labels([1.0, 5.0], 0.5) == [1.0, 5.0]


def test_a_commands_own_parser_reads_its_arguments_as_the_whole_parser_does() -> None:
    """``main`` builds only the parser of the command asked for (a quicker start): it reads
    that command's arguments exactly as the whole parser does, and COMMANDS names every
    command the whole parser has."""
    import argparse

    from athanor.cli import main as cli

    full = cli.build_parser()
    subs = [a for a in full._actions if isinstance(a, argparse._SubParsersAction)]
    assert tuple(subs[0].choices) == cli.COMMANDS
    samples = [
        ["sim", "dominion", "--bots", "easy", "normal", "--games", "9", "--jobs", "1"],
        ["play", "potion-party", "--seed", "3", "--bots", "2"],
        ["review", "game.json", "--seat", "2"],
        ["replay", "game.json"],
        ["tune", "dominion", "--kingdom", "first-game", "--against", "big-money"],
        ["ladder", "dominion", "--games", "10"],
        ["check-cards", "cards.tsv"],
        ["serve", "--port", "8123"],
        ["games"],
    ]
    assert sorted({s[0] for s in samples}) == sorted(cli.COMMANDS)
    for argv in samples:
        assert vars(cli.build_parser(argv[0]).parse_args(argv)) == vars(full.parse_args(argv))
    with pytest.raises(SystemExit):
        cli.build_parser("sim").parse_args(["games"])  # the others are not there
