"""Tracked-game commands about the record: status, log, show, undo, fix, play, recover.

The views read the whole (atomically replaced) save without a lock; `undo` and `fix` change
it under the lock and print the checklist that puts the table back; `recover` writes what
still replays to a new file, never the save it reads (`assistant.recover`).
"""

from __future__ import annotations

from pathlib import Path

import click

from throne_pnp.assistant import commands
from throne_pnp.assistant.board_text import board_text
from throne_pnp.assistant.explain import (
    hand_lines,
    log_entries,
    log_line,
    next_line,
    plural,
    status_json,
)
from throne_pnp.assistant.play import run
from throne_pnp.assistant.recover import diagnose, keep, recovered_name
from throne_pnp.assistant.session import Session
from throne_pnp.cli.common import echo_json, id_list, json_option, output_path
from throne_pnp.cli.common import load as load_content
from throne_pnp.cli.game_cmds import locked, report, tracked
from throne_pnp.cli.table_answers import opened, status_answer


@click.command()
@json_option
@tracked
def status(as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Show the tracked game: phase, step, cubes, cards and what comes next.

    \b
    Example:
      throne status --json
    """
    click.echo(status_answer(opened(game_file, content_dir), as_json))


@click.command()
@json_option
@tracked
def log(as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """List every accepted command, in words.

    \b
    Example:
      throne log
    """
    session = opened(game_file, content_dir)
    entries = log_entries(session)
    if as_json:
        echo_json(entries)
        return
    for entry in entries:
        click.echo(log_line(entry))


@click.command()
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help="Draw the cubes on the map into FILE.")
@tracked
def show(svg_file: Path | None, game_file: Path, content_dir: Path | None) -> None:
    """Show the board: text in the terminal, or drawn on the map with --svg.

    \b
    Example:
      throne show
      throne show --svg board.svg
    """
    if svg_file is not None:
        output_path(svg_file, "--svg", "board.svg", game_file=game_file)
    session = opened(game_file, content_dir)
    if svg_file is not None:
        from throne_pnp.assistant.board_svg import write_board_svg

        write_board_svg(session.game, session.content, svg_file)
        click.echo(f"wrote {svg_file}")
        return
    click.echo(board_text(session.game, session.content))


@click.command()
@click.argument("count", metavar="[N]", type=click.IntRange(min=1), default=1)
@json_option
@tracked
def undo(count: int, as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Take back the last N commands (and the cards revealed with them).

    Prints what to change on the table to put it back: each cube to move
    back and, with real cards, each card to take back.

    \b
    Example:
      throne undo 2
    """
    with locked(game_file, content_dir) as session:
        gone, restore = commands.undo(session, count)
    game = session.game
    if as_json:
        echo_json({"undone": gone, "checklist": restore,
                   "status": status_json(game, session.mode, session.save.seed,
                                         session.save.hard, session.save.level)})
        return
    for words in gone:
        click.echo(f"Took back: `{words}`")
    for line in restore:
        click.echo(line)
    if not session.physical:
        click.echo("Cards dealt go back into the deck and come up again the same way.")
    for line in hand_lines(session):
        click.echo(line)
    click.echo(next_line(game, session.physical))


@click.command()
@click.argument("at", metavar="[T]", type=int, required=False)
@click.option("--king", type=click.IntRange(min=0), default=None,
              help="King cubes in T on the table (default: unchanged).")
@click.option("--player", type=click.IntRange(min=0), default=None,
              help="Your cubes in T on the table (default: unchanged).")
@click.option("--hand", "hand_ids", default=None, metavar="IDS",
              help="Physical: the cards in your hand, all of them, e.g. 3,6,9.")
@click.option("--discard", "discard_ids", default=None, metavar="IDS",
              help="Physical: the cards in the discard pile, e.g. 1,4 (`-` for none).")
@json_option
@tracked
def fix(at: int | None, king: int | None, player: int | None, hand_ids: str | None,
        discard_ids: str | None, as_json: bool, game_file: Path,
        content_dir: Path | None) -> None:
    """Make the record match the table (kept in the log; `throne undo` takes it back).

    Cubes: territory T with --king and/or --player. Cards (physical games):
    --hand and/or --discard set your hand and the discard pile to exactly
    the cards named, so a mistyped card is one command, not a long undo.

    \b
    Example:
      throne fix 7 --king 2 --player 0
      throne fix --hand 3,6,9 --discard 1,4
    """
    hand = card_ids(hand_ids, "--hand")
    discard = card_ids(discard_ids, "--discard")
    with locked(game_file, content_dir) as session:
        cmd = commands.fix(session, at, king, player, hand, discard)
    report(session, cmd, as_json,
           tail=["The table stays as it is: the record now matches it (`throne undo` "
                 "takes the fix back)."])


def card_ids(text: str | None, option: str) -> list[int] | None:
    """Card ids given to `option` (`-` or `none`: no card); None when not given."""
    if text is None:
        return None
    if text.strip().lower() in ("-", "none"):
        return []
    return id_list(text, option)


@click.command()
@click.option("--physical", is_flag=True, help="For a new game: real cards at the table.")
@click.option("--hard", type=click.IntRange(min=0), default=None,
              help="For a new game: shuffle in N random hard cards.")
@click.option("--seed", type=int, default=None, help="For a new game: the deck's seed.")
@tracked
def play(physical: bool, hard: int | None, seed: int | None, game_file: Path,
         content_dir: Path | None) -> None:
    """Walk a whole game with prompts (continues the saved game, if any).

    At any prompt: undo, status, show, log, help or quit. Every accepted
    answer is saved at once, so quitting keeps the game.

    \b
    Example:
      throne play --seed 7
    """
    run(game_file, load_content(content_dir), physical=physical, hard=hard, seed=seed)


@click.command()
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Keep the commands that still replay in this new file.")
@json_option
@tracked
def recover(out: Path | None, as_json: bool, game_file: Path,
            content_dir: Path | None) -> None:
    """Check a save that no longer loads and keep what still replays.

    Shows the log up to the first command that no longer replays and why.
    With --out FILE the good commands are kept in FILE, a new save; the
    damaged file itself is never changed.

    \b
    Example:
      throne recover
      throne recover --out throne-game-recovered.json
    """
    if out is not None:
        # (a new save: the damaged one itself and any existing file are refused by `keep`)
        example = recovered_name(game_file) if game_file.name else "recovered.json"
        output_path(out, "--out", example, game_file=game_file, kind="save")
    content = load_content(content_dir)
    found = diagnose(game_file, content)
    entries = log_entries(Session(game_file, content, found.kept(content)))
    bad = found.bad
    total = len(found.save.commands)
    kept = out if out is not None and (found.damaged or found.content_changed) else None
    if kept is not None:
        keep(found, content, kept, game_file)
    if as_json:
        echo_json({"commands": total, "good": found.good,
                   "bad": None if bad is None else {"number": bad[0], "actions": bad[1],
                                                    "why": bad[2]},
                   "content_changed": found.content_changed, "log": entries,
                   "kept": str(kept) if kept is not None else None})
        return
    if not found.damaged and not found.content_changed:
        click.echo(f"All {total} commands of {game_file} replay: nothing to recover.")
        return
    for entry in entries:
        click.echo(log_line(entry))
    if bad is not None:
        click.echo(f"{bad[0]:>3}. `{'; '.join(bad[1])}` no longer replays: {bad[2]}.")
        later = total - bad[0]
        if later:
            click.echo(f"     (and {plural(later, 'command')} after it)")
    else:
        click.echo(f"All {total} commands replay with this content.")
    if found.content_changed:
        click.echo("The content differs from the one this game began with (a likely cause).")
    if out is not None:
        click.echo(f"Kept {plural(found.good, 'command')} in {out}; "
                   f"{game_file} is left as it was. Continue with `--game {out}` (or rename it), "
                   "then `throne undo` or `throne fix` until the record matches the table.")
    else:
        click.echo(f"To keep these {plural(found.good, 'command')} in a "
                   f"new save: `throne recover --out {recovered_name(game_file)}` (the damaged "
                   "file is never changed).")


COMMANDS = [status, log, show, undo, fix, play, recover]
