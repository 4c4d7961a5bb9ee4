"""Play type 1: lay a card on the Desk as its element; 1 point if that element is new."""

from tests.potion_making.helpers import arrange, game, log_text, play


def test_a_new_element_scores_one_point() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, desk=["Love Potion"], step="play")
    play(s, "lay:Elixir of Fire")
    assert s.scores == [1, 0]
    assert s.card(s.desk[-1]).name == "Elixir of Fire"
    assert "Ana lays Elixir of Fire as Quintessence of Will: 1 point." in log_text(s, 1)
    assert "You lay Elixir of Fire" in log_text(s, 0)


def test_an_element_already_on_the_desk_scores_nothing() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire"]},
        desk=["Emanation of Authority", "Elixir of Wisdom/Quintessence of Will"],
        step="play",
    )
    play(s, "lay:Elixir of Fire")
    assert s.scores == [0, 0]
    assert "Ana lays Elixir of Fire as Quintessence of Will." in log_text(s, 1)  # no point said


def test_the_option_says_whether_the_element_is_new() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Elixir of Fire", "Love Potion"]}, desk=["Love Potion"], step="play")
    d = s.decision
    assert d is not None
    labels = {o.id: o.label for o in d.options}
    # The card top first, its element after it; a point is said when there is one.
    assert labels["lay:Elixir of Fire"] == "Lay Elixir of Fire as Quintessence of Will: 1 point"
    assert labels["lay:Love Potion"] == "Lay Love Potion as Air Crystal"


def test_a_three_element_card_scores_if_any_of_its_elements_is_new() -> None:
    # M8: the Supreme Elixir shows Astral Energy or Quintessence of Will or Ether Waves.
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        desk=["Elixir of Invisibility", "Elixir of Fire"],  # Astral Energy, Quintessence of Will
        step="play",
    )
    play(s, "lay:Supreme Elixir")
    assert s.scores[0] == 1


def test_a_three_element_card_all_of_whose_elements_are_there_scores_nothing() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        desk=["Elixir of Invisibility", "Elixir of Fire", "Emanation of Authority"],
        step="play",
    )
    play(s, "lay:Supreme Elixir")
    assert s.scores[0] == 0


def test_a_three_element_card_on_the_desk_makes_each_of_its_elements_present() -> None:
    s = game()
    arrange(s, 0, hands={0: ["Emanation of Authority"]}, desk=["Supreme Elixir"], step="play")
    play(s, "lay:Emanation of Authority")
    assert s.scores[0] == 0


def test_an_element_is_new_again_once_its_last_card_has_left_the_desk() -> None:
    s = game("guild")
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire", "Telepathic Remedy/Ether Waves"]},
        desk=["Emanation of Authority", "Potion of Eternal Sleep"],  # Ether Waves, Fiery Light
        step="second",
    )
    play(s, "brew:Elixir of Fire")
    assert s.scores[0] == 2
    play(s, "lay:Telepathic Remedy/Ether Waves")
    assert s.scores[0] == 3


def test_the_cards_laid_at_set_up_score_nothing() -> None:
    for mode in ("practice", "guild", "guild,university"):
        s = game(mode, players=3)
        assert s.scores == [0, 0, 0]
