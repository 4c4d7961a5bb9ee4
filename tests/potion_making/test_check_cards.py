"""The card data checker (athanor check-cards FILE): each kind of problem is reported with the
file, the line and the card, and a sound file is summarised."""

import subprocess
import sys
from pathlib import Path

import pytest

from athanor.games.potion_making.cards import BUILTIN, check_file

TEXT = BUILTIN.read_text()
LINES = TEXT.splitlines()


def line_of(start: str) -> int:
    """The 1-based line number of the first line starting with ``start``."""
    return next(i for i, x in enumerate(LINES, 1) if x.startswith(start))


def check(tmp_path: Path, text: str) -> list[str]:
    f = tmp_path / "cards.tsv"
    f.write_text(text)
    out: list[str] = []
    rc = check_file(str(f), out.append)
    assert rc == (1 if len(out) > 1 else 0)
    return [x.replace(str(f), "FILE") for x in out]


def changed(old: str, new: str) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, 1)


def test_the_built_in_file_is_sound(tmp_path: Path) -> None:
    [summary] = check(tmp_path, TEXT)
    assert summary == (
        "FILE: sound. 165 cards (Practice 76, Guild 26, University 63), 88 kinds of card "
        "(33 reconstructed), 9 Great Work Sequences on 3 cards."
    )


def test_an_unknown_element_in_a_requirement(tmp_path: Path) -> None:
    out = check(tmp_path, changed("Fiery Light + Fern Flower", "Fiery Lite + Fern Flower"))
    n = line_of("Practice\tElixir of Knowledge")
    assert out[0] == (
        f"FILE:{n}: Elixir of Knowledge: unknown element 'Fiery Lite' (did you mean Fiery Light?)"
    )
    assert out[-1] == "FILE: 1 problem."


def test_an_unknown_element_on_a_bottom(tmp_path: Path) -> None:
    out = check(tmp_path, changed("\tBelladonna; Belladonna\t", "\tBelladonna; Beladonna\t"))
    n = line_of("Practice\tPolyglotum Potion")
    assert out[0].startswith(f"FILE:{n}: Polyglotum Potion: unknown element 'Beladonna' on its")


def test_a_recipe_name_written_as_an_element_gets_a_hint(tmp_path: Path) -> None:
    out = check(tmp_path, changed("[Love Potion] + Dragon's Tooth", "Love Potion + Dragon's Tooth"))
    assert "(write [Love Potion] for a collected recipe)" in out[0]


def test_a_recipe_needing_a_recipe_that_does_not_exist_cannot_be_built(tmp_path: Path) -> None:
    out = check(
        tmp_path, changed("[Love Potion] + Dragon's Tooth", "[Love Potoin] + Dragon's Tooth")
    )
    n = line_of("Practice\tPowder of Control")
    assert out[0] == (
        f"FILE:{n}: Powder of Control: cannot be built: it needs [Love Potoin], but no card has "
        "that name (did you mean Love Potion?)"
    )


def test_a_recipe_needing_a_spell_cannot_be_built(tmp_path: Path) -> None:
    out = check(
        tmp_path, changed("[Love Potion] + Dragon's Tooth", "[Spell of Knowledge] + Dragon's Tooth")
    )
    assert (
        "cannot be built: it needs [Spell of Knowledge], which is a spell, not a recipe" in out[0]
    )


def test_recipes_that_need_each_other_cannot_be_built(tmp_path: Path) -> None:
    text = changed("[Love Potion] + Dragon's Tooth", "[Powder of Fate] + Dragon's Tooth")
    text = text.replace(
        "[Infusion of Prophecy] + Phoenix Feather", "[Powder of Control] + Phoenix Feather", 1
    )
    out = check(tmp_path, text)
    assert any(
        "Powder of Control: cannot be built: it needs [Powder of Fate], which cannot be "
        "built either" in x
        for x in out
    )
    assert any("Powder of Fate: cannot be built: it needs [Powder of Control]" in x for x in out)


def test_a_class_with_too_few_recipes_cannot_be_built(tmp_path: Path) -> None:
    text = TEXT
    for line in LINES:
        if "\tGreat Elixir\t" in line and not line.startswith("Practice\tGreat Elixir of Might"):
            text = text.replace(line, line.replace("\tGreat Elixir\t", "\t\t"))
    out = check(tmp_path, text)
    n = line_of("Practice\tSupreme Elixir")
    assert out[0] == (
        f"FILE:{n}: Supreme Elixir: cannot be built: it needs 2 recipes of the class Great "
        "Elixir that can be built, and its decks hold 1"
    )


def test_an_unknown_class(tmp_path: Path) -> None:
    out = check(
        tmp_path, changed("any [Talisman] + any [Talisman]", "any [Talismen] + any [Talisman]")
    )
    assert "cannot be built: no recipe has the class 'Talismen' (did you mean Talisman?)" in out[0]


def test_an_element_that_no_card_shows_cannot_be_built(tmp_path: Path) -> None:
    text = changed("Spring Water\n", "Spring Water\nMoon Dust\n")
    text = text.replace("Fiery Light + Fern Flower", "Moon Dust + Fern Flower", 1)
    out = check(tmp_path, text)
    n = line_of("Practice\tElixir of Knowledge") + 1
    assert out[0] == (
        f"FILE:{n}: Elixir of Knowledge: cannot be built: no card of the Practice deck shows "
        "Moon Dust"
    )


def test_a_practice_recipe_may_not_need_a_university_card(tmp_path: Path) -> None:
    out = check(
        tmp_path, changed("[Powder of Incorporeality / Powder of Life]", "[Powder of Life]")
    )
    n = line_of("Practice\tBanshee")
    assert out[0] == (
        f"FILE:{n}: Banshee: cannot be built: it needs [Powder of Life], which is not in the "
        "Practice deck"
    )


def test_one_missing_element_is_allowed_where_magma_can_replace_it(tmp_path: Path) -> None:
    # A University recipe needing an element no card shows: Magma can stand in (one only).
    text = changed("Spring Water\n", "Spring Water\nMoon Dust\n")
    text = text.replace("Bloodstone + Air Crystal\t", "Moon Dust + Air Crystal\t", 1)
    [summary] = check(tmp_path, text)
    assert "sound" in summary
    text = text.replace("Moon Dust + Air Crystal\t", "Moon Dust + Moon Dust\t", 1)
    out = check(tmp_path, text)
    assert (
        "Elixir of Revival: cannot be built: no card of the Practice or Guild or University "
        "deck shows Moon Dust" in out[0]
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Elixir of Citrinitas (2) > Powder of Control",
            "Elixir of Citrinitus (2) > Powder of Control",
            "step 2 names 'Elixir of Citrinitus', which is not a card in this file "
            "(did you mean Elixir of Citrinitas?)",
        ),
        (" > Basilisk (8) > ", " > ", "has 6 steps; a Great Work Sequence has seven"),
        (
            "Philosopher's Stone: Panacea of Life (10)\tpublished",
            "Supreme Elixir (10)\tpublished",
            "the last step, Supreme Elixir, is not a Philosopher's Stone",
        ),
        (
            "Elixir of Knowledge (2) > Elixir of Citrinitas",
            "Spell of Knowledge (2) > Elixir of Citrinitas",
            "step 1, Spell of Knowledge, is a spell, not a recipe",
        ),
        (
            "Elixir of Knowledge (2) > Elixir of Citrinitas",
            "Elixir of Universality (2) > Elixir of Citrinitas",
            "step 1, Elixir of Universality, may never be placed in a Sequence",
        ),
        (
            "Elixir of Knowledge (2) > Elixir of Citrinitas",
            "Elixir of Revival (2) > Elixir of Citrinitas",
            "step 1, Elixir of Revival, is in the University deck, which a game with "
            "the Guild alone does not have",
        ),
        (
            "Elixir of Knowledge (2) > Elixir of Citrinitas",
            "Elixir of Knowledge (0) > Elixir of Citrinitas",
            "step 1 (Elixir of Knowledge) must be worth points",
        ),
        (
            "Elixir of Knowledge (2) > Elixir of Citrinitas",
            "Elixir of Knowledge 2 > Elixir of Citrinitas",
            "step 1 should read 'Name (points)', not 'Elixir of Knowledge 2'",
        ),
    ],
)
def test_broken_sequences(tmp_path: Path, old: str, new: str, message: str) -> None:
    out = check(tmp_path, changed(old, new))
    n = line_of("Panacea of Life\tElixir of Knowledge")
    assert f"FILE:{n}: Sequence 1 of Panacea of Life: {message}" in out


def test_the_same_sequence_twice(tmp_path: Path) -> None:
    first = next(x for x in LINES if x.startswith("Panacea of Life\t"))
    out = check(
        tmp_path, TEXT.replace(LINES[line_of("Panacea of Life\tElixir of Invisibility") - 1], first)
    )
    assert any(f"the same Sequence as on line {line_of('Panacea of Life')}" in x for x in out)


def test_a_sequence_card_with_other_than_three_sequences(tmp_path: Path) -> None:
    line = LINES[line_of("Red Tincture\tLove Potion") - 1]
    out = check(tmp_path, TEXT.replace(line + "\n", ""))
    n = line_of("Red Tincture\t")
    assert out[0] == f"FILE:{n}: Red Tincture: a Sequence card has three Sequences, not 2"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Practice\tLove Potion\trecipe",
            "Practise\tLove Potion\trecipe",
            "Love Potion: unknown deck 'Practise'; decks: Practice, Guild, University",
        ),
        (
            "Practice\tLove Potion\trecipe",
            "Practice\tLove Potion\tpotion",
            "Love Potion: unknown kind 'potion'; kinds: recipe, spell, stone",
        ),
        (
            "Practice\tLove Potion\trecipe\t2",
            "Practice\tLove Potion\trecipe\ttwo",
            "Love Potion: points must be a whole number 0 or more, not 'two'",
        ),
        (
            "\tknowledge\t",
            "\tknowlege\t",
            "Spell of Knowledge: unknown effect 'knowlege' (did you mean knowledge?)",
        ),
        ("\tknowledge\t", "\t\t", "Spell of Knowledge: a spell needs an effect"),
        ("Bloodstone + Mandrake Root\t", "\t", "Love Potion: a recipe needs requirements"),
        (
            "Air Crystal; Air Crystal\tpublished",
            "Air Crystal; Air Crystal\tguessed",
            "Love Potion: source must be 'published' or 'reconstructed', not 'guessed'",
        ),
        (
            "Bloodstone + Mandrake Root",
            "Bloodstone + + Mandrake Root",
            "Love Potion: an empty requirement (two '+' in a row?)",
        ),
    ],
)
def test_format_problems_name_the_card_and_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    n = next(i for i, x in enumerate(LINES, 1) if old in x)
    out = check(tmp_path, changed(old, new))
    assert out[0] == f"FILE:{n}: {message}"


def test_a_line_with_the_wrong_number_of_fields(tmp_path: Path) -> None:
    out = check(tmp_path, changed("Practice\tLove Potion\trecipe\t2\t", "Practice\tLove Potion\t"))
    n = line_of("Practice\tLove Potion")
    assert out[0].startswith(f"FILE:{n}: Love Potion: a card line has 9 tab-separated fields")


def test_a_card_listed_twice(tmp_path: Path) -> None:
    line = LINES[line_of("Practice\tLove Potion") - 1]
    out = check(tmp_path, changed(line, line + "\n" + line))
    n = line_of("Practice\tLove Potion")
    assert out[0] == (
        f"FILE:{n + 1}: Love Potion: card listed twice (first on line {n}); list every copy in "
        "one line's bottoms field"
    )


def test_an_unknown_section_and_a_line_outside_any_section(tmp_path: Path) -> None:
    out = check(tmp_path, "Love Potion\n@recipes\n" + TEXT)
    assert (
        out[0] == "FILE:1: Love Potion: a line before any section (@elements, @cards, @sequences)"
    )
    assert out[1] == "FILE:2: @recipes: unknown section; use @elements, @cards or @sequences"


def test_an_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    from athanor.engine import ConfigError

    with pytest.raises(ConfigError, match="cannot read the card data file"):
        check_file(str(tmp_path / "none.tsv"), print)


def test_the_command_line(tmp_path: Path) -> None:
    good = subprocess.run(
        [sys.executable, "-m", "athanor", "check-cards", str(BUILTIN)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert good.returncode == 0 and "sound. 165 cards" in good.stdout
    f = tmp_path / "bad.tsv"
    f.write_text(changed("Fiery Light + Fern Flower", "Fiery Lite + Fern Flower"))
    bad = subprocess.run(
        [sys.executable, "-m", "athanor", "check-cards", str(f)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 1
    assert (
        f"{f}:{line_of('Practice	Elixir of Knowledge')}: Elixir of Knowledge: unknown element"
        in bad.stdout
    )
    missing = subprocess.run(
        [sys.executable, "-m", "athanor", "check-cards", str(tmp_path / "nope.tsv")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert missing.returncode == 2 and "cannot read the card data file" in missing.stderr
