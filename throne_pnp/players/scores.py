"""The score constants of greedy's evaluation, shared by its users (the bot,
the incremental evaluation, the search's leaves) without importing the bot."""

from __future__ import annotations

WIN_SCORE = 10_000.0
LOSS_SCORE = 10_000.0
EPS = 1e-6  # score differences below this are ties (summation order must not matter)
