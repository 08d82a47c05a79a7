"""The values of the edition the rules engine keeps: its cards and its rulings.

`Card` (one Action Card of `cards.yaml`) and `Rulings` (the switches of
`rulings.yaml`) are all of the content that the rules' `Board` holds besides
plain numbers. They live in this small module, apart from the rest of the
model, so that a cached Board (`throne resolve`'s answer, see
`cli.resolve_answers`) loads without creating the map drawing, examples and
ladder classes it never uses. `content.model` imports them from here.
"""

from __future__ import annotations

from throne_pnp.values import Value


class Card(Value):
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


class Rulings(Value):
    """The switches where readings of the rulebook differ (docs/rulings.md)."""

    home_lost_when: str = "empty"
    castle_targets: str = "all"
    over_limit_move: str = "refuse"
