"""The board's territories: number discs, names, symbols and cube spaces.

Each territory gets its number disc, name and symbols at its `label` point and 10 mm cube spaces
at its `cubes` point (the King's rows over the player's). `territory_geometry` gives the boxes
that the sheet, `fit_problems` and the tests measure; `map_items` is the whole printed board.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content, GameMap
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Icon,
    Rect,
    Text,
    both,
    fit_size,
    text_width,
)
from throne_pnp.render.backend.mapgeom import Box, bounds, clearance
from throne_pnp.render.components.board.land import BORDER_W, INK, RUST, land_colors, land_items
from throne_pnp.render.components.board.terrain import terrain_items, well_inside

KING_BOX = "#d9d0c3"    # the King's spaces are tinted (the ink saver's: white, heavier)
PLAYER_BOX = "#fbf8ef"
SPACE_LINE = "#54463a"  # a space's outline: lighter than the labels' ink, so the land leads

CUBE_MM = 10.5          # one cube space, drawing mm (>= 10 mm printed at scale >= 0.96)
CUBE_GAP = 0.5         # (at least 0.42: a tiled sheet's join may pass between two spaces)
ROW_GAP = 1.0
MARK = 4.6              # the crown / helmet at the start of each row
MARK_GAP = 0.8
PER_ROW = 5
PLAYER_SPACES = 5

NUM_R = 5.5             # number disc radius
NUM_PT = 15.0
NAME_PT = 11.5          # the territory's name, in the serif
HOME_PT = 6.5
ICON = 5.5
ICON_GAP = 0.6
KEEP = 9.0              # a castle, drawn as a landmark beside its label
ASCENT = 0.77           # of the font size: top of the tallest glyph above the baseline
DESCENT = 0.24


def cube_block_size(king_limit: int) -> tuple[float, float]:
    """(width, height) in drawing mm of a territory's block of cube spaces."""
    per_row = max(1, min(king_limit, PER_ROW))
    rows = -(-king_limit // per_row) + 1
    cols = max(per_row, PLAYER_SPACES)
    return (MARK + MARK_GAP + cols * CUBE_MM + (cols - 1) * CUBE_GAP,
            rows * CUBE_MM + (rows - 1) * ROW_GAP)


def cube_area(x: float, y: float, king_limit: int, tag: str, ink_saver: bool = False,
              king_fill: str = KING_BOX) -> Group:
    """The block of cube spaces centred on (x, y): its `Rect`s, the King's first, then the
    player's `PLAYER_SPACES` (more cubes stack beside them), filled so by `throne show --svg`."""
    per_row = max(1, min(king_limit, PER_ROW))
    rows_k = -(-king_limit // per_row)
    w, h = cube_block_size(king_limit)
    items: list = []
    y0 = 0.0
    left = MARK + MARK_GAP
    king_style = (both("#ffffff", INK, 0.6) if ink_saver else both(king_fill, SPACE_LINE, 0.3))
    player_style = both("#ffffff", INK, 0.35) if ink_saver else both(PLAYER_BOX, SPACE_LINE, 0.3)
    for side, count in (("king", king_limit), ("player", PLAYER_SPACES)):
        rows = rows_k if side == "king" else 1
        for _r in range(rows):
            mark = "crown" if side == "king" else "helmet"
            items.append(Icon(mark, 0, y0 + (CUBE_MM - MARK) / 2, MARK, SPACE_LINE,
                              tag=f"row-{side}"))
            in_row = min(per_row if side == "king" else PLAYER_SPACES, count)
            for k in range(in_row):
                bx = left + k * (CUBE_MM + CUBE_GAP)
                items.append(Rect(bx, y0, CUBE_MM, CUBE_MM,
                                  king_style if side == "king" else player_style,
                                  r=1.0, tag=f"space-{side}"))
            count -= in_row
            y0 += CUBE_MM + ROW_GAP
    return Group(tuple(items), x - w / 2, y - h / 2, tag=tag)


@dataclass(frozen=True, slots=True)
class TerritoryGeometry:
    """Where one territory's parts lie, in drawing mm."""

    number: int
    polygon: tuple[tuple[float, float], ...]
    spaces: tuple[Box, ...]          # the King's then the player's cube spaces
    labels: tuple[Box, ...]          # number disc, name, "YOUR HOME", symbol icons
    markers: tuple[Box, ...]         # the crown and helmet opening each row


def _keep_spot(game_map: GameMap, n: int, parts: list[Box]) -> Box | None:
    """Where territory n's castle stands as a landmark: the first of a few spots around its
    label inside its border and clear of the label and the cube spaces (None: no room)."""
    terr = game_map.territories[n]
    assert terr.drawing is not None and game_map.drawing is not None
    poly = [game_map.drawing.points[p] for p in terr.drawing.shape]
    area = cube_area(*terr.drawing.cubes, game_map.king_limit, "")
    taken = [Box(area.dx + r.x, area.dy + r.y, *((r.w, r.h) if isinstance(r, Rect) else
                                                 (r.size, r.size))).grow(1.0)
             for r in area.items] + [b.grow(0.8) for b in parts]
    label = bounds(parts)
    lx, ly = terr.drawing.label
    for x, y in ((label.x2 - KEEP, label.y - 1.5 - KEEP), (label.x2 + 1.5, ly - KEEP / 2),
                 (lx - NUM_R - 1.5 - KEEP, ly - KEEP / 2), (lx - KEEP / 2, label.y - 1.5 - KEEP),
                 (label.x2 + 1.5, label.y2 - KEEP), (lx - NUM_R - 1.5 - KEEP, label.y - KEEP)):
        box = Box(x, y, KEEP, KEEP)
        if not any(box.overlaps(t) for t in taken) and well_inside(box, poly, 1.5):
            return box
    return None


def _label(game_map: GameMap, n: int, ink_saver: bool = False) -> list[tuple[Box, list]]:
    """Each part of a territory's label (number disc, then to its right the name,
    "YOUR HOME" and the symbols; a castle as a landmark beside them): its box in drawing mm
    and its shapes."""
    terr = game_map.territories[n]
    assert terr.drawing is not None
    lx, ly = terr.drawing.label
    disc = Box(lx - NUM_R, ly - NUM_R, 2 * NUM_R, 2 * NUM_R)
    cx, cy = disc.x + NUM_R, disc.y + NUM_R
    paint = both("#ffffff", INK, 0.7) if ink_saver else both(INK, INK, 0.4)
    parts = [(disc, [Circle(cx, cy, NUM_R, paint),
                     Text(cx, cy + NUM_PT * PT * 0.36, str(n), NUM_PT, "middle", bold=True,
                          color=INK if ink_saver else "#ffffff", tag=f"terr-{n}")])]
    tx = lx + NUM_R + 1.6
    icons = ["wheat"] * terr.wheat + ["bugle"] * terr.bugles + ["shield"] * terr.shields
    size = fit_size(terr.name, 30, NAME_PT, bold=True, minimum=7, serif=True)
    base = ly - 0.9 if icons else ly + size * PT * 0.36
    width = text_width(terr.name, size, bold=True, serif=True)
    parts.append((Box(tx, base - size * PT * ASCENT, width, size * PT * (ASCENT + DESCENT)),
                  [Text(tx, base, terr.name, size, bold=True, color=INK, tag=f"name-{n}",
                        serif=True)]))
    if n == game_map.home:
        hb = base - size * PT * ASCENT - 2.0     # clear of the name in any fallback font
        parts.append((Box(tx, hb - HOME_PT * PT * ASCENT,
                          text_width("YOUR HOME", HOME_PT, bold=True),
                          HOME_PT * PT * (ASCENT + DESCENT)),
                      [Text(tx, hb, "YOUR HOME", HOME_PT, bold=True, color=RUST)]))
    keep = _keep_spot(game_map, n, [box for box, _ in parts] + [
        Box(tx, ly + 0.5, len(icons) * (ICON + ICON_GAP), ICON)]) if terr.castle else None
    if terr.castle and keep is None:
        icons.insert(0, "castle")
    for i, name in enumerate(icons):
        box = Box(tx + i * (ICON + ICON_GAP), ly + 0.5, ICON, ICON)
        parts.append((box, [Icon(name, box.x, box.y, box.w, INK)]))
    if keep is not None:
        parts.append((keep, [Icon("keep", keep.x, keep.y, KEEP, INK, tag=f"castle-{n}")]))
    return parts


def territory_geometry(content: Content) -> list[TerritoryGeometry]:
    """Polygon, cube spaces, label boxes and row markers of every territory."""
    game_map = content.map
    drawing = game_map.drawing
    assert drawing is not None and game_map.drawable
    out = []
    for n in game_map.numbers:
        terr = game_map.territories[n]
        assert terr.drawing is not None
        area = cube_area(*terr.drawing.cubes, game_map.king_limit, "")
        spaces = tuple(Box(area.dx + r.x, area.dy + r.y, r.w, r.h)
                       for r in area.items if isinstance(r, Rect))
        markers = tuple(Box(area.dx + i.x, area.dy + i.y, i.size, i.size)
                        for i in area.items if isinstance(i, Icon))
        labels = tuple(box for box, _ in _label(game_map, n))
        poly = tuple(drawing.points[p] for p in terr.drawing.shape)
        out.append(TerritoryGeometry(n, poly, spaces, labels, markers))
    return out


def map_items(content: Content, ink_saver: bool = False, sea: bool = True) -> list:
    """Every shape of the map drawing, in drawing mm; `sea` paints the drawing's
    rectangle as sea first (the sheet paints its own, larger one instead)."""
    game_map = content.map
    colors = land_colors(game_map)
    out = land_items(content, ink_saver, sea)
    out += terrain_items(content, territory_geometry(content), colors, ink_saver)
    for n in game_map.numbers:
        out += [shape for _, shapes in _label(game_map, n, ink_saver) for shape in shapes]
        cx, cy = game_map.territories[n].drawing.cubes  # type: ignore[union-attr]
        out.append(cube_area(cx, cy, game_map.king_limit, f"cubes-{n}", ink_saver,
                             _shade(colors[n], 0.12)))
    return out


def _shade(color: str, amount: float) -> str:
    """`color` darkened towards the ink by `amount` (0..1)."""
    mix = (round(int(color[i:i + 2], 16) * (1 - amount) + int(INK[i:i + 2], 16) * amount)
           for i in (1, 3, 5))
    return "#" + "".join(f"{v:02x}" for v in mix)


def fit_problems(content: Content, scale: float = 1.0) -> list[str]:
    """What keeps real cubes from fitting at print `scale`, as notes saying what to move: each
    space 10 mm or more, 2 mm inside its border's ink, clear of labels and row marks; each
    label inside its territory."""
    problems = []
    need = 2.0 / scale + BORDER_W / 2
    for terr in territory_geometry(content):
        where = f"map.yaml territory {terr.number}"
        if CUBE_MM * scale < 10.0:
            problems.append(f"{where}: cube spaces print at {CUBE_MM * scale:.1f} mm, "
                            "under 10 mm")
        block = terr.spaces + terr.markers     # the whole block first: inside, so is each box
        if (clearance(bounds(list(block)), terr.polygon) < need
                and min(clearance(b, terr.polygon) for b in block) < need):
            problems.append(f"{where}: its cube spaces reach within 2 mm of its border; "
                            "move `cubes` (the block's centre) or the shape's points")
        if any(s.overlaps(m) for s in terr.spaces for m in terr.labels + terr.markers):
            problems.append(f"{where}: its cube spaces cover its label; move `cubes` or `label`")
        if (clearance(bounds(list(terr.labels)), terr.polygon) < BORDER_W / 2
                and min(clearance(b, terr.polygon) for b in terr.labels) < BORDER_W / 2):
            problems.append(f"{where}: its number, name or symbols cross its border; move `label`")
    return problems
