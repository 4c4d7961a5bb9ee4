"""The end: after a turn with no Provinces or 3 (4 at 5-6 players) empty piles; scoring."""

import json

import pytest

from athanor.games.dominion.rules import DominionState
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


# -- the empty-pile count (derived state: gain keeps it, loading and copying carry it) ----


def test_the_empty_pile_count_follows_every_gain_that_empties_a_pile() -> None:
    s = game("Workshop")
    s.supply["Silver"] = 2
    s.supply["Estate"] = 1
    arrange(s, 0, hand=["Workshop", "Copper", "Copper"], buys=2)
    assert s.piles_out == 0
    play(s, "play:Workshop", "gain:Silver")
    assert s.supply["Silver"] == 1 and s.piles_out == 0
    play(s, "treasures", "buy:Estate")  # the last Estate
    assert s.supply["Estate"] == 0 and s.piles_out == 1 == s.empty_piles()


def test_a_possessed_players_gain_that_empties_a_pile_is_counted() -> None:
    s = game("Possession", "Workshop", "Chapel", "Militia", "Mine")
    s.supply["Silver"] = 1
    bo = {"hand": ["Workshop", "Estate"], "deck": ["Copper"] * 10}
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end")
    assert s.possessor == 0
    play(s, "play:Workshop", "gain:Silver")  # goes to Ana (D38), from the Supply all the same
    assert s.discards[0][-1] == "Silver" and s.supply["Silver"] == 0
    assert s.piles_out == 1 == s.empty_piles()


def test_copies_and_loaded_games_carry_the_empty_pile_count() -> None:
    s = game()
    s.supply["Curse"] = 1
    s.supply["Estate"] = 1
    arrange(s, 0, hand=["Copper", "Copper"], buys=2)
    play(s, "treasures", "buy:Curse", "buy:Estate")
    assert s.piles_out == 2 and not s.is_over
    assert s.clone().piles_out == 2
    assert s.determinize(1, 5).piles_out == 2
    loaded = DominionState.from_data(json.loads(s.to_json()))
    assert isinstance(loaded, DominionState) and loaded.piles_out == 2
    # The third empty pile, in the loaded copy, ends the game after that turn.
    loaded.supply["Copper"] = 1
    arrange(loaded, 1, hand=["Estate"])
    play(loaded, "buy:Copper")
    assert loaded.is_over


def test_a_stale_empty_pile_count_is_caught() -> None:
    s = game()
    s.check_invariants()
    s.piles_out = 1  # as if a pile had been emptied by hand without count_empty_piles()
    with pytest.raises(AssertionError, match="empty-pile count is stale"):
        s.check_invariants()
    s.count_empty_piles()
    assert s.piles_out == 0
    s.check_invariants()
