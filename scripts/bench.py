"""Run every benchmark of the project in one go and print their ratio reports.

Each script measures against its own baseline side by side in the same run
(the machines are shared and noisy), so the ratios are what to read:

- bench_resolve.py: `resolve king` and `status` vs a bare `python -c pass` (target <= 5x)
- bench_build.py: the full build from an empty cache folder vs a bare reportlab script
  of the same PDFs and pages (target <= 5x)
- bench_sim.py: greedy simulator games per CPU-second (target >= 200)
- bench_search.py: search sweep games per CPU-minute at the ladder budget (target >= 200)

    python scripts/bench.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPTS = ("bench_resolve.py", "bench_build.py", "bench_sim.py", "bench_search.py")


def main() -> int:
    here = Path(__file__).resolve().parent
    failed = 0
    for name in SCRIPTS:
        print(f"== {name}", flush=True)
        failed |= subprocess.run([sys.executable, str(here / name)]).returncode
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
