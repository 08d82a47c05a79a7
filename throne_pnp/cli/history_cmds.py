"""`throne history`: the finished games, win rates, streak, chart and play-record exports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import UserError, echo_json, json_option, output_path


def _game_line(game: dict[str, Any]) -> str:
    from throne_pnp.assistant.playexport import comments

    minutes = f"; {round(game['duration_s'] / 60)} min" if game.get("duration_s") else ""
    return f"{game['date'][:16].replace('T', ' ')} UTC  {comments(game)}{minutes}"


def _summary_lines(summary: dict[str, Any]) -> list[str]:
    lines = [f"{summary['count']} games, {summary['wins']} won.", "Win rate by level:"]
    for level in summary["levels"]:
        low, high = level["ci95"]
        lines.append(f"  {level['level']}: {level['wins']} of {level['games']} won, "
                     f"{level['win_rate']:.0%} (95 % interval {low:.0%}-{high:.0%})")
    streak = summary["streak"]
    lines.append(f"Current streak: {streak['games']} {streak['result']}.")
    return lines


@click.command()
@click.option("--export", "export", type=click.Choice(["bgstats", "bgg"]), default=None,
              help="bgstats: print the BG Stats link of the last game (with --out, write a "
                   "BG Stats play file of every game); bgg: BoardGameGeek-style plays XML.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --export: the file to write.")
@click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the results over time as an SVG chart.")
@json_option
def history(export: str | None, out: Path | None, chart: Path | None, as_json: bool) -> None:
    """Your finished games: results, win rate per level, streak; exports for BG Stats, BGG.

    Every game that ends (command line or table page) is kept in history.json
    in your data folder (~/.local/share/throne_pnp, or $XDG_DATA_HOME), with
    its level, result, turns, duration, seed and, once you ran `throne
    review`, the review's counts. Nothing is sent anywhere: the exports are
    a link and files for you to open.

    \b
    Examples:
      throne history
      throne history --json --chart results.svg
      throne history --export bgstats              # a link that opens BG Stats
      throne history --export bgstats --out plays.bgsplay
      throne history --export bgg --out plays.xml
    """
    from throne_pnp.assistant import history as kept
    from throne_pnp.assistant import playexport
    from throne_pnp.writing import write_text

    if out is not None and export is None:
        raise UserError("--out names the file of an export: add --export bgstats or bgg")
    for path, option, example in ((out, "--out", "plays.xml"), (chart, "--chart", "h.svg")):
        if path is not None:
            output_path(path, option, example)
    games = sorted(kept.read()["games"], key=lambda g: g["date"])
    if export and not games:
        raise UserError("no finished game in the history yet: nothing to export")
    if chart is not None:
        write_text(chart, kept.chart_svg(games))
        click.echo(f"wrote {chart}", err=as_json)
    if export == "bgstats":
        click.echo(playexport.bgstats_link(games[-1]))
        if out is not None:
            write_text(out, json.dumps(playexport.bgstats_file(games), indent=1) + "\n")
            click.echo(f"wrote {out}")
        return
    if export == "bgg":
        text = playexport.bgg_xml(games)
        if out is None:
            click.echo(text, nl=False)
        else:
            write_text(out, text)
            click.echo(f"wrote {out}")
        return
    summary = kept.summary(games)
    if as_json:
        echo_json({"history": str(kept.history_path()), **summary, "games": games})
        return
    if not games:
        click.echo("No finished game yet: games you end with throne (or its page) are "
                   "kept here.")
        return
    click.echo("\n".join([_game_line(g) for g in games] + _summary_lines(summary)))


COMMANDS = [history]
