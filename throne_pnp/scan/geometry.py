"""The printed sheet's geometry in millimetres: markers, territory outlines, cube spaces.

Read off the very `MapSheet`s the map is printed from (`render.components.mapsheet`), so the
scanner and the PDF cannot drift apart; `geometry_json` is `throne scan --geometry` (SPEC §10).
No OpenCV here: tools and tests use it without the [scan] extra.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Rect, find_tagged
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.components import mapsheet
from throne_pnp.render.components.board import markers
from throne_pnp.render.components.board.land import land_colors
from throne_pnp.render.components.board.territories import territory_geometry

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Space:
    """One cube space on the sheet: its territory, side (king or player), index, box in mm,
    and the colour it is printed in (what the reader expects of it empty)."""

    territory: int
    side: str
    index: int
    box: Box
    fill: str = "#ffffff"


@dataclass(frozen=True, slots=True)
class SheetGeometry:
    """One sheet kind's page size, marker corners by id, outlines and cube spaces (mm); and
    for the cubes off the spaces, the printed marks inside the territories (labels, symbols,
    row marks) and the part of the art this sheet shows (`visible`: a tile's, without the
    strip the other tile covers); for the light, each territory's land colour (`lands`)."""

    kind: str
    page: tuple[float, float]
    markers: dict[int, tuple[Point, Point, Point, Point]]
    outlines: dict[int, tuple[Point, ...]]
    spaces: tuple[Space, ...]
    marks: tuple[Box, ...] = ()
    visible: Box = Box(0, 0, 0, 0)
    lands: tuple[tuple[int, str], ...] = ()


def _sheets(content: Content, kind: str) -> list[mapsheet.MapSheet]:
    """The MapSheets printing `kind` (both tiles for a tiled kind)."""
    paper = kind.split("-")[0]
    if "-" in kind:
        return mapsheet.map_sheets(content, paper, "tiled")
    if paper in mapsheet.LARGE.values():
        small = {v: k for k, v in mapsheet.LARGE.items()}[paper]
        return mapsheet.map_sheets(content, small, "a3")
    return mapsheet.map_sheets(content, paper, "page")


def sheet_geometry(content: Content, kind: str) -> SheetGeometry:
    """The geometry of one sheet kind (`markers.SHEET_KINDS`) of a drawable map."""
    sheets = _sheets(content, kind)
    tile = int(kind.split("-")[1]) if "-" in kind else 0
    sheet = sheets[tile - 1] if tile else sheets[0]
    found = find_tagged(sheet.page.items, "marker-")
    corners = {int(g.tag.split("-")[1]): tuple(markers.marker_corners(
        Box(x + g.dx, y + g.dy, markers.SPOT, markers.SPOT))) for g, x, y in found}
    frame = sheet.frame
    visible = (Box(frame.x, frame.y, frame.w - mapsheet.OVERLAP, frame.h) if tile == 1
               else frame)
    spaces: list[Space] = []
    outlines: dict[int, tuple[Point, ...]] = {}
    limit = content.map.king_limit
    marks = tuple(box.moved(sheet.dx, sheet.dy, sheet.scale) for terr in territory_geometry(
        content) for box in terr.labels + terr.markers)
    fills = {int(g.tag.split("-")[1]): [r.style.fill for r in g.items if isinstance(r, Rect)]
             for g, _, _ in find_tagged(sheet.page.items, "cubes-")}
    for terr in territory_geometry(content):
        outlines[terr.number] = tuple(
            (round(sheet.dx + x * sheet.scale, 3), round(sheet.dy + y * sheet.scale, 3))
            for x, y in terr.polygon)
        for k, box in enumerate(terr.spaces):
            placed = box.moved(sheet.dx, sheet.dy, sheet.scale)
            if _inside(placed, visible):
                side, index = ("king", k) if k < limit else ("player", k - limit)
                spaces.append(Space(terr.number, side, index, placed,
                                    fills[terr.number][k] or "#ffffff"))
    return SheetGeometry(kind, (sheet.page.width, sheet.page.height), corners,  # type: ignore[arg-type]
                         outlines, tuple(spaces), marks, visible,
                         tuple(land_colors(content.map).items()))


def _inside(box: Box, area: Box) -> bool:
    return box.x >= area.x and box.y >= area.y and box.x2 <= area.x2 and box.y2 <= area.y2


def geometry_json(geometry: SheetGeometry) -> dict:
    """SPEC §10's geometry document (mm from the sheet's top-left corner, y down)."""
    r = lambda v: round(v, 3)  # noqa: E731
    return {
        "paper": geometry.kind,
        "page": [r(geometry.page[0]), r(geometry.page[1])],
        "markers": [{"id": i, "corners": [[r(x), r(y)] for x, y in c]}
                    for i, c in sorted(geometry.markers.items())],
        "territories": [{"id": n, "outline": [list(p) for p in outline]}
                        for n, outline in geometry.outlines.items()],
        "spaces": [{"territory": s.territory, "side": s.side, "index": s.index,
                    "rect": [r(s.box.x), r(s.box.y), r(s.box.w), r(s.box.h)]}
                   for s in geometry.spaces],
    }
