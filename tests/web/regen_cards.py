"""Write the browser's copy of Potion-Making's built-in card data:
python -m tests.web.regen_cards

A Potion-Making view names cards by id only; the web presentation
(static/games/potion-making.js) reads the card behind each id from the module this
writes, static/games/potion-making-cards.js. It is made from the same data file the
engine loads (data/cards.tsv), and test_static_cards.py fails when the two differ, so
run this after every change to the card data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from athanor.games.potion_making import spells
from athanor.games.potion_making.cards import CardType, load

OUT = Path(__file__).resolve().parents[2] / "src/athanor/web/static/games/potion-making-cards.js"
HEADER = """\
// Potion-Making's built-in cards, for the web presentation: written by
// `python -m tests.web.regen_cards` from src/athanor/games/potion_making/data/cards.tsv
// (tests/web/test_static_cards.py checks that the two agree). Do not edit by hand.
//
// types: [name, deck, kind, points, requirements, effect text]; a requirement is
//   ["element", name], ["any-element"], ["recipe", name, ...] (one of them) or ["class", name].
// cards: by card id, [index into types, [the element(s) on its bottom], key]; the key is
//   how option ids name the card (its name, or "name/element" where copies differ).
// sequenceCards: [name, [Sequence, ...]], a Sequence being its steps as [name, points].
"""


def _effect(t: CardType) -> str:
    if t.kind == "spell":
        return spells.SPELLS[t.effect].text
    effect = spells.RECIPE_EFFECTS.get(t.effect)
    return effect.text if effect is not None else ""


def data() -> dict[str, Any]:
    """The built-in card set as plain lists, in card-id order."""
    cs = load()
    types = list(cs.types.values())
    index = {t.name: i for i, t in enumerate(types)}
    return {
        "elements": list(cs.elements),
        "wild": sorted(cs.wild),
        "types": [
            [t.name, t.deck, t.kind, t.points, [[p.kind, *p.names] for p in t.parts], _effect(t)]
            for t in types
        ],
        "cards": [[index[c.type.name], list(c.elements), c.key] for c in cs.cards],
        "sequenceCards": [
            [sc.name, [[list(step) for step in s.steps] for s in sc.sequences]]
            for sc in cs.sequence_cards
        ],
    }


def module_text() -> str:
    """The whole JavaScript module, one type or card a line."""
    d = data()

    def rows(items: list[Any]) -> str:
        return ",\n".join("  " + json.dumps(x, ensure_ascii=False) for x in items)

    return (
        HEADER
        + "\nexport const ELEMENTS = "
        + json.dumps(d["elements"], ensure_ascii=False)
        + ";\nexport const WILD = "
        + json.dumps(d["wild"], ensure_ascii=False)
        + ";\nexport const TYPES = [\n"
        + rows(d["types"])
        + ",\n];\nexport const CARDS = [\n"
        + rows(d["cards"])
        + ",\n];\nexport const SEQUENCE_CARDS = [\n"
        + rows(d["sequenceCards"])
        + ",\n];\n"
    )


if __name__ == "__main__":
    OUT.write_text(module_text(), encoding="utf-8")
    print(f"wrote {OUT}")
