"""What the Crucible says, said once: the Whisper offer in one line, labels that stay the
same, narration that does not repeat what was just heard, and the rule words explained."""

from __future__ import annotations

import re

import pytest

import athanor
from athanor.games.crucible import SPEC, TERMS, card_texts, whisper_offer
from tests.cli.test_terminal_user import run
from tests.crucible.helpers import pick, play, table

PLAY = ["play", "crucible", "--bots", "2", "--seed", "1"]  # you lead, with a Whisper Token


# -- the Whisper offer ------------------------------------------------------------------


def test_the_whisper_question_is_offered_in_one_line_and_no_other_question_is() -> None:
    s = table("B9 B3 S1", "B1 S2", "B2 S3", tokens=True)
    d = s.decision
    assert d is not None and d.ids[-1] == "pass"
    line = whisper_offer(s.view(0), d)
    assert line is not None and "p to pass" in line and "type a card" in line
    assert SPEC.offer is whisper_offer
    pick(s, "pass", "pass", "pass")
    for _ in range(2):  # the intent, then the card to lead
        d = s.decision
        assert d is not None and whisper_offer(s.view(d.seat), d) is None
        pick(s, d.ids[0])
    draft = athanor.new_game("crucible", 3, 1, {"mission": 2})
    assert draft.decision is not None and draft.decision.ids[0].startswith("task:")
    assert whisper_offer(draft.view(draft.decision.seat), draft.decision) is None


def test_p_passes_at_the_whisper_and_keeps_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    rc, out, err = run(monkeypatch, PLAY, "1\np\nquit\nyes\n")
    assert rc == 0, err
    offer = "You hold a Whisper Token: type a card to whisper it"
    assert out.count(offer) == 1
    assert "Whisper Brimstone" not in out  # the options are not listed
    after = out.split(offer, 1)[1]
    assert "You whisper" not in after
    assert "You lead: Catalyze or Transmute?" in after
    assert SPEC.shortcuts["p"] == "pass" and SPEC.shortcuts["pass"] == "pass"
    assert {"c", "t"} <= set(SPEC.shortcuts)  # the short keys for the intent stay


@pytest.mark.parametrize("typed", ["brimstone 1", "b 1", "Brimstone 1"])
def test_a_cards_name_at_the_whisper_whispers_that_card(
    monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    rc, out, err = run(monkeypatch, PLAY, f"1\n{typed}\nquit\nyes\n")
    assert rc == 0, err
    assert "You whisper Brimstone 1, your lowest Brimstone." in out


def test_a_card_named_only_in_the_apprentices_words_is_not_whispered() -> None:
    """The Apprentice's words name the transmuted face; they are in brackets, which typed
    names are not matched against, so 'Mandrake 1' cannot whisper Brimstone 9."""
    from athanor.cli.matching import match

    s = table("B9 B3 S1", "B1 S2", "B2 S3", disciplines=["apprentice", "", ""], tokens=True)
    d = s.decision
    assert d is not None
    assert match("mandrake 1", d.options, SPEC.shortcuts).option is None
    found = match("brimstone 9", d.options, SPEC.shortcuts).option
    assert found is not None and found.id == "whisper:B9:top"


# -- the Void Weaver, said ----------------------------------------------------------------


def test_the_void_weavers_catalyst_is_said_to_count_0_and_not_to_win() -> None:
    s = table("C2 B1", "S9 S2", "S3 S4", disciplines=["void-weaver", "", ""], leader=1)
    pick(s, "catalyze")
    play(s, "S9", "S3")
    d = s.decision
    assert d is not None and d.seat == 0
    labels = {o.id: o.label for o in d.options}
    assert labels["play:C2"] == "Play Catalyst 2 (counts 0)"
    assert labels["play:B1"] == "Play Brimstone 1"
    play(s, "C2")
    heard = s.events_for(None)
    assert (
        "Ana plays Catalyst 2 (the Void Weaver counts it 0): the cauldron is at 12 of 22." in heard
    )
    assert "Bo wins the Catalyze, taking 3 cards (the Void Weaver's Catalyst cannot win)." in heard
    assert any(
        line.startswith("You play Catalyst 2 (the Void Weaver counts it 0)")
        for line in s.events_for(0)
    )


def test_heavy_metals_and_the_pyromancer_are_said_too() -> None:
    s = table("C2 B1", "S9 S2", "S3 S4", mission=7, leader=1)
    pick(s, "catalyze")
    play(s, "S9", "S3")
    d = s.decision
    assert d is not None
    assert [o.label for o in d.options] == ["Play Brimstone 1", "Play Catalyst 2 (counts 10)"]
    play(s, "C2")
    heard = "Ana plays Catalyst 2 (Heavy Metals: it counts 10): the cauldron is at 22 of 22."
    assert heard in s.events_for(None)
    s = table("B9 S1", "B2 S2", "B3 S3", disciplines=["pyromancer", "", ""])
    pick(s, "catalyze", "use:pyromancer", "confirm")
    play(s, "B9")
    assert s.events_for(1)[-1] == (
        "Ana plays Brimstone 9 (the Pyromancer counts it 0): the cauldron is at 0 of 22."
    )


# -- said once ------------------------------------------------------------------------------


def test_a_cards_label_stays_the_same_while_the_total_changes() -> None:
    """The total and the limit are in the question, so the terminal can say 'the same
    options as before' instead of reading them again."""
    s = table("B1 B2 S1 S2", "B3 S3 A1 A2", "B4 S4 A3 A4")
    pick(s, "catalyze")
    d = s.decision
    assert d is not None and d.prompt == "Lead a card to the Catalyze (limit 22)"
    assert [o.label for o in d.options] == [
        "Play Brimstone 1",
        "Play Brimstone 2",
        "Play Salt 1",
        "Play Salt 2",
    ]
    play(s, "B1", "B3", "B4")
    pick(s, "catalyze")
    d = s.decision
    assert d is not None and d.seat == 2
    assert d.prompt.startswith("Lead a card")
    pick(s, "play:S4")
    d = s.decision
    assert d is not None and d.prompt == "Play to the Catalyze (total 4 of 22; Salt led)"
    assert [o.label for o in d.options] == ["Play Salt 1", "Play Salt 2"]


def test_a_card_that_would_boil_over_says_so() -> None:
    s = table("B9 S1", "B8 S2", "B7 B6 S3")
    pick(s, "catalyze")
    play(s, "B9", "B8")
    d = s.decision
    assert d is not None
    assert [o.label for o in d.options] == [
        "Play Brimstone 6 (boils over)",
        "Play Brimstone 7 (boils over)",
    ]


def test_the_lead_question_gives_the_hand_by_suit_and_not_the_reaction_again() -> None:
    s = table("B1 B3 S2 C4", "B2 S1", "B4 S3")
    d = s.decision
    assert d is not None
    assert d.prompt == (
        "You lead: Catalyze or Transmute? (your hand: Brimstone 1 and 3; Salt 2; Catalyst 4)"
    )
    assert s.events_for(0)[-1] == "Reaction 1: you lead."


def test_a_reaction_says_who_leads_next_once_and_a_transmute_does_not_repeat_its_cards() -> None:
    s = table("B9 S1", "B8 S2", "B3 S3")
    pick(s, "transmute")
    play(s, "B9", "B8", "B3")
    heard = s.events_for(None)
    assert not any("leads the next reaction" in line for line in heard)
    assert heard.count("Reaction 2: Ana leads.") == 1
    assert "The Transmute succeeds (5 successful Transmutes left this mission)." in heard
    s = table("B2 S1", "B1 S2", "B3 S3")
    pick(s, "transmute")
    play(s, "B2", "B1", "B3")
    assert "The Transmute fizzles, short of 18: its 3 cards are destroyed." in s.events_for(None)


def test_the_set_up_says_each_thing_once(monkeypatch: pytest.MonkeyPatch) -> None:
    s = athanor.new_game("crucible", 3, 1, {"mission": 1})
    mine = s.events_for(0)
    assert "Special rule" not in mine[0]  # mission 1 has none
    assert mine[2].startswith("Your hand: Brimstone 1, 3, 5 and 6; Quicksilver 2;")
    i = next(k for k, line in enumerate(mine) if line.startswith("The task revealed: "))
    assert mine[i + 1] == "You take it."
    while s.decision is not None and s.decision.ids[0].startswith("keep:"):
        pick(s, s.decision.ids[0])
    mine = s.events_for(0)
    assert any(re.fullmatch(r"You keep the [A-Za-z ]+\.", line) for line in mine)
    assert not any("The first reaction begins" in line for line in mine)
    assert mine.count("Reaction 1: you lead.") == 1


# -- rule words ----------------------------------------------------------------------------


def test_every_rule_word_has_a_short_explanation_of_its_own() -> None:
    assert 10 <= len(TERMS) <= 25
    for word, text in TERMS.items():
        assert text.strip() and len(text) < 400, word
        assert text[0].isupper() and text.endswith("."), word
    assert not set(TERMS) & set(card_texts())  # card NAME finds one text for each name
    assert SPEC.terms is TERMS


@pytest.mark.parametrize(
    "word",
    [
        "Cauldron Limit",
        "Transmutation Target",
        "Catalyze",
        "Transmute",
        "slag token",
        "Boil Over",
        "whisper",
        "discipline",
        "task",
        "mission",
        "reaction",
        "trick",
        "lead",
        "suit",
        "Lead Alchemist",
        "Sponge",
        "fizzle",
        "flip",
        "void",
        "out of play",
        "draft",
    ],
)
def test_the_words_a_newcomer_meets_are_explained(word: str) -> None:
    """Each word is in the help, a prompt, a label or the narration, and in TERMS."""
    stem = word.casefold().split()[0][:5]
    keys = [k for k in TERMS if k.casefold().startswith(stem)]
    assert keys, word
