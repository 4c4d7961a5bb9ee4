"""What Dominion says, from the listener's side (issue 24, D46): whose cards a question
names, counts said as words ("3 Coppers", not "Copper x3"), the turn line, the buy
question said once, and the supply command as a short list."""

from __future__ import annotations

import pytest

from athanor.engine import Rng
from athanor.games.dominion import SPEC, TERMS
from athanor.games.dominion.alchemy import ScryingPool
from athanor.games.dominion.cards import ALL_KINGDOM, ordinal, plural_name
from athanor.games.dominion.commands import hand, scores, supply
from athanor.games.dominion.rules import DominionState
from tests.cli.test_terminal_user import DOM, run
from tests.dominion.helpers import arrange, game, log_text, play

# -- helpers --------------------------------------------------------------------------


def asked(s: DominionState, seat: int = 0) -> tuple[str, list[str]]:
    """The question's prompt and labels, checking who is asked."""
    d = s.decision
    assert d is not None and d.seat == seat, d
    return d.prompt, [o.label for o in d.options]


def possessed(
    bo_hand: list[str],
    *cards: str,
    bo_deck: list[str] | None = None,
    bo_discard: list[str] | None = None,
    ana_deck: list[str] | None = None,
    players: int = 2,
) -> DominionState:
    """Ana has played Possession and ended her turn: Bo's extra turn, Ana deciding."""
    s = game("Possession", *cards, players=players)
    bo = {"hand": bo_hand, "deck": bo_deck or ["Copper"] * 10, "discard": bo_discard or []}
    arrange(s, 0, hand=["Possession"], deck=ana_deck or ["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end")
    assert (s.current, s.possessor) == (1, 0)
    return s


# -- 1. whose cards: Scrying Pool -----------------------------------------------------


def test_scrying_pool_names_the_owner_of_each_revealed_card() -> None:
    s = game("Scrying Pool")
    arrange(s, 0, hand=["Scrying Pool"], deck=["Estate", "Copper"], others={1: {"deck": ["Gold"]}})
    play(s, "play:Scrying Pool")
    prompt, labels = asked(s)
    assert prompt == "Your top card is an Estate: discard it or put it back? (Scrying Pool)"
    assert labels == ["Discard Estate", "Put Estate back on your deck"]
    play(s, "back:Estate")
    prompt, labels = asked(s)
    assert prompt == "Bo's top card is a Gold: discard it or put it back? (Scrying Pool)"
    assert labels == ["Discard Gold", "Put Gold back on Bo's deck"]  # was "your deck"


def test_scrying_pool_played_for_a_possessed_player_speaks_to_the_possessor() -> None:
    # Ana possesses Bo; Bo's Scrying Pool reveals Bo's, Cy's and Ana's top cards in turn.
    s = game("Possession", "Scrying Pool", players=3)
    bo = {"hand": ["Scrying Pool"], "deck": ["Gold", "Copper"]}
    cy = {"deck": ["Silver"]}
    arrange(s, 0, hand=["Possession"], deck=["Estate"] * 6, others={1: bo, 2: cy})
    play(s, "play:Possession", "end")
    play(s, "play:Scrying Pool")
    prompt, labels = asked(s)
    assert prompt.startswith("Bo's top card is a Gold")
    assert labels[1] == "Put Gold back on Bo's deck"
    play(s, "back:Gold")
    prompt, labels = asked(s)
    assert prompt.startswith("Cy's top card is a Silver")
    assert labels[1] == "Put Silver back on Cy's deck"
    play(s, "discard:Silver")
    prompt, labels = asked(s)
    assert prompt.startswith("Your top card is an Estate")  # Ana's own card
    assert labels[1] == "Put Estate back on your deck"


# -- 1. whose cards: questions during a possessed turn ----------------------------------


def test_the_possessed_turn_questions_name_the_possessed_players_cards() -> None:
    s = possessed(["Gold", "Gold", "Silver", "Workshop", "Estate"], "Workshop")
    prompt, labels = asked(s)
    assert prompt == "Play an Action from Bo's hand (1 Action left)"
    assert labels == ["End Bo's Action phase", "Play Workshop"]
    play(s, "end")
    prompt, labels = asked(s)
    assert prompt == "Buy a card for yourself (8 coins with Bo's Treasures)"  # not "your"
    assert labels[:2] == ["End Bo's turn", "Play all Bo's Treasures"]
    assert "Buy Province (8 coins)" in labels
    play(s, "play:Gold")
    prompt, _ = asked(s)
    assert prompt == "Buy a card for yourself (Bo's 3 coins now, 8 coins with Bo's Treasures)"
    play(s, "buy:Silver")  # 1 Buy: the extra turn ends, and Bo's own turn begins
    assert s.possessor == -1 and asked(s, 1)[0] == "Buy a card (5 coins with your Treasures)"


def test_the_buy_question_after_treasures_are_played_names_whose_coins() -> None:
    s = possessed(["Gold", "Silver", "Market"], "Market")
    play(s, "play:Market", "treasures")
    prompt, labels = asked(s)
    assert prompt == "Buy a card for yourself (Bo's 7 coins, 2 Buys)"  # Market drew a Copper
    assert labels[0] == "End Bo's turn"


@pytest.mark.parametrize(
    ("bo_hand", "moves", "prompt", "labels"),
    [
        (
            ["Remodel", "Estate", "Silver"],
            ["play:Remodel"],
            "Trash a card from Bo's hand (Remodel)",
            ["Trash Estate", "Trash Silver"],
        ),
        (
            ["Chapel", "Estate", "Copper"],
            ["play:Chapel"],
            "Trash a card from Bo's hand (Chapel: up to 4 more)",
            ["Trash Estate", "Trash Copper", "Done"],
        ),
        (
            ["Cellar", "Estate", "Copper"],
            ["play:Cellar"],
            "Discard a card from Bo's hand (Cellar: any number)",
            ["Discard Estate", "Discard Copper", "Done"],
        ),
        (
            ["Moneylender", "Copper", "Estate"],
            ["play:Moneylender"],
            "Trash a Copper from Bo's hand for +3 coins? (Moneylender)",
            ["Trash Copper", "Do nothing"],
        ),
        (
            ["Throne Room", "Smithy"],
            ["play:Throne Room"],
            "Choose an Action card from Bo's hand to play twice (Throne Room)",
            ["Play Smithy", "Do nothing"],
        ),
        (
            ["Artisan", "Gold", "Estate"],
            ["play:Artisan"],
            "Gain a card for yourself costing up to 5 coins (Artisan; it goes to your "
            "discard pile)",
            None,
        ),
        (
            ["Artisan", "Gold", "Estate"],
            ["play:Artisan", "gain:Silver"],
            "Put a card from Bo's hand onto Bo's deck (Artisan)",
            ["Put Gold onto Bo's deck", "Put Estate onto Bo's deck"],
        ),
        (
            ["Mine", "Silver", "Copper"],
            ["play:Mine"],
            "Trash a Treasure from Bo's hand (Mine)",
            ["Trash Silver", "Trash Copper", "Do nothing"],
        ),
        (
            ["Mine", "Silver"],
            ["play:Mine", "trash:Silver"],
            "Gain a Treasure for yourself costing up to 6 coins (Mine; it goes to your "
            "discard pile)",
            None,
        ),
        (
            ["Workshop"],
            ["play:Workshop"],
            "Gain a card for yourself costing up to 4 coins (Workshop)",
            None,
        ),
        (
            ["University"],
            ["play:University"],
            "Gain an Action card for yourself costing up to 5 coins (University)",
            None,
        ),
        (
            ["Transmute", "Estate", "Copper"],
            ["play:Transmute"],
            "Trash a card from Bo's hand (Transmute)",
            ["Trash Estate", "Trash Copper"],
        ),
    ],
)
def test_questions_about_the_possessed_hand_say_whose_it_is(
    bo_hand: list[str], moves: list[str], prompt: str, labels: list[str] | None
) -> None:
    s = possessed(bo_hand, *[c for c in dict.fromkeys(bo_hand) if c in ALL_KINGDOM])
    play(s, *moves)
    got, got_labels = asked(s)
    assert got == prompt
    if labels is not None:
        assert got_labels == labels


def test_harbinger_and_vassal_name_the_possessed_players_discard_pile() -> None:
    s = possessed(["Harbinger"], "Harbinger", bo_discard=["Gold"])
    play(s, "play:Harbinger")
    prompt, labels = asked(s)
    assert prompt == "Put a card from Bo's discard pile onto Bo's deck? (Harbinger)"
    assert labels == ["Put Gold onto Bo's deck", "Do nothing"]
    s = possessed(["Vassal"], "Vassal", "Smithy", bo_deck=["Smithy", *["Copper"] * 5])
    play(s, "play:Vassal")
    assert asked(s)[0] == "Play the Smithy Bo discarded? (Vassal)"
    s = game("Vassal", "Smithy")
    arrange(s, 0, hand=["Vassal"], deck=["Smithy", "Copper"])
    play(s, "play:Vassal")
    assert asked(s)[0] == "Play the Smithy you discarded? (Vassal)"


def test_library_and_sentry_name_the_possessed_players_cards() -> None:
    s = possessed(["Library"], "Library", "Smithy", bo_deck=["Smithy", *["Copper"] * 9])
    play(s, "play:Library")
    prompt, labels = asked(s)
    assert prompt == "Bo drew a Smithy: set it aside? (Library)"
    assert labels == ["Set Smithy aside", "Keep Smithy in Bo's hand"]
    deck = ["Copper", "Gold", "Estate", *["Copper"] * 5]
    s = possessed(["Sentry"], "Sentry", bo_deck=deck)
    play(s, "play:Sentry")
    prompt, labels = asked(s)
    assert prompt == "Bo's top card is a Gold: trash it, discard it or put it back? (Sentry)"
    assert labels == ["Trash Gold", "Discard Gold", "Put Gold back on Bo's deck"]
    play(s, "back:Gold")
    assert asked(s)[0].startswith("Bo's second card is an Estate")
    play(s, "back:Estate")
    assert asked(s)[0] == "Which card goes on top of Bo's deck? (Sentry)"


def test_library_and_sentry_say_your_for_your_own_cards() -> None:
    s = game("Library", "Smithy")
    arrange(s, 0, hand=["Library"], deck=["Smithy", *["Copper"] * 9])
    play(s, "play:Library")
    assert asked(s) == (
        "You drew a Smithy: set it aside? (Library)",
        ["Set Smithy aside", "Keep Smithy in your hand"],
    )
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Gold", "Estate"])
    play(s, "play:Sentry")
    assert asked(s)[0].startswith("Your top card is a Gold")


def test_golem_apothecary_and_clean_up_name_the_possessed_players_cards() -> None:
    deck = ["Village", "Smithy", *["Copper"] * 8]
    s = possessed(["Golem"], "Golem", "Village", "Smithy", bo_deck=deck)
    play(s, "play:Golem")
    assert asked(s)[0] == "Which Action does Bo's Golem play first?"
    deck = ["Copper", "Estate", "Gold", "Silver", "Copper", "Duchy"]
    s = possessed(["Apothecary"], "Apothecary", bo_deck=deck)
    play(s, "play:Apothecary")
    prompt, labels = asked(s)
    assert prompt.startswith("Put a card back on Bo's deck; the last one put back ends on top")
    assert labels[0] == "Put Estate back on Bo's deck"
    s = possessed(["Herbalist", "Silver"], "Herbalist")
    play(s, "play:Herbalist", "treasures", "end")
    prompt, labels = asked(s)
    assert prompt == (
        "Clean-up: discard a Herbalist and put a Treasure from play onto Bo's deck? "
        "(done: discard the rest)"
    )
    assert labels == ["Put Silver onto Bo's deck", "Done"]


def test_poacher_names_the_possessed_players_hand() -> None:
    s = game("Possession", "Poacher", "Cellar")
    s.supply["Cellar"] = 0
    bo = {"hand": ["Poacher", "Estate", "Copper"], "deck": ["Copper"] * 10}
    arrange(s, 0, hand=["Possession"], deck=["Copper"] * 10, others={1: bo})
    play(s, "play:Possession", "end", "play:Poacher")
    assert asked(s)[0] == "Discard a card from Bo's hand (Poacher, 1 empty pile)"


# -- 1. whose cards: Attacks name whose Attack it is -------------------------------------


def test_attacks_name_the_attacker_to_the_player_asked() -> None:
    s = game("Militia", "Bureaucrat", "Bandit")
    five = ["Copper", "Silver", "Gold", "Estate", "Duchy"]
    arrange(s, 0, hand=["Militia"], deck=["Copper"] * 5, others={1: {"hand": five}})
    play(s, "play:Militia")
    prompt, labels = asked(s, 1)
    assert prompt == "Discard down to 3 cards (Ana's Militia: 2 more)"
    assert labels[0] == "Discard Copper"
    s = game("Bureaucrat")
    arrange(s, 0, hand=["Bureaucrat"], others={1: {"hand": ["Estate", "Duchy", "Copper"]}})
    play(s, "play:Bureaucrat")
    prompt, labels = asked(s, 1)
    assert prompt == "Put a Victory card from your hand onto your deck (Ana's Bureaucrat)"
    assert labels == ["Put Estate onto your deck", "Put Duchy onto your deck"]
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Gold", "Silver"]}})
    play(s, "play:Bandit")
    assert asked(s, 1)[0] == "Trash one of your revealed Treasures (Ana's Bandit)"


def test_an_attack_played_for_a_possessed_player_is_theirs() -> None:
    ana = ["Copper", "Silver", "Gold", "Estate", "Duchy", *["Copper"] * 5]
    s = possessed(["Militia"], "Militia", ana_deck=ana)
    play(s, "play:Militia")
    # Ana chose to play it for Bo, but it is Bo's Militia that makes her discard.
    assert asked(s, 0)[0] == "Discard down to 3 cards (Bo's Militia: 2 more)"


# -- 1. a broad check over many possessed turns -----------------------------------------

_WRONG_FOR_A_POSSESSOR = ("your hand", "your Treasures", "your turn", "your Action", "You drew")


@pytest.mark.parametrize("seed", range(12))
def test_no_question_of_a_possessed_turn_calls_the_possessed_cards_yours(seed: int) -> None:
    pool = [
        "Scrying Pool",
        "Sentry",
        "Library",
        "Harbinger",
        "Vassal",
        "Artisan",
        "Chapel",
        "Cellar",
        "Throne Room",
        "Golem",
        "Apothecary",
        "Remodel",
        "Mine",
        "Militia",
        "Herbalist",
        "Moneylender",
        "Poacher",
        "Workshop",
        "Bureaucrat",
        "University",
    ]
    rng = Rng(seed)
    kingdom = []
    while len(kingdom) < 9:
        c = rng.choice(pool)
        if c not in kingdom:
            kingdom.append(c)
    s = game("Possession", *kingdom, seed=seed)
    bo_hand = [rng.choice([*kingdom, "Silver", "Gold", "Potion", "Estate"]) for _ in range(6)]
    bo_deck = [rng.choice([*kingdom, "Copper", "Silver", "Estate"]) for _ in range(12)]
    arrange(
        s,
        0,
        hand=["Possession"],
        deck=["Copper", "Estate", "Silver"] * 4,
        others={1: {"hand": bo_hand, "deck": bo_deck, "discard": ["Gold", "Village"]}},
    )
    play(s, "play:Possession", "end")
    checked = 0
    while s.possessor == 0 and s.decision is not None:
        d = s.decision
        if d.seat == 0:
            top = s.stack[-1]
            words = [d.prompt, *(o.label for o in d.options)]
            for text in words:
                for wrong in _WRONG_FOR_A_POSSESSOR:
                    assert wrong not in text, text
                if "your deck" in text:  # only for Ana's own card under Bo's Scrying Pool
                    assert isinstance(top, ScryingPool) and top.target == 0, text
            checked += 1
        s.apply(d.ids[rng.below(len(d.ids))])
    assert checked


# -- 2. small words ----------------------------------------------------------------------


def test_plural_names_and_ordinals() -> None:
    assert [plural_name(n) for n in ("Copper", "Silver", "Duchy", "Gardens", "Witch")] == [
        "Coppers",
        "Silvers",
        "Duchies",
        "Gardens",
        "Witches",
    ]
    assert plural_name("Philosopher's Stone") == "Philosopher's Stones"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


def test_the_hand_command_counts_in_words_not_x() -> None:
    s = game("Smithy")
    arrange(s, 0, hand=["Copper", "Copper", "Copper", "Estate", "Gardens", "Gardens", "Silver"])
    text = hand(s.view(0), 0)
    assert "x" not in text.replace("Next", "")
    assert text.startswith("Your hand (7 cards): 3 Coppers, an Estate, 2 Gardens and a Silver.")
    play(s, "play:Copper")
    assert "In play: a Copper." in hand(s.view(0), 0)


def test_scores_say_1_turn_not_1_turns() -> None:
    s = game("Smithy")
    s.turns = [1, 0]
    text = scores(s.view(0), 0)
    assert "You: 3 VP after 1 turn;" in text and "Bo: 3 VP after 0 turns." in text


def _ana_first() -> DominionState:
    """A new two-player game in which Ana (seat 0) goes first."""
    for seed in range(20):
        s = game("Smithy", seed=seed)
        if s.first == 0:
            return s
    raise AssertionError("no seed where Ana goes first")


def _end_turns_until(s: DominionState, turn: int) -> None:
    """End turns (no Actions in a starting deck) until game turn ``turn`` begins."""
    while s.turn_no < turn:
        s.apply("end")


def test_the_turn_line_says_whose_nth_turn_it_is() -> None:
    s = _ana_first()
    assert "Turn 1: your 1st turn. Your hand: " in log_text(s, 0)
    _end_turns_until(s, 3)
    assert "Turn 2: Bo's 1st turn." in log_text(s, 0)
    assert "Turn 2: your 1st turn. Your hand: " in log_text(s, 1)
    assert "Turn 3: your 2nd turn." in log_text(s, 0)
    assert "Turn 3: Ana's 2nd turn." in log_text(s, None)


def test_a_new_hand_is_named_once_at_the_start_of_the_turn() -> None:
    s = _ana_first()
    head = log_text(s, 0).split("Turn 1:")[0]
    assert "You draw a new hand of 5 cards." in head
    assert "Copper" not in head and "Estate" not in head  # named in the turn line only
    _end_turns_until(s, 3)
    mine = log_text(s, 0)
    assert mine.count("You draw a new hand of 5 cards.") == 2  # set-up and Clean-up
    assert "Bo draws 5 cards." in mine


# -- 3. the buy question says each thing once -------------------------------------------


def test_the_buy_question_is_short() -> None:
    s = game("Smithy", "Market")
    arrange(s, 0, hand=["Copper", "Silver", "Estate"])
    assert asked(s)[0] == "Buy a card (3 coins with your Treasures)"
    play(s, "treasures")
    assert asked(s)[0] == "Buy a card (3 coins)"
    arrange(s, 0, hand=["Copper", "Silver", "Estate"], buys=2, coins=2)
    assert asked(s)[0] == "Buy a card (2 coins now, 5 coins with your Treasures, 2 Buys)"
    # Buying plays the Treasures still in hand: said once, in the help.
    assert "Buying a card plays the Treasures left in your hand first" in SPEC.help


# -- 4. the supply command ----------------------------------------------------------------


def test_the_supply_command_is_a_short_list_by_cost() -> None:
    s = game("Smithy", "Gardens", "Scrying Pool")
    s.supply["Smithy"] = 0
    s.supply["Province"] = 1
    lines = supply(s.view(0), 0).splitlines()
    assert lines[0] == "Supply, by cost:"
    assert lines[1] == "0 coins: 46 Coppers and 10 Curses."
    assert "2 coins and 1 Potion: 10 Scrying Pools." in lines
    assert any(line.startswith("4 coins: ") and "no Smithies" in line for line in lines)
    assert any("8 Gardens" in line for line in lines)
    assert lines[-1] == "8 coins: 1 Province."
    assert max(len(line) for line in lines) < 100


def test_supply_hand_and_turn_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, _ = run(monkeypatch, DOM, "supply\nhand\nscores\nquit\nyes\n")
    assert rc == 0
    assert "\n> Supply, by cost:\n0 coins: 46 Coppers and 10 Curses.\n" in out
    assert "Your hand (5 cards): 4 Coppers and an Estate." in out
    assert "Turn 2: your 1st turn. Your hand: 4 Coppers and an Estate." in out
    assert "Buy a card (4 coins with your Treasures):" in out
    assert "after 1 turn;" in out or "after 1 turn." in out
    assert " x4" not in out and "played when you buy" not in out


# -- 5. rule words for the card command ---------------------------------------------------

# The words a player meets (any case), and the term that explains each.
_MET = {
    "Supply": "Supply",
    "Kingdom": "Kingdom",
    "Action": "Action",
    "Treasure": "Treasure",
    "Victory card": "Victory",
    "Attack": "Attack",
    "Reaction": "Reaction",
    "Action phase": "Action phase",
    "buy phase": "Buy phase",
    "Buy": "Buy",
    "Clean-up": "Clean-up",
    "coins": "coins",
    "Potion": "Potions",
    "victory points": "victory points",
    "your deck": "deck",
    "discard pile": "discard pile",
    "your hand": "hand",
    "in play": "in play",
    "draw": "draw",
    "gain": "gain",
    "trash": "trash",
    "reveal": "reveal",
    "set aside": "set aside",
    "extra turn": "extra turn",
}


def _everything_said() -> str:
    """The help, the cards, the status line, and every question, option and event of a few
    games played at random (Base and Alchemy)."""
    said = [SPEC.help, *(SPEC.cards() if SPEC.cards else {}).values()]
    for seed in range(4):
        kingdom = ("Militia", "Moat", "Sentry", "Library", "Scrying Pool", "Herbalist")
        s = game(*kingdom, seed=seed)
        rng = Rng(seed)
        while s.decision is not None and len(s.choices or []) < 300:
            d = s.decision
            said += [d.prompt, *(o.label for o in d.options)]
            if SPEC.status is not None:
                said.append(SPEC.status(s.view(d.seat), d.seat))
            said.append(hand(s.view(d.seat), d.seat))
            s.apply(d.ids[rng.below(len(d.ids))])
        said += s.events_for(None)
    return "\n".join(said).casefold()


def test_the_game_declares_its_rule_words() -> None:
    # (each word's text, and no card of the same name: tests/conformance, every game)
    assert SPEC.terms is TERMS


def test_the_rule_words_players_meet_are_covered() -> None:
    said = _everything_said()
    for word, term in _MET.items():
        assert word.casefold() in said, word  # the word really is met
        assert term in TERMS, term
