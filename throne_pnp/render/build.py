"""`build`: content -> every printable file, for `throne build` and scripts.

Per paper size it writes `<out>/<paper>/map.pdf`, `cards.pdf` (fronts and
backs in the chosen layout) and `rules.pdf`; as SVG it writes
`<out>/svg/map.svg`, `rules.svg` (plus `rules-2.svg` if the text runs to two
pages) and `<out>/svg/cards/card-NN.svg` for every face with the shared
`back.svg`, each with full bleed. SVG sheets use A4 unless only Letter was
asked for. A map without drawing data is skipped with a note saying why;
cards and rules are still built.

This module and everything it imports is loaded only by the build path, so
the rest of the command line never pays for reportlab or svgwrite.
"""

from __future__ import annotations

from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render import cards, mapsheet, rulesheet, sheets
from throne_pnp.render.pdf import render_pdf
from throne_pnp.render.svg import render_svg

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None) -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.

    `notes` (if given) receives what was skipped and why.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    out_dir = Path(out_dir)
    written: list[Path] = []
    drawable = content.map.drawable
    if not drawable and notes is not None:
        notes.append(MAP_SKIPPED)
    title = sheets.GAME_TITLE
    if "pdf" in formats:
        for paper in papers:
            folder = out_dir / paper
            folder.mkdir(parents=True, exist_ok=True)
            if drawable:
                written.append(render_pdf([mapsheet.map_page(content, paper, ink_saver)],
                                          folder / "map.pdf", f"{title}: map"))
            written.append(render_pdf(cards.card_pages(content, paper, layout, ink_saver),
                                      folder / "cards.pdf", f"{title}: action cards"))
            written.append(render_pdf(rulesheet.rules_pages(content, paper, ink_saver),
                                      folder / "rules.pdf", f"{title}: rules"))
    if "svg" in formats:
        written += _build_svg(content, out_dir / "svg", papers, ink_saver)
    return written


def _build_svg(content: Content, folder: Path, papers: tuple[str, ...],
               ink_saver: bool) -> list[Path]:
    paper = "a4" if "a4" in papers or not papers else papers[0]
    title = sheets.GAME_TITLE
    card_dir = folder / "cards"
    card_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if content.map.drawable:
        written.append(render_svg(mapsheet.map_page(content, paper, ink_saver),
                                  folder / "map.svg", f"{title}: map"))
    pages = rulesheet.rules_pages(content, paper, ink_saver)
    for i, page in enumerate(pages, start=1):
        name = "rules.svg" if i == 1 else f"rules-{i}.svg"
        written.append(render_svg(page, folder / name, f"{title}: rules, page {i}"))
    for stale in sorted(folder.glob("rules-*.svg")):
        if stale not in written:
            stale.unlink()
    files = cards.card_files(content, ink_saver)
    names = {name for name, _ in files}
    for stale in sorted(card_dir.glob("card-*.svg")):
        if stale.name not in names:
            stale.unlink()     # a card removed from the deck must not linger
    for name, page in files:
        written.append(render_svg(page, card_dir / name, f"{title}: {page.name}"))
    return written
