"""Benchmark: how long the King's answer takes, as a ratio to a bare Python start.

Runs `throne resolve king` on the rulebook's movement example and
`python -c pass` alternately (the machine is shared and noisy, so both are
measured side by side in one run) and prints the median of each and their
ratio. Target: the ratio stays at or below 3.

    python scripts/bench_resolve.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile

from benchenv import precompile, timed

POSITION = "{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    precompile()
    with tempfile.TemporaryDirectory() as tmp:
        pos = os.path.join(tmp, "pos.yaml")
        with open(pos, "w") as fh:
            fh.write(POSITION)
        throne = shutil.which("throne")
        king = ([throne] if throne else [sys.executable, "-m", "throne_pnp"]) + [
            "resolve", "king", "--at", pos, "--card", "2"]
        bare = [sys.executable, "-c", "pass"]
        timed(king)  # warm the file cache
        floor, answer = [], []
        for _ in range(args.rounds):
            floor.append(timed(bare))
            answer.append(timed(king))
    f, a = statistics.median(floor), statistics.median(answer)
    print(f"python -c pass        median {f * 1000:7.1f} ms")
    print(f"throne resolve king   median {a * 1000:7.1f} ms")
    print(f"ratio                 {a / f:7.2f}x   (target <= 3x)")


if __name__ == "__main__":
    main()
