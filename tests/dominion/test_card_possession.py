"""Possession: the player to your left takes an extra turn after this one; you see what they
see and make their decisions; their gains go to you; their trashed cards come back."""

import json

from athanor.games.dominion.rules import DominionState
from tests.dominion.helpers import arrange, asking, game, log_text, play

BO = {"hand": ["Gold", "Gold", "Silver", "Workshop", "Estate"], "deck": ["Copper"] * 10}


def _possess(
    players: int = 2, bo: dict[str, list[str]] | None = None, *cards: str
) -> DominionState:
    s = game("Possession", "Workshop", "Chapel", "Militia", "Mine", *cards, players=players)
    arrange(
        s,
        0,
        hand=["Possession", "Copper"],
        deck=["Copper"] * 10,
        others={1: bo or BO},
        actions=1,
    )
    play(s, "play:Possession", "end")
    return s


def test_the_player_to_your_left_takes_an_extra_turn_after_yours() -> None:
    s = _possess()
    assert s.current == 1 and s.possessor == 0
    assert asking(s)[0] == 0  # Ana decides for Bo
    # The question names Bo's cards as Bo's: Ana reads it as the one deciding (D46).
    assert s.decision is not None
    assert s.decision.prompt == "Play an Action from Bo's hand (1 Action left)"
    log = log_text(s, None)
    assert "Bo will take an extra turn after this one, with Ana deciding" in log
    assert "Bo's extra turn, possessed by Ana, who makes every decision" in log


def test_you_see_the_cards_they_can_see_that_turn_only() -> None:
    s = _possess()
    v = s.view(0)
    assert v["players"][1]["hand"] == BO["hand"]
    assert v["possessor"] == 0
    assert s.view(1)["players"][0]["hand"] is None
    assert "Bo's hand: an Estate, 2 Golds, a Silver and a Workshop" in log_text(s, 0)
    play(s, "end", "end")  # Bo's possessed turn ends
    assert s.current == 1 and s.possessor == -1
    assert s.view(0)["players"][1]["hand"] is None
    assert asking(s)[0] == 1  # Bo's own turn, his own decisions


def test_the_possessor_reads_the_possessed_players_private_lines_in_the_third_person() -> None:
    s = _possess()
    play(s, "end", "end")  # Bo's possessed turn: Clean-up draws his next hand
    mine, theirs = log_text(s, 1), log_text(s, 0)
    five = "Copper, Copper, Copper, Copper and Copper."
    assert f"You draw {five}" in mine
    assert f"Bo draws {five}" in theirs and f"Bo draws {five}" not in log_text(s, None)


def test_the_possessed_players_private_detail_reaches_the_possessor_in_their_words() -> None:
    bo = {"hand": ["Artisan", "Gold", "Estate"], "deck": ["Copper"] * 10}
    s = _possess(2, bo, "Artisan")
    play(s, "play:Artisan", "gain:Silver", "topdeck:Gold")
    assert "Bo puts a Gold from their hand onto their deck." in log_text(s, 0)
    assert "You put a Gold from your hand onto your deck." in log_text(s, 1)
    assert "Bo puts a card from their hand onto their deck." in log_text(s, None)


def test_you_on_cards_means_the_possessed_player() -> None:
    s = _possess()
    play(s, "play:Workshop")
    # "You" on the card is Bo, but what Bo would gain goes to Ana, who is asked (D38, D46).
    assert s.decision is not None
    assert s.decision.prompt == "Gain a card for yourself costing up to 4 coins (Workshop)"


def test_cards_they_would_gain_go_to_the_possessor_discard_pile() -> None:
    s = _possess()
    play(s, "play:Workshop", "gain:Silver")
    assert s.discards[0][-1] == "Silver" and "Silver" not in s.discards[1]
    assert "Ana gains a Silver that Bo would gain (Possession)" in log_text(s, None)


def test_bought_cards_go_to_the_possessor() -> None:
    s = _possess()
    play(s, "end", "treasures", "buy:Province")
    assert "Province" in s.owned(0) and "Province" not in s.owned(1)
    assert "Ana gains a Province that Bo buys (Possession)" in log_text(s, None)


def test_a_card_gained_to_hand_still_goes_to_the_possessor_discard_pile() -> None:
    bo = {"hand": ["Mine", "Silver"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    play(s, "play:Mine", "trash:Silver", "gain:Gold")
    assert "Gold" in s.discards[0] and "Gold" not in s.hands[1]


def test_trashed_cards_are_set_aside_and_return_to_their_discard_after_clean_up() -> None:
    bo = {"hand": ["Chapel", "Estate", "Estate", "Copper"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    play(s, "play:Chapel", "trash:Estate", "trash:Estate", "done")
    assert s.possessed_trash == ["Estate", "Estate"] and s.trash == []
    log = log_text(s, None)
    assert "Bo trashes an Estate; as Bo is possessed, it is set aside" in log
    play(s, "end")
    assert s.possessed_trash == []
    assert s.discards[1].count("Estate") == 2
    assert "2 Estates trashed from Bo during the possessed turn return to Bo's discard" in (
        log_text(s, None)
    )


def test_they_still_count_as_trashed_remodel_gains_from_their_cost() -> None:
    bo = {"hand": ["Mine", "Silver"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    play(s, "play:Mine", "trash:Silver")
    assert "gain:Gold" in asking(s)[1]


def test_card_conservation_holds_through_set_aside_cards() -> None:
    bo = {"hand": ["Chapel", "Estate", "Copper"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    census = s.card_census()
    play(s, "play:Chapel", "trash:Estate")
    assert s.card_census() == census


def test_an_attack_played_during_it_affects_the_possessor_normally() -> None:
    bo = {"hand": ["Militia"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    assert len(s.hands[0]) == 5
    play(s, "play:Militia")
    assert s.current == 1 and len(s.hands[0]) == 3  # Ana's hand of Coppers: no question


def test_the_possessor_decides_their_own_attack_response_themselves() -> None:
    s = game("Possession", "Militia")
    arrange(
        s,
        0,
        hand=["Possession"],
        deck=["Copper", "Copper", "Estate", "Silver", "Gold"],
        others={1: {"hand": ["Militia"], "deck": ["Copper"] * 10}},
    )
    play(s, "play:Possession", "end", "play:Militia")
    who, ids = asking(s)
    assert who == 0 and "discard:Estate" in ids


def test_extra_turns_do_not_count_for_the_tie_break() -> None:
    s = _possess()
    before = list(s.turns)
    play(s, "end")  # the extra turn's Action phase; its Buy phase ends below
    assert s.turns == before  # the extra turn was not counted
    play(s, "end")
    assert s.current == 1
    assert s.turns[1] == before[1] + 1  # Bo's own turn now


def test_several_possessions_give_several_extra_turns() -> None:
    s = game("Possession", "Throne Room")
    arrange(
        s,
        0,
        hand=["Throne Room", "Possession"],
        deck=["Copper"] * 10,
        others={1: {"hand": ["Copper"] * 5, "deck": ["Copper"] * 20}},
    )
    play(s, "play:Throne Room", "play:Possession", "end")
    assert s.extra_turns == [[1, 0]] and s.possessor == 0
    play(s, "treasures", "end")
    assert s.possessor == 0 and s.current == 1 and s.extra_turns == []
    play(s, "treasures", "end")
    assert s.possessor == -1 and s.current == 1 and asking(s)[0] == 1


def test_three_players_normal_order_resumes_after_the_extra_turn() -> None:
    s = game("Possession", players=3)
    arrange(
        s,
        0,
        hand=["Possession"],
        deck=["Copper"] * 10,
        others={1: {"deck": ["Copper"] * 20}, 2: {"deck": ["Copper"] * 10}},
    )
    play(s, "play:Possession", "end")
    assert (s.current, s.possessor) == (1, 0)
    play(s, "end")
    assert (s.current, s.possessor) == (1, -1)
    play(s, "end")
    assert s.current == 2


def test_possession_during_a_possessed_turn() -> None:
    bo = {"hand": ["Possession"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    play(s, "play:Possession", "end")
    # Bo (possessed) played it: the player to Bo's left, Ana, is possessed by Bo.
    assert (s.current, s.possessor) == (0, 1)
    assert asking(s)[0] == 1


def test_extra_turns_after_the_game_has_ended_are_not_played() -> None:
    s = game("Possession")
    s.supply["Province"] = 1
    arrange(s, 0, hand=["Possession", "Gold", "Gold", "Gold"], deck=["Copper"] * 10)
    play(s, "play:Possession", "treasures", "buy:Province")
    assert s.is_over
    assert s.extra_turns == [] and s.possessor == -1


def test_not_a_duration_card_discarded_the_turn_it_was_played() -> None:
    s = _possess()
    assert "Possession" in s.discards[0]


def test_save_and_load_during_a_possessed_turn() -> None:
    bo = {"hand": ["Chapel", "Estate", "Copper"], "deck": ["Copper"] * 10}
    s = _possess(2, bo)
    play(s, "play:Chapel", "trash:Estate")
    text = s.to_json()
    again = DominionState.from_data(json.loads(text))
    assert again.to_json() == text
    assert again.decision is not None and again.decision.seat == 0
    assert isinstance(again, DominionState) and again.possessed_trash == ["Estate"]
    c = s.clone()
    assert c.possessed_trash == ["Estate"] and c.possessor == 0
    json.loads(text)


def test_narration_says_who_decides_and_when_the_turn_ends() -> None:
    s = _possess()
    play(s, "end", "end")
    log = log_text(s, 1)
    assert "your extra turn; Ana possesses you and makes every decision" in log
    assert "Your extra turn ends; Ana no longer decides for you." in log
    assert "Bo's extra turn ends; you no longer decide for them." in log_text(s, 0)
    assert "Bo's extra turn ends; Ana no longer decides for them." in log_text(s, None)


def test_possessor_reads_the_possessed_players_private_lines() -> None:
    s = game("Possession", "Smithy")
    arrange(
        s,
        0,
        hand=["Possession"],
        deck=["Copper"] * 10,
        others={1: {"hand": ["Smithy"], "deck": ["Gold", "Silver", "Copper"] + ["Copper"] * 9}},
    )
    play(s, "play:Possession", "end", "play:Smithy")
    assert "Bo draws Gold, Silver and Copper." in log_text(s, 0)
    assert "Bo draws Gold" not in log_text(s, None)


def test_determinize_keeps_the_possessed_hand_for_the_possessor() -> None:
    s = _possess()
    d = s.determinize(0, 5)
    assert d.hands[1] == s.hands[1]


def test_passing_or_returning_a_card_is_not_gaining_or_trashing_it() -> None:
    bo = {"hand": ["Artisan", "Estate", "Gold"], "deck": ["Copper"] * 10}
    s = game("Possession", "Artisan")
    arrange(
        s,
        0,
        hand=["Possession"],
        deck=["Copper"] * 10,
        others={1: bo},
    )
    play(s, "play:Possession", "end", "play:Artisan", "gain:Silver", "topdeck:Gold")
    assert s.decks[1][-1] == "Gold"  # Bo's own card goes back on Bo's deck
    assert "Silver" in s.discards[0]  # the gain went to Ana


def test_possessed_players_herbalist_keeps_their_treasure() -> None:
    bo = {"hand": ["Herbalist", "Gold"], "deck": ["Copper"] * 10}
    s = game("Possession", "Herbalist")
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end", "play:Herbalist", "treasures", "end")
    assert asking(s) == (0, ["topdeck:Gold", "done"])  # Ana decides Bo's Clean-up
    play(s, "topdeck:Gold")
    assert "Gold" in s.hands[1]


def test_a_card_trashed_from_the_possessed_players_deck_is_set_aside_too() -> None:
    bo = {"hand": ["Sentry"], "deck": ["Estate", "Curse", "Copper"] + ["Copper"] * 9}
    s = game("Possession", "Sentry")
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end", "play:Sentry", "trash:Curse", "discard:Copper")
    assert s.possessed_trash == ["Curse"] and s.trash == []


def test_the_possessed_players_bandit_trashes_the_possessors_gold_normally() -> None:
    bo = {"hand": ["Bandit"], "deck": ["Copper"] * 10}
    s = game("Possession", "Bandit")
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 5 + ["Gold", "Estate"], others={1: bo})
    play(s, "play:Possession", "end", "play:Bandit")
    assert s.trash == ["Gold"]  # Ana's own Gold: really trashed
    assert s.discards[0].count("Gold") == 1  # the Gold Bo's Bandit gains goes to Ana


def test_a_possessing_bot_reads_the_possessed_players_hand_and_treasures() -> None:
    from athanor.games.dominion.strategy import Strategy, StrategyBot, parse_condition

    s = _possess()  # Ana decides Bo's turn; Bo holds Gold, Gold, Silver, Workshop, Estate
    text = "name: x\nbuy Province if coins >= 8\nbuy Silver\nhold Workshop if in_hand(Estate) > 0"
    bot = StrategyBot(Strategy.parse(text, "x"))
    assert s.decision is not None and s.decision.seat == 0
    assert bot.choose(s, s.decision) == "end"  # Bo's hand has an Estate: Workshop is held
    play(s, "end")
    assert parse_condition("coins == 8")(s, 0)  # Bo's Treasures, not Ana's Coppers
    assert s.decision is not None and bot.choose(s, s.decision) == "buy:Province"


def test_a_possession_played_while_an_extra_turn_waits_queues_behind_it() -> None:
    # Ana's Throne Room on Possession gives Bo two extra turns. In the first, Ana (deciding
    # for Bo) plays Bo's own Possession: Cy's extra turn waits behind Bo's second one (D40).
    s = game("Possession", "Throne Room", players=3)
    arrange(
        s,
        0,
        hand=["Throne Room", "Possession"],
        deck=["Copper"] * 10,
        others={
            1: {"hand": ["Possession"], "deck": ["Copper"] * 20},
            2: {"deck": ["Copper"] * 10},
        },
    )
    play(s, "play:Throne Room", "play:Possession", "end")
    assert (s.current, s.possessor) == (1, 0) and s.extra_turns == [[1, 0]]
    play(s, "play:Possession")
    assert s.extra_turns == [[1, 0], [2, 1]]
    assert "Cy will take an extra turn after this one, with Bo deciding" in log_text(s, None)
    play(s, "end")
    assert (s.current, s.possessor) == (1, 0)  # Bo's second extra turn, Ana deciding
    play(s, "end")
    assert (s.current, s.possessor) == (2, 1)  # then Cy's, Bo deciding
    assert asking(s)[0] == 1
    play(s, "end")
    assert (s.current, s.possessor) == (1, -1)  # normal order: after Ana comes Bo
