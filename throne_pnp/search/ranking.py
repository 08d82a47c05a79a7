"""Rank the options of a decision by their chance of winning, from rollouts.

Each option is played to the end many times (unknown cards from a seeded `Dealer`, later
decisions by greedy); the share won estimates its winning chance. Rollout i of every option
shares a determinisation and decks (`seed`, i), so options are compared on the same luck:
each option's difference from the best is the mean of their rollout-by-rollout differences,
with a 95 % interval (`Scored.versus`), and an option is `close` when that interval holds 0.
Sequential halving sets the worse half aside after each round; what a user's budget has left
then goes to the leaders, to tell them apart. `jobs` worker processes give the same ranking
as one. The state searched is the player's information set (`search.fork`): no deck order.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from throne_pnp.errors import ThroneError
from throne_pnp.players.bots import GreedyBot
from throne_pnp.rules import actions as act
from throne_pnp.rules.game import Game
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.fork import determinise
from throne_pnp.search.leaf import leaf_value
from throne_pnp.search.options import Option, candidates, decision_of
from throne_pnp.stats import wilson

# Rollouts stop this many turns on (a game still going counts as not won, as at the sim's cap).
ROLLOUT_TURNS = 60
# The share of a user's budget (`exact`) kept back from the halving for the last two options.
LEADERS_SHARE = 0.25


@dataclass
class Scored:
    """An option with its rollouts: wins of samples, and the round it lasted to."""

    option: Option
    wins: float = 0.0  # rollouts won (a rollout cut at its horizon counts its leaf value)
    rounds: int = 0
    # Each rollout's result by its index (rollout i of every option shares its luck: `lead`).
    values: list[float] = field(default_factory=list)

    @property
    def samples(self) -> int:
        """Rollouts played for this option."""
        return len(self.values)

    @property
    def win(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.samples)

    def lead(self, other: Scored) -> tuple[float, float, int]:
        """How far ahead of `other` this option is on the rollouts both had (same indices,
        same luck): the mean difference, its standard deviation, and over how many."""
        pairs = min(len(self.values), len(other.values))
        if not pairs:
            return 0.0, 0.0, 0
        diffs = [a - b for a, b in zip(self.values, other.values, strict=False)]
        mean = sum(diffs) / pairs
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, pairs - 1))
        return mean, spread, pairs

    def versus(self, other: Scored) -> tuple[float, float, float]:
        """This option's result minus `other`'s on the rollouts both had, with its 95 %
        interval (Student's t). The spread counts one more pair a whole game apart, so that
        a few equal differences are not taken for certainty."""
        mean, spread, pairs = self.lead(other)
        if pairs < 2:
            return mean, -1.0, 1.0
        half = t95(pairs - 1) * math.sqrt((spread ** 2 * (pairs - 1) + 1) / pairs / pairs)
        return mean, max(-1.0, mean - half), min(1.0, mean + half)


def t95(df: int, z: float = 1.959964) -> float:
    """Student's t quantile of a two-sided 95 % interval (Cornish-Fisher, within 0.03 from 3
    degrees of freedom on; wider than the normal's 1.96 always)."""
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


@dataclass
class Ranking:
    """The options of one decision, best first."""

    decision: str
    options: list[Scored]
    seed: int
    budget: int
    seconds: float = 0.0
    rollouts: int = 0

    @property
    def best(self) -> Scored:
        return self.options[0]

    def set_aside(self, scored: Scored) -> bool:
        """Did the halving stop measuring `scored` before the last round?"""
        return scored.rounds < self.best.rounds

    def diff(self, scored: Scored) -> tuple[float, float, float]:
        """`scored`'s paired difference from the best, with its 95 % interval."""
        return (0.0, 0.0, 0.0) if scored is self.best else scored.versus(self.best)

    def close(self, scored: Scored) -> bool:
        """Is 0 in the interval of `scored`'s paired difference from the best?"""
        _, lo, hi = self.diff(scored)
        return scored is not self.best and lo <= 0 <= hi


# ------------------------------------------------------------------ rollouts

_policies: dict[int, GreedyBot] = {}


def policy() -> GreedyBot:
    """This process's rollout policy (one greedy bot: its memo tables are shared)."""
    bot = _policies.get(os.getpid())
    if bot is None:
        bot = _policies[os.getpid()] = GreedyBot()
    return bot


def rollout(root: Game, option: Option, seed: int, index: int,
            horizon: int | None = None) -> float:
    """Play `option` from `root`, then the game on to its end (1 won, 0 not) or, with a
    `horizon`, to the start of the player's card phase that many turns on (its `leaf_value`)."""
    rng = random.Random(f"{seed}:{index}")
    game = determinise(root, rng, option.card)
    dealer = Dealer(f"{seed}:{index}")
    apply = game.apply
    for action in option.actions:
        apply(action)
    bot = policy()
    cap = root.turn + ROLLOUT_TURNS
    stop = root.turn + horizon if horizon is not None else cap + 1
    while game.outcome is None:
        if game.turn > cap:
            return 0.0
        if game.turn >= stop and game.stage == "card" and game.phase == "player-card":
            return leaf_value(bot, game)
        if game.need().kind == "deal":
            apply(act.deal(dealer.deal(game)))
            continue
        for action in bot.decide(game, rng):
            apply(action)
            if game.outcome is not None:
                break
    return 1.0 if game.outcome == "won" else 0.0


def play_on(root: Game, scored: Scored, seed: int, upto: int, horizon: int | None) -> None:
    """`scored`'s rollouts on to index `upto` (on the decks every option of `seed` has)."""
    scored.values += [rollout(root, scored.option, seed, n, horizon)
                      for n in range(scored.samples, upto)]
    scored.wins = sum(scored.values)


# One search's state for its worker processes (inherited through fork).
_job: dict[str, object] = {}


def _work(task: tuple[int, int, int]) -> tuple[int, list[float]]:
    """Rollouts [start, stop) of option `i` of the current job: (i, their results)."""
    i, start, stop = task
    root, options, seed, horizon = _job["root"], _job["options"], _job["seed"], _job["horizon"]
    return i, [rollout(root, options[i], seed, n, horizon)  # type: ignore[arg-type,index]
               for n in range(start, stop)]


class _Runner:
    """Runs rollout tasks inline or in a pool of forked processes."""

    def __init__(self, root: Game, scored: Sequence[Scored], seed: int, jobs: int,
                 horizon: int | None):
        self.scored = list(scored)
        self.index = {id(s): i for i, s in enumerate(self.scored)}
        _job.update(root=root, options=[s.option for s in self.scored], seed=seed, horizon=horizon)
        self.pool = None
        if jobs > 1 and sys.platform.startswith("linux"):
            import multiprocessing

            self.pool = multiprocessing.get_context("fork").Pool(jobs)
        self.jobs = jobs

    def run(self, tasks: list[tuple[int, int, int]]) -> list[tuple[int, list[float]]]:
        if self.pool is None:
            return [_work(t) for t in tasks]
        split = []
        for i, start, stop in tasks:  # smaller pieces keep both cores busy
            step = max(1, math.ceil((stop - start) / self.jobs))
            split += [(i, s, min(s + step, stop)) for s in range(start, stop, step)]
        return self.pool.map(_work, split, chunksize=1)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
        _job.clear()


class BudgetTooSmall(ThroneError):
    """A budget (games in all) smaller than the number of choices to rank."""


def rank(game: Game, budget: int = 600, seed: int = 1, jobs: int = 1,
         seconds: float | None = None, include: Option | None = None,
         options: list[Option] | None = None, horizon: int | None = None,
         exact: bool = False) -> Ranking:
    """Rank the options of the decision due in `game` (see the module docstring).
    `budget`: rollouts in all; with `exact` (the user's `--budget`) never exceeded, and
    `BudgetTooSmall` below the number of options. `seconds` replaces it by what fits in that
    time (not repeatable). `include`: an option never dropped; `options`: the candidates if
    known; `horizon`: turns before a rollout is scored statically (None: to the end)."""
    decision = decision_of(game)
    if decision is None:
        raise ValueError(f"no decision for the player now: {game.describe_need()}")
    opts = options or candidates(game, policy(), include=include.actions if include else None)
    scored = [Scored(o) for o in opts]
    if exact and seconds is None and 1 < len(scored) > budget:
        raise BudgetTooSmall(f"a budget of {budget} game{'s' if budget > 1 else ''} is fewer "
                             f"than the {len(scored)} choices to rank (each is played on at "
                             f"least once): give a budget of {len(scored)} or more")
    keep = next((s for s in scored if include is not None and s.option.actions == include.actions),
                None)
    started = time.perf_counter()
    runner = _Runner(game, scored, seed, jobs, horizon)
    try:
        if len(scored) == 1:
            _round(runner, scored, [budget])
            scored[0].rounds = 1
        else:
            budget = _halve(runner, scored, budget, seconds, keep, exact)
    finally:
        runner.close()
    last = max(s.rounds for s in scored)
    # one order: the options measured to the end by their win, then those set aside by theirs
    scored.sort(key=lambda s: (s.rounds < last, -s.win, opts.index(s.option)))
    return Ranking(decision, scored, seed, budget, time.perf_counter() - started,
                   sum(s.samples for s in scored))


def _halve(runner: _Runner, scored: list[Scored], budget: int, seconds: float | None,
           keep: Scored | None, exact: bool = False) -> int:
    """Sequential halving over `scored`; returns the budget spent. With `exact`, the whole
    budget and never more: `LEADERS_SHARE` of it, and what the rounds leave, goes at the end
    to the options still measured, the leaders."""
    alive = list(scored)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    if seconds is not None:
        first = time.perf_counter()
        _round(runner, alive, [4] * len(alive))
        rate = sum(s.samples for s in alive) / max(1e-6, time.perf_counter() - first)
        budget = max(len(alive) * 8, int(rate * seconds))
    spent = sum(s.samples for s in alive)
    held = int(budget * LEADERS_SHARE) if exact else 0
    for s in alive:
        s.rounds = 1  # the round an option is measured in: it is set aside after it
    for r in range(rounds):
        share = max(1, (budget - held - spent) // (len(alive) * (rounds - r)))
        if exact:    # never past the budget: the last rounds may be cut short
            share = min(share, (budget - spent) // len(alive))
            if share < 1:
                break
        _round(runner, alive, [share] * len(alive))
        spent = sum(s.samples for s in scored)
        if r == rounds - 1:
            break
        alive.sort(key=lambda s: -s.win)
        survivors = alive[:math.ceil(len(alive) / 2)]
        if keep is not None and keep not in survivors:
            survivors.append(keep)
        for s in survivors:
            s.rounds = r + 2
        alive = survivors
    if exact:  # what is left to the leaders, one more each to the first when it does not divide
        left, n = budget - spent, len(alive)
        alive.sort(key=lambda s: -s.win)
        _round(runner, alive, [left // n + (i < left % n) for i in range(n)])
        spent = budget
    return spent


def _round(runner: _Runner, alive: list[Scored], shares: list[int]) -> None:
    """`shares[k]` more rollouts for option `alive[k]`."""
    tasks = [(runner.index[id(s)], s.samples, s.samples + n) for s, n in zip(alive, shares,
                                                                             strict=True)]
    for i, values in runner.run(tasks):  # in task order: each option's in index order
        runner.scored[i].wins += sum(values)
        runner.scored[i].values += values
