"""What is drawn over a board: cubes on the table, numbers, battles and moves.

Shared by the booklet's figures, the table page and `throne show --svg`: each mark a function
of points and sizes drawn at the caller's scale, tagged so tests and the page find it again.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Path,
    Poly,
    Rect,
    Style,
    Text,
    both,
    stroke,
)
from throne_pnp.render.components.board.land import INK, RUST
from throne_pnp.render.components.board.territories import cube_area

KING_FILL = "#2a211b"       # a figure's King badge
PLAYER_FILL = "#ffffff"     # a figure's player badge
PLAYER_MOVE = "#1e4658"
COUNT_PT = 7.5
BADGE = 4.4           # a cube badge's side / diameter, mm


@dataclass(frozen=True, slots=True)
class Move:
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


def number_disc(x: float, y: float, label: str, radius: float, size: float, disc: Style,
                color: str, tag: str = "") -> list:
    """`label` centred in a disc at (x, y); `size` in points."""
    return [Circle(x, y, radius, disc),
            Text(x, y + size * PT * 0.36, label, size, "middle", bold=True, color=color,
                 tag=tag)]


def cube_badges(cx: float, cy: float, king: int, player: int, n: int) -> list:
    """A small figure's cubes: the King's count in a dark square, yours in a light disc."""
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


@dataclass(frozen=True, slots=True)
class CubeLook:
    """How a cube on the table fills a printed cube space (drawing mm; `more` in pt)."""

    king: str
    player: str
    inset: float
    corner: float
    edge: float
    more: float


def cube_spaces(content: Content, n: int) -> tuple[Group, list[Rect], list[Rect]]:
    """Territory n's block of cube spaces, its King's and its player's (block frame)."""
    game_map = content.map
    terr = game_map.territories[n]
    assert terr.drawing is not None
    area = cube_area(*terr.drawing.cubes, game_map.king_limit, "")
    rects = [item for item in area.items if isinstance(item, Rect)]
    return area, rects[:game_map.king_limit], rects[game_map.king_limit:] or rects[-5:]


def cube_fills(content: Content, king: dict[int, int], player: dict[int, int],
               look: CubeLook) -> list[Group]:
    """The cubes on the table in the map's spaces (`+N` beyond them), a group a territory."""
    out = []
    for n in content.map.numbers:
        area, king_spaces, player_spaces = cube_spaces(content, n)
        marks: list = []
        for count, row, color in ((king.get(n, 0), king_spaces, look.king),
                                  (player.get(n, 0), player_spaces, look.player)):
            for box in row[:count]:
                marks.append(Rect(box.x + look.inset, box.y + look.inset,
                                  box.w - 2 * look.inset, box.h - 2 * look.inset,
                                  both(color, "#000000", look.edge), r=look.corner))
            if count > len(row) and row:
                last = row[-1]
                marks.append(Text(last.x + last.w + 1.0, last.y + last.h - 1.0,
                                  f"+{count - len(row)}", look.more, bold=True))
        out.append(Group(tuple(marks), area.dx, area.dy, tag=f"cubes-now-{n}"))
    return out


def battle_outline(content: Content, n: int, color: str) -> Poly:
    """A dashed ring along territory n's border: a battle pending there."""
    drawing = content.map.drawing
    terr = content.map.territories[n]
    assert drawing is not None and terr.drawing is not None
    return Poly(tuple(drawing.points[p] for p in terr.drawing.shape),
                stroke(color, 1.6, (3.0, 1.6)), tag="battle-ring")


def battle_circle(cx: float, cy: float, n: int) -> Circle:
    """A dashed circle around a figure's cube badges: a battle there."""
    return Circle(cx, cy, BADGE * 1.45, stroke(RUST, 0.5, (1.0, 0.6)), tag=f"battle-{n}")


@dataclass(frozen=True, slots=True)
class ArrowLook:
    """An arrow's end gaps, line, halo, head and number disc (`size` in points)."""

    start_gap: float
    end_gap: float
    width: float
    halo: float
    head: float
    radius: float
    size: float


FIGURE_ARROW = ArrowLook(start_gap=BADGE * 0.9, end_gap=BADGE * 0.9, width=0.7, halo=1.5,
                         head=2.2, radius=2.2, size=6.5)


def arrow(a: tuple[float, float], b: tuple[float, float], label: str, color: str,
          look: ArrowLook, bow: float | None = None, dashed: bool = False,
          tag: str = "", along: float | None = None) -> Group:
    """A bowed arrow from a to b, short of both ends, `label` in a disc midway (or at
    `along`, 0-1, of the curve); `bow` (sideways, mm) defaults to 0.18 of the length,
    at most 6 mm."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(math.hypot(dx, dy), 1e-6)
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * look.start_gap, a[1] + uy * look.start_gap)
    end = (b[0] - ux * look.end_gap, b[1] - uy * look.end_gap)
    if bow is None:
        bow = min(length * 0.18, 6.0)
    mid = ((start[0] + end[0]) / 2 - uy * bow, (start[1] + end[1]) / 2 + ux * bow)
    control = (2 * mid[0] - (start[0] + end[0]) / 2, 2 * mid[1] - (start[1] + end[1]) / 2)
    # the head points along the curve's last tangent (control -> end)
    tx, ty = end[0] - control[0], end[1] - control[1]
    tl = max(math.hypot(tx, ty), 1e-6)
    tx, ty = tx / tl, ty / tl
    head, tip = look.head, end
    left = (tip[0] - tx * head - ty * head * 0.6, tip[1] - ty * head + tx * head * 0.6)
    right = (tip[0] - tx * head + ty * head * 0.6, tip[1] - ty * head - tx * head * 0.6)
    shaft_end = (tip[0] - tx * head * 0.8, tip[1] - ty * head * 0.8)
    dash = (1.4, 0.8) if dashed else ()
    curve = (("M", *start), ("C", *control, *control, *shaft_end))
    shapes = [Path(curve, stroke("#ffffff", look.halo, cap="round")),
              Path(curve, stroke(color, look.width, dash, cap="round")),
              Poly((tip, left, right), both(color, color, 0.2))]
    if along is not None:     # the curve at `along`: start, control twice, shaft end
        u = 1 - along
        mid = tuple(u ** 3 * s + 3 * u * along * c + along ** 3 * e
                    for s, c, e in zip(start, control, shaft_end, strict=True))
    shapes += number_disc(*mid, label, look.radius, look.size,
                          both(color, "#ffffff", 0.35), "#ffffff")
    return Group(tuple(shapes), tag=tag)


def step_arrow(a: tuple[float, float], b: tuple[float, float], move: Move) -> Group:
    """A figure's numbered move or withdrawal (dashed) from a to b."""
    color = RUST if move.side == "king" else PLAYER_MOVE
    return arrow(a, b, str(move.number), color, FIGURE_ARROW, dashed=move.kind != "move",
                 tag=f"arrow-{move.number}-{move.src}-{move.dst}-{move.count}")


def step_mark(spot: tuple[float, float], move: Move, width: float) -> Group:
    """A numbered rally (+N) or removal (-N) beside a territory's cubes (left of them
    when the right would run off the `width` mm board)."""
    color = RUST if move.side == "king" else PLAYER_MOVE
    look = FIGURE_ARROW
    x, y = spot[0] + BADGE * 1.3 + 1.5, spot[1] - BADGE * 0.9
    if x + look.radius + 7.0 > width:
        x = spot[0] - BADGE * 1.3 - 8.0
    sign = "+" if move.kind == "rally" else "-"
    shapes = number_disc(x, y, str(move.number), look.radius, look.size,
                         both(color, "#ffffff", 0.35), "#ffffff")
    shapes.append(Text(x + look.radius + 0.6, y + COUNT_PT * PT * 0.36, f"{sign}{move.count}",
                       COUNT_PT, bold=True, color=color))
    return Group(tuple(shapes), tag=f"mark-{move.number}-{move.kind}-{move.at}-{move.count}")
