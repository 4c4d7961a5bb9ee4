"""Learning environments for every game in the catalog (needs the ``rl`` extra).

``aec_env(game)`` is a PettingZoo AEC environment for all seats; ``GameEnv`` is a
Gymnasium environment for one seat, the others played by bots or policies. Observations
come from ``view(seat)`` only: an array (the game's encoding) and an action mask. The
JSON view itself is there on demand (``view()``), or in the infos with
``with_views=True``. See docs/envs.md.
"""

from athanor.envs.aec import AthanorAEC, aec_env
from athanor.envs.gym import GameEnv, Observation, Policy
from athanor.envs.spaces import GameCodec, Views

__all__ = ["AthanorAEC", "GameCodec", "GameEnv", "Observation", "Policy", "Views", "aec_env"]
