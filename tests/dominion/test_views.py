"""What the view adds for a client drawing the table (D45): set-aside cards shown to
everyone except those Sentry looks at, where a question's cards lie, and each player's
score card by card at the end."""

from __future__ import annotations

from typing import Any

from athanor.games.dominion.rules import DominionState
from tests.dominion.helpers import arrange, game, play


def revealed(s: DominionState, viewer: int, owner: int) -> list[str]:
    cards: list[str] = s.view(viewer)["players"][owner]["revealed"]
    return cards


def source(s: DominionState) -> Any:
    return s.view(None)["source"]


def test_sentry_s_cards_are_seen_by_their_owner_only() -> None:
    s = game("Sentry")
    arrange(s, 0, hand=["Sentry"], deck=["Copper", "Curse", "Estate", "Gold"])
    play(s, "play:Sentry")
    assert sorted(revealed(s, 0, 0)) == ["Curse", "Estate"]
    assert revealed(s, 1, 0) == [] and revealed(s, None, 0) == []  # type: ignore[arg-type]
    assert s.view(1)["players"][0]["set_aside_size"] == 2
    assert source(s) == {"zone": "revealed", "seat": 0}
    play(s, "back:Curse")
    assert sorted(revealed(s, 0, 0)) == ["Curse", "Estate"] and revealed(s, 1, 0) == []


def test_golem_s_reveal_lies_open_and_its_question_is_about_it() -> None:
    s = game("Golem", "Village", "Smithy")
    arrange(s, 0, hand=["Golem", "Smithy"], deck=["Village", "Copper", "Smithy", "Gold"])
    play(s, "play:Golem")
    assert sorted(revealed(s, 1, 0)) == ["Smithy", "Village"]
    assert source(s) == {"zone": "revealed", "seat": 0}


def test_bandit_s_reveal_is_open_and_the_victim_chooses_on_it() -> None:
    s = game("Bandit")
    arrange(s, 0, hand=["Bandit"], others={1: {"deck": ["Silver", "Gold"]}})
    play(s, "play:Bandit")
    assert sorted(revealed(s, 0, 1)) == ["Gold", "Silver"]
    assert source(s) == {"zone": "revealed", "seat": 1}


def test_scrying_pool_s_question_names_whose_revealed_card() -> None:
    s = game("Scrying Pool")
    arrange(
        s,
        0,
        hand=["Scrying Pool", "Potion"],
        deck=["Estate", "Copper"],
        others={1: {"deck": ["Gold", "Copper"]}},
    )
    play(s, "play:Scrying Pool")
    assert source(s) == {"zone": "revealed", "seat": 0}
    play(s, "back:Estate")
    assert source(s) == {"zone": "revealed", "seat": 1}
    assert revealed(s, 0, 1) == ["Gold"]


def test_library_s_set_aside_card_is_open_but_the_card_drawn_is_not() -> None:
    s = game("Library", "Smithy", "Village")
    arrange(
        s,
        0,
        hand=["Library"] + ["Copper"] * 3,
        deck=["Smithy", "Village", "Silver", "Estate", "Duchy"],
    )
    play(s, "play:Library")
    assert revealed(s, 1, 0) == [] and source(s) == {"zone": "hand", "seat": 0}
    play(s, "aside:Smithy")
    assert revealed(s, 1, 0) == ["Smithy"]
    assert s.view(1)["players"][0]["hand"] is None


def test_harbinger_vassal_and_herbalist_choose_from_discard_discard_and_play() -> None:
    s = game("Harbinger")
    arrange(s, 0, hand=["Harbinger"], deck=["Copper"], discard=["Gold"])
    play(s, "play:Harbinger")
    assert source(s) == {"zone": "discard", "seat": 0}
    s = game("Vassal", "Smithy")
    arrange(s, 0, hand=["Vassal"], deck=["Smithy"])
    play(s, "play:Vassal")
    assert source(s) == {"zone": "discard", "seat": 0}
    s = game("Herbalist")
    arrange(s, 0, hand=["Herbalist", "Gold", "Copper"], deck=["Estate"] * 5)
    play(s, "play:Herbalist", "treasures", "end")
    assert source(s) == {"zone": "play", "seat": 0}


def test_an_attack_asks_about_the_target_s_hand() -> None:
    s = game("Militia")
    arrange(s, 0, hand=["Militia"], others={1: {"hand": ["Copper"] * 4 + ["Estate"]}})
    play(s, "play:Militia")
    assert source(s) == {"zone": "hand", "seat": 1}


def test_the_score_card_by_card_adds_up_at_the_end() -> None:
    s = game("Gardens", "Vineyard", "Village")
    s.supply["Province"] = 1
    arrange(
        s,
        0,
        hand=["Gold", "Gold", "Copper", "Copper"],
        deck=["Gardens", "Gardens", "Vineyard", "Village", "Village", "Village", "Province"]
        + ["Curse", "Estate"] * 6,
        step="buy",
        actions=0,
    )
    play(s, "buy:Province")
    assert s.over
    rows = {name: (n, pts) for name, n, pts in s.view(0)["players"][0]["breakdown"]}
    total = 4 + 7 + 12 + 1  # cards: the hand, 7 in the deck list, 12 Curses and Estates, 1 bought
    assert rows["Gardens"] == (2, 2 * (total // 10))
    assert rows["Vineyard"] == (1, 1)  # three Villages
    assert rows["Curse"] == (6, -6) and rows["Estate"] == (6, 6) and rows["Province"] == (2, 12)
    assert "Copper" not in rows and "Village" not in rows
    assert sum(pts for _, pts in rows.values()) == s.view(0)["players"][0]["vp"]
    assert "breakdown" not in game("Village").view(0)["players"][0]  # only at the end
