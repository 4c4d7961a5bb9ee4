"""Library: draw to 7 in hand, setting aside Actions you choose; discard them afterwards."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_draw_to_seven() -> None:
    s = game("Library")
    arrange(
        s,
        0,
        hand=["Library", "Copper", "Copper", "Copper", "Copper"],
        deck=["Gold", "Silver", "Estate", "Duchy"],
    )
    play(s, "play:Library")
    assert sorted(s.hands[0]) == ["Copper"] * 4 + ["Estate", "Gold", "Silver"]
    assert s.decks[0] == ["Duchy"]


def test_set_aside_action_is_discarded_after() -> None:
    s = game("Library", "Smithy")
    arrange(
        s,
        0,
        hand=["Library"] + ["Copper"] * 4,
        deck=["Smithy", "Gold", "Silver", "Estate", "Duchy"],
    )
    play(s, "play:Library")
    assert asking(s) == (0, ["aside:Smithy", "keep:Smithy"])
    play(s, "aside:Smithy")
    assert sorted(s.hands[0]) == ["Copper"] * 4 + ["Estate", "Gold", "Silver"]
    assert s.discards[0] == ["Smithy"]
    assert s.asides[0] == []
    assert "Ana sets aside a Smithy (Library)." in log_text(s, 1)


def test_kept_action_counts_toward_seven() -> None:
    s = game("Library", "Smithy")
    arrange(s, 0, hand=["Library"] + ["Copper"] * 4, deck=["Smithy", "Gold", "Silver", "Estate"])
    play(s, "play:Library", "keep:Smithy")
    assert sorted(s.hands[0]) == ["Copper"] * 4 + ["Gold", "Silver", "Smithy"]
    assert s.decks[0] == ["Estate"]


def test_set_aside_cards_are_not_shuffled_in() -> None:
    s = game("Library", "Smithy")
    arrange(s, 0, hand=["Library"] + ["Copper"] * 4, deck=["Smithy"], discard=["Gold"])
    play(s, "play:Library", "aside:Smithy")
    assert sorted(s.hands[0]) == ["Copper"] * 4 + ["Gold"]
    assert s.discards[0] == ["Smithy"]


def test_full_hand_draws_nothing() -> None:
    s = game("Library")
    arrange(s, 0, hand=["Library"] + ["Copper"] * 7, deck=["Gold"])
    play(s, "play:Library")
    assert s.decks[0] == ["Gold"]


def test_prompt_naming_the_drawn_card_is_shown_only_to_its_owner() -> None:
    s = game("Library", "Smithy")
    arrange(s, 0, hand=["Library"], deck=["Smithy", "Gold"])
    play(s, "play:Library")
    assert "Smithy" in s.view(0)["prompt"]
    assert s.view(1)["prompt"] == "Waiting for Ana"
    assert s.view(None)["prompt"] == "Waiting for Ana"
