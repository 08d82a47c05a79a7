"""Write PNG previews of the printed components to docs/previews/.

Builds the A4 PDFs of the default edition into a temporary directory and
rasterises the map, the first card sheet (fronts), the first back sheet, the
rules sheet, and the print guide and extras sheet of the pack with poppler's
`pdftoppm` at a low resolution, so the PNGs stay small enough to commit and
show in the README.

Usage: python scripts/make_previews.py [--dpi 60] [--content DIR]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREVIEWS = (          # (pdf, page, png name)
    ("map.pdf", 1, "map.png"),
    ("cards.pdf", 1, "cards-fronts.png"),
    ("cards.pdf", 2, "cards-backs.png"),
    ("rules.pdf", 1, "rules.png"),
    ("print-and-play.pdf", 1, "guide.png"),      # the pack opens with the print guide
    ("print-and-play.pdf", 12, "extras.png"),    # and ends with the extras (default build)
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=60, help="resolution (default 60)")
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "previews")
    opts = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        print("pdftoppm (poppler-utils) is needed to make previews", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from throne_pnp.content import load_content
    from throne_pnp.render.build import build

    opts.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        build(load_content(opts.content), Path(tmp), papers=("a4",), formats=("pdf",))
        for pdf, page, name in PREVIEWS:
            stem = Path(tmp) / name.removesuffix(".png")
            subprocess.run(["pdftoppm", "-png", "-r", str(opts.dpi), "-f", str(page),
                            "-l", str(page), "-singlefile", str(Path(tmp) / "a4" / pdf),
                            str(stem)], check=True)
            _report(stem.with_suffix(".png"), opts.out / name)
        # a close-up of the first two fronts at print-like sharpness
        from throne_pnp.render.sheets import BLEED, CARD_H, CARD_W, card_grid

        grid, dpi = card_grid("a4"), 120
        px = dpi / 25.4
        box = [round((grid.x0 - BLEED) * px), round((grid.y0 - BLEED) * px),
               round((2 * CARD_W + BLEED + 1) * px), round((CARD_H + BLEED + 1) * px)]
        stem = Path(tmp) / "card-closeup"
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1",
                        "-x", str(box[0]), "-y", str(box[1]), "-W", str(box[2]),
                        "-H", str(box[3]), "-singlefile", str(Path(tmp) / "a4" / "cards.pdf"),
                        str(stem)], check=True)
        _report(stem.with_suffix(".png"), opts.out / "card-closeup.png")
    return 0


def _report(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(f"wrote {shown} ({target.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    raise SystemExit(main())
