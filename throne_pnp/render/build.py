"""`build`: content -> every printable file, for `throne build` and scripts.

Per paper size it writes `<out>/<paper>/map.pdf`, `cards.pdf` (fronts and
backs in the chosen layout), `rules.pdf` and `print-and-play.pdf` (the pack:
print guide, rules, map, duplex test, cards, extras, in print order, drawn
from the same laid-out pages); as SVG it writes `<out>/svg/map.svg`,
`rules.svg` (plus `rules-2.svg` if the text runs to two pages), `guide.svg`,
`extras.svg` and `<out>/svg/cards/card-NN.svg` for every face with the shared
`back.svg`, each with full bleed. SVG sheets use A4 unless only Letter was
asked for. `map_size` picks what map.pdf holds: one landscape sheet of the
paper (`page`), one A3 / Tabloid sheet (`a3`), or two sheets to join (`tiled`);
map.svg is always the whole map on one sheet. A map without drawing data is
skipped with a note saying why; cards and rules are still built.

This module and everything it imports is loaded only by the build path, so
the rest of the command line never pays for reportlab or svgwrite.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render import cards, extras, mapsheet, pack, rulesheet, sheets
from throne_pnp.render.layout import Page
from throne_pnp.render.pdf import render_pdf
from throne_pnp.render.stamp import stamp_text
from throne_pnp.render.svg import render_svg

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
PACK_FILE = "print-and-play.pdf"
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None,
          parallel: bool = True, back: str = "light", pod: str = "",
          map_size: str = "page") -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.

    `formats` may hold "pdf", "svg" and "png" (one image per card face and
    the back under `out_dir`/png, sized for the print-on-demand service `pod`:
    "" plain, "mpc" or "tgc"; needs the [png] extra). `notes` (if given)
    receives what was skipped and why. With `parallel`
    (and PDF and SVG both asked for, on Linux) the SVGs are written by a
    forked process alongside the PDFs; the files are the same either way.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    if map_size not in mapsheet.MAP_SIZES:
        raise ValueError(f"unknown map size {map_size!r}; use one of "
                         f"{', '.join(mapsheet.MAP_SIZES)}")
    if back not in cards.BACKS:
        raise ValueError(f"unknown card back {back!r}; use one of {', '.join(cards.BACKS)}")
    out_dir = Path(out_dir)
    written: list[Path] = []
    drawable = content.map.drawable
    if not drawable and notes is not None:
        notes.append(MAP_SKIPPED)
    if notes is not None:
        notes.extend(extras.aid_overflow(content))
    svg_paper = "a4" if "a4" in papers or not papers else papers[0]
    wanted = set(papers if "pdf" in formats else ()) | ({svg_paper} if "svg" in formats else set())
    if drawable and notes is not None:     # an edition's own map: do real cubes fit?
        notes.extend(mapsheet.fit_notes(content, tuple(sorted(wanted)), map_size))
    # each sheet is laid out once per paper and shared by both renderers
    maps = ({p: mapsheet.map_pages(content, p, map_size, ink_saver) for p in wanted}
            if drawable else {})
    # the SVG map is one file: the tiled map's whole drawing is the one-page sheet
    svg_map = (maps[svg_paper][0] if map_size != "tiled"
               else mapsheet.map_page(content, svg_paper, ink_saver)) if (
        drawable and "svg" in formats) else None
    rules = {p: rulesheet.rules_pages(content, p, ink_saver) for p in wanted}
    title = sheets.GAME_TITLE
    stamp = stamp_text(content)
    for page in [*(pg for pages in maps.values() for pg in pages),
                 *([svg_map] if svg_map is not None else []),
                 *(pg for pages in rules.values() for pg in pages)]:
        sheets.stamp_pages([page], stamp)

    def pdf_job() -> list[Path]:
        done: list[Path] = []
        for paper in papers if "pdf" in formats else ():
            folder = out_dir / paper
            folder.mkdir(parents=True, exist_ok=True)
            if drawable:
                done.append(render_pdf(maps[paper], folder / "map.pdf", f"{title}: map"))
            elif (folder / "map.pdf").exists():
                (folder / "map.pdf").unlink()     # never leave a stale map beside new cards
            card_pages = cards.card_pages(content, paper, layout, ink_saver, back, stamp)
            done.append(render_pdf(card_pages, folder / "cards.pdf", f"{title}: action cards",
                                   duplex=layout == "duplex"))
            done.append(render_pdf(rules[paper], folder / "rules.pdf", f"{title}: rules"))
            laid = pack.pack(content, paper, layout, ink_saver, rules=rules[paper],
                             map_pages=maps[paper] if drawable else None,
                             card_pages=card_pages, stamp=stamp)
            done.append(render_pdf(laid.pages, folder / PACK_FILE,
                                   f"{title}: print-and-play pack",
                                   outline=tuple(laid.outline)))
        return done

    def svg_job() -> list[Path]:
        if "svg" not in formats:
            return []
        return _build_svg(content, out_dir / "svg", svg_map, rules[svg_paper],
                          ink_saver, back) + _pack_svg(content, out_dir / "svg", svg_paper,
                                                       layout, ink_saver, maps.get(svg_paper),
                                                       rules[svg_paper], back, stamp)

    if parallel and "pdf" in formats and "svg" in formats and _can_fork():
        written += _both(pdf_job, svg_job)
    else:
        written += pdf_job() + svg_job()
    if "png" in formats:
        from throne_pnp.render.png import write_pngs

        written += write_pngs(content, out_dir / "png", pod, ink_saver, back)
    return written


def _can_fork() -> bool:
    """Fork is cheap and safe for this pure-Python work on Linux; elsewhere
    (macOS system frameworks, Windows) the build simply runs in series."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def _both(pdf_job: Callable[[], list[Path]], svg_job: Callable[[], list[Path]]) -> list[Path]:
    """Write the SVGs in a forked child while this process writes the PDFs.

    The two share the laid-out pages (computed before the fork) and write
    disjoint files; the child reports its paths, or its exception, through a
    pipe. Output is byte-identical to the serial build.
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:   # child: SVG
        os.close(read_fd)
        status = 0
        try:
            result: tuple = ("ok", [str(p) for p in svg_job()])
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            result, status = ("error", exc), 1
        try:
            with os.fdopen(write_fd, "wb") as pipe:
                pickle.dump(result, pipe)
        finally:
            os._exit(status)
    os.close(write_fd)
    try:
        pdfs = pdf_job()
    finally:
        with os.fdopen(read_fd, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
    kind, value = pickle.loads(data) if data else ("error", RuntimeError(
        "the SVG writer stopped without a report"))
    if kind == "error":
        raise value
    return pdfs + [Path(p) for p in value]


def _build_svg(content: Content, folder: Path, map_sheet: Page | None, rules: list[Page],
               ink_saver: bool, back: str = "light") -> list[Path]:
    title = sheets.GAME_TITLE
    card_dir = folder / "cards"
    card_dir.mkdir(parents=True, exist_ok=True)
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
    files = cards.card_files(content, ink_saver, back)
    names = {name for name, _ in files}
    for stale in sorted(card_dir.glob("card-*.svg")):
        if stale.name not in names:
            stale.unlink()     # a card removed from the deck must not linger
    for name, page in files:
        written.append(render_svg(page, card_dir / name, f"{title}: {page.name}"))
    return written


def _pack_svg(content: Content, folder: Path, paper: str, layout: str, ink_saver: bool,
              map_pages: list[Page] | None, rules: list[Page], back: str,
              stamp: str) -> list[Path]:
    """The pack's own sheets as SVG: the print guide and the extras sheet."""
    title = sheets.GAME_TITLE
    laid = pack.pack(content, paper, layout, ink_saver, rules=rules, map_pages=map_pages,
                     card_pages=cards.card_pages(content, paper, layout, ink_saver, back, stamp),
                     stamp=stamp)
    by_name = {page.name: page for page in laid.pages}
    return [render_svg(by_name["guide"], folder / "guide.svg", f"{title}: print guide"),
            render_svg(by_name["extras"], folder / "extras.svg",
                       f"{title}: player aids and cube tokens")]
