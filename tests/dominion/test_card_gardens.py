"""Gardens: 1 victory point per 10 cards you have (round down)."""

from tests.dominion.helpers import game, set_player


def test_gardens_counts_all_cards_rounded_down() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens"], deck=["Copper"] * 28, discard=["Estate"] * 10)
    assert s.card_total(0) == 39
    assert s.victory_points(0) == 3 + 10
    s.discards[0].append("Copper")
    assert s.victory_points(0) == 4 + 10


def test_two_gardens_each_count() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens", "Gardens"], deck=["Copper"] * 18)
    assert s.victory_points(0) == 4


def test_pile_size_depends_on_players() -> None:
    assert game("Gardens").supply["Gardens"] == 8
    assert game("Gardens", players=3).supply["Gardens"] == 12
    assert game("Gardens", players=6).supply["Gardens"] == 12


def test_cards_in_play_and_set_aside_count() -> None:
    s = game("Gardens")
    set_player(s, 0, hand=["Gardens"], deck=["Copper"] * 5)
    s.plays[0] = ["Copper"] * 2
    s.asides[0] = ["Copper"] * 2
    assert s.victory_points(0) == 1


def test_points_count_every_card_worth_points_wherever_it_is() -> None:
    # Victory points are counted card kind by card kind: every zone, every card of fixed
    # worth (Curses too), Gardens and Vineyards, must agree with a card-by-card count.
    from athanor.engine import Rng
    from athanor.games.dominion.cards import CARDS, CardType

    rng = Rng(5)
    names = sorted(CARDS)
    s = game("Gardens")  # the count does not look at the Supply
    for _ in range(200):
        zones = [[names[rng.below(len(names))] for _ in range(rng.below(12))] for _ in range(5)]
        s.decks[0], s.hands[0], s.discards[0], s.plays[0], s.asides[0] = zones
        owned = [c for z in zones for c in z]
        actions = sum(1 for c in owned if CARDS[c].is_(CardType.ACTION))
        want = sum(CARDS[c].vp for c in owned)
        want += owned.count("Gardens") * (len(owned) // 10)
        want += owned.count("Vineyard") * (actions // 3)
        assert s.victory_points(0) == want, zones
