"""Cube changes on the table (`Step`) and why each happened, as plain data.

Every rule that changes cubes reports a `Step` with a small `cause` record; the
narrator says them. Records made per visit are slotted, not frozen (cheaper to build).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PLAYER = "player"
KING = "king"


@dataclass(slots=True)
class Toward:
    """A King's move one step towards the nearest target (R3)."""

    action: str
    goal: tuple[int, ...]
    cubes: int
    guard: int
    dst_had: int


@dataclass(slots=True)
class Rallied:
    """The King's rally at a castle he holds alone (R4); `left`: cubes off the map after."""

    left: int


@dataclass(frozen=True, slots=True)
class Casualties:
    """Cubes lost in a battle (R9)."""


@dataclass(frozen=True, slots=True)
class Withdrew:
    """A battle's losers withdraw (R9): `options` the free neighbours, `blocked`
    the neighbours holding enemy cubes, `rising` the King's battle card's priority."""

    options: tuple[int, ...]
    blocked: tuple[int, ...]
    rising: bool


@dataclass(frozen=True, slots=True)
class Trapped:
    """A battle's losers had no neighbour free of enemy cubes: removed (R9)."""


@dataclass(frozen=True, slots=True)
class OverKingLimit:
    """King cubes over his per-territory limit, removed; `had`: cubes there."""

    limit: int
    had: int


@dataclass(frozen=True, slots=True)
class OverPlayerLimit:
    """Player cubes over the limit (R8) removed: `limit`, its `wheat` places, `had` there."""

    limit: int
    wheat: tuple[int, ...]
    had: int


@dataclass(frozen=True, slots=True)
class PlayerOrder:
    """The player's own move or rally during Player Actions (R13)."""


CASUALTIES = Casualties()
TRAPPED = Trapped()
PLAYER_ORDER = PlayerOrder()

Cause = Toward | Rallied | Casualties | Withdrew | Trapped | OverKingLimit | OverPlayerLimit \
    | PlayerOrder


@dataclass(slots=True)
class Step:
    """One table change and its cause: move/withdraw src -> dst (None: removed), rally/remove at."""

    kind: str
    count: int
    side: str
    cause: Cause
    src: int | None = None
    dst: int | None = None
    at: int | None = None

    def apply(self, pos: Any) -> None:
        """Carry this step out on a (mutable) `Position`."""
        counts = pos.king if self.side == KING else pos.player
        if self.kind in ("move", "withdraw"):
            counts[self.src] -= self.count
            if self.dst is not None:
                counts[self.dst] += self.count
        elif self.kind == "rally":
            counts[self.at] += self.count
        elif self.kind == "remove":
            counts[self.at] -= self.count


@dataclass(slots=True)
class Stay:
    """A territory the King's move or rally visited where nothing changed, and `why`."""

    at: int
    cubes: int
    why: str
    dst: int | None = None
    cause: Toward | None = None
