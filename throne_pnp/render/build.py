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

Each paper's sheets are laid out once per build and kept between builds in
the user's cache folder (`layout_memo`), keyed by the content, the options
and the program, so an unchanged edition is not set again line by line.

This module and everything it imports is loaded only by the build path, so
the rest of the command line never pays for reportlab or svgwrite.
"""

from __future__ import annotations

import atexit
import gc
import os
import pickle
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.render import cards, layout_memo, memo, sheets
from throne_pnp.render.layout import Page
from throne_pnp.render.pdf import DrawCache, preload, render_pdf
from throne_pnp.render.stamp import stamp_text
from throne_pnp.render.svg import render_svg
from throne_pnp.values import Factory, Record

PAPER_CHOICES = tuple(sheets.PAPERS)
LAYOUTS = ("duplex", "backs-separate", "fold")
PACK_FILE = "print-and-play.pdf"
FIT = "fit-notes"   # the job that checks real cubes fit the map
MAP_SKIPPED = ("map sheet skipped: map.yaml has no complete drawing data (drawing: and "
               "each territory's shape/label/cubes); cards and rules were built")


def build(content: Content, out_dir: Path, papers: tuple[str, ...] = PAPER_CHOICES,
          formats: tuple[str, ...] = ("pdf", "svg"), ink_saver: bool = False,
          layout: str = "duplex", notes: list[str] | None = None,
          parallel: bool = True, back: str = "light", pod: str = "",
          map_size: str = "page", tts_url_base: str | None = None) -> list[Path]:
    """Write the components of `content` under `out_dir`; return the written paths.

    `formats` may hold "pdf", "svg" and "png" (one image per card face and
    the back under `out_dir`/png, sized for the print-on-demand service `pod`:
    "" plain, "mpc" or "tgc"; needs the [png] extra) and "tts" (the Tabletop
    Simulator export under `out_dir`/tts, its images named by `file:///`
    paths or under `tts_url_base`; see `tts.py`). `notes` (if given)
    receives what was skipped and why. With `parallel` (on Linux, when there
    are two halves to share and a core is free: `_core_free`) a forked child
    writes the SVG sheets and the PDFs of their paper while this process
    writes the rest; the files are
    the same either way. While it runs, the cyclic collector is paused (see
    `_one_build`).
    """
    with _one_build():
        return _build(content, out_dir, papers, formats, ink_saver, layout, notes, parallel,
                      back, pod, map_size, tts_url_base)


@contextmanager
def _one_build() -> Iterator[None]:
    """Pause the cyclic garbage collector for one build, then drop its memos.

    A build allocates some hundred thousand short-lived shapes, strings and
    PDF objects; the collector would walk them (and everything the process
    has loaded) a hundred times over, for the few cycles reportlab's
    documents make. Those wait until the collector resumes, after the
    build. Its memos (`memo.forget`) are emptied at the end, so that nothing
    of this content outlives the build. Nested builds leave the collector
    paused until the outermost ends.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        memo.forget()
        if collecting:
            gc.enable()
        _skip_collection_at_exit()


def _skip_collection_at_exit() -> None:
    """At interpreter exit (once a build has run), freeze what is left for the
    cyclic collector, so that shutdown does not walk and free it.

    A process that has built holds reportlab, the fonts and this package's
    modules; its last collections at exit would find nothing to free but
    take a third of the time the bare interpreter needs to start (and after
    the fork, every page they touch is a copy-on-write fault). Freezing
    first, as the last thing before the interpreter tears itself down, skips
    them; objects are still freed as their last reference goes. Registered
    once per process, so other exit handlers run as before.
    """
    global _exit_registered
    if not _exit_registered:
        atexit.register(gc.freeze)
        _exit_registered = True


_exit_registered = False


def _build(content: Content, out_dir: Path, papers: tuple[str, ...], formats: tuple[str, ...],
           ink_saver: bool, layout: str, notes: list[str] | None, parallel: bool, back: str,
           pod: str, map_size: str, tts_url_base: str | None) -> list[Path]:
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
        from throne_pnp.render.extras import aid_overflow

        notes.extend(aid_overflow(content))
    svg_paper = "a4" if "a4" in papers or not papers else papers[0]
    wanted = set(papers if "pdf" in formats else ()) | ({svg_paper} if "svg" in formats else set())
    fit = drawable and notes is not None   # an edition's own map: do real cubes fit?
    title = sheets.GAME_TITLE
    stamp = stamp_text(content)
    pdf_papers = tuple(papers) if "pdf" in formats else ()
    cache = DrawCache()          # pages drawn once, replayed by the pack
    laid: dict[str, _Laid] = {}  # each paper's sheets, laid out once per process
    unkept: dict[str, str | None] = {}   # papers laid out here: their memo keys

    def lay_out(paper: str) -> _Laid:
        # (imported here: a paper read back from `layout_memo` needs none of them)
        from throne_pnp.render import booklet, mapsheet, pack

        maps = mapsheet.map_pages(content, paper, map_size, ink_saver) if drawable else []
        rules = booklet.rules_pages(content, paper, ink_saver)
        sheets.stamp_pages([*maps, *rules], stamp)
        card_pages = cards.card_pages(content, paper, layout, ink_saver, back, stamp)
        laid_pack = pack.pack(content, paper, layout, ink_saver, rules=rules,
                              map_pages=maps if drawable else None, card_pages=card_pages,
                              stamp=stamp)
        return _Laid(maps, rules, card_pages, laid_pack.pages, tuple(laid_pack.outline))

    # each paper's memo key, made here (before any fork): the program's digest once
    keys = {paper: layout_memo.key(content, (paper, map_size, ink_saver, layout, back, stamp))
            for paper in sorted(wanted)}

    def sheets_of(paper: str) -> _Laid:
        if paper not in laid:
            key = keys[paper]
            sheet = layout_memo.fetch(key, _Laid)
            fresh = sheet is None
            if sheet is None:
                sheet = lay_out(paper)
            cache.seed(sheet.drawn)
            if paper in pdf_papers and not sheet.drawn:
                unkept[paper] = key      # kept with its drawing, once its PDFs are drawn
            elif fresh:
                layout_memo.store(key, sheet)
            laid[paper] = sheet
        return laid[paper]

    def pdf_job(paper: str) -> list[Path]:
        folder = out_dir / paper
        folder.mkdir(parents=True, exist_ok=True)
        sheet = sheets_of(paper)
        done: list[Path] = []
        if drawable:
            done.append(render_pdf(sheet.maps, folder / "map.pdf", f"{title}: map", cache=cache))
        elif (folder / "map.pdf").exists():
            (folder / "map.pdf").unlink()     # never leave a stale map beside new cards
        done.append(render_pdf(sheet.cards, folder / "cards.pdf", f"{title}: action cards",
                               duplex=layout == "duplex", cache=cache))
        done.append(render_pdf(sheet.rules, folder / "rules.pdf", f"{title}: rules",
                               cache=cache))
        done.append(render_pdf(sheet.pack, folder / PACK_FILE,
                               f"{title}: print-and-play pack", outline=sheet.outline,
                               cache=cache))
        if paper in unkept:
            sheet.drawn = cache.drawings([*sheet.maps, *sheet.cards, *sheet.rules,
                                          *sheet.pack])
            layout_memo.store(unkept.pop(paper), sheet)
        return done

    def svg_job() -> list[Path]:
        sheet = sheets_of(svg_paper)
        # the SVG map is one file: the tiled map's whole drawing is the one-page sheet
        svg_map = None
        if drawable:
            if map_size == "tiled":
                from throne_pnp.render.mapsheet import map_page

                svg_map = map_page(content, svg_paper, ink_saver)
            else:
                svg_map = sheet.maps[0]
            sheets.stamp_pages([svg_map], stamp)
        return _build_svg(out_dir / "svg", svg_map, sheet.rules)

    def svg_pack_job() -> list[Path]:
        return _pack_svg(out_dir / "svg", sheets_of(svg_paper).pack)

    # Jobs by name: files (listed in this order whoever writes them), or notes.
    jobs: dict[str, Callable[[], list]] = {
        paper: (lambda paper=paper: pdf_job(paper)) for paper in pdf_papers}
    if "svg" in formats:
        jobs["svg"] = svg_job
        jobs["svg-cards"] = lambda: _card_svgs(content, out_dir / "svg", ink_saver, back)
        jobs["svg-pack"] = svg_pack_job
    if fit:
        jobs[FIT] = lambda: _fit_notes(content, tuple(sorted(wanted)), map_size)
    # A forked child takes the SVG sheets, and with them the PDFs of the SVGs'
    # paper (their layout is shared); another paper's PDFs stay here, with the
    # card faces (the same on any paper) or else the map's fit check: two
    # halves of about equal work.
    child = ["svg", "svg-pack"] if "svg" in jobs else []
    if len(pdf_papers) > 1:
        child.insert(0, svg_paper)
    if fit and "svg" in jobs:
        child.append("svg-cards")
    elif fit and not child:
        child.append(FIT)
    here = [name for name in jobs if name not in child]
    if parallel and child and here and _can_fork() and _core_free():
        preload()      # imports and fonts both processes need, loaded once
        done = _both(lambda: _run(jobs, here), lambda: _run(jobs, child))
    else:
        done = _run(jobs, list(jobs))
    written += [path for name in jobs if name != FIT for path in done[name]]
    if fit:
        notes.extend(done[FIT])
    if "png" in formats:
        from throne_pnp.render.png import write_pngs

        written += write_pngs(content, out_dir / "png", pod, ink_saver, back)
    if "tts" in formats:
        from throne_pnp.render.tts import write_tts

        written += write_tts(content, out_dir / "tts", tts_url_base, ink_saver, back, notes)
    return written


class _Laid(Record):
    """One paper's sheets, laid out once (or read back: `layout_memo`) and
    shared by its PDFs, the pack and the SVGs; `drawn` holds each page's PDF
    drawing once its PDFs have been drawn (`DrawCache.drawings`)."""

    maps: list[Page]
    rules: list[Page]
    cards: list[Page]
    pack: list[Page]                     # the pack's pages and its bookmarks
    outline: tuple[tuple[int, str], ...]
    drawn: list = Factory(list)


def _fit_notes(content: Content, papers: tuple[str, ...], map_size: str) -> list[str]:
    from throne_pnp.render.mapsheet import fit_notes

    return fit_notes(content, papers, map_size)


def _run(jobs: dict[str, Callable[[], list]], names: list[str]) -> dict[str, list]:
    return {name: jobs[name]() for name in names}


def _can_fork() -> bool:
    """Fork is cheap and safe for this pure-Python work on Linux; elsewhere
    (macOS system frameworks, Windows) the build simply runs in series."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def _core_free() -> bool:
    """Whether another core is likely free for the child: more than one core to
    use, and the last minute's load average (this process counting for about
    one) below their number.

    On a machine whose cores are all busy the child only takes turns with the
    parent on the same cores, and the fork's own costs (a copy-on-write fault
    for every page either process touches, a second setup and exit) make the
    build slower than doing both halves here: 448 ms against 413 ms beside a
    two-process simulation on two cores. Where the load cannot be read, fork.
    """
    try:
        cores = len(os.sched_getaffinity(0))
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return True
    return cores > 1 and load < cores


def _both(here_job: Callable[[], dict[str, list]],
          child_job: Callable[[], dict[str, list]]) -> dict[str, list]:
    """Run `child_job` in a forked child while this process runs `here_job`.

    The two write disjoint files (each laying out what it draws); the child
    reports its results by job (paths, notes), or its exception, through a
    pipe. Output is byte-identical to the serial build.
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:   # child
        os.close(read_fd)
        status = 0
        try:
            result: tuple = ("ok", child_job())
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            result, status = ("error", exc), 1
        try:
            with os.fdopen(write_fd, "wb") as pipe:
                pickle.dump(result, pipe)
        finally:
            os._exit(status)
    os.close(write_fd)
    try:
        done = here_job()
    finally:
        with os.fdopen(read_fd, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
    kind, value = pickle.loads(data) if data else ("error", RuntimeError(
        "the forked writer stopped without a report"))
    if kind == "error":
        raise value
    return {**done, **value}


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
