"""Choosing the ten Kingdom cards: random, a named preset, or a list of names."""

from __future__ import annotations

import difflib

from athanor.engine import ConfigError, Rng
from athanor.games.dominion.cards import CARDS, KINGDOM_CARDS

# Recommended sets of ten from the 2nd-edition rulebook.
PRESETS: dict[str, tuple[str, ...]] = {
    "first-game": (
        "Cellar",
        "Market",
        "Merchant",
        "Militia",
        "Mine",
        "Moat",
        "Remodel",
        "Smithy",
        "Village",
        "Workshop",
    ),
    "size-distortion": (
        "Artisan",
        "Bandit",
        "Bureaucrat",
        "Chapel",
        "Festival",
        "Gardens",
        "Sentry",
        "Throne Room",
        "Witch",
        "Workshop",
    ),
    "deck-top": (
        "Artisan",
        "Bureaucrat",
        "Council Room",
        "Festival",
        "Harbinger",
        "Laboratory",
        "Moneylender",
        "Sentry",
        "Vassal",
        "Village",
    ),
    "sleight-of-hand": (
        "Cellar",
        "Council Room",
        "Festival",
        "Gardens",
        "Library",
        "Harbinger",
        "Militia",
        "Poacher",
        "Smithy",
        "Throne Room",
    ),
    "improvements": (
        "Artisan",
        "Cellar",
        "Market",
        "Merchant",
        "Mine",
        "Moat",
        "Moneylender",
        "Poacher",
        "Remodel",
        "Witch",
    ),
    "silver-and-gold": (
        "Bandit",
        "Bureaucrat",
        "Chapel",
        "Harbinger",
        "Laboratory",
        "Merchant",
        "Mine",
        "Moneylender",
        "Throne Room",
        "Vassal",
    ),
}

KINGDOM_SIZE = 10
_BY_KEY = {n.lower().replace(" ", "").replace("-", "").replace("'", ""): n for n in KINGDOM_CARDS}


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "").replace("-", "").replace("_", "").replace("'", "")


def card_named(text: str) -> str:
    """The kingdom card a player means by ``text`` (case and spaces do not matter)."""
    found = _BY_KEY.get(_key(text))
    if found is not None:
        return found
    words = [*KINGDOM_CARDS, *PRESETS]
    close = difflib.get_close_matches(text.strip(), words, n=3, cutoff=0.5)
    if not close:
        lowered = {w.lower(): w for w in words}
        close = [lowered[w] for w in difflib.get_close_matches(text.strip().lower(), lowered, n=3)]
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    if text.strip() in CARDS:
        raise ConfigError(f"{text.strip()} is a Basic card, not a Kingdom card.")
    raise ConfigError(f"unknown Kingdom card {text.strip()!r}.{hint}")


def choose_kingdom(spec: str, rng: Rng) -> list[str]:
    """The kingdom for an option value, drawing any random cards from ``rng``.

    ``spec`` is "random", a preset name, or a comma-separated list of up to ten
    card names; a shorter list is filled up to ten with random cards.
    """
    text = spec.strip()
    if text.lower() in ("", "random"):
        chosen: list[str] = []
    elif text.lower() in PRESETS:
        return list(PRESETS[text.lower()])
    else:
        chosen = []
        for part in text.split(","):
            if not part.strip():
                continue
            name = card_named(part)
            if name in chosen:
                raise ConfigError(f"{name} is named twice in the kingdom.")
            chosen.append(name)
        if len(chosen) > KINGDOM_SIZE:
            raise ConfigError(f"a kingdom has {KINGDOM_SIZE} cards, not {len(chosen)}.")
    rest = [n for n in KINGDOM_CARDS if n not in chosen]
    while len(chosen) < KINGDOM_SIZE:
        chosen.append(rest.pop(rng.below(len(rest))))
    return chosen
