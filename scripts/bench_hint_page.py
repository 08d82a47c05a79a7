"""Benchmark: the table page stays responsive while a hint is searched.

Sets up a game at its Player Actions, starts `throne serve` (the page's own
budget: 400 rollouts, in a process of its own with two workers), and
measures a page view (GET /, read whole, on a kept-alive connection) idle,
then again and again while a hint is searched, until it is ready. Prints
the medians and 95th percentiles, their ratio and the hint's wall time.

    python scripts/bench_hint_page.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time

from bench_serve import served_game
from benchenv import ROOT, precompile


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    precompile()
    with tempfile.TemporaryDirectory() as tmp, served_game(tmp) as (_, page):
        idle = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            page.get("/")
            idle.append(time.perf_counter() - start)
        version = page.game
        began = time.perf_counter()
        if "Hint: searching" not in page.get(f"/hint?game={version}"):
            raise SystemExit("the hint did not start a search")
        busy: list[float] = []
        while True:
            start = time.perf_counter()
            page.get("/")
            busy.append(time.perf_counter() - start)
            page.conn.request("GET", f"/advice/status?kind=hint&game={version}")
            state = json.loads(page.conn.getresponse().read())["state"]
            if state not in ("waiting", "running"):
                break
            time.sleep(0.2)
        took = time.perf_counter() - began
        if state != "done" or "best first" not in page.get("/hint"):
            raise SystemExit(f"the hint ended {state}")
    i, b = statistics.median(idle), statistics.median(busy)
    print(f"page view, idle                    median {i * 1000:7.1f} ms  p95 "
          f"{p95(idle) * 1000:7.1f} ms")
    print(f"page view, while a hint searches   median {b * 1000:7.1f} ms  p95 "
          f"{p95(busy) * 1000:7.1f} ms  ({len(busy)} views)")
    print(f"ratio of medians                   {b / i:7.2f}")
    print(f"the hint, tap to answer (400 rollouts, own process)  {took:6.1f} s")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
