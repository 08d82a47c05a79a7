"""Benchmark: the full `throne build` against a bare reportlab script.

The full build writes every component (map, 27 card fronts and their backs,
rules) for both papers as PDF and as SVG. The baseline is the least a card
generator could do: a plain reportlab script that draws 27 simple cards
(a frame, a title, a few words) on three A4 pages. Each is run as a fresh
subprocess (interpreter start and imports included, as a user pays them),
alternating the two (and a bare `python -c pass`) so that machine noise
hits all alike. The build runs three times a round: as a rebuild of
unchanged content (its layout, font and fit memos warm in the user cache
folder), as the rebuild after a designer's edit (a copy of the edition
with one card renamed, to a name no earlier run built: the content and
layouts are read afresh, the map's fit check and the fonts are remembered),
and with nothing remembered (`THRONE_NO_CACHE=1`: a first build).
Prints the medians and their ratios; the target is a ratio of at most 3.
It also prints each one's fixed overhead, the milliseconds
above the bare start, and the ratio those overheads give where Python
starts in FAST_START ms: (FAST_START + build) / (FAST_START + baseline).
The build forks a second process for half its work when a core is free
(the load average below the cores) and works in one process otherwise: on
a busy machine its ratio grows for that reason alone.

`--png` times the print-on-demand export instead (`--format png`: 28 images
at 300 dpi, rasterised with pypdfium2), which is not part of the default
build and has no target; it is reported against the same baseline.

Usage: python scripts/bench_build.py [--runs 7] [--png]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from benchenv import precompile, timed

BASELINE = r'''
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

c = Canvas(sys.argv[1], pagesize=A4, invariant=1)
for i in range(27):
    if i and i % 9 == 0:
        c.showPage()
    col, row = i % 3, (i // 3) % 3
    x, y = 10.5 * mm + col * 63 * mm, 16.5 * mm + row * 88 * mm
    c.setStrokeColorRGB(0.3, 0.1, 0.05)
    c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 3 * mm)
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(x + 31.5 * mm, y + 75 * mm, f"Card {i + 1}")
    c.setFont("Helvetica", 8)
    c.drawString(x + 6 * mm, y + 10 * mm, "2 swords, 1 shield, rally")
c.showPage()
c.save()
'''


# What `throne build` does, minus the command-line layer (click and the other
# commands' modules, which are not part of the build).
FULL = r'''
import sys
from pathlib import Path
from throne_pnp.content import load_content
from throne_pnp.render.build import build
build(load_content(sys.argv[1]), Path(sys.argv[2]))
'''

FAST_START = 20.0   # ms: `python -c pass` where Python starts fast

PNG = r'''
import sys
from pathlib import Path
from throne_pnp.content import load_content
from throne_pnp.render.build import build
build(load_content(sys.argv[1]), Path(sys.argv[2]), formats=("png",))
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    parser.add_argument("--png", action="store_true",
                        help="time the PNG export (--format png) instead of the default build")
    opts = parser.parse_args()
    precompile()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        base_script = Path(tmp) / "baseline.py"
        base_script.write_text(BASELINE)
        full = [sys.executable, "-c", PNG if opts.png else FULL, str(root / "content"),
                str(Path(tmp) / "out")]
        base = [sys.executable, str(base_script), str(Path(tmp) / "baseline.pdf")]
        edition = Path(tmp) / "edition"
        shutil.copytree(root / "content", edition)
        cards = edition / "cards.yaml"
        original = cards.read_text(encoding="utf-8")
        edited = [sys.executable, "-c", PNG if opts.png else FULL, str(edition),
                  str(Path(tmp) / "edited")]
        timed(full)   # warm the file cache, the build's cache and any byte-code compilation
        timed(edited)
        timed(base)
        bare = [sys.executable, "-c", "pass"]
        full_t, edit_t, cold_t, base_t, bare_t = [], [], [], [], []
        for run in range(opts.runs):
            full_t.append(timed(full))
            # A designer's edit: one card renamed, a name no earlier run has built.
            cards.write_text(original.replace("name: Quiet Muster,",
                                              f"name: Quiet Muster {run + 1},", 1),
                             encoding="utf-8")
            edit_t.append(timed(edited))
            cold_t.append(timed(full, THRONE_NO_CACHE="1"))
            base_t.append(timed(base))
            bare_t.append(timed(bare))
        count = len(list((Path(tmp) / "out").rglob("*.*")))
    b, p = statistics.median(base_t), statistics.median(bare_t)
    what = ("PNG export (27 faces + back, 300 dpi)" if opts.png else
            "full build (map, 27 fronts + backs, rules, pack; A4 + Letter; PDF + SVG)")
    print(f"{what}, {count} files, median of {opts.runs} runs each:")
    print(f"bare reportlab, 27 simple cards: {b * 1000:.0f} ms; python -c pass: {p * 1000:.0f} ms")
    over_b = (b - p) * 1000
    for label, times in (("rebuild, content unchanged (the build's memos)", full_t),
                         ("rebuild after renaming a card", edit_t),
                         ("nothing remembered (THRONE_NO_CACHE=1)", cold_t)):
        f = statistics.median(times)
        over_f = (f - p) * 1000
        fast = (FAST_START + over_f) / (FAST_START + over_b)
        print(f"{label}: {f * 1000:.0f} ms, ratio {f / b:.2f}x"
              + ("" if opts.png else " (target <= 3x)")
              + f"; at a {FAST_START:.0f} ms start {fast:.2f}x"
              f" (overhead above the bare start: build {over_f:.0f} ms, bare reportlab"
              f" {over_b:.0f} ms)")


if __name__ == "__main__":
    main()
