"""`throne simulate` on the difficulty ladder: `--ladder`, `--level`, `--cards`, `--write-ladder`.

Checks the options together and formats the reports of `sim.decks`,
`content.ladder_write` and `render.ladder_text`, which do the work.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import UserError, echo_json
from throne_pnp.content import find_edition, load_content
from throne_pnp.content.ladder import ladder_of, measure_command
from throne_pnp.content.ladder_write import write_ladder
from throne_pnp.content.model import Content, Level
from throne_pnp.writing import write_text


def ladder_levels(content: Content) -> list[Level]:
    levels = ladder_of(content)
    if not levels:
        raise UserError("--ladder: this edition has no difficulty ladder (ladder.yaml); "
                        "add one (docs/content.md) or sweep the hard-card counts without "
                        "--ladder")
    return levels


def run_ladder(content: Content, levels: list[Level], *, games: int, bot: str,
               budget: int | None, seed: int, jobs: int, turn_cap: int,
               content_dir: Path | None, write: bool, doc: Path | None, plot: Path | None,
               as_json: bool, sweep: bool = True) -> None:
    """Play the levels (all of them with `sweep`, else one asked for by --level),
    then write, regenerate and report as asked."""
    from throne_pnp.sim.decks import ladder_report
    from throne_pnp.sim.simulate import progress_bar

    if write:
        own_edition(content_dir)      # refused before any game is played
    if doc is not None:
        _doc_region(doc, "")          # (so is a --doc with no place for the table)

    cdir = str(content_dir) if content_dir is not None else None
    command = measure_command(bot, games=games, seed=seed, budget=budget,
                              turn_cap=turn_cap if turn_cap != 200 else None, content_dir=cdir)
    if not sweep:
        command = command.replace("--sweep --ladder", f"--level {levels[0].name}").replace(
            " --write-ladder", "")
    report = ladder_report(content, levels, games, bot=bot, seed=seed, jobs=jobs,
                           content_dir=cdir, turn_cap=turn_cap, progress=progress_bar(),
                           command=command, budget=budget)
    notes = []
    if write:
        content = _write(content, report, content_dir)
        notes.append(f"Figures written to {content.directory / 'ladder.yaml'}")
    if doc is not None:
        from throne_pnp.render.components.ladder_text import markdown_table

        write_text(doc, _doc_region(doc, markdown_table(content)))
        notes.append(f"Ladder table written to {doc}")
    if plot is not None:
        _plot(content, report, plot)
        notes.append(f"Chart written to {plot}")
    if as_json:
        echo_json(report)
        return
    click.echo("\n".join([ladder_text(report), *notes]))


def own_edition(content_dir: Path | None) -> Path:
    """The edition `--write-ladder` writes into: one of the user's own. The bundled
    edition (found because no other was named) and anything inside the installed
    package are refused, saying how to make one's own (SPEC §12)."""
    from throne_pnp.writing import check_target

    edition = find_edition(content_dir)
    directory = edition.directory
    make = ("make an edition of your own with `throne init my-edition` and pass "
            "--content my-edition")
    if edition.source == "bundled":
        raise UserError(f"--write-ladder writes into the edition's ladder.yaml, and the "
                        f"edition in use is the one bundled with throne ({directory}), "
                        f"which no command writes; {make}")
    check_target(directory / "ladder.yaml", "--write-ladder", kind="edition",
                 edition_ok=directory, instead=make)
    return directory


def _write(content: Content, report: dict[str, Any], content_dir: Path | None) -> Content:
    directory = own_edition(content_dir)
    try:
        write_ladder(directory, report)
    except OSError as exc:
        raise UserError(f"--write-ladder: cannot write {directory / 'ladder.yaml'} "
                        f"({exc.strerror or exc}); use --content with an edition you can "
                        "edit (`throne init`)") from None
    return load_content(directory)


def _doc_region(doc: Path, table: str) -> str:
    """The text of `doc` with `table` between its ladder markers; refused without them."""
    from throne_pnp.render.components.ladder_text import DOC_BEGIN, DOC_END, replace_doc_region

    try:
        text = doc.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"--doc: cannot read {doc} ({exc})") from None
    try:
        return replace_doc_region(text, table)
    except ValueError:
        raise UserError(f"--doc: {doc} has no place for the ladder table; put the two lines "
                        f"{DOC_BEGIN} and {DOC_END} where it belongs") from None


def _plot(content: Content, report: dict[str, Any], plot: Path) -> None:
    """Every bot's curve: the run's own, and the others' current figures in the ladder."""
    from throne_pnp.sim.chart import write_ladder_plot

    levels = ladder_of(content)
    curves: dict[str, list] = {}
    games = {report["bot"]: report["rows"][0]["games"]}
    for level in levels:
        for bot, fig in level.measured.items():
            if fig.current and bot != report["bot"]:
                curves.setdefault(bot, []).append((len(level.hard), level.name, fig.win_rate,
                                                   *fig.ci95))
                games.setdefault(bot, fig.games)
    curves[report["bot"]] = [(r["hard"], r["level"], r["win_rate"], *r["ci95"])
                             for r in report["rows"]]
    if len(games) == 1:
        counted = f"{games[report['bot']]} games per level"
    else:  # each bot's own count: the runs need not be alike
        counted = "games per level: " + ", ".join(f"{bot} {n}" for bot, n in games.items())
    title = f"{content.map.name}: win rate per ladder level ({counted}, seed {report['seed']})"
    write_ladder_plot(curves, [(len(lv.hard), lv.name) for lv in levels], title, plot)


def ladder_text(report: dict[str, Any]) -> str:
    """The ladder sweep as a table a person reads."""
    budget = f", budget {report['budget']}" if report.get("budget") is not None else ""
    lines = [f"bot {report['bot']}{budget}, seed {report['seed']}, "
             f"turn cap {report['turn_cap']}",
             "level       hard   games   wins  win rate  95% CI          mean turns"
             "  lost by turn 2"]
    for row in report["rows"]:
        lo, hi = row["ci95"]
        lines.append(f"{row['level']:<10}  {row['hard']:>4}  {row['games']:>6}  "
                     f"{row['wins']:>5}  {row['win_rate']:>7.1%}  {lo:>6.1%}-{hi:<6.1%}  "
                     f"{row['mean_turns']:>10.1f}  {row['lost_by_turn_2']:>14}")
    lines.append(f"Reproduce: {report['command']}")
    return "\n".join(lines)


def run_cards(content: Content, level: Level | None, *, games: int, bot: str,
              budget: int | None, seed: int, jobs: int, turn_cap: int,
              content_dir: Path | None, as_json: bool) -> None:
    """The per-card report for the level's deck (or the normal deck)."""
    from throne_pnp.sim.decks import card_report
    from throne_pnp.sim.simulate import progress_bar

    report = card_report(content, level.hard if level else (), games, bot=bot, seed=seed,
                         jobs=jobs, content_dir=str(content_dir) if content_dir else None,
                         turn_cap=turn_cap, level=level.name if level else None,
                         progress=progress_bar(), budget=budget)
    if as_json:
        echo_json(report)
        return
    click.echo(cards_text(report))


def _change(entry: dict[str, Any]) -> str:
    if "skipped" in entry:
        return f"{'kept':>21}"
    lo, hi = entry["change_ci95"]
    return f"{entry['change'] * 100:>+6.1f} ({lo * 100:+.1f},{hi * 100:+.1f})"


def cards_text(report: dict[str, Any]) -> str:
    """The per-card report as a table: picks, and the win-rate change of each variant."""
    base = report["base"]
    deck = f"level {report['level']}" if report["level"] else "the normal deck"
    plain = report["plain_card"]
    lines = [f"bot {report['bot']}, seed {report['seed']}, {report['games']} games per "
             f"variant, {deck}: base win rate {base['win_rate']:.1%}",
             f"plain card: {plain['bugles']} bugles, {plain['swords']} swords, "
             f"{plain['shields']} shields, King {' and '.join(plain['king'])}, "
             f"{plain['flags']} flags",
             "card  name                  phase picks  battle picks   removed: change "
             "(95% CI), points   swapped for plain"]
    for card in report["cards"]:
        phase, battle = card["phase"], card["battle"]
        name = (card["name"] or "")[:20] + (" *" if card["hard"] else "")
        lines.append(f"{card['id']:>4}  {name:<22}{_picks(phase):>12}  {_picks(battle):>12}"
                     f"   {_change(card['removed'])}          {_change(card['swapped'])}")
    lines.append("* hard card. Picks: chosen / decisions where the bot held the card.")
    return "\n".join(lines)


def _picks(entry: dict[str, Any]) -> str:
    return f"{entry['picked']}/{entry['held']}"
