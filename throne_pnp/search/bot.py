"""The search player and the plan-search player, as simulator bots.

- `SearchBot` decides every choice with `ranking.rank` at a fixed budget of
  rollouts (its sweep budget by default), single-process: the simulator
  spreads games over the cores instead. A decision with one legal choice is
  taken without search. Its rankings are seeded from the game's own random
  stream, so a simulated game is repeatable.
- `PlannerBot` is greedy with the search player's exhaustive Player Actions
  search (the best end layout by greedy's static evaluation, no rollouts):
  the cheap half of the search player's strength.
"""

from __future__ import annotations

import random

from throne_pnp.players.bots import Bot, GreedyBot
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.search.options import candidates
from throne_pnp.search.ranking import rank

# Rollouts per decision in a balance sweep: enough to beat greedy by a wide
# margin, few enough for a sweep of thousands of games (docs/search.md has
# the budget curve).
SWEEP_BUDGET = 48
# Turns a sweep's rollouts look ahead before the static leaf (`search.leaf`).
SWEEP_HORIZON: int | None = 3


class PlannerBot(GreedyBot):
    """Greedy, but Player Actions take the best of every reachable end layout."""

    name = "planner"

    def plan_actions(self, game: Game) -> list[Action]:
        options = candidates(game, _greedy(), shortlist=1)
        return list(options[0].actions)


class SearchBot(Bot):
    """Every decision by rollouts (see the module docstring)."""

    name = "search"

    def __init__(self, budget: int | None = None, horizon: int | None = SWEEP_HORIZON):
        self.budget = budget or SWEEP_BUDGET
        self.horizon = horizon

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        options = candidates(game, _greedy())
        if len(options) == 1:
            return list(options[0].actions)
        ranking = rank(game, budget=self.budget, seed=rng.getrandbits(32), jobs=1,
                       options=options, horizon=self.horizon)
        return list(ranking.best.option.actions)


_bots: list[GreedyBot] = []


def _greedy() -> GreedyBot:
    """One greedy bot for shortlists (its memo tables are shared anyway)."""
    if not _bots:
        _bots.append(GreedyBot())
    return _bots[0]
