"""The board on the table page: the printed map with the game drawn over it.

The map itself is the map sheet's drawing (`render.mapsheet.map_items`):
the same polygons, names, symbols and cube boxes the player has printed, so
the screen and the paper look alike. Over it, per game state: the cube boxes
filled with the cubes now on the table, a count badge per territory, pending
battles ringed, the King's last moves as numbered arrows, and, while the
player picks a move, tap targets over the territories that may be chosen.

Every territory carries an accessible label with its number, name and cubes;
a tappable one is a link whose name starts with the command word (`move`).
The static map is turned into markup once per server (`MapArt`).

On a phone the whole map is about 330 px wide, a third of its printed size:
the printed labels would be 5 px tall there. So the board draws each
territory's number again, larger (`NUMBER_SIZE`: about 12 px at that width),
over the printed badge; the names, which would not fit at that size, are
listed under the board by the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Rect, icon_variants
from throne_pnp.render.components import mapsheet
from throne_pnp.rules.position import Position, Step
from throne_pnp.web.svgmarkup import attr, num, points, shape

KING_FILL = "#7a1f1f"
PLAYER_FILL = "#e8b923"
BATTLE = "#c0261b"
PICK = "#1d5fbf"
INK = "#2a211b"
NUMBER_SIZE = 10.0     # map units (mm): ~12 CSS px when the 268 mm map is 330 px wide
NUMBER_RADIUS = 7.0


@dataclass(frozen=True)
class Pick:
    """A territory the player may tap now: where it leads and its accessible name."""

    href: str
    label: str
    selected: bool = False


class MapArt:
    """The static map of one edition as markup, with the geometry the overlay needs."""

    def __init__(self, content: Content):
        game_map = content.map
        drawing = game_map.drawing
        assert drawing is not None and game_map.drawable
        self.content = content
        self.width, self.height = drawing.size
        items = mapsheet.map_items(content)
        self.variants = icon_variants(items)
        self.base = "".join(shape(item) for item in items)
        self.polygons: dict[int, str] = {}
        self.anchor: dict[int, tuple[float, float]] = {}
        self.boxes: dict[int, tuple[list[Rect], list[Rect], tuple[float, float]]] = {}
        for n in game_map.numbers:
            terr = game_map.territories[n]
            assert terr.drawing is not None
            self.polygons[n] = points(drawing.points[p] for p in terr.drawing.shape)
            cx, cy = terr.drawing.cubes
            self.anchor[n] = (cx, cy)
            area = mapsheet.cube_area(cx, cy, game_map.king_limit, game_map.forces, "")
            rects = [item for item in area.items if isinstance(item, Rect)]
            king = rects[:game_map.king_limit]
            player = rects[game_map.king_limit:] or rects[-5:]
            self.boxes[n] = (king, player, (area.dx, area.dy))
        self.numbers = self._numbers(items)

    @staticmethod
    def _numbers(items: list) -> str:
        """Each territory's number as a badge large enough to read on a phone, centred
        on the printed badge (the `terr-N` text of the map sheet's `items`)."""
        marks = []
        for item in items:
            tag = getattr(item, "tag", "")
            if not tag.startswith("terr-"):
                continue
            cx, cy = item.x, item.y - item.size * 0.127   # the printed badge's centre
            marks.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(NUMBER_RADIUS)}" '
                         f'fill="{INK}" stroke="#fff" stroke-width="0.6"/>'
                         f'<text class="terrnum" x="{num(cx)}" y="{num(cy + NUMBER_SIZE * 0.36)}" '
                         f'font-size="{num(NUMBER_SIZE)}" font-weight="bold" fill="#fff" '
                         f'text-anchor="middle">{attr(item.text)}</text>')
        return '<g aria-hidden="true">' + "".join(marks) + "</g>"

    def names(self, n: int) -> str:
        return self.content.map.territories[n].name

    def board(self, position: Position, *, battles: tuple[int, ...] = (),
              king_moves: tuple[Step, ...] = (), picks: dict[int, Pick] | None = None,
              title: str = "") -> str:
        """The whole board for one state, as an inline `<svg>`."""
        picks = picks or {}
        out = [f'<svg class="board" viewBox="0 0 {num(self.width)} {num(self.height)}" '
               f'role="group" aria-label="{attr(title or "The map")}">',
               '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" '
               'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
               f'<path d="M0,0 L10,5 L0,10 z" fill="{KING_FILL}"/></marker></defs>',
               f'<g aria-hidden="true">{self.base}</g>']
        for n in self.content.map.numbers:
            out.append(self._cubes(n, position))
        out.append(self.numbers)
        for t in battles:
            out.append(f'<polygon class="battle-ring" points="{self.polygons[t]}" fill="none" '
                       f'stroke="{BATTLE}" stroke-width="1.6" stroke-dasharray="3 1.6"/>')
        out += self._arrows(king_moves)
        for n in self.content.map.numbers:
            out.append(self._target(n, position, n in battles, picks.get(n)))
        out.append("</svg>")
        return "".join(out)

    def _cubes(self, n: int, position: Position) -> str:
        king_boxes, player_boxes, (dx, dy) = self.boxes[n]
        marks = []
        for count, row, color in ((position.king[n], king_boxes, KING_FILL),
                                  (position.player[n], player_boxes, PLAYER_FILL)):
            for box in row[:count]:
                marks.append(f'<rect x="{num(box.x + 0.7)}" y="{num(box.y + 0.7)}" '
                             f'width="{num(box.w - 1.4)}" height="{num(box.h - 1.4)}" rx="0.5" '
                             f'fill="{color}" stroke="#000" stroke-width="0.25"/>')
            if count > len(row) and row:
                last = row[-1]
                marks.append(f'<text x="{num(last.x + last.w + 1)}" y="{num(last.y + last.h - 1)}"'
                             f' font-size="7" font-weight="bold">+{count - len(row)}</text>')
        return (f'<g aria-hidden="true" transform="translate({num(dx)} {num(dy)})">'
                + "".join(marks) + "</g>")

    def _arrows(self, moves: tuple[Step, ...]) -> list[str]:
        out = []
        for i, step in enumerate(moves):
            if step.src is None or step.dst is None:
                continue
            (x1, y1), (x2, y2) = self.anchor[step.src], self.anchor[step.dst]
            dx, dy = x2 - x1, y2 - y1
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            # start and end a little off the cube boxes; bow sideways so that
            # a move and its reverse do not overlap
            sx, sy = x1 + ux * 6, y1 + uy * 6
            ex, ey = x2 - ux * 7, y2 - uy * 7
            bow = 7 + 2 * (i % 3)
            mx, my = (sx + ex) / 2 - uy * bow, (sy + ey) / 2 + ux * bow
            label = (f"The King moved {step.count} cube{'s' if step.count != 1 else ''} "
                     f"from {step.src} to {step.dst}")
            tx, ty = (sx + 2 * mx + ex) / 4, (sy + 2 * my + ey) / 4
            out.append(f'<g class="king-move" role="img" aria-label="{attr(label)}">'
                       f'<path d="M{num(sx)} {num(sy)} Q{num(mx)} {num(my)} {num(ex)} {num(ey)}" '
                       f'fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>'
                       f'<path d="M{num(sx)} {num(sy)} Q{num(mx)} {num(my)} {num(ex)} {num(ey)}" '
                       f'fill="none" stroke="{KING_FILL}" stroke-width="1.3" '
                       f'stroke-linecap="round" marker-end="url(#arrowhead)"/>'
                       f'<circle cx="{num(tx)}" cy="{num(ty)}" r="4.8" fill="{KING_FILL}" '
                       f'stroke="#fff" stroke-width="0.6"/>'
                       f'<text x="{num(tx)}" y="{num(ty + 2.5)}" font-size="7" fill="#fff" '
                       f'font-weight="bold" text-anchor="middle">{step.count}</text></g>')
        return out

    def _target(self, n: int, position: Position, battle: bool, pick: Pick | None) -> str:
        """The territory's accessible shape: a label, or a link when it can be tapped."""
        name = self.names(n)
        king, you = position.king[n], position.player[n]
        state = f"King {king}, you {you}" + (", battle pending" if battle else "")
        poly = self.polygons[n]
        if pick is None:
            return (f'<polygon class="terr" points="{poly}" role="img" '
                    f'aria-label="{attr(f"{n} {name}: {state}")}" fill="transparent"/>')
        cls = "pick selected" if pick.selected else "pick"
        return (f'<a class="{cls}" href="{attr(pick.href)}" aria-label="{attr(pick.label)}">'
                f'<polygon points="{poly}" fill="{PICK}" fill-opacity="0.16" stroke="{PICK}" '
                f'stroke-width="{"1.8" if pick.selected else "1"}"/></a>')

