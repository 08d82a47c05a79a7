#!/usr/bin/env python
"""Benchmark the balance simulator: games per second per process, and --jobs 2.

Every measurement runs in a fresh process, so the bots' memo tables start
empty each time, as they do for `throne simulate`:

- random: games per CPU-second over 2,000 games;
- greedy, run: games per CPU-second over a whole `throne simulate --games
  3000` run in one process (`simulate.run` with --jobs 1), the way the
  balance sweep in docs/balance.md is played. The target applies to this;
- greedy, first 300: the same over only the first 300 games of a fresh
  process, while the bot's tables are still filling (shown for reference:
  short runs are this fast);
- --jobs 1 vs 2: wall-clock games per second of `simulate.run`.

The machine may be shared and noisy, so the measurements alternate
(random, greedy, greedy, jobs...) round after round and the medians are
reported. CPU time (`time.process_time`) excludes the start-up (imports,
content loading), which `bench_resolve.py` measures. Targets (issue 6):
>= 1,000 games/s per core with the random bot, >= 200 with greedy.

Usage:
  python scripts/bench_sim.py [--rounds 3] [--greedy-games 3000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from benchenv import precompile, user_env

# Runs in a fresh interpreter: prints {"rate": games per second}.
MEASURE = r"""
import json, sys, time
from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.sim.bots import make_bot
from throne_pnp.sim.simulate import game_seed, play_game, run

what, bot_name, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
board = board_for(load_content(None))
if what == "play":  # one process playing `games` games, as a chunk of `simulate` does
    bot = make_bot(bot_name)
    start = time.process_time()
    for i in range(games):
        play_game(board, bot, game_seed(seed, 0, i), 0)
    rate = games / (time.process_time() - start)
elif what == "run":  # `throne simulate --games N --jobs 1`, CPU time
    start = time.process_time()
    run(games, [0], bot=bot_name, seed=seed, jobs=1)
    rate = games / (time.process_time() - start)
else:  # "jobs=J": wall time of `throne simulate --games N --jobs J`
    jobs = int(what.split("=")[1])
    start = time.perf_counter()
    run(games, [0], bot=bot_name, seed=seed, jobs=jobs)
    rate = games / (time.perf_counter() - start)
print(json.dumps({"rate": rate}))
"""


def measure(what: str, bot: str, games: int, seed: int) -> float:
    out = subprocess.run([sys.executable, "-c", MEASURE, what, bot, str(games), str(seed)],
                         check=True, capture_output=True, text=True, env=user_env())
    return json.loads(out.stdout)["rate"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--random-games", type=int, default=2000)
    parser.add_argument("--greedy-games", type=int, default=3000)
    parser.add_argument("--jobs-games", type=int, default=1200)
    args = parser.parse_args()
    precompile()
    plans = {
        "random": ("play", "random", args.random_games),
        "greedy run": ("run", "greedy", args.greedy_games),
        "greedy first 300": ("play", "greedy", 300),
        "jobs 1": ("jobs=1", "greedy", args.jobs_games),
        "jobs 2": ("jobs=2", "greedy", args.jobs_games),
    }
    rates: dict[str, list[float]] = {name: [] for name in plans}
    for r in range(args.rounds):
        for name, (what, bot, games) in plans.items():
            rates[name].append(measure(what, bot, games, 100 + r))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    med = {name: statistics.median(values) for name, values in rates.items()}
    print(f"rounds: {args.rounds} (alternating, fresh processes; medians)")
    print(f"random: {med['random']:8.0f} games/CPU-s per process over {args.random_games} "
          f"games (target 1000: ratio {med['random'] / 1000:.2f})")
    print(f"greedy: {med['greedy run']:8.0f} games/CPU-s per process over a "
          f"{args.greedy_games}-game run (target 200: ratio {med['greedy run'] / 200:.2f})")
    print(f"        {med['greedy first 300']:8.0f} games/CPU-s over the first 300 games of a "
          "fresh process (tables still filling)")
    one, two = med["jobs 1"], med["jobs 2"]
    print(f"greedy --jobs 1: {one:.0f} games/s wall; --jobs 2: {two:.0f} games/s wall; "
          f"speed-up x{two / one:.2f} ({args.jobs_games} games)")


if __name__ == "__main__":
    main()
