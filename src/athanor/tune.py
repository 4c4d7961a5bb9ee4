"""Strategy tuning: search Dominion strategy files for one that beats a given bot.

``athanor tune dominion --kingdom CARDS --against BOT --games N --seed S`` starts
from a strategy (Big Money Ultimate's rules, or ``--start FILE`` read into the
same shape) and climbs: each round changes one or two settings of the best
strategy so far and plays it against the opponent on the same N seeded games
(the same seeds for every candidate, so luck cancels out between them). A
candidate that scores better (wins, and half of each shared win) replaces the
best. The settings are the strategy format's own: when to buy Province, Duchy
and Estate, which of the kingdom's cards to buy (Actions, Treasures such as
Philosopher's Stone, Victory cards such as Vineyard), how many, how thinly spread
among the Treasures and before or after Gold, the order to play them, and how many
Potions to buy, and when (a card with a Potion in its cost brings a Potion with it
into the search: without one it could never be bought). At the end
the best file is played on N fresh seeds, so its reported win rate and interval
are not flattered by the search, and written with those figures.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from athanor import sim
from athanor.engine import ConfigError, Rng
from athanor.games.dominion.cards import CARDS, CardType
from athanor.games.dominion.kingdoms import choose_kingdom
from athanor.games.dominion.strategy import Strategy, StrategyError, good_name

FRESH = 1_000_003  # the measuring seeds start this far from the tuning seeds

PROVINCE_MONEY = (0, 12, 13, 14, 15, 16, 17, 18, 19, 20)  # 0: always buy a Province
DUCHY_AT = (0, 1, 2, 3, 4, 5)  # buy Duchy before Gold once this few Provinces are left
ESTATE_AT = (0, 1, 2, 3)
LATE_DUCHY_AT = (0, 3, 4, 5, 6, 7)  # Duchy after Gold (before Silver)
COPIES = (1, 2, 3, 4, 6, 8, 12)
SPREAD = (0, 4, 6, 8, 10, 12, 15)  # at most one per this many Treasures (0: no limit)
PLACES = ("before-gold", "after-gold")
POTIONS = (0, 1, 2, 3)  # Potions to buy, at most


@dataclass(frozen=True)
class Buy:
    """A Kingdom Action the strategy buys: up to ``copies``, at most one per ``spread``
    Treasures, tried before or after Gold."""

    card: str
    copies: int
    spread: int
    place: str


@dataclass(frozen=True)
class Settings:
    """One point of the search space; ``text`` writes it as a strategy file."""

    province_money: int = 18
    duchy_at: int = 4
    estate_at: int = 2
    late_duchy_at: int = 6
    buys: tuple[Buy, ...] = ()
    potions: int = 0  # Potions to buy (at most), 0: none
    potion_place: str = "after-gold"  # tried before Gold, or after it (before Silver)

    def text(self, name: str, description: str = "") -> str:
        """The strategy file."""
        lines = [f"name: {name}"]
        if description:
            lines.append(f"description: {description}")
        if self.province_money:
            lines.append(f"buy Province if money > {self.province_money}")
        else:
            lines.append("buy Province")
        if self.duchy_at:
            lines.append(f"buy Duchy if provinces_left <= {self.duchy_at}")
        if self.estate_at:
            lines.append(f"buy Estate if provinces_left <= {self.estate_at}")
        potion = f"buy Potion if count(Potion) < {self.potions}" if self.potions else ""
        lines += [_buy_line(b) for b in self.buys if b.place == "before-gold"]
        if potion and self.potion_place == "before-gold":
            lines.append(potion)
        lines.append("buy Gold")
        if self.late_duchy_at:
            lines.append(f"buy Duchy if provinces_left <= {self.late_duchy_at}")
        lines += [_buy_line(b) for b in self.buys if b.place == "after-gold"]
        if potion and self.potion_place == "after-gold":
            lines.append(potion)
        lines.append("buy Silver")
        lines += [f"play {b.card}" for b in self.buys if CARDS[b.card].types & CardType.ACTION]
        return "\n".join(lines) + "\n"


def _buy_line(b: Buy) -> str:
    cond = f"count({b.card}) < {b.copies}"
    if b.spread:
        cond += f" and count({b.card}) < count(Treasure) / {b.spread}"
    return f"buy {b.card} if {cond}"


def from_strategy(st: Strategy, actions: list[str]) -> Settings:
    """Read a strategy into the search's shape, as near as the shape allows: its
    Province, Duchy and Estate thresholds and the Kingdom Actions it buys."""
    s = Settings(province_money=0, duchy_at=0, estate_at=0, late_duchy_at=0)
    seen_gold = False
    buys: list[Buy] = []
    for rule in st.buys:
        text = rule.text.lower()
        number = _last_number(text)
        if rule.card == "Gold":
            seen_gold = True
        elif rule.card == "Potion":
            s = replace(
                s,
                potions=_nearest(POTIONS, number if number is not None else 1) or 1,
                potion_place="after-gold" if seen_gold else "before-gold",
            )
        elif rule.card == "Province" and "money >" in text and number is not None:
            s = replace(s, province_money=_nearest(PROVINCE_MONEY, number))
        elif rule.card == "Duchy" and "provinces_left <=" in text and number is not None:
            if seen_gold:
                s = replace(s, late_duchy_at=_nearest(LATE_DUCHY_AT, number))
            else:
                s = replace(s, duchy_at=_nearest(DUCHY_AT, number))
        elif rule.card == "Estate" and "provinces_left <=" in text and number is not None:
            s = replace(s, estate_at=_nearest(ESTATE_AT, number))
        elif rule.card in actions and all(b.card != rule.card for b in buys):
            card = re.escape(rule.card.lower())
            copies = re.search(rf"count\({card}\) < (\d+)\b(?!\s*/)", text)
            spread = re.search(r"count\(treasure\) / (\d+)", text)
            buys.append(
                Buy(
                    rule.card,
                    _nearest(COPIES, int(copies.group(1)) if copies else 2),
                    _nearest(SPREAD, int(spread.group(1))) if spread else 0,
                    "after-gold" if seen_gold else "before-gold",
                )
            )
    return replace(s, buys=tuple(buys[:3]))


def _last_number(text: str) -> int | None:
    digits = [w for w in text.replace("(", " ").replace(")", " ").split() if w.isdigit()]
    return int(digits[-1]) if digits else None


def _nearest(choices: tuple[int, ...], x: int) -> int:
    return min(choices, key=lambda c: (abs(c - x), c))


def needs_potion(card: str) -> bool:
    """Whether a card has a Potion in its cost."""
    return CARDS[card].cost.potions > 0


def with_potion(s: Settings) -> Settings:
    """``s``, buying at least one Potion if it buys a card that costs one."""
    if s.potions or not any(needs_potion(b.card) for b in s.buys):
        return s
    return replace(s, potions=1)


def mutate(s: Settings, actions: list[str], rng: Rng) -> Settings:
    """A neighbour of ``s``: one setting changed (and a Potion added if a card that
    costs one is bought without it)."""
    return with_potion(_mutate(s, actions, rng))


def _mutate(s: Settings, actions: list[str], rng: Rng) -> Settings:
    moves = ["province", "duchy", "estate", "late"]
    if any(needs_potion(a) for a in actions):
        moves += ["potions", "potion-place"]
    if actions and len(s.buys) < 3:
        moves += ["add", "add"]
    if s.buys:
        moves += ["remove", "copies", "copies", "spread", "spread", "place"]
    if len(s.buys) > 1:
        moves.append("order")
    move = rng.choice(moves)
    if move == "province":
        return replace(s, province_money=rng.choice(PROVINCE_MONEY))
    if move == "duchy":
        return replace(s, duchy_at=rng.choice(DUCHY_AT))
    if move == "estate":
        return replace(s, estate_at=rng.choice(ESTATE_AT))
    if move == "late":
        return replace(s, late_duchy_at=rng.choice(LATE_DUCHY_AT))
    if move == "potions":
        return replace(s, potions=rng.choice(POTIONS))
    if move == "potion-place":
        return replace(s, potion_place=rng.choice(PLACES))
    if move == "add":
        free = [a for a in actions if all(b.card != a for b in s.buys)]
        if not free:
            return s
        new = Buy(rng.choice(free), rng.choice(COPIES), rng.choice(SPREAD), rng.choice(PLACES))
        return replace(s, buys=(*s.buys, new))
    i = rng.below(len(s.buys))
    b = s.buys[i]
    buys = list(s.buys)
    if move == "remove":
        del buys[i]
    elif move == "copies":
        buys[i] = replace(b, copies=rng.choice(COPIES))
    elif move == "spread":
        buys[i] = replace(b, spread=rng.choice(SPREAD))
    elif move == "place":
        buys[i] = replace(b, place="after-gold" if b.place == "before-gold" else "before-gold")
    else:
        j = rng.below(len(buys))
        buys[i], buys[j] = buys[j], buys[i]
    return replace(s, buys=tuple(buys))


def kingdom_cards(kingdom: str, seed: int) -> list[str]:
    """The kingdom cards every game of this kingdom has (a shorter list is filled at
    random per game, so only the named cards can be relied on), in Supply order: the
    cards the search may buy, whatever their type."""
    kingdoms = [choose_kingdom(kingdom, Rng(seed + i), 0) for i in range(8)]
    return [c for c in kingdoms[0] if all(c in k for k in kingdoms)]


def kingdom_actions(kingdom: str, seed: int) -> list[str]:
    """The Actions among ``kingdom_cards``."""
    return [c for c in kingdom_cards(kingdom, seed) if CARDS[c].types & CardType.ACTION]


@dataclass
class Scored:
    """A candidate and how it did."""

    settings: Settings
    score: float  # (wins + ties / 2) / games
    win_rate: float
    interval: tuple[float, float]


@dataclass
class TuneResult:
    """The search's outcome."""

    start: Scored
    best: Scored
    measured: Scored  # the best, on fresh seeds
    start_measured: Scored  # the start, on the same fresh seeds
    rounds: int
    accepted: int
    seconds: float
    text: str


def evaluate(
    s: Settings,
    kingdom: str,
    against: str,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Scored:
    """Play a candidate against the opponent (seats rotated) and score it."""
    name = "(candidate).txt"  # never a real file: its text is given
    text = s.text("candidate")
    records = sim.run(
        "dominion",
        [name, against],
        games,
        seed,
        {"kingdom": kingdom},
        jobs,
        progress,
        texts={name: text},
    )
    summary = sim.Summary.of("dominion", [name, against], seed, records)
    b = summary.per_bot[name]
    j = b.to_json()
    return Scored(s, (b.wins + b.ties / 2) / b.games, j["win_rate"], tuple(j["win_rate_ci95"]))


def tune(
    kingdom: str,
    against: str,
    games: int,
    seed: int = 0,
    rounds: int = 40,
    start: Settings | None = None,
    jobs: int = 1,
    name: str = "tuned",
    progress: Callable[[int], None] | None = None,
) -> TuneResult:
    """Climb from ``start`` for ``rounds`` candidates; see the module's docstring."""
    if games < 2 or rounds < 0:
        raise ConfigError("tune needs at least 2 games per candidate and 0 or more rounds")
    if not good_name(name):
        raise ConfigError(
            f"the strategy's name is lower-case letters, digits and dashes, not {name!r}"
        )
    began = time.perf_counter()
    actions = kingdom_cards(kingdom, seed)
    rng = Rng(seed ^ 0x7E57)
    first = start or Settings()
    best = start_scored = evaluate(first, kingdom, against, games, seed, jobs, progress)
    tried = {first}
    accepted = 0
    # First each kingdom card on its own (two copies, before Gold, with a Potion if it
    # costs one), so that no card is missed by chance; then changes to the best so far.
    seeds = [
        with_potion(replace(first, buys=(*first.buys, Buy(a, 2, 0, "before-gold"))))
        for a in actions
        if len(first.buys) < 3 and all(b.card != a for b in first.buys)
    ]
    for k in range(rounds):
        if k < len(seeds):
            cand = seeds[k]
        else:
            for _ in range(8):  # look for a candidate not tried yet
                cand = mutate(best.settings, actions, rng)
                if rng.below(3) == 0:
                    cand = mutate(cand, actions, rng)
                if cand not in tried:
                    break
        tried.add(cand)
        got = evaluate(cand, kingdom, against, games, seed, jobs, progress)
        if got.score > best.score:
            best = got
            accepted += 1
    fresh = seed + FRESH
    measured = evaluate(best.settings, kingdom, against, games, fresh, jobs, progress)
    start_measured = evaluate(first, kingdom, against, games, fresh, jobs, progress)
    seconds = time.perf_counter() - began
    lo, hi = measured.interval
    description = (
        f"Tuned against {against} on {kingdom}: won {measured.win_rate:.1%} "
        f"(95% CI {lo:.1%} to {hi:.1%}) of {games} fresh games"
    )
    header = (
        f"# Found by: athanor tune dominion --kingdom {kingdom!r} --against {against} "
        f"--games {games} --seed {seed} --rounds {rounds}\n"
        f"# Measured on seeds {fresh} to {fresh + games - 1}, seats rotated: "
        f"{measured.win_rate:.1%} wins (95% CI {lo:.1%} to {hi:.1%}); the starting strategy "
        f"won {start_measured.win_rate:.1%} there. Search: {rounds} candidates, "
        f"{accepted} improvements, {seconds:.0f} s.\n"
    )
    text = header + best.settings.text(name, description)
    Strategy.parse(text, name)  # what is written always reads back
    return TuneResult(start_scored, best, measured, start_measured, rounds, accepted, seconds, text)


def tune_command(args: Any, say: Callable[[str], None], bar: Callable[[int, bool], Any]) -> int:
    """``athanor tune``: run the search, say what it found and write the file."""
    import os

    from athanor import catalog

    catalog.bot_maker("dominion", args.against)  # an unknown opponent fails now
    if not good_name(args.name):  # every argument is checked before the search
        raise ConfigError(
            f"--name is lower-case letters, digits and dashes (a-z, 0-9, -), not {args.name!r}"
        )
    if args.games < 2 or args.rounds < 0:
        raise ConfigError("tune needs --games 2 or more and --rounds 0 or more")
    start = None
    actions = kingdom_cards(args.kingdom, args.seed)
    if args.start:
        try:
            st = Strategy.parse(catalog.read_bot_file(args.start), args.start)
        except StrategyError as exc:
            raise ConfigError(str(exc)) from None
        start = from_strategy(st, actions)
    out = os.path.expanduser(args.write)
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise ConfigError(f"cannot write {out}: the folder {folder} does not exist")
    total = (args.rounds + 3) * args.games
    progress = bar(total, args.quiet)
    try:
        result = tune(
            args.kingdom,
            args.against,
            args.games,
            args.seed,
            args.rounds,
            start,
            args.jobs,
            args.name,
            progress.update if progress is not None else None,
        )
    finally:
        if progress is not None:
            progress.close()
    m, sm = result.measured, result.start_measured
    say(
        f"Kingdom cards searched: {', '.join(actions) or 'none (money only)'}"
        f"{' and the Potion' if any(needs_potion(a) for a in actions) else ''}; "
        f"opponent {args.against}."
    )
    say(
        f"{result.rounds} candidates tried, {result.accepted} improvements, in "
        f"{result.seconds:.0f} seconds."
    )
    say(
        f"On the tuning seeds: the start scored {result.start.score:.1%}, the best "
        f"{result.best.score:.1%} (wins plus half the shared wins)."
    )
    say(
        f"On {args.games} fresh games: the best won {m.win_rate:.1%} (95% CI "
        f"{m.interval[0]:.1%} to {m.interval[1]:.1%}); the start won {sm.win_rate:.1%}."
    )
    try:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(result.text)
    except OSError as exc:
        raise ConfigError(f"cannot write {out}: {exc.strerror or exc}") from None
    say(f"Wrote {out}; play it with: athanor sim dominion --bots {out} {args.against}")
    return 0
