"""How each score was made (M31): at the end of a game the view gives every player's points
by Sequence, Stone, recipe, recipe effect, new elements, payments and spells, worked out by
replaying the game's record, and the rows add up to the score."""

import re
from collections import Counter

import pytest

from athanor.engine import RandomAgent
from athanor.games.potion_making.bots import make_bot
from athanor.games.potion_making.breakdown import KINDS, breakdown
from athanor.games.potion_making.rules import PotionMakingState
from tests.potion_making.helpers import BUILTIN_MODES, SKIP, arrange, game, key, play


def _finish(s: PotionMakingState, seed: int) -> None:
    agents = [make_bot(seed + i) if i % 2 == 0 else RandomAgent(seed + i) for i in range(s.players)]
    while s.decision is not None:
        s.apply(agents[s.decision.seat].choose(s, s.decision))


@pytest.mark.parametrize("mode", BUILTIN_MODES)
def test_the_rows_add_up_to_every_score(mode: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        s = game(mode, players=2 + seed % 3, seed=seed)
        _finish(s, seed)
        rows = breakdown(s)
        assert rows is not None
        for i, mine in enumerate(rows):
            assert sum(r[3] for r in mine) == s.scores[i]
            assert all(r[0] in KINDS and r[0] != "other" and r[3] > 0 for r in mine)
            kinds.update(r[0] for r in mine)
        views = [s.view(v) for v in (None, *range(s.players))]
        assert all([p["breakdown"] for p in v["players"]] == rows for v in views)
    assert {"recipe", "element"} <= set(kinds)
    if mode != "practice":
        assert "sequence" in kinds


def test_a_game_in_progress_has_no_breakdown() -> None:
    s = game("guild")
    assert all("breakdown" not in p for p in s.view(0)["players"])


def test_a_table_laid_out_by_hand_has_no_breakdown() -> None:
    """Without a record that replays to the same scores, no breakdown rather than a wrong one."""
    s = game("practice")
    arrange(s, 0, hands={0: ["Elixir of Fire"]}, desk=["Isidas Mortum"], step="play")
    play(s, f"lay:{key(s, 'Elixir of Fire')}")
    s.end("a test")
    assert breakdown(s) is None
    assert all(p["breakdown"] is None for p in s.view(0)["players"])


def test_elements_and_payments_agree_with_the_narration() -> None:
    """New elements and half points as the log told everyone, counted independently."""
    total = 0
    for seed in range(4):
        s = game("guild", players=3, seed=seed)
        _finish(s, seed)
        rows = breakdown(s)
        assert rows is not None
        lines = s.events_for(None)
        for i, name in enumerate(s.names):
            laid = sum(
                1 for x in lines if x.startswith(f"{name} lays ") and x.endswith(": 1 point.")
            )
            paid = 0
            for x in lines:
                head, sep, tail = x.partition("; ")
                if sep and re.search(r": \d+ points?$", head):
                    for m in re.finditer(rf"\b{name} scores (\d+) points?", tail):
                        paid += int(m.group(1))
            got = {r[0]: r[3] for r in rows[i] if r[0] in ("element", "paid")}
            assert got.get("element", 0) == laid, (seed, name)
            assert got.get("paid", 0) == paid, (seed, name)
            total += paid
    assert total > 0


def test_a_whole_game_s_rows_name_its_recipes_and_sequences() -> None:
    s = game("guild", players=2, seed=3)
    _finish(s, 3)
    rows = breakdown(s)
    assert rows is not None
    named = {r[1] for r in rows[0] if r[0] == "sequence"}
    started = [j for j, steps in enumerate(s.seqs[0]) if any(c != SKIP for c in steps)]
    card = s.cs.sequence_cards[s.seq_card[0]]
    assert named == {f"{card.name} Sequence {j + 1}" for j in started}


def test_a_scoring_spell_is_a_row_of_its_own() -> None:
    """A University game in which a spell scored (Diversity, or another's Scruple)."""
    for seed in range(40):
        s = game("guild,university", players=2, seed=seed)
        _finish(s, seed)
        rows = breakdown(s)
        assert rows is not None
        kinds = {r[0] for mine in rows for r in mine}
        if "spell" in kinds and "paid" in kinds:
            return
    pytest.fail("no game with a scoring spell and a payment in 40 seeds")
