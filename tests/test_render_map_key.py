"""The map's key data: the adjacency list for the player aid, the map legend."""

from __future__ import annotations

from editions import with_sea_crossing

from throne_pnp.content import ICONS, load_content
from throne_pnp.render.components.extras import AdjacencyRow, adjacency_rows
from throne_pnp.render.components.mapsheet import MAP_SYMBOLS


def test_adjacency_rows_of_the_default_map() -> None:
    rows = adjacency_rows(load_content())
    # SPEC §2's table, row by row
    assert [(r.number, r.neighbours) for r in rows] == [
        (1, (2, 5)), (2, (1, 5, 7)), (3, (5, 6)), (4, (7, 8, 9)), (5, (1, 2, 3, 7, 8)),
        (6, (3, 8, 9)), (7, (2, 4, 5, 8)), (8, (4, 5, 6, 7)), (9, (4, 6))]
    assert all(r.by_sea == () for r in rows)


def test_a_sea_crossing_is_marked_in_the_list(tmp_path) -> None:
    target = with_sea_crossing(tmp_path)
    rows = adjacency_rows(load_content(target))
    assert rows[0] == AdjacencyRow(1, "Ashford", (2, 3, 5), (3,))


def test_map_legend_names_every_symbol_the_map_prints() -> None:
    names = [name for name, _ in MAP_SYMBOLS]
    assert names == ["keep", "wheat", "bugle", "shield", "crown", "helmet"]   # keep: a castle
    assert set(names) - {"crown", "helmet", "keep"} <= set(ICONS)
