"""Drawing data of the map sheet: shared points, territory polygons, crossings.

Territories are drawn touching exactly when their polygons share an edge, which
`check_drawing_adjacency` holds against the listed adjacency (a sea route is a crossing).
"""

from __future__ import annotations

import math
from typing import Any

from throne_pnp.content.checker import Checker, adjacency_read, describe, is_int
from throne_pnp.content.model import (
    GameMap,
    Lake,
    MapDrawing,
    Territory,
    TerritoryDrawing,
    polygon_edges,
)
from throne_pnp.yamlsrc import line_of

DRAWING_KEYS = ("size", "points", "lakes", "crossings")
SIZE_RANGE = (20.0, 2000.0)   # mm: a drawing smaller or larger than any printed map
MAX_POINT_NAME = 40           # characters
MAX_SHAPE = 200               # points in one shape
MAX_POINTS = 5000             # points in drawing.points


def _point(value: Any) -> tuple[float, float] | None:
    """[x, y] as finite floats (YAML refuses .inf and .nan already; checked again here)."""
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        x, y = float(value[0]), float(value[1])
        if math.isfinite(x) and math.isfinite(y):
            return (x, y)
    return None


def shape_problem(shape: list[Any], defined: dict[str, tuple[float, float]] | None
                  ) -> str | None:
    """What makes a list of point names unusable as a polygon (3 to MAX_SHAPE short
    names, each once; when `defined` is known, defined points enclosing an area)."""
    if not isinstance(shape, list) or not 3 <= len(shape) <= MAX_SHAPE:
        return f"expected a list of 3 to {MAX_SHAPE} point names from drawing.points"
    if not all(isinstance(p, str) and 0 < len(p) <= MAX_POINT_NAME for p in shape):
        return (f"expected point names (text of at most {MAX_POINT_NAME} characters) from "
                "drawing.points")
    twice = sorted({p for p in shape if shape.count(p) > 1})
    if twice:
        return (f"point(s) {', '.join(twice)} listed more than once; a shape goes round "
                "its border once, naming each point once")
    if defined is None:
        return None
    missing = [p for p in shape if p not in defined]
    if missing:
        return (f"unknown point(s) {', '.join(missing)}; define them in drawing.points "
                "or use a name that is defined there")
    pts = [defined[p] for p in shape]
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True)) / 2
    if abs(area) < 1.0:
        return "the points enclose no area (they lie on one line or coincide); move them apart"
    return None


def parse_territory_drawing(body: dict, path: str, chk: Checker) -> TerritoryDrawing | None:
    shape = body.get("shape")
    problem = shape_problem(shape, None)
    if problem is not None:
        chk.add(line_of(body, "shape") or line_of(body), f"{path}.shape", problem)
    label, cubes = spots = [_point(body.get(key)) for key in ("label", "cubes")]
    for key, spot in zip(("label", "cubes"), spots, strict=True):
        if spot is None:
            chk.add(line_of(body, key) or line_of(body), f"{path}.{key}",
                    "expected a position [x, y] in millimetres")
    if problem is not None or label is None or cubes is None:
        return None
    return TerritoryDrawing(tuple(shape), label, cubes)


def parse_drawing(raw: Any, line: int, territories: dict[int, Territory],
                   chk: Checker) -> MapDrawing | None:
    data = chk.mapping(raw, "drawing", line)
    if data is None:
        return None
    chk.unknown_keys(data, DRAWING_KEYS, "drawing")
    size = _point(data.get("size"))
    low, high = SIZE_RANGE
    if size is None or not all(low <= v <= high for v in size):
        chk.add(line_of(data, "size"), "drawing.size", f"expected [width, height] in "
                f"millimetres, each from {low:g} to {high:g}")
        return None
    points: dict[str, tuple[float, float]] = {}
    raw_points = data.get("points")
    if not isinstance(raw_points, dict) or not raw_points or len(raw_points) > MAX_POINTS:
        chk.add(line_of(data, "points"), "drawing.points",
                f"expected a mapping of point names to [x, y] (at most {MAX_POINTS} points)")
        return None
    for pname, value in raw_points.items():
        pt = _point(value)
        if not isinstance(pname, str) or not 0 < len(pname) <= MAX_POINT_NAME:
            chk.add(line_of(raw_points, pname), "drawing.points",
                    f"a point's name is text of at most {MAX_POINT_NAME} characters, "
                    f"not {describe(pname)}")
        elif pt is None or not (0 <= pt[0] <= size[0] and 0 <= pt[1] <= size[1]):
            chk.add(line_of(raw_points, pname), f"drawing.points.{pname}",
                    f"expected [x, y] inside the drawing size {size[0]:g} x {size[1]:g} mm")
        else:
            points[str(pname)] = pt
    lakes = []
    raw_lakes = data.get("lakes", [])
    if not isinstance(raw_lakes, list):
        chk.add(line_of(data, "lakes"), "drawing.lakes", "expected a list of {name, shape}")
        raw_lakes = []
    for i, lake in enumerate(raw_lakes):
        where = f"drawing.lakes[{i}]"
        if not isinstance(lake, dict):
            chk.add(line_of(raw_lakes, i), where, "expected {name: ..., shape: [points]}")
            continue
        chk.unknown_keys(lake, ("name", "shape"), where)
        shape = lake.get("shape")
        name = chk.text(lake, "name", where, "")
        known = points if len(points) == len(raw_points) else None  # (bad points: reported)
        problem = shape_problem(shape, known)
        if problem is not None:
            chk.add(line_of(lake, "shape") or line_of(lake), f"{where}.shape", problem)
            continue
        lakes.append(Lake(name, tuple(shape)))
    crossings = []
    raw_cross = data.get("crossings", [])
    if not isinstance(raw_cross, list):
        chk.add(line_of(data, "crossings"), "drawing.crossings",
                "expected a list of territory pairs, e.g. [[3, 9]]")
        raw_cross = []
    for i, pair in enumerate(raw_cross):
        if (not isinstance(pair, list) or len(pair) != 2 or not all(is_int(p) for p in pair)
                or any(p not in territories for p in pair)):
            chk.add(line_of(raw_cross, i), f"drawing.crossings[{i}]",
                    "expected a pair of existing territory numbers, e.g. [3, 9]")
            continue
        crossings.append((min(pair), max(pair)))
    return MapDrawing(size, points, tuple(lakes), tuple(crossings))


def drawn_adjacency(game_map: GameMap) -> set[tuple[int, int]]:
    """Pairs of territories whose drawn polygons share an edge."""
    owners: dict[frozenset[str], list[int]] = {}
    for n, terr in game_map.territories.items():
        if terr.drawing is not None:
            for edge in polygon_edges(terr.drawing.shape):
                owners.setdefault(edge, []).append(n)
    return {(min(a, b), max(a, b)) for terrs in owners.values()
            for i, a in enumerate(terrs) for b in terrs[i + 1:]}


def _shared_edges(game_map: GameMap, a: int, b: int) -> list[str]:
    """The drawn edges territories a and b share, as 'p1-p2' texts."""
    ta, tb = game_map.territories[a].drawing, game_map.territories[b].drawing
    if ta is None or tb is None:
        return []
    return sorted("-".join(sorted(e)) for e in polygon_edges(ta.shape) & polygon_edges(tb.shape))


def check_drawing_adjacency(game_map: GameMap, raw_terr: dict, data: dict,
                             chk: Checker) -> None:
    drawing = game_map.drawing
    assert drawing is not None
    raw_drawing = data["drawing"]
    raw_points = raw_drawing.get("points") if isinstance(raw_drawing, dict) else None
    defined = {str(p) for p in raw_points} if isinstance(raw_points, dict) else set()
    # A malformed point is reported in drawing.points; its borders are unknown.
    unknown_points = bool(defined - set(drawing.points))
    for n, terr in game_map.territories.items():
        if terr.drawing is None:
            continue
        missing = [p for p in terr.drawing.shape if p not in defined]
        if missing:
            unknown_points = True
            chk.add(line_of(raw_terr[n], "shape"), f"territories[{n}].shape",
                    f"unknown point(s) {', '.join(missing)}; define them in drawing.points "
                    "or use a name that is defined there")
        elif all(p in drawing.points for p in terr.drawing.shape):
            problem = shape_problem(list(terr.drawing.shape), drawing.points)
            if problem is not None:
                chk.add(line_of(raw_terr[n], "shape"), f"territories[{n}].shape", problem)
        for key, spot in (("label", terr.drawing.label), ("cubes", terr.drawing.cubes)):
            if not (0 <= spot[0] <= drawing.size[0] and 0 <= spot[1] <= drawing.size[1]):
                chk.add(line_of(raw_terr[n], key), f"territories[{n}].{key}",
                        f"[{spot[0]:g}, {spot[1]:g}] is outside the drawing size "
                        f"{drawing.size[0]:g} x {drawing.size[1]:g} mm")
    if unknown_points or not game_map.drawable or not adjacency_read(raw_terr,
                                                                       game_map.territories):
        return  # the drawn borders or the listed ones are not known: no comparison
    touching = drawn_adjacency(game_map)
    # Self-loops and unknown neighbours are reported by the adjacency checks already.
    listed = {(min(a, b), max(a, b)) for a, t in game_map.territories.items()
              for b in t.adjacent if b != a and b in game_map.territories}
    raw_cross = raw_drawing.get("crossings") if isinstance(raw_drawing, dict) else None

    def crossing_line(a: int, b: int) -> int:
        if isinstance(raw_cross, list):
            for i, pair in enumerate(raw_cross):
                if isinstance(pair, list) and sorted(pair) == [a, b]:
                    return line_of(raw_cross, i)
        return line_of(raw_drawing, "crossings")

    crossings = set(drawing.crossings)
    for a, b in sorted(touching & crossings):
        chk.add(crossing_line(a, b), "drawing.crossings",
                f"{a} and {b} already share a border; remove [{a}, {b}] (a crossing is only "
                "for territories drawn apart, such as a sea route)")
    for a, b in sorted(crossings - touching - listed):
        chk.add(crossing_line(a, b), "drawing.crossings",
                f"[{a}, {b}] is drawn as a crossing but {a} and {b} are not adjacent; "
                "remove it or list them as adjacent")
    for a, b in sorted(touching - listed):
        edges = ", ".join(_shared_edges(game_map, a, b))
        chk.add(line_of(raw_terr[a], "shape"), f"territories[{a}].shape",
                f"drawn touching {b} (shared edge {edges}) but {a} and {b} are not "
                f"adjacent; move a point so they no longer share an edge, or list them "
                "as adjacent")
    for a, b in sorted(listed - touching - crossings):
        chk.add(line_of(raw_terr[a], "adjacent"), f"territories[{a}].adjacent",
                f"{a} and {b} are adjacent but not drawn touching; give their shapes a "
                f"shared edge or add [{a}, {b}] to drawing.crossings")

