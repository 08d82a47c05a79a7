"""The board's land: sea, territories, lakes, coasts, borders and sea crossings, in the
map drawing's own millimetres. Adjacency must be unmistakable: borders between neighbours
are thick, coasts thinner, a sea crossing a named dashed route."""

from __future__ import annotations

from collections import Counter

from throne_pnp.content import Content, GameMap, polygon_edges
from throne_pnp.render.backend.layout import (
    Circle,
    Line,
    Path,
    Poly,
    Rect,
    Text,
    both,
    fill,
    stroke,
    text_width,
    wrap,
)
from throne_pnp.render.backend.mapgeom import centroid

INK = "#2a211b"
SEA = "#aac4cf"          # darker than every land tone, so greyscale prints tell them apart
LAKE = "#a9c8d6"
LAND = ("#efe2c0", "#e4d6ad", "#ecdcc6", "#e0d8b4")
HOME = "#f6efd9"
RUST = "#7a3420"

BORDER_W = 1.5          # line between two neighbours
COAST_W = 0.9


def _land_colors(game_map: GameMap) -> dict[int, str]:
    """A four-ish colouring so neighbours differ (greedy in number order)."""
    colors: dict[int, str] = {}
    for n in game_map.numbers:
        used = {colors.get(m) for m in game_map.territories[n].adjacent}
        colors[n] = next((c for c in LAND if c not in used), LAND[n % len(LAND)])
    return colors


def _edges(game_map: GameMap) -> tuple[set[frozenset[str]], set[frozenset[str]]]:
    """(borders shared by two territories, sea-coast edges of one territory)."""
    count = Counter(edge for terr in game_map.territories.values()
                    for edge in polygon_edges(terr.drawing.shape))  # type: ignore[union-attr]
    shared = {e for e, k in count.items() if k > 1}
    lakes = game_map.drawing.lakes  # type: ignore[union-attr]
    return shared, set(count) - shared - set().union(*(polygon_edges(k.shape) for k in lakes))


def land_items(content: Content, ink_saver: bool = False, sea: bool = True,
               names: bool = True, detail: bool = True) -> list:
    """The land of the map drawing without labels or cube spaces, in drawing mm. For small
    diagrams, `names` False leaves out lake and crossing names and `detail` False draws each
    territory and lake as one outlined polygon, without waves and gilt borders."""
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
    for edge in sorted(single, key=sorted):
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
    """Wave marks around a lake's name: water reads as water in the unfilled print."""
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
    """Points a quarter, half and three quarters along each sea-coast edge of territory n."""
    _, single = _edges(game_map)
    pts = game_map.drawing.points  # type: ignore[union-attr]
    out = []
    for edge in polygon_edges(game_map.territories[n].drawing.shape):  # type: ignore[union-attr]
        if edge in single:
            p, q = (pts[name] for name in sorted(edge))
            out += [(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])) for t in (0.25, 0.5, 0.75)]
    return out


def _crossing(game_map: GameMap, a: int, b: int) -> list:
    """A named, dashed sea route between the nearest coasts of two territories,
    bowed away from the island's centre over the water, a dot at each landing."""
    drawing = game_map.drawing
    assert drawing is not None
    pts = drawing.points
    ends_a, ends_b = (_coast_points(game_map, t) or [
        centroid([pts[p] for p in game_map.territories[t].drawing.shape])]  # type: ignore
        for t in (a, b))
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
