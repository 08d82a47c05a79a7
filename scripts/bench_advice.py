"""Benchmark: what `throne hint` and `throne review` cost and how sure they are.

Positions are the player's decisions in greedy games at each ladder level (seeds no test or
fit uses). For each, the hint at the default budget on two processes: its wall time, and
whether its best option is told apart from the second (their paired 95 % interval excludes
zero). Then the review of a 25-decision game: its wall time on two processes. Each time also
as CPU seconds (this process and its workers) over two: the wall time on two idle cores.

    python scripts/bench_advice.py [--positions 30] [--seed 7000] [--no-review]
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import statistics
import time

from throne_pnp.assistant import advice
from throne_pnp.content import load_content
from throne_pnp.players.bots import GreedyBot
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.options import decision_of
from throne_pnp.search.ranking import rank
from throne_pnp.sim.simulate import next_actions, normal_ids


def level_games(content, seed: int):
    """(level name, a fresh game of that level, its seed), round the ladder forever."""
    board, n = board_for(content), 0
    while True:
        for level in content.ladder:
            yield level.name, Game(board, normal_ids(board) + list(level.hard)), seed + n
            n += 1


def greedy_game(game: Game, seed: int) -> tuple[list[Game], list]:
    """Greedy plays `game` out; the decisions it met (copies) and the actions played."""
    rng, dealer, bot = random.Random(seed), Dealer(f"bench:{seed}"), GreedyBot()
    met, history = [], []
    while game.outcome is None and game.turn <= 30:
        if decision_of(game) and len(game.legal_actions()) > 1:
            met.append(game.copy())
        for action in next_actions(game, bot, rng, dealer):
            game.apply(action)
            history.append(action)
            if game.outcome is not None:
                break
    return met, history


def cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def told_apart(ranking) -> bool:
    """Is the best option's lead over the second one's outside their paired 95 % interval?"""
    best, second = ranking.options[0], ranking.options[1]
    diff = getattr(ranking, "diff", None)
    if diff is not None:
        _, lo, hi = diff(second)
        return not lo <= 0 <= hi
    mean, spread, pairs = second.lead(best)  # before the paired interval was the search's
    half = 1.96 * math.sqrt((spread ** 2 * (pairs - 1) + 1) / pairs) / math.sqrt(pairs)
    return not mean - half <= 0 <= mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--no-review", action="store_true")
    args = parser.parse_args()
    content = load_content(None)
    chosen: list[tuple[str, Game]] = []
    games = level_games(content, args.seed)
    while len(chosen) < args.positions:
        name, game, seed = next(games)
        met, _ = greedy_game(game, seed)
        chosen.append((name, random.Random(seed).choice(met)))
    walls, halves, apart = [], [], 0
    for _name, game in chosen:
        start, used = time.perf_counter(), cpu()
        ranking = rank(game, budget=advice.HINT_BUDGET, seed=1, jobs=2,
                       horizon=advice.ADVICE_HORIZON, exact=True)
        walls.append(time.perf_counter() - start)
        halves.append((cpu() - used) / 2)
        apart += told_apart(ranking)
    for what, xs in (("wall", sorted(walls)), ("CPU/2", sorted(halves))):
        print(f"hints at the default budget ({advice.HINT_BUDGET}), {len(xs)} positions, 2 jobs, "
              f"{what}: median {statistics.median(xs):.2f} s, p90 {xs[int(0.9 * len(xs))]:.2f} s,"
              f" max {xs[-1]:.2f} s")
    print(f"best told apart from the second: {apart}/{len(chosen)} "
          f"({apart / len(chosen):.0%})")
    if args.no_review:
        return
    while True:  # a game of about 25 decisions
        name, game, seed = next(games)
        fresh = game.copy()
        met, history = greedy_game(game, seed)
        if 22 <= len(met) <= 28:
            break
    found = advice.decisions(fresh, history)
    start, used = time.perf_counter(), cpu()
    advice.review(found, seed=1, jobs=2)
    print(f"review of a {len(found)}-decision game ({name}), 2 jobs: "
          f"{time.perf_counter() - start:.1f} s wall, {(cpu() - used) / 2:.1f} s CPU/2")


if __name__ == "__main__":
    main()
