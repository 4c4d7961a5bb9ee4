"""The shortcuts random playouts take give the same games as the plain rules path."""

from __future__ import annotations

import athanor
from athanor.engine import RandomAgent, Rng
from athanor.games.potion_party.rules import PotionPartyState, Turn

ODD_FACES = {
    "blue_faces": "dark,heart,1,heart,2,dark",
    "red_faces": "potion,dark,3,potion,dark,1",
}


def _turn_start(seed: int, options: dict[str, str], alchemist: str) -> PotionPartyState:
    """A game (log off) at the start of seat 0's turn, before the roll."""
    s = athanor.new_game("potion-party", 2, seed, {"alchemists": "random", **options}, log=False)
    assert isinstance(s, PotionPartyState)
    s.alchemist[0] = alchemist
    s._reset_turn()
    assert s.begin_turn(0)
    return s


def _table(s: PotionPartyState) -> tuple[object, ...]:
    return (s.pool, s.aside, s.groups, s.tally, s.greedy_ok, s.rng.state)


def test_a_fresh_pool_settles_from_the_tables_as_settle_would() -> None:
    for seed in range(600):
        options = ODD_FACES if seed % 2 else {}
        recipe = ("invisibility", "speed", "soul-jar")[seed % 3]
        alchemist = "lich" if seed % 5 == 0 else "orc"
        s = _turn_start(seed, {"recipe": recipe, **options}, alchemist)
        fast, plain = s.clone(), s.clone()
        fast.rng, plain.rng = Rng(seed * 7919), Rng(seed * 7919)
        dark = plain.roll_pool(0)
        if dark >= 2 and alchemist == "lich":
            # The Lich is asked first: the tables only roll, leaving the faces in the pool.
            assert fast.roll_fresh(0) == dark
        else:
            assert fast.roll_fresh(0) == -1
            assert plain.settle(0)
        assert _table(fast) == _table(plain), seed


def test_a_turn_prompt_read_after_the_answer_tells_the_question_asked() -> None:
    # A Turn question makes its words only when first read, from a snapshot: answering it
    # first (a greedy roll, a die saved or taken, a Super Die) must not change them.
    checked = 0
    for seed in range(150):
        s = athanor.new_game("potion-party", 3, seed, {"blue_faces": ODD_FACES["blue_faces"]})
        s.log = None  # the shortcuts are taken only when nobody reads the log
        agent = RandomAgent(seed)
        while (d := s.decision) is not None:
            frame = s.stack[-1]
            expected = frame.prompt(s) if isinstance(frame, Turn) else None
            s.apply(agent.choose(s, d))
            if expected is not None:
                assert d.prompt == expected
                checked += 1
    assert checked > 2000


def test_a_greedy_roll_in_one_pass_leaves_what_roll_pool_and_settle_leave() -> None:
    """Greedy rolls from every kind of pool a game reaches (groups formed, Alchemy faces,
    kept dice, Darkness needed or not, dice with odd faces), rolled both ways with the
    same generator: the same dice, groups, tally, verdict and generator state after."""
    checked = busts = 0
    for seed in range(300):
        options = ODD_FACES if seed % 2 else {}
        recipe = ("invisibility", "speed", "soul-jar")[seed % 3]
        s = athanor.new_game("potion-party", 2, seed, {"recipe": recipe, **options}, log=False)
        agent = RandomAgent(seed)
        while (d := s.decision) is not None:
            if isinstance(s.stack[-1], Turn) and "greedy" in d.ids:
                assert isinstance(s, PotionPartyState)
                fast, plain = s.clone(), s.clone()
                fast.rng, plain.rng = Rng(seed), Rng(seed)
                safe = fast.roll_and_settle(fast.current, True)
                plain.roll_pool(plain.current)
                assert plain.settle(plain.current, greedy=True) == safe
                if safe:
                    assert _table(fast) == _table(plain), seed
                else:
                    busts += 1
                    assert fast.rng.state == plain.rng.state
                checked += 1
            s.apply(agent.choose(s, d))
    assert checked > 1000 and busts > 100


def test_a_first_roll_with_saved_dice_in_one_pass_leaves_what_roll_pool_and_settle_leave() -> None:
    """A turn's first roll with saved dice added to the pool (one to five blue, up to three
    red, in any order), rolled both ways with the same generator."""
    for seed in range(400):
        options = ODD_FACES if seed % 2 else {}
        recipe = ("invisibility", "speed", "soul-jar")[seed % 3]
        s = _turn_start(seed, {"recipe": recipe, **options}, "orc")
        gen = Rng(seed)
        extra = [("blue", "")] * (1 + gen.below(5)) + [("red", "")] * gen.below(4)
        gen.shuffle(extra)
        s.pool = s.pool + extra
        fast, plain = s.clone(), s.clone()
        fast.rng, plain.rng = Rng(seed * 31), Rng(seed * 31)
        assert fast.roll_and_settle(0, False)
        plain.roll_pool(0)
        assert plain.settle(0)
        assert _table(fast) == _table(plain), seed
