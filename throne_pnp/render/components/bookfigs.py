"""The rules booklet's figures: worked examples, the start of the game, the ladder.

Each figure is shapes at a given width with its height, placed by the booklet's flow and
drawn as inline SVG by the page's rules screen. A worked example is played by the rules
engine (`narrator.worked`): the board before and after.
"""

from __future__ import annotations

from throne_pnp.content import Content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.narrator.worked import Worked
from throne_pnp.render.backend.layout import PT, Group, Line, Text, stroke
from throne_pnp.render.components.board.figure import diagram
from throne_pnp.render.components.board.marks import moves_of
from throne_pnp.render.components.rulesheet import INK, RUST, break_lines, set_line

BOX = "[ ] "


def text_block(text: str, x: float, y: float, width: float, size: float,
               lead: float, color: str = INK, indent: float = 0.0) -> tuple[list, float]:
    """Marked-up text set from the top `y`: (shapes, y below the last line)."""
    out: list = []
    for line in break_lines(text, width - indent, size):
        y += lead
        out += set_line(line, x + indent, y, size, color)
    return out, y


def checklist(worked: Worked) -> list[tuple[str, str]]:
    """The example's checklist as (number or "", text), each step numbered like its arrow."""
    out = []
    number = 0
    for line in worked.lines:
        bare = line.strip()
        if bare.startswith(BOX):
            number += 1
            out.append((str(number), bare[len(BOX):]))
        else:   # a note in brackets loses them
            out.append(("", bare[1:-1] if bare.startswith("(") and bare.endswith(")") else bare))
    return out


def example_figure(content: Content, worked: Worked, width: float, body: float,
                   lead: float, ink_saver: bool = False) -> tuple[list, float]:
    """One worked example `width` mm wide: (shapes, height)."""
    ex = worked.example
    out: list = [Text(0, body * PT * 1.1, ex.title, body + 1.5, bold=True, color=RUST,
                      tag=f"example-{ex.name}")]
    y = body * PT * 1.1 + 1.2
    if ex.text:
        shapes, y = text_block(ex.text, 0, y, width, body, lead)
        out += shapes
    y += 2.0
    map_w = width * 0.315
    list_x = 2 * map_w + 5.0
    list_w = width - list_x
    moves = moves_of(worked.steps)
    before, h = diagram(content, ex.king, ex.player, map_w, moves, ink_saver,
                        tag=f"before-{ex.name}")
    after, _ = diagram(content, worked.after.compact("king"), worked.after.compact("player"),
                       map_w, (), ink_saver, tag=f"after-{ex.name}", battles=worked.battles)
    label = body - 0.5
    out.append(Text(0, y + label * PT, "Before", label, bold=True, color=INK))
    out.append(Text(map_w + 2.5, y + label * PT, "After", label, bold=True, color=INK))
    top = y + label * PT + 1.2
    out.append(Group(before.items, 0, top, tag=before.tag))
    out.append(Group(after.items, map_w + 2.5, top, tag=after.tag))
    ly = y - 0.6
    for mark, text in checklist(worked) + _costs(worked):
        x, w = (list_x, list_w) if ly < top + h + 1.0 else (0.0, width)
        indent = 4.2 if mark else 0.0
        if mark:
            out.append(Text(x + 3.0, ly + lead, f"{mark}.", body, "end", bold=True, color=RUST))
        shapes, ly = text_block(text, x, ly, w, body, lead, indent=indent)
        out += shapes
        ly += 0.5
    bottom = max(top + h, ly) + 1.5
    out.append(Line(0, bottom, width, bottom, stroke(RUST, 0.25)))
    return out, bottom + 1.0


def _costs(worked: Worked) -> list[tuple[str, str]]:
    if len(worked.costs) < 2:
        return []
    parts = [f"{to}: {n} removed" if n else f"{to}: none removed"
             for to, n in sorted(worked.costs.items())]
    return [("", "**What each choice would cost** (R14): " + "; ".join(parts) + ".")]


def setup_figure(content: Content, width: float, body: float,
                 ink_saver: bool = False) -> tuple[list, float]:
    """The start of the game on a small map, with a caption."""
    game_map = content.map
    group, h = diagram(content, dict(game_map.setup_king), dict(game_map.setup_player), width,
                       (), ink_saver, tag="setup")
    caption = ("The start: your cubes {cube} (light discs) and the King's {king-cube} "
               "(dark squares), with the number of cubes in each.")
    shapes, y = text_block(caption, 0, h + 0.5, width, body - 0.5, (body - 0.5) * 0.44)
    return [group, *shapes], y + 1.0


def ladder_figure(content: Content, width: float, body: float,
                  lead: float) -> tuple[list, float]:
    """The ladder as a table: level, hard cards, each bot's measured win rate."""
    levels = ladder_of(content)
    bots = sorted({bot for level in levels for bot in level.bots})
    first = 0.62 - 0.19 * max(0, len(bots) - 2)    # the last column's place for any number
    cols = [0.0, width * 0.24] + [width * (first + 0.19 * i) for i in range(len(bots))]
    y = lead
    heads = ["level", "hard cards"] + [f"{bot} wins" for bot in bots]
    out: list = [Text(x, y, head, body, bold=True, color=RUST)
                 for x, head in zip(cols, heads, strict=False)]
    out.append(Line(0, y + 1.2, width, y + 1.2, stroke(RUST, 0.25)))
    for level in levels:
        y += lead
        out.append(Text(cols[0], y, level.name, body, bold=True, color=INK,
                        tag=f"level-{level.name}"))
        cards = ", ".join(map(str, level.hard)) or "none"
        hard_w = (cols[2] if len(cols) > 2 else width) - cols[1] - 1.0
        lines = break_lines(cards, hard_w, body)
        for i, line in enumerate(lines):
            out += set_line(line, cols[1], y + i * lead, body)
        for x, bot in zip(cols[2:], bots, strict=False):
            got = level.bots.get(bot)
            text = "-" if got is None else f"{got.win_rate:.0%}"
            out.append(Text(x, y, text, body, color=INK))
        y += (len(lines) - 1) * lead
    if any(got is None for level in levels for got in level.bots.values()):
        y += lead
        out.append(Text(0, y, "-: not measured yet", body, color=INK))
    return out, y + 2.0
