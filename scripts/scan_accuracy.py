"""How well `throne scan` reads generated photos it was never tuned on (tests/photogen.py):
cube spaces right, whole boards right, wrong reads among the spaces not marked unsure, and
refusals, overall and per condition (tilt, light, blur, JPEG quality, colours, sheet).

    python scripts/scan_accuracy.py --photos 500 --seed 40000   # the tuning used seeds < 10000

Needs the test extra (pypdfium2, OpenCV).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import photogen  # noqa: E402

from throne_pnp.content import load_content  # noqa: E402
from throne_pnp.scan import photo, reader  # noqa: E402


def buckets(conditions: dict) -> list[str]:
    """The condition groups one photo counts in."""
    tilt, light, blur = conditions["tilt"], conditions["light"], conditions["blur"]
    return [
        "all",
        f"tilt {10 * int(min(tilt, 39.9) // 10)}-{10 * int(min(tilt, 39.9) // 10) + 10} deg",
        "light even" if light < 0.15 else ("light uneven" if light < 0.3 else "light strong"),
        "blur none" if blur < 0.5 else ("blur some" if blur < 1.2 else "blur strong"),
        f"jpeg q{'60-74' if conditions['quality'] < 75 else '75-95'}",
        f"king {conditions['colours'][0]}",
        f"player {conditions['colours'][1]}",
        f"sheet {conditions['kind']}" + (" ink saver" if conditions["ink_saver"] else ""),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=500)
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    content = load_content()
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seconds = 0.0
    for n in range(args.photos):
        shot = photogen.accuracy_photo(content, args.seed + n)
        start = time.process_time()
        try:
            reading = reader.read_photo(shot.jpeg, content)
        except photo.ScanRefused:
            reading = None
        seconds += time.process_time() - start
        right = wrong = unsure = 0
        for read in reading.spaces if reading else ():
            truth = shot.truth[(read.space.territory, read.space.side, read.space.index)]
            unsure += read.state == "unsure"
            right += read.state == truth
            wrong += read.state not in ("unsure", truth)
        for bucket in buckets(shot.conditions):
            s = stats[bucket]
            s["photos"] += 1
            s["refused"] += reading is None
            s["spaces"] += len(shot.truth)
            s["right"] += right
            s["wrong"] += wrong
            s["unsure"] += unsure
            s["boards right"] += reading is not None and right == len(shot.truth)
    table = {
        name: {"photos": int(s["photos"]),
               "spaces right %": round(100 * s["right"] / s["spaces"], 2),
               "boards right %": round(100 * s["boards right"] / s["photos"], 1),
               "wrong among read %": round(100 * s["wrong"] / max(1, s["right"] + s["wrong"]),
                                           3),
               "unsure %": round(100 * s["unsure"] / s["spaces"], 2),
               "refused": int(s["refused"])}
        for name, s in sorted(stats.items(), key=lambda kv: (kv[0] != "all", kv[0]))}
    if args.json:
        print(json.dumps({"cpu seconds per photo": seconds / args.photos, "table": table},
                         indent=2))
        return
    print(f"{args.photos} photos (seeds {args.seed}..{args.seed + args.photos - 1}), "
          f"{seconds / args.photos:.3f} s CPU per photo to read (1600 x 1200, A3 2400 x 1800)")
    print(f"{'condition':<24}{'photos':>7}{'spaces ok%':>11}{'boards ok%':>11}"
          f"{'wrong%':>8}{'unsure%':>8}{'refused':>8}")
    for name, row in table.items():
        print(f"{name:<24}{row['photos']:>7}{row['spaces right %']:>11}"
              f"{row['boards right %']:>11}{row['wrong among read %']:>8}"
              f"{row['unsure %']:>8}{row['refused']:>8}")


if __name__ == "__main__":
    main()
