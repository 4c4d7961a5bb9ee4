"""Potion and Potion costs (Alchemy's Setup and Potion Costs section)."""

import pytest

import athanor
from athanor.engine import ConfigError, Rng
from athanor.games.dominion.cards import CARDS, Cost
from athanor.games.dominion.kingdoms import choose_kingdom
from tests.dominion.helpers import arrange, asking, game, log_text, play


def test_potion_pile_added_when_a_kingdom_card_costs_a_potion() -> None:
    assert game("Familiar").supply["Potion"] == 16
    assert "Potion" not in game("Herbalist", "Apprentice").supply


def test_potion_pile_is_sixteen_whatever_the_player_count() -> None:
    assert game("Golem", players=5).supply["Potion"] == 16


def test_potion_is_a_basic_treasure_costing_four_that_makes_a_potion_not_coins() -> None:
    s = game("Familiar")
    arrange(s, 0, hand=["Potion", "Copper"], step="buy")
    play(s, "play:Potion")
    assert (s.coins, s.potions) == (0, 1)


def test_buying_needs_both_parts_of_the_cost() -> None:
    s = game("Familiar")
    arrange(s, 0, hand=["Gold", "Silver"], step="buy")
    play(s, "treasures")
    assert "buy:Familiar" not in asking(s)[1]
    s = game("Familiar")
    arrange(s, 0, hand=["Potion", "Copper", "Copper"], step="buy")
    play(s, "treasures")
    assert "buy:Familiar" not in asking(s)[1]
    arrange(s, 0, hand=["Potion", "Copper", "Copper", "Copper"], buys=2, step="buy")
    play(s, "treasures", "buy:Familiar")
    assert s.discards[0] == ["Familiar"]
    assert (s.coins, s.potions) == (0, 0)


def test_unspent_coins_and_potions_are_lost_at_the_end_of_the_buy_phase() -> None:
    s = game("Familiar")
    arrange(s, 0, hand=["Potion", "Gold"], buys=2, step="buy")
    play(s, "treasures", "buy:Silver", "end")
    assert s.potions == 0 and s.current == 1


def test_potion_pile_counts_toward_the_empty_pile_ending() -> None:
    s = game("Familiar")
    s.supply["Potion"] = 1
    s.supply["Curse"] = 0
    s.supply["Cellar"] = 0
    arrange(s, 0, hand=["Gold", "Copper"], step="buy")
    play(s, "treasures", "buy:Potion")
    assert s.is_over
    assert "3 Supply piles are empty" in log_text(s, None)


def test_a_potion_cost_is_not_a_larger_coin_cost() -> None:
    assert not CARDS["Familiar"].cost.fits(Cost(10))
    assert CARDS["Familiar"].cost.fits(Cost(3, 1))


def test_costs_are_said_in_two_parts() -> None:
    assert CARDS["Familiar"].cost.words() == "3 coins and 1 Potion"
    assert CARDS["Transmute"].cost.words() == "1 Potion"
    assert CARDS["Herbalist"].cost.words() == "2 coins"
    s = game("Golem")
    assert "Golem (4 coins and 1 Potion)" in log_text(s, None)


def test_workshop_cannot_gain_a_potion_card() -> None:
    s = game("Workshop", "Transmute", "Familiar")
    arrange(s, 0, hand=["Workshop"])
    play(s, "play:Workshop")
    ids = asking(s)[1]
    assert "gain:Potion" in ids
    assert "gain:Transmute" not in ids and "gain:Familiar" not in ids


def test_artisan_cannot_gain_a_potion_card() -> None:
    s = game("Artisan", "University")
    arrange(s, 0, hand=["Artisan"])
    play(s, "play:Artisan")
    assert "gain:University" not in asking(s)[1]


def test_remodel_on_a_golem_may_gain_up_to_six_coins_and_a_potion() -> None:
    s = game("Remodel", "Golem", "Possession", "Familiar")
    arrange(s, 0, hand=["Remodel", "Golem"])
    play(s, "play:Remodel")
    ids = asking(s)[1]
    assert {"gain:Familiar", "gain:Golem", "gain:Gold"} <= set(ids)
    assert "gain:Possession" in ids  # 6 coins and 1 Potion: it fits exactly
    assert "costing up to 6 coins and 1 Potion" in s.decision.prompt  # type: ignore[union-attr]


def test_remodel_on_a_copper_cannot_reach_transmute() -> None:
    s = game("Remodel", "Transmute")
    arrange(s, 0, hand=["Remodel", "Copper", "Estate"])
    play(s, "play:Remodel", "trash:Copper")
    assert "gain:Transmute" not in asking(s)[1]


def test_mine_on_a_potion_gains_up_to_seven_coins_and_no_potion() -> None:
    s = game("Mine", "Philosopher's Stone")
    arrange(s, 0, hand=["Mine", "Potion"])
    play(s, "play:Mine", "trash:Potion")
    ids = asking(s)[1]
    assert "gain:Gold" in ids and "gain:Philosopher's Stone" not in ids


def test_mine_on_a_philosophers_stone_may_gain_another() -> None:
    s = game("Mine", "Philosopher's Stone")
    arrange(s, 0, hand=["Mine", "Philosopher's Stone"])
    play(s, "play:Mine", "trash:Philosopher's Stone")
    assert {"gain:Philosopher's Stone", "gain:Gold"} <= set(asking(s)[1])


def test_alchemy_option_sets_how_many_random_cards_are_alchemy() -> None:
    alchemy = {c.name for c in CARDS.values() if c.expansion == "alchemy"}
    for n in (0, 3, 10):
        k = choose_kingdom("random", Rng(n), n)
        assert sum(c in alchemy for c in k) == n and len(set(k)) == 10
    s = athanor.new_game("dominion", 2, 1, {"kingdom": "Golem", "alchemy": "any"})
    assert "Golem" in s.kingdom  # type: ignore[attr-defined]
    with pytest.raises(ConfigError):
        athanor.new_game("dominion", 2, 1, {"alchemy": "lots"})
    with pytest.raises(ConfigError):
        athanor.new_game("dominion", 2, 1, {"alchemy": "11"})


def test_named_alchemy_cards_count_toward_the_alchemy_number() -> None:
    alchemy = {c.name for c in CARDS.values() if c.expansion == "alchemy"}
    k = choose_kingdom("Golem, Familiar", Rng(4), 3)
    assert sum(c in alchemy for c in k) == 3


@pytest.mark.parametrize("preset", ["forbidden-arts", "potion-mixers", "chemistry-lesson"])
def test_alchemy_presets(preset: str) -> None:
    s = athanor.new_game("dominion", 2, 1, {"kingdom": preset})
    assert len(set(s.kingdom)) == 10  # type: ignore[attr-defined]
    assert s.supply["Potion"] == 16  # type: ignore[attr-defined]


def test_card_names_ignore_case_spaces_and_apostrophes() -> None:
    s = athanor.new_game("dominion", 2, 1, {"kingdom": "philosophers stone, scrying-pool"})
    assert {"Philosopher's Stone", "Scrying Pool"} <= set(s.kingdom)  # type: ignore[attr-defined]
