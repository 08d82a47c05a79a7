#!/usr/bin/env python
"""Guard rail: the greedy simulator plays >= 200 games per CPU-second.

Each round runs `throne simulate --games N --jobs 1` (`sim.decks.run`) in a
fresh process and divides the games by its CPU time (`time.process_time`,
start-up excluded: `bench_resolve.py` measures that). The machine may be
shared and noisy: the median of the rounds is reported, with its ratio to
the target. `--compare DIR` runs the same rounds, alternating, on another
checkout of the project (e.g. the commit before a change), side by side.

Usage:
  python scripts/bench_sim.py [--rounds 3] [--games 2000] [--compare DIR]
"""

from __future__ import annotations

import argparse

from benchenv import median_rates

TARGET = 200  # games per CPU-second

MEASURE = r"""
import json, sys, time
try:
    from throne_pnp.sim.decks import run
except ImportError:  # a checkout from before run() moved (for --compare)
    from throne_pnp.sim.simulate import run
games = int(sys.argv[1])
start = time.process_time()
run(games, [0], bot="greedy", seed=1, jobs=1)
print(json.dumps({"rate": games / (time.process_time() - start)}))
"""



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--compare", default=None, help="another checkout to measure alongside")
    args = parser.parse_args()
    rates = median_rates(MEASURE, [str(args.games)], args.rounds, args.compare)
    for name, rate in rates.items():
        print(f"greedy ({name}): {rate:.0f} games/CPU-s over {args.games} games "
              f"(target {TARGET}: ratio {rate / TARGET:.2f}; rounds {args.rounds})")


if __name__ == "__main__":
    main()
