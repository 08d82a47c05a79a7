"""Terrain drawn from each territory's kind (`terrain:` in map.yaml): a field of small glyphs
(trees, reeds, heather, hills, furrows, dunes) in a darker shade of the territory's hue.

The glyphs stand on a jittered grid seeded by the territory's number and kind, so a rebuild
draws the same field; each is one reused icon (a PDF form, an SVG symbol), and none comes
near a label, a castle, a cube space or the border.
"""

from __future__ import annotations

import random

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Icon
from throne_pnp.render.backend.mapgeom import Box, clearance, point_in_polygon

# kind: (icon, size in mm, grid step in mm)
GLYPHS = {"fields": ("furrows", 4.6, 8.5), "forest": ("tree", 5.6, 6.4),
          "fen": ("reeds", 4.8, 7.4), "moor": ("heath", 4.4, 7.0),
          "hills": ("hill", 5.6, 7.4), "coast": ("dunes", 4.8, 8.0)}
CLEAR = 1.2          # mm between a glyph and a label, castle or cube space
EDGE_CLEAR = 1.6     # mm between a glyph and its territory's border
INK_SAVER_GLYPH = "#9a9288"


def _glyph_ink(color: str) -> str:
    """A territory's hue darkened to draw its glyphs: quiet, and lighter than the labels."""
    return "#" + "".join(f"{round(int(color[i:i + 2], 16) * 0.62):02x}" for i in (1, 3, 5))


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
        rng = random.Random(f"{terr.number}|{kind}")
        blocked = [b.grow(CLEAR) for b in terr.spaces + terr.labels + terr.markers]
        ink = INK_SAVER_GLYPH if ink_saver else _glyph_ink(colors[terr.number])
        paper = "#ffffff" if ink_saver else colors[terr.number]
        xs = [x for x, _ in terr.polygon]
        ys = [y for _, y in terr.polygon]
        row = 0
        y = min(ys) + step / 2
        while y < max(ys):
            x = min(xs) + step * (0.25 + 0.5 * (row % 2))
            while x < max(xs):
                jx, jy = rng.uniform(-0.3, 0.3) * step, rng.uniform(-0.3, 0.3) * step
                box = Box(x + jx - size / 2, y + jy - size / 2, size, size)
                if (not any(box.overlaps(b) for b in blocked)
                        and point_in_polygon((x + jx, y + jy), terr.polygon)
                        and clearance(box, terr.polygon) >= EDGE_CLEAR):
                    out.append(Icon(name, round(box.x, 2), round(box.y, 2), size, ink, paper,
                                    tag=f"terrain-{terr.number}"))
                x += step
            y += step * 0.8
            row += 1
    return out
