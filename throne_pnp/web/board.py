"""The board on the table page: the printed map with the game drawn over it.

Adds to `render.components.board` what only a page has: accessible names, tap targets
and each territory's number again, larger, for a phone.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.assistant.board_svg import KING_FILL, PLAYER_FILL
from throne_pnp.content import Content
from throne_pnp.render.backend.layout import PT, Circle, both, icon_variants
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.components.board.marks import (
    ArrowLook,
    CubeLook,
    arrow,
    battle_outline,
    cube_fills,
    number_disc,
)
from throne_pnp.render.components.board.territories import map_items, territory_geometry
from throne_pnp.rules.position import Position, Step
from throne_pnp.web.svgmarkup import attr, num, points, shape

BATTLE = "#c0261b"
PICK = "#1d5fbf"
INK = "#2a211b"
NUMBER_SIZE = 10.0     # map units (mm): ~12 CSS px when the 268 mm map is 330 px wide
NUMBER_RADIUS = 7.0
CUBES = CubeLook(king=KING_FILL, player=PLAYER_FILL, inset=0.7, corner=0.5, edge=0.25,
                 more=7.0 / PT)
KING_ARROW = ArrowLook(start_gap=6.0, end_gap=7.0, width=1.3, halo=2.6, head=3.2, radius=4.8,
                       size=7.0 / PT)
# where along its curve an arrow's count may sit, tried in turn until it covers no
# territory's number or name (nor another count)
ALONG = (None, 0.38, 0.62, 0.28, 0.72, 0.2, 0.8, 0.12, 0.88)


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
        items = map_items(content)
        self.variants = icon_variants(items)
        self.base = "".join(shape(item) for item in items)
        self.polygons: dict[int, str] = {}
        self.anchor: dict[int, tuple[float, float]] = {}
        numbers: list = []
        for n in game_map.numbers:
            terr = game_map.territories[n]
            assert terr.drawing is not None
            self.polygons[n] = points(drawing.points[p] for p in terr.drawing.shape)
            self.anchor[n] = terr.drawing.cubes
            # each number again, large enough to read on a phone, over the printed one
            numbers += number_disc(*terr.drawing.label, str(n), NUMBER_RADIUS,
                                   NUMBER_SIZE / PT, both(INK, "#ffffff", 0.6), "#ffffff",
                                   tag="terrnum")
        self.numbers = ('<g aria-hidden="true">'
                        + "".join(shape(item, classes=True) for item in numbers) + "</g>")
        # what an arrow's count must not cover: each number (large, as drawn here),
        # name, "YOUR HOME" and symbol
        self.marks = [box for terr in territory_geometry(content) for box in terr.labels]
        self.marks += [Box(x - NUMBER_RADIUS, y - NUMBER_RADIUS, 2 * NUMBER_RADIUS,
                           2 * NUMBER_RADIUS) for x, y in
                       (game_map.territories[n].drawing.label for n in game_map.numbers)]

    def board(self, position: Position, *, battles: tuple[int, ...] = (),
              king_moves: tuple[Step, ...] = (), picks: dict[int, Pick] | None = None,
              title: str = "") -> str:
        """The whole board for one state, as an inline `<svg>`."""
        picks = picks or {}
        content = self.content
        counts: list[Box] = []
        out = [f'<svg class="board" viewBox="0 0 {num(self.width)} {num(self.height)}" '
               f'role="group" aria-label="{attr(title or "The map")}">',
               f'<g aria-hidden="true">{self.base}</g>',
               '<g aria-hidden="true">'
               + "".join(shape(group) for group in cube_fills(content, position.king,
                                                               position.player, CUBES))
               + "</g>",
               self.numbers]
        for t in battles:
            out.append(shape(battle_outline(content, t, BATTLE), classes=True))
        for i, step in enumerate(king_moves):
            if step.src is None or step.dst is None:
                continue
            label = (f"The King moved {step.count} cube{'s' if step.count != 1 else ''} "
                     f"from {step.src} to {step.dst}")
            # bowed more for each next move, so that a move and its reverse do not overlap
            drawn = self._arrow(step, (7 + 2 * (i % 3)) / 3, counts)
            out.append(f'<g class="king-move" role="img" aria-label="{attr(label)}">'
                       + "".join(shape(item) for item in drawn.items) + "</g>")
        for n in content.map.numbers:
            out.append(self._target(n, position, n in battles, picks.get(n)))
        out.append("</svg>")
        return "".join(out)

    def _arrow(self, step: Step, bow: float, counts: list[Box]):
        """A King's move as an arrow, its count where it covers no label nor an earlier
        count (`counts`, added to); else where it covers no label; else midway."""
        tried = []
        for along in ALONG:
            drawn = arrow(self.anchor[step.src], self.anchor[step.dst], str(step.count),
                          KING_FILL, KING_ARROW, bow=bow, along=along)
            disc = next(item for item in drawn.items if isinstance(item, Circle))
            box = Box(disc.cx - disc.r, disc.cy - disc.r, 2 * disc.r, 2 * disc.r)
            on_label = any(box.overlaps(mark) for mark in self.marks)
            tried.append((on_label, any(box.overlaps(c) for c in counts), drawn, box))
        *_, drawn, box = min(tried, key=lambda t: t[:2])    # the first of the least covered
        counts.append(box)
        return drawn

    def _target(self, n: int, position: Position, battle: bool, pick: Pick | None) -> str:
        """The territory's accessible shape: a label, or a link when it can be tapped."""
        name = self.content.map.territories[n].name
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

