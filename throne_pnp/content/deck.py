"""The values of the edition the rules engine keeps: its cards and its rulings.

`Card` (one Action Card of `cards.yaml`) and `Rulings` (the switches of
`rulings.yaml`) are all of the content that the rules' `Board` holds besides
plain numbers: the rules import them from here without the rest of the
model. `content.model` imports them from here too.
"""

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
