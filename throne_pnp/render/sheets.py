"""Sheet geometry: paper sizes, the 9-up card grid, crop marks, print aids.

Cards are poker size (63 x 88 mm) in a 3 x 3 grid that shares its cut lines:
neighbouring cards meet at one cut, and each card's frame colour runs to its
edge, so a slightly missed cut still shows frame. The 3 mm bleed surrounds the
whole grid. The grid (195 x 270 mm with bleed) is centred and fits both A4 and
Letter, so the same layout serves both papers. Crop marks sit in the margins,
on the extension of every cut line, never over the art.

Backs for long-edge duplex are placed with their columns mirrored about the
page centre: flipping a sheet on its long edge brings each back behind its own
front. The fold-and-glue layout puts each front above its back (turned 180°),
three pairs to a page, with the fold on their shared edge.

Every sheet carries the game's title, "print at 100%" and a 50 mm scale bar,
so a printer that scales the page is caught before anyone cuts.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.render.layout import Group, Line, Rect, Text, fill, stroke

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
CARD_W = 63.0
CARD_H = 88.0
BLEED = 3.0
COLS = 3
ROWS = 3
PER_PAGE = COLS * ROWS
MARK_GAP = 1.0       # between the bleed edge and a crop mark
MARK_LEN = 4.0
MARK_STYLE = stroke("#000000", 0.2)
GAME_TITLE = "A Rusty Throne"
SCALE_LEN = 50.0
SCALE_LABEL = "Print at 100%: this bar must measure 50 mm"


@dataclass(frozen=True)
class Slot:
    """Where one card goes on a sheet: trim box top-left, rotation, which sides bleed."""

    x: float
    y: float
    rotate: bool = False                       # turned 180° (fold layout backs)
    bleed: tuple[bool, bool, bool, bool] = (True, True, True, True)   # top right bottom left


@dataclass(frozen=True)
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

    def bleed_sides(self, col: int, row: int) -> tuple[bool, bool, bool, bool]:
        return (row == 0, col == self.cols - 1, row == self.rows - 1, col == 0)

    def slot(self, col: int, row: int, rotate: bool = False) -> Slot:
        x, y = self.cell(col, row)
        return Slot(x, y, rotate, self.bleed_sides(col, row))

    def cut_xs(self) -> list[float]:
        return [self.x0 + i * CARD_W for i in range(self.cols + 1)]

    def cut_ys(self) -> list[float]:
        return [self.y0 + j * CARD_H for j in range(self.rows + 1)]


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    w, h = PAPERS[paper]
    return (h, w) if landscape else (w, h)


def card_grid(paper: str) -> Grid:
    w, h = PAPERS[paper]
    return Grid(w, h, COLS, ROWS)


def fold_grid(paper: str) -> Grid:
    """Three columns of front-over-back pairs."""
    w, h = PAPERS[paper]
    return Grid(w, h, COLS, 2)


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


def crop_marks(grid: Grid, fold: bool = False) -> list:
    """Short lines on the extension of every cut line, outside the bleed.

    With `fold`, the middle horizontal line is a fold, marked dashed instead.
    """
    out: list = []
    top = grid.y0 - BLEED - MARK_GAP
    bottom = grid.y0 + grid.rows * CARD_H + BLEED + MARK_GAP
    left = grid.x0 - BLEED - MARK_GAP
    right = grid.x0 + grid.cols * CARD_W + BLEED + MARK_GAP
    top_len = min(MARK_LEN, top)
    side_len = min(MARK_LEN, left)
    for x in grid.cut_xs():
        out.append(Line(x, top, x, top - top_len, MARK_STYLE, tag="crop-v"))
        out.append(Line(x, bottom, x, bottom + top_len, MARK_STYLE, tag="crop-v"))
    for j, y in enumerate(grid.cut_ys()):
        if fold and 0 < j < grid.rows:
            style = stroke("#000000", 0.2, (1.0, 0.8))
            out.append(Line(left, y, left - side_len, y, style, tag="fold"))
            out.append(Line(right, y, right + side_len, y, style, tag="fold"))
            continue
        out.append(Line(left, y, left - side_len, y, MARK_STYLE, tag="crop-h"))
        out.append(Line(right, y, right + side_len, y, MARK_STYLE, tag="crop-h"))
    return out


# --------------------------------------------------------------------------- print aids


def scale_bar(x: float, y: float, vertical: bool = False) -> Group:
    """A 50 mm bar with 10 mm ticks starting at (x, y), labelled to check print scale.

    Horizontal bars read left to right; vertical ones run downward from (x, y)
    with their label turned to read bottom-to-top.
    """
    items: list = [Rect(0, 0, SCALE_LEN, 1.6, stroke("#000000", 0.2))]
    for i in range(5):
        if i % 2 == 0:
            items.append(Rect(i * 10, 0, 10, 1.6, fill("#000000")))
    for i in range(6):
        items.append(Line(i * 10, 1.6, i * 10, 2.8, stroke("#000000", 0.2)))
    items.append(Text(0, -0.8, SCALE_LABEL, 5.2))
    if vertical:
        # rotate -90 about the bar start: the bar then runs upward, so shift it down
        return Group((Group(tuple(items), rotate=-90),), x, y + SCALE_LEN, tag="scale-bar")
    return Group(tuple(items), x, y, tag="scale-bar")


def title_line(x: float, y: float, text: str, size: float = 7.0, anchor: str = "start",
               rotate: bool = False) -> Group | Text:
    """The game's title (and a part name) as a small label."""
    label = Text(0, 0, text, size, anchor, bold=True)
    if rotate:
        return Group((label,), x, y, rotate=-90, tag="title")
    return Group((label,), x, y, tag="title")


def card_sheet_aids(grid: Grid, part: str) -> list:
    """Title and the 50 mm scale bar ("print at 100%") in a margin of a card sheet.

    Where the top and bottom margins have room (A4) they go below the grid,
    each between two cut lines; otherwise (Letter) they run vertically in the
    left margin, between the crop marks. Either way they never touch a card.
    """
    label = f"{GAME_TITLE}: {part}"
    xs, ys = grid.cut_xs(), grid.cut_ys()
    below = ys[-1] + BLEED
    if grid.page_h - below >= 11.0:
        return [
            title_line(xs[0] + 2.0, below + 7.5, label, 6.5),
            scale_bar(xs[1] + (CARD_W - SCALE_LEN) / 2, below + 5.0),
        ]
    x = grid.x0 - BLEED
    return [
        title_line(x - 2.5, ys[1] - 4.0, label, 6.5, rotate=True),
        scale_bar(x - 4.0, ys[1] + (CARD_H - SCALE_LEN) / 2, vertical=True),
    ]
