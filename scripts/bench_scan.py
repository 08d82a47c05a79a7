"""Time `throne scan`'s reading of a 12-megapixel phone photo (4000 x 3000 JPEG, q90), made
by tests/photogen.py: CPU seconds (all threads) and wall seconds per photo, OpenCV limited
to two threads (the target: 2 s on two cores).

    python scripts/bench_scan.py --photos 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import cv2  # noqa: E402
import photogen  # noqa: E402

from throne_pnp.content import load_content  # noqa: E402
from throne_pnp.scan import reader  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cv2.setNumThreads(2)
    content = load_content()
    cpu, wall = [], []
    for n in range(args.photos):
        shot = photogen.generate(content, random.Random(args.seed + n), size=(4000, 3000),
                                 quality=90)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        reader.read_photo(shot.jpeg, content)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        print(f"photo {n + 1}: {len(shot.jpeg) / 1e6:.1f} MB, {cpu[-1]:.2f} s CPU, "
              f"{wall[-1]:.2f} s wall")
    print(f"median of {args.photos}: {statistics.median(cpu):.2f} s CPU (two threads), "
          f"{statistics.median(wall):.2f} s wall per 12-megapixel photo")


if __name__ == "__main__":
    main()
