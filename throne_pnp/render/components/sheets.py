"""Sheet geometry: paper sizes, the card grids, crop marks, print aids, the footer stamp.

Poker cards sit in a centred 3 x 3 grid with shared cuts and a 3 mm bleed, on A4 and Letter
alike; no crop mark comes within MARK_EDGE of the paper edge. Duplex backs are mirrored about
the page centre; the fold layout puts each front above its back turned 180°. Every sheet's
stamp names the map, the program version and a date (SOURCE_DATE_EPOCH, else the newest
content file's, never the clock: same bytes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from throne_pnp import __version__
from throne_pnp.content import Content
from throne_pnp.edition_lookup import CONTENT_FILES
from throne_pnp.render.backend.layout import (
    MIN_TEXT,
    Group,
    Line,
    Page,
    Rect,
    Text,
    clip,
    fill,
    stroke,
    text_width,
)

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_W = 63.0
CARD_H = 88.0
BLEED = 3.0
COLS = 3
ROWS = 3
PER_PAGE = COLS * ROWS
MARK_GAP = 0.5       # between the bleed edge and a crop mark
MARK_LEN = 4.0
MARK_MIN = 2.0       # a mark outside the bleed is at least this long
MARK_EDGE = 5.0      # no mark of ours closer than this: the print shop's own margin
MARK_STYLE = stroke("#000000", 0.25)
CASING = 0.9         # white under a mark that crosses the bleed
FOLD_DASH = (1.6, 1.0)
FOLD_COLS = 4
AID_TEXT = MIN_TEXT  # title, stamp and scale-bar label: 6 pt
STAMP_INK = "#3d3833"
STAMP_FROM_BOTTOM = 5.6   # default stamp baseline above the bottom edge
GAME_TITLE = "A Rusty Throne"
MAP_SIZES = ("page", "a3", "tiled")   # what map.pdf holds (see `mapsheet.map_sheets`)
SCALE_LEN = 50.0
SCALE_LABEL = "Print at 100%: this bar must measure 50 mm"


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card goes on a sheet: trim box top-left, rotation, which sides bleed."""

    x: float
    y: float
    rotate: bool = False                       # turned 180° (fold layout backs)
    bleed: tuple[bool, bool, bool, bool] = (True, True, True, True)   # top right bottom left


@dataclass(frozen=True, slots=True)
class Grid:
    """A block of card cells sharing cut lines, centred on a page."""

    page_w: float
    page_h: float
    cols: int
    rows: int

    @property
    def x0(self) -> float:
        return (self.page_w - self.cols * CARD_W) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - self.rows * CARD_H) / 2

    def cell(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of the trim box of a cell."""
        return (self.x0 + col * CARD_W, self.y0 + row * CARD_H)

    def slot(self, col: int, row: int, rotate: bool = False) -> Slot:
        x, y = self.cell(col, row)
        return Slot(x, y, rotate, (row == 0, col == self.cols - 1, row == self.rows - 1, col == 0))

    def cut_xs(self) -> list[float]:
        return [self.x0 + i * CARD_W for i in range(self.cols + 1)]

    def cut_ys(self) -> list[float]:
        return [self.y0 + j * CARD_H for j in range(self.rows + 1)]


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    w, h = PAPERS[paper]
    return (h, w) if landscape else (w, h)


def card_grid(paper: str) -> Grid:
    return Grid(*PAPERS[paper], COLS, ROWS)


def fold_grid(paper: str) -> Grid:
    """Four columns of front-over-back pairs on a landscape page."""
    return Grid(*paper_size(paper, landscape=True), FOLD_COLS, 2)


def front_slots(grid: Grid, count: int) -> list[Slot]:
    """Slots for `count` fronts, row by row."""
    return [grid.slot(i % grid.cols, i // grid.cols) for i in range(count)]


def duplex_back_slots(grid: Grid, count: int) -> list[Slot]:
    """Slots for the backs of the fronts in `front_slots(grid, count)`, in the same
    order, mirrored left-right so a long-edge flip puts each behind its front."""
    return [grid.slot(grid.cols - 1 - i % grid.cols, i // grid.cols) for i in range(count)]


def fold_slots(grid: Grid, count: int) -> list[tuple[Slot, Slot]]:
    """(front, back) slots: front in the top row, its back below it turned 180°."""
    return [(grid.slot(i, 0), grid.slot(i, 1, rotate=True)) for i in range(count)]


def _mark_span(trim: float) -> tuple[float, float, bool]:
    """(near, far, cased): a crop mark's ends as distances from the paper edge whose cut line
    lies `trim` from it. Beyond the bleed when MARK_MIN of it fits clear of the printer's dead
    strip, else across the bleed to the cut line, cased in white to show on the art."""
    outer = trim - BLEED - MARK_GAP
    room = outer - MARK_EDGE
    if room >= MARK_MIN:
        return outer, outer - min(MARK_LEN, room), False
    return trim, MARK_EDGE, True


def _mark(x1: float, y1: float, x2: float, y2: float, cased: bool, tag: str,
          dash: tuple[float, ...] = ()) -> list:
    style = stroke("#000000", MARK_STYLE.width, dash)
    line = Line(x1, y1, x2, y2, style, tag=tag)
    if not cased:
        return [line]
    return [Line(x1, y1, x2, y2, stroke("#ffffff", CASING), tag=f"{tag}-casing"), line]


def crop_marks(grid: Grid, fold: bool = False) -> list:
    """Marks on the extension of every cut line (drawn after the cards: a mark in
    the bleed lies on the art); with `fold` the middle line's marks are dashed."""
    out: list = []
    ys = grid.cut_ys()
    xs = grid.cut_xs()
    top = _mark_span(ys[0])
    bottom = _mark_span(grid.page_h - ys[-1])
    left = _mark_span(xs[0])
    right = _mark_span(grid.page_w - xs[-1])
    for x in xs:
        out += _mark(x, top[0], x, top[1], top[2], "crop-v")
        out += _mark(x, grid.page_h - bottom[0], x, grid.page_h - bottom[1], bottom[2], "crop-v")
    for j, y in enumerate(ys):
        folding = fold and 0 < j < grid.rows
        tag = "fold" if folding else "crop-h"
        dash = FOLD_DASH if folding else ()
        out += _mark(left[0], y, left[1], y, left[2], tag, dash)
        out += _mark(grid.page_w - right[0], y, grid.page_w - right[1], y, right[2], tag, dash)
    return out


def fold_lines(grid: Grid, count: int) -> list:
    """A cased, dashed fold line across each of the first `count` front-back pairs."""
    y = grid.cut_ys()[1]
    out: list = []
    for x in grid.cut_xs()[:count]:
        out += _mark(x + 1.0, y, x + CARD_W - 1.0, y, True, "fold-line", FOLD_DASH)
    return out


def scale_bar(x: float, y: float, vertical: bool = False) -> Group:
    """A labelled 50 mm bar with 10 mm ticks from (x, y) to check print scale: label up to
    2.2 mm above y, ticks to 2.8 mm below; a `vertical` bar runs down, read bottom to top."""
    items: list = [Rect(0, 0, SCALE_LEN, 1.6, stroke("#000000", 0.2))]
    items += [Rect(i * 10, 0, 10, 1.6, fill("#000000")) for i in range(0, 5, 2)]   # every other
    items += [Line(i * 10, 1.6, i * 10, 2.8, stroke("#000000", 0.2)) for i in range(6)]
    items.append(Text(0, -0.6, SCALE_LABEL, AID_TEXT))
    if vertical:
        # rotate -90 about the bar start: the bar then runs upward, so shift it down
        return Group((Group(tuple(items), rotate=-90),), x, y + SCALE_LEN, tag="scale-bar")
    return Group(tuple(items), x, y, tag="scale-bar")


def text_page_aids(page: Page, margin: float, part: str, ink: str) -> None:
    """A text page's foot, 2 mm below its margin: the scale bar left, the part right."""
    y = page.height - margin + 2.0
    page.add(scale_bar(margin, y - 3.2))
    page.add(Text(page.width - margin, y, f"{GAME_TITLE}: {part}", 6.5, "end", color=ink))


def title_line(x: float, y: float, text: str, size: float, rotate: bool = False) -> Group:
    """The game's title (and a part name) as a small label."""
    return Group((Text(0, 0, text, size, bold=True),), x, y, rotate=-90 if rotate else 0.0,
                 tag="title")


def footer_stamp(x: float, y: float, text: str, anchor: str = "start",
                 rotate: bool = False) -> Group:
    """The edition/version/date stamp (`stamp_text`) as a 6 pt line tagged "stamp"."""
    label = Text(0, 0, text, AID_TEXT, anchor, color=STAMP_INK)
    return Group((label,), x, y, rotate=-90 if rotate else 0.0, tag="stamp")


def stamp_pages(pages: list[Page], text: str) -> list[Page]:
    """Give every page without its own stamp the default one, centred
    STAMP_FROM_BOTTOM above the bottom edge (a band layouts keep clear)."""
    for page in pages:
        if text and not any(item.tag == "stamp" for item in page.items):
            page.add(footer_stamp(page.width / 2, page.height - STAMP_FROM_BOTTOM,
                                  clip(text, page.width - 20.0, AID_TEXT), "middle"))
    return pages


def card_sheet_aids(grid: Grid, part: str, stamp: str = "") -> list:
    """Title, stamp and scale bar around a card grid: on one line below it where the margin has
    room, else (Letter portrait) turned in the side margins between the crop marks."""
    label = f"{GAME_TITLE}: {part}"
    xs, ys = grid.cut_xs(), grid.cut_ys()
    below = ys[-1] + BLEED
    if grid.page_h - below >= 12.5:
        base = min(below + 9.0, grid.page_h - STAMP_FROM_BOTTOM)
        bar_x = xs[-1] - 2.0 - SCALE_LEN
        out = [title_line(xs[0], base, label, AID_TEXT)]
        if stamp:
            at = xs[0] + text_width(label + " · ", AID_TEXT, True)
            out.append(footer_stamp(at, base, clip(stamp, bar_x - 4.0 - at, AID_TEXT)))
        out.append(scale_bar(bar_x, base - 2.2))
        return out
    x = grid.x0 - BLEED
    right = grid.x0 + grid.cols * CARD_W + BLEED
    out = [
        title_line(x - 2.5, ys[1] - 4.0, label, AID_TEXT, rotate=True),
        scale_bar(MARK_EDGE + 2.4, ys[1] + (CARD_H - SCALE_LEN) / 2, vertical=True),
    ]
    if stamp:   # within row 2's side margin, clear of the marks at both its ends
        out.append(footer_stamp(right + 3.0, ys[2] - 4.0, clip(stamp, CARD_H - 8.0, AID_TEXT),
                                rotate=True))
    return out


def stamp_date(directory: Path | None, environ: dict[str, str] | None = None) -> str:
    """ISO date (UTC) for the stamp: SOURCE_DATE_EPOCH, else the newest content file's."""
    env = os.environ if environ is None else environ
    epoch = env.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.fromtimestamp(int(epoch), UTC).date().isoformat()
        except (ValueError, OverflowError, OSError):
            pass   # not a whole number of seconds: fall back to the files
    mtimes = []
    for name in CONTENT_FILES if directory else ():
        try:
            mtimes.append((Path(directory) / name).stat().st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(int(max(mtimes)), UTC).date().isoformat() if mtimes else ""


def stamp_text(content: Content, environ: dict[str, str] | None = None) -> str:
    """"Kingdom of Prydon · throne_pnp 0.1.0 · 2026-11-30" for `content`."""
    parts = [content.map.name, f"throne_pnp {__version__}"]
    date = stamp_date(getattr(content, "directory", None), environ)
    if date:
        parts.append(date)
    return " · ".join(parts)
