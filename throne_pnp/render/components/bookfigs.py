"""The rules booklet's figures: worked examples, the start of the game, the ladder, the
table of territories and the cover.

Each figure is shapes at a given width with its height, placed by the booklet's flow (the
examples span both columns, the others one). A worked example is played by the rules engine
(`narrator.worked`) and told in its sentences: the board before and after, each at a column's
width, then the steps, numbered like the arrows, in two balanced columns. The page's rules
screen draws the same diagrams and reads the same sentences (`checklist`).
"""

from __future__ import annotations

from throne_pnp.content import Content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.narrator.prose import count
from throne_pnp.narrator.worked import Worked
from throne_pnp.render.backend.layout import PT, Circle, Group, Line, Rect, Text, both, stroke
from throne_pnp.render.components.board.figure import diagram
from throne_pnp.render.components.board.land import land_items
from throne_pnp.render.components.board.marks import PLAYER_MOVE, moves_of
from throne_pnp.render.components.extras import adjacency_rows, neighbour_text
from throne_pnp.render.components.ladder_text import BOTS, player_name
from throne_pnp.render.components.rulesheet import INK, NOTE, RUST, break_lines, set_line


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
    (shapes, height, kept with the next part). The title with its question and the board
    before; the board after; then each sentence, its step number in a disc of the side's
    colour like the arrow it names."""
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
            ("Before", diagram(content, ex.king, ex.player, width, moves_of(worked.steps),
                               ink_saver, tag=f"before-{ex.name}")),
            ("After", diagram(content, after_k, after_p, width, (), ink_saver,
                              tag=f"after-{ex.name}", battles=worked.battles))):
        label = y + 1.2 + body * PT
        head.append(Text(0, label, word, body, bold=True, color=INK, serif=True))
        head.append(Group(group.items, 0, label + 1.2, tag=group.tag))
        parts.append((head, label + 1.2 + h + 1.0, False))
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
    group, h = diagram(content, dict(game_map.setup_king), dict(game_map.setup_player), width,
                       (), ink_saver, tag="setup")
    caption = ("*The start:* your cubes {cube} in light discs, the King's {king-cube} in dark "
               "squares, each with its count.").replace("*", "**", 2)
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
    players = [b for b in reversed(BOTS) if any(lv.bots.get(b) for lv in levels)]
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
    return out, y + 2.0


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
            out += set_line(break_lines("{castle}", 8, body)[0], name_w - 4.5, y, body)
        out += set_line(break_lines(text, width - name_w, body, serif=True)[0], name_w + 1.0, y,
                        body, INK, serif=True)
    return out, y + 1.5


def cover_map(content: Content, width: float, ink_saver: bool = False) -> tuple[Group, float]:
    """The map sheet's land (without its small labels and cube spaces, which would print
    under 6 pt), scaled to `width` mm: (group, height)."""
    drawing = content.map.drawing
    assert drawing is not None
    scale = width / drawing.size[0]
    return (Group(tuple(land_items(content, ink_saver, names=False)), scale=scale,
                  tag="cover-map"),
            drawing.size[1] * scale)
