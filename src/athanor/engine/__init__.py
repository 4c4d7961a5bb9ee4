"""The engine: the contract every game implements. It knows no game."""

from athanor.engine.agents import Agent, RandomAgent, play_out
from athanor.engine.core import (
    ConfigError,
    Decision,
    Event,
    Frame,
    GameSpec,
    GameState,
    IllegalMove,
    Option,
    OptionSpec,
    ResponseWindow,
    Result,
    SaveError,
    frame_from_json,
)
from athanor.engine.rng import Rng

__all__ = [
    "Agent",
    "ConfigError",
    "Decision",
    "Event",
    "Frame",
    "GameSpec",
    "GameState",
    "IllegalMove",
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
