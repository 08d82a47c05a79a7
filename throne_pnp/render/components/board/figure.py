"""A small board figure for the rules: the map's land with cubes and numbered moves.

The map sheet's land, plainer and scaled down as a group, with the marks that
must stay readable (`marks.py`) drawn over it unscaled at the scaled `label`
and `cubes` points. The booklet and the page's rules screen draw the same figure.
"""

from __future__ import annotations

from collections.abc import Iterable

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Group, Rect, both, stroke
from throne_pnp.render.components.board.land import INK, land_items
from throne_pnp.render.components.board.marks import (
    Move,
    battle_circle,
    cube_badges,
    number_disc,
    step_arrow,
    step_mark,
)

DISC_R = 2.3          # number disc, mm
NUM_PT = 7.0


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
    disc = both("#ffffff", INK, 0.4) if ink_saver else both(INK, INK, 0.3)
    for n in game_map.numbers:
        terr = game_map.territories[n]
        assert terr.drawing is not None
        lx, ly = at(terr.drawing.label)
        cx, cy = spots[n] = at(terr.drawing.cubes)
        if n in fight:
            items.append(battle_circle(cx, cy, n))
        items += number_disc(lx, ly, str(n), DISC_R, NUM_PT, disc,
                             INK if ink_saver else "#ffffff")
        items += cube_badges(cx, cy, king.get(n, 0), player.get(n, 0), n)
    for move in moves:
        if move.src is not None and move.dst is not None:
            items.append(step_arrow(spots[move.src], spots[move.dst], move))
        elif move.at is not None:
            items.append(step_mark(spots[move.at], move, width))
    items.append(Rect(0, 0, width, height, stroke(INK, 0.35)))
    return Group(tuple(items), tag=tag), height
