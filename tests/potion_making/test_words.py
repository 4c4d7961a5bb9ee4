"""How Potion-Making talks (issue 24, "say each thing once"): a card named top first
everywhere, short grouped pickers that answer to an element's name, one sentence for a run
of cards taken, each thing said once, and the game's rule words for ``card WORD``."""

from __future__ import annotations

import io
import re
from typing import Any

import athanor
from athanor.cli.matching import best, words
from athanor.cli.table import Table
from athanor.cli.terminal import Terminal
from athanor.engine import RandomAgent
from athanor.games.potion_making import SPEC, TERMS, card_texts
from athanor.games.potion_making.cards import load
from athanor.games.potion_making.commands import COMMANDS
from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import BUILTIN_MODES, arrange, game, log_text, play

CS = load()
NAMES = {t.name for t in CS.types.values()}
BOTTOMS = {c.bottom for c in CS.cards}
BRACKETS = re.compile(r"\(([^()]*)\)")


def _played(mode: str, seed: int, players: int = 3) -> tuple[PotionMakingState, list[str]]:
    """A whole game of random choices, and every prompt, label and command answer said in it."""
    s = game(mode, players=players, seed=seed)
    agents = [RandomAgent(seed * 7 + i) for i in range(players)]
    said: list[str] = []
    n = 0
    while (d := s.decision) is not None:
        said.append(d.prompt)
        said += [o.label for o in d.options]
        if n % 7 == 0:  # the commands, now and then, as the one being asked sees them
            view = s.view(d.seat)
            said += [what(view, d.seat) for _, what in COMMANDS.values()]
        s.apply(agents[d.seat].choose(s, d))
        n += 1
    for viewer in (None, *range(players)):
        said += s.events_for(viewer)
    return s, said


def _games() -> list[str]:
    said: list[str] = []
    for i, mode in enumerate(BUILTIN_MODES * 2):
        said += _played(mode, 40 + i)[1]
    return said


SAID = _games()


# -- 1. one order for a card's two halves ------------------------------------------------------


def test_a_card_is_named_top_first_with_its_element_after_it_everywhere() -> None:
    """Whatever is in brackets after a card's name is its bottom, never the other way round."""
    seen = 0
    for text in SAID:
        for m in BRACKETS.finditer(text):
            inside = m.group(1)
            assert inside not in NAMES, f"a card's name in brackets: {text!r}"
            if inside in BOTTOMS:
                before = text[: m.start()].rstrip()
                assert any(before.endswith(n) for n in NAMES), text
                seen += 1
    assert seen > 1000


def test_no_word_is_said_in_the_data_files_signs() -> None:
    """Requirements in words: no [brackets], plus signs or slashes; nothing "lying as"."""
    for text in SAID:
        assert "[" not in text and " + " not in text and " / " not in text, text
        assert "lying as" not in text and "showing" not in text, text


def test_the_hand_the_desk_and_the_deal_say_alike_cards_once_with_a_count() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Elixir of Fire", "Love Potion", "Elixir of Fire"]},
        desk=["Love Potion", "Elixir of Wisdom/Quintessence of Will", "Emanation of Authority"],
        step="play",
    )
    v = s.view(0)
    hand = COMMANDS["hand"][1](v, 0)
    assert hand == (
        "Your hand (3 cards): 2 copies of Elixir of Fire (Quintessence of Will) and "
        "Love Potion (Air Crystal)."
    )
    desk = COMMANDS["desk"][1](v, 0)
    # Cards of one element together, in the order elements are listed.
    assert desk.startswith("The Desk (3 cards, 3 elements): ")
    assert "Not on the Desk: " in desk


# -- 2. pickers: short, and an element's name answers ------------------------------------------

UNI = "Elixir of Universality"
DESK = [
    "Love Potion",
    "Elixir of Fire",
    "Infusion of Prophecy",
    "Great Elixir of Timelessness",
    "Elixir of Revival",
]


def _universality() -> PotionMakingState:
    s = game("guild,university")
    arrange(s, 0, hands={0: [UNI]}, desk=DESK, step="third")
    play(s, f"brew:{UNI}")
    return s


def test_an_any_element_picker_names_each_desk_card_and_its_element_briefly() -> None:
    s = _universality()
    d = s.decision
    assert d is not None
    assert d.prompt == (
        "Your Elixir of Universality needs any 2 elements: which Desk card gives the first?"
    )
    assert [o.label for o in d.options] == [
        "Love Potion as Air Crystal",
        "Elixir of Fire as Quintessence of Will",
        "Infusion of Prophecy as Bloodstone",
        "Great Elixir of Timelessness as Bloodstone",
        "Elixir of Revival as Elemental Magma",
    ]
    play(s, "desk:Love Potion")
    d = s.decision
    assert d is not None
    # The same question, one card fewer: a terminal that tells only what changed says little.
    assert d.prompt == (
        "Your Elixir of Universality needs any 2 elements: which Desk card gives the second?"
    )
    assert len(d.options) == 4


def _table(s: PotionMakingState, out: io.StringIO) -> Table:
    return Table(s, {1: athanor.catalog.bot("potion-making", "heuristic", 1)}, Terminal(None, out))


def test_typing_an_elements_name_picks_the_desk_card_that_shows_it() -> None:
    s = _universality()
    out = io.StringIO()
    table = _table(s, out)
    d = s.decision
    assert d is not None
    assert table.answer(d, "air crystal") == "moved"
    assert s.decision is not None and "desk:Love Potion" not in s.decision.ids
    d = s.decision
    assert table.answer(d, "quintessence") == "moved"
    [r] = s.collected[0]
    assert sorted(s.card(c).name for c in s.under[r][1]) == ["Elixir of Fire", "Love Potion"]


def test_an_element_two_different_cards_show_is_asked_again_and_changes_nothing() -> None:
    # Two Bloodstone cards with different tops are different choices (M6): the top matters
    # once the card is back on the Desk, to Knowledge, Transformation and Athanor.
    s = _universality()
    out = io.StringIO()
    table = _table(s, out)
    d = s.decision
    assert d is not None
    before = s.to_data()
    assert table.answer(d, "bloodstone") == ""
    assert s.to_data() == before
    said = out.getvalue()
    assert "could mean more than one option" in said
    assert "3. Infusion of Prophecy as Bloodstone" in said
    assert "4. Great Elixir of Timelessness as Bloodstone" in said


def test_a_named_element_picker_names_only_the_cards_tops() -> None:
    s = game("guild,university")
    arrange(
        s,
        0,
        hands={0: ["Elixir of Strength"]},
        desk=[
            "Elixir of Wisdom/Astral Energy",
            "Infusion of Prophecy",
            "Great Elixir of Timelessness",
            "Elixir of Revival",
        ],
        step="third",
    )
    play(s, "brew:Elixir of Strength")
    d = s.decision
    assert d is not None
    assert d.prompt == "Your Elixir of Strength needs Astral Energy: which Desk card?"
    assert [o.label for o in d.options] == [
        "Elixir of Wisdom",
        "Elixir of Revival as Elemental Magma",
    ]
    play(s, "desk:Elixir of Wisdom/Astral Energy")
    d = s.decision
    assert d is not None
    assert d.prompt == "Your Elixir of Strength needs Bloodstone: which Desk card?"
    assert [o.label for o in d.options] == [
        "Infusion of Prophecy",
        "Great Elixir of Timelessness",
        "Elixir of Revival as Elemental Magma",  # another element: said, and it answers
    ]


def test_a_recipe_picker_says_which_of_alike_needs_it_asks_for() -> None:
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Supreme Elixir"]},
        collected={
            0: ["Great Elixir of Timelessness", "Great Elixir of Might"],
            1: ["Great Elixir of Insight"],
        },
        step="play",
    )
    play(s, "brew:Supreme Elixir")
    d = s.decision
    assert d is not None
    assert d.prompt == "Your Supreme Elixir needs 2 collected Great Elixirs: which is the first?"
    assert "Bo's Great Elixir of Insight: they score 5 points" in [o.label for o in d.options]


def test_two_collected_recipes_that_would_read_the_same_are_told_apart() -> None:
    # By the element on their bottom: Bo's two Telepathic Remedies are different cards.
    s = game()
    arrange(
        s,
        0,
        hands={0: ["Basilisk"]},
        collected={
            0: ["Elixir of Secret Sight"],
            1: ["Telepathic Remedy/Astral Energy", "Telepathic Remedy/Ether Waves"],
        },
        step="play",
    )
    play(s, "brew:Basilisk")
    d = s.decision
    assert d is not None
    assert d.prompt == "Your Basilisk needs collected Telepathic Remedy: which one?"
    assert [o.label for o in d.options] == [
        "Bo's Telepathic Remedy (Astral Energy): they score 4 points",
        "Bo's Telepathic Remedy (Ether Waves): they score 4 points",
    ]
    # By what lies under them: which components go back to the Desk.
    s = game()
    fire = "Elixir of Fire"
    arrange(
        s,
        0,
        hands={0: ["Spell of Transformation/Bat Wing"]},
        desk=["Love Potion"],
        collected={
            0: [
                (fire, [], ["Emanation of Authority", "Potion of Eternal Sleep"]),
                (fire, [], ["Elixir of Secret Sight", "Infusion of Prophecy"]),
                ("Elixir of Wisdom", [], []),
            ]
        },
        step="play",
    )
    play(s, "spell:Spell of Transformation/Bat Wing")
    d = s.decision
    assert d is not None
    assert [o.label for o in d.options] == [
        "Your Elixir of Fire, made from Ether Waves and Fiery Light",
        "Your Elixir of Fire, made from Bat Wing and Bloodstone",
        "Your Elixir of Wisdom",
    ]


def test_needs_are_said_in_words_alike_ones_once() -> None:
    t = CS.types
    assert t["Elixir of Fire"].needs_words() == "Ether Waves and Fiery Light"
    assert t["Supreme Elixir"].needs_words() == "2 collected Great Elixirs"
    assert t["Powder of Atramentum"].needs_words() == "Belladonna and collected Elixir of Nigredo"
    assert t[UNI].needs_words() == "any 2 elements"
    assert t["Dragon"].needs_words() == (
        "collected Elixir of Strength and Powder of Control or Powder of Life"
    )
    assert "needs 2 collected Great Elixirs." in card_texts()["Supreme Elixir"]


# -- 3. a run of cards taken is one sentence -------------------------------------------------


def _guild_turn(seat: int) -> PotionMakingState:
    s = game("guild")
    arrange(
        s,
        seat,
        hands={0: ["Love Potion"] * 2 + ["Elixir of Fire"] * 2, 1: ["Isidas Mortum"] * 2},
        top={"Practice": ["Ward Solution", "Unicorn"], "Guild": ["Alkahest"]},
    )
    return s


def test_a_bots_cards_taken_in_a_phase_are_one_sentence_and_stay_hidden() -> None:
    s = _guild_turn(1)  # Bo holds 2: he takes 5, one at a time, choosing the deck each time
    play(s, "draw:Practice", "draw:Guild", "draw:Practice", "draw:Practice", "draw:Practice")
    p, g = len(s.decks["Practice"]), len(s.decks["Guild"])
    told = [e for e in s.log or [] if e.kind == "draw"]
    assert len(told) == 1
    assert told[0].text == (
        f"Bo takes 5 cards: 4 from the Practice deck ({p} left) and 1 from the Guild deck "
        f"({g} left)."
    )
    mine = told[0].render(1)
    assert mine.startswith("You take Ward Solution (Phoenix Feather), Unicorn (Belladonna), ")
    assert mine.endswith(
        f"from the Practice deck ({p} left); and Alkahest (Air Crystal) from the Guild deck "
        f"({g} left)."
    )
    for c in s.hands[1]:
        assert s.card(c).name not in told[0].render(0)  # Ana hears the count only


def test_the_one_taking_hears_each_card_before_choosing_the_next_deck() -> None:
    s = _guild_turn(0)  # Ana holds 4: she takes 3
    d = s.decision
    assert d is not None and d.prompt == "Take 3 cards: which deck?"
    assert [o.label for o in d.options] == ["Practice", "Guild"]
    play(s, "draw:Practice")
    d = s.decision
    assert d is not None
    assert d.prompt == "Take 2 more: which deck? You took Ward Solution (Phoenix Feather)."
    play(s, "draw:Guild", "draw:Practice")
    assert [e.kind for e in s.log or []].count("draw") == 1
    assert "Ana takes 3 cards: 2 from the Practice deck" in log_text(s, 1)


def test_a_spell_that_takes_cards_says_so_in_its_question() -> None:
    s = game("guild")
    t = next(c.key for c in CS.cards if c.name == "Spell of Trismegistus")
    arrange(s, 0, hands={0: [t, "Love Potion"]}, step="third")
    play(s, f"spell:{t}")
    d = s.decision
    assert d is not None and d.prompt == "Take 5 cards for the Spell of Trismegistus: which deck?"


def test_every_card_taken_is_told_once_to_its_taker() -> None:
    """Over whole games: the cards named in 'You take ...' are exactly the cards taken."""
    for i, mode in enumerate(BUILTIN_MODES):
        s, _ = _played(mode, 70 + i, players=2)
        for seat in range(2):
            told = [e.render(seat) for e in s.log or [] if e.kind == "draw"]
            mine = [t for t in told if t.startswith("You take ")]
            theirs = [t for t in told if not t.startswith("You take ")]
            assert mine and theirs
            for t in theirs:  # the other's cards: a count and decks only
                assert not any(f"{n} (" in t for n in NAMES), t


# -- 4. each thing said once -----------------------------------------------------------------


def test_a_spell_says_where_it_goes_when_it_is_cast_and_not_again() -> None:
    s = game()
    k = "Spell of Knowledge/Mushrooms"
    arrange(s, 0, hands={0: [k, "Love Potion"]}, desk=["Elixir of Fire"], step="play")
    d = s.decision
    assert d is not None
    assert d.option(f"spell:{k}").label == (  # type: ignore[union-attr]
        "Cast the Spell of Knowledge: take a recipe card from the Desk"
    )
    play(s, f"spell:{k}")
    said = log_text(s, 1).splitlines()
    assert said == [
        "Ana casts the Spell of Knowledge, which then lies on the Desk as Mushrooms.",
        "Ana takes Elixir of Fire from the Desk into their hand.",
    ]


def test_a_lay_is_said_in_few_words_and_a_point_only_when_there_is_one() -> None:
    for i, mode in enumerate(BUILTIN_MODES):
        said = _played(mode, 80 + i, players=2)[1]
        for text in said:
            if text.startswith("Lay ") and " as " in text:
                assert re.fullmatch(r"Lay .+ as .+?(: 1 point)?", text), text
                assert "Desk" not in text


def test_a_question_about_your_own_sequence_does_not_name_your_card() -> None:
    cards = [sc.name for sc in CS.sequence_cards]
    asked = 0
    for text in SAID:
        if text.startswith(("Add ", "Complete ", "Skip ", "Where does")):
            assert "Sequence " in text and not any(f"{c} Sequence" in text for c in cards), text
            asked += 1
    assert asked > 10


def test_a_whole_game_at_the_terminal_says_fewer_words_per_question() -> None:
    """One person (answering 1) and a bot, with the Guild, every option listed: under 90
    words printed per own question (118 before issue 24)."""
    out = io.StringIO()
    s = athanor.new_game("potion-making", 2, 3, {"expansions": "guild"})
    table = Table(
        s,
        {1: athanor.catalog.bot("potion-making", "heuristic", 1)},
        Terminal(io.StringIO("1\n" * 3000), out),
        verbosity="full",
    )
    assert table.run() == 0
    text = out.getvalue()
    asked = text.count("> ")
    assert asked > 40 and "Game over." in text
    assert len(text.split()) / asked < 90


# -- 5. rule words ---------------------------------------------------------------------------


def test_every_rule_word_has_a_few_words_of_our_own() -> None:
    assert SPEC.terms is TERMS
    assert 10 <= len(TERMS) <= 25
    for word, text in TERMS.items():
        assert word and text.strip() and text.endswith("."), word
        assert len(text.split()) <= 60, word


def _finds(typed: str) -> list[str]:
    known: dict[str, Any] = {**TERMS, **card_texts()}
    return best(words(typed), [(n, [words(n)]) for n in known])


def test_the_words_a_newcomer_meets_are_explained() -> None:
    # The words of the help, the prompts and the events, as a person would type them.
    for typed, term in [
        ("desk", "Desk of Elements"),
        ("element", "Element"),
        ("recipe", "Recipe"),
        ("lay", "Lay"),
        ("collect", "Collect"),
        ("collected recipe", "Collected recipe"),
        ("component", "Component"),
        ("spell", "Spell"),
        ("magma", "Elemental Magma"),
        ("great work sequence", "Great Work Sequence"),
        ("sequence card", "Sequence card"),
        ("step", "Step"),
        ("philosopher's stone", "Philosopher's Stone"),
        ("phase", "Phase"),
        ("deck", "Deck"),
        ("practice", "Practice"),
        ("guild", "Guild of Alchemists"),
        ("university", "University Course"),
        ("half points", "Half points"),
        ("class", "Class"),
    ]:
        assert _finds(typed) == [term], typed
    assert SPEC.help and "card WORD" in SPEC.help


def test_card_at_the_terminal_explains_a_rule_word() -> None:
    out = io.StringIO()
    s = game()
    table = _table(s, out)
    d = s.decision
    assert d is not None
    table.answer(d, "card desk")
    assert f"Desk of Elements: {TERMS['Desk of Elements']}" in out.getvalue()
