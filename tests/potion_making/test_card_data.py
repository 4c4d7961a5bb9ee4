"""The built-in card data (M1) and playing with another card data file (--option cards=PATH)."""

from collections import Counter
from pathlib import Path

import pytest

import athanor
from athanor.engine import ConfigError
from athanor.games.potion_making.cards import BUILTIN, load
from athanor.games.potion_making.rules import parse_mode
from tests.potion_making.helpers import arrange, game, play

GUILD_RECIPES = [
    "Elixir of Citrinitas",
    "Elixir of Albedo",
    "Elixir of Nigredo",
    "Elixir of Rubedo",
    "Alkahest",
    "Aqua Regis",
    "Phoenix",
    "Vermilion Powder",
    "Powder of Atramentum",
    "Talisman Smaragdium",
    "Talisman of Kibalion",
    "Great Elixir of Transformation",
]


def test_practice_has_76_cards_of_the_published_kinds() -> None:
    cs = load()
    practice = [cs.cards[i] for i in cs.deck_ids["Practice"]]
    assert len(practice) == 76
    tiers = Counter()
    for c in practice:
        t = c.type
        if t.kind == "spell":
            tiers["spell"] += 1
        elif t.simple:
            tiers["two elements"] += 1
        elif not t.recipe_parts:
            tiers["three elements"] += 1
        else:
            tiers[str(t.points)] += 1
    assert tiers == {
        "two elements": 32,
        "three elements": 12,
        "4": 4,
        "6": 8,
        "8": 12,
        "10": 2,
        "spell": 6,
    }
    assert all(cs.types[c.name].source == "published" for c in practice)


def test_the_any_two_recipes_show_a_choice_of_three_elements() -> None:
    cs = load()
    for name in ("Supreme Elixir", "Great Talisman of Magic"):
        [copy] = cs.types[name].bottoms
        assert len(copy) == 3


def test_every_guild_recipe_of_the_chart_is_reconstructed_and_marked() -> None:
    cs = load()
    for name in GUILD_RECIPES:
        t = cs.types[name]
        assert t.deck == "Guild" and t.kind == "recipe"
        assert t.source == "reconstructed" and t.note


def test_the_reconstruction_keeps_the_rulebooks_constraints() -> None:
    cs = load()
    phoenix = cs.types["Phoenix"]
    assert phoenix.requires_words() == "[Alkahest] + [Elixir of Nigredo / Elixir of Rubedo]"
    assert {"Talisman Smaragdium", "Talisman of Kibalion"} <= cs.by_class["Talisman"]
    assert "Aqua Regis" in cs.by_class["Great Elixir"]
    assert {
        "Philosopher's Stone: Panacea of Life",
        "Philosopher's Stone: Magisterium",
        "Philosopher's Stone: Red Tincture",
    } == {n for n, t in cs.types.items() if t.kind == "stone"}
    elements = set(cs.elements)
    for t in cs.types.values():
        for copy in t.bottoms:
            assert set(copy) <= elements


def test_the_nine_sequences_have_seven_steps_worth_2_2_4_4_6_8_10() -> None:
    cs = load()
    assert len(cs.sequences) == 9 and [len(sc.sequences) for sc in cs.sequence_cards] == [3, 3, 3]
    for seq in cs.sequences:
        assert [p for _, p in seq.steps] == [2, 2, 4, 4, 6, 8, 10]
        assert all(cs.types[n].deck in ("Practice", "Guild") for n, _ in seq.steps)
        assert seq.stone.endswith(seq.card)


def test_university_effects_are_marked_reconstructed() -> None:
    cs = load()
    for t in cs.types.values():
        if t.deck == "University" and t.effect and t.effect != "universality":
            assert t.source == "reconstructed", t.name


def test_the_expansions_option_names_the_mode() -> None:
    assert parse_mode("") == "practice"
    assert parse_mode("Practice") == "practice"
    assert parse_mode("guild") == "guild"
    assert parse_mode("university, guild") == "guild,university"
    with pytest.raises(ConfigError, match="played together with the Guild"):
        parse_mode("university")
    with pytest.raises(ConfigError):
        athanor.new_game("potion-making", 2, 1, {"expansions": "guilds"})


def test_a_card_file_of_your_own_replaces_the_built_in_one(tmp_path: Path) -> None:
    f = tmp_path / "mine.tsv"
    f.write_text(
        BUILTIN.read_text().replace(
            "Practice\tLove Potion\trecipe\t2", "Practice\tLove Potion\trecipe\t5"
        )
    )
    s = game(cards=str(f))
    assert s.cs.types["Love Potion"].points == 5
    arrange(
        s,
        0,
        hands={0: ["Love Potion"]},
        desk=["Infusion of Prophecy", "Solution of Eternity"],
        step="play",
    )
    play(s, "brew:Love Potion")
    assert s.scores[0] == 5
    assert game().cs.types["Love Potion"].points == 2


def test_a_card_file_with_problems_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "bad.tsv"
    f.write_text(
        BUILTIN.read_text().replace("Fiery Light + Fern Flower", "Fiery Lite + Fern Flower")
    )
    with pytest.raises(ConfigError, match=f"See: athanor check-cards {f}"):
        game(cards=str(f))
    with pytest.raises(ConfigError, match="cannot read the card data file"):
        game(cards=str(tmp_path / "none.tsv"))


def test_a_game_with_its_own_cards_saves_and_loads(tmp_path: Path) -> None:
    f = tmp_path / "mine.tsv"
    f.write_text(
        BUILTIN.read_text().replace(
            "Practice\tLove Potion\trecipe\t2", "Practice\tLove Potion\trecipe\t5"
        )
    )
    s = athanor.new_game("potion-making", 2, 3, {"expansions": "guild", "cards": str(f)})
    for _ in range(10):
        d = s.decision
        assert d is not None
        s.apply(d.ids[-1])
    again = athanor.load_game(s.to_json())
    assert again.to_json() == s.to_json()
