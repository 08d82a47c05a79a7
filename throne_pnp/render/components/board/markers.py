"""The map sheet's scan markers: four ArUco markers (OpenCV's DICT_4X4_50) per sheet.

`throne scan` finds them in a photo to map it onto the sheet (SPEC §10). Each sheet kind
(paper, and tile of the tiled map) owns four ids, so a marker alone tells the sheet; the
black squares sit in the corners of the sheet's art, their white quiet zones reaching out
into the paper margin (white costs no ink), and the island is shrunk about a fixed point
until its land keeps clear of the black squares. The bit patterns of the ids we
use are data here (the public dictionary; a test of the [scan] lane checks them against
cv2.aruco), so printing needs no OpenCV.
"""

from __future__ import annotations

from collections.abc import Sequence

from throne_pnp.render.backend.layout import Group, Rect, fill
from throne_pnp.render.backend.mapgeom import Box, box_meets_polygon

MODULE = 2.0            # mm per marker cell: 6 cells (a black border round 4 x 4 bits) = 12 mm
QUIET = 2.0             # white margin round the black square
SPOT = 6 * MODULE + 2 * QUIET    # the white square a marker takes
CLEAR = 0.5             # land keeps this far from a marker's black square
# The sheets that carry markers; sheet k owns ids 4k .. 4k+3 (top-left, top-right,
# bottom-right, bottom-left).
SHEET_KINDS = ("a4", "letter", "a3", "tabloid", "a4-1", "a4-2", "letter-1", "letter-2")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
# DICT_4X4_50, ids 0..31: the 4 x 4 inner bits row by row, first bit highest, 1 = white.
ARUCO_4X4: tuple[int, ...] = (
    46386, 3994, 13101, 39238, 21662, 31181, 40494, 50418, 65242, 53078, 63889, 4519, 3767,
    10767, 9393, 9790, 18021, 26112, 27742, 30383, 34443, 45099, 52437, 56706, 65095, 38001,
    44260, 42324, 8483, 13423, 17429, 22450)

Polygon = tuple[tuple[float, float], ...]


def sheet_kind(paper: str, tile: int = 0) -> str:
    """The sheet kind of `paper` (a4, letter, a3, tabloid), `tile` 1 or 2 of a tiled map."""
    return f"{paper}-{tile}" if tile else paper


def marker_ids(kind: str) -> tuple[int, int, int, int]:
    """The four ids of a sheet kind, in CORNERS order."""
    base = 4 * SHEET_KINDS.index(kind)
    return (base, base + 1, base + 2, base + 3)


def kind_of(marker_id: int) -> str | None:
    """The sheet kind a marker id belongs to (None for ids no sheet uses)."""
    return SHEET_KINDS[marker_id // 4] if 0 <= marker_id < 4 * len(SHEET_KINDS) else None


def spots(area: Box) -> list[Box]:
    """The white squares of the four markers whose black squares sit in the corners of `area`,
    in CORNERS order (the quiet zones reach QUIET outside `area`)."""
    left, top = area.x - QUIET, area.y - QUIET
    right, bottom = area.x2 + QUIET - SPOT, area.y2 + QUIET - SPOT
    return [Box(left, top, SPOT, SPOT), Box(right, top, SPOT, SPOT),
            Box(right, bottom, SPOT, SPOT), Box(left, bottom, SPOT, SPOT)]


def bits(marker_id: int) -> list[list[int]]:
    """The marker's 6 x 6 cells, 1 = black: the border, then the inner bits inverted."""
    code = ARUCO_4X4[marker_id]
    inner = [[0 if code >> (15 - 4 * r - c) & 1 else 1 for c in range(4)] for r in range(4)]
    return [[1] * 6, *([1, *row, 1] for row in inner), [1] * 6]


def marker_group(marker_id: int, spot: Box) -> Group:
    """One marker: its white square and black cells (each row's runs as one rectangle)."""
    items: list = [Rect(0, 0, SPOT, SPOT, fill("#ffffff"))]
    for r, row in enumerate(bits(marker_id)):
        c = 0
        while c < 6:
            if not row[c]:
                c += 1
                continue
            end = c
            while end < 6 and row[end]:
                end += 1
            items.append(Rect(QUIET + c * MODULE, QUIET + r * MODULE, (end - c) * MODULE,
                              MODULE, fill("#000000")))
            c = end
    return Group(tuple(items), spot.x, spot.y, tag=f"marker-{marker_id}")


def marker_items(kind: str, area: Box) -> list[Group]:
    """The four markers of sheet `kind` in the corners of `area` (page mm)."""
    return [marker_group(i, s) for i, s in zip(marker_ids(kind), spots(area), strict=True)]


def marker_corners(spot: Box) -> list[tuple[float, float]]:
    """The black square's corners (clockwise from top-left), as OpenCV reports them."""
    x, y, size = spot.x + QUIET, spot.y + QUIET, 6 * MODULE
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def clear_fit(land: list[Polygon], fit: tuple[float, float, float], keep: Sequence[Box],
              pivot: tuple[float, float]) -> tuple[float, float, float]:
    """`fit` (dx, dy, scale: drawing point p at page dx + p * scale), shrunk about the page
    point `pivot` in 1 % steps until no land polygon comes within CLEAR of the black square of
    a `keep` marker spot. Each square is taken into drawing units (the polygons stay as they
    are) and tested only against polygons whose bounds it reaches."""
    dx, dy, scale = fit
    px, py = pivot
    bounds = [(min(x for x, _ in poly), min(y for _, y in poly),
               max(x for x, _ in poly), max(y for _, y in poly)) for poly in land]
    squares = [box.grow(CLEAR - QUIET) for box in keep]
    moved = fit
    for step in range(50):
        k = 1.0 - step / 100
        moved = (px - (px - dx) * k, py - (py - dy) * k, scale * k)
        if not any(_meets(square, moved, poly, bound) for square in squares
                   for poly, bound in zip(land, bounds, strict=True)):
            return moved
    return moved


def _meets(square: Box, fit: tuple[float, float, float], poly: Polygon,
           bound: tuple[float, float, float, float]) -> bool:
    """Whether the page box `square` touches `poly` (drawing units) placed by `fit`."""
    dx, dy, scale = fit
    inner = Box((square.x - dx) / scale, (square.y - dy) / scale, square.w / scale,
                square.h / scale)
    x0, y0, x1, y1 = bound
    if inner.x > x1 or inner.x2 < x0 or inner.y > y1 or inner.y2 < y0:
        return False
    return box_meets_polygon(inner, poly)
