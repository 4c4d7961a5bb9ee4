"""Dominion's expert bot: it picks its plan for the kingdom on the table by playing it out.

The kingdom is public, so which plan suits it can be found by trying: at its first
decisions the bot plays many quick games from where it stands with each of a set of
candidate plans in its seat (the heuristic bot; Big Money with one or two of each good
terminal Action of the kingdom, before or after Gold; Laboratory or Market Big Money, alone
or beside a terminal; Familiar Big Money, alone or beside one such card; a Gardens rush
where Workshop is there to gain cards for it; the shipped strategy files
whose cards are all on the table; the best four of the plans tuned offline for one or two
kingdom cards, ``data/plans/``, whose cards are on the table) against a reference field
(big-money-ultimate and the heuristic bot, by turns), and keeps the plan that wins most.
Candidates are weeded out by successive halving: every survivor plays the same games (the
same re-dealt copies and the same opponent), the worse half is dropped, and the survivors
play more, until one is left. The plan then plays every decision, at once.

It never peeks: every quick game starts from ``state.determinize(seat, seed)``, a copy in
which everything its seat cannot see is dealt again. It is deterministic for a seed when
its budget is a number of games (``plays``); a time budget (``seconds``) may cut the
search short, and then the result depends on the machine.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from athanor.engine import Decision, GameState, Rng
from athanor.games.dominion.cards import CARDS, CardType
from athanor.games.dominion.dominionsim import DominionSimBot, SimBot
from athanor.games.dominion.strategy import (
    HeuristicBot,
    Strategy,
    StrategyBot,
    builtin_strategies,
    parsed,
)

MAX_STEPS = 5_000  # a quick game not over by then counts as a draw

# Terminal Actions worth carrying in a Big Money deck, with the variants tried for each:
# how many (1, 2, or one per eleven Treasures: "per-11") and whether bought before Gold.
TERMINALS: dict[str, tuple[str, ...]] = {
    "Witch": ("1-before", "2-before"),
    "Smithy": ("1-after", "2-after", "per-11"),
    "Council Room": ("1-after", "2-after", "per-11"),
    "Library": ("1-after", "2-after", "per-11"),
    "Militia": ("1-after", "2-after"),
    "Bandit": ("1-after", "2-after"),
    "Bureaucrat": ("1-after", "2-after"),
    "Moneylender": ("1-after",),
    "Moat": ("2-after",),
}
DRAW = ("Witch", "Smithy", "Council Room", "Library", "Militia", "Moat")
# Non-terminal Actions that pay their way in a money deck, bought instead of Silver.
CANTRIPS = ("Laboratory", "Market")
# Familiar (Alchemy) Big Money: up to three Familiars before Gold, one Potion, and beside
# them one of these, how many (0: a cantrip bought instead of Silver). Against
# big-money-ultimate, 1500 games each with only Familiar and that card chosen, the pair
# won 77% (Smithy) to 87% (Bandit), where the heuristic bot won 72% to 76% and the
# shipped familiar strategy 67%.
FAMILIAR_WITH: dict[str, int] = {
    "Bandit": 2,
    "Library": 2,
    "Militia": 2,
    "Smithy": 1,
    "Council Room": 1,
    "Laboratory": 0,
    "Market": 0,
}

# A Gardens rush, where Workshop is on the table to gain cards for it: Workshops first
# (bought and gained), Gardens once nine are owned, then Estates, the game ended on piles;
# its Workshops gain by its buy rules, as DominionSim's bots do (DominionSim's own
# Workshop/Gardens bot has this shape). Against big-money-ultimate, 400 games on random
# kingdoms (Alchemy allowed) holding both cards, seeds 20001 on: 95.8% (at nine Workshops;
# 94.2% at seven, 90.5% at five). A Bureaucrat rush (Gardens at five Bureaucrats, 85.0%
# there) made no difference to the expert and is not offered (docs/dominion-strategies.md).
WORKSHOP_GARDENS = """name: workshop-gardens
buy Gardens if count(Workshop) >= 9 or supply(Workshop) == 0
buy Workshop
buy Estate
buy Silver
buy Copper
"""

GREEN = (
    "buy Province if money > {p}\n"
    "buy Duchy if provinces_left <= 4\n"
    "buy Estate if provinces_left <= 2\n"
)


# Big Money plans tuned offline for one or two kingdom cards (``athanor tune`` against
# big-money-ultimate; each file's header says how). Of those whose cards are on the table,
# the TUNED_BEST with the highest measured win rate (the tuner's description: "won N%")
# are offered. Data, not code: a file added or replaced here changes the candidates.
TUNED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "plans")
TUNED_BEST = 4
_WON = re.compile(r"\bwon (\d+(?:\.\d+)?)%")


@cache
def _shipped() -> dict[str, Strategy]:
    """The shipped strategy files, read once."""
    return builtin_strategies()


@cache
def _tuned() -> tuple[Strategy, ...]:
    """The tuned plans in ``TUNED``, read once, the highest measured win rate first (a
    file that gives none comes last; ties by name)."""
    found = []
    for file in sorted(os.listdir(TUNED)) if os.path.isdir(TUNED) else []:
        if file.endswith(".txt"):
            with open(os.path.join(TUNED, file), encoding="utf-8") as fh:
                found.append(Strategy.parse(fh.read(), file))
    return tuple(ranked_plans(found))


def ranked_plans(found: list[Strategy]) -> list[Strategy]:
    """Tuned plans, the highest measured win rate first (ties by name), each set of rules
    once: a pair's search may have dropped a card and found another's plan again."""
    kept: list[Strategy] = []
    rules: set[tuple[str, ...]] = set()
    for st in sorted(found, key=lambda st: (-_measured(st), st.name)):
        same = tuple(r.text for r in (*st.buys, *st.plays, *st.holds))
        if same not in rules:
            rules.add(same)
            kept.append(st)
    return kept


def _measured(st: Strategy) -> float:
    """The win rate a tuned plan's description gives, in percent, or 0."""
    m = _WON.search(st.description)
    return float(m.group(1)) if m else 0.0


def _money_plan(name: str, before_gold: list[str], after_gold: list[str], p: int = 15) -> str:
    """A Big Money strategy's text with buy lines set before and after Gold."""
    lines = [f"name: {name}", GREEN.format(p=p).rstrip("\n"), *before_gold, "buy Gold"]
    lines += ["buy Duchy if provinces_left <= 6", *after_gold, "buy Silver"]
    return "\n".join(lines) + "\n"


def _slug(card: str) -> str:
    return card.lower().replace(" ", "-").replace("'", "")


@dataclass(frozen=True)
class Plan:
    """A candidate plan: its name and how to make its bot for a seed."""

    name: str
    make: Callable[[int], Any]


def _gainer_plan(text: str) -> Plan:
    """A plan whose bot also gains (Workshop's gains) by its buy rules."""
    st = parsed(text, "expert")
    bot = SimBot(st.name, "Athanor", st.description, frozenset(), 0, st.buys, None)
    return Plan(st.name, lambda seed: DominionSimBot(bot, seed))


def _strategy_plan(text: str) -> Plan:
    st = parsed(text, "expert")
    return Plan(st.name, lambda seed: StrategyBot(st, seed))


def _shipped_plan(st: Strategy) -> Plan:
    return Plan(st.name, lambda seed: StrategyBot(st, seed))


def candidate_plans(kingdom: list[str] | tuple[str, ...], supply: dict[str, int]) -> list[Plan]:
    """The plans tried for this kingdom, the heuristic bot first (ties go to the earlier)."""
    plans = [Plan("heuristic", HeuristicBot)]
    seen: set[str] = set()
    for st in _shipped().values():
        if all(c in supply for c in st.cards()):
            plans.append(_shipped_plan(st))
            seen.add(st.name)
    tuned = [st for st in _tuned() if all(c in supply for c in st.cards())]
    for st in tuned[:TUNED_BEST]:
        if st.name not in seen:
            plans.append(_shipped_plan(st))
            seen.add(st.name)
    texts: list[str] = []
    for t, variants in TERMINALS.items():
        if t not in kingdom:
            continue
        s = _slug(t)
        for v in variants:
            k, where = v.split("-")
            limit = "count(Treasure) / 11" if k == "per" else k
            rule = [f"buy {t} if count({t}) < {limit}"]
            before = where == "before"
            texts.append(_money_plan(f"{s}-{v}", rule if before else [], [] if before else rule))
    draw = next((t for t in DRAW if t in kingdom), None)
    for c in CANTRIPS:
        if c not in kingdom:
            continue
        s = _slug(c)
        texts.append(_money_plan(f"{s}-money", [], [f"buy {c}"]))
        if draw is not None:
            line = f"buy {draw} if count({draw}) < 1"
            if draw == "Witch":
                texts.append(_money_plan(f"{s}-witch", [line], [f"buy {c}"]))
            else:
                texts.append(_money_plan(f"{s}-{_slug(draw)}", [], [line, f"buy {c}"]))
    texts += _familiar_texts(kingdom)
    made = [_strategy_plan(text) for text in texts]
    if "Gardens" in kingdom and "Workshop" in kingdom:
        made.append(_gainer_plan(WORKSHOP_GARDENS))
    for plan in made:
        if plan.name not in seen:
            seen.add(plan.name)
            plans.append(plan)
    return plans


def _familiar_texts(kingdom: list[str] | tuple[str, ...]) -> list[str]:
    """Familiar Big Money, alone and beside each card of ``FAMILIAR_WITH`` on the table."""
    if "Familiar" not in kingdom:
        return []
    fam = ["buy Familiar if count(Familiar) < 3"]
    potion = "buy Potion if count(Potion) < 1"
    texts = [_money_plan("familiar-3", fam, [potion])]
    for c, n in FAMILIAR_WITH.items():
        if c in kingdom:
            after = [potion, f"buy {c}"] if n == 0 else [f"buy {c} if count({c}) < {n}", potion]
            texts.append(_money_plan(f"familiar-{_slug(c)}", fam, after))
    return texts


def _reward(state: Any, seat: int) -> float:
    """What a finished quick game is worth to the seat: 1 for a win, shared if tied."""
    res = state.result
    if res is None:
        return 1.0 / int(state.players)
    first: int = sum(1 for p in res.placing if p == 1)
    won: bool = res.placing[seat] == 1
    return 1.0 / first if won else 0.0  # a shared first place is shared


class ExpertBot:
    """Chooses a plan for the kingdom by playing quick games, then plays it, and weighs
    its buys again by quick games near the end (see the module's notes). ``plays``: quick
    games per thinking decision; ``seconds``: a time budget per decision (whichever ends
    first); ``think``: how many of its first decisions with a choice it spends on plans
    (the first weighs every candidate, the later ones the best few again from where the
    game now stands); ``endgame``: buys are searched once this few Provinces are left (or
    two piles are empty); 0 never."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        plays: int | None = 800,
        seconds: float | None = None,
        think: int = 3,
        endgame: int = 4,
        field: tuple[str, ...] = ("big-money-ultimate", "heuristic"),
    ) -> None:
        if plays is None and seconds is None:
            plays = 800
        self.seed = seed
        self.rng = Rng(seed ^ 0xE7E7)
        self.plays = plays
        self.seconds = seconds
        self.think = think
        self.endgame = endgame
        self.field = field
        self.plan: Plan | None = None
        self.bot: Any = None
        self.shortlist: list[Plan] = []
        self.thought = 0
        self.scores: dict[str, tuple[float, int]] = {}  # the last search's results

    def choose(self, state: GameState, decision: Decision) -> str:
        """Think at the first decisions with a choice, then play the plan; search buys
        near the end."""
        ids = decision.ids
        if len(ids) == 1:
            return ids[0]
        if self.thought < self.think:
            self._search_plans(state, decision.seat)
            self.thought += 1
        pick = str(self.bot.choose(state, decision))
        if self.endgame and self._near_end(state, decision):
            return self._search_buys(state, decision, pick)
        return pick

    def _near_end(self, state: GameState, decision: Decision) -> bool:
        s: Any = state
        if decision.seat != s.current or s.possessor >= 0:
            return False
        if not any(i.startswith("buy:") for i in decision.ids):
            return False
        return bool(s.supply.get("Province", 0) <= self.endgame or s.empty_piles() >= 2)

    def _base(self, state: GameState) -> GameState:
        base = state.clone()
        base.log = None
        base.choices = None
        return base

    def _deadline(self) -> float | None:
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def _field(self, players: int) -> list[list[Any]]:
        return [
            [_field_bot(name, self.seed ^ (0x7E + o)) for o in range(players)]
            for name in self.field
        ]

    def _search_plans(self, state: GameState, seat: int) -> None:
        s: Any = state
        plans = candidate_plans(list(s.kingdom), dict(s.supply)) if self.plan is None else []
        plans = plans or self.shortlist
        base = self._base(state)
        field = self._field(base.players)
        agents = {p.name: p.make(self.seed ^ 0x51) for p in plans}
        by_name = {p.name: p for p in plans}

        def play(name: str, seed: int, k: int) -> float:
            return self._play(base, seat, None, agents[name], field[k % len(field)], seed)

        best, ranked = self._halve(list(by_name), play, self._deadline())
        if self.plan is None:
            self.shortlist = [by_name[n] for n in ranked[:4]]
        if self.plan is None or best != self.plan.name:
            self.plan = by_name[best]
            self.bot = self.plan.make(self.seed ^ 0x9A17)

    def _search_buys(self, state: GameState, decision: Decision, pick: str) -> str:
        """The buy (or none) that wins most in quick games played on with the plan."""
        seat = decision.seat
        arms = [pick]
        for i in decision.ids:
            if i in arms:
                continue
            card = i[4:] if i.startswith("buy:") else ""
            if (
                i == "end"
                or card in ("Province", "Duchy", "Estate", "Gold", "Silver")
                or (card in CARDS and CARDS[card].types & CardType.VICTORY)
            ):
                arms.append(i)
        if len(arms) == 1:
            return pick
        base = self._base(state)
        field = self._field(base.players)
        agent = self.plan.make(self.seed ^ 0x51) if self.plan is not None else self.bot

        def play(first: str, seed: int, k: int) -> float:
            return self._play(base, seat, first, agent, field[k % len(field)], seed)

        best, _ = self._halve(arms, play, self._deadline())
        return best

    def _halve(
        self,
        arms: list[str],
        play: Callable[[str, int, int], float],
        deadline: float | None,
    ) -> tuple[str, list[str]]:
        """Successive halving over ``arms`` (the earlier wins ties): each round every
        survivor plays the same games, the worse half goes. Returns the winner and every
        arm ranked."""
        seeds: list[int] = []
        wins = dict.fromkeys(arms, 0.0)
        games = dict.fromkeys(arms, 0)
        order = {a: i for i, a in enumerate(arms)}
        budget = self.plays if self.plays is not None else 1 << 30
        rounds = max(1, (len(arms) - 1).bit_length())
        alive = list(arms)
        spent = 0

        def mean(a: str) -> tuple[float, int]:
            n = games[a]
            return (wins[a] / n if n else 0.0, -order[a])

        stop = False
        while len(alive) > 1 and not stop:
            per = max(6, (budget // rounds) // len(alive))
            target = max(games[a] for a in alive) + per
            while len(seeds) < target:
                seeds.append(self.rng.next64())
            for a in alive:
                for k in range(games[a], target):
                    if spent >= budget or (
                        deadline is not None and time.perf_counter() >= deadline
                    ):
                        stop = True
                        break
                    wins[a] += play(a, seeds[k], k)
                    games[a] += 1
                    spent += 1
                if stop:
                    break
            if stop:
                # Only arms that played the whole round are compared on equal terms.
                alive = [a for a in alive if games[a] >= target] or alive[:1]
                break
            alive.sort(key=mean, reverse=True)
            alive = alive[: (len(alive) + 1) // 2]
        ranked = sorted(arms, key=lambda a: (games[a], *mean(a)), reverse=True)
        self.scores = {a: (mean(a)[0], games[a]) for a in ranked}
        return max(alive, key=mean), ranked

    @staticmethod
    def _play(
        base: GameState, seat: int, first: str | None, agent: Any, others: list[Any], seed: int
    ) -> float:
        """One quick game from a re-dealt copy: ``first`` (if given) now, then ``agent``
        in the seat and the field elsewhere."""
        s: Any = base.determinize(seat, seed)
        if first is not None:
            s.apply(first)
        steps = 0
        d = s.decision
        while d is not None and steps < MAX_STEPS:
            who = d.seat
            bot = agent if who == seat else others[who]
            s.apply(bot.choose(s, d))
            d = s.decision
            steps += 1
        return _reward(s, seat)


def _field_bot(name: str, seed: int) -> Any:
    if name == "heuristic":
        return HeuristicBot(seed)
    return StrategyBot(_shipped()[name], seed)


def make_expert(seed: int = 0) -> ExpertBot:
    """The expert level: 800 quick games at each of its first 3 decisions with a choice."""
    return ExpertBot(seed)


__all__ = ["ExpertBot", "Plan", "candidate_plans", "make_expert"]
