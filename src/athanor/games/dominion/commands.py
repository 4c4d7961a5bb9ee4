"""Terminal commands for Dominion: hand, supply, deck and scores, one short answer each."""

from __future__ import annotations

from typing import Any

from athanor.engine.text import list_words
from athanor.games.dominion.cards import CARDS, Cost, counted_words, plural, plural_name


def _counted(cards: list[str]) -> str:
    """Cards counted by name, A to Z: "3 Coppers, an Estate and a Gold" (not "Copper x3",
    which a screen reader says as "ex three")."""
    return counted_words(sorted(cards)) if cards else "nothing"


def hand(view: Any, seat: int | None) -> str:
    """Your hand and what is in play; during a possessed turn you decide, the hand of the
    player you possess, said as theirs."""
    if seat is None:
        return "Spectators have no hand."
    current = view["current"]
    if view["possessor"] == seat and current != seat and not view["over"]:
        them = view["players"][current]
        out = (
            f"{them['name']}'s hand, which you play this turn "
            f"({plural('card', them['hand_size'])}): {_counted(them['hand'])}."
        )
        if them["in_play"]:
            out += f" In play: {counted_words(them['in_play'])}."
        return out + f" {turn_resources(view)}."
    me = view["players"][seat]
    out = f"Your hand ({plural('card', me['hand_size'])}): {_counted(me['hand'])}."
    if me["in_play"]:
        out += f" In play: {counted_words(me['in_play'])}."
    if current == seat and not view["over"]:
        out += f" {turn_resources(view)}."
    return out


def turn_money(view: Any) -> str:
    """ "5 coins and 1 Potion": the money in play for the player whose turn it is."""
    text = plural("coin", view["coins"])
    if view["potions"]:
        text += f" and {plural('Potion', view['potions'])}"
    return text


def turn_resources(view: Any) -> str:
    """ "1 Action, 2 Buys, 5 coins and 1 Potion": what the player whose turn it is has left."""
    return f"{plural('Action', view['actions'])}, {plural('Buy', view['buys'])}, {turn_money(view)}"


def kingdom(view: Any, seat: int | None) -> str:
    """The game's ten Kingdom cards with their costs, cheapest first."""
    costs = view["costs"]
    cards = sorted(view["kingdom"], key=lambda n: (view["kingdom_costs"][n], n))
    return "Kingdom: " + "; ".join(f"{n}, {costs[n]}" for n in cards) + "."


def supply(view: Any, seat: int | None) -> str:
    """Every Supply pile and how many are left, one line per cost, cheapest first:
    "3 coins: 40 Silvers and 10 Villages." An empty pile is said as "no Villages"."""
    by_cost: dict[tuple[int, int], list[str]] = {}
    for name, left in view["supply"].items():
        cost = CARDS[name].cost
        pile = f"{left} {plural_name(name)}" if left != 1 else f"1 {name}"
        by_cost.setdefault((cost.coins, cost.potions), []).append(
            pile if left else f"no {plural_name(name)}"
        )
    lines = ["Supply, by cost:"]
    for coins, potions in sorted(by_cost):
        piles = list_words(by_cost[(coins, potions)])
        lines.append(f"{Cost(coins, potions).words()}: {piles}.")
    return "\n".join(lines)


def deck(view: Any, seat: int | None) -> str:
    """Deck and discard pile sizes for every player."""
    parts = []
    for i, p in enumerate(view["players"]):
        who = "You" if i == seat else p["name"]
        top = f", {p['discard_top']} on top" if p["discard_top"] else ""
        parts.append(f"{who}: deck {p['deck_size']}, discard {p['discard_size']}{top}")
    return "; ".join(parts) + "."


def scores(view: Any, seat: int | None) -> str:
    """Victory points and turns taken for every player."""
    parts = []
    for i, p in enumerate(view["players"]):
        who = "You" if i == seat else p["name"]
        vp = p.get("vp")
        turns = plural("turn", p["turns"])
        parts.append(f"{who}: {vp} VP after {turns}" if vp is not None else who)
    return "; ".join(parts) + "."


COMMANDS = {
    "hand": ("your hand, cards in play, and your Actions, Buys and coins", hand),
    "supply": ("every Supply pile with its cost and count", supply),
    "deck": ("deck and discard pile sizes for everyone", deck),
    "scores": ("victory points and turns for everyone", scores),
    "kingdom": ("the ten Kingdom cards and their costs", kingdom),
}
