"""`throne init`, `throne validate` and `throne build`: the edition and its printouts."""

from __future__ import annotations

import time
from pathlib import Path

import click

from throne_pnp.cli.common import (
    UserError,
    content_option,
    echo_json,
    json_option,
    load,
    output_folder,
)
from throne_pnp.content import check_content, find_edition
from throne_pnp.content.editable import write_editable_copy
from throne_pnp.edition_lookup import CONTENT_FILES
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.words import plural


@click.command()
@click.argument("directory", type=click.Path(path_type=Path), default=Path("content"))
def init(directory: Path) -> None:
    """Write an editable copy of the bundled edition (default: ./content).

    Never overwrites: if a file of the copy is already there, nothing is
    written. Commands run in a folder holding ./content use it by default;
    elsewhere give `--content DIR` or set THRONE_CONTENT.

    \b
    Examples:
      throne init                  # ./content/map.yaml, cards.yaml, rulings.yaml, rules.txt
      throne init my-edition && throne build --content my-edition
    """
    for path in write_editable_copy(directory):
        click.echo(f"wrote {path}")
    use = "" if directory == Path("content") else f" --content {directory}"
    click.echo(f"Next: edit the files, then `throne validate{use}` and `throne build{use}`.")


@click.command()
@json_option
@content_option
@click.pass_context
def validate(ctx: click.Context, as_json: bool, content_dir: Path | None) -> None:
    """Check the content directory and list every problem.

    Exits 0 when the content is usable (notes may still be printed), or
    lists each problem with its file, line and what to change and exits 2.

    \b
    Examples:
      throne validate --content my-edition/
      throne validate --json      # {"ok": ..., "problems": [...], "notes": [...]}
    """
    edition = find_edition(content_dir)
    directory = edition.directory
    report = check_content(directory)
    if as_json:
        echo_json({"directory": str(directory), "edition": edition.source,
                   "ok": not report.problems, "problems": report.problems,
                   "notes": report.notes})
        ctx.exit(2 if report.problems else 0)
    click.echo(edition.describe())
    for note in report.notes:
        click.echo(f"note: {note}")
    if report.problems:
        for problem in report.problems:
            click.echo(problem, err=True)
        raise UserError(f"{directory}: {plural(len(report.problems), 'problem')} found")
    content = report.content
    assert content is not None
    click.echo(f"{directory}: ok — {content.map.name}, {len(content.map.territories)} "
               f"territories, {len(content.normal_cards)} normal and "
               f"{len(content.hard_cards)} hard cards")


@click.command()
@click.option("--paper", type=click.Choice(["a4", "letter", "both"]), default="both",
              show_default=True, help="Paper size of the PDFs.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "png", "tts", "vassal", "both"]),
              default="both", show_default=True,
              help="Which files to write: both = PDF and SVG; png = one 300 dpi image per "
                   "card face and the back, for print-on-demand; tts = a Tabletop Simulator "
                   "saved object with its images; vassal = a VASSAL module (png, tts and "
                   "vassal need the [png] extra).")
@click.option("--tts-url-base", metavar="URL", default=None,
              help="With --format tts: the http(s) address where you will host the images "
                   "(for multiplayer); without it the save names them by file:/// paths.")
@click.option("--pod", type=click.Choice(["mpc", "tgc"]), default=None,
              help="With --format png: size the images for MakePlayingCards (822 x 1122 px) "
                   "or The Game Crafter (825 x 1125 px) instead of 815 x 1110.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output directory.")
@click.option("--ink-saver", is_flag=True, help="No large filled areas.")
@click.option("--layout", type=click.Choice(["duplex", "backs-separate", "fold"]),
              default="duplex", show_default=True,
              help="Card backs: behind their fronts for long-edge duplex, on separate "
                   "pages, or each front above its back for fold-and-glue.")
@click.option("--back", type=click.Choice(["light", "dark"]), default="light",
              show_default=True,
              help="Card back design: light (under a third ink per sheet) or dark full bleed.")
@click.option("--back-offset", metavar="X,Y", default=None,
              help="Move every card back by the offset measured on the duplex test page "
                   "(mm: X how far the bold cross sits right of the ruled one, Y how far "
                   "below; negative for left and up), to cancel your printer's drift.")
@click.option("--map-size", type=click.Choice(["page", "a3", "tiled"]), default="page",
              show_default=True,
              help="map.pdf on one A4/Letter sheet, one A3/Tabloid sheet, or tiled over "
                   "two A4/Letter sheets to glue together.")
@click.option("--booklet", "booklet_kind", metavar="pages|a5", default="pages",
              show_default=True,
              help="a5 also writes rules-a5.pdf: the rules booklet two pages a landscape "
                   "sheet in saddle order, to print on both sides (flip on the short edge), "
                   "fold and staple.")
@click.option("--watch", is_flag=True, help="Rebuild whenever the content changes.")
@content_option
def build(paper: str, fmt: str, tts_url_base: str | None, pod: str | None, out_dir: Path,
          ink_saver: bool, layout: str, back: str, back_offset: str | None, map_size: str,
          booklet_kind: str, watch: bool, content_dir: Path | None) -> None:
    """Write every printable component: map, cards (fronts and backs), rules.

    PDFs go to OUT/a4/ and OUT/letter/ (map.pdf, cards.pdf, rules.pdf, and
    print-and-play.pdf: all of it in print order after a one-page print guide,
    with a duplex test and the player aids and cube tokens); SVGs to OUT/svg/
    (map.svg, rules.svg, guide.svg, extras.svg, cards/card-NN.svg, cards/back.svg);
    with --format png, OUT/png/card-NN.png and back.png at 300 dpi with bleed;
    with --format tts, OUT/tts/ (deck sheets, back, map and "A Rusty Throne.json"
    for Tabletop Simulator's Saves/Saved Objects folder); with --format vassal,
    OUT/vassal/"A Rusty Throne.vmod" to open in VASSAL.
    Print at 100% (no "fit to page"): every sheet has a 50 mm bar to check.

    \b
    Example:
      throne build --paper a4 --format pdf --out print/
      throne build --layout fold --ink-saver
      throne build --back dark      # full-bleed dark card backs
      throne build --back-offset 1.5,-0.5   # backs moved as the duplex test says
      throne build --format png --pod mpc   # images for MakePlayingCards
      throne build --format tts     # try it on Tabletop Simulator
      throne build --format vassal  # a module for VASSAL
      throne build --map-size a3    # the map on one A3 (Tabloid) sheet
      throne build --booklet a5     # the rules as a folded A5 booklet too
      throne build --watch          # rebuild while editing content/
    """
    if booklet_kind not in ("pages", "a5"):
        raise UserError(f"--booklet {booklet_kind}: use pages (the rules as pages) or a5 "
                        "(also a folded booklet, rules-a5.pdf)")
    if pod and fmt != "png":
        raise UserError(f"--pod {pod} sizes PNG images: add --format png")
    if tts_url_base is not None:
        if fmt != "tts":
            raise UserError("--tts-url-base names where the Tabletop Simulator images are "
                            "hosted: add --format tts")
        from throne_pnp.render.exports.tts import check_url_base
        try:
            check_url_base(tts_url_base)
        except ValueError as exc:
            raise UserError(str(exc)) from None
    offset = (0.0, 0.0)
    if back_offset is not None:
        if layout == "fold":
            raise UserError("--back-offset moves the backs printed on the sheet's other "
                            "side; the fold layout prints none")
        from throne_pnp.render.components.cards import parse_back_offset
        try:
            offset = parse_back_offset(back_offset)
        except ValueError as exc:
            raise UserError(str(exc)) from None
    if fmt in ("png", "tts", "vassal"):
        from throne_pnp.render.exports.png import require

        require()

    output_folder(out_dir, "--out", BUILD_FOLDERS)
    edition = find_edition(content_dir)
    directory = edition.directory
    click.echo(edition.describe())
    papers = ("a4", "letter") if paper == "both" else (paper,)
    formats = ("pdf", "svg") if fmt == "both" else (fmt,)

    def run_once() -> None:
        from throne_pnp.render.build import build as build_components

        content = load(directory)
        notes: list[str] = []
        start = time.perf_counter()
        written = build_components(content, out_dir, papers, formats, ink_saver, layout,
                                   notes, back=back, pod=pod or "", map_size=map_size,
                                   tts_url_base=tts_url_base, back_offset=offset,
                                   booklet_kind=booklet_kind)
        for path in written:
            click.echo(f"wrote {path}")
        for note in notes:
            click.echo(f"note: {note}")
        click.echo(f"{len(written)} files in {time.perf_counter() - start:.2f} s")

    if not watch:
        run_once()
        return
    _watch(directory, run_once)


BUILD_FOLDERS = ("a4", "letter", "svg", "svg/cards", "png", "tts", "vassal")   # where build writes


def _stamps(directory: Path) -> dict[str, tuple[int, int] | None]:
    out: dict[str, tuple[int, int] | None] = {}
    for name in CONTENT_FILES:
        try:
            st = (directory / name).stat()
            out[name] = (st.st_mtime_ns, st.st_size)
        except OSError:
            out[name] = None
    return out


def _watch(directory: Path, run_once, interval: float = 0.5) -> None:
    """Build, then poll the content files and rebuild on every change (Ctrl-C stops)."""
    def attempt() -> None:
        try:
            run_once()
        except ThroneError as exc:   # bad content: report and keep watching
            click.echo(f"error: {exc}", err=True)

    click.echo(f"watching {directory} ({', '.join(CONTENT_FILES)}); Ctrl-C to stop")
    stamps = _stamps(directory)
    attempt()
    try:
        while True:
            time.sleep(interval)
            now = _stamps(directory)
            changed = [name for name in CONTENT_FILES if now[name] != stamps[name]]
            if changed:
                stamps = now
                click.echo(f"changed: {', '.join(changed)}; rebuilding")
                attempt()
    except KeyboardInterrupt:
        click.echo("stopped watching")


COMMANDS = [init, validate, build]
