"""Cubes on the map: control (R7), the player's limit (R8), the King's limit.

A `Position` counts each side's cubes per territory; engine functions copy it before
changing it. `check_position` and `position_outcome` (R12) check one from outside.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from throne_pnp.errors import PositionError
from throne_pnp.numbers import bounded, number_words, whole
from throne_pnp.rules import limits
from throne_pnp.rules.board import Board
from throne_pnp.rules.steps import KING, PLAYER, OverKingLimit, OverPlayerLimit, Step

__all__ = ["KING", "PLAYER", "Position", "Step", "enforce_limits", "player_limit"]


@dataclass(slots=True)
class Position:
    """King and player cube counts for every territory of a board."""

    king: dict[int, int]
    player: dict[int, int]

    @classmethod
    def empty(cls, board: Board) -> Position:
        return cls(dict.fromkeys(board.numbers, 0), dict.fromkeys(board.numbers, 0))

    @classmethod
    def setup(cls, board: Board) -> Position:
        """The starting position of the content's setup."""
        return cls.from_counts(board, board.setup_king, board.setup_player)

    @classmethod
    def from_counts(cls, board: Board, king: Mapping[int, int],
                    player: Mapping[int, int]) -> Position:
        pos = cls.empty(board)
        pos.king.update(king)
        pos.player.update(player)
        return pos

    def copy(self) -> Position:
        return Position(dict(self.king), dict(self.player))

    def __repr__(self) -> str:
        return f"Position(king={self.compact(KING)}, player={self.compact(PLAYER)})"

    def side(self, side: str) -> dict[int, int]:
        return self.king if side == KING else self.player

    def compact(self, side: str) -> dict[int, int]:
        """Non-zero counts of one side, ascending territory order."""
        return {t: n for t, n in sorted(self.side(side).items()) if n}

    def to_json(self) -> dict[str, dict[str, int]]:
        """SPEC §4 shape: string territory keys, zero counts omitted."""
        return {side: {str(t): n for t, n in self.compact(side).items()} for side in (KING, PLAYER)}

    def contested(self, order: tuple[int, ...]) -> list[int]:
        """Territories holding both sides' cubes, in the given order."""
        return [t for t in order if self.king[t] and self.player[t]]

    def on_map(self, side: str) -> int:
        return sum(self.side(side).values())


def player_limit(board: Board, pos: Position, contested_to: str) -> int:
    """The player's per-territory limit: wheat in territories the player holds (R8)."""
    return limits.player_limit(board.wheat_places, board.wheat, pos.player, pos.king,
                               contested_to == KING)


def held_wheat(board: Board, pos: Position, contested_to: str) -> list[int]:
    """Territories with wheat the player holds, for explaining the limit."""
    return limits.held_wheat_places(board.wheat_places, pos.player, pos.king, contested_to == KING)


def limit_words(board: Board, pos: Position, contested_to: str) -> str:
    """The player's limit with where it comes from: `3 (wheat in 1 + 5)`."""
    limit = player_limit(board, pos, contested_to)
    wheat = held_wheat(board, pos, contested_to)
    source = f"wheat in {' + '.join(map(str, wheat))}" if wheat else "you hold no wheat"
    return f"{limit} ({source})"


def enforce_limits(board: Board, pos: Position, contested_to: str) -> list[Step]:
    """Remove King cubes over his limit and player cubes over R8's limit, at once."""
    steps: list[Step] = []
    cap = board.king_limit
    if max(pos.king.values()) > cap:
        for t in board.numbers:
            had = pos.king[t]
            if had > cap:
                step = Step("remove", had - cap, KING, OverKingLimit(cap, had), at=t)
                step.apply(pos)
                steps.append(step)
    limit = player_limit(board, pos, contested_to)
    if max(pos.player.values()) <= limit:
        return steps  # nobody over a limit: the usual case
    wheat = tuple(held_wheat(board, pos, contested_to))
    for t in board.numbers:
        had = pos.player[t]
        excess = limits.excess(had, limit)
        if excess:
            step = Step("remove", excess, PLAYER, OverPlayerLimit(limit, wheat, had), at=t)
            step.apply(pos)
            steps.append(step)
    return steps


WON, LOST = "won", "lost"


def position_problems(board: Board, pos: Position, contested_to: str = PLAYER,
                      player_limit_too: bool = True) -> list[str]:
    """Every reason the position cannot stand on the table (empty: none): the King over his
    limit, a side with more cubes than it owns, the player over their limit (R8;
    `player_limit_too` False leaves it out)."""
    problems: list[str] = []
    for t in board.numbers:
        if pos.king[t] > board.king_limit:
            problems.append(f"{pos.king[t]} King cubes in {t}, over the King's limit of "
                            f"{board.king_limit} per territory")
    for side in (KING, PLAYER):
        total = pos.on_map(side)
        if total > board.forces:
            problems.append(f"{side} has {total} cubes on the map but only {board.forces} exist")
    limit = player_limit(board, pos, contested_to)
    for t in board.numbers if player_limit_too else ():
        if limits.excess(pos.player[t], limit):
            problems.append(f"{pos.player[t]} of your cubes in {t}, over your limit of "
                            f"{limit_words(board, pos, contested_to)}: the wheat in "
                            "the territories you hold caps every stack")
    return problems


def check_position(board: Board, pos: Position, contested_to: str = PLAYER) -> str | None:
    """The first reason the position cannot stand on the table, or None."""
    problems = position_problems(board, pos, contested_to)
    return problems[0] if problems else None


def position_outcome(board: Board, pos: Position) -> str | None:
    """`won` if the player holds every castle, `lost` if home has fallen (ruling
    `home_lost_when`), else None: the end check made after every step (R12)."""
    P, K = pos.player, pos.king
    if all(P[c] and not K[c] for c in board.castle_order):
        return WON
    home = board.home
    if board.rulings.home_lost_when == "empty":
        if not P[home]:
            return LOST
    elif K[home] and not P[home]:
        return LOST
    return None


def outcome_words(board: Board, outcome: str) -> str:
    """Why a position is won or lost, in words."""
    if outcome == WON:
        return f"won: you hold every castle ({', '.join(map(str, sorted(board.castles)))})"
    if board.rulings.home_lost_when == "empty":
        return f"lost: you have no cubes in your home castle {board.home}"
    return f"lost: the King holds your home castle {board.home}"


def defender_words(defender: str) -> str:
    """Who defends a battle, in the player's words."""
    return "you defend" if defender == PLAYER else "the King defends"


def colon_hint(value: Any) -> str:
    """Why a number may be a YAML misreading: `3:2` without a space is 182 to
    YAML 1.1 (base 60). Empty when `value` cannot be such a number."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 60:
        return ""
    high, low = divmod(value, 60)
    return (f"; YAML reads `{high}:{low}` (no space after the colon) as the number "
            f"{value}: write `{high}: {low}`")


def parse_position(board: Board, data: Any, source: str = "position") -> Position:
    """Check a `{king: {...}, player: {...}}` mapping and build a Position (the player's
    limit is left to `check_position`: `resolve` takes positions from any moment)."""
    if not isinstance(data, Mapping):
        raise PositionError(f"{source}: expected a mapping like "
                            "{king: {3: 2}, player: {1: 2}}")
    for key in data:
        if key not in (KING, PLAYER):
            raise PositionError(f"{source}: unknown key {number_words(key)}; use king and player")
    counts: dict[str, dict[int, int]] = {}
    for side in (KING, PLAYER):
        raw = data.get(side) or {}
        if not isinstance(raw, Mapping):
            raise PositionError(f"{source}: {side} must map territories to cube counts, "
                                "e.g. {3: 2}" + colon_hint(raw))
        side_counts: dict[int, int] = {}
        for terr, count in raw.items():
            t = _as_int(terr)
            if t is None or t not in board.adjacent:
                raise PositionError(f"{source}: {side}: no territory {number_words(terr)} "
                                    f"on this map (territories {board.numbers[0]}-"
                                    f"{board.numbers[-1]})" + colon_hint(terr))
            n = _as_int(count)
            if n is None or n < 0:
                raise PositionError(f"{source}: {side}[{t}]: {number_words(count)} is not a "
                                    "cube count; use a whole number 0 or more")
            side_counts[t] = side_counts.get(t, 0) + n
        counts[side] = side_counts
    pos = Position.from_counts(board, counts[KING], counts[PLAYER])
    for problem in position_problems(board, pos, player_limit_too=False):
        raise PositionError(f"{source}: {problem}")
    return pos


def _as_int(value: Any) -> int | None:
    """A territory or count as YAML/JSON gives it: an int, or digits in a string."""
    if isinstance(value, str):
        return whole(value.strip())
    return bounded(value)
