"""The board's land: sea with water lines, territories in muted hues, lakes, rough coasts,
borders and sea crossings, in the map drawing's own millimetres. Adjacency must be
unmistakable: a border is a dash-dot line on a soft band, a coast a plain line, a sea
crossing a named dashed route."""

from __future__ import annotations

from collections import Counter

from throne_pnp.content import Content, GameMap, polygon_edges
from throne_pnp.render.backend.layout import (
    Circle,
    Group,
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
from throne_pnp.render.components.board.shore import shore_edges, shores

INK = "#2a211b"
SEA = "#8faab6"          # L* 68, land 84-91: a greyscale print still tells them apart
SHALLOWS = "#9fb7c1"     # L* 73
WATER_LINE = "#698897"
LAKE = "#96b2bf"         # L* 71
# one muted hue a territory (neighbours differ), each lighter than the sea in greyscale
LAND = ("#ebdfb3", "#d5dfb4", "#e4cfc2", "#cfdcc4", "#eed8b8", "#dfd6c9", "#e2e1bd",
        "#d9d5e0", "#efe3cb")
HOME = "#f4ecd4"
RUST = "#7a3420"
INK_SAVER_WATER = "#9db4bd"
WASH = 0.39              # a border's band: the mean of its two hues at 78 %

BORDER_W = 1.6          # the border's band; its line is BORDER_LINE wide
BORDER_LINE = 0.55
BORDER_DASH = (2.6, 0.7, 0.6, 0.7)
COAST_W = 0.6
INK_SAVER_COAST = 0.9
RINGS = (7.5, 4.6, 2.4)  # mm offshore: the water lines around the coasts
SHALLOW_W = 5.8


def land_colors(game_map: GameMap) -> dict[int, str]:
    """One muted hue a territory, neighbours never alike (greedy in number order)."""
    colors: dict[int, str] = {}
    for n in game_map.numbers:
        used = {colors.get(m) for m in game_map.territories[n].adjacent}
        colors[n] = next(c for c in LAND[n % len(LAND):] + LAND if c not in used)
    return colors


def _chains(edges: set[frozenset[str]]) -> list[list[str]]:
    """The edges joined into runs of points between junctions (for unbroken dash patterns)."""
    links: dict[str, list[str]] = {}
    for a, b in (sorted(e) for e in edges):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    left = {frozenset(e) for e in edges}
    runs = []
    for start in sorted(links, key=lambda p: (len(links[p]) == 2, p)):
        for nxt in sorted(links[start]):
            run = [start]
            while frozenset((run[-1], nxt)) in left:
                left.discard(frozenset((run[-1], nxt)))
                run.append(nxt)
                ahead = [q for q in links[nxt] if frozenset((nxt, q)) in left]
                if len(links[nxt]) != 2 or not ahead:
                    break
                nxt = ahead[0]
            if len(run) > 1:
                runs.append(run)
    return runs


def _rings(loops: list, under: str, line: str, distances: tuple[float, ...]) -> list:
    """Water lines `distances` mm off the loops (over `under`), drawn as wide strokes
    before the land covers their inner half; through every fourth point of a loop, as a
    line that far out smooths the finest bends anyway."""
    out = []
    for d in distances:
        for loop in loops:
            smooth = tuple(loop[::4])
            out += [Poly(smooth, stroke(line, 2 * d + 0.3, join="round")),
                    Poly(smooth, stroke(under, 2 * d - 0.3, join="round"))]
    return out


def land_items(content: Content, ink_saver: bool = False, sea: bool = True,
               names: bool = True, detail: bool = True) -> list:
    """The land of the map drawing without labels or cube spaces, in drawing mm. For small
    diagrams, `names` False leaves out lake and crossing names and `detail` False draws each
    territory and lake as one outlined polygon, without water lines and border bands."""
    game_map = content.map
    drawing = game_map.drawing
    assert drawing is not None and game_map.drawable
    pts = drawing.points
    w, h = drawing.size
    rough = shores(game_map) if detail else None
    out: list = []
    if sea:
        out.append(Rect(0, 0, w, h, stroke(INK, 0.3) if ink_saver else both(SEA, INK, 0.3)))
    lakes = rough.lakes if rough else [[pts[p] for p in lake.shape] for lake in drawing.lakes]
    coasts = rough.coasts if rough else []
    waters: list = []
    if ink_saver:
        waters += _rings(coasts, "#ffffff", INK_SAVER_WATER, RINGS[1:])
    elif coasts:
        waters += _rings(coasts, SEA, WATER_LINE, RINGS[:1])
        waters += [Poly(tuple(loop[::4]), stroke(SHALLOWS, 2 * SHALLOW_W, join="round"))
                   for loop in coasts]
        waters += _rings(coasts, SHALLOWS, WATER_LINE, RINGS[1:])
    # with its own sea the drawing keeps the water lines inside its rectangle
    out += [Group(tuple(waters), clip=(0, 0, w, h))] if sea and waters else waters
    for poly in lakes:
        lake_water = "#ffffff" if ink_saver else LAKE
        out.append(Poly(tuple(poly), fill(lake_water), tag="lake"))
        if detail:
            out += _rings([poly], lake_water, INK_SAVER_WATER if ink_saver else WATER_LINE,
                          (2.2,))
    colors = land_colors(game_map)
    for n in game_map.numbers:
        shape = game_map.territories[n].drawing.shape  # type: ignore[union-attr]
        poly = tuple(rough.territories[n] if rough else (pts[p] for p in shape))
        color = "#ffffff" if ink_saver else colors[n]
        paint = fill(color) if detail else both(color, INK, 1.5, join="round")
        out.append(Poly(poly, paint, tag=f"territory-{n}"))
    for lake, poly in zip(drawing.lakes, lakes, strict=True):
        out.append(Poly(tuple(poly), stroke(INK, 0.4, join="round"), tag="lake-shore"))
        if names and detail:
            cx, cy = centroid(poly)
            lines = wrap(lake.name, 22, 7, False)
            out += [Text(cx, cy + 1.2 + (k - (len(lines) - 1) / 2) * 3.0, part, 7, "middle",
                         bold=True, serif=True, color="#1e4658")
                    for k, part in enumerate(lines)]
    if detail:
        coast_w = INK_SAVER_COAST if ink_saver else COAST_W     # no sea tone: a bolder coast
        out += [Poly(tuple(loop), stroke(INK, coast_w, join="round"), tag="coast")
                for loop in coasts]
        sides = {e: [n for n in game_map.numbers if e in polygon_edges(
            game_map.territories[n].drawing.shape)] for e in _shared(game_map)}  # type: ignore
        for run in _chains(set(sides)):
            line = tuple(pts[p] for p in run)
            if not ink_saver:      # a wash of the two territories' hues, darkened
                a, b = (colors[n] for n in sides[frozenset(run[:2])])
                mix = (round((int(a[i:i + 2], 16) + int(b[i:i + 2], 16)) * WASH) for i in (1, 3, 5))
                wash = "#" + "".join(f"{v:02x}" for v in mix)
                out.append(Poly(line, stroke(wash, BORDER_W, cap="round", join="round"),
                                closed=False))
            out.append(Poly(line, stroke(INK, BORDER_LINE, BORDER_DASH, join="round"),
                            closed=False, tag="border"))
    for a, b in drawing.crossings:
        route = _crossing(game_map, a, b)
        out += route if names else [item for item in route if not isinstance(item, Text)]
    return out


def _shared(game_map: GameMap) -> set[frozenset[str]]:
    """The edges two territories share: their borders."""
    count = Counter(edge for terr in game_map.territories.values()
                    for edge in polygon_edges(terr.drawing.shape))  # type: ignore[union-attr]
    return {e for e, k in count.items() if k > 1}


def _coast_points(game_map: GameMap, n: int) -> list[tuple[float, float]]:
    """Points a quarter, half and three quarters along each sea-coast edge of territory n."""
    lakes = set().union(*(polygon_edges(k.shape) for k in game_map.drawing.lakes))  # type: ignore
    single = shore_edges(game_map) - lakes
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
