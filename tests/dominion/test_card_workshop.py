"""Workshop: Gain a card costing up to 4 coins."""

from athanor.games.dominion.cards import COST_COINS as CARD_COST
from tests.dominion.helpers import arrange, asking, game, play


def test_gain_options_are_piles_costing_up_to_four() -> None:
    s = game("Workshop", "Smithy", "Market", "Gardens")
    arrange(s, 0, hand=["Workshop"])
    play(s, "play:Workshop")
    ids = asking(s)[1]
    assert "gain:Smithy" in ids and "gain:Gardens" in ids and "gain:Silver" in ids
    assert "gain:Market" not in ids and "gain:Gold" not in ids and "gain:Duchy" not in ids
    assert "none" not in ids  # gaining is not optional
    play(s, "gain:Gardens")
    assert s.discards[0] == ["Gardens"]
    assert s.supply["Gardens"] == 7


def test_empty_pile_cannot_be_gained() -> None:
    s = game("Workshop", "Smithy")
    s.supply["Smithy"] = 0
    arrange(s, 0, hand=["Workshop"])
    play(s, "play:Workshop")
    assert "gain:Smithy" not in asking(s)[1]


def test_potion_cost_is_never_up_to_four_coins() -> None:
    from athanor.games.dominion.cards import CARDS, Cost

    assert not Cost(0, 1).fits(Cost(4, 0))
    assert Cost(4, 0).fits(Cost(4, 0))
    assert not CARDS["Potion"].cost.fits(Cost(3, 0))
    assert Cost(3, 1).fits(Cost(6, 1)) and not Cost(3, 1).fits(Cost(6, 0))


def test_nothing_left_to_gain_asks_nothing() -> None:
    s = game("Workshop")
    for n in list(s.supply):
        if s.supply[n] and CARD_COST[n] <= 4:
            s.supply[n] = 0
    arrange(s, 0, hand=["Workshop"])
    play(s, "play:Workshop")
    assert s.phase == "buy"
    assert s.discards[0] == []


def test_throne_room_workshop_can_take_the_last_card_then_nothing() -> None:
    s = game("Workshop", "Throne Room")
    for n in list(s.supply):
        if CARD_COST[n] <= 4:
            s.supply[n] = 0
    s.supply["Silver"] = 1
    arrange(s, 0, hand=["Throne Room", "Workshop"])
    play(s, "play:Throne Room", "play:Workshop")
    # Only one pile in range: gained without a question; the second play finds nothing.
    assert s.discards[0] == ["Silver"]
    assert s.phase == "buy"
