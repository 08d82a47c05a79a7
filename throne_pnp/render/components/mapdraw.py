"""The map drawing: territories, borders, lakes, sea routes, labels, cube spaces.

Everything here is in the drawing's own millimetres (`drawing.size` in
map.yaml, top-left origin); the sheet (`mapsheet`) scales and places it on a
page. Each territory gets its number in a large disc at its `label` point,
its name and symbol icons beside the disc, and a block of cube spaces centred
on its `cubes` point: a row for the King's cubes marked with a crown over a
row for the player's marked with a helmet. The spaces are sized for real
10 mm cubes at print size (`CUBE_MM`); `territory_geometry` gives the boxes
of labels and spaces so that the sheet and the tests check the same numbers.

Adjacency must be unmistakable: borders between neighbours are thick lines,
coasts and lake shores thinner, and a sea crossing is a dashed route with its
name. `throne show --svg` draws the current cubes over this same drawing.
"""

from __future__ import annotations

from throne_pnp.content import Content, GameMap, polygon_edges
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Icon,
    Line,
    Path,
    Poly,
    Rect,
    Text,
    both,
    fill,
    fit_size,
    stroke,
    text_width,
    wrap,
)
from throne_pnp.render.backend.mapgeom import Box, centroid, clearance
from throne_pnp.values import Value

INK = "#2a211b"
SEA = "#aac4cf"          # darker than every land tone, so greyscale prints tell them apart
LAKE = "#a9c8d6"
LAND = ("#efe2c0", "#e4d6ad", "#ecdcc6", "#e0d8b4")
HOME = "#f6efd9"
RUST = "#7a3420"
KING_BOX = "#d9d0c3"    # the King's spaces are tinted, the player's white

CUBE_MM = 10.5          # one cube space, drawing mm (>= 10 mm printed at scale >= 0.96)
CUBE_GAP = 0.7
ROW_GAP = 1.6
MARK = 5.5              # the crown / helmet at the start of each row
MARK_GAP = 1.0
PER_ROW = 5
PLAYER_SPACES = 5

BORDER_W = 1.5          # line between two neighbours
COAST_W = 0.9
NUM_R = 5.5             # number disc radius
NUM_PT = 15.0
NAME_PT = 9.5
HOME_PT = 6.5
ICON = 5.5
ICON_GAP = 0.6
ASCENT = 0.77           # of the font size: top of the tallest glyph above the baseline
DESCENT = 0.24


def cube_block_size(king_limit: int) -> tuple[float, float]:
    """(width, height) in drawing mm of a territory's block of cube spaces."""
    per_row = max(1, min(king_limit, PER_ROW))
    rows = -(-king_limit // per_row) + 1
    cols = max(per_row, PLAYER_SPACES)
    return (MARK + MARK_GAP + cols * CUBE_MM + (cols - 1) * CUBE_GAP,
            rows * CUBE_MM + (rows - 1) * ROW_GAP)


def cube_area(x: float, y: float, king_limit: int, forces: int, tag: str,
              ink_saver: bool = False) -> Group:
    """The block of cube spaces centred on (x, y): the King's row(s) on top, each
    opened by a crown, then the player's row opened by a helmet.

    The group's `Rect` items are the spaces, the King's first, then the
    player's (`throne show --svg` fills them in that order). `forces` is kept
    for callers that pass it; the player always gets `PLAYER_SPACES` spaces
    and stacks any more on the open ground beside them.
    """
    del forces
    per_row = max(1, min(king_limit, PER_ROW))
    rows_k = -(-king_limit // per_row)
    w, h = cube_block_size(king_limit)
    items: list = []
    y0 = 0.0
    left = MARK + MARK_GAP
    king_style = (both("#ffffff", INK, 0.6) if ink_saver else both(KING_BOX, INK, 0.35))
    player_style = both("#ffffff", INK, 0.35)
    placed = 0
    for side, count in (("king", king_limit), ("player", PLAYER_SPACES)):
        rows = rows_k if side == "king" else 1
        for _r in range(rows):
            mark = "crown" if side == "king" else "helmet"
            items.append(Icon(mark, 0, y0 + (CUBE_MM - MARK) / 2, MARK, INK,
                              tag=f"row-{side}"))
            in_row = min(per_row if side == "king" else PLAYER_SPACES, count)
            for k in range(in_row):
                bx = left + k * (CUBE_MM + CUBE_GAP)
                items.append(Rect(bx, y0, CUBE_MM, CUBE_MM,
                                  king_style if side == "king" else player_style,
                                  r=0.8, tag=f"space-{side}"))
            count -= in_row
            placed += in_row
            y0 += CUBE_MM + ROW_GAP
    return Group(tuple(items), x - w / 2, y - h / 2, tag=tag)


class TerritoryGeometry(Value):
    """Where one territory's parts lie, in drawing mm."""

    number: int
    polygon: tuple[tuple[float, float], ...]
    spaces: tuple[Box, ...]          # the King's then the player's cube spaces
    labels: tuple[Box, ...]          # number disc, name, "YOUR HOME", symbol icons
    markers: tuple[Box, ...]         # the crown and helmet opening each row


def _symbols(game_map: GameMap, n: int) -> list[str]:
    terr = game_map.territories[n]
    icons = ["castle"] if terr.castle else []
    return icons + ["wheat"] * terr.wheat + ["bugle"] * terr.bugles + ["shield"] * terr.shields


def _name_size(name: str) -> float:
    return fit_size(name, 44, NAME_PT, bold=True, minimum=7)


def _label_parts(game_map: GameMap, n: int) -> list[tuple[str, Box, object]]:
    """(kind, box, extra) for each part of a territory's label, in drawing mm."""
    terr = game_map.territories[n]
    assert terr.drawing is not None
    lx, ly = terr.drawing.label
    parts: list[tuple[str, Box, object]] = [
        ("disc", Box(lx - NUM_R, ly - NUM_R, 2 * NUM_R, 2 * NUM_R), None)]
    tx = lx + NUM_R + 1.6
    icons = _symbols(game_map, n)
    size = _name_size(terr.name)
    base = ly - 0.9 if icons else ly + size * PT * 0.36
    width = text_width(terr.name, size, bold=True)
    parts.append(("name", Box(tx, base - size * PT * ASCENT, width,
                              size * PT * (ASCENT + DESCENT)), (base, size)))
    if n == game_map.home:
        hb = base - size * PT * ASCENT - 1.0
        parts.append(("home", Box(tx, hb - HOME_PT * PT * ASCENT,
                                  text_width("YOUR HOME", HOME_PT, bold=True),
                                  HOME_PT * PT * (ASCENT + DESCENT)), hb))
    for i, name in enumerate(icons):
        parts.append(("icon", Box(tx + i * (ICON + ICON_GAP), ly + 0.5, ICON, ICON), name))
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
        area = cube_area(*terr.drawing.cubes, game_map.king_limit, game_map.forces, "")
        spaces = tuple(Box(area.dx + r.x, area.dy + r.y, r.w, r.h)
                       for r in area.items if isinstance(r, Rect))
        markers = tuple(Box(area.dx + i.x, area.dy + i.y, i.size, i.size)
                        for i in area.items if isinstance(i, Icon))
        labels = tuple(box for _, box, _ in _label_parts(game_map, n))
        poly = tuple(drawing.points[p] for p in terr.drawing.shape)
        out.append(TerritoryGeometry(n, poly, spaces, labels, markers))
    return out


def _territory_label(game_map: GameMap, n: int, ink_saver: bool) -> list:
    """Number disc at the label point; name and symbol icons to its right."""
    terr = game_map.territories[n]
    out: list = []
    for kind, box, extra in _label_parts(game_map, n):
        if kind == "disc":
            cx, cy = box.x + NUM_R, box.y + NUM_R
            disc = both("#ffffff", INK, 0.7) if ink_saver else both(INK, INK, 0.4)
            out.append(Circle(cx, cy, NUM_R, disc))
            out.append(Text(cx, cy + NUM_PT * PT * 0.36, str(n), NUM_PT, "middle", bold=True,
                            color=INK if ink_saver else "#ffffff", tag=f"terr-{n}"))
        elif kind == "name":
            base, size = extra  # type: ignore[misc]
            out.append(Text(box.x, base, terr.name, size, bold=True, color=INK,
                            tag=f"name-{n}"))
        elif kind == "home":
            out.append(Text(box.x, extra, "YOUR HOME", HOME_PT, bold=True, color=RUST))
        else:
            out.append(Icon(str(extra), box.x, box.y, box.w, INK))
    return out


def _land_colors(game_map: GameMap) -> dict[int, str]:
    """A four-ish colouring so neighbours differ (greedy in number order)."""
    colors: dict[int, str] = {}
    for n in game_map.numbers:
        used = {colors.get(m) for m in game_map.territories[n].adjacent}
        colors[n] = next((c for c in LAND if c not in used), LAND[n % len(LAND)])
    return colors


def _edges(game_map: GameMap) -> tuple[set[frozenset[str]], set[frozenset[str]]]:
    """(borders shared by two territories, coast/lake edges of one territory)."""
    count: dict[frozenset[str], int] = {}
    for terr in game_map.territories.values():
        assert terr.drawing is not None
        for edge in polygon_edges(terr.drawing.shape):
            count[edge] = count.get(edge, 0) + 1
    shared = {e for e, k in count.items() if k > 1}
    return shared, set(count) - shared


def map_items(content: Content, ink_saver: bool = False, sea: bool = True) -> list:
    """Every shape of the map drawing, in the drawing's own millimetres.

    With `sea` the drawing's whole rectangle is painted as sea first (the
    board of `throne show`); the sheet paints its own, larger sea instead.
    """
    game_map = content.map
    out = land_items(content, ink_saver, sea)
    for n in game_map.numbers:
        out += _territory_label(game_map, n, ink_saver)
        cx, cy = game_map.territories[n].drawing.cubes  # type: ignore[union-attr]
        out.append(cube_area(cx, cy, game_map.king_limit, game_map.forces, f"cubes-{n}",
                             ink_saver))
    return out


def land_items(content: Content, ink_saver: bool = False, sea: bool = True,
               names: bool = True, detail: bool = True) -> list:
    """The land of the map drawing without labels or cube spaces: territories,
    lakes, coasts, borders and sea crossings, in drawing millimetres. The map
    sheet and the rules booklet's small diagrams both draw it; `names` False
    leaves out the lake and crossing names (a diagram scaled down would print
    them too small to read), and `detail` False draws each territory and lake
    as one outlined polygon, without the waves and the gilt line on the
    borders (a diagram a quarter of the map's size has no room for them, and
    a booklet holds nine diagrams: far fewer shapes keep the build fast)."""
    game_map = content.map
    drawing = game_map.drawing
    assert drawing is not None and game_map.drawable
    pts = drawing.points
    w, h = drawing.size
    out: list = []
    if sea:
        out.append(Rect(0, 0, w, h, stroke(INK, 0.3) if ink_saver else both(SEA, INK, 0.3)))
    colors = _land_colors(game_map)
    for n in game_map.numbers:
        shape = game_map.territories[n].drawing.shape  # type: ignore[union-attr]
        poly = tuple(pts[p] for p in shape)
        color = "#ffffff" if ink_saver else (HOME if n == game_map.home else colors[n])
        paint = fill(color) if detail else both(color, INK, BORDER_W, join="round")
        out.append(Poly(poly, paint, tag=f"territory-{n}"))
    for lake in drawing.lakes:
        poly = tuple(pts[p] for p in lake.shape)
        out.append(Poly(poly, both("#ffffff" if ink_saver else LAKE, INK, 0.4), tag="lake"))
        if not detail:
            continue
        cx, cy = centroid(poly)
        out += _waves(poly, "#6f8f9c" if ink_saver else "#5f8799")
        lines = wrap(lake.name, 22, 7, False) if names else []
        for line_no, part in enumerate(lines):
            out.append(Text(cx, cy + 1.2 + (line_no - (len(lines) - 1) / 2) * 3.0, part, 7,
                            "middle", italic=True, color="#1e4658"))
    shared, single = _edges(game_map) if detail else (set(), set())
    lake_edges = set()
    for lake in drawing.lakes:
        lake_edges |= polygon_edges(lake.shape)
    for edge in sorted(single - lake_edges, key=sorted):
        a, b = sorted(edge)
        out.append(Line(*pts[a], *pts[b], stroke(INK, COAST_W, cap="round"), tag="coast"))
    for edge in sorted(shared, key=sorted):
        a, b = sorted(edge)
        out.append(Line(*pts[a], *pts[b], stroke(INK, BORDER_W, cap="round"), tag="border"))
        if not ink_saver:
            out.append(Line(*pts[a], *pts[b], stroke("#c9a227", 0.35, cap="round")))
    for a, b in drawing.crossings:
        route = _crossing(game_map, a, b)
        out += route if names else [item for item in route if not isinstance(item, Text)]
    return out


def _waves(poly: tuple[tuple[float, float], ...], color: str) -> list:
    """A few small wave marks inside a lake, around its name, so water reads as
    water even in the ink-saving, unfilled print."""
    xs = [x for x, _ in poly]
    ys = [y for _, y in poly]
    cx, cy = centroid(poly)
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    size = min(6.0, w * 0.25)
    marks = []
    for fx, fy in ((-0.32, -0.26), (0.04, -0.32), (-0.22, 0.22), (0.08, 0.3)):
        x, y = cx + fx * w, cy + fy * h
        q = size / 6
        marks.append(Path((("M", x, y), ("C", x + q, y - q, x + 2 * q, y - q, x + 3 * q, y),
                           ("C", x + 4 * q, y + q, x + 5 * q, y + q, x + 6 * q, y)),
                          stroke(color, 0.35, cap="round")))
    return marks


def _coast_points(game_map: GameMap, n: int) -> list[tuple[float, float]]:
    """Points along territory n's sea coast: a quarter, half and three quarters of
    the way along each coast edge (not its ends, which other territories share)."""
    drawing = game_map.drawing
    assert drawing is not None
    _, single = _edges(game_map)
    lake_edges = set()
    for lake in drawing.lakes:
        lake_edges |= polygon_edges(lake.shape)
    pts = drawing.points
    out = []
    for edge in polygon_edges(game_map.territories[n].drawing.shape):  # type: ignore[union-attr]
        if edge in single and edge not in lake_edges:
            p, q = (pts[name] for name in sorted(edge))
            out += [(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
                    for t in (0.25, 0.5, 0.75)]
    return out


def _crossing(game_map: GameMap, a: int, b: int) -> list:
    """A dashed sea route between the nearest coasts of two territories, bowed
    away from the island's centre so that it runs over the water, with a dot
    where it lands on each coast and its name beside it."""
    drawing = game_map.drawing
    assert drawing is not None
    pts = drawing.points
    ends_a = _coast_points(game_map, a) or [
        centroid([pts[p] for p in game_map.territories[a].drawing.shape])]  # type: ignore
    ends_b = _coast_points(game_map, b) or [
        centroid([pts[p] for p in game_map.territories[b].drawing.shape])]  # type: ignore
    ca, cb = min(((p, q) for p in ends_a for q in ends_b),
                 key=lambda pq: (pq[0][0] - pq[1][0]) ** 2 + (pq[0][1] - pq[1][1]) ** 2)
    centre = (sum(x for x, _ in pts.values()) / len(pts), sum(y for _, y in pts.values())
              / len(pts))
    mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
    dx, dy = mx - centre[0], my - centre[1]
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    span = max(((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5, 8.0)
    cx, cy = mx + dx / norm * span * 0.5, my + dy / norm * span * 0.5
    route = (("M", *ca), ("C", cx, cy, cx, cy, *cb))
    apex = (0.125 * ca[0] + 0.75 * cx + 0.125 * cb[0], 0.125 * ca[1] + 0.75 * cy + 0.125 * cb[1])
    label = f"sea crossing {a}-{b}"
    half = text_width(label, 7, bold=True) / 2 + 1.0
    return [
        Path(route, stroke("#ffffff", 2.2, cap="round")),
        Path(route, stroke("#1e4658", 1.0, (2.5, 1.8), cap="round"), tag="crossing"),
        Circle(*ca, 1.3, fill("#1e4658")),
        Circle(*cb, 1.3, fill("#1e4658")),
        Text(min(max(apex[0] + dx / norm * (half + 2.0), half), drawing.size[0] - half),
             apex[1] + dy / norm * 3.0 + 1.2, label, 7, "middle", bold=True,
             color="#1e4658"),
    ]


def fit_problems(content: Content, scale: float = 1.0) -> list[str]:
    """What keeps real cubes from fitting, territory by territory, at print `scale`.

    Each cube space must be at least 10 mm, at least 2 mm inside the ink of
    its territory's border, and clear of the labels and row marks; each label
    must lie inside its territory. An edition's own map gets these as notes
    from `throne build`, saying what to move.
    """
    problems = []
    need = 2.0 / scale + BORDER_W / 2
    for terr in territory_geometry(content):
        where = f"map.yaml territory {terr.number}"
        if CUBE_MM * scale < 10.0:
            problems.append(f"{where}: cube spaces print at {CUBE_MM * scale:.1f} mm, "
                            "under 10 mm")
        if min(clearance(b, terr.polygon) for b in terr.spaces + terr.markers) < need:
            problems.append(f"{where}: its cube spaces reach within 2 mm of its border; "
                            "move `cubes` (the block's centre) or the shape's points")
        marks = terr.labels + terr.markers
        if any(s.overlaps(m) for s in terr.spaces for m in marks):
            problems.append(f"{where}: its cube spaces cover its label; move `cubes` "
                            "or `label`")
        if min(clearance(b, terr.polygon) for b in terr.labels) < BORDER_W / 2:
            problems.append(f"{where}: its number, name or symbols cross its border; "
                            "move `label`")
    return problems
