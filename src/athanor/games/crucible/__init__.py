"""The Alchemist's Crucible: a cooperative trick-taking game for 3-5 alchemists."""

from __future__ import annotations

from typing import Any

from athanor.engine import GameSpec, OptionSpec, Rng
from athanor.games.crucible.bots import TeamBot
from athanor.games.crucible.commands import COMMANDS, rules_now, status
from athanor.games.crucible.disciplines import DISCIPLINES
from athanor.games.crucible.encoding import encoding
from athanor.games.crucible.missions import MISSIONS
from athanor.games.crucible.rules import CrucibleState


def card_texts() -> dict[str, str]:
    """The disciplines and the Catalysts, for the terminal's card command."""
    texts = {d.name: d.text for d in DISCIPLINES.values()}
    texts["Catalyst"] = (
        "The trump suit, 1 to 4. A Catalyst never flips. Whoever holds Catalyst 4 is the Lead "
        "Alchemist."
    )
    texts["Dual-natured card"] = (
        "Six suits, 1 to 9. Transmuted, a card turns to the opposite suit on the wheel "
        "(Brimstone and Mandrake, Quicksilver and Aether, Salt and Lodestone) at 10 minus its "
        "rank."
    )
    return texts


# The conformance suite plays seed ``i`` with ``3 + i % 3`` players and option set ``i % 36``:
# entry k is mission 1 + k // 3, so every mission meets every table size.
CONFORMANCE_OPTIONS = tuple({"mission": 1 + k // 3} for k in range(3 * len(MISSIONS)))


def sample_options(rng: Rng) -> dict[str, Any]:
    """A mission drawn at random, so random tests cover the whole logbook."""
    return {"mission": 1 + rng.below(len(MISSIONS))}


SPEC = GameSpec(
    name="crucible",
    title="The Alchemist's Crucible",
    min_players=3,
    max_players=5,
    state_class=CrucibleState,
    options=(
        OptionSpec(
            "mission",
            "Which mission of the logbook to play, 1 to 12.",
            1,
            tuple(MISSIONS),
            int,
        ),
    ),
    summary="Cooperative trick-taking: draft tasks, Catalyze or Transmute, never boil over.",
    bots={"team": TeamBot},
    default_bot="team",
    status=status,
    commands=COMMANDS,
    cooperative=True,
    encoding=encoding,
    help_now=rules_now,
    sample_options=sample_options,
    conformance_options=CONFORMANCE_OPTIONS,
    minor_events=frozenset({"deal"}),
    shortcuts={"c": "catalyze", "t": "transmute"},
    cards=card_texts,
    score_name="missions won",
    help=(
        "A cooperative game: the team wins the mission only when every drafted task is "
        "complete. Each reaction the leader declares Catalyze or Transmute and plays; "
        "everyone else follows the lead suit if they can (Catalysts are trumps). Catalyze: "
        "the total must stay at or under the Cauldron Limit, or it boils over at once and the "
        "player who pushed it over takes a slag token; if it stays safe, the highest Catalyst, "
        "else the highest card of the lead suit, wins the cards. Transmute: at or over the "
        "Transmutation Target every card flips (opposite suit, 10 minus its rank) and goes "
        "back to its owner's hand; under it, the cards are destroyed. Before each reaction you "
        "may whisper one card once per mission. Your discipline, if it is not passive, is an "
        "option on your own turn."
    ),
)

__all__ = ["SPEC", "CrucibleState", "TeamBot"]
