"""Guard rail: the full `throne build` from an empty cache folder against a bare reportlab script.

The full build (`python -m throne_pnp build`: map, 27 card fronts and their
backs, rules booklet and the print-and-play pack, for A4 and Letter, as PDF
and SVG) runs with `XDG_CACHE_HOME` set to a fresh, empty folder each time,
so nothing is remembered from an earlier run. The baseline is the least a
card generator could do for the same sheets: a plain reportlab script that
writes as many PDFs with as many pages as the build does (counted from the
build's own files), each page holding a frame, nine card outlines with a
title and a line of text. Each is a fresh subprocess (interpreter start and
imports included, as a user pays them), taken in turns so that machine noise
hits both alike. The ratio of the medians is the guard rail: at most 5.

Both wall time and CPU time (user + system of the child) are reported; on a
machine shared with other work the CPU time is the steadier figure.

Usage: python scripts/bench_build.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchenv import ROOT, precompile, user_env

TARGET = 5.0

BASELINE = r'''
import sys
from pathlib import Path
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for number, pages in enumerate(map(int, sys.argv[2:])):
    c = Canvas(str(out / f"doc-{number}.pdf"), pagesize=A4, invariant=1)
    for page in range(pages):
        c.setStrokeColorRGB(0.3, 0.1, 0.05)
        c.rect(8 * mm, 8 * mm, 194 * mm, 281 * mm)
        for i in range(9):
            col, row = i % 3, i // 3
            x, y = 10.5 * mm + col * 63 * mm, 16.5 * mm + row * 88 * mm
            c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 3 * mm)
            c.setFont("Helvetica-Bold", 10)
            c.drawCentredString(x + 31.5 * mm, y + 75 * mm, f"Page {page + 1}, card {i + 1}")
            c.setFont("Helvetica", 8)
            c.drawString(x + 6 * mm, y + 10 * mm, "2 swords, 1 shield, rally")
        c.showPage()
    c.save()
'''


def run(cmd: list[str], **extra: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of `cmd`, output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**user_env(), **extra})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def page_counts(folder: Path) -> list[int]:
    """The page count of every PDF under `folder` (reportlab writes page objects plainly)."""
    return [len(re.findall(rb"/Type /Page[^s]", pdf.read_bytes()))
            for pdf in sorted(folder.rglob("*.pdf"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    opts = parser.parse_args()
    precompile()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)

        def full_build(index: int) -> tuple[float, float]:
            cache = work / f"cache-{index}"     # a fresh, empty cache folder each time
            cache.mkdir()
            return run([sys.executable, "-m", "throne_pnp", "build", "--out",
                        str(work / "out")], XDG_CACHE_HOME=str(cache),
                       PYTHONPATH=str(ROOT), THRONE_CONTENT=str(ROOT / "content"))

        full_build(0)        # warm the file cache and the byte code
        counts = page_counts(work / "out")
        files = sum(1 for p in (work / "out").rglob("*") if p.is_file())
        script = work / "baseline.py"
        script.write_text(BASELINE)
        bare = [sys.executable, str(script), str(work / "bare"), *map(str, counts)]
        run(bare)
        full_t, bare_t = [], []
        for index in range(1, opts.runs + 1):
            full_t.append(full_build(index))
            bare_t.append(run(bare))
    print(f"full build from an empty cache folder: {files} files, {len(counts)} PDFs of "
          f"{sum(counts)} pages ({', '.join(map(str, counts))}); median of {opts.runs} runs")
    for label, column in (("wall", 0), ("CPU", 1)):
        f = statistics.median(t[column] for t in full_t)
        b = statistics.median(t[column] for t in bare_t)
        print(f"{label:>4}: build {f * 1000:.0f} ms, bare reportlab (same PDFs and pages) "
              f"{b * 1000:.0f} ms, ratio {f / b:.2f}x (target <= {TARGET:.0f}x)")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
