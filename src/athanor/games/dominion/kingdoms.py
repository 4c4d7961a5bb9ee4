"""Choosing the ten Kingdom cards: random, a named preset, or a list of names."""

from __future__ import annotations

import functools
from collections.abc import Callable

from athanor.engine import ConfigError, Rng
from athanor.engine.core import excerpt
from athanor.games.dominion.cards import ALCHEMY_KINGDOM, ALL_KINGDOM, CARDS, KINGDOM_CARDS

_c_below_down: Callable[[int, int, int], tuple[list[int], int]] | None
try:  # built beside the mypyc modules in the compiled build (setup.py), never in a pure one
    from athanor.games.dominion._cdraws import below_down as _c_below_down
except ImportError:
    _c_below_down = None

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
    # Base (2nd edition) + Alchemy sets. The Alchemy halves are the Alchemy rulebook's; the
    # Base halves replace its 1st-edition-only cards and are reconstructed (D27).
    "forbidden-arts": (
        "Apprentice",
        "Familiar",
        "Possession",
        "University",
        "Bandit",
        "Cellar",
        "Council Room",
        "Gardens",
        "Laboratory",
        "Throne Room",
    ),
    "potion-mixers": (
        "Alchemist",
        "Apothecary",
        "Golem",
        "Herbalist",
        "Transmute",
        "Cellar",
        "Festival",
        "Militia",
        "Poacher",
        "Smithy",
    ),
    "chemistry-lesson": (
        "Alchemist",
        "Golem",
        "Philosopher's Stone",
        "University",
        "Bureaucrat",
        "Market",
        "Moat",
        "Remodel",
        "Vassal",
        "Witch",
    ),
}

KINGDOM_SIZE = 10
_BY_KEY = {n.lower().replace(" ", "").replace("-", "").replace("'", ""): n for n in ALL_KINGDOM}


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "").replace("-", "").replace("_", "").replace("'", "")


def card_named(text: str) -> str:
    """The kingdom card a player means by ``text`` (case and spaces do not matter)."""
    found = _BY_KEY.get(_key(text))
    if found is not None:
        return found
    import difflib  # only for a name not found: start-up stays light

    words = [*ALL_KINGDOM, *PRESETS]
    close = difflib.get_close_matches(text.strip(), words, n=3, cutoff=0.5)
    if not close:
        lowered = {w.lower(): w for w in words}
        close = [lowered[w] for w in difflib.get_close_matches(text.strip().lower(), lowered, n=3)]
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    if text.strip() in CARDS:
        raise ConfigError(f"{text.strip()} is a Basic card, not a Kingdom card.")
    raise ConfigError(f"unknown Kingdom card {excerpt(text.strip())}.{hint}")


def alchemy_count(value: object) -> int | None:
    """The ``alchemy`` option: how many random cards are Alchemy cards (None: any number)."""
    text = str(value).strip().lower()
    if text in ("any", "mixed", "all-sets"):
        return None
    try:
        n = int(text)
    except ValueError:
        raise ConfigError(
            f"option 'alchemy' is a number 0-10 or 'any', not {excerpt(value)}"
        ) from None
    if not 0 <= n <= KINGDOM_SIZE:
        raise ConfigError(f"option 'alchemy' is a number 0-10 or 'any', not {n}")
    return n


def named_cards(text: str) -> list[str]:
    """The cards a ``kingdom`` option names ("random" and presets name none of their own);
    an unknown or repeated card, or more than ten, is a ConfigError."""
    text = str(text).strip()
    if text.lower() in ("", "random") or text.lower() in PRESETS:
        return []
    chosen: list[str] = []
    for part in text.split(","):
        if not part.strip():
            continue
        name = card_named(part)
        if name in chosen:
            raise ConfigError(f"{name} is named twice in the kingdom.")
        chosen.append(name)
    if len(chosen) > KINGDOM_SIZE:
        raise ConfigError(f"a kingdom has {KINGDOM_SIZE} cards, not {len(chosen)}.")
    return chosen


def choose_kingdom(spec: str, rng: Rng, alchemy: int | None = 0) -> list[str]:
    """The kingdom for an option value, drawing any random cards from ``rng``.

    ``spec`` is "random", a preset name, or a comma-separated list of up to ten
    card names; a shorter list is filled up to ten with random cards. ``alchemy``
    is how many of the ten are Alchemy cards (named ones count), or None for a
    draw from both sets together (D25).
    """
    preset, named, alc, want, rest = _spec_parts(spec, alchemy)
    if preset is not None:
        return list(preset)
    chosen = list(named)
    if alc is not None:
        _draw_into(chosen, list(alc), min(want, KINGDOM_SIZE - len(chosen)), rng)
    _draw_into(chosen, list(rest), KINGDOM_SIZE - len(chosen), rng)
    return chosen


# A preset's cards; else the named cards, the Alchemy cards to draw from (or None) and how
# many, and the cards the rest are drawn from.
_Parts = tuple[
    tuple[str, ...] | None, tuple[str, ...], tuple[str, ...] | None, int, tuple[str, ...]
]


@functools.lru_cache(maxsize=256)
def _spec_parts(spec: str, alchemy: int | None) -> _Parts:
    """What a kingdom option asks for, read once per text (a simulation sets up thousands
    of games with the same one): a preset's cards, or the named cards, the Alchemy cards
    to draw from and how many (None: no separate Alchemy draw), and the cards the rest are
    drawn from. An unknown name raises ConfigError (and is not kept)."""
    text = spec.strip()
    if text.lower() in PRESETS:
        return PRESETS[text.lower()], (), None, 0, ()
    chosen = named_cards(text)
    if alchemy is None:
        return None, tuple(chosen), None, 0, tuple([n for n in ALL_KINGDOM if n not in chosen])
    rest = tuple([n for n in KINGDOM_CARDS if n not in chosen])
    if alchemy == 0:
        return None, tuple(chosen), None, 0, rest
    want = alchemy - sum(1 for n in chosen if n in ALCHEMY_KINGDOM)
    alc = tuple([n for n in ALCHEMY_KINGDOM if n not in chosen])
    # Alchemy cards are not among KINGDOM_CARDS, so the rest's pool does not depend on
    # which of them are drawn.
    return None, tuple(chosen), alc, want, rest


def _draw_into(chosen: list[str], pool: list[str], count: int, rng: Rng) -> None:
    """Move ``count`` random cards from ``pool`` to ``chosen``, one after another: the
    same cards as a call of ``rng.below(len(pool))`` per card, drawn together."""
    if count <= 0:
        return
    size = len(pool)
    if _c_below_down is None:
        drawn = rng.below_each(range(size, size - count, -1))
    else:  # the compiled build: the same numbers and state, in C (_cdraws.c)
        drawn, rng.state = _c_below_down(rng.state, size, count)
    for i in drawn:
        chosen.append(pool.pop(i))
