"""Council Room: +4 Cards, +1 Buy. Each other player draws a card."""

from tests.dominion.helpers import arrange, game, log_text, play


def test_draw_four_buy_and_others_draw() -> None:
    s = game("Council Room", players=3)
    arrange(
        s,
        0,
        hand=["Council Room"],
        deck=["Copper"] * 5,
        others={1: {"deck": ["Gold"]}, 2: {"discard": ["Silver"]}},
    )
    play(s, "play:Council Room")
    assert len(s.hands[0]) == 4
    assert s.buys == 2
    assert s.hands[1] == ["Gold"]
    assert s.hands[2] == ["Silver"]  # shuffled in
    assert "Gold" not in log_text(s, 0) and "You draw Gold." in log_text(s, 1)


def test_other_player_with_no_cards_draws_nothing() -> None:
    s = game("Council Room")
    arrange(s, 0, hand=["Council Room"], deck=["Copper"] * 4)
    play(s, "play:Council Room")
    assert s.hands[1] == []


def test_six_players_each_draw_in_turn_order() -> None:
    s = game("Council Room", players=6)
    others = {i: {"deck": ["Silver"]} for i in range(6) if i != 3}
    arrange(s, 3, hand=["Council Room"], others=others)
    play(s, "play:Council Room")
    assert all(s.hands[i] == ["Silver"] for i in others)
    lines = [x for x in log_text(s, None).splitlines() if "draws a card" in x]
    assert [x.split()[0] for x in lines] == ["Ed", "Flo", "Ana", "Bo", "Cy"]
