"""Terrain drawn from each territory's kind (`terrain:` in map.yaml): a field of small glyphs
(trees, reeds, heather, hills, furrows, dunes) in a darker shade of the territory's hue.

The glyphs stand on a jittered grid seeded by the territory's number and kind, so a rebuild
draws the same field; each is one reused icon (a PDF form, an SVG symbol), and none comes
near a label, a castle, a cube space or the border.
"""

from __future__ import annotations

import math
import random

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Icon
from throne_pnp.render.backend.mapgeom import Box, point_in_polygon

# kind: (icon, size in mm, grid step in mm)
GLYPHS = {"fields": ("furrows", 4.6, 7.6), "forest": ("tree", 5.6, 5.8),
          "fen": ("reeds", 4.8, 6.6), "moor": ("heath", 4.4, 6.2),
          "hills": ("hill", 5.6, 6.8), "coast": ("dunes", 4.8, 7.2)}
CLEAR = 1.2          # mm between a glyph and a label, castle or cube space
EDGE_CLEAR = 1.6     # mm between a glyph and its territory's border
INK_SAVER_GLYPH = "#9a9288"


def _glyph_ink(color: str) -> str:
    """A territory's hue darkened to draw its glyphs: quiet, and lighter than the labels."""
    return "#" + "".join(f"{round(int(color[i:i + 2], 16) * 0.62):02x}" for i in (1, 3, 5))


def well_inside(box: Box, poly: tuple, margin: float) -> bool:
    """Whether `box` grown by `margin` lies inside `poly`: its corners inside, no corner of
    the polygon within it (cheap; enough for the map's territories, whose sides are long)."""
    grown = box.grow(margin)
    return (all(point_in_polygon(c, poly) for c in grown.corners())
            and not any(map(grown.contains_point, poly)))


def _crossings(poly: tuple, y: float) -> list[float]:
    """The x where the line at height y crosses the polygon's sides, in order."""
    return sorted(a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
                  for a, b in zip(poly, poly[1:] + poly[:1], strict=True)
                  if (a[1] <= y) != (b[1] <= y))


def terrain_items(content: Content, geometry: list, colors: dict[int, str],
                  ink_saver: bool = False) -> list[Icon]:
    """The glyph fields of every territory with a terrain kind (`geometry`: its
    `TerritoryGeometry`s), in drawing mm."""
    out = []
    for terr in geometry:
        kind = content.map.territories[terr.number].terrain
        if not kind:
            continue
        name, size, step = GLYPHS[kind]
        rng = random.Random(f"{terr.number}|{kind}").random
        blocked = [b.grow(CLEAR + size / 2) for b in terr.spaces + terr.labels + terr.markers]
        ink = INK_SAVER_GLYPH if ink_saver else _glyph_ink(colors[terr.number])
        paper = "#ffffff" if ink_saver else colors[terr.number]
        xs = [x for x, _ in terr.polygon]
        ys = [y for _, y in terr.polygon]
        reach = 0.3 * step + size / 2 + EDGE_CLEAR     # a glyph's farthest ink from its row
        row, y = 0, min(ys) + step / 2
        while y < max(ys):
            # the marks near this row (a glyph's centre must stay outside each grown box) and
            # the polygon's span over the band the row's glyphs may reach
            near = [(b.x, b.x2, b.y, b.y2) for b in blocked
                    if b.y < y + 0.3 * step and b.y2 > y - 0.3 * step]
            cuts = [_crossings(terr.polygon, y + dy) for dy in (-reach, 0.0, reach)]
            left = max((c[0] for c in cuts if c), default=0.0) + size / 2 + EDGE_CLEAR
            right = min((c[-1] for c in cuts if c), default=0.0) - size / 2 - EDGE_CLEAR
            x = min(xs) + step * (0.25 + 0.5 * (row % 2))
            x += max(0, math.ceil((left - 0.3 * step - x) / step)) * step   # first in reach
            while x < right + 0.3 * step and all(cuts):
                cx, cy = x + (rng() - 0.5) * 0.6 * step, y + (rng() - 0.5) * 0.6 * step
                x += step
                if (left < cx < right
                        and not any(x1 < cx < x2 and y1 < cy < y2 for x1, x2, y1, y2 in near)):
                    box = Box(cx - size / 2, cy - size / 2, size, size)
                    if well_inside(box, terr.polygon, EDGE_CLEAR):
                        out.append(Icon(name, round(box.x, 2), round(box.y, 2), size, ink,
                                        paper, tag=f"terrain-{terr.number}"))
            y += step * 0.8
            row += 1
    return out
