"""Smithy: +3 Cards."""

from tests.dominion.helpers import arrange, game, log_text, play


def test_draws_three() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Smithy"], deck=["Gold", "Silver", "Copper", "Estate"])
    play(s, "play:Smithy")
    assert s.hands[0] == ["Gold", "Silver", "Copper"]
    assert s.actions == 0
    assert "Ana draws 3 cards." in log_text(s, 1)
    assert "You draw Gold, Silver and Copper." in log_text(s, 0)


def test_shuffles_mid_draw() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Smithy"], deck=["Gold"], discard=["Estate", "Estate"])
    play(s, "play:Smithy")
    assert sorted(s.hands[0]) == ["Estate", "Estate", "Gold"]
    assert s.discards[0] == [] and s.decks[0] == []


def test_runs_out_of_cards() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Smithy"], deck=["Gold"])
    play(s, "play:Smithy")
    assert s.hands[0] == ["Gold"]
    assert "no more cards to draw" in log_text(s, 1)


def test_smithy_without_actions_left_cannot_be_played() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Smithy", "Smithy"], deck=["Copper"] * 6)
    play(s, "play:Smithy")
    assert "play:Smithy" not in s.legal()
    assert s.phase == "buy"
