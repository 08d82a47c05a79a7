#!/usr/bin/env python
"""Benchmark the balance simulator: games per second per process, and --jobs 2.

The machine may be shared and noisy, so each measurement is repeated in
alternation (random, greedy, random, greedy, ...) and the median is reported;
CPU time (`time.process_time`) is used for the per-process rates, wall time
for the --jobs comparison. Targets (issue 6): >= 1,000 games/s per core with
the random bot, >= 200 with greedy.

Usage:
  python scripts/bench_sim.py [--rounds 5] [--random-games 2000] [--greedy-games 300]
"""

from __future__ import annotations

import argparse
import statistics
import time

from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.sim.bots import make_bot
from throne_pnp.sim.simulate import cycle_collector_paused, game_seed, play_game, run


def per_process_rate(bot_name: str, games: int, offset: int) -> float:
    """Games per CPU-second in this process (fresh seeds each round)."""
    board = board_for(load_content(None))
    bot = make_bot(bot_name)
    start = time.process_time()
    with cycle_collector_paused():  # as `throne simulate` plays a chunk of games
        for i in range(games):
            play_game(board, bot, game_seed(offset, 0, i), 0)
    return games / (time.process_time() - start)


def wall_rate(bot_name: str, games: int, jobs: int, seed: int) -> float:
    start = time.perf_counter()
    run(games, [0], bot=bot_name, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--random-games", type=int, default=2000)
    parser.add_argument("--greedy-games", type=int, default=300)
    args = parser.parse_args()
    games = {"random": args.random_games, "greedy": args.greedy_games}
    # Warm up (imports, content load, memo tables).
    for bot in games:
        per_process_rate(bot, 20, 999)
    rates: dict[str, list[float]] = {b: [] for b in games}
    jobs: dict[int, list[float]] = {1: [], 2: []}
    for r in range(args.rounds):
        for bot in games:
            rates[bot].append(per_process_rate(bot, games[bot], r))
        for j in (1, 2):
            jobs[j].append(wall_rate("greedy", games["greedy"] * 2, j, r))
    print(f"rounds: {args.rounds} (alternating; medians)")
    for bot, target in (("random", 1000), ("greedy", 200)):
        med = statistics.median(rates[bot])
        print(f"{bot:>7}: {med:8.0f} games/CPU-s per process  "
              f"(target {target}: ratio {med / target:.2f})")
    one, two = statistics.median(jobs[1]), statistics.median(jobs[2])
    print(f"greedy --jobs 1: {one:.0f} games/s wall; --jobs 2: {two:.0f} games/s wall; "
          f"speed-up x{two / one:.2f}")


if __name__ == "__main__":
    main()
