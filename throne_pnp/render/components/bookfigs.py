"""The rules booklet's figures: worked examples, the start of the game, the ladder, the
table of territories and the cover.

Each figure is shapes at a given width with its height, placed by the booklet's flow (the
examples span both columns, the others one). A worked example is played by the rules engine
(`narrator.worked`) and told in its sentences: the board before and after, each at a column's
width, then the steps, numbered like the arrows, in two balanced columns. The page's rules
screen draws the same diagrams and reads the same sentences (`checklist`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from throne_pnp.content import Content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.narrator.prose import count
from throne_pnp.narrator.worked import Worked
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Icon,
    Line,
    Path,
    Rect,
    Text,
    both,
    stroke,
)
from throne_pnp.render.components.board.figure import DISC_R, diagram
from throne_pnp.render.components.board.land import land_items
from throne_pnp.render.components.board.marks import (
    FIGURE_ARROW,
    KING_FILL,
    PLAYER_MOVE,
    ArrowLook,
    Move,
    arrow,
    moves_of,
    number_disc,
)
from throne_pnp.render.components.extras import adjacency_rows, neighbour_text
from throne_pnp.render.components.ladder_text import BOTS, player_name
from throne_pnp.render.components.rulesheet import INK, NOTE, RUST, break_lines, set_line

CUBE = 5.0            # a cube's drawing in a figure, mm
PER_ROW = 3           # cubes in a row of a pile
MOST = 6              # cubes drawn; beyond them a "+N"
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78)   # where an arrow's number may sit
BOARD = 0.97          # an example's boards, of the column's width (so both fit in view)
LABEL_PT = 9.0        # a figure's numbers: 6 pt still when the A5 booklet scales them
NUMBER_R = 2.9        # a territory number's disc, mm
STEPS = ArrowLook(FIGURE_ARROW.start_gap, FIGURE_ARROW.end_gap, FIGURE_ARROW.width,
                  FIGURE_ARROW.halo, FIGURE_ARROW.head, 2.8, LABEL_PT)


def board_figure(content: Content, king: dict[int, int], player: dict[int, int],
                 width: float, moves: Iterable[Move] = (), ink_saver: bool = False,
                 tag: str = "diagram", battles: Iterable[int] = ()) -> tuple[Group, float]:
    """The rules' board `width` mm wide: the map's figure (land, numbers, battles) with the
    cubes drawn as piles of cubes in each side's colour, and each numbered step's arrow or
    mark with its number placed clear of the territory numbers and the cubes."""
    base, h = diagram(content, {}, {}, width, (), ink_saver, tag=tag, battles=battles)
    drawing = content.map.drawing
    assert drawing is not None
    scale = width / drawing.size[0]
    spots, blocked, labels = {}, [], []   # circles (x, y, r) a step's number keeps clear of
    numbers = {str(n) for n in content.map.numbers}
    items = [i for i in base.items[:-1]      # the numbers are drawn again over the arrows
             if not (isinstance(i, Circle) and i.r == DISC_R)
             and not (isinstance(i, Text) and i.text in numbers and i.anchor == "middle")]
    for n in content.map.numbers:
        terr = content.map.territories[n].drawing
        assert terr is not None
        labels.append((terr.label[0] * scale, terr.label[1] * scale, NUMBER_R))
        spots[n] = (terr.cubes[0] * scale, terr.cubes[1] * scale)
        pile, circles = _piles(*spots[n], king.get(n, 0), player.get(n, 0), n)
        items += pile
        blocked += circles
    blocked += labels
    for move in moves:
        group = _step(move, spots, blocked, labels, width)
        ring = [i for i in group.items if isinstance(i, Circle)][-1]
        blocked.append((ring.cx, ring.cy, ring.r))
        items.append(group)
    disc = both("#ffffff", INK, 0.4) if ink_saver else both(INK, INK, 0.3)
    for n, (x, y, _) in zip(content.map.numbers, labels, strict=True):   # over the arrows
        items += number_disc(x, y, str(n), NUMBER_R, LABEL_PT, disc,
                             INK if ink_saver else "#ffffff")
    items.append(base.items[-1])      # the frame last, over the sea's edge
    return Group(tuple(items), tag=tag), h


def _piles(cx: float, cy: float, king: int, player: int, n: int) -> tuple[list, list]:
    """The cubes of both sides as small piles side by side (the King's left), each pile in
    rows of three, "+N" past six: (shapes, circles that keep numbers away)."""
    shown = [(side, k) for side, k in (("king", king), ("player", player)) if k]
    per_row = 2 if len(shown) == 2 and max(king, player) > PER_ROW else PER_ROW  # narrower
    widths = [min(k, per_row) * CUBE * 0.76 for _, k in shown]
    x = cx - (sum(widths) + 1.2 * (len(shown) - 1)) / 2
    out: list = []
    circles = []
    for (side, k), w in zip(shown, widths, strict=True):
        rows = -(-min(k, MOST) // per_row)
        top = cy - rows * CUBE * 0.64 / 2 - CUBE * 0.18
        icons = []
        for i in range(min(k, MOST)):
            row, col = divmod(i, per_row)
            icons.append(Icon("king-cube" if side == "king" else "cube",
                              x - CUBE * 0.12 + col * CUBE * 0.76,
                              top + (rows - 1 - row) * CUBE * 0.64,
                              CUBE, KING_FILL if side == "king" else "#1f1a16"))
        if k > MOST:
            icons.append(Text(x + w + 0.4, cy + 1.0, f"+{k - MOST}", LABEL_PT, bold=True))
        out.append(Group(tuple(icons), tag=f"{side}-{n}-{k}"))
        circles.append((x + w / 2, cy, max(w, rows * CUBE * 0.64 + 1.0) / 2 + 0.3))
        x += w + 1.2
    return out, circles


def _room(x: float, y: float, r: float, blocked: list, width: float) -> float:
    """How far a disc at (x, y) keeps from everything `blocked` (negative: it overlaps)."""
    edge = min(x - r, width - r - x)
    return min([edge] + [math.hypot(x - bx, y - by) - r - br for bx, by, br in blocked])


def _curve_room(group: Group, labels: list) -> float:
    """How far an arrow's curve keeps from the territory numbers."""
    path = next(i for i in group.items if isinstance(i, Path))
    (_, x0, y0), (_, c1x, c1y, c2x, c2y, x1, y1) = path.commands[:2]
    points = [(u ** 3 * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t ** 3 * x1,
               u ** 3 * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t ** 3 * y1)
              for t in (i / 12 for i in range(13)) for u in (1 - t,)]
    return min(math.hypot(px - lx, py - ly) - r for px, py in points for lx, ly, r in labels)


def _step(move: Move, spots: dict, blocked: list, labels: list, width: float) -> Group:
    """One numbered arrow (a move, dashed for a withdrawal) or mark (+N rally, -N removal),
    its number where it covers no territory number, no cubes and no other step number."""
    color = RUST if move.side == "king" else PLAYER_MOVE
    look = STEPS
    if move.src is not None and move.dst is not None:
        tag = f"arrow-{move.number}-{move.src}-{move.dst}-{move.count}"
        (ax, ay), (bx, by) = spots[move.src], spots[move.dst]
        bow = min(math.hypot(bx - ax, by - ay) * 0.18, 6.0)
        tries = [arrow(spots[move.src], spots[move.dst], str(move.number), color, look,
                       bend, dashed=move.kind != "move", tag=tag, along=a)
                 for bend in (bow, -bow) for a in ALONG]

        def room(group: Group) -> float:
            ring = [i for i in group.items if isinstance(i, Circle)][-1]
            return min(_room(ring.cx, ring.cy, ring.r, blocked, width) - 1.0,
                       _curve_room(group, labels) - 0.6, 0.0)
        return max(tries, key=room)      # the first that keeps clear, else the least bad
    sx, sy = spots[move.at]
    sign = "+" if move.kind == "rally" else "-"
    spots_around = [(sx + dx, sy + dy) for dx, dy in ((7.5, -3.0), (-9.0, -3.0), (7.5, 3.5),
                                                      (-9.0, 3.5), (0.0, -6.5), (0.0, 6.5))]
    r = look.radius

    def room(p: tuple[float, float]) -> float:     # the disc, and its "+N" to the right
        return min(_room(*p, r, blocked, width), _room(p[0] + r + 2.8, p[1], 2.8, blocked,
                                                       width), 0.5)
    x, y = max(spots_around, key=room)
    shapes = number_disc(x, y, str(move.number), look.radius, look.size,
                         both(color, "#ffffff", 0.35), "#ffffff")
    shapes.append(Text(x + look.radius + 0.5, y + LABEL_PT * PT * 0.36, f"{sign}{move.count}",
                       LABEL_PT, bold=True, color=color))
    return Group(tuple(shapes), tag=f"mark-{move.number}-{move.kind}-{move.at}-{move.count}")


def text_block(text: str, x: float, y: float, width: float, size: float,
               lead: float, color: str = INK, indent: float = 0.0) -> tuple[list, float]:
    """Marked-up text in the serif set from the top `y`: (shapes, y below the last line)."""
    out: list = []
    for line in break_lines(text, width - indent, size, serif=True):
        y += lead
        out += set_line(line, x + indent, y, size, color, serif=True)
    return out, y


def checklist(worked: Worked) -> list[tuple[str, str]]:
    """The example's sentences as (step number or "", text), numbered like the arrows."""
    return list(worked.told) + _costs(worked)


def _costs(worked: Worked) -> list[tuple[str, str]]:
    if len(worked.costs) < 2:
        return []
    parts = [f"to {to}, {count(n, 'cube') if n else 'nothing'}"
             for to, n in sorted(worked.costs.items())]
    return [("", "**What each choice costs** (R14): withdrawing " + "; ".join(parts) + ".")]


def _step_badge(x: float, y: float, mark: str, color: str, body: float) -> list:
    """A step's number in a disc of its side's colour, as on the diagram's arrows."""
    r = body * 0.2
    return [Circle(x + r, y - body * PT * 0.33, r, both(color, "#ffffff", 0.3)),
            Text(x + r, y - body * PT * 0.33 + (body - 2) * PT * 0.36, mark, body - 2,
                 "middle", bold=True, color="#ffffff")]


def _told_column(items: list[tuple[str, str, str]], width: float, body: float,
                 lead: float) -> tuple[list, float]:
    out: list = []
    y = 0.0
    for mark, text, color in items:
        if mark:
            out += _step_badge(0, y + lead, mark, color, body)
        shapes, y = text_block(text, 0, y, width, body, lead, indent=6.0 if mark else 0.0)
        out += shapes
        y += 1.0
    return out, y


def example_parts(content: Content, worked: Worked, width: float, body: float, lead: float,
                  ink_saver: bool = False) -> list[tuple[list, float, bool]]:
    """One worked example for a column `width` mm wide, as parts the flow places in turn:
    (shapes, height, kept in view with the next part: the two boards). The title with its
    question and the board before; the board after; then each sentence, its step number in a
    disc of the side's colour like the arrow it names."""
    ex = worked.example
    title = body + 1.5
    head: list = [Text(0, title * PT, ex.title, title, bold=True, color=RUST, serif=True,
                       tag=f"example-{ex.name}")]
    y = title * PT + 0.4
    if ex.text:
        shapes, y = text_block(ex.text, 0, y, width, body, lead)
        head += shapes
    parts = []
    after_k, after_p = worked.after.compact("king"), worked.after.compact("player")
    for word, (group, h) in (
            ("Before", board_figure(content, ex.king, ex.player, width * BOARD,
                                    moves_of(worked.steps), ink_saver, f"before-{ex.name}")),
            ("After", board_figure(content, after_k, after_p, width * BOARD, (), ink_saver,
                                   f"after-{ex.name}", worked.battles))):
        label = y + 1.2 + body * PT
        head.append(Text(0, label, word, body, bold=True, color=INK, serif=True))
        head.append(Group(group.items, width * (1 - BOARD) / 2, label + 1.2, tag=group.tag))
        parts.append((head, label + 1.2 + h + 1.0, word == "Before"))
        head, y = [], -1.2
    colors = {str(i): RUST if s.side == "king" else PLAYER_MOVE
              for i, s in enumerate(worked.steps, start=1)}
    told = checklist(worked)
    for i, (mark, text) in enumerate(told):
        shapes, h = _told_column([(mark, text, colors.get(mark, RUST))], width, body, lead)
        if i == len(told) - 1:
            shapes.append(Line(0, h + 0.5, width, h + 0.5, stroke(RUST, 0.3)))
            h += 1.5
        parts.append((shapes, h, False))
    return parts


def setup_figure(content: Content, width: float, body: float, lead: float,
                 ink_saver: bool = False) -> tuple[list, float]:
    """The start of the game on a small map, with a caption."""
    game_map = content.map
    group, h = board_figure(content, dict(game_map.setup_king), dict(game_map.setup_player),
                            width, (), ink_saver, tag="setup")
    caption = "**The start:** your cubes {cube} in Ashford, the King's {king-cube} in his castles."
    shapes, y = text_block(caption, 0, h + 0.3, width, body - 1, lead * 0.92)
    return [group, *shapes], y + 0.8


def _row(cells: list[tuple[float, str]], y: float, body: float, bold: bool = False,
         color: str = INK) -> list:
    return [Text(x, y, text, body, bold=bold, color=color, serif=True) for x, text in cells]


def ladder_figure(content: Content, width: float, body: float,
                  lead: float) -> tuple[list, float]:
    """The ladder as a table: level, the skull cards it adds, and how often a careful
    newcomer and an expert won there (the simulator's measured players)."""
    levels = ladder_of(content)
    measured = {b for lv in levels for b in lv.bots if lv.bots.get(b)}
    strong = "expert" if "expert" in measured else "search"   # the expert, when measured
    players = [b for b in (strong, "greedy") if b in measured or b in BOTS]
    xs = [0.0, width * 0.25] + [width * (0.66 + 0.19 * i) for i in range(len(players))]
    heads = ["level", "skull cards added"] + [player_name(b) for b in players]
    out: list = []
    rows = 1
    for i, (x, head) in enumerate(zip(xs, heads, strict=False)):
        room = (xs[i + 1] if i + 1 < len(xs) else width) - x - 1.5
        lines = break_lines(head, room, body - 1, bold=True, serif=True)
        rows = max(rows, len(lines))
        for k, line in enumerate(lines):
            out += set_line(line, x, lead * (k + 1), body - 1, RUST, serif=True)
    y = lead * rows + 1.2
    out.append(Line(0, y, width, y, stroke(RUST, 0.3)))
    y += 0.3
    before: set[int] = set()
    for level in levels:
        y += lead
        added = [c for c in level.hard if c not in before]
        before.update(level.hard)
        cells = [(xs[1], ", ".join(map(str, added)) or "none")]
        for x, bot in zip(xs[2:], players, strict=False):
            got = level.bots.get(bot)
            cells.append((x, "not measured" if got is None else f"{got.win_rate:.0%}"))
        out += _row([(0.0, level.name)], y, body, bold=True, color=INK)
        out += _row(cells, y, body)
    y += 1.0
    for line in break_lines(_games_note(levels, players), width, body - 1.5, serif=True):
        y += lead * 0.85
        out += set_line(line, 0.0, y, body - 1.5, INK, serif=True)
    return out, y + 2.0


def _games_note(levels: list, players: list[str]) -> str:
    """How many games each figure stands on and how far it may be off (its widest 95 %
    interval's half): "Games a level: expert 30 (each figure within 17 points), …"."""
    parts = []
    for bot in players:
        figures = [lv.bots[bot] for lv in levels if lv.bots.get(bot)]
        if figures:
            off = max((f.ci95[1] - f.ci95[0]) / 2 for f in figures)
            parts.append(f"{player_name(bot)} {figures[0].games} (each figure within "
                         f"{max(1, round(off * 100))} points)")
    return "Games a level: " + "; ".join(parts) + "." if parts else ""


def borders_figure(content: Content, width: float, body: float,
                   lead: float) -> tuple[list, float]:
    """Which territories border which, from the map data: number, name, neighbours."""
    castles = content.map.castles
    out: list = []
    y = 0.0
    name_w = width * 0.42
    for i, row in enumerate(adjacency_rows(content)):
        if i % 2 == 0:
            out.append(Rect(0, y + 0.6, width, lead, both(NOTE, NOTE, 0.1)))
        y += lead
        out += set_line(break_lines(f"**{row.number}** {row.name}", name_w, body,
                                    serif=True)[0], 1.0, y, body, INK, serif=True)
        text = neighbour_text(row, row.number in castles).split(" ", 1)[1]
        if row.number in castles:
            out += set_line(break_lines("{castle}", 8, body)[0], name_w - 1.0, y, body)
        out += set_line(break_lines(text, width - name_w - 7.0, body, serif=True)[0],
                        name_w + 6.0, y, body, INK, serif=True)
    return out, y + 1.5


def cover_map(content: Content, width: float, ink_saver: bool = False) -> tuple[Group, float]:
    """The map sheet's land scaled to `width` mm, each territory named in the serif and its
    castle marked, at sizes that print (the sheet's own small labels and cube spaces are
    left out): (group, height)."""
    drawing = content.map.drawing
    assert drawing is not None
    scale = width / drawing.size[0]
    items: list = [Group(tuple(land_items(content, ink_saver, names=False)), scale=scale)]
    for n in content.map.numbers:
        terr = content.map.territories[n]
        assert terr.drawing is not None
        x, y = terr.drawing.cubes[0] * scale, terr.drawing.cubes[1] * scale   # its middle
        if n in content.map.castles:
            items.append(Icon("castle", x - 3.5, y - 8.5, 7.0, INK))
        items.append(Text(x, y + 3.5, terr.name, 11, "middle", bold=True, color=INK,
                          serif=True))
    return Group(tuple(items), tag="cover-map"), drawing.size[1] * scale
