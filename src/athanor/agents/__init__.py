"""Generic agents that play any game through the engine contract alone (search bots)."""

from athanor.agents.ismcts import Ismcts

__all__ = ["Ismcts"]
