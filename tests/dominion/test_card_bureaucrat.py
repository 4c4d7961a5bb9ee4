"""Bureaucrat: gain a Silver onto your deck; others put a Victory card from hand onto their deck."""

from tests.dominion.helpers import arrange, asking, deck_top, game, log_text, play


def test_silver_goes_onto_deck_and_victim_topdecks() -> None:
    s = game("Bureaucrat")
    arrange(
        s,
        0,
        hand=["Bureaucrat"],
        deck=["Copper"],
        others={1: {"hand": ["Estate", "Copper", "Copper"], "deck": ["Gold"]}},
    )
    play(s, "play:Bureaucrat")
    assert deck_top(s, 0) == ["Silver", "Copper"]
    assert s.supply["Silver"] == 39
    assert deck_top(s, 1) == ["Estate", "Gold"]  # only one kind of Victory card: no question
    assert s.hands[1] == ["Copper", "Copper"]
    assert "Bo reveals an Estate and puts it onto their deck" in log_text(s, 0)


def test_victim_chooses_among_victory_cards() -> None:
    s = game("Bureaucrat", "Gardens")
    arrange(
        s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Estate", "Gardens", "Estate", "Copper"]}}
    )
    play(s, "play:Bureaucrat")
    assert asking(s) == (1, ["topdeck:Estate", "topdeck:Gardens"])
    play(s, "topdeck:Gardens")
    assert deck_top(s, 1) == ["Gardens"]


def test_no_victory_card_reveals_hand() -> None:
    s = game("Bureaucrat")
    arrange(s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Copper", "Gold"]}})
    play(s, "play:Bureaucrat")
    assert s.hands[1] == ["Copper", "Gold"]
    assert "Bo reveals a hand with no Victory cards: a Copper and a Gold." in log_text(s, 0)


def test_each_other_player_in_turn_order() -> None:
    s = game("Bureaucrat", "Gardens", players=3)
    arrange(
        s,
        1,
        hand=["Bureaucrat"],
        others={0: {"hand": ["Estate", "Duchy"]}, 2: {"hand": ["Province", "Estate"]}},
    )
    play(s, "play:Bureaucrat")
    assert asking(s)[0] == 2  # left of Bo is Cy, then Ana
    play(s, "topdeck:Province")
    assert asking(s)[0] == 0
    play(s, "topdeck:Duchy")
    assert deck_top(s, 0) == ["Duchy"] and deck_top(s, 2) == ["Province"]


def test_no_silver_left_still_attacks() -> None:
    s = game("Bureaucrat")
    s.supply["Silver"] = 0
    arrange(s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Estate"]}})
    play(s, "play:Bureaucrat")
    assert s.decks[0] == []
    assert deck_top(s, 1) == ["Estate"]


def test_moat_blocks() -> None:
    s = game("Bureaucrat", "Moat")
    arrange(s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Estate", "Moat"]}})
    play(s, "play:Bureaucrat", "reveal")
    assert s.hands[1] == ["Estate", "Moat"]
    assert deck_top(s, 0) == ["Silver"]


def test_empty_deck_victim() -> None:
    s = game("Bureaucrat")
    arrange(
        s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Duchy", "Copper"], "discard": ["Gold"]}}
    )
    play(s, "play:Bureaucrat")
    assert deck_top(s, 1) == ["Duchy"]
    assert s.discards[1] == ["Gold"]  # nothing is shuffled: putting on a deck is not drawing
