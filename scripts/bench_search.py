#!/usr/bin/env python
"""Guard rail: the search's ladder sweep plays >= 200 games per CPU-minute.

Each round plays `throne simulate --sweep --ladder --bot search --games N
--jobs 1` (every level of the difficulty ladder, N games each, at the sweep
budget the ladder is measured with) in a fresh process and divides the
games by its CPU time. The median of the rounds is reported, with its ratio
to the target; `--compare DIR` measures another checkout of the project
alongside, alternating (the machine may be shared and noisy).

Usage:
  python scripts/bench_search.py [--rounds 3] [--games 12] [--compare DIR]
"""

from __future__ import annotations

import argparse

from benchenv import median_rates

TARGET = 200  # games per CPU-minute

MEASURE = r"""
import json, sys, time
from throne_pnp.content import load_content
from throne_pnp.content.ladder import ladder_of
try:
    from throne_pnp.sim.decks import ladder_report
except ImportError:  # a checkout from before it moved (for --compare)
    from throne_pnp.sim.ladder_sweep import ladder_report
games = int(sys.argv[1])
content = load_content(None)
levels = ladder_of(content)
start = time.process_time()
report = ladder_report(content, levels, games, bot="search", seed=1, jobs=1)
print(json.dumps({"games": report["games"], "rate": 60 * report["games"]
                  / (time.process_time() - start)}))
"""



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=12, help="games per ladder level")
    parser.add_argument("--compare", default=None, help="another checkout to measure alongside")
    args = parser.parse_args()
    rates = median_rates(MEASURE, [str(args.games)], args.rounds, args.compare)
    for name, rate in rates.items():
        print(f"search ladder sweep ({name}): {rate:.0f} games/CPU-minute, {args.games} games "
              f"a level (target {TARGET}: ratio {rate / TARGET:.2f}; rounds {args.rounds})")


if __name__ == "__main__":
    main()
