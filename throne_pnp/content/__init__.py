"""The content model: YAML edition -> validated, frozen values.

A content directory holds `map.yaml`, `cards.yaml`, optional `rulings.yaml`,
`rules.txt` (the rules booklet), optional `examples.yaml` (the booklet's
worked examples) and `ladder.yaml` (the difficulty ladder). `load_content(dir)`
reads them with a safe loader, checks every rule of the content model and
raises `ContentError` listing *every* problem (file, line, key path, what to
change).
`check_content(dir)` returns the problems and notes instead, for
`throne validate`.

Nothing here knows about rules play or rendering; its classes are plain
values the engine and the renderers read. The package is split by file:
`model` (the values; `deck` holds its cards and rulings), `checker` (typed
reads that collect problems),
`mapfile` and `drawing` (map.yaml), `cardfile` (cards, rulings, rules text),
`examplefile` (examples.yaml), `ladderfile` (ladder.yaml) and `ladder`
(`ladder_of`, the levels as values),
`check` (the whole check of a directory), `lookup` (which edition),
`editable` (`throne init`) and `loader` (`load_content`).
"""

from __future__ import annotations

from throne_pnp.content.check import ContentReport, check_content
from throne_pnp.content.deck import Card, Rulings
from throne_pnp.content.drawing import drawn_adjacency
from throne_pnp.content.loader import load_content
from throne_pnp.content.lookup import (
    Edition,
    bundled_content_dir,
    default_content_dir,
    find_edition,
)
from throne_pnp.content.model import (
    ICON_RE,
    ICONS,
    KING_ACTIONS,
    MAX_SYMBOLS,
    PRIORITIES,
    RULINGS_CHOICES,
    Content,
    Example,
    GameMap,
    Lake,
    Level,
    MapDrawing,
    Measured,
    Territory,
    TerritoryDrawing,
    polygon_edges,
)

__all__ = [
    "ICONS", "ICON_RE", "KING_ACTIONS", "MAX_SYMBOLS", "PRIORITIES", "RULINGS_CHOICES",
    "Card", "Content", "ContentReport", "Edition", "Example", "GameMap", "Lake", "Level",
    "MapDrawing", "Measured",
    "Rulings", "Territory", "TerritoryDrawing", "bundled_content_dir", "check_content",
    "default_content_dir", "drawn_adjacency", "find_edition", "load_content",
    "polygon_edges",
]
