"""The content model: a YAML edition -> validated, frozen dataclasses. `load_content(dir)`
raises `ContentError` listing every problem; `check_content(dir)` returns them instead.
"""

from __future__ import annotations

from throne_pnp.content.check import ContentReport, check_content, load_content
from throne_pnp.content.drawing import drawn_adjacency
from throne_pnp.content.model import (
    ICON_RE,
    ICONS,
    KING_ACTIONS,
    Card,
    Content,
    Example,
    GameMap,
    Rulings,
    polygon_edges,
)
from throne_pnp.edition_lookup import bundled_content_dir, default_content_dir, find_edition

__all__ = [
    "ICONS", "ICON_RE", "KING_ACTIONS", "Card", "Content", "ContentReport", "Example", "GameMap",
    "Rulings", "bundled_content_dir", "check_content", "default_content_dir",
    "drawn_adjacency", "find_edition", "load_content", "polygon_edges",
]
