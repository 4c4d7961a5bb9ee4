"""DominionSim's charts beside ours: the same match-up drawn by both simulators (issue 26).

``athanor sim dominion --plot FILE`` draws win rates, per-turn curves (victory points,
Treasure owned, money), each bot's deck by turn, game length and how games ended
(docs/simulator.md). DominionSim (Geronimoo's Java simulator) draws, after a run, a results
bar chart (wins and ties, the average number of turns in its title) and two line charts,
"VP gained" and "money" per turn. This script plays one match-up in both and leaves both
sets of images side by side in ``--out``, with the numbers behind them printed as text
(docs/dominionsim-charts.md says what they show and how they differ).

DominionSim's side: a small headless driver of our own (DRIVER below; written into
DIR/charts and compiled there with javac against DominionSim's classes) loads the bot file
with DominionSim's XML reader, plays the games as its simulator does (seats shuffled each
game), then builds DominionSim's own chart classes (gui/DomBarChart, gui/DomLineChart) as
its GUI does and saves their JFreeChart charts as PNG with JFreeChart's ChartUtilities (its
GUI only shows them in a window). It also prints, per bot and turn, the sums its line charts
divide by the number of games, and how many games reached each turn, so both averages can
be taken from either engine's data.

Athanor's side: ``athanor sim dominion`` with ``--plot``, ``--json`` and ``--out`` (the
games, with their per-turn figures, are read back from the ``--out`` folder's games.jsonl).

Nothing of DominionSim is kept in this repository: build it as dominionsim_bots.py's
docstring says (plain javac, no Maven) and give its folder and bot file.

Run (from the repository's root; the two default match-ups are Smithy against Big Money
Ultimate and the Big Money Ultimate mirror):

    nice -n 10 .venv/bin/python benchmarks/dominionsim_charts.py \\
        --dominionsim /tmp/dominionsim \\
        --bots-xml /tmp/dominionsim/src/src/main/java/be/aga/dominionSimulator/DomBots.xml \\
        --games 3000 --out /tmp/charts [--bots Smithy "Big Money Ultimate" --kingdom Smithy]

It writes, per match-up SLUG, into ``--out``: dominionsim-SLUG-results.png,
dominionsim-SLUG-vp.png, dominionsim-SLUG-money.png (DominionSim's), athanor-SLUG.png and
athanor-SLUG.json (ours) and the folder athanor-SLUG-games/, and prints per match-up the
win rates, game lengths, endings, and per turn both engines' victory points and money,
each averaged both ways (over the games that reached the turn, as ours; over all games,
as DominionSim's).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from dominionsim_bots import compile_driver

# (bot A, bot B, the kingdom Athanor deals). The mirror's bots buy no kingdom card.
MATCHUPS: tuple[tuple[str, str, str], ...] = (
    ("Smithy", "Big Money Ultimate", "Smithy"),
    ("Big Money Ultimate", "Big Money Ultimate", "random"),
)
TURNS_SHOWN = (1, 3, 5, 8, 10, 12, 15, 18, 20)

# Our headless driver. Arguments: bot file, games, folder for the PNGs, bot names. Players
# are named as DominionSim's GUI names them ("NAME(Plr k)"). DominionSim's chart classes keep
# their chart in a private ChartPanel field; we read it by reflection and save it (the
# classes' own getter asks the screen's size, which a headless JVM refuses). In DominionSim's
# package to reach its package-private names. Output lines are tab-separated:
#   player NAME WINS TIES TURNS_SUM     length TURNS GAMES     ending WHAT GAMES
#   curve NAME TURN VP_GAINED_SUM MONEY_SUM GAMES_REACHED VP_TOTAL_SUM (over games reached)
#   deck NAME CARD MEAN_AT_END           final NAME MEAN_VP_AT_END       png FILE
#   breakdown NAME MEAN_VP (DominionSim's optional "additional stats" table, as it computes it)
DRIVER = """\
package be.aga.dominionSimulator;

import be.aga.dominionSimulator.enums.DomCardName;
import be.aga.dominionSimulator.gui.DomBarChart;
import be.aga.dominionSimulator.gui.DomLineChart;
import be.aga.dominionSimulator.stats.StatsManager;
import java.io.File;
import java.io.FileInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.ChartUtilities;
import org.jfree.chart.JFreeChart;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLReaderFactory;

public class AthanorCharts {
    static JFreeChart chartOf(Object chartClass) throws Exception {
        java.lang.reflect.Field f = chartClass.getClass().getDeclaredField("myChartPanel");
        f.setAccessible(true);
        return ((ChartPanel) f.get(chartClass)).getChart();
    }

    static void save(Object chartClass, String path) throws Exception {
        ChartUtilities.saveChartAsPNG(new File(path), chartOf(chartClass), 800, 500);
        System.out.println("png\\t" + path);
    }

    public static void main(String[] args) throws Exception {
        XMLHandler handler = new XMLHandler();
        XMLReader reader = XMLReaderFactory.createXMLReader();
        reader.setContentHandler(handler);
        reader.parse(new InputSource(new FileInputStream(args[0])));
        int games = Integer.parseInt(args[1]);
        String prefix = args[2];
        ArrayList<DomPlayer> players = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            DomPlayer found = null;
            for (DomPlayer p : handler.getBots()) if (p.name.equals(args[i])) found = p;
            if (found == null) throw new IllegalArgumentException("no bot " + args[i]);
            players.add(found.getCopy(found.name + "(Plr " + (i - 2) + ")"));
        }
        ArrayList<DomPlayer> order = new ArrayList<>(players);
        // The engine object is only asked to note a status line; make one without its GUI.
        java.lang.reflect.Field u = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        u.setAccessible(true);
        DomEngine engine =
            (DomEngine) ((sun.misc.Unsafe) u.get(null)).allocateInstance(DomEngine.class);
        for (DomPlayer p : players) p.setMyEngine(engine);
        DomEngine.NUMBER_OF_GAMES = games;  // the charts divide by it
        StatsManager.gatherAdditionalStats = true;  // its GUI's "Gather additional stats"
        StatsManager.resetCurrentSeries();
        DomEngine.haveToLog = false;
        Map<DomPlayer, Integer> finalVp = new HashMap<>();
        Map<DomPlayer, int[]> reached = new HashMap<>();
        // The charts' sums are kept per turn over all games; to have each game's own victory
        // points after each turn, we difference the sums from one game to the next.
        Map<DomPlayer, double[]> before = new HashMap<>();
        Map<DomPlayer, double[]> totals = new HashMap<>();
        Map<DomPlayer, Map<String, Integer>> decks = new HashMap<>();
        for (DomPlayer p : players) { reached.put(p, new int[200]); decks.put(p, new TreeMap<>());
            before.put(p, new double[200]); totals.put(p, new double[200]); }
        TreeMap<Integer, Integer> lengths = new TreeMap<>();
        TreeMap<String, Integer> endings = new TreeMap<>();
        DomBoard board = null;
        for (int g = 0; g < games; g++) {
            Collections.shuffle(players);
            DomGame game = new DomGame(board, players, engine);
            game.runSimulation();
            game.determineWinners();
            int longest = 0;
            for (DomPlayer p : players) {
                int t = p.getTurns();
                longest = Math.max(longest, t);
                finalVp.merge(p, p.countVictoryPoints(), Integer::sum);
                double vp = 3;  // every player starts with three Estates
                for (int k = 0; k < t; k++) {
                    reached.get(p)[k]++;
                    vp += p.getVPCurve(k) - before.get(p)[k];
                    before.get(p)[k] = p.getVPCurve(k);
                    totals.get(p)[k] += vp;
                }
                for (Map.Entry<DomCardName, ArrayList<DomCard>> e : p.getDeck().entrySet())
                    if (!e.getValue().isEmpty())
                        decks.get(p).merge(e.getKey().toString(), e.getValue().size(),
                            Integer::sum);
            }
            lengths.merge(longest, 1, Integer::sum);
            String end = game.getBoard().count(DomCardName.Province) == 0 ? "Provinces ran out"
                : game.emptyPilesEnding ? "3 Supply piles ran out" : "turn limit";
            endings.merge(end, 1, Integer::sum);
            board = game.getBoard();
            board.reset();
        }
        for (DomPlayer p : order) {
            System.out.println("player\\t" + p.name + "\\t" + p.getWins() + "\\t" + p.getTies()
                + "\\t" + (long) p.getSumTurns());
            System.out.println("final\\t" + p.name + "\\t" + finalVp.get(p) / (double) games);
            int[] n = reached.get(p);
            for (int k = 0; k < n.length && n[k] > 0; k++)
                System.out.println("curve\\t" + p.name + "\\t" + (k + 1) + "\\t" + p.getVPCurve(k)
                    + "\\t" + p.getMoneyCurve(k) + "\\t" + n[k] + "\\t" + totals.get(p)[k]);
            for (Map.Entry<String, Integer> e : decks.get(p).entrySet())
                System.out.println("deck\\t" + p.name + "\\t" + e.getKey() + "\\t"
                    + e.getValue() / (double) games);
        }
        for (be.aga.dominionSimulator.stats.SeriesStats.AverageStatsForPlayer s
                : StatsManager.calculateCurrentSeriesStats().getAverageStatsForPlayers())
            System.out.println("breakdown\\t" + s.getName() + "\\t" + s.getAverageVictoryPoints());
        for (Map.Entry<Integer, Integer> e : lengths.entrySet())
            System.out.println("length\\t" + e.getKey() + "\\t" + e.getValue());
        for (Map.Entry<String, Integer> e : endings.entrySet())
            System.out.println("ending\\t" + e.getKey() + "\\t" + e.getValue());
        // DominionSim's own charts, made as its engine makes them after a run (in the
        // players' original order, which its engine restores before drawing).
        save(new DomBarChart(order), prefix + "-results.png");
        save(new DomLineChart(order, "VP"), prefix + "-vp.png");
        save(new DomLineChart(order, "Money"), prefix + "-money.png");
    }
}
"""


@dataclass
class Side:
    """One engine's run of a match-up, per bot: sole wins, ties (DominionSim's: shares of
    tied games), per turn the sums of VP gained and money and the games that reached it."""

    games: int
    wins: dict[str, float] = field(default_factory=dict)
    ties: dict[str, float] = field(default_factory=dict)
    vp: dict[str, list[float]] = field(default_factory=dict)  # VP gained in the turn, summed
    total: dict[str, list[float]] = field(default_factory=dict)  # VP after it (games reached)
    money: dict[str, list[float]] = field(default_factory=dict)
    reached: dict[str, list[int]] = field(default_factory=dict)
    plays: dict[str, int] = field(default_factory=dict)  # bot-games (2x games in a mirror)
    turns: dict[str, int] = field(default_factory=dict)  # the bot's own turns, summed
    lengths: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    extra: dict[str, float] = field(default_factory=dict)  # athanor: mean Treasure owned etc.
    deck: dict[str, Counter[str]] = field(default_factory=dict)  # cards held at the end, summed
    final: dict[str, float] = field(default_factory=dict)  # victory points at the end, summed
    breakdown: list[tuple[str, float]] = field(default_factory=list)  # DominionSim's table

    def add_turn(self, bot: str, turn: int, vp: float, money: float, n: int, total: float) -> None:
        for d in (self.vp, self.money, self.reached, self.total):
            row = d.setdefault(bot, [])
            while len(row) < turn:
                row.append(0)
        self.vp[bot][turn - 1] += vp
        self.money[bot][turn - 1] += money
        self.reached[bot][turn - 1] += n
        self.total[bot][turn - 1] += total

    def reached_mean(self, d: dict[str, list[float]], bot: str, turn: int) -> float | None:
        """Ours: the mean over the games that reached the turn."""
        n = self.reached[bot]
        return d[bot][turn - 1] / n[turn - 1] if turn <= len(n) and n[turn - 1] else None

    def all_mean(self, d: dict[str, list[float]], bot: str, turn: int) -> float | None:
        """DominionSim's: the sum over all games (a game over counts 0), drawn up to the
        bot's average number of turns (its loop runs while turn - 1 < turns / games)."""
        if turn - 1 >= self.turns[bot] / self.plays[bot]:
            return None
        row = d[bot]
        return row[turn - 1] / self.plays[bot] if turn <= len(row) else 0.0


def bot_name(text: str) -> str:
    """A bot's name without DominionSim's seat tag or our bot file's path."""
    text = text.partition(".xml:")[2] or text
    return text.split("(Plr ")[0]


def build_driver(root: str) -> str:
    """Write and compile the driver into DIR/charts; return the class path that runs it."""
    return compile_driver(root, "charts", "AthanorCharts", DRIVER)


def theirs(cp: str, xml: str, a: str, b: str, games: int, prefix: str) -> Side:
    """Play in DominionSim, save its charts as PREFIX-*.png, and read its figures."""
    main = "be.aga.dominionSimulator.AthanorCharts"
    cmd = ["java", "-Djava.awt.headless=true", "-cp", cp, main, xml, str(games), prefix, a, b]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    side = Side(games)
    for line in out.splitlines():
        kind, *rest = line.split("\t")
        if kind == "player":
            bot = bot_name(rest[0])
            side.wins[bot] = side.wins.get(bot, 0) + float(rest[1])
            side.ties[bot] = side.ties.get(bot, 0) + float(rest[2])
            side.plays[bot] = side.plays.get(bot, 0) + games
            side.turns[bot] = side.turns.get(bot, 0) + int(rest[3])
        elif kind == "curve":
            vp, money, total = float(rest[2]), float(rest[3]), float(rest[5])
            side.add_turn(bot_name(rest[0]), int(rest[1]), vp, money, int(rest[4]), total)
        elif kind == "deck":
            counts = side.deck.setdefault(bot_name(rest[0]), Counter())
            counts[rest[1]] += round(float(rest[2]) * games)
        elif kind == "final":
            bot = bot_name(rest[0])
            side.final[bot] = side.final.get(bot, 0) + float(rest[1]) * games
        elif kind == "breakdown":
            side.breakdown.append((rest[0], float(rest[1])))
        elif kind == "length":
            side.lengths[int(rest[0])] += int(rest[1])
        elif kind == "ending":
            side.endings[rest[0]] += int(rest[1])
    return side


def ours(
    xml: str, a: str, b: str, kingdom: str, games: int, seed: int, out: str, slug: str
) -> Side:
    """Run ``athanor sim`` with --plot, --json and --out; read the games back."""
    folder = os.path.join(out, f"athanor-{slug}-games")
    cmd = [
        *(sys.executable, "-m", "athanor", "sim", "dominion"),
        *("--bots", f"{xml}:{a}", f"{xml}:{b}", "--kingdom", kingdom),
        *("--games", str(games), "--seed", str(seed), "--jobs", "1", "--quiet"),
        *("--plot", os.path.join(out, f"athanor-{slug}.png")),
        *("--json", os.path.join(out, f"athanor-{slug}.json"), "--out", folder),
    ]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    side = Side(games)
    treasure: dict[tuple[str, int], float] = {}
    with open(os.path.join(folder, "games.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            side.lengths[r["turns"]] += 1
            side.endings[r["ending"]] += 1
            firsts = [i for i, p in enumerate(r["placing"]) if p == 1]
            for seat, raw in enumerate(r["bots"]):
                bot = bot_name(raw)
                side.plays[bot] = side.plays.get(bot, 0) + 1
                side.wins.setdefault(bot, 0)
                side.ties.setdefault(bot, 0)
                if seat in firsts:
                    if len(firsts) == 1:
                        side.wins[bot] += 1
                    else:  # counted as DominionSim counts a tie: a share of the game
                        side.ties[bot] += 1 / len(firsts)
                curve = r["curves"][seat]
                side.deck.setdefault(bot, Counter()).update(r["cards"][seat][-1])
                side.final[bot] = side.final.get(bot, 0) + r["scores"][seat]
                side.turns[bot] = side.turns.get(bot, 0) + len(curve)
                before = 3.0  # every player starts with three Estates
                for t, (vp, owned, money) in enumerate(curve, start=1):
                    side.add_turn(bot, t, vp - before, money, 1, vp)
                    treasure[(bot, t)] = treasure.get((bot, t), 0.0) + owned
                    before = vp
    for (bot, t), total in treasure.items():
        side.extra[f"{bot}\t{t}"] = total / side.reached[bot][t - 1]
    return side


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def report(a: str, b: str, mine: Side, their: Side) -> None:
    """The figures behind both sets of charts, as Markdown tables."""
    print("\n| | Athanor | DominionSim |\n|---|---|---|")
    for bot in dict.fromkeys((a, b)):
        for label, d in (("sole wins", "wins"), ("ties (shares)", "ties")):
            m = getattr(mine, d)[bot] / mine.plays[bot]
            t = getattr(their, d)[bot] / their.plays[bot]
            print(f"| {bot}: {label} | {100 * m:.1f}% | {100 * t:.1f}% |")
    for side_name, side in (("Athanor", mine), ("DominionSim", their)):
        mean = sum(k * v for k, v in side.lengths.items()) / side.games
        own = {bot: side.turns[bot] / side.plays[bot] for bot in side.turns}
        print(
            f"\n{side_name}: game length (most turns any player took) {mean:.2f}; "
            + "; ".join(f"{bot}'s own turns {x:.2f}" for bot, x in own.items())
            + "; endings "
            + ", ".join(f"{k} {100 * v / side.games:.1f}%" for k, v in side.endings.most_common())
            + "; games reaching turn 10/15/20: "
            + ", ".join(
                f"{bot} " + "/".join(str(side.reached[bot][t - 1]) for t in (10, 15, 20))
                for bot in side.reached
            )
        )
    for side_name, side in (("Athanor", mine), ("DominionSim", their)):
        stops = []
        for bot in side.reached:
            n = side.reached[bot]
            ours_stop = sum(1 for k in n if k >= 0.25 * side.plays[bot])
            theirs_stop = -(-side.turns[bot] // side.plays[bot])  # the first t with t >= mean
            stops.append(
                f"{bot}: the last turn 25% of its games reached {ours_stop} (where Athanor's "
                f"curves stop), its mean turns rounded up {theirs_stop} (DominionSim's)"
            )
        longer = {k: sum(v for t, v in side.lengths.items() if t >= k) for k in (20, 25, 30)}
        shares = ", ".join(f">= {k} turns {100 * v / side.games:.1f}%" for k, v in longer.items())
        print(f"\n{side_name}: games {shares}; " + "; ".join(stops))
    print(
        "\nAt the end, per bot: mean final score (VP) and mean cards held. Athanor's cards are "
        "its deck chart's last record, after the bot's own last turn: a card gained on the "
        "opponent's closing turn (a Witch's Curse) is not in it; DominionSim's are counted "
        "when the game is over.\n"
    )
    cards = sorted({c for side in (mine, their) for d in side.deck.values() for c in d})
    print("| bot | engine | VP | " + " | ".join(cards) + " |")
    print("|---" * (3 + len(cards)) + "|")
    for bot in dict.fromkeys((a, b)):
        for side_name, side in (("Athanor", mine), ("DominionSim", their)):
            p = side.plays[bot]
            cells = [f"{side.final[bot] / p:.2f}"] + [f"{side.deck[bot][c] / p:.2f}" for c in cards]
            print(f"| {bot} | {side_name} | " + " | ".join(cells) + " |")
    print(
        "\nDominionSim's optional statistics table (its 'Gather additional stats'), mean VP per "
        "table: " + "; ".join(f"{name} {vp:.2f}" for name, vp in their.breakdown)
    )
    print(
        "\nPer bot and turn (A = Athanor, D = DominionSim). VP = mean victory points after "
        "the turn over the games that reached it (Athanor's curve); for D, 3 + the VP gained "
        "in the bot's own turns, which is all DominionSim records (the same unless victory "
        "points change on another player's turn, as a Witch's Curses do). gained = VP gained "
        "in the turn (for A, the change since the bot's previous turn); money = coins the "
        "turn made. 'reached' = mean over the games that reached the turn (Athanor's way); "
        "'all' = sum over all games / games, drawn up to the bot's mean number of turns "
        "rounded up (DominionSim's way; '-' past it).\n"
    )
    print(
        "| bot | turn | VP A | VP D | gained A reached | gained D reached | gained A all "
        "| gained D all | money A reached | money D reached | money A all | money D all "
        "| Treasure owned A |"
    )
    print("|---" * 13 + "|")
    for bot in dict.fromkeys((a, b)):
        for t in TURNS_SHOWN:
            cells = [
                mine.reached_mean(mine.total, bot, t),
                their.reached_mean(their.total, bot, t),
                mine.reached_mean(mine.vp, bot, t),
                their.reached_mean(their.vp, bot, t),
                mine.all_mean(mine.vp, bot, t),
                their.all_mean(their.vp, bot, t),
                mine.reached_mean(mine.money, bot, t),
                their.reached_mean(their.money, bot, t),
                mine.all_mean(mine.money, bot, t),
                their.all_mean(their.money, bot, t),
                mine.extra.get(f"{bot}\t{t}"),
            ]
            print(f"| {bot} | {t} | " + " | ".join(fmt(c) for c in cells) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dominionsim", required=True, help="a DominionSim built with javac")
    ap.add_argument("--bots-xml", required=True, help="a DominionSim bot file")
    ap.add_argument("--games", type=positive, default=3000, help="games per match-up and engine")
    ap.add_argument("--seed", type=int, default=0, help="Athanor's seed")
    ap.add_argument("--out", required=True, help="folder for the charts and games")
    ap.add_argument("--bots", nargs=2, metavar="NAME", help="one match-up instead of the two")
    ap.add_argument("--kingdom", default="random", help="Athanor's kingdom for --bots")
    args = ap.parse_args()
    xml = os.path.abspath(args.bots_xml)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    cp = build_driver(args.dominionsim)
    matchups = [(*args.bots, args.kingdom)] if args.bots else list(MATCHUPS)
    for a, b, kingdom in matchups:
        slug = "-".join(dict.fromkeys((a, b))).lower().replace(" ", "-").replace("/", "-")
        slug = slug if a != b else slug + "-mirror"
        print(f"\n## {a} vs {b} ({args.games} games each; Athanor kingdom {kingdom})", flush=True)
        their = theirs(cp, xml, a, b, args.games, os.path.join(out, f"dominionsim-{slug}"))
        mine = ours(xml, a, b, kingdom, args.games, args.seed, out, slug)
        report(a, b, mine, their)
        print(
            f"\nImages: {out}/dominionsim-{slug}-{{results,vp,money}}.png, {out}/athanor-{slug}.png"
        )


if __name__ == "__main__":
    main()
