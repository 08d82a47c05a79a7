"""`throne scan`: read a photo of the table and compare it with the tracked game, or print
the map sheet's geometry (thin: the work is in `throne_pnp.scan`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import (
    UserError,
    content_option,
    echo_json,
    game_option,
    json_option,
    output_path,
)
from throne_pnp.cli.table_answers import load, locked, opened
from throne_pnp.errors import ThroneError


@click.command()
@click.argument("photo_file", metavar="PHOTO", required=False,
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--geometry", is_flag=True,
              help="Print the map sheet's geometry in mm (markers, territories, cube spaces) "
                   "as JSON instead of reading a photo.")
@click.option("--paper", default="a4", show_default=True,
              help="With --geometry: the sheet: a4, letter, a3, tabloid, or a tile of the "
                   "tiled map: a4-1, a4-2, letter-1, letter-2.")
@click.option("--colours", "colours", metavar="king=COLOUR,you=COLOUR", default=None,
              help="The cubes' colours (a name or #rrggbb); by default those kept with "
                   "--keep-colours, else learned from the photo.")
@click.option("--keep-colours", "keep_colours", is_flag=True,
              help="Keep the cubes' colours for later photos (in the save): those of "
                   "--colours, else as this photo shows them where it agrees with the game "
                   "(a photo of the setup is best).")
@click.option("--debug", "debug_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the sheet as read (each space outlined) to this PNG.")
@click.option("--record", is_flag=True,
              help="Record the one sequence of commands that explains the difference.")
@json_option
@game_option
@content_option
def scan(photo_file: Path | None, geometry: bool, paper: str, colours: str | None,
         keep_colours: bool, debug_file: Path | None, record: bool, as_json: bool,
         game_file: Path, content_dir: Path | None) -> None:
    """Read a photo of the map with the cubes on it and compare it with the tracked game.

    The photo needs the whole printed map sheet, its four corner markers in view. It
    says where the table and the game differ, the spaces it could not read, and during
    Player Actions the commands that explain the difference; --record records them
    (only when one sequence does). Needs the [scan] extra (OpenCV).

    Cube colours are learned from each photo; --keep-colours on a photo of the
    setup keeps them for later photos, so a side with no cube on its spaces, or
    cubes standing off them, are still told apart by colour.

    \b
    Examples:
      throne scan table.jpg
      throne scan setup.jpg --keep-colours
      throne scan table.jpg --colours king=red,you=yellow --debug read.png
      throne scan --geometry --paper letter
    """
    from throne_pnp.scan import photo

    if geometry:
        from throne_pnp.render.components.board.markers import SHEET_KINDS
        from throne_pnp.scan.geometry import geometry_json, sheet_geometry

        if paper not in SHEET_KINDS:
            raise UserError(f"--paper takes one of {', '.join(SHEET_KINDS)}; got {paper[:20]!r}")

        content = load(content_dir)
        if not content.map.drawable:
            raise UserError("this edition's map has no drawing, so it has no printed sheet")
        echo_json(geometry_json(sheet_geometry(content, paper)))
        return
    if photo_file is None:
        raise UserError("name the photo to read, e.g. `throne scan table.jpg` "
                        "(or --geometry for the sheet's geometry)")
    from throne_pnp.scan.answer import scan as scan_photo
    from throne_pnp.scan.reader import debug_png
    from throne_pnp.scan.sides import parse_colours
    from throne_pnp.userfile import read_limited
    from throne_pnp.writing import write_bytes

    given = parse_colours(colours) if colours else None
    photo.libraries()
    if debug_file is not None:
        output_path(debug_file, "--debug", "read.png", game_file=game_file)
    data = read_limited(photo_file, photo.MAX_BYTES)
    session = opened(game_file, content_dir)
    answer = scan_photo(data, session.content, session.game, given, session.save.colours)
    kept = (given or _learned(answer, session.game)) if keep_colours else None
    if debug_file is not None:
        write_bytes(debug_file, debug_png(answer.reading))
    if kept:
        with locked(game_file, content_dir) as held:
            held.save.colours = dict(kept)
            held.write()
    if record:
        _record(answer.answers, game_file, content_dir)
    if as_json:
        click.echo(json.dumps({**answer.to_json(), **({"kept_colours": kept} if kept else {})},
                              indent=2))
        return
    lines = answer.lines(session.content, recordable=len(answer.answers) == 1)
    if kept:
        from throne_pnp.narrator.tablescan import colours_kept_line
        from throne_pnp.scan.colours import named

        lines.append(colours_kept_line(named(kept)))
    click.echo("\n".join(lines))


def _learned(answer: Any, game: Any) -> dict[str, str]:
    """The colours the photo teaches, or the one line saying why it cannot."""
    from throne_pnp.scan.colours import learned

    try:
        return learned(answer.reading, game)
    except ThroneError as exc:
        raise UserError(f"colours not kept: {exc}") from None


def _record(answers: list, game_file: Path, content_dir: Path | None) -> None:
    """Record the one explanation (refused when there is none or several)."""
    from throne_pnp.assistant import commands

    if len(answers) != 1:
        raise UserError("nothing recorded: " + (
            "no sequence of moves and rallies explains the photo" if not answers else
            f"{len(answers)} sequences explain the photo; type the one you made"))
    with locked(game_file, content_dir) as session:
        for action in answers[0]:
            commands.perform(session, [action])


COMMANDS = [scan]
