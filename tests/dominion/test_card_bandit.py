"""Bandit: gain a Gold; others reveal 2, trash a non-Copper Treasure, discard the rest."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_trashes_silver_discards_rest() -> None:
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Silver", "Estate", "Gold"]}})
    play(s, "play:Bandit")
    assert s.discards[0] == ["Gold"]
    assert s.trash == ["Silver"]
    assert s.discards[1] == ["Estate"]
    assert s.decks[1] == ["Gold"]
    assert "Bo reveals Silver and Estate (Bandit)." in log_text(s, 0)


def test_copper_is_not_trashed() -> None:
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Copper", "Copper"]}})
    play(s, "play:Bandit")
    assert s.trash == []
    assert s.discards[1] == ["Copper", "Copper"]


def test_victim_chooses_between_two_treasures() -> None:
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Silver", "Gold"]}})
    play(s, "play:Bandit")
    assert asking(s) == (1, ["trash:Silver", "trash:Gold"])
    play(s, "trash:Silver")
    assert s.trash == ["Silver"] and s.discards[1] == ["Gold"]


def test_two_of_the_same_treasure_trashes_one() -> None:
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Gold", "Gold"]}})
    play(s, "play:Bandit")
    assert s.trash == ["Gold"] and s.discards[1] == ["Gold"]


def test_short_deck_shuffles_and_empty_deck_reveals_nothing() -> None:
    s = game("Bandit", players=3)
    arrange(
        s,
        0,
        hand=["Bandit"],
        others={1: {"deck": ["Estate"], "discard": ["Silver"]}, 2: {"hand": ["Copper"]}},
    )
    play(s, "play:Bandit")
    assert s.trash == ["Silver"]
    assert s.discards[1] == ["Estate"]
    assert "Cy has no cards to reveal" in log_text(s, 0)


def test_no_gold_left_still_attacks_and_moat_blocks() -> None:
    s = game("Bandit", "Moat", players=3)
    s.supply["Gold"] = 0
    arrange(
        s,
        0,
        hand=["Bandit"],
        others={1: {"hand": ["Moat"], "deck": ["Silver"]}, 2: {"deck": ["Gold"]}},
    )
    play(s, "play:Bandit", "reveal")
    assert s.discards[0] == []
    assert s.decks[1] == ["Silver"]
    assert s.trash == ["Gold"]
