"""The browser's copy of Potion-Making's card data agrees with the engine's."""

from __future__ import annotations

from athanor.games.potion_making.cards import load
from tests.web.regen_cards import OUT, data, module_text


def test_the_browsers_card_module_is_made_from_the_engines_card_data() -> None:
    assert OUT.read_text(encoding="utf-8") == module_text(), (
        "static/games/potion-making-cards.js is out of date: run python -m tests.web.regen_cards"
    )


def test_every_card_id_names_its_top_its_bottom_elements_and_its_key() -> None:
    cs = load()
    d = data()
    assert len(d["cards"]) == len(cs.cards)
    for card, (t, elements, key) in zip(cs.cards, d["cards"], strict=True):
        name, deck, kind, points, _parts, _effect = d["types"][t]
        assert (name, deck, kind, points) == (
            card.name,
            card.type.deck,
            card.type.kind,
            card.type.points,
        )
        assert tuple(elements) == card.elements
        assert key == card.key
