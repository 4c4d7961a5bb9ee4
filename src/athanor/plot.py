"""Charts of a simulation (``athanor sim --plot FILE``), drawn with matplotlib.

The first panel gives each bot's win rate with its 95% Wilson interval (and the
tie rate beside it). When the game charts its progress (``TURN_FIGURES``, see
docs/simulator.md), one more panel per figure shows its mean after each of a
bot's turns (for Dominion victory points, Treasure owned and the money a turn
made; for Potion Party the ingredients gathered toward the recipe), stopping
where fewer than ``min_share`` of the games go on. The last two panels give the
game length distribution and how the games ended.
"""

from __future__ import annotations

import os
from typing import Any

from athanor.engine import ConfigError
from athanor.sim import CURVE_MIN_SHARE, BotStats, Summary

FORMATS = (".png", ".svg")


def check_path(path: str) -> str:
    """The plot's file, checked before a run: a PNG or SVG in a folder that exists."""
    path = os.path.expanduser(path)
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise ConfigError(f"--plot writes a .png or .svg file, not {path!r}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ConfigError(f"cannot write {path}: the folder {folder} does not exist")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError("--plot needs matplotlib: pip install 'athanor-tabletop[plot]'") from None
    return path


def games_words(stats: BotStats, figure: int, min_share: float = CURVE_MIN_SHARE) -> str:
    """How many games a curve's points stand on, first and last: "n = 2000 at turn 1,
    512 at turn 22" ("" for no curve)."""
    n = stats.curve_games(figure, min_share)
    if not n:
        return ""
    if len(n) == 1 or n[-1] == n[0]:
        return f"n = {n[0]}" + (f" to turn {len(n)}" if len(n) > 1 else " at turn 1")
    return f"n = {n[0]} at turn 1, {n[-1]} at turn {len(n)}"


def win_bars(
    summary: Summary,
) -> tuple[list[float], list[list[float]], list[float], list[str]]:
    """The first panel's bars: each bot's wins (%), the interval's lower and upper
    reach, ties (%) and the bars' names; a team game has one bar, the team's win rate
    (its seats share every result, so per seat it would read as all ties)."""
    if summary.team_games:
        t = summary.to_json()["team"]
        lo, hi = t["win_rate_ci95"]
        bots = ", ".join(sorted(set(summary.bots)))
        rate = t["win_rate"]
        return [100 * rate], [[100 * (rate - lo)], [100 * (hi - rate)]], [0.0], [f"team ({bots})"]
    rates: list[float] = []
    errors: list[list[float]] = [[], []]
    ties: list[float] = []
    for name in summary.per_bot:
        j = summary.per_bot[name].to_json()
        lo, hi = j["win_rate_ci95"]
        rates.append(100 * j["win_rate"])
        errors[0].append(100 * (j["win_rate"] - lo))
        errors[1].append(100 * (hi - j["win_rate"]))
        ties.append(100 * j["tie_rate"])
    return rates, errors, ties, list(summary.per_bot)


def length_bars(summary: Summary) -> tuple[list[int], list[int]]:
    """The game length distribution: each length in turns from the shortest game to the
    longest, and how many games took it."""
    if not summary.lengths:
        return [], []
    turns = list(range(min(summary.lengths), max(summary.lengths) + 1))
    return turns, [summary.lengths[t] for t in turns]


def ending_bars(summary: Summary) -> list[tuple[str, int]]:
    """How games ended (the records' ``ending``), the most common first."""
    return summary.endings.most_common()


def deck_lines(
    stats: BotStats, min_share: float = CURVE_MIN_SHARE, most: int = 10
) -> list[tuple[str, list[float]]]:
    """A bot's deck contents by turn: per card, the mean held after each turn, for the
    cards it ever held half a copy of on average (at most ``most``, the most held at the
    end first)."""
    lines = [(c, m) for c, m in stats.mean_cards(min_share).items() if m and max(m) >= 0.5]
    lines.sort(key=lambda cm: (-cm[1][-1], cm[0]))
    return lines[:most]


def spread_labels(ys: list[float], gap: float) -> list[float]:
    """Heights for labels wanted at ``ys`` (in that order), moved apart as little as
    needed so that no two are closer than ``gap``."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = [ys[i] for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    # Centre the moved group on where it was wanted, so labels do not all drift up.
    shift = (sum(placed) - sum(ys[i] for i in order)) / len(placed) if placed else 0.0
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = placed[k] - shift
    return out


def clear_of_legend(fig: Any, ax: Any) -> None:
    """Raise the top of a curve panel's value axis, if need be, so that its legend (in
    the upper left corner) sits above every curve rather than on one: a legend as wide
    as the panel hid the end of a rising victory point curve."""
    legend = ax.get_legend()
    tops = [max(line.get_ydata()) for line in ax.get_lines() if len(line.get_ydata())]
    if legend is None or not tops:
        return
    renderer = fig.canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    box = legend.get_window_extent(renderer)
    free = (box.y0 - frame.y0) / frame.height - 0.03  # the panel's share under the legend
    low, high = ax.get_ylim()
    if free < 0.3:  # a legend of many bots: raising the axis would flatten the curves
        return
    needed = low + (max(tops) - low) / free
    if needed > high:
        ax.set_ylim(low, needed)


def plot(summary: Summary, path: str, min_share: float = CURVE_MIN_SHARE) -> None:
    """Draw the report's charts into ``path`` (PNG or SVG, by its extension); a curve
    stops at the turn fewer than ``min_share`` of the bot's games reached."""
    import matplotlib.pyplot as plt

    fig = figure(summary, min_share)
    fig.savefig(path)
    plt.close(fig)


def figure(summary: Summary, min_share: float = CURVE_MIN_SHARE) -> Any:
    """The report's charts, a matplotlib Figure (``plot`` saves it)."""
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    curves = [
        (f, name)
        for f, name in enumerate(summary.figures)
        if any(b.mean_curve(f, min_share) for b in summary.per_bot.values())
    ]
    decks = [(n, deck_lines(b, min_share)) for n, b in summary.per_bot.items()]
    decks = [(n, lines) for n, lines in decks if lines]
    palette = plt.get_cmap("tab20")  # one colour per card, the same in every panel
    shown = sorted({card for _, lines in decks for card, _ in lines})
    # (the strong shades first: tab20 pairs each with a paler one)
    colour = {card: palette((2 * i) % 20 + (i // 10) % 2) for i, card in enumerate(shown)}
    panels = 3 + len(curves) + len(decks)  # win rates, curves, decks, lengths, endings
    cols = min(3, panels)
    rows = -(-panels // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.5 * cols, 4.2 * rows), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[panels:]:
        ax.set_visible(False)
    ax = flat[0]
    names = list(summary.per_bot)
    rates, errors, ties, bars = win_bars(summary)
    y = list(range(len(bars)))
    ax.barh(y, rates, xerr=errors, capsize=6, color="#3b6ea8", label="wins (95% interval)")
    if any(ties):
        ax.barh(y, ties, left=rates, color="#b9c7d8", label="ties")
    for i, r in enumerate(rates):
        ax.text(r + errors[1][i] + 1, i, f"{r:.1f}%", va="center")
    ax.set_yticks(y, bars)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%)")
    ax.set_title(f"{summary.game}: {summary.games} games, seed {summary.seed}")
    ax.legend(loc="lower right", fontsize="small")
    for k, (f, figure) in enumerate(curves, start=1):
        ax = flat[k]
        for name in names:
            stats = summary.per_bot[name]
            curve = stats.mean_curve(f, min_share)
            if curve:
                label = f"{name} ({games_words(stats, f, min_share)})"
                ax.plot(range(1, len(curve) + 1), curve, marker=".", label=label)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("the bot's turn")
        ax.set_ylabel("mean")
        ax.set_title(figure[:1].upper() + figure[1:] + ", by turn")
        ax.grid(alpha=0.3)
        ax.legend(
            loc="upper left",  # with room made above the curves (clear_of_legend)
            fontsize="x-small",
            title=f"stops where under {100 * min_share:g}% of games go on",
            title_fontsize="x-small",
            framealpha=0.7,
        )
    for k, (name, lines) in enumerate(decks, start=1 + len(curves)):
        ax = flat[k]
        for card, mean in lines:
            ax.plot(range(1, len(mean) + 1), mean, color=colour[card], label=card)
        # Each line is named at its end, to the right of every line, so no key hides
        # one (a legend box in the corner covered the Copper or Gold line).
        top = max((max(mean) for _, mean in lines if mean), default=1.0)
        tails = [(mean[-1], len(mean), card) for card, mean in lines if mean]
        last = max((n for _, n, _ in tails), default=1)
        gap = 0.055 * top
        heights = spread_labels([end for end, _, _ in tails], gap)
        for (end, n, card), at in zip(tails, heights, strict=True):
            ax.annotate(
                card,
                xy=(n, end),
                xytext=(last + 0.6, at),
                color=colour[card],
                fontsize="x-small",
                va="center",
                arrowprops={"arrowstyle": "-", "color": colour[card], "alpha": 0.4, "lw": 0.6},
            )
        ax.set_xlim(0.5, last + 0.25 * last + 2)
        low = min([0.0, *heights]) - gap
        ax.set_ylim(low, max([top, *heights]) + gap)
        ax.set_xticks(
            [int(x) for x in MaxNLocator(integer=True).tick_values(1, last) if 1 <= x <= last]
        )
        ax.set_xlabel(f"the bot's turn (lines stop under {100 * min_share:g}% of games)")
        ax.set_ylabel("mean cards held")
        ax.set_title(f"{name}'s deck, by turn")
        ax.grid(alpha=0.3)
    ax = flat[1 + len(curves) + len(decks)]
    turns, counts = length_bars(summary)
    ax.bar(turns, counts, color="#3b6ea8")
    if summary.games:
        ax.axvline(summary.turns_total / summary.games, color="#c0504d", label="mean")
        ax.legend(fontsize="small")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("turns in the game (as the report's average counts them)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.grid(alpha=0.3, axis="y")
    ax = flat[2 + len(curves) + len(decks)]
    ends = ending_bars(summary)
    y = list(range(len(ends)))
    ax.barh(y, [n for _, n in ends], color="#3b6ea8")
    for i, (_, n) in enumerate(ends):
        ax.text(n, i, f" {100 * n / summary.games:.1f}%", va="center")
    ax.set_yticks(y, [e for e, _ in ends])
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.set_title("How games ended")
    ax.margins(x=0.15)
    fig.tight_layout()
    for k in range(1, 1 + len(curves)):
        clear_of_legend(fig, flat[k])
    return fig
