"""The map's key in plain values: the adjacency list and the symbols.

Since the map fills its page (room for real cubes), the adjacency list and
the full symbol key live on a player aid card (`render.extras`), which takes
them from here; the map sheet prints `MAP_SYMBOLS` as its one-line legend
where the sea has room. No layout, no files.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content

# Every icon of the game, in the order a full symbol key lists them.
KEY_ORDER = ("castle", "wheat", "bugle", "shield", "sword", "flag", "helmet", "arrow",
             "banner", "uncertain", "rising", "falling", "skull", "cube", "king-cube")

# The icons printed on the map sheet and the two cube-row markers, with the
# short words of the map's own legend.
MAP_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("castle", "castle"),
    ("wheat", "wheat"),
    ("bugle", "bugle"),
    ("shield", "shield"),
    ("crown", "King's cubes"),
    ("helmet", "your cubes"),
)


@dataclass(frozen=True, slots=True)
class AdjacencyRow:
    """One line of the adjacency list: a territory and where its cubes can go.

    `by_sea` holds the neighbours reached only over a drawn sea crossing
    (they are in `neighbours` too).
    """

    number: int
    name: str
    neighbours: tuple[int, ...]
    by_sea: tuple[int, ...] = ()

    def text(self) -> str:
        """E.g. "5 Middlemere: 1, 2, 3, 7, 8" (a sea route marked "3 by sea")."""
        parts = [f"{n} by sea" if n in self.by_sea else str(n) for n in self.neighbours]
        return f"{self.number} {self.name}: {', '.join(parts)}"


def adjacency_rows(content: Content) -> list[AdjacencyRow]:
    """The adjacency list, one row per territory in number order."""
    game_map = content.map
    crossings = set(game_map.drawing.crossings) if game_map.drawing is not None else set()
    rows = []
    for n in game_map.numbers:
        terr = game_map.territories[n]
        by_sea = tuple(m for m in terr.adjacent if (min(n, m), max(n, m)) in crossings)
        rows.append(AdjacencyRow(n, terr.name, tuple(sorted(terr.adjacent)), by_sea))
    return rows
