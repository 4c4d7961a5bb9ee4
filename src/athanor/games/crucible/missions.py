"""The mission logbook, read from ``data/missions.json``.

The numbers and special rules are data, so the calibrated task counts can be
changed without touching code. Each special rule is a key that the rules look
up in small tables (``SPECIAL_TEXT`` here; the checks live in rules.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

# What each special rule means, in our own words (the help and the status command say it).
SPECIAL_TEXT = {
    "": "none",
    "transmute": "the team must also complete at least one successful Transmute",
    "in-order": "tasks must be completed in the order they were drafted",
    "zero-boil": "the Cauldron Limit is 25, but a single Boil Over destroys the laboratory",
    "heavy-metals": "Heavy Metals: every Catalyst counts as 10 toward both totals",
    "blind": "Blind Brewing: no Whisper Tokens may be used",
    "equilibrium": (
        "Equilibrium: the team also needs a safe Catalyze that totals exactly 22 and a "
        "Transmute that totals exactly 18"
    ),
    "sponge": (
        "the Sponge: one alchemist, chosen before the draft, must win no Catalyze trick "
        "and may not lead a Transmute"
    ),
    "caps": "Cauldron Limit 20, Transmutation Target 20, and a second Boil Over loses",
}


@dataclass(frozen=True)
class Mission:
    """One mission of the logbook."""

    number: int
    name: str
    cauldron_limit: int
    transmutation_target: int
    slag_cap: int
    tasks: int
    special: str

    @property
    def special_text(self) -> str:
        """The special rule in plain words."""
        text = SPECIAL_TEXT[self.special]
        if not self.special and (self.cauldron_limit, self.transmutation_target) != (22, 18):
            text = (
                f"Cauldron Limit {self.cauldron_limit} and Transmutation Target "
                f"{self.transmutation_target}"
            )
        return text

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "number": self.number,
            "name": self.name,
            "cauldron_limit": self.cauldron_limit,
            "transmutation_target": self.transmutation_target,
            "slag_cap": self.slag_cap,
            "tasks": self.tasks,
            "special": self.special,
            "special_text": self.special_text,
        }


def _load() -> tuple[dict[int, Mission], int]:
    text = resources.files("athanor.games.crucible").joinpath("data/missions.json").read_text()
    data = json.loads(text)
    out: dict[int, Mission] = {}
    for m in data["missions"]:
        mission = Mission(
            int(m["number"]),
            str(m["name"]),
            int(m["cauldron_limit"]),
            int(m["transmutation_target"]),
            int(m["slag_cap"]),
            int(m["tasks"]),
            str(m["special"]),
        )
        if mission.special not in SPECIAL_TEXT:
            raise ValueError(f"mission {mission.number}: unknown special rule {mission.special!r}")
        if not (1 <= mission.tasks <= 40 and mission.slag_cap >= 1):
            raise ValueError(f"mission {mission.number}: impossible task count or slag cap")
        out[mission.number] = mission
    return out, int(data["transmute_limit"])


MISSIONS, TRANSMUTE_LIMIT = _load()
