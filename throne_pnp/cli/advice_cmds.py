"""`throne hint` and `throne review`: the search player's advice (thin: the
work is in `assistant.advice`). Neither writes the save."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from throne_pnp.cli.common import UserError, content_option, echo_json, game_option, json_option
from throne_pnp.cli.table_answers import opened
from throne_pnp.rules.actions import Action


@click.command()
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="Games played on in all, shared among the choices (at least one per "
                   "choice) [default: 400].")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True, max=600), default=None,
              help="Search for about this long instead of a fixed budget (not repeatable).")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="The search's own seed: the same seed, the same advice.")
@click.option("--jobs", type=click.IntRange(min=1, max=64), default=None,
              help="Processes to search with [default: 2, or 1 on a one-core machine].")
@json_option
@game_option
@content_option
def hint(budget: int | None, seconds: float | None, seed: int, jobs: int | None,
         as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Advice for the decision due now: every choice with its chance of winning.

    The search plays each choice on many times (up to ten turns ahead), the
    cards you cannot know drawn at random (it never looks at the deck), your
    later choices made by a sensible player. The choices come best first with
    their winning chance, a 95% interval and a reason, each with its difference
    from the best measured on the same deals: "close" when that difference is
    within its noise. Choices set aside early (fewer games) are listed apart.
    For Player Actions each choice is a whole plan, given as the commands to
    type.

    \b
    Examples:
      throne hint
      throne hint --seconds 5
      throne hint --json --seed 3
    """
    from throne_pnp.assistant.advice import hint as advise
    from throne_pnp.assistant.advice import hint_lines

    if budget is not None and seconds is not None:
        raise UserError("give either --budget N or --seconds S, not both")
    game = opened(game_file, content_dir).game
    report = advise(game, budget=budget, seconds=seconds, seed=seed, jobs=jobs)
    if as_json:
        echo_json(report)
        return
    click.echo("\n".join(hint_lines(report)))


@click.command()
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="Games played on per decision, as `throne hint --budget` [default: 400].")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="The search's own seed.")
@click.option("--jobs", type=click.IntRange(min=1, max=64), default=None,
              help="Processes to search with [default: 2, or 1 on a one-core machine].")
@json_option
@game_option
@content_option
def review(budget: int | None, seed: int, jobs: int | None, as_json: bool, game_file: Path,
           content_dir: Path | None) -> None:
    """Review your decisions: the winning chance of each choice you made and of the best.

    Each decision of the game so far (finished or not) gets the hint it would
    have had then (the same budget and seed, from what you knew then), so a
    choice the hint put first is never marked. A choice measurably below the
    hint's first that gave away 5 points of winning chance or more is an
    inaccuracy, 10 a mistake, 20 a blunder, each with what the better choice
    does. The turning points (the biggest drops) come first. A physical game
    is reviewed from the cards you told.

    \b
    Examples:
      throne review
      throne review --json --budget 400
    """
    from throne_pnp.assistant.advice import REVIEW_BUDGET, decisions, review_lines
    from throne_pnp.assistant.advice import review as run_review

    session = opened(game_file, content_dir)
    fresh = session.replay(0)
    history = [Action.parse(t) for c in session.save.commands for t in c]
    found = decisions(fresh, history)
    report = run_review(found, budget=budget or REVIEW_BUDGET, seed=seed, jobs=jobs,
                        progress=_progress())
    if session.game.outcome is not None:     # a finished game's entry in the history
        from throne_pnp.assistant.history import record

        for note in record(session, report):
            click.echo(f"note: {note}", err=True)
    if as_json:
        echo_json(report)
        return
    click.echo("\n".join(review_lines(report)))


def _progress():
    """A one-line progress bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        filled = 30 * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} decisions")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


COMMANDS = [hint, review]
