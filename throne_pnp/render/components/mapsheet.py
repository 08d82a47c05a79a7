"""The map sheet: the map filling one page, an A3/Tabloid sheet, or two tiled sheets.

The art (sea, island, a cartouche with the title and a compass rose on free sea) fills a
frame with a neatline; under it, outside the art, a strip holds the scale bar, the build
stamp and the legend. The frame's corners stay free for the photo markers. `tiled` makes two
portrait sheets, the second glued over the first's overlap strip, the join through no cube space.
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
    clip,
    fill,
    fit_size,
    stroke,
    text_width,
)
from throne_pnp.render.backend.mapgeom import Box, bounds
from throne_pnp.render.components import sheets
from throne_pnp.render.components.board import markers
from throne_pnp.render.components.board.land import HOME as PAPER
from throne_pnp.render.components.board.land import INK, RUST, SEA
from throne_pnp.render.components.board.sea import AID_GAP, on_page, place, shore_cells
from throne_pnp.render.components.board.shore import REACH, shores
from throne_pnp.render.components.board.territories import (
    CUBE_MM,
    SPACE_LINE,
    fit_problems,
    map_items,
    territory_geometry,
)
from throne_pnp.render.components.sheets import MAP_SIZES, stamp_text

LARGE = {"a4": "a3", "letter": "tabloid"}
PAPER_MM: dict[str, tuple[float, float]] = {   # the sheets' papers and the large ones
    **sheets.PAPERS,
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
EDGE = 5.0          # the sea's frame from the paper edge (printers need 4.2 mm)
STRIP = 8.5         # under the frame, outside the art: scale bar, stamp and legend
CORNER = 21.0       # the frame's corners kept free (square side, mm) for the photo markers
COMPASS = 14.0
NEATLINE = 0.6
MARKER_GAP = 1.0    # the frame's rules stop this short of a photo marker's white square
OVERLAP = 16.0      # tiled: width of the strip the second sheet covers
TICK = 7.0          # tiled: length of each alignment tick on either side of the join
TICKS = 5
# The map sheet's legend: its icons and the cube-row markers, in short words.
MAP_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("keep", "castle"),
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
    return _single(content, paper, ink_saver, stamp_text(content)).page


def map_pages(content: Content, paper: str, size: str = "page",
              ink_saver: bool = False) -> list[Page]:
    """The map sheet(s) of one map size for a4 or letter paper."""
    return [sheet.page for sheet in map_sheets(content, paper, size, ink_saver)]


def map_sheets(content: Content, paper: str, size: str = "page",
               ink_saver: bool = False) -> list[MapSheet]:
    """Like `map_pages`, with where the drawing lies on each page (for tests)."""
    if size not in MAP_SIZES:
        raise ValueError(f"unknown map size {size!r}; use one of {', '.join(MAP_SIZES)}")
    stamp = stamp_text(content)
    if size == "tiled":
        return _tiled(content, paper, ink_saver, stamp)
    return [_single(content, LARGE[paper] if size == "a3" else paper, ink_saver, stamp)]


def fit_notes(content: Content, papers: tuple[str, ...], size: str = "page") -> list[str]:
    """`fit_problems` at the smallest print scale among the sheets of `papers`."""
    if not papers:
        return []
    if size == "tiled":
        scale = min(_tiled_fit(content, paper)[2] for paper in papers)
    else:
        scale = min(_layout(content, LARGE[paper] if size == "a3" else paper,
                            compass=False)[0][2] for paper in papers)
    return fit_problems(content, scale)


def _land(content: Content) -> tuple[list, list]:
    """The drawing's territory polygons (lakes lie inside them) and its rough coasts."""
    return [t.polygon for t in territory_geometry(content)], shores(content.map).coasts


def _title_items(content: Content, width: float, grow: float = 1.0, paper: str = PAPER
                 ) -> tuple[list, tuple[float, float]]:
    """The cartouche: the map's name under the game's, in a framed paper panel with a rule
    either side of the game's name; and its size. `grow` for large sheets."""
    name = content.map.name
    big = fit_size(name, width, 12.5 * grow, bold=True, serif=True)
    small = 6.5 * grow
    top = sheets.GAME_TITLE.upper()
    pad = 2.2 * grow
    text_w = max(text_width(name, big, bold=True, serif=True),
                 text_width(top, small, bold=True, serif=True) + 16 * grow)
    w, h = text_w + 2 * pad, small * PT + 1.4 * grow + big * PT + 2 * pad
    mid, rule_y = w / 2, pad + small * PT * 0.4
    half = text_width(top, small, bold=True, serif=True) / 2 + 2 * grow
    items = [Rect(0, 0, w, h, both(paper, INK, 0.5), r=1.2 * grow),
             Rect(1.0, 1.0, w - 2.0, h - 2.0, stroke(INK, 0.2), r=0.8 * grow),
             Line(pad, rule_y, mid - half, rule_y, stroke(RUST, 0.3)),
             Line(mid + half, rule_y, w - pad, rule_y, stroke(RUST, 0.3)),
             Text(mid, pad + small * PT * 0.76, top, small, "middle", bold=True, color=RUST,
                  serif=True),
             Text(mid, h - pad - big * PT * 0.24, name, big, "middle", bold=True, color=INK,
                  serif=True)]
    return items, (w, h)


def _compass_items(size: float) -> tuple[list, tuple[float, float]]:
    """The compass rose with its N above, and its size."""
    letter = 7.0
    top = letter * PT + 0.8
    return ([Text(size / 2, letter * PT * 0.76, "N", letter, "middle", bold=True, serif=True,
                  color=INK),
             Icon("compass", 0, top, size, INK, PAPER)], (size, size + top))


def _legend_items(cols: int, grow: float = 1.0) -> tuple[list, tuple[float, float]]:
    """The compact symbol legend in `cols` columns, and its size."""
    icon, size, gap, row = 4.4 * grow, 6.5 * grow, 3.2 * grow, 5.0 * grow
    rows = -(-len(MAP_SYMBOLS) // cols)
    entries = [MAP_SYMBOLS[c * rows:(c + 1) * rows] for c in range(cols)]
    items: list = []
    x = 0.0
    for column in entries:
        for r, (name, word) in enumerate(column):
            y = r * row
            items.append(Icon(name, x, y, icon, SPACE_LINE if name in ("crown", "helmet")
                              else INK))
            items.append(Text(x + icon + 1.0 * grow, y + icon / 2 + size * PT * 0.36, word,
                              size, color=INK))
        x += max(icon + 1.0 * grow + text_width(word, size) for _, word in column) + gap
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
        w = text_width(item.text, item.size, item.bold, item.italic, serif=item.serif)
        x = item.x - {"start": 0, "middle": w / 2, "end": w}[item.anchor]
        return Box(x, item.y - item.size * PT * 0.77, w, item.size * PT)
    if isinstance(item, Icon):
        return Box(item.x, item.y, item.size, item.size)
    return None


def _fit(content: Content, frame: Box, align: tuple[float, float] = (0.5, 0.5)
         ) -> tuple[float, float, float]:
    """(dx, dy, scale) putting the drawing as large as it goes in `frame`, its slack
    shared out by `align` (0.5, 0.5: centred; 1, 0.5: pushed right)."""
    dw, dh = content.map.drawing.size  # type: ignore[union-attr]
    scale = min(frame.w / dw, frame.h / dh)
    return (frame.x + (frame.w - dw * scale) * align[0],
            frame.y + (frame.h - dh * scale) * align[1], scale)


def _corners(frame: Box) -> list[Box]:
    """The frame's four corner squares, kept free of aids."""
    return [Box(x, y, CORNER, CORNER) for x in (frame.x, frame.x2 - CORNER)
            for y in (frame.y, frame.y2 - CORNER)]


def _aids(content: Content, land: tuple[list, list], fit: tuple[float, float, float], area: Box,
          ink_saver: bool, title: bool = True, compass: bool = True,
          note: tuple[str, ...] = ()) -> tuple[list, bool]:
    """The cartouche, the compass rose and a note on free sea in `area` (`land`: the plain
    polygons and the rough coasts), and whether the cartouche (when asked for) found room."""
    dx, dy, scale = fit
    grow = max(1.0, min(scale, 1.5))
    polygons, coasts = land
    shapes = [(bbox.grow(REACH * scale), poly) for bbox, poly in on_page(polygons, dx, dy,
                                                                          scale)]
    shore = shore_cells((dx + x * scale, dy + y * scale) for loop in coasts for x, y in loop)
    taken = _corners(area)
    out: list = []

    def put(items: list, size: tuple[float, float], sides: tuple[str, ...], tag: str) -> bool:
        spot = place(shapes, area, size, sides, taken, shore)
        if spot is None:
            return False
        taken.append(spot)
        out.append(Group(tuple(items), spot.x, spot.y, tag=tag))
        return True

    if title:
        items, size = _title_items(content, min(area.w * 0.45, 120 * grow), grow,
                                   "#ffffff" if ink_saver else PAPER)
        if not put(items, size, ("top", "left", "bottom", "right"), "title"):
            return out, False
    if note:
        lines = [Text(0, 2.5 + 3.2 * i, line, 7, bold=i == 0, color=INK)
                 for i, line in enumerate(note)]
        put(lines, (max(text_width(line, 7, bold=True) for line in note), 3.2 * len(note)),
            ("top", "bottom", "left", "right"), "sheet-note")
    if compass:
        items, size = _compass_items(COMPASS * grow)
        put(items, size, ("bottom", "right", "left", "top"), "compass")
    return out, True


def _strip(frame: Box, stamp: str, legend: int = 0) -> list:
    """Under the frame, outside the art: the scale bar with the stamp under it, left, and the
    legend in `legend` columns (none for 0), right; both clear of the corners."""
    _, bh, drop = _bar_size()
    top = frame.y2 + 1.0
    left, right = frame.x + CORNER, frame.x2 - CORNER
    out = [sheets.scale_bar(left, top + drop)]
    if stamp:
        out.append(sheets.footer_stamp(left, top + bh + sheets.AID_TEXT * PT * 0.9,
                                       clip(stamp, 70.0, sheets.AID_TEXT)))
    if legend:
        items, (w, h) = _legend_items(legend)
        out.append(Group(tuple(items), right - w, top + (STRIP - 1.0 - h) / 2, tag="legend"))
    return out


def _neatline(frame: Box, spots: list[Box], joined: bool = False) -> list:
    """The art's frame: a heavy rule with a fine one inside it, both wholly inside `frame` (no
    ink nearer the paper edge than EDGE), each stopping MARKER_GAP short of the photo markers'
    white squares `spots` (a rule hard by a quiet zone hides the marker in a steep photo);
    `joined` leaves the left side open (tiled sheet 2, whose left edge is cut and laid on
    sheet 1)."""
    out = []
    for inset, width in ((NEATLINE / 2, NEATLINE), (1.2 + NEATLINE / 2, 0.2)):
        b = frame.grow(-inset)
        left = frame.x if joined else b.x - width / 2      # across the corners: no notch
        sides = [(y, (left, b.x2 + width / 2), True) for y in (b.y, b.y2)]
        sides += [(x, (b.y, b.y2), False) for x in ((b.x2,) if joined else (b.x, b.x2))]
        for at, span, across in sides:
            cuts = [(s.x, s.x2) if across else (s.y, s.y2)
                    for s in (s.grow(MARKER_GAP) for s in spots)
                    if (s.y <= at <= s.y2 if across else s.x <= at <= s.x2)]
            for lo, hi in _uncut(span, cuts):
                ends = (lo, at, hi, at) if across else (at, lo, at, hi)
                out.append(Line(*ends, stroke(INK, width)))
    return out


def _uncut(span: tuple[float, float], cuts: list[tuple[float, float]]
           ) -> list[tuple[float, float]]:
    """The parts of `span` outside every cut."""
    parts, lo = [], span[0]
    for a, b in sorted(cuts):
        if a > lo:
            parts.append((lo, min(a, span[1])))
        lo = max(lo, b)
    return [p for p in (*parts, (lo, span[1])) if p[1] > p[0]]


def _sea(frame: Box, ink_saver: bool) -> Rect:
    return Rect(frame.x, frame.y, frame.w, frame.h, fill("#ffffff" if ink_saver else SEA),
                tag="sea")


def _frame(paper: str) -> Box:
    """The art's frame on one landscape sheet of `paper`."""
    page_h, page_w = PAPER_MM[paper]     # the paper turned to landscape
    return Box(EDGE, EDGE, page_w - 2 * EDGE, page_h - 2 * EDGE - STRIP)


def _layout(content: Content, paper: str, ink_saver: bool = False, compass: bool = True
            ) -> tuple[tuple[float, float, float], list]:
    """Where the drawing goes on one sheet (dx, dy, scale) and the aids in its art: the
    island as large as it goes, shifted within its slack until the cartouche finds free sea,
    else under a band of its own."""
    frame = _frame(paper)
    land = _land(content)
    for align in ((0.5, 0.5), (1.0, 0.5), (0.0, 0.5), (0.5, 1.0), (0.5, 0.0)):
        fit = _clear_of_markers(land, _fit(content, frame, align), markers.spots(frame), frame)
        aids, ok = _aids(content, land, fit, frame, ink_saver, compass=compass)
        if ok:
            return fit, aids
    title, (tw, th) = _title_items(content, frame.w * 0.6,
                                   paper="#ffffff" if ink_saver else PAPER)
    middle = Box(frame.x, frame.y + th + 2 * AID_GAP, frame.w, frame.h - th - 2 * AID_GAP)
    fit = _clear_of_markers(land, _fit(content, middle), markers.spots(frame), middle)
    return fit, [Group(tuple(title), frame.x + (frame.w - tw) / 2, frame.y + AID_GAP,
                       tag="title"), *_aids(content, land, fit, middle, ink_saver, title=False)[0]]


def _clear_of_markers(land: tuple[list, list], fit: tuple[float, float, float],
                      spots: list[Box], around: Box) -> tuple[float, float, float]:
    """`fit` shrunk about the middle of `around` until no land (territories and rough coasts)
    comes near a photo marker's white square (`markers.clear_fit`)."""
    return markers.clear_fit([*land[0], *land[1]], fit, spots,
                             (around.x + around.w / 2, around.y + around.h / 2))


def _single(content: Content, paper: str, ink_saver: bool, stamp: str) -> MapSheet:
    """One landscape sheet: the art in its frame, the strip under it."""
    frame = _frame(paper)
    (dx, dy, scale), aids = _layout(content, paper, ink_saver)
    page = Page(frame.w + 2 * EDGE, PAPER_MM[paper][0], name="map")
    page.add(_sea(frame, ink_saver))
    art = Group(tuple(map_items(content, ink_saver, sea=False)), dx, dy, scale=scale, tag="map")
    page.add(Group((art,), clip=(frame.x, frame.y, frame.w, frame.h), tag="art"))
    page.extend(aids)
    page.extend(markers.marker_items(markers.sheet_kind(paper), frame))
    page.extend(_neatline(frame, markers.spots(frame)))
    page.extend(_strip(frame, stamp, legend=len(MAP_SYMBOLS)))
    return MapSheet(page, paper, dx, dy, scale, frame)


SHEET_NOTES = (
    ("Map, sheet 1 of 2: the left half.", "Sheet 2 is glued over the strip right",
     "of the dashed line."),
    ("Map, sheet 2 of 2: the right half.", "Cut along the map's left edge, lay it on",
     "sheet 1's strip: edge on the dashed line, glue."),
)


def _tiled(content: Content, paper: str, ink_saver: bool, stamp: str) -> list[MapSheet]:
    """Two portrait sheets side by side; the second overlaps the first by OVERLAP."""
    page_w, page_h = PAPER_MM[paper]
    fw, fh = page_w - 2 * EDGE, page_h - 2 * EDGE - STRIP
    dx, dy, scale = _tiled_fit(content, paper)
    land = _land(content)
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
        aids, _ok = _aids(content, land, (ox, oy, scale), area, ink_saver, title=k == 0,
                          compass=k == 0, note=SHEET_NOTES[k])
        page.extend(aids)
        blacks = _tile_markers(area, k)
        page.extend(markers.marker_items(markers.sheet_kind(paper, k + 1), blacks))
        page.extend(_neatline(frame, markers.spots(blacks), joined=k == 1))
        page.extend(_strip(frame, stamp, legend=len(MAP_SYMBOLS) if k == 1 else 0))
        if k == 0:
            join = frame.x2 - OVERLAP
            spaces = [b.moved(ox, oy, scale) for t in territory_geometry(content)
                      for b in t.spaces + t.labels + t.markers]
            page.extend(_join_marks(frame, join, _tick_heights(frame, join, spaces)))
        out.append(MapSheet(page, paper, ox, oy, scale, frame))
    return out


def _tiled_fit(content: Content, paper: str) -> tuple[float, float, float]:
    """Where the drawing goes over two tiled sheets side by side, less the overlap."""
    page_w, page_h = PAPER_MM[paper]
    fw, fh = page_w - 2 * EDGE, page_h - 2 * EDGE - STRIP
    spots = [*markers.spots(_tile_markers(Box(0, 0, fw - OVERLAP, fh), 0)),  # each tile's
             *markers.spots(_tile_markers(Box(fw, 0, fw - OVERLAP, fh), 1))]  # own four
    fit = _fit_clear_of(content, Box(0, 0, 2 * fw - OVERLAP, fh), fw - OVERLAP)
    return _clear_of_markers(_land(content), fit, spots, Box(0, 0, 2 * (fw - OVERLAP), fh))


def _tile_markers(area: Box, k: int) -> Box:
    """The box whose corners tile `k`'s markers' black squares take: `area` less a quiet zone
    on the join's side, so a quiet zone reaches into the paper margin but never over the join."""
    return Box(area.x + markers.QUIET * k, area.y, area.w - markers.QUIET, area.h)


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
