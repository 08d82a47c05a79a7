"""The King's actions already settled while Uncertain Orders wait for a card.

An action before the Uncertain Orders does not depend on them (R6): it is carried out at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from throne_pnp.narrator.lines import Line, say
from throne_pnp.narrator.words import CARRIED_OUT, king_lines
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import resolve_king

UNCERTAIN = "uncertain"


def settled(board: Board, phase_card: int, draws: Sequence[int]) -> int:
    """How many King's actions of `phase_card` are known once `draws` are."""
    cards = board.cards
    dealt = iter(draws)
    count = 0
    for slot in cards[phase_card].king:
        if slot != UNCERTAIN:
            count += 1
            continue
        for card_id in dealt:
            if not cards[card_id].uncertain:
                count += len(cards[card_id].king)
                break
        else:
            return count
    return count


def told_before(board: Board, phase_card: int, draws: Sequence[int], new_draws: int,
                new_phase_card: bool) -> int:
    """How many of the King's actions earlier commands already showed."""
    if new_phase_card or phase_card not in board.cards:
        return 0
    return settled(board, phase_card, list(draws)[:len(draws) - new_draws])


def so_far_lines(game, told: int) -> list[Line]:  # noqa: ANN001 (a rules.game.Game)
    """The checklist of the King's actions settled but not yet shown, while the
    game waits for a card dealt for Uncertain Orders (empty otherwise)."""
    need = game.need()
    if need.kind != "deal" or need.purpose != "uncertain" or len(game.taken) <= told:
        return []
    card = game.board.cards[game.phase_card]
    result = resolve_king(game.board, game.position, game.taken, card.priority, lambda: None)
    lines = king_lines(result, game.board, told=told, preview=True)
    return ([say("Do this now; Uncertain Orders come after it:")]
            + [line for line in lines if not line.words().endswith(CARRIED_OUT)])


def table_position(game):  # noqa: ANN001, ANN201 (a rules.game.Game; a Position)
    """The cubes as they stand on the table, with the King's actions already shown."""
    need = game.need()
    if need.kind != "deal" or need.purpose != "uncertain" or not game.taken:
        return game.position
    card = game.board.cards[game.phase_card]
    return resolve_king(game.board, game.position, game.taken, card.priority, lambda: None).position
