"""Spell of Knowledge: take a recipe card from the Desk into your hand."""

from tests.potion_making.helpers import arrange, game, ids_of, log_text, names, play

K = "Spell of Knowledge/Mushrooms"


def test_knowledge_takes_a_recipe_card_from_the_desk_into_the_hand() -> None:
    s = game()
    arrange(s, 0, hands={0: [K]}, desk=["Elixir of Fire", "Spell of Destruction"], step="play")
    play(s, f"spell:{K}")
    assert names(s, s.hands[0]) == ["Elixir of Fire"]
    assert names(s, s.desk) == ["Spell of Destruction", "Spell of Knowledge"]
    assert "Ana takes Elixir of Fire from the Desk into their hand." in log_text(s, 1)
    assert "You take Elixir of Fire from the Desk into your hand." in log_text(s, 0)


def test_knowledge_asks_which_recipe_when_there_are_several() -> None:
    s = game()
    arrange(s, 0, hands={0: [K]}, desk=["Elixir of Fire", "Love Potion"], step="play")
    play(s, f"spell:{K}")
    assert ids_of(s, "desk:") == [
        "desk:Elixir of Fire",
        "desk:Love Potion",
    ]
    play(s, "desk:Love Potion")
    assert names(s, s.hands[0]) == ["Love Potion"]


def test_everyone_knows_the_card_taken_from_the_desk() -> None:
    # M20: a card that went openly into a hand is shown in every view until it leaves.
    s = game()
    arrange(s, 0, hands={0: [K, "Isidas Mortum"]}, desk=["Elixir of Fire"], step="play")
    play(s, f"spell:{K}")
    fire = s.hands[0][-1]
    assert s.view(1)["players"][0]["known"] == [fire]
    assert s.view(1)["players"][0]["hand"] is None
    play(s, "lay:Elixir of Fire")
    assert s.view(1)["players"][0]["known"] == []


def test_knowledge_cannot_take_a_spell() -> None:
    s = game()
    arrange(s, 0, hands={0: [K]}, desk=["Spell of Destruction"], step="play")
    assert ids_of(s, "spell:") == []
