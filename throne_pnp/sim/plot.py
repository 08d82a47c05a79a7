"""An SVG chart of a simulation report: win rate against hard cards, 95% CI bars.

svgwrite is imported here only, so that `throne simulate` without `--plot`
(and every other command) never loads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from throne_pnp.userfile import check_output

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 60


def write_plot(report: dict[str, Any], path: Path | str) -> None:
    """Draw the report's rows (one point per hard-card count) into an SVG file."""
    import svgwrite

    check_output(path, "--plot")

    rows = report.get("rows") or [report]
    hards = [r["hard"] for r in rows]
    lo_h, hi_h = min(hards), max(hards)
    span = max(hi_h - lo_h, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(h: float) -> float:
        return LEFT + (h - lo_h) / span * plot_w if hi_h > lo_h else LEFT + plot_w / 2

    def y(rate: float) -> float:
        return TOP + (1 - rate) * plot_h

    dwg = svgwrite.Drawing(str(path), size=(f"{WIDTH}px", f"{HEIGHT}px"),
                           viewBox=f"0 0 {WIDTH} {HEIGHT}")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill="white"))
    font = {"font_family": "Helvetica, Arial, sans-serif", "font_size": 12}
    title = (f"Win rate against hard cards — bot {report['bot']}, seed {report['seed']}, "
             f"{rows[0]['games']} games per point")
    dwg.add(dwg.text(title, insert=(WIDTH / 2, 22), text_anchor="middle", **font))
    for tick in range(0, 11):
        rate = tick / 10
        dwg.add(dwg.line((LEFT, y(rate)), (LEFT + plot_w, y(rate)),
                         stroke="#dddddd" if tick % 5 else "#aaaaaa", stroke_width=1))
        dwg.add(dwg.text(f"{tick * 10}%", insert=(LEFT - 8, y(rate) + 4), text_anchor="end",
                         **font))
    for h in hards:
        dwg.add(dwg.text(str(h), insert=(x(h), TOP + plot_h + 18), text_anchor="middle",
                         **font))
    dwg.add(dwg.rect((LEFT, TOP), (plot_w, plot_h), fill="none", stroke="black"))
    dwg.add(dwg.text("hard cards in the deck", insert=(LEFT + plot_w / 2, HEIGHT - 18),
                     text_anchor="middle", **font))
    label = dwg.text("player win rate", insert=(18, TOP + plot_h / 2), text_anchor="middle",
                     **font)
    label.rotate(-90, center=(18, TOP + plot_h / 2))
    dwg.add(label)
    for row in rows:
        lo, hi = row["ci95"]
        cx = x(row["hard"])
        dwg.add(dwg.line((cx, y(lo)), (cx, y(hi)), stroke="black", stroke_width=1.5))
        for end in (lo, hi):
            dwg.add(dwg.line((cx - 5, y(end)), (cx + 5, y(end)), stroke="black",
                             stroke_width=1.5))
    points = [(x(r["hard"]), y(r["win_rate"])) for r in rows]
    if len(points) > 1:
        dwg.add(dwg.polyline(points, fill="none", stroke="#1f4e9c", stroke_width=2))
    for px, py in points:
        dwg.add(dwg.circle((px, py), 4, fill="#1f4e9c"))
    dwg.save(pretty=True)
