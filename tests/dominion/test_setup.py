"""Set-up: Supply piles by player count, starting decks, kingdoms and options."""

import pytest

import athanor
from athanor import ConfigError
from athanor.engine import Rng
from athanor.games.dominion.cards import CARDS, KINGDOM_CARDS, CardType, Cost
from athanor.games.dominion.kingdoms import PRESETS, choose_kingdom
from athanor.games.dominion.rules import supply_for
from tests.dominion.helpers import game


@pytest.mark.parametrize(
    ("players", "copper", "silver", "gold", "victory", "province", "curse"),
    [
        (2, 46, 40, 30, 8, 8, 10),
        (3, 39, 40, 30, 12, 12, 20),
        (4, 32, 40, 30, 12, 12, 30),
        (5, 85, 80, 60, 12, 15, 40),
        (6, 78, 80, 60, 12, 18, 50),
    ],
)
def test_supply_sizes(
    players: int, copper: int, silver: int, gold: int, victory: int, province: int, curse: int
) -> None:
    s = game("Gardens", players=players)
    sup = s.supply
    assert (sup["Copper"], sup["Silver"], sup["Gold"]) == (copper, silver, gold)
    assert (sup["Estate"], sup["Duchy"], sup["Province"]) == (victory, victory, province)
    assert sup["Curse"] == curse
    assert sup["Gardens"] == victory
    assert all(sup[k] == 10 for k in s.kingdom if k != "Gardens")
    assert "Potion" not in sup


def test_starting_decks_and_hands() -> None:
    s = game(players=4)
    for seat in range(4):
        owned = s.owned(seat)
        assert owned == {"Copper": 7, "Estate": 3}
        if seat != s.current:
            assert len(s.hands[seat]) == 5 and len(s.decks[seat]) == 5
    assert s.card_census() == s.expected_census()


def test_first_player_is_random_but_seeded() -> None:
    firsts = {game(seed=k).first for k in range(20)}
    assert firsts == {0, 1}
    assert game(seed=3).first == game(seed=3).first


def test_potion_is_basic_data_and_added_only_for_potion_costs() -> None:
    potion = CARDS["Potion"]
    assert potion.cost == Cost(4, 0) and potion.potions == 1 and potion.is_(CardType.TREASURE)
    assert "Potion" not in supply_for(list(PRESETS["first-game"]), 2)
    assert Cost(3, 1).words() == "3 coins and 1 Potion"
    assert Cost(0, 1).words() == "1 Potion"
    assert Cost(5).words() == "5 coins" and Cost(1).words() == "1 coin"


def test_multi_type_cards() -> None:
    assert CARDS["Moat"].types == CardType.ACTION | CardType.REACTION
    assert CARDS["Witch"].is_(CardType.ATTACK) and CARDS["Witch"].is_(CardType.ACTION)
    assert CARDS["Militia"].type_words == "Action - Attack"
    assert len(KINGDOM_CARDS) == 26


def test_kingdom_random_preset_and_list() -> None:
    k = choose_kingdom("random", Rng(1))
    assert len(set(k)) == 10 and all(c in KINGDOM_CARDS for c in k)
    assert choose_kingdom("first-game", Rng(1)) == list(PRESETS["first-game"])
    k2 = choose_kingdom("throne room, Smithy", Rng(2))
    assert k2[:2] == ["Throne Room", "Smithy"] and len(set(k2)) == 10
    s = athanor.new_game("dominion", 2, 1, {"kingdom": "first-game"})
    assert sorted(s.kingdom) == sorted(PRESETS["first-game"])  # type: ignore[attr-defined]


def test_unknown_card_names_close_matches() -> None:
    with pytest.raises(ConfigError, match="Smithy"):
        athanor.new_game("dominion", 2, 1, {"kingdom": "Smitty,Village"})
    with pytest.raises(ConfigError, match="Basic card"):
        choose_kingdom("Gold", Rng(1))
    with pytest.raises(ConfigError, match="twice"):
        choose_kingdom("Village,village", Rng(1))
    with pytest.raises(ConfigError, match="10 cards"):
        choose_kingdom(",".join(KINGDOM_CARDS[:11]), Rng(1))


def test_player_counts() -> None:
    with pytest.raises(ConfigError):
        athanor.new_game("dominion", 7, 1)
    with pytest.raises(ConfigError):
        athanor.new_game("dominion", 1, 1)


def test_kingdom_is_logged_with_costs_in_words() -> None:
    s = game("Smithy")
    assert "Smithy (4 coins)" in "\n".join(s.events_for(None))


def test_potion_pile_joins_when_a_kingdom_card_costs_a_potion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from athanor.games.dominion.cards import Card

    fake = Card("Test Still", Cost(2, 1), CardType.ACTION, "A stand-in Alchemy card.", "test")
    monkeypatch.setitem(CARDS, fake.name, fake)
    supply = supply_for(["Test Still", *PRESETS["first-game"][:9]], 2)
    assert supply["Potion"] == 16
    assert list(supply).index("Potion") < list(supply).index("Estate")
    assert fake.cost.words() == "2 coins and 1 Potion"


def test_helpers_for_bots() -> None:
    s = game()
    seat = 0
    assert s.count(seat, "Copper") == 7
    assert s.money(seat) == 7
    assert s.card_total(seat) == 10
    assert s.victory_points(seat) == 3
    assert s.empty_piles() == 0
    assert s.others(0) == [1]


def test_random_kingdoms_are_drawn_one_card_after_another_as_before() -> None:
    # The cards are drawn together now (Rng.below_each); every seed must still give the
    # kingdom that one draw a card gave, or saved games and fingerprints would change.
    from athanor.games.dominion.cards import ALCHEMY_KINGDOM, ALL_KINGDOM
    from athanor.games.dominion.kingdoms import named_cards

    def one_by_one(spec: str, rng: Rng, alchemy: int | None) -> list[str]:
        chosen = named_cards(spec)
        if alchemy is None:
            rest = [n for n in ALL_KINGDOM if n not in chosen]
        else:
            alc = [n for n in ALCHEMY_KINGDOM if n not in chosen]
            want = alchemy - sum(1 for n in chosen if n in ALCHEMY_KINGDOM)
            while want > 0 and len(chosen) < 10:
                chosen.append(alc.pop(rng.below(len(alc))))
                want -= 1
            rest = [n for n in KINGDOM_CARDS if n not in chosen]
        while len(chosen) < 10:
            chosen.append(rest.pop(rng.below(len(rest))))
        return chosen

    for seed in range(150):
        for spec in ("random", "Smithy, Golem", ", ".join(KINGDOM_CARDS[:10])):
            for alchemy in (None, 0, 1, 3, 10):
                a, b = Rng(seed), Rng(seed)
                assert choose_kingdom(spec, a, alchemy) == one_by_one(spec, b, alchemy)
                assert a.state == b.state


def test_a_kingdom_option_read_once_is_never_handed_out_to_be_changed() -> None:
    # The option's text is read once and kept (a simulation sets up thousands of games with
    # it); what a game gets is its own list, so changing it changes no later game, and a
    # wrong name is refused every time, not only the first.
    first = choose_kingdom("Smithy, Witch", Rng(5))
    first.clear()
    again = choose_kingdom("Smithy, Witch", Rng(5))
    assert again[:2] == ["Smithy", "Witch"] and len(set(again)) == 10
    preset = choose_kingdom("first-game", Rng(1))
    preset.append("Gold")
    assert choose_kingdom("first-game", Rng(1)) == list(PRESETS["first-game"])
    for _ in range(2):
        with pytest.raises(ConfigError, match="Smithy"):
            choose_kingdom("Smitty", Rng(1))
