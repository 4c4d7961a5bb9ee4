"""The turn: Action phase, Buy phase (Treasures one at a time or all), Clean-up."""

import pytest

import athanor
from athanor.games.dominion.rules import DominionState
from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_no_action_cards_skips_the_action_phase() -> None:
    s = game()
    arrange(s, 0, hand=["Copper", "Copper", "Estate"])
    assert s.phase == "buy"
    # "End" first and "play all" second, then what 2 coins buy, dearest first and in Supply
    # order within a cost, and playing one Treasure last.
    assert asking(s)[1] == [
        "end",
        "treasures",
        "buy:Estate",
        "buy:Cellar",
        "buy:Moat",
        "buy:Copper",
        "buy:Curse",
        "play:Copper",
    ]


def test_action_phase_may_be_ended() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Smithy", "Copper"])
    assert asking(s)[1] == ["end", "play:Smithy"]
    play(s, "end")
    assert s.phase == "buy" and s.hands[0] == ["Smithy", "Copper"]


def test_treasures_one_at_a_time_and_buy_options() -> None:
    s = game("Smithy", "Market")
    arrange(s, 0, hand=["Copper", "Silver", "Gold", "Estate"], buys=2)
    play(s, "play:Gold")
    assert s.coins == 3 and s.hands[0] == ["Copper", "Silver", "Estate"]
    play(s, "play:Silver")
    assert s.coins == 5
    play(s, "treasures")
    assert s.coins == 6 and s.hands[0] == ["Estate"]
    assert "buy:Gold" in s.legal() and "buy:Province" not in s.legal()
    play(s, "buy:Silver")
    assert s.coins == 3 and "buy:Silver" in s.legal() and "buy:Market" not in s.legal()


# D43: before the first buy, the cards offered are those the hand's Treasures pay for,
# and buying one plays every Treasure still in the hand first.


def test_buy_options_count_the_treasures_still_in_hand() -> None:
    s = game("Smithy", "Market")
    arrange(s, 0, hand=["Copper", "Silver", "Gold", "Estate"])
    assert s.coins == 0
    legal = s.legal()
    assert legal[:2] == ("end", "treasures")
    assert legal[-3:] == ("play:Copper", "play:Silver", "play:Gold")
    assert "buy:Gold" in legal and "buy:Province" not in legal
    assert s.decision is not None
    assert s.decision.prompt == "Buy a card (6 coins with your Treasures)"


def test_buying_plays_every_treasure_left_in_hand_first() -> None:
    s = game("Smithy", "Market")
    arrange(s, 0, hand=["Copper", "Silver", "Gold", "Estate"], buys=2)
    play(s, "play:Gold")
    assert s.decision is not None
    assert "3 coins now, 6 coins with your Treasures" in s.decision.prompt
    play(s, "buy:Silver")
    assert sorted(s.plays[0]) == ["Copper", "Gold", "Silver"]
    assert s.hands[0] == ["Estate"] and s.coins == 3 and s.buys == 1
    assert "treasures" not in s.legal() and "buy:Silver" in s.legal()
    text = log_text(s, 1)
    assert text.index("Ana plays a Copper and a Silver") < text.index("Ana buys a Silver")


def test_ending_the_turn_without_buying_plays_no_treasure() -> None:
    s = game()
    arrange(s, 0, hand=["Copper", "Silver"], deck=["Estate"] * 5)
    play(s, "end")
    assert sorted(s.discards[0]) == ["Copper", "Silver"]
    assert "plays" not in log_text(s, 1)


def test_buy_options_count_merchant_potion_and_philosophers_stone() -> None:
    s = game("Merchant", "Philosopher's Stone")
    arrange(
        s,
        0,
        hand=["Merchant", "Silver", "Copper", "Potion", "Philosopher's Stone"],
        deck=["Estate"] * 11,
        buys=2,
    )
    play(s, "play:Merchant")  # draws an Estate; 10 cards left in the deck
    assert s.treasure_money(0) == (2 + 1 + 1 + 2, 1)
    assert "buy:Philosopher's Stone" in s.legal() and "buy:Gold" in s.legal()
    assert "buy:Province" not in s.legal()
    play(s, "buy:Gold")
    assert s.coins == 0 and s.potions == 1 and s.hands[0] == ["Estate"]


def test_buying_ends_treasure_play_and_turn_when_out_of_buys() -> None:
    s = game()
    arrange(s, 0, hand=["Copper"] * 3 + ["Estate", "Estate"], deck=["Gold"] * 5)
    play(s, "play:Copper", "play:Copper", "play:Copper", "buy:Silver")
    assert s.current == 1
    assert sorted(s.discards[0]) == ["Copper"] * 3 + ["Estate", "Estate", "Silver"]
    assert s.hands[0] == ["Gold"] * 5
    assert s.turns == [s.turns[0], s.turns[1]] and s.turns[1] >= 1


def test_unspent_coins_vanish_and_cleanup_draws_five() -> None:
    s = game()
    arrange(s, 0, hand=["Gold", "Gold"], deck=["Copper"] * 3, discard=["Estate"] * 4)
    play(s, "treasures", "end")
    assert s.current == 1 and s.coins == 0
    assert len(s.hands[0]) == 5
    assert s.plays[0] == []


def test_empty_supply_pile_cannot_be_bought() -> None:
    s = game()
    s.supply["Silver"] = 0
    arrange(s, 0, hand=["Gold"])
    play(s, "treasures")
    assert "buy:Silver" not in s.legal() and "buy:Gold" not in s.legal()


def test_buy_costs_in_labels() -> None:
    s = game()
    arrange(s, 0, hand=["Gold", "Gold"])
    play(s, "treasures")
    d = s.decision
    assert d is not None
    o = d.option("buy:Gold")
    assert o is not None and o.label == "Buy Gold (6 coins)"


def test_hands_are_private_in_views_and_log() -> None:
    s = athanor.new_game("dominion", 3, 4, {"kingdom": "first-game"})
    for viewer in range(3):
        v = s.view(viewer)
        for i, p in enumerate(v["players"]):
            assert (p["hand"] is not None) == (i == viewer)
    spectator = s.view(None)
    assert all(p["hand"] is None for p in spectator["players"])
    public = [e.text for e in s.log or [] if e.kind in ("draw", "turn")]
    from athanor.games.dominion.cards import CARDS

    for text in public:
        assert not any(name in text for name in CARDS), text


def test_turn_start_shows_own_hand_privately() -> None:
    s = game()
    arrange(s, 0, hand=["Copper"], deck=["Estate"] * 5)
    play(s, "treasures", "end")
    assert "Turn" in log_text(s, 1) and "Your hand" in log_text(s, 1)
    assert "Your hand" not in log_text(s, 0).split("Turn")[-1]


def test_potion_is_a_separate_purchasing_resource() -> None:
    from athanor.games.dominion.frames import buy_table

    s = game()
    s.supply["Potion"] = 16
    s.buy_table = buy_table(s.supply)
    arrange(s, 0, hand=["Potion", "Gold", "Copper"])
    play(s, "treasures")
    assert (s.coins, s.potions) == (4, 1)
    d = s.decision
    assert d is not None and "4 coins and 1 Potion" in d.prompt
    play(s, "buy:Potion")
    assert s.current == 1  # no Buys left
    assert s.supply["Potion"] == 15


def test_buy_options_are_end_then_every_affordable_pile_dearest_first() -> None:
    from athanor.games.dominion.cards import COST_COINS, COST_POTIONS

    for seed in range(16):  # kingdoms with and without Potion costs
        alchemy = "any" if seed % 2 else 0
        s = athanor.new_game(
            "dominion", 2, seed, {"kingdom": "random", "alchemy": alchemy}, log=False
        )
        assert isinstance(s, DominionState)
        for coins in range(14):
            for pots in (0, 1):
                if pots and "Potion" not in s.supply:
                    continue
                arrange(s, 0, hand=["Estate"], coins=coins, step="buy")
                s.potions = pots
                s._run()
                order = list(s.supply)
                want = [
                    f"buy:{n}"
                    for n in sorted(s.supply, key=lambda n: (-COST_COINS[n], order.index(n)))
                    if COST_COINS[n] <= coins and COST_POTIONS[n] <= pots and s.supply[n]
                ]
                assert list(s.legal()) == ["end", *want], (seed, coins, pots)
        s.supply["Silver"] = 0
        arrange(s, 0, hand=["Estate"], coins=5, step="buy")
        assert "buy:Silver" not in s.legal() and "buy:Duchy" in s.legal()


def test_a_buy_the_treasures_cannot_pay_for_is_refused_and_changes_nothing() -> None:
    s = game("Smithy", "Market")
    arrange(s, 0, hand=["Copper", "Silver", "Gold", "Estate"])
    before = s.to_json()
    with pytest.raises(athanor.IllegalMove, match="'buy:Province' is not a legal choice"):
        s.apply("buy:Province")  # 6 coins with every Treasure played
    assert s.to_json() == before and s.hands[0] == ["Copper", "Silver", "Gold", "Estate"]
