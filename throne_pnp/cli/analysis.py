"""`throne simulate` and `throne odds`: balance and battle analysis."""

from __future__ import annotations

from pathlib import Path

import click

from throne_pnp.cli.common import UserError, content_option, json_option


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--hard", type=click.IntRange(min=0), default=0, show_default=True,
              help="Number of hard cards shuffled in.")
@click.option("--sweep", is_flag=True, help="Every hard-card count from 0 to all.")
@click.option("--bot", default="greedy", show_default=True, help="Player bot.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None)
@json_option
@content_option
def simulate(games: int, hard: int, sweep: bool, bot: str, seed: int, jobs: int,
             plot: Path | None, as_json: bool, content_dir: Path | None) -> None:
    """Play many games headless and report the player's win rate.

    \b
    Example:
      throne simulate --games 2000 --sweep --plot balance.svg
    """
    raise UserError("throne simulate is not implemented yet")


@click.command()
@json_option
@content_option
def odds(as_json: bool, content_dir: Path | None) -> None:
    """Exact battle odds for each card the player could play.

    \b
    Example:
      throne odds --at pos.yaml --territory 7 --defender king
    """
    raise UserError("throne odds is not implemented yet")


def register(group: click.Group) -> None:
    group.add_command(simulate)
    group.add_command(odds)
