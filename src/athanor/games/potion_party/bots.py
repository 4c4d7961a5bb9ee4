"""A heuristic Potion Party bot that weighs the risk of a bust against the gain.

Everything in Potion Party is public, so the bot reads the table directly;
it never reads the random generator.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from athanor.engine import Beginner, Decision, GameState, Rng
from athanor.games.potion_party.data import stars
from athanor.games.potion_party.rules import (
    LichReroll,
    PickAlchemist,
    PickRecipe,
    PotionPartyState,
    SabotageSpend,
    SabotageWindow,
    SuperAlchemy,
    SuperScore,
    Turn,
    UseSaved,
    UseSuper,
)

ALCHEMIST_PREFERENCE = ("lich", "witch", "kobold")
RECIPE_PREFERENCE = ("speed", "icy-armor", "fire-breath", "dull-nerves")


@lru_cache(maxsize=4096)
def colour_outcomes(
    faces: tuple[str, ...], k: int
) -> tuple[tuple[tuple[tuple[str, int], ...], float], ...]:
    """Every multiset of faces that k dice can show, with its probability."""
    dist: dict[tuple[tuple[str, int], ...], float] = {(): 1.0}
    for _ in range(k):
        nxt: dict[tuple[tuple[str, int], ...], float] = {}
        for combo, p in dist.items():
            counts = dict(combo)
            for f in faces:
                c = dict(counts)
                c[f] = c.get(f, 0) + 1
                key = tuple(sorted(c.items()))
                nxt[key] = nxt.get(key, 0.0) + p / len(faces)
        dist = nxt
    return tuple(dist.items())


def greedy_odds(s: PotionPartyState) -> tuple[float, dict[str, float]]:
    """Chance that a greedy roll busts, and the expected Stardust it adds per kind."""
    groups = {(g[0], g[1]) for g in s.groups}
    per_colour: dict[str, dict[tuple[bool, bool], float]] = {}
    gain = {"sapphire": 0.0, "ruby": 0.0}
    for colour, kind, alch in (("blue", "sapphire", "heart"), ("red", "ruby", "potion")):
        k = sum(1 for c, _ in s.pool if c == colour)
        table: dict[tuple[bool, bool], float] = {}
        for combo, p in colour_outcomes(s.faces[colour], k):
            got = 0
            for f, n in combo:
                if stars(f) and (n >= 2 or (colour, f) in groups):
                    got += stars(f) * n
            key2 = (got > 0, dict(combo).get(alch, 0) > 0)
            table[key2] = table.get(key2, 0.0) + p
            gain[kind] += p * got
        per_colour[colour] = table
    can_super = s.can_make_super()
    bust = 0.0
    for (mb, hb), pb in per_colour["blue"].items():
        for (mr, pr), pr_p in per_colour["red"].items():
            if mb or mr:
                continue
            pair = can_super and ((hb and (pr or "red" in s.kept)) or (pr and "blue" in s.kept))
            if not pair:
                bust += pb * pr_p
    return bust, gain


class PotionPartyBot:
    """Plays sensibly: pairs Super Dice, saves Alchemy, and rolls on when the odds are good."""

    name = "heuristic"

    def __init__(self, seed: int = 0, boldness: float = 1.0) -> None:
        self.rng = Rng(seed ^ 0xB07)
        self.boldness = boldness

    def choose(self, state: GameState, decision: Decision) -> str:
        """Pick an option id for the decision in front of the bot."""
        s = state
        assert isinstance(s, PotionPartyState)
        ids = decision.ids
        frame = s.stack[-1]
        seat = decision.seat
        if isinstance(frame, PickAlchemist):
            for key in ALCHEMIST_PREFERENCE:
                if key in ids:
                    return key
            return ids[0]
        if isinstance(frame, PickRecipe):
            for key in RECIPE_PREFERENCE:
                if key in ids:
                    return key
            return ids[0]
        if isinstance(frame, UseSaved):
            return "add"
        if isinstance(frame, LichReroll):
            r = s.the_recipe
            wants_dark = r is not None and r.need("darkness") and s.stardust_met(seat)
            marks = [i for i in ids if i.startswith("mark-")]
            return "done" if wants_dark or not marks else marks[0]
        if isinstance(frame, UseSuper):
            return "roll"
        if isinstance(frame, SuperScore):
            return self._best_kind(s, seat, ids)
        if isinstance(frame, SuperAlchemy):
            return next((i for i in ids if i.startswith("save-")), "none")
        if isinstance(frame, SabotageWindow):
            t = s.tally
            target = frame.target
            worth = t["ruby"] + t["sapphire"]
            if worth >= 3 or self._remaining(s, target) <= 6:
                return "sabotage"
            return "pass"
        if isinstance(frame, SabotageSpend):
            needs = self._needs_left(s, frame.target, with_tally=False)
            options = [i for i in ids if i in ("ruby", "sapphire")]
            if not options:
                return "done"
            return max(options, key=lambda k: (needs.get(k, 0) > 0, s.tally[k]))
        if isinstance(frame, Turn):
            return self._turn(s, seat, ids)
        return ids[self.rng.below(len(ids))]

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _needs_left(s: PotionPartyState, seat: int, with_tally: bool = True) -> dict[str, int]:
        r = s.the_recipe
        if r is None:
            return {}
        out = {}
        for ing, n in r.needs:
            have = s.totals[seat][ing] + (s.tally[ing] if with_tally and seat == s.current else 0)
            out[ing] = max(0, n - have)
        return out

    def _remaining(self, s: PotionPartyState, seat: int) -> int:
        return sum(self._needs_left(s, seat, with_tally=False).values())

    def _best_kind(self, s: PotionPartyState, seat: int, ids: tuple[str, ...]) -> str:
        needs = self._needs_left(s, seat)
        return max(ids, key=lambda k: (needs.get(k, 0), k == "emerald"))

    def _turn(self, s: PotionPartyState, seat: int, ids: tuple[str, ...]) -> str:
        if "super" in ids:
            return "super"
        needs = self._needs_left(s, seat)
        stardust_done = needs.get("ruby", 0) == 0 and needs.get("sapphire", 0) == 0
        for face in ("heart", "potion"):
            if f"take-{face}" in ids and needs.get(face, 0) > 0 and stardust_done:
                return f"take-{face}"
        for face in ("heart", "potion"):
            if f"save-{face}" in ids:
                return f"save-{face}"
        if "greedy" not in ids:
            return "stop"
        bust, gain = greedy_odds(s)
        useful = sum(g * (1.0 if needs.get(kind, 0) > 0 else 0.1) for kind, g in gain.items())
        at_risk = sum(
            min(s.tally[k], s.tally[k] + needs.get(k, 0)) * (1.0 if needs.get(k, 0) else 0.1)
            for k in ("ruby", "sapphire")
        )
        at_risk += sum(s.tally[k] for k in ("darkness", "heart", "potion"))
        at_risk += 2.0 * (len(s.new_saved) + s.new_supers)
        # Finishing the potion this turn is worth banking.
        if (
            needs.get("ruby", 0) == 0
            and needs.get("sapphire", 0) == 0
            and all(v == 0 for k, v in needs.items() if k not in ("ruby", "sapphire"))
        ):
            return "stop"
        return "greedy" if useful * self.boldness > bust * at_risk else "stop"


def make_bot(seed: int) -> Any:
    """Factory for the catalog."""
    return PotionPartyBot(seed)


def misjudged_luck(state: GameState, decision: Decision, pick: str) -> str | None:
    """A beginner's push-your-luck: stops where the odds say roll on, or rolls on where
    they say stop (but never rolls away a finished potion)."""
    s = state
    assert isinstance(s, PotionPartyState)
    if not isinstance(s.stack[-1], Turn) or not {"greedy", "stop"} <= set(decision.ids):
        return None
    if pick == "greedy":
        return "stop"
    if pick == "stop" and any(PotionPartyBot._needs_left(s, decision.seat).values()):
        return "greedy"
    return None


BEGINNER_SLIPS = 0.3  # the share of stop-or-roll-on choices a beginner gets the wrong way


def make_beginner(seed: int = 0) -> Beginner:
    """The easy level: the heuristic bot, misjudging the odds about one time in three."""
    return Beginner(PotionPartyBot(seed), misjudged_luck, BEGINNER_SLIPS, seed)
