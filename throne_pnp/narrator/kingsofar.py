"""The King's actions already settled while Uncertain Orders wait for a card.

An action before the Uncertain Orders does not depend on them (R6): it is carried out at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from throne_pnp.narrator.lines import Line, say
from throne_pnp.narrator.words import CARRIED_OUT, king_lines
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import carry_out, take_orders


def told_before(board: Board, phase_card: int, draws: Sequence[int], new_draws: int,
                new_phase_card: bool) -> int:
    """How many of the King's actions earlier commands already showed (those the
    Uncertain Orders draws before the `new_draws` settle)."""
    cards = board.cards
    if new_phase_card or phase_card not in cards:
        return 0
    dealt = [cards[d] for d in list(draws)[:len(draws) - new_draws]]
    return len(take_orders(cards[phase_card].king, dealt)[0])


def so_far_lines(game, told: int) -> list[Line]:  # noqa: ANN001 (a rules.game.Game)
    """The checklist of the King's actions settled but not yet shown, while the
    game waits for a card dealt for Uncertain Orders (empty otherwise)."""
    need = game.need()
    if need.kind != "deal" or need.purpose != "uncertain" or len(game.taken) <= told:
        return []
    card = game.board.cards[game.phase_card]
    result = carry_out(game.board, game.position, game.taken, card.priority)
    lines = king_lines(result, game.board, told=told, preview=True)
    return ([say("Do this now; Uncertain Orders come after it:")]
            + [line for line in lines if not line.words().endswith(CARRIED_OUT)])


def table_position(game):  # noqa: ANN001, ANN201 (a rules.game.Game; a Position)
    """The cubes as they stand on the table, with the King's actions already shown."""
    need = game.need()
    if need.kind != "deal" or need.purpose != "uncertain" or not game.taken:
        return game.position
    card = game.board.cards[game.phase_card]
    return carry_out(game.board, game.position, game.taken, card.priority).position
