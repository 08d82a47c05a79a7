"""The difficulty ladder in words, one source for the print guide, `docs/balance.md` and
`throne simulate --ladder`: each level, its hard cards and per bot the measured win rate (95%
interval) or "not yet measured". No number is ever made up here.
"""

from __future__ import annotations

from throne_pnp.content.ladder import ladder_of
from throne_pnp.content.model import Content, Level, Measured

BOTS = ("search", "greedy")          # always shown, strongest player first
NOT_MEASURED = "not yet measured"
DOC_BEGIN = "<!-- ladder:begin (written by throne simulate --ladder --doc) -->"
DOC_END = "<!-- ladder:end -->"


def shown_bots(levels: list[Level]) -> list[str]:
    """The bots to show: the expert if measured, search and greedy, then any other measured."""
    extra = sorted({b for lv in levels for b, m in lv.measured.items() if m.current} - set(BOTS))
    return sorted([*BOTS, *extra], key=lambda bot: bot != "expert")


def pct(value: float) -> str:
    return f"{value * 100:.1f}".rstrip("0").rstrip(".") + "%"


def rate_words(fig: Measured | None) -> str:
    """`49.6% (45.2-54%, 500 games)`, or "not yet measured"."""
    if fig is None:
        return NOT_MEASURED
    lo, hi = fig.ci95
    return f"{pct(fig.win_rate)} ({pct(lo)}-{pct(hi)}, {fig.games} games)"


def cards_words(level: Level) -> str:
    if not level.hard:
        return "no skull cards"
    n = len(level.hard)
    return f"{n} skull card{'s' if n > 1 else ''}: {', '.join(map(str, level.hard))}"


def guide_blocks(content: Content) -> list[tuple[str, str]]:
    """The guide's ladder section as (kind, marked-up text) blocks."""
    levels = ladder_of(content)
    if not levels:
        return [("head", "Difficulty"),
                ("para", "This edition has no difficulty ladder: shuffle in skull cards "
                         "{skull} to taste (`throne new --hard N`). Win rates: "
                         f"{NOT_MEASURED}.")]
    bots = [b for b in shown_bots(levels) if b in BOTS or any(lv.bots.get(b) for lv in levels)]
    out = [("head", "Difficulty ladder"),
           ("para", "Each level shuffles its skull cards {skull} into the deck and keeps "
                    "those of the level before; `throne new --level NAME` plays it. How "
                    "often the simulator's players won there, with 95 % intervals (an expert "
                    "follows `throne hint` at every choice: each one played on over hundreds "
                    "of imagined games ten turns ahead; quick search: a few imagined games a "
                    "choice, the figure designers sweep with; a careful newcomer takes the "
                    "choice that looks best at that moment):")]
    for level in levels:
        rates = "; ".join(f"{player_name(b)}: {rate_words(level.bots.get(b))}" for b in bots)
        out.append(("bullet", f"**{level.name.capitalize()}** ({cards_words(level)}): {rates}."))
    if not any(lv.bots.get(b) for lv in levels for b in bots):
        out.append(("para", f"Win rates for this edition are {NOT_MEASURED}: "
                            "`throne simulate --sweep --ladder --write-ladder` measures them."))
    return out


def player_name(bot: str) -> str:
    """A simulated player as the guide names it (a bot's name is the program's)."""
    names = {"expert": "expert", "search": "quick search", "greedy": "careful newcomer"}
    return names.get(bot, f"player {bot}")


def markdown_table(content: Content) -> str:
    """The ladder as a Markdown table with each bot's measuring command below it."""
    levels = ladder_of(content)
    if not levels:
        return f"This edition has no difficulty ladder (ladder.yaml); win rates: {NOT_MEASURED}."
    bots = shown_bots(levels)
    head = ["level", "hard cards (in ladder order)"] + [f"{b}: win rate (95% CI, games)"
                                                        for b in bots]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---|" * len(bots)]
    for level in levels:
        cards = ", ".join(map(str, level.hard)) or "none"
        cells = [f"`{level.name}`", cards] + [rate_words(level.bots.get(b)) for b in bots]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for bot in bots:
        fig = next((lv.bots[bot] for lv in levels if lv.bots.get(bot) is not None), None)
        if fig is None:
            lines.append(f"- {bot}: {NOT_MEASURED}.")
            continue
        budget = f", budget {fig.budget}" if fig.budget is not None else ""
        lines.append(f"- {bot}: `{fig.command}` (seed {fig.seed}{budget}).")
    return "\n".join(lines)


def replace_doc_region(text: str, table: str) -> str:
    """`text` with `table` between the ladder markers (ValueError without them)."""
    start, end = text.find(DOC_BEGIN), text.find(DOC_END)
    if start < 0 or end < start:
        raise ValueError("no ladder markers")
    return text[:start + len(DOC_BEGIN)] + "\n" + table + "\n" + text[end:]
