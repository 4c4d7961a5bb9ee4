"""Taking cards from the decks, one at a time, choosing the deck when there is a choice."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option
from athanor.engine.text import plural
from athanor.games.potion_making.desk import leave

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState


def deck_options(s: PotionMakingState, play: bool = False) -> list[Option]:
    """One option per deck with cards left: ``draw:Guild``, labelled by the deck's name
    ("Take a Guild card" among plays). How many cards each deck has left is told when
    cards are taken, so that a label stays the same from one question to the next."""
    return [deck_option(d, play) for d, pile in s.decks.items() if pile]


@functools.cache
def deck_option(deck: str, play: bool) -> Option:
    """The option that takes a card from a deck (made once per deck: a handful)."""
    return Option(f"draw:{deck}", f"Take a {deck} card" if play else deck)


def draw_prompt(s: PotionMakingState, left: int, last: int, why: str) -> str:
    """ "Take 3 cards: which deck?", then "Take 2 more: which deck? You took ..." (``last``:
    the card just taken, -1 for none)."""
    if last >= 0:
        return f"Take {left} more: which deck? You took {s.words(last, True)}."
    what = "a card" if left == 1 else plural(left, "card")
    # The first phase needs no name: it is the start of the turn.
    because = f" for the {why}" if why and why != "first phase" else ""
    return f"Take {what}{because}: which deck?"


@dataclass
class Draw(Frame):
    """Take ``left`` cards, one at a time; with cards in more than one deck, each is a choice
    (the player sees each card before taking the next). The cards are told in one sentence
    once all are taken (``taken`` keeps them till then)."""

    seat: int
    left: int
    why: str = ""
    taken: list[int] = field(default_factory=list)

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        while self.left > 0:
            full = [d for d, pile in s.decks.items() if pile]
            if not full:
                break
            if len(full) > 1:
                last = self.taken[-1] if self.taken else -1
                return Decision(
                    self.seat,
                    functools.partial(draw_prompt, s, self.left, last, self.why),
                    tuple(deck_options(s)),
                )
            self.taken.append(s.draw(self.seat, full[0], told=False))
            self.left -= 1
        leave(s, self)
        s.tell_draws(self.seat, self.taken)
        return None

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionMakingState = state
        self.taken.append(s.draw(self.seat, option_id.partition(":")[2], told=False))
        self.left -= 1
