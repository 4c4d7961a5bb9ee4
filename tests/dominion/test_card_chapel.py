"""Chapel: Trash up to 4 cards from your hand."""

from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_trash_up_to_four_then_stops() -> None:
    s = game("Chapel")
    arrange(s, 0, hand=["Chapel", "Copper", "Copper", "Estate", "Estate", "Copper"])
    play(s, "play:Chapel")
    assert asking(s)[1] == ["trash:Copper", "trash:Estate", "done"]
    play(s, "trash:Estate", "trash:Estate", "trash:Copper", "trash:Copper")
    assert s.hands[0] == ["Copper"]
    assert sorted(s.trash) == ["Copper", "Copper", "Estate", "Estate"]
    assert s.phase == "buy"


def test_may_stop_early_or_trash_nothing() -> None:
    s = game("Chapel")
    arrange(s, 0, hand=["Chapel", "Copper", "Estate"])
    play(s, "play:Chapel", "trash:Estate", "done")
    assert s.hands[0] == ["Copper"]
    s2 = game("Chapel")
    arrange(s2, 0, hand=["Chapel", "Copper"])
    play(s2, "play:Chapel", "done")
    assert s2.trash == []


def test_trashing_is_public() -> None:
    s = game("Chapel")
    arrange(s, 0, hand=["Chapel", "Curse"])
    play(s, "play:Chapel", "trash:Curse")
    assert "Ana trashes a Curse" in log_text(s, 1)
