"""Campaigns: play a game's missions in order, a won mission unlocking the next.

``athanor play GAME --campaign FILE`` works for any game with a ``mission`` option whose
choices are the missions in order (the Crucible's logbook). Progress (the missions won, the
next one, and a mission left half-played) is saved to FILE after every mission and when the
player quits, and resumed from it next time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from typing import Any

import athanor
from athanor import catalog
from athanor.engine import ConfigError, GameSpec, GameState, SaveError
from athanor.files import parse_json, read_bytes

FORMAT = "athanor-campaign"


def missions_of(spec: GameSpec) -> list[Any]:
    """The game's missions in order (ConfigError if it has none)."""
    for o in spec.options:
        if o.name == "mission" and o.choices:
            return list(o.choices)
    raise ConfigError(f"{spec.title} has no missions to play as a campaign")


class Campaign:
    """Progress through a game's missions, kept in a JSON file."""

    def __init__(
        self, path: str, game: str, players: int, names: list[str], bots: dict[int, str]
    ) -> None:
        self.path = path
        self.game = game
        self.players = players
        self.names = names
        self.bots = bots
        self.won: list[Any] = []
        self.played = 0
        self.current: dict[str, Any] | None = None

    def next_mission(self, missions: list[Any]) -> Any:
        """The first mission not yet won (missions are unlocked in order)."""
        for m in missions:
            if m not in self.won:
                return m
        return None

    def unlocked(self, missions: list[Any]) -> list[Any]:
        """Every mission won, and the next one."""
        nxt = self.next_mission(missions)
        return [m for m in missions if m in self.won or m == nxt]

    def save(self) -> None:
        """Write the progress to the campaign file."""
        data = {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "players": self.players,
            "names": self.names,
            "bots": {str(s): b for s, b in self.bots.items()},
            "won": self.won,
            "played": self.played,
            "current": self.current,
        }
        try:
            with open(self.path, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
        except OSError as exc:
            raise SaveError(f"cannot write the campaign file {self.path}: {exc.strerror}") from None

    @classmethod
    def load(cls, path: str, spec: GameSpec) -> Campaign:
        """Read a campaign file; a damaged one raises SaveError and nothing is played."""
        # Read with the save files' bounds: a size limit checked first, UTF-8 JSON of
        # modest depth; every fault a SaveError.
        data = parse_json(read_bytes(path, "campaign file"), "campaign file")
        if not isinstance(data, dict):
            raise SaveError(f"the campaign file {path} is not an Athanor campaign file")
        missions = missions_of(spec)
        try:
            if data.get("format") != FORMAT or data.get("version") != 1:
                raise ValueError("it is not an Athanor campaign file")
            if data["game"] != spec.name:
                raise ValueError(f"it is a campaign of {data['game']}, not {spec.name}")
            players = data["players"]
            spec.check_players(players)
            names = [str(n) for n in data["names"]]
            if len(names) != players:
                raise ValueError("the names do not match the number of players")
            bots = {int(s): str(b) for s, b in data["bots"].items()}
            if any(not 0 <= s < players for s in bots):
                raise ValueError("a bot sits in a seat the game does not have")
            won = list(data["won"])
            if any(m not in missions for m in won):
                raise ValueError("it lists a mission the game does not have")
            current = data["current"]
            if current is not None and not isinstance(current, dict):
                raise ValueError("the mission in progress is damaged")
            played = int(data["played"])
        except (KeyError, TypeError, ValueError, AttributeError, ConfigError) as exc:
            raise SaveError(f"the campaign file {path} is damaged: {exc}") from None
        c = cls(path, spec.name, players, names, bots)
        c.won = [m for m in missions if m in won]
        c.played = played
        c.current = current
        return c


def play_campaign(args: argparse.Namespace, term: Any) -> int:
    """Play missions in order until the player stops, saving progress to the campaign file."""
    from athanor.cli.main import _seat_bots, _seat_names
    from athanor.cli.table import Table

    spec = catalog.spec(args.game)
    missions = missions_of(spec)
    path: str = args.campaign
    if os.path.exists(path):
        camp = Campaign.load(path, spec)
        won = ", ".join(str(m) for m in camp.won) or "none yet"
        term.line(f"Campaign resumed from {path}. Missions won: {won}.")
    else:
        players = args.players or spec.min_players
        spec.check_players(players)
        seats = _seat_bots(spec, players, args.bots)
        names = _seat_names(players, seats, list(args.name or []))
        camp = Campaign(path, spec.name, players, names, seats)
        camp.save()
        term.line(f"A new campaign of {spec.title}, saved in {path}.")
    choice = args.mission
    if choice is None and camp.current is None and camp.next_mission(missions) is None:
        term.line("Every mission of this campaign is won. Replay one with --mission M.")
        return 0
    while True:
        state, resumed = _start(camp, spec, missions, choice, args.seed, term)
        choice = None
        mission = state.options["mission"]
        agents = {
            s: catalog.bot(spec.name, name, state.seed + 7919 * (s + 1))
            for s, name in camp.bots.items()
        }
        kept = (
            f"Your campaign is saved in {path}; mission {mission} will continue where you left it."
        )
        table = Table(
            state,
            agents,
            term,
            brief=args.brief,
            bot_args=camp.bots,
            loaded=resumed,
            verbosity=args.verbosity,
            kept=kept,
        )
        if resumed:
            table.summary()  # where it stands; the log command tells the rest
        rc = table.run()
        state = table.state  # a new object after an undo
        if not state.is_over:
            camp.current = state.to_data()
            camp.save()
            return rc
        camp.current = None
        camp.played += 1
        if state.stats().get("won"):
            if mission not in camp.won:
                camp.won.append(mission)
                camp.won = [m for m in missions if m in camp.won]
            nxt = camp.next_mission(missions)
            camp.save()
            if nxt is None:
                term.line("Mission won. Every mission of the campaign is won: well brewed!")
                return 0
            term.line(f"Mission {mission} won. Mission {nxt} is unlocked.")
        else:
            camp.save()
            term.line(f"Mission {mission} was lost; it stays open until the team wins it.")
        answer = term.ask(f"Play mission {camp.next_mission(missions)} now? (yes or no) ")
        if answer is None or answer.lower() not in ("y", "yes"):
            term.line(f"Your campaign is saved in {path}. Continue it with --campaign {path}.")
            return 0


def mission_seed(seed: int, played: int) -> int:
    """The seed of the campaign's mission after ``played`` missions, from the campaign's
    seed: repeatable, but not the next number, so no later deal can be foreseen by
    starting a game with seed + 1."""
    if played == 0:
        return seed
    digest = hashlib.sha256(f"athanor-campaign:{seed}:{played}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _start(
    camp: Campaign,
    spec: GameSpec,
    missions: list[Any],
    choice: int | None,
    seed: int | None,
    term: Any,
) -> tuple[GameState, bool]:
    """The mission in progress (and True), or a new game of the chosen or next mission."""
    if camp.current is not None:
        try:
            state = athanor.load_game(json.dumps(camp.current))
        except SaveError as exc:
            raise SaveError(f"the mission saved in the campaign cannot be loaded: {exc}") from None
        if choice is None or choice == state.options.get("mission"):
            term.line(
                f"Mission {state.options.get('mission')} continues where you left it "
                "(log tells what happened so far)."
            )
            return state, True
        camp.current = None
    unlocked = camp.unlocked(missions)
    mission = camp.next_mission(missions) if choice is None else choice
    if mission not in unlocked:
        shown = ", ".join(str(m) for m in unlocked)
        raise ConfigError(f"mission {mission} is not unlocked yet; you may play: {shown}")
    if seed is None:
        game_seed = int.from_bytes(os.urandom(4), "big")
    else:
        game_seed = mission_seed(seed, camp.played)
    state = athanor.new_game(spec.name, camp.players, game_seed, {"mission": mission}, camp.names)
    # The seed is told at the mission's end, not now: it would let the deal be foreseen.
    term.line(f"Campaign: mission {mission}. Type help at any prompt.")
    return state, False
