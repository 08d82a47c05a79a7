"""The content model's frozen dataclasses (`Content`, one validated edition; `Card` and
`Rulings`, kept by the rules' `Board`) and the fixed vocabularies the YAML may use."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class KingActionInfo:
    """One King's action, named once for everyone: R2 targets, icon, card text, words."""

    target: str
    icon: str
    card: str
    words: str


# The King's actions (R2-R5) for the card files, CLI, engine, narrator and card faces.
KING_ACTIONS: dict[str, KingActionInfo] = {
    "rally": KingActionInfo("", "banner", "Rally at his castles", "rally at his castles"),
    "move-castle": KingActionInfo("castle", "castle", "Move towards the nearest castle",
                                  "move towards the nearest castle"),
    "move-wheat": KingActionInfo("wheat", "wheat", "Move towards the nearest wheat",
                                 "move towards the nearest wheat"),
    "move-player": KingActionInfo("player cubes", "helmet", "Move towards your nearest cubes",
                                  "move towards your nearest cubes"),
    "uncertain": KingActionInfo("", "uncertain", "Uncertain Orders: deal again",
                                "Uncertain Orders"),
}
PRIORITIES = ("rising", "falling")
RULINGS_CHOICES: dict[str, tuple[str, ...]] = {
    "home_lost_when": ("empty", "king-holds"),
    "castle_targets": ("all", "not-king"),
    "over_limit_move": ("refuse", "trim"),
}
ICONS = ("castle", "wheat", "bugle", "sword", "shield", "flag", "banner", "helmet", "uncertain",
         "arrow", "skull", "rising", "falling", "cube", "king-cube")
ICON_RE = re.compile(r"\{([a-z-]+)\}")
MAX_SYMBOLS = 3


@dataclass(frozen=True, slots=True)
class Card:
    """One Action Card (`cards.yaml`)."""

    id: int
    bugles: int
    swords: int
    shields: int
    king: tuple[str, ...]
    flags: int
    priority: str
    hard: bool = False
    name: str = ""

    @property
    def uncertain(self) -> bool:
        return "uncertain" in self.king

    @property
    def rising(self) -> bool:
        return self.priority == "rising"


@dataclass(frozen=True, slots=True)
class Rulings:
    """The switches where readings of the rulebook differ (docs/rulings.md)."""

    home_lost_when: str = "empty"
    castle_targets: str = "all"
    over_limit_move: str = "refuse"


@dataclass(frozen=True, slots=True)
class TerritoryDrawing:
    """How one territory is drawn: polygon over named points, label and cube spots."""

    shape: tuple[str, ...]
    label: tuple[float, float]
    cubes: tuple[float, float]


def polygon_edges(shape: tuple[str, ...]) -> set[frozenset[str]]:
    """The edges of a closed polygon over named points, as unordered pairs."""
    return {frozenset((shape[i], shape[(i + 1) % len(shape)])) for i in range(len(shape))}


TERRAINS = ("fields", "forest", "fen", "moor", "hills", "coast")


@dataclass(frozen=True, slots=True)
class Territory:
    """One numbered territory of the map with its printed symbols."""

    number: int
    name: str
    castle: bool
    wheat: int
    bugles: int
    shields: int
    adjacent: tuple[int, ...]
    drawing: TerritoryDrawing | None = None
    terrain: str = ""               # one of TERRAINS (how the map draws its land), or none


@dataclass(frozen=True, slots=True)
class Lake:
    """A body of water inside the island, drawn as a polygon over named points."""

    name: str
    shape: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MapDrawing:
    """Shared geometry of the map sheet, in millimetres with a top-left origin."""

    size: tuple[float, float]
    points: dict[str, tuple[float, float]]
    lakes: tuple[Lake, ...] = ()
    crossings: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class GameMap:
    """The map and the numbers of setup (`map.yaml`)."""

    name: str
    home: int
    forces: int
    king_limit: int
    hand_size: int
    setup_player: dict[int, int]
    setup_king: dict[int, int]
    territories: dict[int, Territory]
    drawing: MapDrawing | None = None

    @property
    def numbers(self) -> tuple[int, ...]:
        """Territory numbers in ascending order."""
        return tuple(sorted(self.territories))

    @property
    def castles(self) -> tuple[int, ...]:
        return tuple(n for n in self.numbers if self.territories[n].castle)

    @property
    def drawable(self) -> bool:
        """True when every territory has drawing data for the map sheet."""
        return self.drawing is not None and all(t.drawing is not None
                                                for t in self.territories.values())


DEFENDERS = ("player", "king")


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example (`examples.yaml`): a position and what the engine is asked
    there, the King's action (`kind` "king") or one battle (`kind` "battle")."""

    name: str
    title: str
    kind: str
    king: dict[int, int]
    player: dict[int, int]
    text: str = ""
    card: int | None = None
    actions: tuple[str, ...] = ()
    priority: str = ""
    draws: tuple[int, ...] = ()
    territory: int = 0
    defender: str = ""
    player_card: int = 0
    king_card: int = 0
    withdraw_to: int | None = None
    line: int = 0          # where it starts in examples.yaml, for messages


@dataclass(frozen=True, slots=True)
class Measured:
    """One bot's measured win rate at one ladder level (`ladder.yaml`), with how it
    was measured; `current` is False when the game changed since."""

    bot: str
    win_rate: float
    ci95: tuple[float, float]
    games: int
    mean_turns: float | None = None
    seed: int | None = None
    budget: int | None = None
    command: str = ""
    current: bool = True


@dataclass(frozen=True, slots=True)
class Level:
    """A rung of the difficulty ladder: its hard card ids in ladder order (the level
    below's first) and, per measured bot, its figures."""

    name: str
    hard: tuple[int, ...]
    measured: dict[str, Measured] = field(default_factory=dict)

    @property
    def bots(self) -> dict[str, Measured | None]:
        """Per bot (search, greedy, then any other) its current figures to print, or None."""
        out: dict[str, Measured | None] = {"search": None, "greedy": None}
        out.update({b: (m if m.current else None) for b, m in self.measured.items()})
        return out


@dataclass(frozen=True, slots=True)
class Content:
    """A whole validated edition."""

    map: GameMap
    cards: tuple[Card, ...]
    rulings: Rulings
    rules_text: str
    directory: Path
    fingerprints: dict[str, str] = field(default_factory=dict)
    examples: tuple[Example, ...] = ()
    ladder: tuple[Level, ...] = ()

    @property
    def normal_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.hard)

    @property
    def hard_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.hard)

    def example(self, name: str) -> Example:
        return {ex.name: ex for ex in self.examples}[name]      # KeyError when there is none

    def card(self, card_id: int) -> Card:
        return {c.id: c for c in self.cards}[card_id]           # KeyError when there is none

