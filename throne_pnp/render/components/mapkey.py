"""The map's key in plain values: the adjacency list and the symbols.

The adjacency list and the full key are printed on a player aid card
(`extras`); the map sheet prints `MAP_SYMBOLS` as its legend where it has room.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content

# The map sheet's legend: its icons and the cube-row markers, in short words.
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
    """A territory and where its cubes can go; `by_sea`: the `neighbours` reached
    only over a drawn sea crossing."""

    number: int
    name: str
    neighbours: tuple[int, ...]
    by_sea: tuple[int, ...] = ()


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
