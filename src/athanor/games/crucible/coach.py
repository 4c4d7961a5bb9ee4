"""What the coach (athanor.review) plays the Crucible's playouts with: the team bot
imagining 2 deals of the hidden hands instead of 6, about twice as quick and as careful
about the cauldron."""

from __future__ import annotations

from athanor.games.crucible.bots import TeamBot

PLAYOUT_BOT = "the team bot (imagining 2 deals)"


def playout_bot(seed: int) -> TeamBot:
    """A quick team bot for the coach's playouts."""
    return TeamBot(seed, 2)
