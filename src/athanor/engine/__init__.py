"""The engine: the contract every game implements. It knows no game."""

from athanor.engine.agents import Agent, Beginner, RandomAgent, play_out
from athanor.engine.core import (
    LEVELS,
    ConfigError,
    Decision,
    Event,
    Frame,
    GameSpec,
    GameState,
    IllegalMove,
    Level,
    Option,
    OptionSpec,
    ResponseWindow,
    Result,
    SaveError,
    frame_from_json,
)
from athanor.engine.rng import Rng

__all__ = [
    "LEVELS",
    "Agent",
    "Beginner",
    "ConfigError",
    "Decision",
    "Event",
    "Frame",
    "GameSpec",
    "GameState",
    "IllegalMove",
    "Level",
    "Option",
    "OptionSpec",
    "RandomAgent",
    "ResponseWindow",
    "Result",
    "Rng",
    "SaveError",
    "frame_from_json",
    "play_out",
]
