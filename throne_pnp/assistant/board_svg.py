"""`throne show --svg`: the current cubes drawn on the map.

The map itself comes from the component renderer (`render.mapsheet`): the
same polygons, labels and cube boxes as the printed sheet. On top, the boxes
fill with the cubes now on the table (King dark, yours light, a `+N` when
there are more cubes than boxes) and a title line states the turn and step.
Should the renderer be unavailable, a plain drawing of the territory
polygons with cube counts is written instead.

Everything heavy (the renderer, svgwrite) is imported inside the functions:
only this command pays for it.
"""

from __future__ import annotations

from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.rules.game import KING_CARD, Game
from throne_pnp.userfile import check_output

KING_FILL = "#7a1f1f"
PLAYER_FILL = "#e8b923"
TITLE_H = 12.0


def _title(game: Game) -> str:
    if game.outcome is not None:
        return f"Turn {game.turn}: the game is over, you {game.outcome}"
    phase = "the King's card phase" if game.phase == KING_CARD else "your card phase"
    return f"Turn {game.turn}, {phase}, step: {game.step}"


def write_board_svg(game: Game, content: Content, path: Path) -> Path:
    """Draw the board with its cubes into `path` (SVG)."""
    check_output(path, "--svg")
    if not content.map.drawable:
        raise ThroneError("this content has no drawing data for the map, so it cannot be "
                          "drawn; `throne show` prints the board as text")
    try:
        from throne_pnp.render.backend import svg
        from throne_pnp.render.backend.layout import Group, Page, Text
        from throne_pnp.render.components import mapsheet
    except ImportError:  # pragma: no cover - the renderer ships with the package
        return _plain_svg(game, content, path)
    drawing = content.map.drawing
    assert drawing is not None
    width, height = drawing.size
    items = list(mapsheet.map_items(content))
    items += _cube_overlay(game, content, mapsheet)
    page = Page(width, height + TITLE_H, name="board")
    page.add(Text(4, 8, f"{content.map.name} - {_title(game)}", 6.5, bold=True,
                  color=mapsheet.INK))
    page.add(Group(tuple(items), 0, TITLE_H, tag="board"))
    try:
        svg.render_svg(page, path, f"{content.map.name}: {_title(game)}")
    except OSError as exc:
        raise ThroneError(f"cannot write {path}: {exc.strerror}") from None
    return path


def _cube_overlay(game: Game, content: Content, mapsheet) -> list:
    """Filled boxes for the cubes on the table, over the map's empty cube boxes."""
    from throne_pnp.render.backend.layout import Group, Rect, Text, both

    game_map = content.map
    out: list = []
    for n in game_map.numbers:
        terr = game_map.territories[n]
        assert terr.drawing is not None
        cx, cy = terr.drawing.cubes
        area = mapsheet.cube_area(cx, cy, game_map.king_limit, game_map.forces, f"cubes-{n}")
        boxes = [item for item in area.items if isinstance(item, Rect)]
        king_boxes = boxes[:game_map.king_limit]
        player_boxes = boxes[game_map.king_limit:] or boxes[-5:]
        marks: list = []
        for count, row, color in ((game.position.king[n], king_boxes, KING_FILL),
                                  (game.position.player[n], player_boxes, PLAYER_FILL)):
            for box in row[:count]:
                marks.append(Rect(box.x + 0.8, box.y + 0.8, box.w - 1.6, box.h - 1.6,
                                  both(color, "#000000", 0.2), r=0.4))
            if count > len(row) and row:
                last = row[-1]
                marks.append(Text(last.x + last.w + 1.0, last.y + last.h - 1.0,
                                  f"+{count - len(row)}", 4.5, bold=True))
        out.append(Group(tuple(marks), area.dx, area.dy, tag=f"cubes-now-{n}"))
    return out


def _plain_svg(game: Game, content: Content, path: Path) -> Path:  # pragma: no cover
    """A simple drawing of the territory polygons with cube counts."""
    import svgwrite

    drawing = content.map.drawing
    assert drawing is not None
    width, height = drawing.size
    dwg = svgwrite.Drawing(str(path), size=(f"{width}mm", f"{height + TITLE_H}mm"),
                           viewBox=f"0 {-TITLE_H} {width} {height + TITLE_H}")
    dwg.add(dwg.text(_title(game), insert=(4, -4), font_size=6))
    for n, terr in content.map.territories.items():
        assert terr.drawing is not None
        points = [drawing.points[p] for p in terr.drawing.shape]
        dwg.add(dwg.polygon(points, fill="#efe2c0", stroke="#2a211b", stroke_width=0.8))
        x, y = terr.drawing.cubes
        text = f"{n}: King {game.position.king[n]}, you {game.position.player[n]}"
        dwg.add(dwg.text(text, insert=(x - 14, y), font_size=4))
    dwg.save()
    return path
