"""What the greedy bot's evaluation and its planner share: score constants, the
shape of a territory's row of terms, and the interface the planner reads.

`planner.ActionScorer` scores Player Actions for a bot that offers the
attributes of `ScoringBot` (`bots.GreedyBot` does); defining that interface
here, instead of importing the bot, keeps `planner` and `bots` from
importing each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from throne_pnp.rules.board import Board

WIN_SCORE = 10_000.0
LOSS_SCORE = 10_000.0
EPS = 1e-6  # score differences below this are ties (summation order must not matter)

TermRow = list  # list[float | None]: a territory's term by player cube count


class ScoringBot(Protocol):
    """What `planner.ActionScorer` reads from the bot whose evaluation it keeps.

    Per-territory tables are lists indexed by territory number; the memo
    dicts are shared by every plan with the same hand (see `bots.GreedyBot`).
    """

    board: Board
    castle_order: tuple[int, ...]
    enemy_castles: tuple[int, ...]
    neighbours: list[tuple[int, ...]]
    wheat_of: list[int]
    wheat_places: tuple[int, ...]
    is_castle: list[bool]
    is_enemy_castle: list[bool]
    target_bit: list[int]
    advance_by_mask: list[list[float]]
    free_rows: list[list[float]]
    king_limit: int
    dangers: list[list[float | None]]
    scorer_parts: dict
    source_options: dict

    def by_territory(self, counts: dict[int, int]) -> list[int]: ...

    def threats(self, K: tuple[int, ...]) -> list[float]: ...

    def term_row(self, t: int, k: int) -> TermRow: ...

    def fill_term(self, row: TermRow, t: int, k: int, p: int) -> float: ...

    def home_danger(self, threat: float, home_cubes: int) -> float: ...
