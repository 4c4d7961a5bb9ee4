"""University: +2 Actions; you may gain an Action costing up to 5 coins."""

from tests.dominion.helpers import arrange, asking, game, play


def test_plus_two_actions_and_optional_gain_of_an_action() -> None:
    s = game("University", "Laboratory", "Smithy", "Festival")
    arrange(s, 0, hand=["University"])
    play(s, "play:University")
    ids = asking(s)[1]
    assert "gain:Laboratory" in ids and "gain:Smithy" in ids and ids[-1] == "none"
    assert "gain:Silver" not in ids and "gain:Gold" not in ids
    play(s, "gain:Laboratory")
    assert s.discards[0] == ["Laboratory"]
    assert s.actions == 2


def test_the_gain_is_optional() -> None:
    s = game("University", "Laboratory")
    arrange(s, 0, hand=["University"])
    play(s, "play:University", "none")
    assert s.discards[0] == []


def test_a_card_with_potion_in_its_cost_cannot_be_gained() -> None:
    s = game("University", "Familiar", "Transmute", "Artisan")
    arrange(s, 0, hand=["University"])
    play(s, "play:University")
    ids = asking(s)[1]
    assert "gain:University" not in ids and "gain:Familiar" not in ids
    assert "gain:Transmute" not in ids and "gain:Artisan" not in ids


def test_the_question_asks_for_an_action_card_as_it_offers_only_actions() -> None:
    s = game("University", "Laboratory")
    arrange(s, 0, hand=["University"])
    play(s, "play:University")
    d = s.decision
    assert d is not None and "Gain an Action card costing up to 5 coins" in d.prompt


def test_university_takes_a_not_an() -> None:
    s = game("University", "Laboratory")
    arrange(s, 0, hand=["University", "University"], actions=2)
    play(s, "play:University", "none")
    text = "\n".join(s.events_for(None))
    assert "Ana plays a University." in text
    assert "an University" not in text
