"""Strategy files: the format, its errors, the shipped bots and the last-Province rule."""

from __future__ import annotations

import pytest

import athanor
from athanor import catalog, sim
from athanor.engine import play_out
from athanor.games.dominion.strategy import (
    HeuristicBot,
    Strategy,
    StrategyBot,
    StrategyError,
    builtin_strategies,
    parse_condition,
)
from tests import quick
from tests.dominion.helpers import arrange, game


def test_shipped_strategies_parse_and_are_registered_as_bots() -> None:
    shipped = builtin_strategies()
    assert {"big-money", "big-money-ultimate", "smithy", "familiar", "herbalist"} <= set(shipped)
    bots = athanor.spec("dominion").bots
    assert set(shipped) <= set(bots) and "heuristic" in bots


def test_conditions_read_the_seats_own_cards_and_the_supply() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"] * 5, deck=["Silver", "Gold", "Smithy"], discard=["Estate"])
    assert parse_condition("money == 1 * 5 + 2 + 3")(s, 0)
    assert parse_condition("count(Smithy) == 1 and count(Treasure) == 7")(s, 0)
    assert parse_condition("count(Victory) == 1")(s, 0)
    assert parse_condition("supply(Province) == 8 and provinces_left == 8")(s, 0)
    assert parse_condition("count(Treasure) / 7 == 1 or turn > 100")(s, 0)
    assert not parse_condition("(money - 10) * 2 > 0")(s, 0)
    assert parse_condition("in_hand(Copper) >= 5 and my_vp == 1 and opponent_vp == 0")(s, 0)
    assert parse_condition("vp_lead == 1 and empty_piles == 0 and cards == 9")(s, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("buy Province", "needs a 'name:' line"),
        ("name: x\n", "no 'buy' lines"),
        ("name: x\nbuy Provinse", "line 2: unknown card or type 'Provinse'; did you mean Province"),
        ("name: x\nbuy Gold if mony > 3", "line 2: unknown word 'mony'; did you mean money"),
        ("name: x\nbuy Gold if money", "line 2: a condition needs a comparison"),
        ("name: x\nbuy Gold if money > ", "line 2: expected more"),
        ("name: x\nbuy Gold if", "line 2: 'if' needs a condition"),
        ("name: x\nsell Gold", "line 2: a line starts with 'buy'"),
        ("name: x\nbuy Gold\nplay Gold", "line 3: only Action cards"),
        ("name: x\nbuy Treasure", "line 2: buy needs a card name, not the type"),
        ("name: Big Money\nbuy Gold", "line 1: a name is lower-case"),
        ("name: x\noption: be-nice yes\nbuy Gold", "line 2: the only option"),
        ("name: x\nbuy Gold if supply(Action) > 1", "supply() needs a card name"),
        ("name: x\nbuy Gold if money > 3 $", "line 2: cannot read"),
    ],
)
def test_invalid_files_name_the_line_and_the_reason(text: str, message: str) -> None:
    with pytest.raises(StrategyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Strategy.parse(text, "mine.txt")


def test_comments_and_blank_lines_are_ignored_and_buys_keep_their_order() -> None:
    st = Strategy.parse(
        "# a comment\n\nname: two-step\ndescription: test\n"
        "buy Gold  # inline\nbuy Silver if money < 10\n"
    )
    assert [r.card for r in st.buys] == ["Gold", "Silver"]
    assert st.description == "test"


def _buy_phase(coins: int, provinces: int, my_vp: int, their_vp: int) -> athanor.GameState:
    s = game("Smithy")
    s.supply["Province"] = provinces
    estates_me = ["Estate"] * my_vp
    estates_them = ["Estate"] * their_vp
    arrange(
        s,
        0,
        hand=[],
        discard=estates_me,
        coins=coins,
        step="buy",
        others={1: {"discard": estates_them}},
    )
    return s


def test_no_bot_buys_the_last_province_while_it_would_lose() -> None:
    s = _buy_phase(coins=8, provinces=1, my_vp=0, their_vp=10)
    bot = StrategyBot(builtin_strategies()["big-money"], 1)
    assert s.decision is not None and "buy:Province" in s.decision.ids
    choice = bot.choose(s, s.decision)
    assert choice != "buy:Province"
    assert choice == "buy:Gold"
    heur = HeuristicBot(1)
    assert heur.choose(s, s.decision) != "buy:Province"


def test_the_last_province_is_bought_when_it_wins_or_when_told_to() -> None:
    s = _buy_phase(coins=8, provinces=1, my_vp=5, their_vp=10)
    bot = StrategyBot(builtin_strategies()["big-money"], 1)
    assert bot.choose(s, s.decision) == "buy:Province"  # type: ignore[arg-type]
    losing = _buy_phase(coins=8, provinces=1, my_vp=0, their_vp=10)
    told = StrategyBot(
        Strategy.parse("name: reckless\noption: end-game-when-losing yes\nbuy Province"), 1
    )
    assert told.choose(losing, losing.decision) == "buy:Province"  # type: ignore[arg-type]


def test_play_lines_set_action_priority() -> None:
    s = game("Smithy", "Village")
    arrange(s, 0, hand=["Smithy", "Village", "Copper"], deck=["Copper"] * 5)
    st = Strategy.parse("name: smithy-first\nbuy Silver\nplay Smithy")
    assert StrategyBot(st, 1).choose(s, s.decision) == "play:Smithy"  # type: ignore[arg-type]
    # The default plays cards that give Actions first.
    plain = Strategy.parse("name: plain\nbuy Silver")
    assert StrategyBot(plain, 1).choose(s, s.decision) == "play:Village"  # type: ignore[arg-type]


def test_smithy_beats_big_money_ultimate_and_heuristic_beats_it_on_random_kingdoms() -> None:
    smithy = sim.Summary.of(
        "dominion",
        ["smithy", "big-money-ultimate"],
        0,
        sim.run(
            "dominion", ["smithy", "big-money-ultimate"], 120, seed=5, options={"kingdom": "Smithy"}
        ),
    ).to_json()
    assert smithy["per_bot"]["smithy"]["wins"] > smithy["per_bot"]["big-money-ultimate"]["wins"]
    heur = sim.Summary.of(
        "dominion",
        ["heuristic", "big-money-ultimate"],
        0,
        sim.run("dominion", ["heuristic", "big-money-ultimate"], 120, seed=5),
    ).to_json()
    assert heur["per_bot"]["heuristic"]["wins"] > heur["per_bot"]["big-money-ultimate"]["wins"]


def test_every_shipped_bot_finishes_games_on_random_kingdoms() -> None:
    for name in athanor.spec("dominion").bots:
        for seed in range(3):
            s = athanor.new_game("dominion", 3, seed, log=False)
            play_out(s, [quick.bot("dominion", name, seed + i) for i in range(3)], 20_000)


def test_familiar_bot_beats_big_money_ultimate_with_familiars() -> None:
    summary = sim.Summary.of(
        "dominion",
        ["familiar", "big-money-ultimate"],
        0,
        sim.run(
            "dominion",
            ["familiar", "big-money-ultimate"],
            60,
            seed=5,
            options={"kingdom": "Familiar"},
        ),
    ).to_json()
    per = summary["per_bot"]
    assert per["familiar"]["wins"] > per["big-money-ultimate"]["wins"]


@pytest.mark.parametrize(
    ("bot", "kingdom"),
    [
        ("familiar", "Familiar"),
        ("herbalist", "Herbalist"),
        ("apothecary", "Apothecary"),
        ("alchemist", "Alchemist, Herbalist"),
        ("possession", "Possession, Moat"),
        ("university-vineyard", "University, Vineyard, Laboratory"),
        ("heuristic", "Possession, Golem, Scrying Pool, Transmute, Apprentice"),
    ],
)
def test_alchemy_bots_finish_games_with_their_cards(bot: str, kingdom: str) -> None:
    for seed in range(2):
        s = athanor.new_game(
            "dominion", 2 + seed, seed, {"kingdom": kingdom, "alchemy": "any"}, log=False
        )
        play_out(s, [catalog.bot("dominion", bot, seed + i) for i in range(s.players)], 20_000)
        s.check_invariants()


def test_card_sense_puts_alchemists_back_first_and_saves_the_best_treasure() -> None:
    s = game("Alchemist", "Herbalist")
    arrange(s, 0, hand=["Alchemist", "Herbalist", "Potion", "Gold"], deck=["Estate"] * 9)
    bot = catalog.bot("dominion", "big-money", 1)
    for oid in ("play:Alchemist", "play:Herbalist", "treasures", "end"):
        s.apply(oid)
    assert bot.choose(s, s.decision) == "top:Alchemist"  # type: ignore[arg-type]
    s.apply("top:Alchemist")
    assert bot.choose(s, s.decision) == "topdeck:Gold"  # type: ignore[arg-type]


def test_card_sense_scrying_pool_keeps_own_good_cards_and_discards_others() -> None:
    s = game("Scrying Pool")
    arrange(
        s,
        0,
        hand=["Scrying Pool"],
        deck=["Gold", "Copper"],
        others={1: {"deck": ["Gold"]}},
    )
    bot = catalog.bot("dominion", "big-money", 1)
    s.apply("play:Scrying Pool")
    assert bot.choose(s, s.decision) == "back:Gold"  # type: ignore[arg-type]
    s.apply("back:Gold")
    assert bot.choose(s, s.decision) == "discard:Gold"  # type: ignore[arg-type]


def test_card_sense_sentry_trashes_junk_discards_victory_cards_and_keeps_good_cards() -> None:
    """Sentry asks trash, discard or put back for each card: a Curse is trashed, a Duchy
    discarded, a Gold and a Smithy put back (it used to trash whatever it saw)."""
    for top, second, answers in (
        ("Curse", "Gold", ["trash:Curse", "back:Gold"]),
        ("Duchy", "Smithy", ["discard:Duchy", "back:Smithy"]),
    ):
        s = game("Sentry")
        arrange(s, 0, hand=["Sentry"], deck=["Copper", top, second, "Copper"])
        s.apply("play:Sentry")
        bot = catalog.bot("dominion", "big-money", 1)
        for answer in answers:
            assert bot.choose(s, s.decision) == answer  # type: ignore[arg-type]
            s.apply(answer)


def test_card_sense_harbinger_puts_back_the_best_card_or_none() -> None:
    """Harbinger puts the Gold back on the deck, not the Estate (it put back the least
    valued card of the discard pile); with only Copper and an Estate there, nothing."""
    bot = catalog.bot("dominion", "big-money", 1)
    for discard, answer in (
        (["Estate", "Gold", "Copper"], "topdeck:Gold"),
        (["Estate", "Copper"], "none"),
    ):
        s = game("Harbinger")
        arrange(s, 0, hand=["Harbinger"], deck=["Copper"] * 5, discard=discard)
        s.apply("play:Harbinger")
        assert bot.choose(s, s.decision) == answer  # type: ignore[arg-type]


def test_heuristic_buys_potion_cards_and_beats_big_money_ultimate_with_alchemy() -> None:
    summary = sim.Summary.of(
        "dominion",
        ["heuristic", "big-money-ultimate"],
        0,
        sim.run(
            "dominion",
            ["heuristic", "big-money-ultimate"],
            100,
            seed=5,
            options={"kingdom": "random", "alchemy": "5"},
        ),
    ).to_json()
    per = summary["per_bot"]
    assert per["heuristic"]["wins"] > per["big-money-ultimate"]["wins"]


def test_card_sense_cellar_discards_victory_cards_and_keeps_good_cards() -> None:
    """Cellar discards the Estate, the Copper and the Province (it stopped at the
    Province, whose card value is above 0) and keeps the Silver and the Smithy."""
    s = game("Cellar", "Smithy")
    arrange(s, 0, hand=["Cellar", "Province", "Silver", "Estate", "Copper", "Smithy"])
    s.apply("play:Cellar")
    bot = catalog.bot("dominion", "big-money", 1)
    for answer in ("discard:Estate", "discard:Copper", "discard:Province", "done"):
        assert bot.choose(s, s.decision) == answer  # type: ignore[arg-type]
        s.apply(answer)


def test_card_sense_mine_upgrades_a_silver_without_a_copper() -> None:
    """Mine turns a Copper into a Silver, and with no Copper a Silver into a Gold (it
    mined nothing without a Copper, or with a Copper in a deck of 6 coins or less)."""
    bot = catalog.bot("dominion", "big-money", 1)
    for hand, deck, answer in (
        (["Mine", "Gold", "Silver"], ["Copper"] * 7, "trash:Silver"),
        (["Mine", "Copper", "Silver"], [], "trash:Copper"),  # 3 coins in all
        (["Mine", "Gold", "Estate"], [], "none"),
    ):
        s = game("Mine")
        arrange(s, 0, hand=hand, deck=deck)
        s.apply("play:Mine")
        assert bot.choose(s, s.decision) == answer  # type: ignore[arg-type]
    s = game("Mine")
    arrange(s, 0, hand=["Mine", "Silver"])
    s.supply["Gold"] = 0
    s.apply("play:Mine")
    assert bot.choose(s, s.decision) == "none"  # type: ignore[arg-type]


def test_card_sense_militia_discards_a_terminal_it_could_not_play() -> None:
    """Two Smithies and no Village: one Smithy goes, then the Estate; the Silver and the
    Copper stay (it kept both Smithies and discarded the Copper); with a Village both
    Smithies can be played and the Copper goes."""
    bot = catalog.bot("dominion", "big-money", 1)
    for hand, answers in (
        (["Smithy", "Silver", "Smithy", "Estate", "Copper"], ["discard:Smithy", "discard:Estate"]),
        (["Smithy", "Village", "Smithy", "Estate", "Copper"], ["discard:Estate", "discard:Copper"]),
    ):
        s = game("Militia", "Smithy", "Village")
        arrange(s, 0, hand=["Militia"], deck=["Copper"] * 5, others={1: {"hand": hand}})
        s.apply("play:Militia")
        for answer in answers:
            assert s.decision is not None and s.decision.seat == 1
            assert bot.choose(s, s.decision) == answer
            s.apply(answer)


def test_card_sense_discards_victory_cards_before_copper() -> None:
    """Attacked by Militia, or for Poacher with an empty pile, a Province or Duchy goes
    before a Copper (it discarded the Copper, whose card value is below theirs)."""
    bot = catalog.bot("dominion", "big-money", 1)
    s = game("Militia")
    victim = {"hand": ["Province", "Copper", "Copper", "Silver", "Gold"]}
    arrange(s, 0, hand=["Militia"], deck=["Copper"] * 5, others={1: victim})
    s.apply("play:Militia")
    for answer in ("discard:Province", "discard:Copper"):
        assert s.decision is not None and s.decision.seat == 1
        assert bot.choose(s, s.decision) == answer
        s.apply(answer)
    s = game("Poacher")
    arrange(s, 0, hand=["Poacher", "Copper", "Duchy", "Silver"], deck=["Copper"] * 5)
    s.supply["Poacher"] = 0
    s.apply("play:Poacher")
    assert bot.choose(s, s.decision) == "discard:Duchy"  # type: ignore[arg-type]


def test_card_sense_transmutes_an_estate_before_a_copper() -> None:
    s = game("Transmute")
    arrange(s, 0, hand=["Transmute", "Copper", "Estate", "Silver"], deck=["Copper"] * 5)
    s.apply("play:Transmute")
    assert s.decision is not None and "trash:Copper" in s.decision.ids
    bot = StrategyBot(builtin_strategies()["transmute"], 1)
    assert bot.choose(s, s.decision) == "trash:Estate"
    arrange(s, 0, hand=["Transmute", "Copper", "Silver"], deck=["Copper"] * 5)
    s.apply("play:Transmute")
    assert bot.choose(s, s.decision) == "trash:Copper"  # type: ignore[arg-type]


def test_coins_counts_the_treasures_in_hand_before_the_first_buy() -> None:
    # D43: buying plays the hand's Treasures, so `coins` counts them in the Buy phase.
    s = game("Smithy")
    arrange(s, 0, hand=["Silver", "Silver", "Copper", "Estate"], coins=1, buys=2)
    assert s.phase == "buy" and s.coins == 1
    assert parse_condition("coins == 6")(s, 0)
    bot = StrategyBot(Strategy.parse("name: x\nbuy Gold if coins >= 6\nbuy Silver", "x"))
    assert s.decision is not None
    assert bot.choose(s, s.decision) == "buy:Gold"
    s.apply("buy:Gold")
    assert s.coins == 0 and parse_condition("coins == 0")(s, 0)


def test_a_bot_that_buys_nothing_still_plays_its_treasures_first() -> None:
    # Herbalist and Alchemist can only use Treasures that are in play at Clean-up.
    s = game("Smithy")
    arrange(s, 0, hand=["Copper", "Copper"], deck=["Estate"] * 5)
    bot = StrategyBot(Strategy.parse("name: x\nbuy Province", "x"))
    assert s.decision is not None
    assert bot.choose(s, s.decision) == "treasures"
    s.apply("treasures")
    assert s.decision is not None and bot.choose(s, s.decision) == "end"


def test_conditions_keep_precedence_brackets_and_division_by_zero() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"] * 5, deck=["Silver"])
    assert parse_condition("1 + 2 * 3 == 7 and (1 + 2) * 3 == 9")(s, 0)
    assert parse_condition("10 - 4 - 3 == 3 and 12 / 3 / 2 == 2 and -money == -7")(s, 0)
    assert parse_condition("money / count(Gold) > 1000")(s, 0)  # no Gold: infinity, no error
    assert parse_condition("turn > 99 or 1 == 1 and 2 == 2")(s, 0)  # and binds tighter
    assert not parse_condition("(turn > 99 or 1 == 1) and 2 == 3")(s, 0)
    assert parse_condition("count(Philosopher's Stone) == 0 and supply(Philosopher's Stone) == 0")(
        s, 0
    )


@pytest.mark.parametrize(
    "text", ["__import__('os') > 1", "money.real > 1", "s.coins > 1", "money > 1; x"]
)
def test_conditions_accept_only_their_own_words(text: str) -> None:
    with pytest.raises(StrategyError):
        parse_condition(text)


def test_hold_keeps_an_action_unplayed_while_its_condition_holds() -> None:
    text = (
        "name: x\nbuy Silver\nplay Transmute\n"
        "hold Transmute if in_hand(Estate) + in_hand(Curse) == 0\nhold Moat"
    )
    bot = StrategyBot(Strategy.parse(text, "x"))
    s = game("Transmute", "Moat", "Village")
    arrange(s, 0, hand=["Transmute", "Copper", "Silver"], deck=["Copper"] * 5)
    assert s.decision is not None and bot.choose(s, s.decision) == "end"
    arrange(s, 0, hand=["Transmute", "Estate", "Silver"], deck=["Copper"] * 5)
    assert s.decision is not None and bot.choose(s, s.decision) == "play:Transmute"
    arrange(s, 0, hand=["Transmute", "Moat", "Village", "Copper"], deck=["Copper"] * 5)
    assert s.decision is not None and bot.choose(s, s.decision) == "play:Village"
    arrange(s, 0, hand=["Moat", "Copper"], deck=["Copper"] * 5)
    assert s.decision is not None and bot.choose(s, s.decision) == "end"


def test_hold_needs_an_action_card() -> None:
    with pytest.raises(StrategyError, match="line 3: only Action cards"):
        Strategy.parse("name: x\nbuy Silver\nhold Gold", "x")


def test_card_sense_transmutes_a_spare_action_into_a_duchy_late() -> None:
    s = game("Transmute")
    s.supply["Province"] = 3
    arrange(s, 0, hand=["Transmute", "Transmute", "Estate", "Copper"], deck=["Copper"] * 5)
    s.apply("play:Transmute")
    bot = StrategyBot(builtin_strategies()["transmute"], 1)
    assert s.decision is not None and bot.choose(s, s.decision) == "trash:Transmute"


def test_card_sense_apprentice_trashes_an_estate_early_and_a_gold_late() -> None:
    s = game("Apprentice")
    bot = StrategyBot(builtin_strategies()["apprentice"], 1)
    rich = ["Gold", "Gold", "Silver", "Silver", "Gold"] * 3
    arrange(s, 0, hand=["Apprentice", "Estate", "Copper", "Silver", "Gold"], deck=rich)
    s.apply("play:Apprentice")
    assert s.decision is not None and bot.choose(s, s.decision) == "trash:Estate"
    s.supply["Province"] = 3
    arrange(s, 0, hand=["Apprentice", "Province", "Copper", "Gold"], deck=rich)
    s.apply("play:Apprentice")
    # Six cards at about 2.4 coins each beat keeping a Gold this late; never the Province.
    assert s.decision is not None and bot.choose(s, s.decision) == "trash:Gold"


def test_an_error_inside_brackets_names_the_real_fault() -> None:
    with pytest.raises(StrategyError, match="unknown word 'mony'; did you mean money"):
        parse_condition("(money > 3 or mony > 2) and turn > 1")
    with pytest.raises(StrategyError, match="a condition needs a comparison"):
        parse_condition("(money - 10) * 2")


def test_the_usual_buy_question_keeps_its_buy_ids_ready_for_the_bots() -> None:
    """With Treasures in hand the Buy question carries its buy ids as a set (``hot_ids``):
    exactly the ``buy:`` ids among its options; the bot's choice is what a search of the
    ids gives."""
    from athanor.games.dominion.strategy import Strategy, StrategyBot
    from tests.dominion.helpers import arrange, game

    s = game("Smithy")
    arrange(s, 0, hand=["Copper", "Copper", "Silver", "Estate", "Estate"], step="buy")
    d = s.decision
    assert d is not None and d.ids[:2] == ("end", "treasures")
    assert d.hot_ids == {i for i in d.ids if i.startswith("buy:")}
    assert "buy:Smithy" in d.hot_ids and "buy:Gold" not in d.hot_ids
    plan = Strategy.parse("name: t\nbuy Province\nbuy Gold\nbuy Smithy\nbuy Silver", "t")
    assert StrategyBot(plan, 1).choose(s, d) == "buy:Smithy"
