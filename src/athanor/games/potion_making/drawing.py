"""Taking cards from the decks, one at a time, choosing the deck when there is a choice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from athanor.engine import Decision, Frame, Option
from athanor.engine.text import plural

if TYPE_CHECKING:
    from athanor.games.potion_making.rules import PotionMakingState


def deck_options(s: PotionMakingState) -> list[Option]:
    """One option per deck with cards left: ``draw:Guild``."""
    return [
        Option(f"draw:{d}", f"Take a card from the {d} deck ({plural(len(pile), 'card')} left)")
        for d, pile in s.decks.items()
        if pile
    ]


@dataclass
class Draw(Frame):
    """Take ``left`` cards, one at a time; with cards in more than one deck, each is a choice
    (the player sees each card before taking the next)."""

    seat: int
    left: int
    why: str = ""

    def run(self, state: Any) -> Decision | None:
        s: PotionMakingState = state
        while self.left > 0:
            full = [d for d, pile in s.decks.items() if pile]
            if not full:
                break
            if len(full) > 1:
                what = f" ({self.why})" if self.why else ""
                prompt = f"Choose the deck to take from{what}: {plural(self.left, 'card')} to take"
                return Decision(self.seat, prompt, tuple(deck_options(s)))
            s.draw(self.seat, full[0])
            self.left -= 1
        s.stack.remove(self)
        return None

    def choose(self, state: Any, option_id: str) -> None:
        s: PotionMakingState = state
        s.draw(self.seat, option_id.partition(":")[2])
        self.left -= 1
