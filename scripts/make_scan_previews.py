"""The previews of docs/scan.md: generated photos (tests/photogen.py) beside the sheet as
`throne scan` read them (its debug picture), 600 px high, as docs/previews/scan-photo-*.jpg.

    python scripts/make_scan_previews.py [--out docs/previews]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import photogen  # noqa: E402

from throne_pnp.content import load_content  # noqa: E402
from throne_pnp.scan.reader import debug_png, read_photo  # noqa: E402

HIGH = 600
# name: (photo seed, generate()'s options)
PREVIEWS = {
    "tilted": (7, {"kind": "a4", "tilt": 35.0}),
    "tiled": (3, {"kind": "letter-2"}),
    "offspace": (20001, {"apart": 4, "pairs": 1}),
    "glued": (2, {"kind": "a4-glued"}),
}


def side_by_side(*images: np.ndarray) -> np.ndarray:
    """The images scaled to HIGH px high, in a row with a white gap."""
    gap = np.full((HIGH, 16, 3), 255, np.uint8)
    row = []
    for image in images:
        row += [cv2.resize(image, (round(image.shape[1] * HIGH / image.shape[0]), HIGH),
                           interpolation=cv2.INTER_AREA), gap]
    return np.hstack(row[:-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "previews"))
    args = parser.parse_args()
    content = load_content()
    for name, (seed, options) in PREVIEWS.items():
        shot = photogen.generate(content, random.Random(seed), **options)
        photo = cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)
        read = cv2.imdecode(np.frombuffer(debug_png(read_photo(shot.jpeg, content)), np.uint8),
                            cv2.IMREAD_COLOR)
        path = Path(args.out) / f"scan-photo-{name}.jpg"
        cv2.imwrite(str(path), side_by_side(photo, read), [cv2.IMWRITE_JPEG_QUALITY, 85])
        print(path, shot.conditions)


if __name__ == "__main__":
    main()
