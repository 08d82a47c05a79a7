"""Guard rail: `throne resolve king` and `throne status` at most 5x `python -c pass`.

Both commands run as a player runs them (`python -m throne_pnp`, this
checkout's package, with byte code) on the rulebook's movement example and
on a tracked game in Player Actions, alternately with a bare `python -c
pass`: the machine is shared and noisy, so everything is measured side by
side in one run and the ratios of the medians are what to read.

    python scripts/bench_resolve.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchenv import ROOT, precompile, timed, user_env

POSITION = "{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}\n"
TARGET = 5.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    precompile()
    os.environ["PYTHONPATH"] = str(ROOT)
    os.environ.pop("THRONE_CONTENT", None)
    throne = [sys.executable, "-m", "throne_pnp"]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.chdir(tmp)
        (tmp / "pos.yaml").write_text(POSITION)
        game = str(tmp / "game.json")
        for words in (["new", "--seed", "1"], ["card", "16"]):   # Player Actions, turn 1
            subprocess.run([*throne, *words, "--game", game], check=True,
                           capture_output=True, env=user_env())
        cases = {
            "resolve king": [*throne, "resolve", "king", "--at", "pos.yaml", "--card", "2"],
            "status": [*throne, "status", "--game", game],
        }
        bare = [sys.executable, "-c", "pass"]
        for cmd in cases.values():
            timed(cmd)   # warm the file system cache
        floor: list[float] = []
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.rounds):
            for name, cmd in cases.items():
                floor.append(timed(bare))
                times[name].append(timed(cmd))
    f = statistics.median(floor)
    print(f"python -c pass         median {f * 1000:7.1f} ms")
    worst = 0.0
    for name, values in times.items():
        m = statistics.median(values)
        worst = max(worst, m / f)
        print(f"throne {name:<15} median {m * 1000:7.1f} ms   ratio {m / f:5.2f}x")
    print(f"worst ratio            {worst:7.2f}x   (target <= {TARGET:g}x)")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
