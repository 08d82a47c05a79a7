"""Small board diagrams for the rules: the map's land with cubes and numbered moves.

One geometry: the land is the map sheet's own drawing (`mapdraw.land_items`,
territory shapes, borders, lakes, crossings), scaled down as a group; the
marks that must stay readable at that size are drawn over it unscaled, at
the scaled positions of each territory's `label` and `cubes` points: a number
disc, the King's cubes as a dark square with their count, yours as a light
disc with theirs (the same shapes as the cube tokens), and the engine's steps
in order: a move or withdrawal as an arrow from territory to territory with
its number, a rally or a removal as a numbered mark at its territory.

Everything is layout shapes (`render.layout`), so the booklet's PDF, its SVG
and the page's rules screen (`web.svgmarkup`) draw the very same diagram.
Arrows and marks carry tags (`arrow-N-FROM-TO-COUNT`, `mark-N-KIND-AT-COUNT`)
that tests read back against the engine's steps.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Path,
    Poly,
    Rect,
    Text,
    both,
    stroke,
)
from throne_pnp.render.components.mapdraw import INK, land_items
from throne_pnp.values import Value

RUST = "#7a3420"
KING_FILL = "#2a211b"
PLAYER_FILL = "#ffffff"
PLAYER_MOVE = "#1e4658"
DISC_R = 2.3          # number disc, mm
NUM_PT = 7.0
COUNT_PT = 7.5
BADGE = 4.4           # a cube badge's side / diameter, mm
STEP_R = 2.2          # the circle holding a step's number
STEP_PT = 6.5


class Move(Value):
    """One numbered step to draw: `kind` move | withdraw | rally | remove."""

    number: int
    kind: str
    side: str
    count: int
    src: int | None = None
    dst: int | None = None
    at: int | None = None


def moves_of(steps: Iterable) -> list[Move]:
    """The engine's `Step`s as numbered moves, in order (1, 2, ...)."""
    return [Move(i, s.kind, s.side, s.count, s.src, s.dst, s.at)
            for i, s in enumerate(steps, start=1)]


def diagram(content: Content, king: dict[int, int], player: dict[int, int], width: float,
            moves: Iterable[Move] = (), ink_saver: bool = False, tag: str = "diagram",
            battles: Iterable[int] = ()) -> tuple[Group, float]:
    """The board `width` mm wide with these cubes and moves: (group, height in mm)."""
    game_map = content.map
    drawing = game_map.drawing
    assert drawing is not None and game_map.drawable
    scale = width / drawing.size[0]
    height = drawing.size[1] * scale
    items: list = [Group(tuple(land_items(content, ink_saver, sea=True, names=False,
                                          detail=False)), scale=scale)]
    fight = set(battles)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return point[0] * scale, point[1] * scale

    spots = {}
    for n in game_map.numbers:
        terr = game_map.territories[n]
        assert terr.drawing is not None
        lx, ly = at(terr.drawing.label)
        cx, cy = at(terr.drawing.cubes)
        spots[n] = (cx, cy)
        if n in fight:
            items.append(Circle(cx, cy, BADGE * 1.45, stroke(RUST, 0.5, (1.0, 0.6)),
                                tag=f"battle-{n}"))
        disc = both("#ffffff", INK, 0.4) if ink_saver else both(INK, INK, 0.3)
        items.append(Circle(lx, ly, DISC_R, disc))
        items.append(Text(lx, ly + NUM_PT * PT * 0.36, str(n), NUM_PT, "middle", bold=True,
                          color=INK if ink_saver else "#ffffff"))
        items += _badges(cx, cy, king.get(n, 0), player.get(n, 0), n)
    for move in moves:
        if move.src is not None and move.dst is not None:
            items += _arrow(spots[move.src], spots[move.dst], move)
        elif move.at is not None:
            items += _mark(spots[move.at], move, width)
    items.append(Rect(0, 0, width, height, stroke(INK, 0.35)))
    return Group(tuple(items), tag=tag), height


def _badges(cx: float, cy: float, king: int, player: int, n: int) -> list:
    """The King's count in a dark square, yours in a light disc, side by side."""
    out: list = []
    shown = [(side, count) for side, count in (("king", king), ("player", player)) if count]
    x = cx - (len(shown) * BADGE + (len(shown) - 1) * 1.0) / 2
    for side, count in shown:
        if side == "king":
            out.append(Rect(x, cy - BADGE / 2, BADGE, BADGE, both(KING_FILL, KING_FILL, 0.2),
                            r=0.5, tag=f"king-{n}-{count}"))
            color = "#ffffff"
        else:
            out.append(Circle(x + BADGE / 2, cy, BADGE / 2, both(PLAYER_FILL, INK, 0.45),
                              tag=f"player-{n}-{count}"))
            color = INK
        out.append(Text(x + BADGE / 2, cy + COUNT_PT * PT * 0.36, str(count), COUNT_PT,
                        "middle", bold=True, color=color))
        x += BADGE + 1.0
    return out


def _number(x: float, y: float, move: Move, color: str) -> list:
    return [Circle(x, y, STEP_R, both(color, "#ffffff", 0.35)),
            Text(x, y + STEP_PT * PT * 0.36, str(move.number), STEP_PT, "middle", bold=True,
                 color="#ffffff")]


def _arrow(a: tuple[float, float], b: tuple[float, float], move: Move) -> list:
    """A bowed arrow from a to b, stopping short of both badges, numbered midway."""
    color = RUST if move.side == "king" else PLAYER_MOVE
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(math.hypot(dx, dy), 1e-6)
    ux, uy = dx / length, dy / length
    gap = BADGE * 0.9
    start = (a[0] + ux * gap, a[1] + uy * gap)
    end = (b[0] - ux * gap, b[1] - uy * gap)
    bow = min(length * 0.18, 6.0)
    mid = ((start[0] + end[0]) / 2 - uy * bow, (start[1] + end[1]) / 2 + ux * bow)
    control = (2 * mid[0] - (start[0] + end[0]) / 2, 2 * mid[1] - (start[1] + end[1]) / 2)
    # the head points along the curve's last tangent (control -> end)
    tx, ty = end[0] - control[0], end[1] - control[1]
    tl = max(math.hypot(tx, ty), 1e-6)
    tx, ty = tx / tl, ty / tl
    head = 2.2
    tip = end
    left = (tip[0] - tx * head - ty * head * 0.6, tip[1] - ty * head + tx * head * 0.6)
    right = (tip[0] - tx * head + ty * head * 0.6, tip[1] - ty * head - tx * head * 0.6)
    shaft_end = (tip[0] - tx * head * 0.8, tip[1] - ty * head * 0.8)
    dash = () if move.kind == "move" else (1.4, 0.8)
    tag = f"arrow-{move.number}-{move.src}-{move.dst}-{move.count}"
    shapes = [Path((("M", *start), ("C", *control, *control, *shaft_end)),
                   stroke("#ffffff", 1.5, cap="round")),
              Path((("M", *start), ("C", *control, *control, *shaft_end)),
                   stroke(color, 0.7, dash, cap="round")),
              Poly((tip, left, right), both(color, color, 0.2))]
    return [Group(tuple(shapes + _number(*mid, move, color)), tag=tag)]


def _mark(spot: tuple[float, float], move: Move, width: float) -> list:
    """A rally (+N) or a removal (-N) beside a territory's cubes, numbered;
    to their left when the right would run off the board."""
    color = RUST if move.side == "king" else PLAYER_MOVE
    x, y = spot[0] + BADGE * 1.3 + 1.5, spot[1] - BADGE * 0.9
    if x + STEP_R + 7.0 > width:
        x = spot[0] - BADGE * 1.3 - 8.0
    sign = "+" if move.kind == "rally" else "-"
    tag = f"mark-{move.number}-{move.kind}-{move.at}-{move.count}"
    return [Group(tuple(_number(x, y, move, color) + [
        Text(x + STEP_R + 0.6, y + COUNT_PT * PT * 0.36, f"{sign}{move.count}", COUNT_PT,
             bold=True, color=color)]), tag=tag)]
