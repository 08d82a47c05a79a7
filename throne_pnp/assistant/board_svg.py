"""`throne show --svg`: the current cubes drawn on the map (`render.components.board`'s
`map_items`, the cubes filling its boxes); the renderer is imported inside the function so
only this command pays.
"""

from __future__ import annotations

from pathlib import Path

from throne_pnp.assistant.explain import phase_words
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.rules.game import Game

KING_FILL = "#7a1f1f"
PLAYER_FILL = "#e8b923"
TITLE_H = 12.0


def _title(game: Game) -> str:
    if game.outcome is not None:
        return f"Turn {game.turn}: the game is over, you {game.outcome}"
    return f"Turn {game.turn}, {phase_words(game)}, step: {game.step}"


def write_board_svg(game: Game, content: Content, path: Path) -> Path:
    """Draw the board with its cubes into `path` (SVG), written whole by the one
    writer; the CLI has checked `path` (`writing.check_target`) before."""
    if not content.map.drawable:
        raise ThroneError("this content has no drawing data for the map, so it cannot be "
                          "drawn; `throne show` prints the board as text")
    from throne_pnp.render.backend import svg
    from throne_pnp.render.backend.layout import Group, Page, Text
    from throne_pnp.render.components.board.land import INK
    from throne_pnp.render.components.board.marks import CubeLook, cube_fills
    from throne_pnp.render.components.board.territories import map_items

    drawing = content.map.drawing
    assert drawing is not None
    width, height = drawing.size
    look = CubeLook(king=KING_FILL, player=PLAYER_FILL, inset=0.8, corner=0.4, edge=0.2, more=4.5)
    items = [*map_items(content),
             *cube_fills(content, game.position.king, game.position.player, look)]
    page = Page(width, height + TITLE_H, name="board")
    page.add(Text(4, 8, f"{content.map.name} - {_title(game)}", 6.5, bold=True, color=INK))
    page.add(Group(tuple(items), 0, TITLE_H, tag="board"))
    svg.render_svg(page, path, f"{content.map.name}: {_title(game)}")
    return path
