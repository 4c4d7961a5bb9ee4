"""The end: after a turn with no Provinces or 3 (4 at 5-6 players) empty piles; scoring."""

from tests.dominion.helpers import arrange, game, play


def test_provinces_gone_ends_after_the_turn() -> None:
    s = game("Market")
    s.supply["Province"] = 1
    arrange(s, 0, hand=["Market", "Gold", "Gold", "Gold", "Gold", "Gold"], deck=["Gold"])
    play(s, "play:Market", "treasures", "buy:Province")
    assert not s.is_over  # a second Buy is still there: the game ends only after the turn
    assert s.supply["Province"] == 0
    play(s, "buy:Duchy")
    assert s.is_over
    r = s.result
    assert r is not None and r.winners == (0,)
    assert r.scores[0] == 6 + 3


def test_three_empty_piles() -> None:
    s = game()
    s.supply["Curse"] = 0
    s.supply["Estate"] = 0
    s.supply["Copper"] = 1
    arrange(s, 0, hand=["Estate"])
    play(s, "buy:Copper")
    assert s.is_over


def test_five_players_need_four_empty_piles() -> None:
    s = game(players=5)
    for p in ("Curse", "Estate"):
        s.supply[p] = 0
    s.supply["Copper"] = 1
    arrange(s, 0, hand=["Estate"])
    play(s, "buy:Copper")
    assert not s.is_over
    s.supply["Duchy"] = 0
    arrange(s, 1, hand=[])
    play(s, "end")
    assert s.is_over


def test_tie_goes_to_fewer_turns() -> None:
    s = game()
    s.supply["Province"] = 1
    arrange(s, 1, hand=["Gold", "Gold", "Gold"], others={0: {"hand": ["Province"]}})
    s.turns = [3, 3]
    play(s, "treasures", "buy:Province")
    r = s.result
    assert r is not None
    assert r.scores == (6.0, 6.0)
    assert r.placing == (1, 1)  # same turns: shared
    s2 = game()
    s2.supply["Province"] = 1
    arrange(s2, 0, hand=["Gold", "Gold", "Gold"], others={1: {"hand": ["Province"]}})
    s2.turns = [4, 3]
    play(s2, "treasures", "buy:Province")
    r2 = s2.result
    assert r2 is not None and r2.placing == (2, 1)
    assert "Bo wins" in r2.detail


def test_curses_and_gardens_in_the_final_score() -> None:
    s = game("Gardens")
    s.supply["Province"] = 1
    arrange(
        s,
        0,
        hand=["Gold", "Gold", "Gold"] + ["Curse"] * 2,
        deck=["Copper"] * 5,
        others={1: {"hand": ["Gardens"], "deck": ["Copper"] * 19}},
    )
    play(s, "treasures", "buy:Province")
    r = s.result
    assert r is not None
    assert r.scores == (4.0, 2.0)


def test_game_over_refuses_moves() -> None:
    import pytest

    from athanor import IllegalMove

    s = game()
    s.supply["Province"] = 1
    arrange(s, 0, hand=["Gold"] * 3)
    play(s, "treasures", "buy:Province")
    assert s.is_over and s.legal() == ()
    with pytest.raises(IllegalMove):
        s.apply("end")
