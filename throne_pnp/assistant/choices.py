"""What each withdrawal costs (R9, R14), tried on a copy of the battle, said before the
player chooses: `(5: no loss; 1: your limit removes 1)`."""

from __future__ import annotations

import copy

from throne_pnp.rules.battle import withdraw
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import PLAYER


def withdraw_costs(game: Game) -> dict[int, int]:
    """Player cubes the limit removes for each withdrawal option, option by option."""
    battle = game.battle
    if battle is None:
        return {}
    king_card = game.board.cards[battle.king_card]
    costs: dict[int, int] = {}
    for to in battle.loser_options:
        trial = copy.deepcopy(battle)
        withdraw(game.board, trial, king_card, to)
        costs[to] = sum(s.count for s in trial.steps[len(battle.steps) + 1:]
                        if s.kind == "remove" and s.side == PLAYER)
    return costs


def withdraw_words(game: Game) -> str:
    """`5: no loss; 1: your limit removes 1`, best first, then by number."""
    costs = sorted(withdraw_costs(game).items(), key=lambda kv: (kv[1], kv[0]))
    return "; ".join(f"{to}: no loss" if not lost else f"{to}: your limit removes {lost}"
                     for to, lost in costs)
