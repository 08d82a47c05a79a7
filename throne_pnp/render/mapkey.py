"""What the map sheet no longer prints beside the map: data for a player aid.

Since the map fills its page (room for real cubes), the symbol key, the setup,
the goal and the adjacency list live on a player aid card (`render.extras`).
This module gives that card its data, from the content alone, in plain
values: no layout, no files. The map sheet itself uses `MAP_SYMBOLS` for the
compact legend it prints when a corner of the sea has room.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content, GameMap
from throne_pnp.render.icons import ICON_MEANINGS

# Every icon of the game, in the order a full symbol key lists them.
KEY_ORDER = ("castle", "wheat", "bugle", "shield", "sword", "flag", "helmet", "arrow",
             "banner", "uncertain", "rising", "falling", "skull", "cube", "king-cube")

# The icons printed on the map sheet, and the two cube-row markers, with the
# short words of the map's own legend.
MAP_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("castle", "castle"),
    ("wheat", "wheat"),
    ("bugle", "bugle"),
    ("shield", "shield"),
    ("crown", "row for the King's cubes"),
    ("helmet", "row for your cubes"),
)


@dataclass(frozen=True)
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


def symbol_key(icons: tuple[str, ...] = KEY_ORDER) -> list[tuple[str, str]]:
    """(icon name, meaning) for each icon of the full key, in key order."""
    return [(name, ICON_MEANINGS[name]) for name in icons]


def setup_lines(content: Content) -> list[tuple[str, str]]:
    """(icon, text) for where each side starts, e.g. ("cube", "You: 2 in 1 Ashford")."""
    game_map = content.map
    return [("cube", "You: " + _where(game_map, game_map.setup_player)),
            ("king-cube", "King: " + _where(game_map, game_map.setup_king))]


def setup_note(content: Content) -> str:
    """The forces, the King's limit and the hand, in one sentence."""
    game_map = content.map
    return (f"Each side has {game_map.forces} cubes. The King never keeps more than "
            f"{game_map.king_limit} in a territory. Shuffle the deck (add hard cards "
            f"for a harder game) and draw {game_map.hand_size}.")


def goal_text(content: Content) -> str:
    """How the game is won and lost, following the content's rulings."""
    game_map = content.map
    castles = ", ".join(str(c) for c in game_map.castles)
    if content.rulings.home_lost_when == "king-holds":
        return (f"Win by holding every castle ({castles}). Lose when the King alone holds "
                f"territory {game_map.home}, your home.")
    return (f"Win by holding every castle ({castles}). Lose when territory "
            f"{game_map.home}, your home, has none of your cubes.")


def _where(game_map: GameMap, setup: dict[int, int]) -> str:
    parts = [f"{setup[n]} in {n} {game_map.territories[n].name}" for n in sorted(setup)]
    return "; ".join(parts) or "none"
