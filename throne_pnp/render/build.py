"""`build`: content -> every printable file, for `throne build` and scripts.

Per paper size it writes `<out>/<paper>/map.pdf`, `cards.pdf` (fronts and
backs in the chosen layout), `rules.pdf` and `print-and-play.pdf` (the pack:
print guide, rules, map, duplex test, cards, extras, in print order, drawn
from the same laid-out pages); as SVG it writes `<out>/svg/map.svg`,
`rules.svg` (and `rules-2.svg` ... for each further page of the booklet), `guide.svg`,
`extras.svg` and `<out>/svg/cards/card-NN.svg` for every face with the shared
`back.svg`, each with full bleed. SVG sheets use A4 unless only Letter was
asked for. `map_size` picks what map.pdf holds: one landscape sheet of the
paper (`page`), one A3 / Tabloid sheet (`a3`), or two sheets to join (`tiled`);
map.svg is always the whole map on one sheet. A map without drawing data is
skipped with a note saying why; cards and rules are still built.

Each paper's sheets are laid out once per build and shared by its PDFs, the
pack and the SVGs; every file is then drawn from them, one after another.

This module and everything it imports is loaded only by the build path, so
the rest of the command line never pays for reportlab or svgwrite.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Page
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.backend.svg import render_svg
from throne_pnp.render.components import cards, sheets
from throne_pnp.render.components.stamp import stamp_text

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
PACK_FILE = "print-and-play.pdf"
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None,
          back: str = "light", pod: str = "",
          map_size: str = "page", tts_url_base: str | None = None) -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.

    `formats` may hold "pdf", "svg" and "png" (one image per card face and
    the back under `out_dir`/png, sized for the print-on-demand service `pod`:
    "" plain, "mpc" or "tgc"; needs the [png] extra) and "tts" (the Tabletop
    Simulator export under `out_dir`/tts, its images named by `file:///`
    paths or under `tts_url_base`; see `tts.py`). `notes` (if given)
    receives what was skipped and why.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    if map_size not in sheets.MAP_SIZES:
        raise ValueError(f"unknown map size {map_size!r}; use one of "
                         f"{', '.join(sheets.MAP_SIZES)}")
    if back not in cards.BACKS:
        raise ValueError(f"unknown card back {back!r}; use one of {', '.join(cards.BACKS)}")
    out_dir = Path(out_dir)
    written: list[Path] = []
    drawable = content.map.drawable
    if not drawable and notes is not None:
        notes.append(MAP_SKIPPED)
    if notes is not None:
        from throne_pnp.render.components.extras import aid_overflow

        notes.extend(aid_overflow(content))
    svg_paper = "a4" if "a4" in papers or not papers else papers[0]
    wanted = set(papers if "pdf" in formats else ()) | ({svg_paper} if "svg" in formats else set())
    fit = drawable and notes is not None   # an edition's own map: do real cubes fit?
    title = sheets.GAME_TITLE
    stamp = stamp_text(content)
    pdf_papers = tuple(papers) if "pdf" in formats else ()
    laid: dict[str, _Laid] = {}  # each paper's sheets, laid out once per build

    def sheets_of(paper: str) -> _Laid:
        if paper not in laid:
            from throne_pnp.render.components import booklet, mapsheet
            from throne_pnp.render.exports import pack

            maps = mapsheet.map_pages(content, paper, map_size, ink_saver) if drawable else []
            rules = booklet.rules_pages(content, paper, ink_saver)
            sheets.stamp_pages([*maps, *rules], stamp)
            card_pages = cards.card_pages(content, paper, layout, ink_saver, back, stamp)
            laid_pack = pack.pack(content, paper, layout, ink_saver, rules=rules,
                                  map_pages=maps if drawable else None, card_pages=card_pages,
                                  stamp=stamp)
            laid[paper] = _Laid(maps, rules, card_pages, laid_pack.pages,
                                tuple(laid_pack.outline))
        return laid[paper]

    def pdf_job(paper: str) -> list[Path]:
        folder = out_dir / paper
        folder.mkdir(parents=True, exist_ok=True)
        sheet = sheets_of(paper)
        done: list[Path] = []
        if drawable:
            done.append(render_pdf(sheet.maps, folder / "map.pdf", f"{title}: map"))
        elif (folder / "map.pdf").exists():
            (folder / "map.pdf").unlink()     # never leave a stale map beside new cards
        done.append(render_pdf(sheet.cards, folder / "cards.pdf", f"{title}: action cards",
                               duplex=layout == "duplex"))
        done.append(render_pdf(sheet.rules, folder / "rules.pdf", f"{title}: rules"))
        done.append(render_pdf(sheet.pack, folder / PACK_FILE,
                               f"{title}: print-and-play pack", outline=sheet.outline))
        return done

    def svg_job() -> list[Path]:
        sheet = sheets_of(svg_paper)
        # the SVG map is one file: the tiled map's whole drawing is the one-page sheet
        svg_map = None
        if drawable:
            if map_size == "tiled":
                from throne_pnp.render.components.mapsheet import map_page

                svg_map = map_page(content, svg_paper, ink_saver)
            else:
                svg_map = sheet.maps[0]
            sheets.stamp_pages([svg_map], stamp)
        return _build_svg(out_dir / "svg", svg_map, sheet.rules)

    for paper in pdf_papers:
        written += pdf_job(paper)
    if "svg" in formats:
        written += svg_job()
        written += _card_svgs(content, out_dir / "svg", ink_saver, back)
        written += _pack_svg(out_dir / "svg", sheets_of(svg_paper).pack)
    if fit:
        from throne_pnp.render.components.mapsheet import fit_notes

        notes.extend(fit_notes(content, tuple(sorted(wanted)), map_size))
    if "png" in formats:
        from throne_pnp.render.exports.png import write_pngs

        written += write_pngs(content, out_dir / "png", pod, ink_saver, back)
    if "tts" in formats:
        from throne_pnp.render.exports.tts import write_tts

        written += write_tts(content, out_dir / "tts", tts_url_base, ink_saver, back, notes)
    return written


@dataclass(slots=True)
class _Laid:
    """One paper's sheets, laid out once and shared by its PDFs, the pack and the SVGs."""

    maps: list[Page]
    rules: list[Page]
    cards: list[Page]
    pack: list[Page]                     # the pack's pages and its bookmarks
    outline: tuple[tuple[int, str], ...]


def _build_svg(folder: Path, map_sheet: Page | None, rules: list[Page]) -> list[Path]:
    """The map and rules sheets as SVG (stale rules pages and map removed)."""
    title = sheets.GAME_TITLE
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if map_sheet is not None:
        written.append(render_svg(map_sheet, folder / "map.svg", f"{title}: map"))
    for i, page in enumerate(rules, start=1):
        name = "rules.svg" if i == 1 else f"rules-{i}.svg"
        written.append(render_svg(page, folder / name, f"{title}: rules, page {i}"))
    for stale in sorted(folder.glob("rules-*.svg")):
        if stale not in written:
            stale.unlink()
    if map_sheet is None and (folder / "map.svg").exists():
        (folder / "map.svg").unlink()
    return written


def _card_svgs(content: Content, folder: Path, ink_saver: bool, back: str) -> list[Path]:
    """Every card face and the shared back as SVG, with full bleed."""
    title = sheets.GAME_TITLE
    card_dir = folder / "cards"
    card_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    files = cards.card_files(content, ink_saver, back)
    names = {name for name, _ in files}
    for stale in sorted(card_dir.glob("card-*.svg")):
        if stale.name not in names:
            stale.unlink()     # a card removed from the deck must not linger
    for name, page in files:
        written.append(render_svg(page, card_dir / name, f"{title}: {page.name}"))
    return written


def _pack_svg(folder: Path, pack_pages: list[Page]) -> list[Path]:
    """The pack's own sheets as SVG: the print guide and the extras sheet."""
    title = sheets.GAME_TITLE
    by_name = {page.name: page for page in pack_pages}
    return [render_svg(by_name["guide"], folder / "guide.svg", f"{title}: print guide"),
            render_svg(by_name["extras"], folder / "extras.svg",
                       f"{title}: player aids and cube tokens")]
