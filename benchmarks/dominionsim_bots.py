"""DominionSim's own bots, played by DominionSim and by Athanor: do the win rates agree?

Athanor reads DominionSim bot XML (``--bots FILE.xml:NAME``, src/athanor/games/dominion/
dominionsim.py). This plays match-ups of bots from a DominionSim bot file that use only cards
Athanor has, here through ``athanor.sim`` (the same path as ``athanor sim``), and, when a built
DominionSim is given, in DominionSim itself, and prints both win rates (sole wins) with 95%
Wilson intervals as a Markdown table.

Nothing of DominionSim is kept in this repository: give the paths.

    --bots-xml PATH      a DominionSim bot file, e.g. its built-in bots
                         (src/main/java/be/aga/dominionSimulator/DomBots.xml in its sources)
    --dominionsim DIR    optional: DominionSim compiled with plain javac, its classes in
                         DIR/classes and its jars (log4j, jfreechart, jcommon; in its
                         assets/ folder) in DIR/src/assets. This script writes a small
                         headless driver of its own (DRIVER below) into DIR/driver, compiles
                         it, and runs it per match-up: DominionSim's GUI is not started.

Building DominionSim without Maven (its pom needs Maven Central): unpack its sources and
assets (``git archive HEAD src/main/java assets | tar -x -C DIR/src``), then
``javac -nowarn -encoding UTF-8 -cp <the three jars> -d DIR/classes $(find DIR/src -name
'*.java')``.

Run:  nice -n 10 python benchmarks/dominionsim_bots.py --bots-xml DomBots.xml \\
          [--dominionsim /tmp/dominionsim] [--games 2000]

How the two differ, by design: DominionSim's supply holds only the bots' cards and the basic
piles, Athanor deals a kingdom of ten (the bots' cards, the rest at random; the bots never buy
the others); DominionSim shuffles the seats each game, Athanor rotates them. Both play Actions
by DominionSim's play priorities (Athanor follows most of its cards' situational rules, not
all: dominionsim.py lists them); the other questions cards ask are answered by each engine's
own logic.
"""

from __future__ import annotations

import argparse
import os
import subprocess

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from athanor import sim

# (bot A, bot B, the kingdom cards they need). Bots of DominionSim's built-in file that use
# only Athanor's cards.
MATCHUPS: tuple[tuple[str, str, str], ...] = (
    ("Big Money Ultimate", "Smithy", "Smithy"),
    ("Witch", "Big Money Ultimate", "Witch"),
    ("Council Room", "Smithy", "Council Room,Smithy"),
    ("Workshop/Gardens", "Big Money Ultimate", "Workshop,Gardens"),
    ("Familiar", "Big Money Ultimate", "Familiar"),
    ("Herbalist", "Big Money Ultimate", "Herbalist"),
    ("Familiar", "Witch", "Familiar,Witch"),
    # Bots with several kinds of Action, where the order they are played in matters.
    ("Council Room/Militia", "Big Money Ultimate", "Council Room,Militia,Village"),
    (
        "First Game by michaeljb",
        "Big Money Ultimate",
        "Cellar,Market,Militia,Mine,Remodel,Smithy,Village,Workshop",
    ),
    (
        "Burning Skull HTBD#1",
        "Big Money Ultimate",
        "Harbinger,Laboratory,Militia,Poacher,Sentry,Throne Room,Vassal",
    ),
)

# Our headless driver for DominionSim: loads a bot file with its XML reader, plays the named
# bots against each other (seats shuffled each game, as its simulator does) and prints each
# bot's sole wins and shared wins. In DominionSim's package to reach its package-private names.
DRIVER = """\
package be.aga.dominionSimulator;

import be.aga.dominionSimulator.stats.StatsManager;
import java.io.FileInputStream;
import java.util.ArrayList;
import java.util.Collections;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLReaderFactory;

public class AthanorHeadless {
    public static void main(String[] args) throws Exception {
        XMLHandler handler = new XMLHandler();
        XMLReader reader = XMLReaderFactory.createXMLReader();
        reader.setContentHandler(handler);
        reader.parse(new InputSource(new FileInputStream(args[0])));
        int games = Integer.parseInt(args[1]);
        ArrayList<DomPlayer> players = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            DomPlayer found = null;
            for (DomPlayer p : handler.getBots()) if (p.name.equals(args[i])) found = p;
            if (found == null) throw new IllegalArgumentException("no bot " + args[i]);
            players.add(found.getCopy(found.name));
        }
        // The engine object is only asked to note a status line; make one without its GUI.
        java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        DomEngine engine =
            (DomEngine) ((sun.misc.Unsafe) f.get(null)).allocateInstance(DomEngine.class);
        for (DomPlayer p : players) p.setMyEngine(engine);
        StatsManager.resetCurrentSeries();
        DomEngine.haveToLog = false;
        DomBoard board = null;
        for (int g = 0; g < games; g++) {
            Collections.shuffle(players);
            DomGame game = new DomGame(board, players, engine);
            game.runSimulation();
            game.determineWinners();
            board = game.getBoard();
            board.reset();
        }
        for (DomPlayer p : players)
            System.out.println(p.name + "\\t" + p.getWins() + "\\t" + p.getTies());
    }
}
"""
JARS = ("log4j-1.2.17.jar", "jfreechart-1.0.14.jar", "jcommon-1.0.23.jar")


def classpath(root: str) -> str:
    """DominionSim's classes and jars."""
    jars = [os.path.join(root, "src", "assets", j) for j in JARS]
    return os.pathsep.join([os.path.join(root, "classes"), *jars])


def compile_driver(root: str, folder: str, name: str, source: str) -> str:
    """Write a driver of ours (Java class ``name`` in DominionSim's package) into
    DIR/``folder``, compile it against DominionSim; return the class path that runs it."""
    where = os.path.join(root, folder)
    os.makedirs(where, exist_ok=True)
    path = os.path.join(where, name + ".java")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(source)
    cmd = ["javac", "-nowarn", "-cp", classpath(root), "-d", where, path]
    subprocess.run(cmd, check=True, capture_output=True)
    return os.pathsep.join([where, classpath(root)])


def build_driver(root: str) -> str:
    """Write and compile the driver; return the class path that runs it."""
    return compile_driver(root, "driver", "AthanorHeadless", DRIVER)


def theirs(cp: str, xml: str, a: str, b: str, games: int) -> dict[str, int]:
    """Sole wins per bot in DominionSim."""
    main = "be.aga.dominionSimulator.AthanorHeadless"
    cmd = ["java", "-Djava.awt.headless=true", "-cp", cp, main, xml, str(games), a, b]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wins: dict[str, int] = {}
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            wins[parts[0]] = int(parts[1])
    return wins


def ours(xml: str, a: str, b: str, kingdom: str, games: int, seed: int) -> dict[str, int]:
    """Sole wins per bot in Athanor (two seats, rotated)."""
    bots = [f"{xml}:{a}", f"{xml}:{b}"]
    plan = sim.make_plan("dominion", bots, seed, {"kingdom": kingdom})
    records = sim.run("dominion", bots, games, seed, plan.options, jobs=1, texts=plan.texts)
    wins = {a: 0, b: 0}
    for r in records:
        first = [i for i, p in enumerate(r.placing) if p == 1]
        if len(first) == 1:
            wins[r.bots[first[0]].partition(".xml:")[2]] += 1
    return wins


def rate(k: int, n: int) -> str:
    lo, hi = sim.wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots-xml", required=True, help="a DominionSim bot file")
    ap.add_argument("--dominionsim", help="a DominionSim built with javac (see the docstring)")
    ap.add_argument("--games", type=positive, default=2000, help="games per match-up, each side")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    xml = os.path.abspath(args.bots_xml)
    cp = build_driver(args.dominionsim) if args.dominionsim else None
    n = args.games
    print(f"{n} games per match-up and engine; win rate = sole wins, 95% Wilson interval.\n")
    head = "| bot A | bot B | kingdom | A wins, Athanor | A wins, DominionSim | B wins, Athanor"
    print(head + " | B wins, DominionSim |")
    print("|---|---|---|---|---|---|---|")
    for a, b, kingdom in MATCHUPS:
        mine = ours(xml, a, b, kingdom, n, args.seed)
        if cp is not None:
            their = theirs(cp, xml, a, b, n)
            ta, tb = rate(their.get(a, 0), n), rate(their.get(b, 0), n)
        else:
            ta = tb = "(not run)"
        print(
            f"| {a} | {b} | {kingdom} | {rate(mine[a], n)} | {ta} | {rate(mine[b], n)} | {tb} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
