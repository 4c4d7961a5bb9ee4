"""Learning environments for every game in the catalog (needs the ``rl`` extra).

``aec_env(game)`` is a PettingZoo AEC environment for all seats; ``GameEnv`` is a
Gymnasium environment for one seat, the others played by bots. Observations
come from ``view(seat)`` only: an array (the game's encoding) and an action
mask, with the JSON view itself in ``info["view"]``. See docs/envs.md.
"""

from athanor.envs.aec import AthanorAEC, aec_env
from athanor.envs.gym import GameEnv
from athanor.envs.spaces import GameCodec

__all__ = ["AthanorAEC", "GameCodec", "GameEnv", "aec_env"]
