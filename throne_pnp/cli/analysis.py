"""`throne simulate` and `throne odds`: thin calls into `sim.decks`
(the difficulty ladder: `--ladder`, `--level`, `--cards`, `--write-ladder`, its options
checked together) and `sim.odds`, with their reports formatted; svgwrite only for `--plot`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from throne_pnp.assistant.session import Session
from throne_pnp.cli.common import (
    UserError,
    content_option,
    echo_json,
    game_option,
    json_option,
    load,
    output_path,
    read_position,
)
from throne_pnp.cli.resolve_cmds import checked_card_ids, territory_of
from throne_pnp.content import find_edition, load_content
from throne_pnp.content.ladder import find_level, ladder_of, measure_command
from throne_pnp.content.ladder_write import write_ladder
from throne_pnp.content.model import Content, Level
from throne_pnp.rules.board import board_for
from throne_pnp.writing import write_text


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games to play (per hard-card count with --sweep).")
@click.option("--hard", type=click.IntRange(min=0), default=None,
              help="Hard cards shuffled in, chosen per game from the seed [default: 0].")
@click.option("--sweep", is_flag=True, help="Every hard-card count from 0 to all of them.")
@click.option("--ladder", is_flag=True,
              help="With --sweep: play the difficulty ladder's levels instead (ladder.yaml).")
@click.option("--level", "level_name", default=None, metavar="NAME",
              help="Play one level of the ladder (its hard cards) instead of --hard.")
@click.option("--cards", "per_card", is_flag=True,
              help="Per-card report for the deck of --level (or the normal deck): picks, "
                   "and the win-rate change with each card removed or made plain.")
@click.option("--write-ladder", "write_ladder", is_flag=True,
              help="With --sweep --ladder: write the measured figures into ladder.yaml.")
@click.option("--doc", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --write-ladder: rewrite the ladder table between the markers of "
                   "this Markdown file (docs/balance.md).")
@click.option("--bot", default="greedy", show_default=True,
              help="Player bot: greedy (a sensible player, the casual reference), random, "
                   "planner (greedy with a whole-plan search), search (the quick search of "
                   "designers' sweeps) or expert (follows the hint at every decision; about "
                   "a CPU-minute a game).")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="With --bot search or expert: rollouts per decision [default: the sweep "
                   "budget for search, the hint's for expert].")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Run seed; each game's seed is derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (results do not depend on it).")
@click.option("--turn-cap", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games still going after this many turns count as capped (not won).")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write an SVG chart of win rate against hard cards.")
@json_option
@content_option
def simulate(games: int, hard: int | None, sweep: bool, ladder: bool, level_name: str | None,
             per_card: bool, write_ladder: bool, doc: Path | None, bot: str,
             budget: int | None, seed: int, jobs: int, turn_cap: int, plot: Path | None,
             as_json: bool, content_dir: Path | None) -> None:
    """Play many games headless and report the player's win rate.

    Each game gets its own seed derived from --seed, so the same seed gives
    the same numbers for any --jobs. The report gives the win rate with a 95%
    Wilson interval, the mean game length in turns, and how games were lost:
    home-taken (the King's side emptied home), home-abandoned (the player's
    own move did), capped (still going at --turn-cap).

    The difficulty ladder (ladder.yaml): --sweep --ladder plays its levels,
    --level NAME one of them; --write-ladder stores the figures in
    ladder.yaml (--doc also in a Markdown table), and --plot then draws every
    measured bot's curve. --cards reports, per card, how often the bot plays
    it and how the win rate changes without it or with a plain card instead
    (1 + 2 x cards runs of --games games: keep --games small).

    \b
    Examples:
      throne simulate --games 2000
      throne simulate --games 1000 --hard 3 --bot random --json
      throne simulate --games 2000 --sweep --jobs 2 --plot balance.svg
      throne simulate --games 1000 --sweep --ladder --write-ladder --doc docs/balance.md
      throne simulate --games 200 --cards --level knight
    """
    from throne_pnp.sim.decks import run
    from throne_pnp.sim.simulate import BOTS, hard_ids, progress_bar

    if sweep and hard is not None:
        raise UserError("give either --hard H or --sweep, not both")
    if bot not in BOTS:
        raise UserError(f"--bot: unknown bot {bot!r}; bots: {', '.join(BOTS)}")
    if plot is not None:
        output_path(plot, "--plot", "balance.svg")
    if doc is not None:
        output_path(doc, "--doc", "docs/balance.md")
    content = load(content_dir)
    if ladder or level_name is not None or per_card or write_ladder or doc is not None:
        _ladder_simulate(content, sweep=sweep, hard=hard, ladder=ladder, level_name=level_name,
                         per_card=per_card, write=write_ladder, doc=doc, plot=plot,
                         games=games, bot=bot, budget=budget, seed=seed, jobs=jobs,
                         turn_cap=turn_cap, content_dir=content_dir, as_json=as_json)
        return
    board = board_for(content)
    top = len(hard_ids(board))     # (`run` refuses a --hard above it)
    hards = list(range(top + 1)) if sweep else [hard or 0]
    report = run(games, hards, bot=bot, seed=seed, jobs=jobs, content_dir=content_dir,
                 turn_cap=turn_cap, progress=progress_bar(), budget=budget)
    if plot is not None:
        from throne_pnp.sim.chart import write_plot

        write_plot(report, plot)
    if as_json:
        echo_json(report)
        return
    click.echo(simulate_text(report))
    if plot is not None:
        click.echo(f"Chart written to {plot}")


def _ladder_simulate(content: Any, *, sweep: bool, hard: int | None, ladder: bool,
                     level_name: str | None, per_card: bool, write: bool, doc: Path | None,
                     plot: Path | None, **run: Any) -> None:
    """The ladder's options, checked together, then played."""
    if ladder and not sweep:
        raise UserError("--ladder plays the ladder's levels as a sweep: add --sweep")
    if write and not ladder:
        raise UserError("--write-ladder writes a measurement of every level: use it with "
                        "--sweep --ladder")
    if doc is not None and not write:
        raise UserError("--doc rewrites the table from the written figures: add "
                        "--write-ladder (with --sweep --ladder)")
    if level_name is not None and (sweep or hard is not None):
        raise UserError("--level NAME plays one level: give it without --sweep and --hard")
    if per_card and (sweep or hard is not None):
        raise UserError("--cards reports on one deck: the normal deck, or --level NAME; "
                        "not with --sweep or --hard")
    if per_card and plot is not None:
        raise UserError("--plot draws win rates per level: not with --cards")
    if per_card:
        level = find_level(content, level_name) if level_name else None
        run_cards(content, level, **run)
        return
    if ladder and not content.ladder:
        raise UserError("--ladder: this edition has no difficulty ladder (ladder.yaml); "
                        "add one (docs/content.md) or sweep the hard-card counts without "
                        "--ladder")
    levels = list(content.ladder) if ladder else [find_level(content, level_name or "")]
    run_ladder(content, levels, write=write, doc=doc, plot=plot, sweep=ladder, **run)


def simulate_text(report: dict[str, Any]) -> str:
    """The report as a table a person reads."""
    rows = report.get("rows") or [report]
    lines = [f"bot {report['bot']}, seed {report['seed']}, turn cap {report['turn_cap']}",
             "hard   games   wins  win rate  95% CI          mean turns  home taken"
             "  abandoned  capped"]
    for row in rows:
        lo, hi = row["ci95"]
        losses = row["losses"]
        lines.append(f"{row['hard']:>4}  {row['games']:>6}  {row['wins']:>5}  "
                     f"{row['win_rate']:>7.1%}  {lo:>6.1%}-{hi:<6.1%}  {row['mean_turns']:>10.1f}"
                     f"  {losses['home-taken']:>10}  {losses['home-abandoned']:>9}"
                     f"  {row['capped']:>6}")
    return "\n".join(lines)


@click.command()
@click.option("--at", "at", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Position file (YAML/JSON) instead of the tracked game.")
@click.option("--territory", type=int, default=None, help="Where the battle is (with --at).")
@click.option("--defender", type=click.Choice(["player", "king"]), default=None,
              help="player after the King's action, king after Player Actions (with --at).")
@click.option("--hand", "--cards", "hand", default=None,
              help="Your possible battle cards, e.g. 2,5,9 [default: every normal card].")
@click.option("--deck", default=None,
              help="Cards that could be the King's battle card "
                   "[default: every normal card not in --hand].")
@json_option
@game_option
@content_option
def odds(at: Path | None, territory: int | None, defender: str | None, hand: str | None,
         deck: str | None, as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Exact battle odds for each card the player could play.

    For each of your cards: the chance you win, the King wins, or both sides
    are wiped out, and the cubes each side loses on average. The King's
    battle card is the top card of the deck, so every card that could be
    there counts equally; every combination is counted exactly. If you lose
    with several places to withdraw, losses assume the place that costs you
    fewest cubes (where you go never changes who won).

    Without --at: the next battle of the tracked game (--game), when it waits
    for your battle card; your cards are the ones that can be in your hand
    and the King's those that can be on top of the deck.

    With --at, your cards are --hand (default: every normal card) and the
    King's are --deck (default: every normal card; add hard cards in play
    with --deck), never a card of --hand nor the card you play.

    \b
    Examples:
      throne odds
      throne odds --at pos.yaml --territory 7 --defender king --hand 2,5,9
      throne odds --at pos.yaml --territory 5 --defender player --json
    """
    from throne_pnp.sim.odds import position_odds

    if at is None:
        if territory is not None or defender is not None or hand or deck:
            raise UserError("--territory, --defender, --hand and --deck go with --at; "
                            "without --at the tracked game says them")
        report = _tracked_odds(game_file, content_dir)
    else:
        if territory is None or defender is None:
            raise UserError("with --at, also give --territory T and --defender player|king")
        board = board_for(load(content_dir))
        territory_of(board, territory, "--territory")
        mine = checked_card_ids(hand, board, "--hand") or None
        kings = checked_card_ids(deck, board, "--deck") or None
        pos = read_position(board, at)
        report = position_odds(board, pos, territory, defender, mine, kings)
    if as_json:
        echo_json(report)
        return
    from throne_pnp.sim.odds import odds_lines, planned_lines

    planned = report.get("planned")
    click.echo("\n".join(planned_lines(report["battles"]) if planned else odds_lines(report)))


def _tracked_odds(game_file: Path, content_dir: Path | None) -> dict[str, Any]:
    """Odds for the tracked game's next battle, from its save file."""
    from throne_pnp.sim.odds import next_battle_odds

    session = Session.open(game_file, load(content_dir))
    game = session.game
    report = next_battle_odds(game)
    if report is None and game.need().kind == "actions":
        planned = session.planned_battle_odds()
        if planned:
            return {"planned": True, "battles": planned}
        raise UserError(f"no battle yet in {game_file}: your moves so far start none "
                        "(move into the King's cubes, then `throne odds` shows the odds)")
    if report is None:
        raise UserError(f"no battle waits for your card in {game_file}: {game.describe_need()}")
    return report


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


COMMANDS = [simulate, odds]
