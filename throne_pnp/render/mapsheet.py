"""The map sheet: one landscape page drawn from the content's drawing data.

Territories are the polygons of `map.yaml` over shared named points. Borders
between territories (edges two polygons share) are drawn thick, the coast a
little thinner, so that touching = adjacent is plain to see; lakes are water
inside the island, and any sea crossing is an explicit dashed route. Each
territory shows its number (large, in a disc), name, symbols as icons, and a
cube area: a row of 5 boxes for the King's cubes and one for the player's.
A side panel holds the title, symbol key, setup and the scale bar.

The drawing is used at 1:1 when it fits beside the panel, else scaled down to
fit (Letter); everything is a layout `Page`, drawn by both renderers.
"""

from __future__ import annotations

from throne_pnp.content import Content, GameMap, polygon_edges
from throne_pnp.render import sheets
from throne_pnp.render.icons import ICON_MEANINGS
from throne_pnp.render.layout import (
    Circle,
    Group,
    Icon,
    Line,
    Page,
    Path,
    Poly,
    Rect,
    Text,
    both,
    fill,
    fit_size,
    stroke,
    wrap,
)

INK = "#2a211b"
SEA = "#d7e6ec"
LAKE = "#a9c8d6"
LAND = ("#efe2c0", "#e4d6ad", "#ecdcc6", "#e0d8b4")
HOME = "#f6efd9"
RUST = "#7a3420"
MARGIN = 8.0
PANEL_W = 66.0
CUBE = 5.6          # one cube box
CUBE_GAP = 0.5


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


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    area = cx = cy = 0.0
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[(i + 1) % len(points)]
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        return points[0]
    return (cx / (3 * area), cy / (3 * area))


def cube_area(x: float, y: float, king_limit: int, forces: int, tag: str) -> Group:
    """Two rows of boxes centred on (x, y): the King's (top) and the player's."""
    per_row = max(1, min(king_limit, 5))
    rows_k = -(-king_limit // per_row)
    w = per_row * CUBE + (per_row - 1) * CUBE_GAP
    items: list = []
    icon = 4.2
    left = -(w + icon + 1.0) / 2
    y0 = 0.0
    for side, name in (("king", "king-cube"), ("player", "cube")):
        rows = rows_k if side == "king" else 1
        for _r in range(rows):
            items.append(Icon(name, left, y0 + (CUBE - icon) / 2, icon, INK))
            for k in range(per_row):
                bx = left + icon + 1.0 + k * (CUBE + CUBE_GAP)
                items.append(Rect(bx, y0, CUBE, CUBE, both("#ffffff", INK, 0.25), r=0.6))
            y0 += CUBE + CUBE_GAP
        y0 += 0.6
    height = y0 - 0.6 - CUBE_GAP
    return Group(tuple(items), x, y - height / 2, tag=tag)


def _territory_label(game_map: GameMap, n: int, ink_saver: bool) -> list:
    """Number disc at the label point; name and symbol icons to its right."""
    terr = game_map.territories[n]
    assert terr.drawing is not None
    lx, ly = terr.drawing.label
    out: list = []
    disc = both("#ffffff", INK, 0.6) if ink_saver else both(INK, INK, 0.4)
    out.append(Circle(lx, ly, 5.2, disc))
    out.append(Text(lx, ly + 2.5, str(n), 14, "middle", bold=True,
                    color=INK if ink_saver else "#ffffff", tag=f"terr-{n}"))
    tx = lx + 6.6
    size = fit_size(terr.name, 40, 8.5, bold=True, minimum=6)
    icons: list[str] = []
    if terr.castle:
        icons.append("castle")
    icons += ["wheat"] * terr.wheat + ["bugle"] * terr.bugles + ["shield"] * terr.shields
    name_y = ly - 0.9 if icons else ly + 1.5
    out.append(Text(tx, name_y, terr.name, size, bold=True, color=INK))
    if n == game_map.home:
        out.append(Text(tx, ly - 5.2, "YOUR HOME", 5.5, bold=True, color=RUST))
    s, gap = 5.0, 0.5
    for i, name in enumerate(icons):
        out.append(Icon(name, tx + i * (s + gap), ly + 0.6, s, INK))
    return out


def map_items(content: Content, ink_saver: bool = False) -> list:
    """Every shape of the map drawing, in the drawing's own millimetres."""
    game_map = content.map
    drawing = game_map.drawing
    assert drawing is not None and game_map.drawable
    pts = drawing.points
    w, h = drawing.size
    out: list = []
    if ink_saver:
        out.append(Rect(0, 0, w, h, stroke(INK, 0.3)))
    else:
        out.append(Rect(0, 0, w, h, both(SEA, INK, 0.3)))
    colors = _land_colors(game_map)
    for n in game_map.numbers:
        shape = game_map.territories[n].drawing.shape  # type: ignore[union-attr]
        poly = tuple(pts[p] for p in shape)
        color = "#ffffff" if ink_saver else (HOME if n == game_map.home else colors[n])
        out.append(Poly(poly, fill(color), tag=f"territory-{n}"))
    for lake in drawing.lakes:
        poly = tuple(pts[p] for p in lake.shape)
        out.append(Poly(poly, both("#ffffff" if ink_saver else LAKE, INK, 0.4)))
        cx, cy = _centroid(list(poly))
        out += _waves(poly, "#6f8f9c" if ink_saver else "#5f8799")
        for line_no, part in enumerate(wrap(lake.name, 22, 6.5, False)):
            out.append(Text(cx, cy + line_no * 2.8, part, 6.5, "middle", italic=True,
                            color="#1e4658"))
    shared, single = _edges(game_map)
    lake_edges = set()
    for lake in drawing.lakes:
        lake_edges |= polygon_edges(lake.shape)
    for edge in sorted(single - lake_edges, key=sorted):
        a, b = sorted(edge)
        out.append(Line(*pts[a], *pts[b], stroke(INK, 0.9, cap="round")))
    for edge in sorted(shared, key=sorted):
        a, b = sorted(edge)
        out.append(Line(*pts[a], *pts[b], stroke(INK, 1.5, cap="round"), tag="border"))
        if not ink_saver:
            out.append(Line(*pts[a], *pts[b], stroke("#c9a227", 0.35, cap="round")))
    for a, b in drawing.crossings:
        out += _crossing(game_map, a, b)
    for n in game_map.numbers:
        out += _territory_label(game_map, n, ink_saver)
        cx, cy = game_map.territories[n].drawing.cubes  # type: ignore[union-attr]
        out.append(cube_area(cx, cy, game_map.king_limit, game_map.forces, f"cubes-{n}"))
    return out


def _waves(poly: tuple[tuple[float, float], ...], color: str) -> list:
    """A few small wave marks inside a lake, around its name, so water reads as
    water even in the ink-saving, unfilled print."""
    xs = [x for x, _ in poly]
    ys = [y for _, y in poly]
    cx, cy = _centroid(list(poly))
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    size = min(6.0, w * 0.25)
    marks = []
    for fx, fy in ((-0.32, -0.26), (0.04, -0.32), (-0.22, 0.2), (0.08, 0.28)):
        x, y = cx + fx * w, cy + fy * h
        q = size / 6
        marks.append(Path((("M", x, y), ("C", x + q, y - q, x + 2 * q, y - q, x + 3 * q, y),
                           ("C", x + 4 * q, y + q, x + 5 * q, y + q, x + 6 * q, y)),
                          stroke(color, 0.35, cap="round")))
    return marks


def _crossing(game_map: GameMap, a: int, b: int) -> list:
    """A dashed sea route between two territories, bowed outward from the
    island's centre so that it runs over water rather than across the land."""
    drawing = game_map.drawing
    assert drawing is not None
    pts = drawing.points
    ca = _centroid([pts[p] for p in game_map.territories[a].drawing.shape])  # type: ignore
    cb = _centroid([pts[p] for p in game_map.territories[b].drawing.shape])  # type: ignore
    centre = (sum(x for x, _ in pts.values()) / len(pts), sum(y for _, y in pts.values())
              / len(pts))
    mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
    dx, dy = mx - centre[0], my - centre[1]
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    span = ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5
    cx, cy = mx + dx / norm * span * 0.7, my + dy / norm * span * 0.7
    route = (("M", *ca), ("C", cx, cy, cx, cy, *cb))
    apex = (0.125 * ca[0] + 0.75 * cx + 0.125 * cb[0], 0.125 * ca[1] + 0.75 * cy + 0.125 * cb[1])
    return [
        Path(route, stroke("#ffffff", 2.2, cap="round")),
        Path(route, stroke("#1e4658", 1.0, (2.5, 1.8), cap="round"), tag="crossing"),
        Text(min(max(apex[0], 16.0), drawing.size[0] - 16.0), apex[1] - 1.8,
             f"sea crossing {a}-{b}", 6, "middle", bold=True, color="#1e4658"),
    ]


# --------------------------------------------------------------------------- side panel

KEY_ORDER = ("castle", "wheat", "bugle", "shield", "sword", "flag", "helmet", "arrow",
             "banner", "uncertain", "rising", "falling", "skull", "cube", "king-cube")


def _panel(content: Content, x: float, y: float, width: float, height: float) -> list:
    game_map = content.map
    out: list = []
    out.append(Text(x, y + 5, "Symbols", 10, bold=True, color=RUST))
    row = 6.0
    yy = y + 8
    for name in KEY_ORDER:
        out.append(Icon(name, x, yy, 5.0, INK))
        text = ICON_MEANINGS[name]
        size = fit_size(text, width - 7, 7, minimum=5.5)
        out.append(Text(x + 6.6, yy + 3.6, text, size, color=INK))
        yy += row
    yy += 5
    out.append(Text(x, yy, "Setup", 10, bold=True, color=RUST))
    yy += 5.5
    lines = [("cube", "You: " + _where(game_map, game_map.setup_player)),
             ("king-cube", "King: " + _where(game_map, game_map.setup_king))]
    for icon, text in lines:
        out.append(Icon(icon, x, yy - 3.6, 4.6, INK))
        for i, part in enumerate(wrap(text, width - 7, 7)):
            out.append(Text(x + 6.6, yy + i * 3.1, part, 7, color=INK))
        yy += 3.1 * len(wrap(text, width - 7, 7)) + 1.8
    extra = (f"Each side has {game_map.forces} cubes. The King never keeps more than "
             f"{game_map.king_limit} in a territory. Shuffle the deck (add hard cards "
             f"for a harder game) and draw {game_map.hand_size}.")
    for part in wrap(extra, width, 7):
        out.append(Text(x, yy, part, 7, color=INK))
        yy += 3.1
    yy += 3
    out.append(Text(x, yy, "Goal", 10, bold=True, color=RUST))
    yy += 5
    castles = ", ".join(str(c) for c in game_map.castles)
    goal = (f"Win by holding every castle ({castles}). Lose when territory "
            f"{game_map.home}, your home, has none of your cubes.")
    if content.rulings.home_lost_when == "king-holds":
        goal = (f"Win by holding every castle ({castles}). Lose when the King alone holds "
                f"territory {game_map.home}, your home.")
    for part in wrap(goal, width, 7):
        out.append(Text(x, yy, part, 7, color=INK))
        yy += 3.1
    return out


def _where(game_map: GameMap, setup: dict[int, int]) -> str:
    parts = []
    for n in sorted(setup):
        parts.append(f"{setup[n]} in {n} {game_map.territories[n].name}")
    return "; ".join(parts) or "none"


def map_page(content: Content, paper: str, ink_saver: bool = False) -> Page:
    """The map sheet for one paper size, landscape."""
    page_w, page_h = sheets.paper_size(paper, landscape=True)
    drawing = content.map.drawing
    assert drawing is not None
    dw, dh = drawing.size
    top = 17.0
    avail_w = page_w - 2 * MARGIN - PANEL_W - 4
    avail_h = page_h - top - MARGIN
    scale = min(1.0, avail_w / dw, avail_h / dh)
    page = Page(page_w, page_h, name="map")
    title = f"{sheets.GAME_TITLE}: {content.map.name}"
    page.add(Text(MARGIN, 12.5, title, fit_size(title, avail_w, 17, True), bold=True,
                  color=INK, tag="title"))
    page.add(Group(tuple(map_items(content, ink_saver)), MARGIN, top, scale=scale,
                   tag="map"))
    px = page_w - MARGIN - PANEL_W
    page.extend(_panel(content, px, top - 5, PANEL_W, avail_h))
    page.add(sheets.scale_bar(px, page_h - MARGIN - 3.0))
    return page
