"""The map sheet: the map filling one page, an A3/Tabloid sheet, or two tiled sheets.

The island is scaled to fill the page's printable frame; title, scale bar and legend sit on
free sea clear of the land. `tiled` makes two portrait sheets, the second glued over the
first's overlap strip, the join through no cube space.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import (
    PT,
    Group,
    Icon,
    Line,
    Page,
    Rect,
    Text,
    both,
    fit_size,
    stroke,
    text_width,
)
from throne_pnp.render.backend.mapgeom import Box, bounds, box_meets_polygon
from throne_pnp.render.components import sheets
from throne_pnp.render.components.board import markers
from throne_pnp.render.components.board.land import INK, RUST, SEA
from throne_pnp.render.components.board.territories import (
    CUBE_MM,
    fit_problems,
    map_items,
    territory_geometry,
)
from throne_pnp.render.components.sheets import MAP_SIZES

LARGE = {"a4": "a3", "letter": "tabloid"}
PAPER_MM: dict[str, tuple[float, float]] = {   # the sheets' papers and the large ones
    **sheets.PAPERS,
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
EDGE = 5.0          # the sea's frame from the paper edge (printers need 4.2 mm)
FOOT = 4.0          # strip under the frame kept free for the sheet's footer
AID_GAP = 2.0       # title, bar and legend: from the frame and from the land
OVERLAP = 16.0      # tiled: width of the strip the second sheet covers
TICK = 7.0          # tiled: length of each alignment tick on either side of the join
TICKS = 5
# The map sheet's legend: its icons and the cube-row markers, in short words.
MAP_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("castle", "castle"),
    ("wheat", "wheat"),
    ("bugle", "bugle"),
    ("shield", "shield"),
    ("crown", "King's cubes"),
    ("helmet", "your cubes"),
)


@dataclass(frozen=True, slots=True)
class MapSheet:
    """A map page: drawing point (x, y) at page (dx + x * scale, dy + y * scale); in `frame`."""

    page: Page
    paper: str
    dx: float
    dy: float
    scale: float
    frame: Box


def map_page(content: Content, paper: str, ink_saver: bool = False) -> Page:
    """The map on one landscape sheet of `paper` (a4, letter, a3 or tabloid)."""
    return _single(content, paper, ink_saver).page


def map_pages(content: Content, paper: str, size: str = "page",
              ink_saver: bool = False) -> list[Page]:
    """The map sheet(s) of one map size for a4 or letter paper."""
    return [sheet.page for sheet in map_sheets(content, paper, size, ink_saver)]


def map_sheets(content: Content, paper: str, size: str = "page",
               ink_saver: bool = False) -> list[MapSheet]:
    """Like `map_pages`, with where the drawing lies on each page (for tests)."""
    if size not in MAP_SIZES:
        raise ValueError(f"unknown map size {size!r}; use one of {', '.join(MAP_SIZES)}")
    if size == "tiled":
        return _tiled(content, paper, ink_saver)
    return [_single(content, LARGE[paper] if size == "a3" else paper, ink_saver)]


def fit_notes(content: Content, papers: tuple[str, ...], size: str = "page") -> list[str]:
    """`fit_problems` at the smallest print scale among the sheets of `papers`."""
    if not papers:
        return []
    scale = min(sheet.scale for paper in papers for sheet in map_sheets(content, paper, size))
    return fit_problems(content, scale)


def _land(content: Content) -> list[tuple[tuple[float, float], ...]]:
    """The drawing's territory polygons (lakes lie inside them)."""
    return [t.polygon for t in territory_geometry(content)]


def _on_page(land: list, dx: float, dy: float, scale: float) -> list[tuple[Box, tuple]]:
    """The land polygons in page mm, each with its bounding box."""
    out = []
    for poly in land:
        local = tuple((dx + x * scale, dy + y * scale) for x, y in poly)
        xs = [x for x, _ in local]
        ys = [y for _, y in local]
        out.append((Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), local))
    return out


def _place(land: list[tuple[Box, tuple]], area: Box, size: tuple[float, float],
           sides: tuple[str, ...], taken: list[Box]) -> Box | None:
    """The first spot along the edges of `area` (in the order of `sides`) where a
    box of `size` stays clear of the land and of `taken`; None if there is none."""
    w, h = size
    inner = area.grow(-AID_GAP)
    if w > inner.w or h > inner.h:
        return None
    for side in sides:
        if side in ("top", "bottom"):
            y = inner.y if side == "top" else inner.y2 - h
            spots = [(inner.x + t, y) for t in _steps(inner.w - w)]
        else:
            x = inner.x if side == "left" else inner.x2 - w
            spots = [(x, inner.y + t) for t in _steps(inner.h - h)]
        for x, y in spots:
            box = Box(x, y, w, h)
            probe = box.grow(AID_GAP)
            if any(probe.overlaps(t) for t in taken):
                continue
            if not any(probe.overlaps(bbox) and box_meets_polygon(probe, poly)
                       for bbox, poly in land):
                return box
    return None


def _steps(span: float, step: float = 2.0) -> list[float]:
    """0, step, 2 step ... up to `span`, and `span` itself."""
    out = [i * step for i in range(int(span // step) + 1)]
    return out + [span] if out[-1] < span else out


def _title_items(content: Content, width: float, grow: float = 1.0
                 ) -> tuple[list, tuple[float, float]]:
    """The two-line title (game, map name) and its size; `grow` for large sheets."""
    name = content.map.name
    big = fit_size(name, width, 16 * grow, bold=True)
    small = 8.0 * grow
    top = sheets.GAME_TITLE
    w = max(text_width(name, big, bold=True), text_width(top, small, bold=True))
    h = small * PT + 1.2 + big * PT
    items = [Text(0, small * PT * 0.76, top, small, bold=True, color=RUST),
             Text(0, h - big * PT * 0.22, name, big, bold=True, color=INK)]
    return items, (w, h)


def _legend_items(cols: int, grow: float = 1.0) -> tuple[list, tuple[float, float]]:
    """The compact symbol legend in `cols` columns, and its size."""
    icon, size, gap, row = 5.0 * grow, 7.0 * grow, 3.5 * grow, 6.2 * grow
    rows = -(-len(MAP_SYMBOLS) // cols)
    entries = [MAP_SYMBOLS[c * rows:(c + 1) * rows] for c in range(cols)]
    items: list = []
    x = 0.0
    for column in entries:
        for r, (name, word) in enumerate(column):
            y = r * row
            items.append(Icon(name, x, y, icon, INK))
            items.append(Text(x + icon + 1.2 * grow, y + icon / 2 + size * PT * 0.36, word,
                              size, color=INK))
        x += max(icon + 1.2 * grow + text_width(word, size) for _, word in column) + gap
    return items, (x - gap, (rows - 1) * row + icon)


def _bar_size() -> tuple[float, float, float]:
    """(width, height, drop): the scale bar's extent and how far its top lies above y."""
    bar = sheets.scale_bar(0, 0)
    boxes = [_extent(item) for item in bar.items]
    box = bounds([b for b in boxes if b is not None])
    return box.w, box.h, -box.y


def _extent(item) -> Box | None:
    """The box of a simple layout shape (enough for the scale bar)."""
    if isinstance(item, Rect):
        return Box(item.x, item.y, item.w, item.h)
    if isinstance(item, Line):
        return Box(min(item.x1, item.x2), min(item.y1, item.y2), abs(item.x2 - item.x1),
                   abs(item.y2 - item.y1))
    if isinstance(item, Text):
        w = text_width(item.text, item.size, item.bold, item.italic)
        return Box(item.x, item.y - item.size * PT * 0.77, w, item.size * PT)
    return None


def _fit(content: Content, frame: Box) -> tuple[float, float, float]:
    """(dx, dy, scale) putting the drawing as large as it goes, centred in `frame`."""
    dw, dh = content.map.drawing.size  # type: ignore[union-attr]
    scale = min(frame.w / dw, frame.h / dh)
    return (frame.x + (frame.w - dw * scale) / 2, frame.y + (frame.h - dh * scale) / 2, scale)


def _aids(content: Content, land: list, fit: tuple[float, float, float], area: Box,
          title: bool = True, bar: bool = True, legend: bool = True,
          note: tuple[str, ...] = (), reserved: tuple[Box, ...] = ()) -> tuple[list, bool]:
    """Title, scale bar, a note and the legend on free sea in `area` clear of `reserved`,
    and whether the title and the bar (those asked for) found room."""
    dx, dy, scale = fit
    grow = max(1.0, min(scale, 1.5))
    shapes = _on_page(land, dx, dy, scale)
    taken: list[Box] = list(reserved)
    out: list = []
    ok = True

    def put(items: list, size: tuple[float, float], sides: tuple[str, ...], tag: str,
            drop: float = 0.0) -> bool:
        spot = _place(shapes, area, size, sides, taken)
        if spot is None:
            return False
        taken.append(spot)
        if tag == "scale-bar":
            out.append(sheets.scale_bar(spot.x, spot.y + drop))
        else:
            out.append(Group(tuple(items), spot.x, spot.y, tag=tag))
        return True

    if title:   # narrower (a smaller name) if the markers leave too little room
        ok = any(put(*_title_items(content, width, grow), ("top", "left", "bottom", "right"),
                     "title") for width in (min(area.w * 0.45, 120 * grow), 45 * grow))
    if bar:
        bw, bh, drop = _bar_size()
        ok = put([], (bw, bh), ("bottom", "left", "right", "top"), "scale-bar", drop) and ok
    if note:
        lines = [Text(0, 2.5 + 3.2 * i, line, 7, bold=i == 0, color=INK)
                 for i, line in enumerate(note)]
        put(lines, (max(text_width(line, 7, bold=True) for line in note), 3.2 * len(note)),
            ("top", "bottom", "left", "right"), "sheet-note")
    legends = [(g, cols) for g in dict.fromkeys((grow, 1.0)) for cols in (6, 3, 2, 1)]
    for g, cols in legends if legend else ():
        items, size = _legend_items(cols, g)
        if put(items, size, ("bottom", "top", "right", "left"), "legend"):
            break
    return out, ok


def _sea(frame: Box, ink_saver: bool) -> Rect:
    style = stroke(INK, 0.3) if ink_saver else both(SEA, INK, 0.3)
    return Rect(frame.x, frame.y, frame.w, frame.h, style, tag="sea")


def _single(content: Content, paper: str, ink_saver: bool) -> MapSheet:
    """One landscape sheet: the sea over the frame, the island as large as it goes."""
    page_h, page_w = PAPER_MM[paper]     # the paper turned to landscape
    frame = Box(EDGE, EDGE, page_w - 2 * EDGE, page_h - 2 * EDGE - FOOT)
    land = _land(content)
    keep = tuple(markers.spots(frame))
    fit = markers.clear_fit(land, _fit(content, frame), keep,
                            (frame.x + frame.w / 2, frame.y + frame.h / 2))
    aids, ok = _aids(content, land, fit, frame, reserved=keep)
    if not ok:
        title, (_, th) = _title_items(content, frame.w * 0.6)
        _, bh, drop = _bar_size()
        middle = Box(frame.x, frame.y + th + 2 * AID_GAP, frame.w, frame.h - th - bh - 4 * AID_GAP)
        fit = _fit(content, middle)
        legend, _ = _aids(content, land, fit, middle, title=False, bar=False, reserved=keep)
        aids = [Group(tuple(title), frame.x + AID_GAP, frame.y + AID_GAP, tag="title"),
                sheets.scale_bar(frame.x + AID_GAP, frame.y2 - AID_GAP - bh + drop),
                *legend]
    dx, dy, scale = fit
    page = Page(page_w, page_h, name="map")
    page.add(_sea(frame, ink_saver))
    page.add(Group(tuple(map_items(content, ink_saver, sea=False)), dx, dy, scale=scale, tag="map"))
    page.extend(aids)
    page.extend(markers.marker_items(markers.sheet_kind(paper), frame))
    return MapSheet(page, paper, dx, dy, scale, frame)


SHEET_NOTES = (
    ("Map, sheet 1 of 2: the left half.", "Sheet 2 is glued over the strip right",
     "of the dashed line."),
    ("Map, sheet 2 of 2: the right half.", "Cut along the map's left edge, lay it on",
     "sheet 1's strip: edge on the dashed line, glue."),
)


def _tiled(content: Content, paper: str, ink_saver: bool) -> list[MapSheet]:
    """Two portrait sheets side by side; the second overlaps the first by OVERLAP."""
    page_w, page_h = PAPER_MM[paper]
    fw, fh = page_w - 2 * EDGE, page_h - 2 * EDGE - FOOT
    whole = Box(0, 0, 2 * fw - OVERLAP, fh)
    land = _land(content)
    keep = (*markers.spots(Box(0, 0, fw - OVERLAP, fh)),
            *markers.spots(Box(fw, 0, fw - OVERLAP, fh)))
    dx, dy, scale = markers.clear_fit(land, _fit_clear_of(content, whole, fw - OVERLAP), keep,
                                      (fw - OVERLAP, fh / 2))
    items = tuple(map_items(content, ink_saver, sea=False))
    frame = Box(EDGE, EDGE, fw, fh)
    out = []
    for k in range(2):
        start = 0.0 if k == 0 else fw - OVERLAP     # the part of `whole` this sheet shows
        ox, oy = EDGE - start + dx, EDGE + dy
        page = Page(page_w, page_h, name=f"map-{k + 1}")
        page.add(_sea(frame, ink_saver))
        page.add(Group((Group(items, ox, oy, scale=scale, tag="map"),),
                       clip=(frame.x, frame.y, frame.w, frame.h), tag=f"map-part-{k + 1}"))
        area = Box(frame.x, frame.y, fw - OVERLAP, fh) if k == 0 else Box(
            frame.x + OVERLAP, frame.y, fw - OVERLAP, fh)
        aids, _ok = _aids(content, land, (ox, oy, scale), area, title=k == 0,
                          legend=k == 1, note=SHEET_NOTES[k], reserved=tuple(markers.spots(area)))
        page.extend(aids)
        page.extend(markers.marker_items(markers.sheet_kind(paper, k + 1), area))
        if k == 0:
            join = frame.x2 - OVERLAP
            spaces = [b.moved(ox, oy, scale) for t in territory_geometry(content)
                      for b in t.spaces + t.labels + t.markers]
            page.extend(_join_marks(frame, join, _tick_heights(frame, join, spaces)))
        out.append(MapSheet(page, paper, ox, oy, scale, frame))
    return out


SEAM_CLEAR = 0.3    # tiled: printed mm at least between the join and any cube space


def _space_gaps(content: Content) -> list[tuple[float, float]]:
    """The inner drawing x-ranges that no cube space covers."""
    spans = sorted((b.x, b.x2) for t in territory_geometry(content) for b in t.spaces)
    gaps = []
    right = spans[0][1] if spans else 0.0
    for a, b in spans[1:]:
        if a > right:
            gaps.append((right, a))
        right = max(right, b)
    return gaps


def _fit_clear_of(content: Content, frame: Box, seam: float) -> tuple[float, float, float]:
    """`_fit`, with the join x = `seam` of two tiled sheets down the middle of the gap between
    cube spaces that keeps the map largest (SEAM_CLEAR printed each side at least), so no
    cube sits on the step; plain `_fit` without such a gap."""
    dx, dy, scale = _fit(content, frame)
    dw, dh = content.map.drawing.size  # type: ignore[union-attr]
    best: tuple[float, float] | None = None          # (scale, drawing x under the join)
    for a, b in _space_gaps(content):
        x = (a + b) / 2
        # the drawing, placed at seam - x * s, must stay within the frame
        s = min(scale, (seam - frame.x) / x, (frame.x2 - seam) / (dw - x))
        if (b - a) * s < 2 * SEAM_CLEAR or CUBE_MM * s < 10.0:
            continue
        if best is None or s > best[0]:
            best = (s, x)
    if best is None:
        return dx, dy, scale
    s, x = best
    return seam - x * s, frame.y + (frame.h - dh * s) / 2, s


def _tick_heights(frame: Box, join: float, keep_clear: list[Box]) -> list[float]:
    """Up to TICKS heights over the frame where a tick across the join touches nothing."""
    out: list[float] = []
    for k in range(4 * TICKS):
        y = frame.y + 4.0 + (frame.h - 8.0) * k / (4 * TICKS - 1)
        tick = Box(join - TICK, y - 1.0, 2 * TICK, 2.0)
        clear = not any(tick.overlaps(b) for b in keep_clear)
        if clear and (not out or y - out[-1] >= frame.h / (TICKS + 1)):
            out.append(y)
    return out


def _join_marks(frame: Box, join: float, ys: list[float]) -> list:
    """Sheet 1's join marks: a dashed line where sheet 2's cut edge goes and ticks
    from it into the glue strip, all hidden once sheet 2 is glued on."""
    end = join + min(TICK, OVERLAP - 1.0)
    return [Line(join, frame.y, join, frame.y2, stroke(INK, 0.3, (1.5, 1.0)), tag="join"),
            *(Line(join, y, end, y, stroke(INK, 0.5), tag="align") for y in ys)]
