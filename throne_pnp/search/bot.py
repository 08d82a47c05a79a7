"""The search players and the plan-search player, as simulator bots: `HintFollower` plays
the hint's first choice at every decision (the expert: strong play, what the ladder's
expert figure measures); `SearchBot` plays the plan-search choice unless the rollouts put
another option ahead by more than their noise (the quick search of designers' sweeps);
`PlannerBot` is greedy with the exhaustive plan search.
"""

from __future__ import annotations

import math
import random

from throne_pnp.players.bots import Bot, GreedyBot
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.search.options import Option, candidates, decision_of
from throne_pnp.search.ranking import Scored, rank

# Rollouts per decision in a balance sweep (docs/search.md has the budget curve).
SWEEP_BUDGET = 12
# Rollouts of a hint by default (about a second on two cores; docs/search.md): also what the
# expert (`HintFollower`, `--bot expert`) spends on each of its decisions.
HINT_BUDGET = 400
# Turns a hint's rollouts play before the static leaf scores them: most games (7-10 turns)
# end first, and long games stay bounded in time (docs/search.md).
ADVICE_HORIZON = 10
# The seed of a hint when the player gives none (`throne hint --seed`).
HINT_SEED = 1
# Turns a sweep's rollouts look ahead before the static leaf (`search.leaf`).
SWEEP_HORIZON = 1
# Standard errors by which the rollouts' best must beat the default (`switches`),
# the least spread assumed of the paired differences, and the fewest pairs.
SWITCH_Z = 1.5
MIN_SPREAD = 0.05
MIN_PAIRS = 3
# The decisions a sweep searches (greedy's battle cards and withdrawals are left to it).
SWEEP_DECISIONS = ("card", "actions")
# The sweep's plan walk (`plans.Narrow`: all layouts of 2 points, then the 60 best).
SWEEP_NARROW = (2, 60)


class PlannerBot(GreedyBot):
    """Greedy, but Player Actions take the best of every reachable end layout."""

    name = "planner"

    def plan_actions(self, game: Game) -> list[Action]:
        return list(candidates(game, _greedy(), shortlist=1)[0].actions)


class HintFollower(Bot):
    """The expert: at each decision with a choice, the hint's first choice (`rank` with the
    hint's budget, horizon and seed, as `throne hint` gives it); a lone legal move is played."""

    name = "expert"

    def __init__(self, budget: int | None = None):
        self.budget = budget or HINT_BUDGET

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        if decision_of(game) is None or len(game.legal_actions()) == 1:
            return _greedy().decide(game, rng)
        ranking = rank(game, budget=self.budget, seed=HINT_SEED, jobs=1,
                       horizon=ADVICE_HORIZON, exact=True)
        return list(ranking.best.option.actions)


class SearchBot(Bot):
    """The decisions of `SWEEP_DECISIONS` by rollouts, the rest as the plan-search player's."""

    name = "search"

    def __init__(self, budget: int | None = None):
        self.budget = budget or SWEEP_BUDGET

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        greedy = _greedy()
        kind = game.need().kind
        if kind != "actions" and kind not in SWEEP_DECISIONS:
            return greedy.decide(game, rng)
        options = candidates(game, greedy, narrow=SWEEP_NARROW)
        if len(options) == 1:
            return list(options[0].actions)
        default = default_option(game, options, greedy, rng)
        if kind not in SWEEP_DECISIONS:
            return list(default.actions)
        ranking = rank(game, budget=self.budget, seed=rng.getrandbits(32), jobs=1,
                       options=options, horizon=SWEEP_HORIZON, include=default)
        best = ranking.best
        kept = next(s for s in ranking.options if s.option == default)
        if best is kept or not switches(best, kept):
            return list(default.actions)
        return list(best.option.actions)


def switches(best: Scored, kept: Scored) -> bool:
    """Do the rollouts put `best` ahead of the default `kept` by more than
    their noise: a mean paired lead over `SWITCH_Z` standard errors?"""
    mean, spread, pairs = best.lead(kept)
    return pairs >= MIN_PAIRS and mean > SWITCH_Z * max(spread, MIN_SPREAD) / math.sqrt(pairs)


def default_option(game: Game, options: list[Option], greedy: GreedyBot,
                   rng: random.Random) -> Option:
    """The plan-search player's choice among `options`: for Player Actions the
    first (the best plan by the static evaluation), otherwise greedy's."""
    if game.need().kind == "actions":
        return options[0]
    chosen = tuple(greedy.decide(game, rng))
    return next((o for o in options if o.actions == chosen), options[0])


_bots: list[GreedyBot] = []


def _greedy() -> GreedyBot:
    """One greedy bot for shortlists (its memo tables are shared anyway)."""
    if not _bots:
        _bots.append(GreedyBot())
    return _bots[0]
