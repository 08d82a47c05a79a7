"""`build`: content -> every printable file, for `throne build` and scripts.

Per paper size `<out>/<paper>/` gets map.pdf, cards.pdf, rules.pdf and print-and-play.pdf;
`<out>/svg/` (A4 unless only Letter was asked for) gets one SVG per page. Each paper's sheets
are laid out once and every file is drawn from them. Only the build path imports reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render.backend import fonts
from throne_pnp.render.backend.layout import Page
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.backend.svg import render_svg
from throne_pnp.render.components import booklet, cards, mapsheet, sheets
from throne_pnp.render.components.extras import aid_overflow
from throne_pnp.render.exports import pack

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
PACK_FILE = "print-and-play.pdf"
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")
TITLE = sheets.GAME_TITLE


@dataclass(slots=True)
class _Laid:
    """One paper's sheets, laid out once and shared by its PDFs, the pack and the SVGs."""

    maps: list[Page]
    rules: list[Page]
    cards: list[Page]
    pack: pack.Pack


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None,
          back: str = "light", pod: str = "",
          map_size: str = "page", tts_url_base: str | None = None,
          back_offset: tuple[float, float] = (0.0, 0.0),
          booklet_kind: str = "pages") -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.
    `formats` may also hold "png" (for the print-on-demand service `pod`), "tts" (images
    named under `tts_url_base`) and "vassal"; `notes` receives what was skipped; `back_offset`
    moves the duplex backs (see `cards.card_pages`); `booklet_kind` "a5" adds rules-a5.pdf,
    the rules imposed two pages a landscape sheet for saddle stitching."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    if map_size not in sheets.MAP_SIZES:
        raise ValueError(f"unknown map size {map_size!r}; use one of "
                         f"{', '.join(sheets.MAP_SIZES)}")
    if booklet_kind not in booklet.BOOKLETS:
        raise ValueError(f"unknown booklet {booklet_kind!r}; use one of "
                         f"{', '.join(booklet.BOOKLETS)}")
    if back not in cards.BACKS:
        raise ValueError(f"unknown card back {back!r}; use one of {', '.join(cards.BACKS)}")
    out_dir = Path(out_dir)
    drawable = content.map.drawable
    if notes is not None:
        if not drawable:
            notes.append(MAP_SKIPPED)
        notes.extend(aid_overflow(content) + fonts.notes())
    svg_paper = "a4" if "a4" in papers or not papers else papers[0]
    pdf_papers = tuple(papers) if "pdf" in formats else ()
    stamp = sheets.stamp_text(content)
    laid: dict[str, _Laid] = {}
    text_blocks: list[Page] = []      # the booklet, set once for every paper

    def booklet_blocks() -> list[Page]:
        if not text_blocks:
            text_blocks.extend(booklet.lay_out(content, ink_saver))
        return text_blocks

    def sheets_of(paper: str) -> _Laid:
        if paper not in laid:
            maps = mapsheet.map_pages(content, paper, map_size, ink_saver) if drawable else []
            rules = booklet.rules_pages(content, paper, ink_saver, booklet_blocks())
            sheets.stamp_pages(maps, stamp)     # the booklet has its colophon
            card_pages = cards.card_pages(content, paper, layout, ink_saver, back, stamp,
                                          back_offset)
            laid[paper] = _Laid(maps, rules, card_pages, pack.pack(
                content, paper, layout, ink_saver, rules=rules,
                map_pages=maps if drawable else None, card_pages=card_pages, stamp=stamp))
        return laid[paper]

    written: list[Path] = []
    for paper in pdf_papers:
        written += _pdfs(out_dir / paper, sheets_of(paper), drawable, layout)
        imposed = out_dir / paper / booklet.IMPOSED_FILE
        if booklet_kind == "a5":
            pages = booklet.booklet_sheets(content, paper, ink_saver, booklet_blocks())
            written.append(render_pdf(pages, imposed, f"{TITLE}: rules booklet"))
        elif imposed.exists():
            imposed.unlink()      # never leave a stale booklet beside new rules
    if "svg" in formats:
        sheet = sheets_of(svg_paper)
        svg_map = None
        if drawable:   # the SVG map is one file: a tiled map's whole drawing on one sheet
            svg_map = (mapsheet.map_page(content, svg_paper, ink_saver) if map_size == "tiled"
                       else sheet.maps[0])
            sheets.stamp_pages([svg_map], stamp)
        written += _map_and_rules_svgs(out_dir / "svg", svg_map, sheet.rules)
        written += _card_svgs(content, out_dir / "svg", ink_saver, back)
        by_name = {page.name: page for page in sheet.pack.pages}
        written += [render_svg(by_name["guide"], out_dir / "svg" / "guide.svg",
                               f"{TITLE}: print guide"),
                    render_svg(by_name["extras"], out_dir / "svg" / "extras.svg",
                               f"{TITLE}: player aids and cube tokens")]
    if drawable and notes is not None:   # an edition's own map: do real cubes fit?
        wanted = set(pdf_papers) | ({svg_paper} if "svg" in formats else set())
        notes.extend(mapsheet.fit_notes(content, tuple(sorted(wanted)), map_size))
    if "png" in formats:
        from throne_pnp.render.exports.png import write_pngs

        written += write_pngs(content, out_dir / "png", pod, ink_saver, back)
    if "tts" in formats:
        from throne_pnp.render.exports.tts import write_tts

        written += write_tts(content, out_dir / "tts", tts_url_base, ink_saver, back, notes)
    if "vassal" in formats:
        from throne_pnp.render.exports.vassal import write_vassal

        written += write_vassal(content, out_dir / "vassal", ink_saver, back, notes)
    return written


def _pdfs(folder: Path, sheet: _Laid, drawable: bool, layout: str) -> list[Path]:
    """One paper's map, cards, rules and pack PDFs (a stale map.pdf removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    done: list[Path] = []
    if drawable:
        done.append(render_pdf(sheet.maps, folder / "map.pdf", f"{TITLE}: map"))
    elif (folder / "map.pdf").exists():
        (folder / "map.pdf").unlink()     # never leave a stale map beside new cards
    done.append(render_pdf(sheet.cards, folder / "cards.pdf", f"{TITLE}: action cards",
                           duplex=layout == "duplex"))
    done.append(render_pdf(sheet.rules, folder / "rules.pdf", f"{TITLE}: rules"))
    done.append(render_pdf(sheet.pack.pages, folder / PACK_FILE,
                           f"{TITLE}: print-and-play pack", outline=tuple(sheet.pack.outline)))
    return done


def _map_and_rules_svgs(folder: Path, map_sheet: Page | None, rules: list[Page]) -> list[Path]:
    """The map and rules sheets as SVG (stale rules pages and map removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if map_sheet is not None:
        written.append(render_svg(map_sheet, folder / "map.svg", f"{TITLE}: map"))
    for i, page in enumerate(rules, start=1):
        name = "rules.svg" if i == 1 else f"rules-{i}.svg"
        written.append(render_svg(page, folder / name, f"{TITLE}: rules, page {i}"))
    for stale in sorted(folder.glob("rules-*.svg")):
        if stale not in written:
            stale.unlink()
    if map_sheet is None and (folder / "map.svg").exists():
        (folder / "map.svg").unlink()
    return written


def _card_svgs(content: Content, folder: Path, ink_saver: bool, back: str) -> list[Path]:
    """Every card face and the shared back as SVG, with full bleed."""
    card_dir = folder / "cards"
    card_dir.mkdir(parents=True, exist_ok=True)
    files = cards.card_files(content, ink_saver, back)
    names = {name for name, _ in files}
    for stale in sorted(card_dir.glob("card-*.svg")):
        if stale.name not in names:
            stale.unlink()     # a card removed from the deck must not linger
    return [render_svg(page, card_dir / name, f"{TITLE}: {page.name}") for name, page in files]
