"""Moat: +2 Cards; reveal from hand to be unaffected by another player's Attack."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_plus_two_cards() -> None:
    s = game("Moat")
    arrange(s, 0, hand=["Moat"], deck=["Gold", "Silver", "Copper"])
    play(s, "play:Moat")
    assert sorted(s.hands[0]) == ["Gold", "Silver"]


def test_reveal_moat_blocks_militia() -> None:
    s = game("Moat", "Militia")
    arrange(
        s, 0, hand=["Militia"], others={1: {"hand": ["Moat", "Copper", "Estate", "Gold", "Silver"]}}
    )
    play(s, "play:Militia")
    seat, ids = asking(s)
    assert seat == 1 and ids == ["reveal", "pass"]
    play(s, "reveal")
    assert len(s.hands[1]) == 5
    assert s.coins == 2
    assert "Bo reveals a Moat" in log_text(s, 0)


def test_not_revealing_leaves_you_attacked() -> None:
    s = game("Moat", "Militia")
    arrange(
        s, 0, hand=["Militia"], others={1: {"hand": ["Moat", "Copper", "Estate", "Gold", "Silver"]}}
    )
    play(s, "play:Militia", "pass")
    seat, ids = asking(s)
    assert seat == 1 and "discard:Moat" in ids


def test_players_without_moat_are_not_asked() -> None:
    s = game("Moat", "Witch", players=3)
    arrange(s, 0, hand=["Witch"], others={1: {"hand": ["Copper"]}, 2: {"hand": ["Moat"]}})
    play(s, "play:Witch")
    assert asking(s)[0] == 2  # Bo has no Moat: skipped without a question
    play(s, "reveal")
    assert s.discards[1] == ["Curse"]
    assert s.discards[2] == []


def test_moat_against_several_attacks() -> None:
    s = game("Moat", "Militia", "Witch", "Throne Room")
    arrange(
        s,
        0,
        hand=["Throne Room", "Witch"],
        actions=1,
        others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Copper"]}},
        deck=["Copper"] * 4,
    )
    play(s, "play:Throne Room", "play:Witch")
    # Each play of the Attack opens its own window; the same Moat may be revealed each time.
    play(s, "reveal")
    play(s, "reveal")
    assert s.supply["Curse"] == 10
    assert s.discards[1] == []


def test_moat_against_one_of_two_attacks() -> None:
    s = game("Moat", "Witch", "Throne Room")
    arrange(
        s, 0, hand=["Throne Room", "Witch"], deck=["Copper"] * 4, others={1: {"hand": ["Moat"]}}
    )
    play(s, "play:Throne Room", "play:Witch", "reveal", "pass")
    assert s.discards[1] == ["Curse"]


def test_moat_does_not_react_to_non_attacks() -> None:
    s = game("Moat", "Council Room")
    arrange(s, 0, hand=["Council Room"], others={1: {"hand": ["Moat"], "deck": ["Gold"]}})
    play(s, "play:Council Room")
    assert asking(s)[0] == 0
    assert sorted(s.hands[1]) == ["Gold", "Moat"]


def test_attacker_holding_moat_is_not_asked() -> None:
    s = game("Moat", "Witch")
    arrange(s, 0, hand=["Witch", "Moat"], deck=["Copper", "Copper"])
    play(s, "play:Witch")
    assert asking(s)[0] == 0
    assert s.discards[1] == ["Curse"]


def test_moat_prompt_is_saved_and_restored() -> None:
    import json

    from athanor.games.dominion.rules import DominionState

    s = game("Moat", "Militia")
    arrange(s, 0, hand=["Militia"], others={1: {"hand": ["Moat"] + ["Copper"] * 4}})
    play(s, "play:Militia")
    text = s.to_json()
    again = DominionState.from_data(json.loads(text))
    assert again.to_json() == text
    again.apply("reveal")
    assert len(again.hands[1]) == 5
