"""`build`: content -> every printable file, for `throne build` and scripts.

Per paper size `<out>/<paper>/` gets map.pdf, cards.pdf, rules.pdf and
print-and-play.pdf (`pack`: every component in print order, the same `Page`s as the
separate PDFs; its guide comes first but is laid out last, as its table lists the page
numbers of every other part); `<out>/svg/` (A4 unless only Letter was asked for) gets
one SVG per page. Each paper's sheets are laid out once and every file is drawn from
them. Only the build path imports this module, and so reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Page
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.backend.svg import render_svg
from throne_pnp.render.components import booklet, cards, extras, guide, mapsheet, sheets
from throne_pnp.render.components.guide import Section

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
PACK_FILE = "print-and-play.pdf"
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")
TITLE = sheets.GAME_TITLE
CARD_STOCK = "card, 160-200 gsm"
PLAIN = "plain, 80 gsm"
LONG_EDGE = "double-sided, flip on long edge"


@dataclass(slots=True)
class Part:
    """A run of pages of the pack with what the guide says about them."""

    title: str
    pages: list[Page]
    paper: str
    setting: str
    key: str = ""


def _map_part(map_pages: list[Page], paper: str) -> Part:
    """The map: one sheet of the paper, one larger sheet, or sheets to join."""
    first = map_pages[0]
    landscape = first.width > first.height
    setting = "single-sided" + (", landscape" if landscape else "")
    if len(map_pages) > 1:
        return Part(f"Map, {len(map_pages)} sheets to join", map_pages, "120-160 gsm, or plain",
                    setting, "map")
    w, h = sheets.PAPERS[paper]
    if max(first.width, first.height) > max(w, h) + 1.0:
        big = "A3" if paper == "a4" else "Tabloid"
        return Part(f"Map, one {big} sheet", map_pages, f"{big}, 120-160 gsm or plain",
                    setting, "map")
    return Part("Map", map_pages, "120-160 gsm, or plain", setting, "map")


def _card_parts(card_pages: list[Page], layout: str) -> list[Part]:
    if layout == "fold":
        turned = ", landscape" if card_pages and card_pages[0].width > card_pages[0].height else ""
        return [Part("Action cards, fold and glue", card_pages, guide.FOLD_STOCK,
                     "single-sided" + turned, "cards")]
    if layout == "backs-separate":
        half = len(card_pages) // 2
        return [Part("Action cards, fronts", card_pages[:half], CARD_STOCK, "single-sided",
                     "cards"),
                Part("Action cards, backs", card_pages[half:], "the printed fronts",
                     "single-sided, the fronts' stack turned over on its long edge",
                     "backs")]
    return [Part("Action cards, fronts and backs", card_pages, CARD_STOCK, LONG_EDGE, "cards")]


def pack_parts(content: Content, paper: str, layout: str = "duplex", ink_saver: bool = False,
               *, rules: list[Page], map_pages: list[Page] | None,
               card_pages: list[Page]) -> list[Part]:
    """The parts after the guide, in print order (the map left out when None)."""
    parts = [Part("Rules", rules, PLAIN, "single-sided", "rules")]
    if map_pages:
        parts.append(_map_part(map_pages, paper))
    if layout != "fold":
        setting = (LONG_EDGE if layout == "duplex"
                   else "page 1, then the sheet turned over on its long edge, page 2")
        parts.append(Part("Duplex test (one sheet)",
                          guide.alignment_pages(paper, manual=layout == "backs-separate"),
                          PLAIN, setting, "duplex-test"))
    parts += _card_parts(card_pages, layout)
    parts.append(Part("Aid cards and cube tokens", extras.extras_pages(content, paper, ink_saver),
                      CARD_STOCK, "single-sided", "extras"))
    return parts


def sections(parts: list[Part]) -> list[Section]:
    """The guide's table rows: the guide itself is page 1, the parts follow."""
    out = [Section("This guide", 1, 1, PLAIN, "optional")]
    page = 2
    for part in parts:
        out.append(Section(part.title, page, page + len(part.pages) - 1, part.paper, part.setting))
        page += len(part.pages)
    return out


@dataclass(slots=True)
class Pack:
    """The laid-out pack: its pages in print order and the guide's table."""

    pages: list[Page]
    sections: list[Section]

    @property
    def outline(self) -> list[tuple[int, str]]:
        """(0-based first page, title) of every part: the PDF's bookmarks."""
        return [(s.first - 1, s.title) for s in self.sections]


def pack(content: Content, paper: str, layout: str = "duplex", ink_saver: bool = False,
         *, rules: list[Page], map_pages: list[Page] | None = None,
         card_pages: list[Page] | None = None, stamp: str = "") -> Pack:
    """Every page of print-and-play.pdf for one paper size, in print order, from the
    separate PDFs' pages (cards laid out here when not given; no map for None);
    the pack's own pages get the footer `stamp`."""
    if card_pages is None:
        card_pages = cards.card_pages(content, paper, layout, ink_saver, stamp=stamp)
    parts = pack_parts(content, paper, layout, ink_saver, rules=rules, map_pages=map_pages,
                       card_pages=card_pages)
    table = sections(parts)
    first = guide.guide_page(content, paper, layout, table, ink_saver=ink_saver)
    own = [first] + [page for part in parts if part.key in ("duplex-test", "extras")
                     for page in part.pages]
    sheets.stamp_pages(own, stamp)
    return Pack([first] + [page for part in parts for page in part.pages], table)


@dataclass(slots=True)
class _Laid:
    """One paper's sheets, laid out once and shared by its PDFs, the pack and the SVGs."""

    maps: list[Page]
    rules: list[Page]
    cards: list[Page]
    pack: Pack


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None,
          back: str = "light", pod: str = "",
          map_size: str = "page", tts_url_base: str | None = None) -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.

    `formats` may also hold "png" (for the print-on-demand service `pod`) and
    "tts" (images named under `tts_url_base`). `notes` receives what was skipped.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    if map_size not in sheets.MAP_SIZES:
        raise ValueError(f"unknown map size {map_size!r}; use one of "
                         f"{', '.join(sheets.MAP_SIZES)}")
    if back not in cards.BACKS:
        raise ValueError(f"unknown card back {back!r}; use one of {', '.join(cards.BACKS)}")
    out_dir = Path(out_dir)
    drawable = content.map.drawable
    if notes is not None:
        if not drawable:
            notes.append(MAP_SKIPPED)
        notes.extend(extras.aid_overflow(content))
    svg_paper = "a4" if "a4" in papers or not papers else papers[0]
    pdf_papers = tuple(papers) if "pdf" in formats else ()
    stamp = sheets.stamp_text(content)
    laid: dict[str, _Laid] = {}

    def sheets_of(paper: str) -> _Laid:
        if paper not in laid:
            maps = mapsheet.map_pages(content, paper, map_size, ink_saver) if drawable else []
            rules = booklet.rules_pages(content, paper, ink_saver)
            sheets.stamp_pages([*maps, *rules], stamp)
            card_pages = cards.card_pages(content, paper, layout, ink_saver, back, stamp)
            laid[paper] = _Laid(maps, rules, card_pages, pack(
                content, paper, layout, ink_saver, rules=rules,
                map_pages=maps if drawable else None, card_pages=card_pages, stamp=stamp))
        return laid[paper]

    written: list[Path] = []
    for paper in pdf_papers:
        written += _pdfs(out_dir / paper, sheets_of(paper), drawable, layout)
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
