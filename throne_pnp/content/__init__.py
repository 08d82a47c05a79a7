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
`editable` (`throne init`), `cache` (checked content on disk) and `loader`
(`load_content`).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: the table's commands start faster)
    from typing import Any

# Every name, by the module that defines it, loaded on first use (PEP 562):
# `from throne_pnp.content import Card` costs only what Card needs, a cached
# load never imports YAML, and a cached Board (cli.resolve_answers) never
# creates the model's other classes.
_WHERE = {
    "load_content": "loader",
    **dict.fromkeys(("Edition", "bundled_content_dir", "default_content_dir",
                     "find_edition"), "lookup"),
    **dict.fromkeys(("Card", "Rulings"), "deck"),
    **dict.fromkeys(("ICON_RE", "ICONS", "KING_ACTIONS", "MAX_SYMBOLS", "PRIORITIES",
                     "RULINGS_CHOICES", "Content", "Example", "GameMap", "Lake", "Level",
                     "MapDrawing", "Measured", "Territory", "TerritoryDrawing",
                     "polygon_edges"), "model"),
    "check_content": "check", "ContentReport": "check",
    "drawn_adjacency": "drawing",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        module = importlib.import_module(f"throne_pnp.content.{_WHERE[name]}")
        value = getattr(module, name)
        globals()[name] = value     # found once; later look-ups are plain attributes
        return value
    raise AttributeError(f"module 'throne_pnp.content' has no attribute {name!r}")


__all__ = [
    "ICONS", "ICON_RE", "KING_ACTIONS", "MAX_SYMBOLS", "PRIORITIES", "RULINGS_CHOICES",
    "Card", "Content", "ContentReport", "Edition", "Example", "GameMap", "Lake", "Level",
    "MapDrawing", "Measured",
    "Rulings", "Territory", "TerritoryDrawing", "bundled_content_dir", "check_content",
    "default_content_dir", "drawn_adjacency", "find_edition", "load_content",
    "polygon_edges",
]
