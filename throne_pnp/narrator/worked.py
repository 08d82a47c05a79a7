"""The worked examples of an edition, played by the rules engine.

`work` answers an `examples.yaml` question as `throne resolve` would, for the booklet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from throne_pnp.content import Example
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.lines import texts
from throne_pnp.narrator.prose import Told, battle_prose, king_prose
from throne_pnp.narrator.words import king_lines
from throne_pnp.rules.battle import resolve_battle
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import KingResult, resolve_king
from throne_pnp.rules.position import PLAYER, Position, Step


class ExampleError(ThroneError):
    """An example the engine cannot play (its file and line named)."""


@dataclass(slots=True)
class Worked:
    """One example as the engine plays it."""

    example: Example
    before: Position
    after: Position
    steps: list[Step]                 # in the engine's order; arrows are numbered by it
    told: Told                        # in sentences, each step numbered like its arrow
    battles: list[int] = field(default_factory=list)
    costs: dict[int, int] = field(default_factory=dict)   # withdraw-to -> cubes removed


def work(board: Board, example: Example) -> Worked:
    """Play `example` on `board`; ExampleError if the engine refuses it."""
    where = f"examples.yaml:{example.line}: example {example.name}"
    before = Position.from_counts(board, example.king, example.player)
    try:
        if example.kind == "king":
            dealt = [board.cards[i] for i in example.draws]
            result = resolve_king(board, before, example.actions, example.priority, dealt)
            if len(result.draws) < len(dealt):
                raise ExampleError(f"{where}: draws lists more cards than Uncertain "
                                   "Orders need")
            return Worked(example, before, result.position, list(result.steps),
                          king_prose(result, board), list(result.battles))
        pcard, kcard = board.cards[example.player_card], board.cards[example.king_card]
        battle = resolve_battle(board, before, example.territory, example.defender, pcard,
                                kcard, example.withdraw_to)
        costs = {}
        if battle.withdrawal and battle.withdrawal["side"] == PLAYER:
            for to in battle.loser_options:
                other = resolve_battle(board, before, example.territory, example.defender,
                                       pcard, kcard, to)
                costs[to] = other.withdrawal["removed"] if other.withdrawal else 0
        return Worked(example, before, battle.position, list(battle.steps),
                      battle_prose(battle, board), costs=costs)
    except ThroneError as exc:
        if isinstance(exc, ExampleError):
            raise
        raise ExampleError(f"{where}: {exc}") from None


def king_texts(result: KingResult, board: Board) -> list[str]:
    """The King's action as the CLI prints it: the cards dealt, then the checklist."""
    dealt = ", ".join(map(str, result.draws))
    head = [f"Uncertain Orders: dealt {dealt} (they go to the discard pile)"] if dealt else []
    return head + texts(king_lines(result, board))


def work_all(board: Board, examples: tuple[Example, ...]) -> dict[str, Worked]:
    """Every example by name."""
    return {ex.name: work(board, ex) for ex in examples}
