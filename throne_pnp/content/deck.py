"""The edition's values the rules' `Board` keeps besides numbers: `Card` and
`Rulings`, importable without the rest of the model."""

from __future__ import annotations

from dataclasses import dataclass


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
