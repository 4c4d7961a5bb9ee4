"""The Alchemist's Crucible: a cooperative trick-taking game for 3-5 alchemists."""

from __future__ import annotations

from typing import Any

from athanor.engine import Decision, GameSpec, Level, OptionSpec, Rng
from athanor.games.crucible.bots import TeamBot, make_beginner
from athanor.games.crucible.commands import COMMANDS, rules_now, status
from athanor.games.crucible.disciplines import DISCIPLINES
from athanor.games.crucible.encoding import encoding
from athanor.games.crucible.missions import MISSIONS
from athanor.games.crucible.planner import (
    PlannerBot,
    make_budget_expert,
    make_budget_planner,
    make_expert,
)
from athanor.games.crucible.rules import CrucibleState


def card_texts() -> dict[str, str]:
    """The disciplines and the Catalysts, for the terminal's card command."""
    texts = {d.name: d.text for d in DISCIPLINES.values()}
    texts["Catalyst"] = (
        "The trump suit, 1 to 4. A Catalyst never flips. Whoever holds Catalyst 4 is the Lead "
        "Alchemist."
    )
    texts["Dual-natured card"] = (
        "Six suits, 1 to 9. Transmuted, a card turns to the opposite suit on the wheel "
        "(Brimstone and Mandrake, Quicksilver and Aether, Salt and Lodestone) at 10 minus its "
        "rank."
    )
    return texts


# The game's rule words, in our words, for the terminal's card command.
TERMS = {
    "Mission": (
        "One game: a page of the logbook (1 to 12) with its Cauldron Limit, Transmutation "
        "Target, slag cap, number of tasks and any special rule. The team wins or loses it "
        "together."
    ),
    "Task": (
        "A goal drafted at the start, such as 'win at least one Salt'. Only its owner's play "
        "counts for it. The mission is won when every task is complete, and lost the moment "
        "one can no longer be done."
    ),
    "Draft": (
        "Claiming the revealed tasks one at a time, starting with the Lead Alchemist and going "
        "round the table; the last task goes to whoever's turn it is."
    ),
    "Lead Alchemist": (
        "Whoever holds Catalyst 4 (or the highest Catalyst dealt). They draft first and lead "
        "the first reaction, and some tasks compare your tricks with theirs."
    ),
    "Discipline": (
        "Your alchemist's power for the mission: two are dealt, you keep one, and everyone sees "
        "it. Passive ones always work; the others are used once, on your own turn. Type card "
        "and a discipline's name to read it."
    ),
    "Reaction": (
        "One round of play, a trick: the leader declares Catalyze or Transmute and plays a "
        "card, then everyone else plays one card in turn."
    ),
    "Trick": (
        "Another word for a reaction. 'Win a trick' means win a safe Catalyze; for 'the first "
        "trick' or 'the last trick' every reaction counts."
    ),
    "Lead": (
        "To play the first card of a reaction. The leader also declares Catalyze or Transmute."
    ),
    "Suit": (
        "Brimstone, Quicksilver, Salt, Mandrake, Aether, Lodestone, and the Catalysts (the "
        "trump suit)."
    ),
    "Follow suit": (
        "Play a card of the suit that was led if you have one (by the face it shows now); "
        "if you have none, play any card, and everyone learns you have none of that suit."
    ),
    "Void": "A suit someone has shown they hold none of, by not following it.",
    "Catalyze": (
        "A reaction whose total must stay at or under the Cauldron Limit. If it does, the "
        "highest Catalyst, or else the highest card of the suit led, wins all the cards."
    ),
    "Transmute": (
        "A reaction that never boils over. At or over the Transmutation Target it succeeds: "
        "every card flips and goes back to its owner's hand. Under it, it fizzles."
    ),
    "Cauldron Limit": (
        "The highest total a Catalyze may reach (22 unless the mission says otherwise); one "
        "more and it boils over."
    ),
    "Transmutation Target": (
        "The total a Transmute must reach to succeed (18 unless the mission says otherwise)."
    ),
    "Boil Over": (
        "A Catalyze passing the Cauldron Limit: it stops at once, its cards go to the slag "
        "pile, and whoever pushed it over takes a slag token and leads next."
    ),
    "Slag": (
        "Slag tokens count Boil Overs for the whole team; the lab is lost at the mission's "
        "slag cap. The slag pile holds the cards of boiled reactions, won by nobody."
    ),
    "Flip": (
        "What a successful Transmute does to a card: it turns to the opposite suit (Brimstone "
        "and Mandrake, Quicksilver and Aether, Salt and Lodestone) at 10 minus its rank. "
        "Catalysts never flip."
    ),
    "Fizzle": (
        "A Transmute that ends under its target: its cards are destroyed, out of the mission."
    ),
    "Whisper Token": (
        "Once per mission, before a reaction, you may show one card to everyone with a true "
        "hint: your highest (top), lowest (bottom) or only (middle) card of its suit. Type the "
        "card's name to whisper it, or p to pass."
    ),
    "Sponge": (
        "Mission 11: one alchemist, a volunteer, who must win no Catalyze trick and may not "
        "lead a Transmute."
    ),
    "Out of play": (
        "Cards not dealt when the deck does not share out evenly; nobody sees them and they "
        "never count."
    ),
}


def whisper_offer(view: Any, decision: Decision) -> str | None:
    """The Whisper question in one line (the terminal lists its options only on ?); None
    for every other question."""
    if not any(o.id.startswith("whisper:") for o in decision.options):
        return None
    return (
        "You hold a Whisper Token: type a card to whisper it (your highest, lowest or only "
        "of a suit), or p to pass; ? lists them."
    )


# The conformance suite plays seed ``i`` with ``3 + i % 3`` players and option set ``i % 36``:
# entry k is mission 1 + k // 3, so every mission meets every table size.
CONFORMANCE_OPTIONS = tuple({"mission": 1 + k // 3} for k in range(3 * len(MISSIONS)))


def sample_options(rng: Rng) -> dict[str, Any]:
    """A mission drawn at random, so random tests cover the whole logbook."""
    return {"mission": 1 + rng.below(len(MISSIONS))}


SPEC = GameSpec(
    name="crucible",
    title="The Alchemist's Crucible",
    min_players=3,
    max_players=5,
    state_class=CrucibleState,
    options=(
        OptionSpec(
            "mission",
            "Which mission of the logbook to play, 1 to 12.",
            1,
            tuple(MISSIONS),
            int,
        ),
    ),
    summary="Cooperative trick-taking: draft tasks, Catalyze or Transmute, never boil over.",
    bots={
        "team": TeamBot,
        "beginner": make_beginner,
        "planner": PlannerBot,
        "expert-planner": make_expert,
        "budget-planner": make_budget_planner,
        "budget-expert": make_budget_expert,
    },
    default_bot="team",
    levels={
        "easy": Level(
            "beginner",
            "A beginner: the team bot imagining fewer of the hidden hands, and about one time "
            "in three playing its highest card without counting the cauldron. Weaker than "
            "normal; answers at once.",
        ),
        "normal": Level(
            "team",
            "The team bot: drafts tasks it can do, plays toward them and away from Boil Overs, "
            "imagining 6 deals of the hidden hands. The default bot; thinks briefly.",
        ),
        "hard": Level(
            "budget-planner",
            "The team bot, drafting tasks by playing the mission out from its own view, 8 "
            "playouts a pick: 6.2 points more than normal (-0.3 to +12.8) over 240 paired "
            "missions (3-5 players, missions 8 and 12). About 0.3 s a draft pick.",
        ),
        "expert": Level(
            "budget-expert",
            "The planner, 14 playouts at the draft, the discipline and the leader's Catalyze "
            "or Transmute: 10.9 points more than normal (+8.8 to +13.0) over 1,900 paired "
            "missions (3-5 players, missions 4-12). Up to about 0.6 s a choice.",
        ),
    },
    status=status,
    commands=COMMANDS,
    cooperative=True,
    encoding=encoding,
    help_now=rules_now,
    sample_options=sample_options,
    conformance_options=CONFORMANCE_OPTIONS,
    minor_events=frozenset({"deal"}),
    shortcuts={"c": "catalyze", "t": "transmute", "p": "pass", "pass": "pass"},
    cards=card_texts,
    terms=TERMS,
    offer=whisper_offer,
    score_name="missions won",
    help=(
        "A cooperative game: the team wins the mission only when every drafted task is "
        "complete. Each reaction the leader declares Catalyze or Transmute and plays; "
        "everyone else follows the lead suit if they can (Catalysts are trumps). Catalyze: "
        "the total must stay at or under the Cauldron Limit, or it boils over at once and the "
        "player who pushed it over takes a slag token; if it stays safe, the highest Catalyst, "
        "else the highest card of the lead suit, wins the cards. Transmute: at or over the "
        "Transmutation Target every card flips (opposite suit, 10 minus its rank) and goes "
        "back to its owner's hand; under it, the cards are destroyed. Before each reaction you "
        "may whisper one card once per mission. Your discipline, if it is not passive, is an "
        "option on your own turn."
    ),
)

__all__ = ["SPEC", "CrucibleState", "TeamBot"]
