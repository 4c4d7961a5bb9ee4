"""DominionSim bot files: each condition kind, whole games, refusals and errors.

The XML here is written for these tests in DominionSim's bot format; the two money bots
re-express, as data, the buy rules of DominionSim's own "Big Money Ultimate" and "Smithy"
(Province when the deck holds more than 18 or 15 coins, Duchy at 4 or fewer Provinces left,
Estate at 2, Gold, Duchy at 6, one Smithy per 11 Treasures, Silver).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from athanor import catalog, sim
from athanor.engine import ConfigError, play_out
from athanor.games.dominion import bot_from_text
from athanor.games.dominion.cards import CARDS, CardType
from athanor.games.dominion.dominionsim import (
    DISCARD_PRIORITY,
    MAX_XML,
    PLAY_PRIORITY,
    DominionSimBot,
    DominionSimError,
    card_name,
    make_bot,
    read_bots,
    split_name,
)
from athanor.games.dominion.strategy import StrategyBot
from tests.dominion.helpers import arrange, game


def cond(left: str, op: str, right: str, extra: str = "") -> str:
    """One <condition>; ``left`` and ``right`` are 'type' or 'type=attribute'."""

    def side(tag: str, text: str) -> str:
        kind, _, attr = text.partition("=")
        return f'<{tag} type="{kind}"' + (f' attribute="{attr}"' if attr else "") + "/>"

    more = ""
    if extra:
        how, by = extra.split()
        more = f'<extra_operation type="{how}" attribute="{by}"/>'
    return (
        f'<condition>{side("left", left)}<operator type="{op}"/>'
        f"{side('right', right)}{more}</condition>"
    )


def buy(card: str, *conditions: str) -> str:
    if not conditions:
        return f'<buy name="{card}"/>'
    return f'<buy name="{card}">' + "".join(conditions) + "</buy>"


def player(name: str, *rules: str, types: tuple[str, ...] = ()) -> str:
    kinds = "".join(f'<type name="{t}"/>' for t in types)
    return (
        f'<player name="{name}" author="tests" description="">{kinds}'
        + "".join(rules)
        + ("</player>")
    )


def collection(*players: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<playerCollection>\n'
        + "\n".join(players)
        + "\n</playerCollection>\n"
    )


def money_bot(name: str, province_money: str, smithy: bool) -> str:
    rules = [
        buy("Province", cond("getTotalMoney", "greaterThan", f"constant={province_money}")),
        buy("Duchy", cond("countCardsInSupply=Province", "smallerOrEqualThan", "constant=4.0")),
        buy("Estate", cond("countCardsInSupply=Province", "smallerOrEqualThan", "constant=2.0")),
        buy("Gold"),
        buy("Duchy", cond("countCardsInSupply=Province", "smallerOrEqualThan", "constant=6.0")),
    ]
    if smithy:
        rules.append(
            buy(
                "Smithy",
                cond(
                    "countCardsInDeck=Smithy",
                    "smallerThan",
                    "countCardTypeInDeck=Treasure",
                    "divideBy 11.0",
                ),
            )
        )
    rules.append(buy("Silver"))
    return player(name, *rules, types=("BigMoney",))


BOTS = collection(
    money_bot("Money Ultimate", "18.0", smithy=False),
    money_bot("Smithy Money", "15.0", smithy=True),
    player(
        "Alchemy Mix",
        buy("Province", cond("countCardsInDeck=Gold", "greaterThan", "constant=0.0")),
        buy("Philosophers_Stone", cond("countCardsInDeck=Potion", "greaterThan", "constant=0.0")),
        buy("Familiar"),
        buy("Scrying_Pool"),
        buy("Potion", cond("countCardsInDeck=Potion", "smallerThan", "constant=1.0")),
        buy("Gold"),
        buy("Silver"),
    ),
    player("Colony Money", buy("Colony"), buy("Platinum"), buy("Gold"), buy("Silver")),
)


def one(text: str, name: str) -> DominionSimBot:
    return make_bot(text, f"bots.xml:{name}")


def check(condition: str, s: object, seat: int = 0) -> bool:
    """Whether a single condition holds, through a one-rule bot."""
    bot = one(collection(player("T", buy("Gold", condition))), "T")
    rule = bot.strategy.buys[0]
    assert rule.condition is not None
    return rule.condition(s, seat)


# -- card names ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    ["Philosopher$s_Stone", "Philosophers_Stone", "Philosopher's Stone", "philosophers stone"],
)
def test_card_names_are_read_as_enum_ids_or_printed_names(raw: str) -> None:
    assert card_name(raw) == "Philosopher's Stone"
    assert card_name("Throne_Room") == "Throne Room"
    assert card_name("Platinum") is None


def test_a_bot_name_after_the_file_is_split_off() -> None:
    assert split_name("my bots.xml:Big Money Ultimate") == ("my bots.xml", "Big Money Ultimate")
    assert split_name("dir/a.XML") == ("dir/a.XML", None)
    assert split_name("smithy.txt") == ("smithy.txt", None)


# -- each condition kind --------------------------------------------------------------


def test_counts_in_deck_supply_and_of_a_type() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"] * 4 + ["Smithy"], deck=["Silver", "Gold"], discard=["Estate"])
    assert check(cond("countCardsInDeck=Copper", "equalTo", "constant=4.0"), s)
    assert check(cond("countCardsInDeckNoMats=Smithy", "equalTo", "constant=1.0"), s)
    assert check(cond("countCardsInSupply=Province", "equalTo", "constant=8.0"), s)
    assert check(cond("countCardsInSupply=Witch", "equalTo", "constant=0.0"), s)
    assert check(cond("countCardTypeInDeck=Treasure", "equalTo", "constant=6.0"), s)
    assert check(cond("countCardTypeInDeck=Terminal", "equalTo", "constant=1.0"), s)
    assert check(cond("countCardTypeInDeck=Junk", "equalTo", "constant=5.0"), s)
    assert check(cond("countCardTypeInDeck=Duration", "equalTo", "constant=0.0"), s)
    assert check(cond("countAllCardsInDeck", "equalTo", "constant=8.0"), s)
    assert check(cond("countCardsLeftInDrawDeck", "equalTo", "constant=3.0"), s)


def test_money_in_deck_counts_treasures_and_actions_coins() -> None:
    s = game("Militia")
    arrange(s, 0, hand=["Copper", "Silver", "Gold", "Militia", "Potion"])
    assert check(cond("getTotalMoney", "equalTo", "constant=8.0"), s)  # 1 + 2 + 3 + 2 + 0
    assert check(cond("getTotalMoneyExcludingMats", "equalTo", "constant=8.0"), s)


def test_available_money_buys_actions_and_phase() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper", "Copper", "Silver", "Estate", "Estate"], step="buy")
    assert check(cond("countAvailableMoney", "equalTo", "constant=4.0"), s)
    assert check(cond("isActionPhase", "equalTo", "constant=0.0"), s)
    assert check(cond("countBuysLeft", "equalTo", "constant=1.0"), s)
    # DominionSim has played every Treasure before it buys: they are in play, not in hand.
    assert check(cond("countCardsInHand=Copper", "equalTo", "constant=0.0"), s)
    assert check(cond("countCardsInPlay=Copper", "equalTo", "constant=2.0"), s)
    assert check(cond("countCardsInHand=Estate", "equalTo", "constant=2.0"), s)
    arrange(s, 0, hand=["Smithy", "Copper"], actions=1)
    assert check(cond("isActionPhase", "equalTo", "constant=1.0"), s)
    assert check(cond("actionsLeft", "equalTo", "constant=1.0"), s)
    assert check(cond("countCardsInHand=Copper", "equalTo", "constant=1.0"), s)


def test_turns_victory_points_and_the_end_of_the_game() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Province"], others={1: {"hand": ["Duchy", "Estate"]}})
    s.turns[0] = 7
    assert check(cond("countTurns", "equalTo", "constant=7.0"), s)
    assert check(cond("countVP", "equalTo", "constant=6.0"), s)
    assert check(cond("countMAXOpponentVP", "equalTo", "constant=4.0"), s)
    assert check(cond("countVP", "greaterThan", "countMAXOpponentVP", "plus 1.0"), s)
    assert check(cond("countAllCardsInOpponentsDeck", "equalTo", "constant=2.0"), s)
    assert check(cond("countCardsInOpponentsDecks=Duchy", "equalTo", "constant=1.0"), s)
    assert check(cond("countEmptyPiles", "equalTo", "constant=0.0"), s)
    assert check(cond("gainsNeededToEndGame", "equalTo", "constant=8.0"), s)  # the Provinces
    s.supply["Smithy"], s.supply["Curse"], s.supply["Estate"] = 1, 0, 2
    assert check(cond("countEmptyPiles", "equalTo", "constant=1.0"), s)
    assert check(cond("gainsNeededToEndGame", "equalTo", "constant=3.0"), s)  # 0 + 1 + 2
    assert check(cond("countCardsLeftInSmallestPile", "equalTo", "constant=1.0"), s)


def test_extra_operations_act_on_the_right_hand_side() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"] * 5, deck=["Copper"] * 6)
    assert check(cond("constant=12.0", "equalTo", "countCardsInDeck=Copper", "plus 1.0"), s)
    assert check(cond("constant=10.0", "equalTo", "countCardsInDeck=Copper", "minus 1.0"), s)
    assert check(cond("constant=22.0", "equalTo", "countCardsInDeck=Copper", "multiplyWith 2"), s)
    assert check(cond("constant=1.0", "equalTo", "countCardsInDeck=Copper", "divideBy 11.0"), s)
    # Division by zero gives an endless amount, as in Java.
    assert check(cond("constant=1.0", "smallerThan", "countCardsInDeck=Copper", "divideBy 0"), s)
    for op, holds in [
        ("smallerThan", False),
        ("smallerOrEqualThan", True),
        ("greaterOrEqualThan", True),
        ("greaterThan", False),
    ]:
        assert check(cond("countCardsInDeck=Copper", op, "constant=11.0"), s) is holds


def test_things_no_game_of_these_cards_has_read_zero() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"])
    assert check(cond("isPlusOneBuyTokenSet", "equalTo", "constant=0.0"), s)
    assert check(cond("countVillagers", "equalTo", "constant=0.0"), s)
    assert not check(cond("hasBoughtRush", "equalTo", "constant=0.0"), s)


def test_every_condition_of_a_rule_must_hold() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper"] * 5)
    yes = cond("countCardsInDeck=Copper", "equalTo", "constant=5.0")
    no = cond("countTurns", "greaterThan", "constant=50.0")
    bot = one(collection(player("T", buy("Gold", yes, no), buy("Silver", yes))), "T")
    conds = [r.condition for r in bot.strategy.buys]
    assert conds[0] is not None and not conds[0](s, 0)
    assert conds[1] is not None and conds[1](s, 0)


# -- buying, gaining and whole games ---------------------------------------------------


def test_the_first_rule_that_holds_and_is_affordable_is_bought() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Gold", "Gold", "Copper"], deck=["Copper"] * 5, step="buy")
    bot = one(BOTS, "Smithy Money")
    assert s.decision is not None
    # 7 coins, 12 in the deck: no Province (needs more than 15), Gold comes first.
    assert bot.choose(s, s.decision) == "buy:Gold"


def test_gains_follow_the_buy_rules() -> None:
    s = game("Workshop", "Smithy", "Gardens")
    text = collection(
        player(
            "W",
            buy("Gardens", cond("isActionPhase", "equalTo", "constant=1.0")),
            buy("Workshop"),
            buy("Silver"),
        )
    )
    arrange(s, 0, hand=["Workshop", "Copper"], deck=["Copper"] * 5)
    bot = one(text, "W")
    seat, ids = s.decision.seat, s.decision.ids  # type: ignore[union-attr]
    assert seat == 0 and "play:Workshop" in ids
    s.apply(bot.choose(s, s.decision))  # type: ignore[arg-type]
    assert s.decision is not None and "gain:Gardens" in s.decision.ids
    assert bot.choose(s, s.decision) == "gain:Gardens"


def test_herbalist_puts_back_what_dominionsims_herbalist_would() -> None:
    """DominionSim's Herbalist puts back only a Treasure it ranks above Silver; the plain
    heuristic of our own strategy files would put a Silver back."""
    bot = one(BOTS, "Money Ultimate")
    plain = StrategyBot(bot.strategy, 0)
    for hand, ours, theirs in (
        (["Herbalist", "Silver", "Copper"], "topdeck:Silver", "done"),
        (["Herbalist", "Gold", "Silver"], "topdeck:Gold", "topdeck:Gold"),
        (["Herbalist", "Potion", "Silver"], "topdeck:Potion", "topdeck:Potion"),
    ):
        s = game("Herbalist")
        arrange(s, 0, hand=hand, deck=["Estate"] * 5)
        for choice in ("play:Herbalist", "treasures", "end"):
            s.apply(choice)
        assert s.decision is not None and type(s.stack[-1]).__name__ == "CleanupChoices"
        assert plain.choose(s, s.decision) == ours
        assert bot.choose(s, s.decision) == theirs


@pytest.mark.parametrize(
    ("names", "kingdom"),
    [
        (("Money Ultimate", "Smithy Money"), "Smithy"),
        (("Alchemy Mix", "Smithy Money"), "Philosopher's Stone,Familiar,Scrying Pool,Smithy"),
    ],
)
def test_bots_play_whole_legal_games(names: tuple[str, str], kingdom: str) -> None:
    for seed in range(4):
        s = game(*kingdom.split(","), seed=seed, log=False)
        bots = [make_bot(BOTS, f"bots.xml:{n}", seed + i) for i, n in enumerate(names)]
        play_out(s, bots, 20_000)
        assert s.over
        s.check_invariants()


def test_a_strategy_file_still_reads_as_before() -> None:
    bot = bot_from_text("name: x\nbuy Gold\n", "x.txt", 0)
    assert type(bot) is StrategyBot and bot.name == "x"


# -- through the catalog and the simulator ---------------------------------------------


def test_simulator_runs_two_bots_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.xml"
    path.write_text(BOTS, encoding="utf-8")
    a, b = f"{path}:Money Ultimate", f"{path}:Smithy Money"
    assert catalog.is_bot_file("dominion", a) and catalog.is_bot_file("dominion", str(path))
    plan = sim.make_plan("dominion", [a, b], options={"kingdom": "Smithy"})
    assert sim.bot_labels("dominion", [a, b], plan.texts) == {
        a: "Money Ultimate",
        b: "Smithy Money",
    }
    made = catalog.bot("dominion", b, 3)
    assert isinstance(made, DominionSimBot) and made.name == "Smithy Money"


def test_a_bot_with_missing_cards_is_refused_naming_them(tmp_path: Path) -> None:
    path = tmp_path / "mine.xml"
    path.write_text(BOTS, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        catalog.bot_maker("dominion", f"{path}:Colony Money")
    assert str(err.value) == (
        'bot "Colony Money" needs cards Athanor does not have: Colony, Platinum'
    )
    bots = read_bots(BOTS, "mine.xml")
    assert [b.playable for b in bots] == [True, True, True, False]


def test_an_unknown_bot_name_lists_the_files_bots(tmp_path: Path) -> None:
    path = tmp_path / "mine.xml"
    path.write_text(BOTS, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        catalog.bot_maker("dominion", f"{path}:Money Ultimat")
    message = str(err.value)
    assert "has no bot 'Money Ultimat'. Did you mean Money Ultimate?" in message
    assert "bots Athanor can play: Money Ultimate, Smithy Money, Alchemy Mix" in message
    assert "1 more that need cards or rules it lacks" in message
    # A whole file of several bots names them too.
    with pytest.raises(ConfigError, match="holds 4 bots; name one as"):
        catalog.bot_maker("dominion", str(path))


def test_a_file_of_one_bot_needs_no_name(tmp_path: Path) -> None:
    path = tmp_path / "one.xml"
    path.write_text(collection(money_bot("Solo", "18.0", smithy=False)), encoding="utf-8")
    assert catalog.bot("dominion", str(path), 0).name == "Solo"


def test_a_start_state_bot_is_refused() -> None:
    text = collection(
        '<player name="S"><start_state><hand contents="2 Copper, Estate"/></start_state>'
        '<buy name="Gold"/></player>'
    )
    with pytest.raises(DominionSimError, match='bot "S" starts from set cards'):
        one(text, "S")


# -- malformed files --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<playerCollection><player name='a'>", "bots.xml, line 1: not well-formed XML"),
        ("<playerCollection>\n<player name='a'>\n<buy name='Gold'>\n</player>", "line 4"),
        ("<bots/>", "starts with <playerCollection> or <player>, not <bots>"),
        ("<playerCollection/>", "no <player> bots"),
        (
            "<playerCollection><player><buy name='Gold'/></player></playerCollection>",
            "needs a name",
        ),
        (
            collection(player("a", buy("Gold", cond("countCoins", "equalTo", "constant=1")))),
            "unknown <left> type 'countCoins'",
        ),
        (
            collection(player("a", buy("Gold", cond("countTurns", "isAbout", "constant=1")))),
            "unknown operator 'isAbout'",
        ),
        (
            collection(player("a", buy("Gold", cond("countTurns", "equalTo", "constant=x")))),
            "a constant needs a number, not 'x'",
        ),
        (
            collection(
                player(
                    "a", buy("Gold", cond("countCardTypeInDeck=Treasur", "equalTo", "countTurns"))
                )
            ),
            "unknown card type 'Treasur'; did you mean Treasure",
        ),
        (collection(player("a", buy("Gold")), player("a", buy("Silver"))), "a second bot"),
        (
            '<!DOCTYPE p [<!ENTITY x "xx">]><playerCollection/>',
            "entity declarations are not allowed",
        ),
    ],
)
def test_malformed_files_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(DominionSimError) as err:
        read_bots(text, "bots.xml")
    assert message in str(err.value)
    assert str(err.value).startswith("bots.xml")


def test_a_malformed_file_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_text("<playerCollection><player name='a'>", encoding="utf-8")
    before = dict(catalog.spec("dominion").bots)
    with pytest.raises(ConfigError, match=r"bad\.xml, line 1: not well-formed XML"):
        sim.make_plan("dominion", [f"{path}:a", "big-money"])
    assert catalog.spec("dominion").bots == before


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DominionSimError, match="larger than"):
        read_bots("<playerCollection>" + " " * MAX_XML + "</playerCollection>", "big.xml")
    path = tmp_path / "big.xml"
    path.write_text(" " * (catalog.MAX_BOT_FILE + 1), encoding="utf-8")
    with pytest.raises(ConfigError, match="larger than"):
        catalog.bot_maker("dominion", f"{path}:x")


# -- playing Actions as DominionSim does -----------------------------------------------

# A bot whose rules want a Laboratory at 5 and a Silver at 4 (for Workshop, Artisan, Mine),
# and one that wants nothing costing 5 or less.
PLAYERS = collection(
    player("Sim", buy("Province"), buy("Gold"), buy("Laboratory"), buy("Silver")),
    player("Rich", buy("Province"), buy("Gold")),
)


def first_play(
    hand: list[str],
    actions: int = 1,
    deck: tuple[str, ...] = ("Copper",) * 5,
    discard: tuple[str, ...] = (),
    name: str = "Sim",
    curses: bool = True,
) -> str:
    """What the imported bot does at the first Action-phase question with this hand."""
    s = game("Laboratory", "Vassal", "Artisan", "Mine", "Library", "Witch", log=False)
    arrange(s, 0, hand=hand, deck=deck, discard=discard, actions=actions)
    if not curses:
        s.supply["Curse"] = 0
    assert s.decision is not None and s.decision.ids[0] == "end"
    return one(PLAYERS, name).choose(s, s.decision)


def test_every_action_card_has_dominionsims_play_priority() -> None:
    actions = {n for n, c in CARDS.items() if c.types & CardType.ACTION}
    assert set(PLAY_PRIORITY) == actions


@pytest.mark.parametrize(
    ("hand", "played"),
    [
        (["Smithy", "Laboratory", "Village", "Copper"], "Village"),  # 5 before 8 and 25
        (["Festival", "Village"], "Festival"),
        (["Laboratory", "Sentry"], "Sentry"),
        (["Market", "Cellar", "Poacher"], "Poacher"),
        (["Militia", "Bureaucrat", "Chapel"], "Bureaucrat"),
        (["Herbalist", "Workshop", "Transmute"], "Transmute"),
        (["Vassal", "Smithy"], "Vassal"),  # equal priorities: hand order
        (["Smithy", "Vassal"], "Smithy"),
    ],
)
def test_actions_are_played_by_dominionsims_priorities(hand: list[str], played: str) -> None:
    assert first_play(hand) == "play:" + played


def test_a_strategy_bot_keeps_its_own_order() -> None:
    s = game("Laboratory", "Smithy", log=False)
    arrange(s, 0, hand=["Smithy", "Laboratory", "Village", "Copper"], deck=["Copper"] * 5)
    assert s.decision is not None
    plain = StrategyBot(one(PLAYERS, "Sim").strategy, 0)
    assert plain.choose(s, s.decision) == "play:Laboratory"  # +Actions, then the dearest
    assert one(PLAYERS, "Sim").choose(s, s.decision) == "play:Village"


def test_smithy_and_council_room_move_up_with_actions_to_spare() -> None:
    assert first_play(["Laboratory", "Smithy"], actions=1) == "play:Laboratory"
    assert first_play(["Laboratory", "Smithy"], actions=2) == "play:Smithy"
    assert first_play(["Laboratory", "Council Room"], actions=2) == "play:Council Room"
    # Nothing left to draw: Council Room stays at 25.
    got = first_play(["Laboratory", "Council Room"], actions=2, deck=())
    assert got == "play:Laboratory"


def test_library_moves_up_among_terminals_and_waits_for_a_trasher() -> None:
    assert first_play(["Witch", "Library"], actions=1) == "play:Witch"
    assert first_play(["Witch", "Library"], actions=2) == "play:Library"
    assert first_play(["Witch", "Library", "Village"], actions=2) == "play:Village"
    assert first_play(["Library", "Chapel"], actions=1) == "play:Library"
    assert first_play(["Library", "Chapel"], actions=3) == "play:Chapel"


def test_moneylender_waits_without_copper() -> None:
    assert first_play(["Smithy", "Moneylender", "Copper"]) == "play:Moneylender"
    assert first_play(["Smithy", "Moneylender", "Estate"]) == "play:Smithy"


def test_witch_and_familiar_drop_back_once_the_curses_are_gone() -> None:
    assert first_play(["Militia", "Witch"]) == "play:Witch"
    assert first_play(["Militia", "Witch"], curses=False) == "play:Militia"
    assert first_play(["Cellar", "Familiar"]) == "play:Familiar"
    assert first_play(["Cellar", "Familiar"], curses=False) == "play:Cellar"


def test_workshop_and_artisan_play_only_for_a_card_the_rules_want() -> None:
    assert first_play(["Workshop"]) == "play:Workshop"
    assert first_play(["Workshop"], name="Rich") == "end"
    assert first_play(["Artisan", "Workshop"], name="Rich") == "end"
    assert first_play(["Artisan", "Workshop"]) == "play:Artisan"
    # No draw pile, Actions to spare and a Village (a "Cycler") in hand: Workshop first.
    assert first_play(["Village", "Workshop"], actions=2, deck=()) == "play:Workshop"
    assert first_play(["Village", "Workshop"], actions=2) == "play:Village"


def test_artisan_goes_before_vassal_when_it_would_gain_an_action() -> None:
    assert first_play(["Vassal", "Artisan"], actions=1) == "play:Vassal"
    assert first_play(["Vassal", "Artisan"], actions=2) == "play:Artisan"  # a Laboratory


def test_golem_needs_cards_to_reveal_and_mine_a_treasure_to_improve() -> None:
    assert first_play(["Golem"], deck=()) == "end"
    assert first_play(["Golem"], deck=(), discard=("Smithy",)) == "play:Golem"
    assert first_play(["Smithy", "Mine", "Copper"]) == "play:Mine"  # Copper into Silver
    assert first_play(["Smithy", "Mine", "Estate"]) == "play:Smithy"  # no Treasure
    assert first_play(["Smithy", "Mine", "Copper"], name="Rich") == "play:Smithy"


def test_throne_room() -> None:
    # Only one other non-terminal Action (or only one Action): Throne Room first.
    assert first_play(["Festival", "Throne Room"]) == "play:Throne Room"
    assert first_play(["Festival", "Throne Room", "Smithy"]) == "play:Throne Room"
    # Several: its own 7, after Festival's 3.
    hand = ["Festival", "Throne Room", "Laboratory", "Village"]
    assert first_play(hand) == "play:Festival"
    # Nothing it would play twice: the Chapel goes instead.
    assert first_play(["Throne Room", "Chapel"]) == "play:Chapel"
    assert first_play(["Throne Room", "Library"]) == "play:Library"


def test_apothecary_plays_early() -> None:
    assert first_play(["Village", "Apothecary"]) == "play:Apothecary"


# -- the other questions, as DominionSim's cards answer them -----------------------------


def answers(bot: StrategyBot, s: object, stop: str) -> list[str]:
    """The bot's answers to one card's questions, until the frame ``stop`` is gone."""
    got: list[str] = []
    while s.decision is not None and type(s.stack[-1]).__name__ == stop:  # type: ignore[attr-defined]
        choice = bot.choose(s, s.decision)  # type: ignore[arg-type]
        got.append(choice)
        s.apply(choice)  # type: ignore[attr-defined]
    return got


def test_every_card_has_dominionsims_discard_priority() -> None:
    assert set(DISCARD_PRIORITY) == set(CARDS)


def test_mine_upgrades_the_treasure_whose_upgrade_the_rules_rank_first() -> None:
    """Gold comes before Silver in the rules: a Silver becomes a Gold, where our plain
    sense turns a Copper into a Silver (without a Copper it too takes the Silver)."""
    bot = one(PLAYERS, "Sim")
    for hand, plain_answer in (
        (["Mine", "Copper", "Silver"], "trash:Copper"),
        (["Mine", "Gold", "Silver"], "trash:Silver"),
    ):
        s = game("Mine", log=False)
        arrange(s, 0, hand=hand, deck=["Copper"] * 7)
        assert s.decision is not None and bot.choose(s, s.decision) == "play:Mine"
        s.apply("play:Mine")
        assert s.decision is not None
        assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == plain_answer
        assert bot.choose(s, s.decision) == "trash:Silver"
    # A bot whose rules want no Treasure: Mine is not played (DominionSim's Mine declines).
    assert first_play(["Mine", "Silver"], name="Rich") == "play:Mine"  # Rich wants Gold
    assert first_play(["Mine", "Gold"], name="Rich") == "end"


def test_cellar_discards_extra_terminals_victory_cards_and_money_up_to_silver() -> None:
    hand = ["Cellar", "Province", "Smithy", "Gold", "Smithy", "Copper", "Silver", "Village"]
    s = game("Cellar", "Smithy", "Village", log=False)
    arrange(s, 0, hand=hand, deck=["Estate"] * 10)
    s.apply("play:Cellar")  # one Action left: one Smithy too many
    got = answers(one(PLAYERS, "Sim"), s, "PickFromHand")
    assert got == [
        "discard:Smithy",
        "discard:Province",
        "discard:Copper",
        "discard:Silver",
        "done",
    ]
    # Never more than can be drawn again.
    s = game("Cellar", log=False)
    arrange(s, 0, hand=["Cellar", "Estate", "Estate", "Copper"], deck=["Gold"])
    s.apply("play:Cellar")
    assert answers(one(PLAYERS, "Sim"), s, "PickFromHand") == ["discard:Estate", "done"]


def test_remodel_turns_gold_into_province_and_waits_for_a_gain_worth_it() -> None:
    s = game("Remodel", log=False)
    hand = ["Remodel", "Copper", "Estate", "Gold", "Province"]
    arrange(s, 0, hand=hand, deck=["Copper"] * 5)
    bot = one(PLAYERS, "Sim")
    assert bot.choose(s, s.decision) == "play:Remodel"  # type: ignore[arg-type]
    s.apply("play:Remodel")
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) != "trash:Gold"  # type: ignore[arg-type]
    assert bot.choose(s, s.decision) == "trash:Gold"  # type: ignore[arg-type]
    # Early (no Victory card but Estates), the least valued card that gains something
    # better: an Estate into a Silver.
    s = game("Remodel", log=False)
    arrange(s, 0, hand=["Remodel", "Estate", "Copper", "Silver"], deck=["Copper"] * 5)
    s.apply("play:Remodel")
    assert bot.choose(s, s.decision) == "trash:Estate"  # type: ignore[arg-type]
    # Nothing the rules want for a Copper: Remodel is not played.
    assert first_play(["Smithy", "Remodel", "Copper"], name="Rich") == "play:Smithy"
    assert first_play(["Remodel", "Copper"], name="Rich") == "end"


def test_militia_makes_it_discard_extra_terminals_first() -> None:
    s = game("Militia", "Smithy", log=False)
    victim = {"hand": ["Smithy", "Silver", "Smithy", "Militia", "Copper"]}
    arrange(s, 0, hand=["Militia"], deck=["Copper"] * 5, others={1: victim})
    s.apply("play:Militia")
    bot = one(PLAYERS, "Sim")
    assert answers(bot, s, "Militia") == ["discard:Smithy", "discard:Smithy"]
    assert sorted(s.hands[1]) == ["Copper", "Militia", "Silver"]
    # DominionSim counts no Village in hand: a Smithy goes all the same (our plain sense
    # keeps both, since the Village lets it play them).
    s = game("Militia", "Smithy", "Village", log=False)
    victim = {"hand": ["Village", "Smithy", "Smithy", "Copper", "Estate"]}
    arrange(s, 0, hand=["Militia"], deck=["Copper"] * 5, others={1: victim})
    s.apply("play:Militia")
    assert s.decision is not None
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == "discard:Estate"
    assert answers(bot, s, "Militia") == ["discard:Smithy", "discard:Estate"]


def test_sentry_trashes_copper_and_estates_and_puts_back_the_best_on_top() -> None:
    """DominionSim's Sentry trashes every Copper and Estate (our plain sense keeps Copper
    in a deck of 6 coins or less), discards what it ranks up to Silver and puts the rest
    back, the card it ranks higher to discard on top."""
    s = game("Sentry", "Laboratory", "Throne Room", "Harbinger", log=False)
    deck = ["Copper", "Copper", "Estate", "Silver", "Harbinger", "Throne Room", "Copper"]
    arrange(s, 0, hand=["Sentry", "Sentry", "Estate"], deck=deck)
    bot = one(PLAYERS, "Sim")
    assert s.money(0) <= 6
    s.apply("play:Sentry")  # draws a Copper, looks at Copper and Estate
    assert s.decision is not None
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == "discard:Copper"
    assert answers(bot, s, "Sentry") == ["trash:Copper", "trash:Estate"]
    s.apply("play:Sentry")  # draws the Silver, looks at Harbinger and Throne Room
    assert answers(bot, s, "Sentry") == ["discard:Harbinger", "back:Throne Room"]
    s = game("Sentry", "Laboratory", "Throne Room", log=False)
    deck = ["Copper", "Throne Room", "Laboratory"]
    arrange(s, 0, hand=["Sentry"], deck=deck)
    s.apply("play:Sentry")
    got = answers(bot, s, "Sentry")
    assert got == ["back:Throne Room", "back:Laboratory", "top:Laboratory"]


def test_throne_room_plays_what_dominionsims_throne_room_would() -> None:
    """Of the Actions it may play twice, the one DominionSim ranks highest to discard; a
    terminal one only with an Action left (our plain sense takes the dearest)."""
    s = game("Throne Room", "Sentry", "Militia", "Vassal", log=False)
    arrange(s, 0, hand=["Throne Room", "Sentry", "Vassal", "Militia"], actions=2)
    bot = one(PLAYERS, "Sim")
    s.apply("play:Throne Room")
    assert s.decision is not None
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == "play:Sentry"
    assert bot.choose(s, s.decision) == "play:Militia"
    s = game("Throne Room", "Sentry", "Militia", "Vassal", log=False)
    arrange(s, 0, hand=["Throne Room", "Sentry", "Vassal", "Militia"], actions=1)
    s.apply("play:Throne Room")
    assert bot.choose(s, s.decision) == "play:Sentry"  # type: ignore[arg-type]


def test_vassal_plays_only_an_action_dominionsim_would_play() -> None:
    """A Throne Room revealed with no other Action in hand is left in the discard pile."""
    s = game("Vassal", "Throne Room", log=False)
    arrange(s, 0, hand=["Vassal", "Copper"], deck=["Throne Room", "Copper"])
    s.apply("play:Vassal")
    assert s.decision is not None and type(s.stack[-1]).__name__ == "Vassal"
    bot = one(PLAYERS, "Sim")
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == "play:Throne Room"
    assert bot.choose(s, s.decision) == "none"


def test_harbinger_puts_back_what_dominionsims_harbinger_would() -> None:
    """With no Action left to play, the discard pile's card DominionSim ranks highest; with
    a Laboratory to play, nothing (our plain sense puts back the Gold)."""
    s = game("Harbinger", "Laboratory", log=False)
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"] * 5, discard=["Estate", "Gold", "Copper"])
    s.apply("play:Harbinger")
    assert s.decision is not None
    bot = one(PLAYERS, "Sim")
    assert bot.choose(s, s.decision) == "topdeck:Gold"
    s = game("Harbinger", "Laboratory", log=False)
    hand = ["Harbinger", "Laboratory"]
    arrange(s, 0, hand=hand, deck=["Copper"] * 5, discard=["Estate", "Gold"])
    s.apply("play:Harbinger")
    assert s.decision is not None
    assert StrategyBot(bot.strategy, 0).choose(s, s.decision) == "topdeck:Gold"
    assert bot.choose(s, s.decision) == "none"


def test_poacher_discards_victory_cards_before_copper() -> None:
    s = game("Poacher", log=False)
    arrange(s, 0, hand=["Poacher", "Copper", "Province", "Silver"], deck=["Copper"] * 5)
    s.supply["Poacher"] = 0
    s.apply("play:Poacher")
    assert s.decision is not None
    assert one(PLAYERS, "Sim").choose(s, s.decision) == "discard:Province"


def test_vassal_goes_first_onto_an_action_the_bot_put_on_its_deck() -> None:
    """After Sentry put a Laboratory on top, DominionSim's Vassal (which then knows the
    card it reveals) is played before the Poacher that would draw it."""
    s = game("Sentry", "Vassal", "Poacher", "Laboratory", log=False)
    deck = ["Copper", "Laboratory", "Militia", "Copper", "Copper"]
    arrange(s, 0, hand=["Sentry", "Vassal", "Poacher"], deck=deck)
    bot = one(PLAYERS, "Sim")
    assert bot.choose(s, s.decision) == "play:Sentry"  # type: ignore[arg-type]
    s.apply("play:Sentry")
    assert answers(bot, s, "Sentry") == ["back:Laboratory", "back:Militia", "top:Laboratory"]
    assert bot.choose(s, s.decision) == "play:Vassal"  # type: ignore[arg-type]
    # A bot that did not put it there knows nothing of the top card: Poacher first.
    assert one(PLAYERS, "Sim").choose(s, s.decision) == "play:Poacher"  # type: ignore[arg-type]


def test_what_the_bot_knows_of_its_deck_comes_from_counts_never_the_hidden_order() -> None:
    """Twin states that differ only in the order of the deck below the Sentry's cards, and in
    the card now on top, look alike from the seat: the bot's memory and choice are the same
    in both. A shuffle (the discard pile shrinking) makes it forget."""
    s = game("Sentry", "Vassal", "Poacher", "Laboratory", log=False)
    deck = ["Copper", "Laboratory", "Militia", "Copper", "Copper"]
    arrange(s, 0, hand=["Sentry", "Vassal", "Poacher"], deck=deck, discard=["Estate"])
    bot = one(PLAYERS, "Sim")
    s.apply(bot.choose(s, s.decision))  # type: ignore[arg-type]
    answers(bot, s, "Sentry")
    twin = s.clone()
    top = twin.decks[0].pop()  # the Laboratory swapped for a Copper, unseen by the seat
    twin.decks[0].append("Copper" if top != "Copper" else "Gold")
    assert bot.known_tops(s, 0) == bot.known_tops(twin, 0) == ["Laboratory", "Militia"]
    assert bot.choose(s, s.decision) == bot.choose(twin, twin.decision)  # type: ignore[arg-type]
    s.discards[0].clear()  # as a shuffle leaves it
    assert bot.known_tops(s, 0) == []
