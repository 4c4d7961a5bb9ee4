"""Potion Party's rule words for the terminal's card command (issue 24): each one
explained, and every rule word a newcomer meets in the help, questions and narration
covered."""

from __future__ import annotations

import athanor
from athanor.engine import Rng
from athanor.games.potion_party import SPEC, TERMS

# The words a player meets, and the term that explains each.
MET = {
    "pool": "pool",
    "Darkness": "Darkness",
    "Stardust": "Stardust",
    "Sapphire": "Sapphire",
    "Ruby": "Ruby",
    "Emerald": "Emerald",
    "group": "group",
    "Alchemy": "Alchemy",
    "Super Die": "Super Die",
    "greedy": "greedy",
    "Stop": "stop",
    "saved": "saved dice",
    "Sabotage": "Sabotage",
    "Skullduggery": "Skullduggery",
    "alchemist": "alchemist",
    "potion everyone brews": "recipe",
    "box": "box",
    "Player One": "Player One",
    "complex ingredients": "complex ingredient",
}


def _everything_said() -> str:
    """The help, and every question, option and event of a few games played at random."""
    said = [SPEC.help]
    for seed in range(6):
        recipe = "choose" if seed % 2 else "soul-jar"  # a complex recipe, or the choice
        s = athanor.new_game("potion-party", 3, seed, {"recipe": recipe})
        rng = Rng(seed)
        while s.decision is not None and len(s.choices or []) < 400:
            d = s.decision
            said.append(d.prompt)
            said += [o.label for o in d.options]
            s.apply(d.ids[rng.below(len(d.ids))])
        said += s.events_for(None)
    return "\n".join(said)


def test_the_game_declares_its_rule_words() -> None:
    # (each word's text, and no card of the same name: tests/conformance, every game)
    assert SPEC.terms is TERMS


def test_the_rule_words_players_meet_are_covered() -> None:
    said = _everything_said()
    for word, term in MET.items():
        assert word in said, word  # the word really is met
        assert term in TERMS, term
