"""The value of a game cut short: greedy's static score as a winning chance, a logistic
curve fitted on greedy self-play (`scripts/fit_leaf.py` reproduces `A`, `B`)."""

from __future__ import annotations

import math

from throne_pnp.players.bots import GreedyBot
from throne_pnp.players.scores import LOSS_SCORE, WIN_SCORE
from throne_pnp.rules.game import Game

# logistic(A + B * score / 100), the score clipped to +-500 (fitted: scripts/fit_leaf.py)
A = 0.2326
B = 0.9277
CLIP = 500.0


def leaf_value(policy: GreedyBot, game: Game) -> float:
    """The chance of winning from `game`, by its static score."""
    if game.outcome is not None:
        return 1.0 if game.outcome == "won" else 0.0
    policy._context(game)
    score = policy.evaluate(game.position, True)
    if score >= WIN_SCORE:
        return 1.0
    if score <= -LOSS_SCORE:
        return 0.0
    x = max(-CLIP, min(CLIP, score)) / 100.0
    return 1.0 / (1.0 + math.exp(-(A + B * x)))
