"""How well `throne scan` counts the cubes standing off the cube spaces (SPEC §10, #31), on
generated photos (tests/photogen.py: random conditions and colours, `--apart` lone cubes and
`--pairs` touching pairs off the spaces of each photo).

Each territory and side holding cubes off the spaces (or read so; a side left open as too like
the land, `faint`, is not a read) is right (the count sure and
true), unsure (a range holding the truth) or wrong (a count or range without it); figures in
all and by the King's and the player's colour, and how many touching pairs came out unsure.

    python scripts/scan_offspace.py --photos 40 --seed 20000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import photogen  # noqa: E402

from throne_pnp.content import load_content  # noqa: E402
from throne_pnp.scan.photo import ScanRefused  # noqa: E402
from throne_pnp.scan.reader import read_photo  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--apart", type=int, default=4)
    parser.add_argument("--pairs", type=int, default=1)
    args = parser.parse_args()
    content = load_content()
    tally: dict[str, Counter] = defaultdict(Counter)
    for seed in range(args.seed, args.seed + args.photos):
        shot = photogen.generate(content, random.Random(seed), apart=args.apart,
                                 pairs=args.pairs)
        try:
            reading = read_photo(shot.jpeg, content)
        except ScanRefused:
            tally["all"]["refused photos"] += 1
            continue
        ranges: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
        unsure = {o.territory for o in reading.off if not o.sure}
        for o in reading.off:
            if o.faint:     # no blob: a side too like the land, left open (not a read)
                ranges[(o.territory, o.side)][1] += o.high
                continue
            for side in ("king", "player"):
                if o.side in (side, None):
                    ranges[(o.territory, side)][0] += o.low if o.side == side else 0
                    ranges[(o.territory, side)][1] += o.high
        king, player = shot.conditions["colours"]
        read = {(o.territory, side) for o in reading.off if not o.faint
                for side in ("king", "player") if o.side in (side, None)}
        for key in set(shot.off) | read:
            low, high = ranges.get(key, (0, 0))
            truth = shot.off.get(key, 0)
            verdict = ("wrong" if not low <= truth <= high else "right" if low == high
                       else "unsure")
            colour = king if key[1] == "king" else player
            for group in ("all", f"{key[1]} {colour}"):
                tally[group][verdict] += 1
        tally["all"]["pairs"] += len(shot.touching)
        tally["all"]["pairs unsure"] += len(shot.touching & unsure)
    print(f"{'group':16} {'counts':>6} {'right%':>7} {'unsure%':>8} {'wrong%':>7}")
    for group in sorted(tally, key=lambda g: (g != "all", g)):
        t = tally[group]
        n = t["right"] + t["unsure"] + t["wrong"]
        print(f"{group:16} {n:6} " + " ".join(f"{100 * t[v] / max(n, 1):{w}.1f}" for v, w in (
            ("right", 7), ("unsure", 8), ("wrong", 7))))
    t = tally["all"]
    print(f"touching pairs: {t['pairs']}, unsure {t['pairs unsure']}; "
          f"photos refused: {t['refused photos']}")


if __name__ == "__main__":
    main()
