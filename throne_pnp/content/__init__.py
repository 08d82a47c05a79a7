"""The content model: YAML edition -> validated, frozen dataclasses.

A content directory holds `map.yaml`, `cards.yaml`, optional `rulings.yaml`
and `rules.txt` (the rules sheet). `load_content(dir)` reads them with a safe
loader, checks every rule of the content model and raises `ContentError`
listing *every* problem (file, line, key path, what to change).
`check_content(dir)` returns the problems and notes instead, for
`throne validate`.

Nothing here knows about rules play or rendering; the dataclasses are plain
values the engine and the renderers read. The package is split by file:
`model` (the values), `checker` (typed reads that collect problems),
`mapfile` and `drawing` (map.yaml), `cardfile` (cards, rulings, rules text)
and `loader` (the entry points).
"""

from throne_pnp.content.drawing import drawn_adjacency, polygon_edges
from throne_pnp.content.loader import (
    ContentReport,
    check_content,
    default_content_dir,
    load_content,
)
from throne_pnp.content.model import (
    ICON_RE,
    ICONS,
    KING_ACTIONS,
    MAX_SYMBOLS,
    PRIORITIES,
    RULINGS_CHOICES,
    Card,
    Content,
    GameMap,
    Lake,
    MapDrawing,
    Rulings,
    Territory,
    TerritoryDrawing,
)

__all__ = [
    "ICONS", "ICON_RE", "KING_ACTIONS", "MAX_SYMBOLS", "PRIORITIES", "RULINGS_CHOICES",
    "Card", "Content", "ContentReport", "GameMap", "Lake", "MapDrawing", "Rulings",
    "Territory", "TerritoryDrawing", "check_content", "default_content_dir",
    "drawn_adjacency", "load_content", "polygon_edges",
]
