"""The island's shores, drawn with irregularity at every scale: each coast and lake-shore edge of
the map drawing (an edge of one territory only) becomes a fractal line by midpoint displacement.

Each edge is seeded by its two point names, so a rebuild draws the same line and moving a point
reshapes only its own edges. The line bulges only away from its territory (into the sea or the
lake), so cube spaces and labels keep every millimetre the plain polygon gives them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from throne_pnp.content import GameMap, polygon_edges

Point = tuple[float, float]

STEP = 2.2          # mm: the finest segment of a shore
ROUGH = 0.34        # a midpoint's largest offset, as a share of its segment's length
REACH = 3.2         # mm: the farthest a shore strays from its straight edge
TAPER = 0.5         # near a corner: the largest offset per mm of distance from it


def _fractal(length: float, seed: str) -> list[tuple[float, float]]:
    """(t along 0..1, offset in mm >= 0) of a shore `length` mm long, ends included."""
    draw = random.Random(seed).random
    levels = max(1, math.ceil(math.log2(max(length, STEP) / STEP)))
    line = [(0.0, 0.0), (1.0, 0.0)]
    for level in range(levels):
        amp = min(ROUGH * length / 2 ** level, REACH / 1.8 ** level)
        out = [line[0]]
        for (t0, y0), (t1, y1) in zip(line, line[1:], strict=False):
            out += [((t0 + t1) / 2, (y0 + y1) / 2 + (2 * draw() - 1) * amp), (t1, y1)]
        line = out
    # near a corner a shore keeps within TAPER of its distance to it, so the shores of two
    # edges meeting there at 55 degrees or more cannot cross
    return [(t, min(abs(y), REACH, TAPER * length * min(t, 1 - t))) for t, y in line]


def _winding(pts: list[Point]) -> float:
    """Twice the signed area (> 0 clockwise on the page, y down)."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True))


def shore_edges(game_map: GameMap) -> set[frozenset[str]]:
    """The edges of one territory only: sea coasts and lake shores."""
    count = Counter(edge for terr in game_map.territories.values()
                    for edge in polygon_edges(terr.drawing.shape))  # type: ignore[union-attr]
    return {edge for edge, k in count.items() if k == 1}


def _sides(game_map: GameMap, shape: tuple[str, ...], shores: set[frozenset[str]],
           lines: dict[frozenset[str], list], outward: bool = True
           ) -> list[tuple[str, str, list[Point]]]:
    """(from, to, points from `from` up to `to` excluded) for each edge of a polygon; its shore
    edges rough, bulging away from the territory (into a lake `outward` False); `lines` holds
    the shore lines drawn so far (a lake's shore is its territory's)."""
    pts = game_map.drawing.points  # type: ignore[union-attr]
    corners = [pts[p] for p in shape]
    side = 1.0 if (_winding(corners) > 0) == outward else -1.0   # left normal points out
    out = []
    for i, name in enumerate(shape):
        other = shape[(i + 1) % len(shape)]
        part = [pts[name]]
        edge = frozenset((name, other))
        if edge in shores:
            if edge not in lines:
                first = min(name, other)
                p, q = pts[first], pts[max(name, other)]
                dx, dy = q[0] - p[0], q[1] - p[1]
                length = math.hypot(dx, dy)
                nx, ny = dy / length * side, -dx / length * side
                if first != name:
                    nx, ny = -nx, -ny
                lines[edge] = [(round(p[0] + t * dx + y * nx, 1), round(p[1] + t * dy + y * ny, 1))
                               for t, y in _fractal(length, f"{first}|{max(name, other)}")[1:-1]]
            line = lines[edge]
            part += line if name == min(name, other) else line[::-1]
        out.append((name, other, part))
    return out


@dataclass(frozen=True, slots=True)
class Shores:
    """The rough outlines of a map drawing, each shore line drawn once for all."""

    territories: dict[int, list[Point]]
    lakes: list[list[Point]]
    coasts: list[list[Point]]        # the island's outer coast, a closed loop an island


def shores(game_map: GameMap) -> Shores:
    """Every territory's and lake's rough outline and the island's coast loops."""
    drawing = game_map.drawing
    assert drawing is not None
    edges = shore_edges(game_map)
    lines: dict[frozenset[str], list] = {}
    lake_edges = set().union(*(polygon_edges(k.shape) for k in drawing.lakes))
    sides = {n: _sides(game_map, t.drawing.shape, edges, lines)  # type: ignore[union-attr]
             for n, t in game_map.territories.items()}
    following = {a: (b, part) for parts in sides.values() for a, b, part in parts
                 if frozenset((a, b)) in edges - lake_edges}
    loops = []
    while following:
        at = min(following)
        loop: list[Point] = []
        while at in following:
            at, part = following.pop(at)
            loop += part
        loops.append(loop)
    return Shores({n: [p for _, _, part in parts for p in part] for n, parts in sides.items()},
                  [[p for _, _, part in _sides(game_map, lake.shape, edges, lines, False)
                    for p in part] for lake in drawing.lakes], loops)
