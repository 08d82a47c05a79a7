"""What a hint's win % says: the chance of winning for a player who goes on following hints.

The rollouts' raw share is greedy's chance after the choice, scored at a horizon; a player who
follows the hints plays far better. A logistic map over the raw share, the number of skull
cards and the turn, fitted on the games of hint-followers (`scripts/calibrate_hints.py --ask 1
--fit`: 205 games of run seed 505, the hint at its own budget at every decision; a 5-fold
cross-fit measures it on games each fold never saw), turns one into the other. It is
increasing in the raw share, so it keeps every order; a share of 0 or 1 (every rollout lost
or won) stays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from throne_pnp.rules.game import Game

# logistic(sum(W * features)): printed by scripts/calibrate_hints.py --fit (docs/search.md)
W = (1.9368, 0.8211, 0.4395, 1.4331)
EDGE = 0.001  # raw shares are clipped to [EDGE, 1 - EDGE] before their logit


def features(raw: float, hard: int, turn: int) -> list[float]:
    """The map's inputs: 1, the raw share's logit, skull cards / 9, turn / 10."""
    p = min(1 - EDGE, max(EDGE, raw))
    return [1.0, math.log(p / (1 - p)), hard / 9, turn / 10]


def shown(raw: float, game: Game) -> float:
    """The win % a hint shows for a raw rollout share `raw` at `game`."""
    return mapped(raw, sum(1 for c in game.in_game if game.board.cards[c].hard), game.turn)


def mapped(raw: float, hard: int, turn: int, w: Sequence[float] = W) -> float:
    """The map (constants `w`): a raw share, with `hard` skull cards in the game, at `turn`."""
    if raw in (0.0, 1.0):
        return raw
    z = sum(a * x for a, x in zip(w, features(raw, hard, turn), strict=True))
    return 1 / (1 + math.exp(-z))
