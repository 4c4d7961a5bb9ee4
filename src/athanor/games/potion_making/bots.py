"""A Potion-Making bot that plays for points from its own view only.

It reads ``state.view(seat)`` and the decision in front of it, never the
state's hidden parts. Each option gets a value in points: what it scores now,
what it gives to others (a cost), and what it keeps or spends for later (a
card that is the next step of one of its Sequences, a recipe it can soon
collect, its own Philosopher's Stone). It lays new elements, collects what it
can, builds toward the recipes in its hand and its Great Work Sequences, takes
others' recipes when what it scores outweighs what they get, and plays the
Philosopher's Stone only when that wins the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import Beginner, Decision, GameState, Rng
from athanor.games.potion_making.cards import Card, CardSet, CardType, load
from athanor.games.potion_making.desk import DeskSummary, Holding, fits, match_recipes

# What casting a spell is worth, roughly, in points (it is followed by another play).
SPELL_VALUE: dict[str, float] = {
    "knowledge": 1.0,
    "transformation": 0.5,
    "destruction": -1.0,
    "transmutation": 3.0,
    "trismegistus": 2.0,
    "athanor": 1.0,
    "whirlpool": -1.0,
    "necessity": 1.5,
    "universal-knowledge": 1.0,
    "creation": 1.0,
    "magical-knowledge": 0.5,
    "transfiguration": 0.2,
    "overthrow": 0.8,
    "diversity": 2.0,
    "acceleration": 1.0,
    "forbidden-forest": 1.5,
    "scruple": -1.0,
}


class Mind:
    """What the bot knows at one decision: its view, worked into handy tables."""

    def __init__(self, view: Any, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.cs: CardSet = load(view["cards"])
        self.cards = self.cs.cards
        me = view["players"][seat]
        self.me = me
        self.hand: list[int] = list(me["hand"] or [])
        self.desk: list[int] = list(view["desk"])
        self.summary = DeskSummary(self.cs, self.desk)
        self.shown = self.summary.shown()
        self.scores: list[int] = [int(p["score"]) for p in view["players"]]
        self.hold = self._holdings()
        self.mine_held = {h.card for h in self.hold if h.owner == seat}
        self.next_steps: dict[str, int] = {}  # recipe name -> points of the step it would fill
        self.later_steps: dict[str, int] = {}
        self.stones: set[str] = set()
        # Stones another player is close to needing (their card is revealed): hold them back.
        self.denied: set[str] = set()
        for o, p in enumerate(view["players"]):
            if o != seat and p["sequence_card"] is not None:
                for j, seq in enumerate(self.cs.sequence_cards[p["sequence_card"]].sequences):
                    if len(p["sequences"][j]) >= 4:
                        self.denied.add(seq.stone)
        card = me["sequence_card"]
        if card is not None:
            for j, seq in enumerate(self.cs.sequence_cards[card].sequences):
                done = len(me["sequences"][j])
                self.stones.add(seq.stone)
                for k in range(done, len(seq.steps) - 1):
                    name, pts = seq.steps[k]
                    table = self.next_steps if k == done else self.later_steps
                    table[name] = max(table.get(name, 0), pts)

    def _holdings(self) -> list[Holding]:
        out = []
        for o, p in enumerate(self.view["players"]):
            for entry in p["collected"]:
                out.append(Holding(entry["card"], o, -1, -1))
            for j, steps in enumerate(p["sequences"]):
                for k in range(len(steps) - 1):
                    if steps[k] >= 0:
                        out.append(Holding(steps[k], o, j, k))
        return out

    # -- values --------------------------------------------------------------------

    def gift_cost(self, owner: int, points: float) -> float:
        """What giving ``points`` to another player costs us (more when they lead)."""
        if owner == self.seat:
            return 0.0
        mine = self.scores[self.seat]
        weight = 0.9 if self.scores[owner] >= mine else 0.6
        return points * weight

    def brew_value(self, t: CardType) -> float:
        """Collecting a recipe now: its points, less what we expect to give away."""
        value = float(t.points)
        free = [h for h in self.hold if h.owner == self.seat]
        for part in t.recipe_parts:
            own = [h for h in free if fits(self.cs, part, h.card)]
            if own:
                free.remove(own[0])
                value -= 0.3 * self.next_steps.get(self.cards[own[0].card].name, 0)
            else:
                value -= self.gift_cost(self._cheapest_owner(part), t.points / 2)
        if t.name in self.next_steps or t.name in self.later_steps:
            value += 1.0  # it can go into a Sequence later from our own collection
        return value

    def _cheapest_owner(self, part: Any) -> int:
        owners = [
            h.owner for h in self.hold if h.owner != self.seat and fits(self.cs, part, h.card)
        ]
        if not owners:
            return self.seat
        return min(owners, key=lambda o: self.scores[o])

    def keep_value(self, cid: int) -> float:
        """What a card in the hand is worth kept for later."""
        c = self.cards[cid]
        t = c.type
        if t.kind == "stone":
            if t.name in self.stones:
                return 15.0
            return 3.0 if t.name in self.denied else 0.5
        if t.kind == "spell":
            return max(0.0, SPELL_VALUE.get(t.effect, 0.5)) * 0.6
        v = 0.0
        if t.name in self.next_steps:
            v = max(v, self.next_steps[t.name] + 0.5)
        if t.name in self.later_steps:
            v = max(v, 0.5 * self.later_steps[t.name])
        if self.summary.can_give(t.needs, t.any_elements, True) and match_recipes(
            self.cs, t.recipe_parts, self.hold
        ):
            v = max(v, 0.8 * t.points)
        elif not t.recipe_parts:
            missing = sum(1 for e in t.needs if e not in self.shown)
            v = max(v, t.points * 0.5 / (1 + missing))
        else:
            v = max(v, t.points * 0.15)
        return v

    def lay_value(self, cid: int) -> float:
        """Laying a card as an element: the point if new, less what the card was worth."""
        c = self.cards[cid]
        new = not c.wild and any(e not in self.shown for e in c.elements)
        value = (1.0 if new else 0.0) - self.keep_value(cid)
        if new:
            value += 0.3 * self._enables(c)
        return value

    def _enables(self, c: Card) -> float:
        """Points of recipes in the hand that this element would let us collect."""
        best = 0.0
        self.summary.add(c)
        for h in self.hand:
            t = self.cards[h].type
            if (
                h != c.id
                and t.kind == "recipe"
                and c.elements[0] in t.needs
                and self.summary.can_give(t.needs, t.any_elements, True)
                and match_recipes(self.cs, t.recipe_parts, self.hold)
            ):
                best = max(best, float(t.points))
        self.summary.remove(c)
        return best

    def source_value(self, h: Holding, points: float) -> float:
        """Using a collected recipe as an ingredient or a step: our own costs nothing."""
        if h.owner == self.seat:
            name = self.cards[h.card].name
            return -0.3 * self.next_steps.get(name, 0) if h.seq < 0 else 0.1
        gives = 0.0 if self.cards[h.card].type.effect == "universality" else points / 2
        return -self.gift_cost(h.owner, gives)

    def desk_value(self, cid: int) -> float:
        """Taking a card from the Desk into the hand or collection."""
        t = self.cards[cid].type
        if t.kind == "stone":
            return 20.0 if t.name in self.stones else 0.0
        if t.kind == "spell":
            return SPELL_VALUE.get(t.effect, 0.0)
        return max(
            self.next_steps.get(t.name, 0) + 1.0,
            0.5 * self.later_steps.get(t.name, 0),
            t.points * 0.3,
        )


def _hand_card(m: Mind, key: str) -> int:
    return next(c for c in m.hand if m.cards[c].key == key)


def _desk_card(m: Mind, key: str) -> int:
    return next(c for c in m.desk if m.cards[c].key == key)


def _holding(m: Mind, cid: int) -> Holding:
    return next(h for h in m.hold if h.card == cid)


def _question_points(m: Mind) -> float:
    """The points at stake in the pending Brew or Step (for gift costs)."""
    q = m.view["question"] or {}
    if "card" in q and q["kind"] == "brew":
        return float(m.cards[q["card"]].type.points)
    if "seq" in q and m.me["sequence_card"] is not None:
        seq = m.cs.sequence_cards[m.me["sequence_card"]].sequences[q["seq"]]
        n = len(m.me["sequences"][q["seq"]])
        return float(seq.steps[min(n, len(seq.steps) - 1)][1])
    return 4.0


def _v_lay(m: Mind, arg: str) -> float:
    q = (m.view["question"] or {}).get("kind")
    v = m.lay_value(_hand_card(m, arg))
    return v if q == "play" else v - 0.2  # Creation, Whirlpool: only worth it when new


def _v_brew(m: Mind, arg: str) -> float:
    return m.brew_value(m.cards[_hand_card(m, arg)].type) - 0.2 * m.keep_value(_hand_card(m, arg))


def _v_step(m: Mind, arg: str) -> float:
    j = int(arg) - 1
    seq = m.cs.sequence_cards[m.me["sequence_card"]].sequences[j]
    n = len(m.me["sequences"][j])
    name, pts = seq.steps[n]
    value = float(pts) + 0.5 * n
    own = [h for h in m.hold if m.cards[h.card].name == name and h.owner == m.seat]
    in_hand = any(m.cards[c].name == name for c in m.hand)
    if not own and not in_hand:
        owners = [h.owner for h in m.hold if m.cards[h.card].name == name]
        value -= m.gift_cost(min(owners, key=lambda o: m.scores[o]), pts / 2) if owners else 0
    if seq.stone in {m.cards[c].name for c in m.hand}:
        value += 1.0
    return value


def _v_stone(m: Mind, arg: str) -> float:
    j = int(arg) - 1
    seq = m.cs.sequence_cards[m.me["sequence_card"]].sequences[j]
    after = m.scores[m.seat] + seq.steps[-1][1]
    others = max(s for i, s in enumerate(m.scores) if i != m.seat)
    return 1000.0 if after >= others else -1000.0


def _v_spell(m: Mind, arg: str) -> float:
    cid = _hand_card(m, arg)
    t = m.cards[cid].type
    value = SPELL_VALUE.get(t.effect, 0.0)
    if t.effect in ("knowledge", "athanor", "transformation", "universal-knowledge"):
        best = max((m.desk_value(d) for d in m.desk), default=0.0)
        value = min(best, 6.0) - 0.5
    return value


def _v_draw(m: Mind, arg: str) -> float:
    base = 1.6 if len(m.hand) < 5 else 0.9
    wanted = sum(1 for n in m.next_steps if _deck_of(m, n) == arg)
    if arg == "Guild" and not any(m.cards[c].name in m.stones for c in m.hand):
        wanted += 1
    return base + 0.2 * wanted


def _deck_of(m: Mind, name: str) -> str:
    t = m.cs.types.get(name)
    return t.deck if t is not None else ""


def _v_recipe(m: Mind, arg: str) -> float:
    cid = int(arg)
    q = (m.view["question"] or {}).get("kind")
    h = _holding(m, cid)
    if q in ("overthrow", "forest"):
        return m.scores[h.owner] + m.cards[cid].type.points * 0.1
    return m.source_value(h, _question_points(m))


def _v_hand(m: Mind, arg: str) -> float:
    q = (m.view["question"] or {}).get("kind")
    cid = _hand_card(m, arg)
    if q == "step":
        return -0.5 * m.keep_value(cid) + 0.05
    return -m.keep_value(cid)  # Athanor or Transfiguration: give up the least


def _v_desk(m: Mind, arg: str) -> float:
    q = (m.view["question"] or {}).get("kind")
    cid = _desk_card(m, arg)
    if q == "brew":  # an element for a recipe: avoid Magma, spend the least useful top
        c = m.cards[cid]
        return (-3.0 if c.wild else 0.0) - 0.1 * m.desk_value(cid)
    return m.desk_value(cid)


def _v_mine(m: Mind, arg: str) -> float:
    t = m.cards[int(arg)].type
    return -float(t.points) - m.next_steps.get(t.name, 0)


def _v_keep(m: Mind, arg: str) -> float:
    t = m.cards[int(arg)].type
    return float(t.points) + m.next_steps.get(t.name, 0)


def _v_seq(m: Mind, arg: str) -> float:
    j = int(arg) - 1
    seq = m.cs.sequence_cards[m.me["sequence_card"]].sequences[j]
    n = len(m.me["sequences"][j])
    return float(seq.steps[n + 1][1])


def _v_return(m: Mind, arg: str) -> float:
    return -m.keep_value(_hand_card(m, arg))


def _v_pass(m: Mind, arg: str) -> float:
    return 0.0


VALUES: dict[str, Callable[[Mind, str], float]] = {
    "lay": _v_lay,
    "brew": _v_brew,
    "step": _v_step,
    "stone": _v_stone,
    "spell": _v_spell,
    "draw": _v_draw,
    "recipe": _v_recipe,
    "hand": _v_hand,
    "desk": _v_desk,
    "mine": _v_mine,
    "keep": _v_keep,
    "seq": _v_seq,
    "return": _v_return,
    "pass": _v_pass,
    "done": _v_pass,
    "none": _v_pass,
}


class PotionMakingBot:
    """Plays for points from its own view (module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0xB07)

    def choose(self, state: GameState, decision: Decision) -> str:
        """The option with the best value; ties broken by the bot's own generator."""
        m = Mind(state.view(decision.seat), decision.seat)
        best: list[str] = []
        top = float("-inf")
        for oid in decision.ids:
            verb, _, arg = oid.partition(":")
            v = VALUES[verb](m, arg)
            if v > top + 1e-9:
                top = v
                best = [oid]
            elif abs(v - top) <= 1e-9:
                best.append(oid)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


def make_bot(seed: int) -> PotionMakingBot:
    """The heuristic bot."""
    return PotionMakingBot(seed)


def second_best(state: GameState, decision: Decision, pick: str) -> str | None:
    """A beginner's play: a good one, but not the best (the heuristic's second choice)."""
    m = Mind(state.view(decision.seat), decision.seat)
    scored = []
    for oid in decision.ids:
        verb, _, arg = oid.partition(":")
        scored.append((VALUES[verb](m, arg), oid))
    top = max(v for v, _ in scored)
    rest = [(v, oid) for v, oid in scored if v < top - 1e-9]
    return max(rest)[1] if rest else None


BEGINNER_SLIPS = 0.35  # the share of choices a beginner plays the second best


def make_beginner(seed: int = 0) -> Beginner:
    """The easy level: the heuristic bot, settling for its second choice about one time
    in three."""
    return Beginner(PotionMakingBot(seed), second_best, BEGINNER_SLIPS, seed)
