"""The University Course's cards. Their effects are not published: ours are reconstructed and
marked so in the card data (rules notes, University section). One test per card, and the four
interactions the Guild rulebook lists."""

from tests.potion_making.helpers import arrange, asking, game, ids_of, log_text, names, play

U = "guild,university"


def spell(name: str) -> str:
    return next(c.key for c in game(U).cs.cards if c.name == name)


def test_magic_whirlpool_lets_each_other_player_lay_one_card() -> None:
    s = game(U, players=3)
    w = spell("Magic Whirlpool")
    arrange(
        s,
        0,
        hands={0: [w, "Love Potion"], 1: ["Elixir of Fire"], 2: ["Isidas Mortum"]},
        step="third",
    )
    play(s, f"spell:{w}")
    seat, ids = asking(s)
    assert seat == 1 and ids == ["lay:Elixir of Fire", "pass"]
    play(s, "lay:Elixir of Fire")
    seat, ids = asking(s)
    assert seat == 2 and ids[-1] == "pass"
    play(s, "pass")
    assert s.scores == [0, 1, 0] and asking(s)[0] == 0  # then Ana's play after the spell


def test_magic_whirlpool_skips_players_with_no_cards() -> None:
    s = game(U, players=3)
    w = spell("Magic Whirlpool")
    arrange(s, 0, hands={0: [w, "Love Potion"], 2: ["Isidas Mortum"]}, step="third")
    play(s, f"spell:{w}")
    assert asking(s)[0] == 2


def test_spell_of_necessity_takes_two_cards() -> None:
    s = game(U)
    arrange(s, 0, hands={0: [spell("Spell of Necessity")]}, step="third")
    play(s, f"spell:{spell('Spell of Necessity')}", "draw:Practice", "draw:Guild")
    assert len(s.hands[0]) == 2


def test_spell_of_universal_knowledge_takes_any_card_the_stone_included() -> None:
    s = game(U)
    uk = spell("Spell of Universal Knowledge")
    arrange(s, 0, hands={0: [uk]}, desk=["Philosopher's Stone: Red Tincture"], step="third")
    play(s, f"spell:{uk}")
    assert names(s, s.hands[0]) == ["Philosopher's Stone: Red Tincture"]


def test_spell_of_creation_lays_up_to_two_cards_scoring_as_usual() -> None:
    s = game(U)
    c = spell("Spell of Creation")
    arrange(s, 0, hands={0: [c, "Love Potion", "Isidas Mortum", "Elixir of Fire"]}, step="third")
    play(s, f"spell:{c}", "lay:Love Potion", "lay:Isidas Mortum")
    assert s.scores[0] == 2 and len(s.hands[0]) == 1
    # The lays follow the spell's own sentence, which names it once.
    assert log_text(s, 1).splitlines()[-2:] == [
        "Ana lays Love Potion as Air Crystal: 1 point.",
        "Ana lays Isidas Mortum as Snake's Eye: 1 point.",
    ]
    # Then the usual play after the spell.
    assert ids_of(s, "lay:") == ["lay:Elixir of Fire"]


def test_spell_of_creation_may_stop_early() -> None:
    s = game(U)
    c = spell("Spell of Creation")
    arrange(s, 0, hands={0: [c, "Love Potion", "Isidas Mortum"]}, step="third")
    play(s, f"spell:{c}", "done")
    assert len(s.hands[0]) == 2


def test_spell_of_magical_knowledge_takes_a_spell_from_the_desk() -> None:
    s = game(U)
    m = spell("Spell of Magical Knowledge")
    arrange(s, 0, hands={0: [m]}, desk=["Spell of Knowledge", "Love Potion"], step="third")
    play(s, f"spell:{m}")
    assert names(s, s.hands[0]) == ["Spell of Knowledge"]


def test_spell_of_transfiguration_swaps_a_hand_card_for_a_desk_card() -> None:
    s = game(U)
    t = spell("Spell of Transfiguration")
    arrange(s, 0, hands={0: [t, "Love Potion"]}, desk=["Supreme Elixir"], step="third")
    play(s, f"spell:{t}")
    assert names(s, s.hands[0]) == ["Supreme Elixir"]
    assert sorted(names(s, s.desk)) == ["Love Potion", "Spell of Transfiguration"]
    assert s.scores[0] == 0


def test_spell_of_overthrow_sends_another_players_recipe_to_the_desk() -> None:
    s = game(U)
    o = spell("Spell of Overthrow")
    arrange(
        s,
        0,
        hands={0: [o, "Love Potion"]},
        collected={
            1: [("Elixir of Fire", [], ["Emanation of Authority", "Potion of Eternal Sleep"])]
        },
        scores=[0, 2],
        step="third",
    )
    play(s, f"spell:{o}")
    assert s.collected[1] == [] and s.scores == [0, 2]
    assert sorted(names(s, s.desk)) == [
        "Elixir of Fire",
        "Emanation of Authority",
        "Potion of Eternal Sleep",
        "Spell of Overthrow",
    ]


def test_spell_of_overthrow_does_not_reach_into_sequences() -> None:
    s = game(U)
    s.seq_card[1] = 2
    o = spell("Spell of Overthrow")
    arrange(s, 0, hands={0: [o]}, seqs={1: {0: ["Elixir of Fire"]}}, step="third")
    assert ids_of(s, "spell:") == []


def test_spell_of_diversity_scores_one_point_per_four_different_elements() -> None:
    s = game(U)
    d = spell("Spell of Diversity")
    desk = [
        "Love Potion",
        "Isidas Mortum",
        "Elixir of Fire",
        "Ward Solution",
        "Elixir of Knowledge",
        "Elixir of Revival",
        "Elixir of Oblivion",
        "Dragon",
        "Unicorn",
        "Elixir of Strength",
    ]
    arrange(s, 0, hands={0: [d]}, desk=desk, step="third")
    # 8 different elements (Snake's Eye twice, Magma not counted): 2 points.
    play(s, f"spell:{d}")
    assert s.scores[0] == 2


def test_spell_of_acceleration_gives_two_plays() -> None:
    s = game(U)
    a = spell("Spell of Acceleration")
    arrange(s, 0, hands={0: [a, "Love Potion", "Isidas Mortum", "Elixir of Fire"]}, step="third")
    play(s, f"spell:{a}", "lay:Love Potion", "lay:Isidas Mortum")
    assert s.current == 1


def test_spell_of_the_forbidden_forest_takes_a_creature_with_its_components() -> None:
    s = game(U)
    f = spell("Spell of the Forbidden Forest")
    arrange(
        s,
        0,
        hands={0: [f, "Love Potion"]},
        collected={1: [("Unicorn", ["Ward Solution", "Elixir of Wisdom"], []), "Love Potion"]},
        scores=[0, 8],
        step="third",
    )
    play(s, f"spell:{f}")
    assert names(s, s.collected[0]) == ["Unicorn"] and names(s, s.collected[1]) == ["Love Potion"]
    assert names(s, s.under[s.collected[0][0]][0]) == ["Ward Solution", "Elixir of Wisdom"]
    assert s.scores == [0, 8]


def test_the_forbidden_forest_may_not_take_a_creature_from_a_sequence() -> None:
    s = game(U)
    s.seq_card[1] = 1  # Magisterium: Sequence 3 ends its recipes with the Unicorn
    f = spell("Spell of the Forbidden Forest")
    arrange(
        s,
        0,
        hands={0: [f]},
        seqs={
            1: {
                2: [
                    "Ward Solution",
                    "Elixir of Eternal Youth",
                    "Great Elixir of Protection",
                    "Aqua Regis",
                    "Powder of Atramentum",
                    "Unicorn",
                ]
            }
        },
        step="third",
    )
    assert ids_of(s, "spell:") == []


def test_scruple_of_conscience_gives_every_other_player_a_point() -> None:
    s = game(U, players=3)
    sc = spell("Scruple of Conscience")
    arrange(s, 0, hands={0: [sc]}, step="third")
    play(s, f"spell:{sc}")
    assert s.scores == [0, 1, 1]


def test_lesser_talisman_of_income_scores_a_point_per_other_collected_recipe() -> None:
    s2 = game(U)
    s2.seq_card[0] = 2
    arrange(
        s2,
        0,
        hands={0: ["Lesser Talisman of Income"]},
        desk=["Elixir of Strength"],  # Thought Energy
        collected={0: ["Elixir of Contradiction", "Love Potion", "Isidas Mortum"]},
        seqs={0: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        step="third",
    )
    play(s2, "brew:Lesser Talisman of Income")
    # 4 points, plus 1 for each other recipe held: Love Potion, Isidas Mortum and the two steps
    # (the Elixir of Contradiction went into the talisman).
    assert s2.scores[0] == 4 + 4


def test_lesser_talisman_of_universality_pays_its_owner_in_full() -> None:
    s = game(U)
    arrange(
        s,
        0,
        hands={0: ["Great Elixir of Might"]},
        collected={
            0: ["Elixir of Strength"],
            1: ["Elixir of Secret Sight", "Lesser Talisman of Universality"],
        },
        step="third",
    )
    play(s, "brew:Great Elixir of Might")
    assert s.scores == [6, 6]


def test_lesser_talisman_of_universality_also_covers_sequence_steps() -> None:
    s = game(U)
    s.seq_card[0] = 2
    s.seq_card[1] = 2
    arrange(
        s,
        0,
        collected={1: ["Lesser Talisman of Universality"]},
        seqs={1: {0: ["Elixir of Fire", "Elixir of Fidelity"]}},
        step="third",
    )
    play(s, "step:1")
    assert s.scores == [2, 2]


def test_lesser_talisman_of_growth_takes_two_cards() -> None:
    s = game(U)
    arrange(
        s,
        0,
        hands={0: ["Lesser Talisman of Growth"]},
        desk=["Elixir of Eternal Youth", "Emanation of Authority"],  # Ether Waves
        collected={0: ["Elixir of Revival"]},
        step="third",
    )
    play(s, "brew:Lesser Talisman of Growth", "draw:Practice", "draw:Guild")
    assert len(s.hands[0]) == 2 and s.scores[0] == 4


def test_lesser_talisman_of_usefulness_may_take_a_desk_recipe() -> None:
    s = game(U)
    arrange(
        s,
        0,
        hands={0: ["Lesser Talisman of Usefulness"]},
        desk=["Elixir of Fire", "Spell of Knowledge", "Elixir of Invisibility", "Love Potion"],
        step="third",
    )
    # Quintessence of Will (Elixir of Fire), Mushrooms (Knowledge), Astral Energy (Invisibility).
    play(s, "brew:Lesser Talisman of Usefulness")
    assert ids_of(s, "desk:") == ["desk:Love Potion"] and "none" in asking(s)[1]
    play(s, "desk:Love Potion")
    assert names(s, s.hands[0]) == ["Love Potion"]


def test_talisman_of_sorcery_takes_any_three_lesser_talismans() -> None:
    s = game(U)
    arrange(
        s,
        0,
        hands={0: ["Talisman of Sorcery"]},
        collected={
            0: ["Lesser Talisman of Income", "Lesser Talisman of Growth"],
            1: ["Lesser Talisman of Usefulness"],
        },
        step="third",
    )
    play(s, "brew:Talisman of Sorcery")
    assert s.scores == [8, 4]


def test_powder_of_life_takes_four_elements() -> None:
    s = game(U)
    arrange(
        s,
        0,
        hands={0: ["Powder of Life"]},
        desk=[
            "Great Elixir of Rebirth",
            "Great Elixir of Might",
            "Elixir of Eternal Youth",
            "Polyglotum Potion",
            "Isidas Mortum",
        ],
        step="third",
    )
    play(s, "brew:Powder of Life")
    assert s.scores[0] == 4 and names(s, s.desk) == ["Polyglotum Potion"]


def test_a_spell_taken_from_the_desk_cannot_be_cast_the_same_turn() -> None:
    # M27: otherwise two Spells of Magical Knowledge could fetch each other for ever.
    s = game(U)
    m = spell("Spell of Magical Knowledge")
    arrange(s, 0, hands={0: [m, "Love Potion"]}, desk=[m], step="second")
    play(s, f"spell:{m}")
    assert ids_of(s, "spell:") == []
    play(s, "lay:Love Potion")
    assert ids_of(s, "spell:") == []  # the third phase of the same turn
    play(s, f"lay:{m}")


def test_universal_knowledge_does_not_take_spells() -> None:
    s = game(U)
    uk = spell("Spell of Universal Knowledge")
    arrange(s, 0, hands={0: [uk]}, desk=["Spell of Knowledge"], step="third")
    assert ids_of(s, "spell:") == []
