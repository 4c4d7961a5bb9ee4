"""How fast is `athanor sim` against DominionSim itself, the same bots, in one run (issue 26)?

DominionSim (Geronimoo's Java simulator) is the speed analysts know. This times, round by
round and alternately:

- DominionSim, warm: one Java process per match-up stays open; a warm-up batch is played
  first (untimed, so the JIT has compiled the hot code), then each round is a batch of games
  inside that process, timed there. This is DominionSim at its best; its own GUI adds more.
- `athanor sim` as a user types it, the whole process (start-up included), once per Python
  given with ``--python`` (a virtual environment with the pure package, one with the compiled
  build: ``ATHANOR_COMPILE=1 pip install .``, see benchmarks/NOTES.md). Each says whether its
  engine core is compiled.

Both engines play the same bots: DominionSim's own bot file, which Athanor reads
(``--bots FILE.xml:NAME``). The match-ups are a Big Money mirror and Smithy against Big
Money. By design the boards differ: DominionSim's holds only the bots' cards, Athanor deals a
kingdom of ten (the bots' cards and the rest at random, which the bots never buy), so each
Athanor game also builds a random kingdom; that flatters DominionSim a little.

Nothing of DominionSim is kept in this repository: build it as dominionsim_bots.py's
docstring says (plain javac, no Maven) and give its folder.

Run:  nice -n 10 python benchmarks/dominion_vs_dominionsim.py --dominionsim /tmp/dominionsim \\
          --bots-xml DomBots.xml --python .venv/bin/python --python /tmp/cvenv/bin/python \\
          [--rounds 5] [--games 5000] [--warmup 20000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from dataclasses import dataclass, field

from _args import positive  # benchmarks/_args.py (scripts run from this folder)
from dominionsim_bots import compile_driver

# (label, bot A, bot B, the kingdom cards Athanor must deal)
MATCHUPS: tuple[tuple[str, str, str, str], ...] = (
    ("Big Money mirror", "Big Money Ultimate", "Big Money Ultimate", "random"),
    ("Smithy vs Big Money", "Smithy", "Big Money Ultimate", "Smithy"),
)

# A headless timing server of our own for DominionSim: reads a game count per line on its
# standard input, plays that many games of the named bots (seats shuffled each game, as its
# simulator does) and prints the nanoseconds they took. In DominionSim's package to reach its
# package-private names.
TIMER = """\
package be.aga.dominionSimulator;

import be.aga.dominionSimulator.stats.StatsManager;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Collections;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLReaderFactory;

public class AthanorTimer {
    public static void main(String[] args) throws Exception {
        XMLHandler handler = new XMLHandler();
        XMLReader reader = XMLReaderFactory.createXMLReader();
        reader.setContentHandler(handler);
        reader.parse(new InputSource(new FileInputStream(args[0])));
        ArrayList<DomPlayer> players = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            DomPlayer found = null;
            for (DomPlayer p : handler.getBots()) if (p.name.equals(args[i])) found = p;
            if (found == null) throw new IllegalArgumentException("no bot " + args[i]);
            players.add(found.getCopy(found.name + "#" + i));
        }
        java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        DomEngine engine =
            (DomEngine) ((sun.misc.Unsafe) f.get(null)).allocateInstance(DomEngine.class);
        for (DomPlayer p : players) p.setMyEngine(engine);
        StatsManager.resetCurrentSeries();
        DomEngine.haveToLog = false;
        DomBoard board = null;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            int games = Integer.parseInt(line.trim());
            long start = System.nanoTime();
            for (int g = 0; g < games; g++) {
                Collections.shuffle(players);
                DomGame game = new DomGame(board, players, engine);
                game.runSimulation();
                game.determineWinners();
                board = game.getBoard();
                board.reset();
            }
            System.out.println(System.nanoTime() - start);
            System.out.flush();
        }
    }
}
"""


def build_timer(root: str) -> str:
    """Write and compile the timing server; return the class path that runs it."""
    return compile_driver(root, "timer", "AthanorTimer", TIMER)


class DominionSim:
    """A warm DominionSim process playing one match-up on request."""

    def __init__(self, cp: str, xml: str, a: str, b: str) -> None:
        main = "be.aga.dominionSimulator.AthanorTimer"
        cmd = ["java", "-Djava.awt.headless=true", "-cp", cp, main, xml, a, b]
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def play(self, games: int) -> float:
        """Seconds the process took to play ``games`` games."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{games}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("DominionSim stopped; run its driver by hand to see why")
        return int(line) / 1e9

    def close(self) -> None:
        """End the process."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def compiled(python: str) -> bool:
    """Whether this Python's Athanor has its engine core compiled."""
    code = "import athanor.engine.core as c; print(c.__file__)"
    out = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True)
    return out.stdout.strip().endswith(".so")


def athanor_sim(python: str, xml: str, a: str, b: str, kingdom: str, games: int) -> float:
    """Wall-clock seconds of a whole `athanor sim` process."""
    cmd = [
        python,
        "-m",
        "athanor",
        "sim",
        "dominion",
        "--bots",
        f"{xml}:{a}",
        f"{xml}:{b}",
        "--kingdom",
        kingdom,
        "--games",
        str(games),
        "--seed",
        "1",
        "--jobs",
        "1",
        "--quiet",
    ]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


@dataclass
class Rates:
    """Games a second, one figure per round."""

    label: str
    rounds: list[float] = field(default_factory=list)

    def best(self) -> float:
        return max(self.rounds)

    def median(self) -> float:
        return statistics.median(self.rounds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dominionsim", required=True, help="DominionSim built with javac")
    ap.add_argument("--bots-xml", required=True, help="DominionSim's bot file (DomBots.xml)")
    ap.add_argument(
        "--python",
        action="append",
        required=True,
        help="a Python with Athanor installed (repeat: pure, compiled)",
    )
    ap.add_argument("--rounds", type=positive, default=5)
    ap.add_argument("--games", type=positive, default=5000, help="games a round, each engine")
    ap.add_argument("--warmup", type=positive, default=20000, help="DominionSim's untimed games")
    args = ap.parse_args()
    xml = os.path.abspath(args.bots_xml)
    cp = build_timer(args.dominionsim)
    pythons = [
        (p, f"athanor sim, {'compiled' if compiled(p) else 'pure'} ({p})") for p in args.python
    ]
    print(
        f"{args.rounds} rounds of {args.games} games each, one process (one worker) per "
        f"engine, alternating; DominionSim warmed with {args.warmup} games first.\n"
    )
    print("| match-up | engine | games/s, best | median | against DominionSim (best, median) |")
    print("|---|---|---|---|---|")
    for label, a, b, kingdom in MATCHUPS:
        theirs = Rates("DominionSim, warm")
        ours = [Rates(name) for _, name in pythons]
        server = DominionSim(cp, xml, a, b)
        try:
            server.play(args.warmup)
            for _ in range(args.rounds):
                theirs.rounds.append(args.games / server.play(args.games))
                for (python, _), rates in zip(pythons, ours, strict=True):
                    seconds = athanor_sim(python, xml, a, b, kingdom, args.games)
                    rates.rounds.append(args.games / seconds)
        finally:
            server.close()
        print(f"| {label} | {theirs.label} | {theirs.best():,.0f} | {theirs.median():,.0f} | 1 |")
        for rates in ours:
            ratio = f"{rates.best() / theirs.best():.2f}x, {rates.median() / theirs.median():.2f}x"
            print(
                f"| {label} | {rates.label} | {rates.best():,.0f} | {rates.median():,.0f} | "
                f"{ratio} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
