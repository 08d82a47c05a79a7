"""An SVG chart of a simulation report: win rate against hard cards, 95% CI bars
(on `sim.chart`'s axes, which alone import svgwrite)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from throne_pnp.sim.chart import RateChart

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 60


def write_plot(report: dict[str, Any], path: Path | str) -> None:
    """Draw the report's rows (one point per hard-card count) into an SVG file."""
    rows = report.get("rows") or [report]
    hards = [r["hard"] for r in rows]
    title = (f"Win rate against hard cards — bot {report['bot']}, seed {report['seed']}, "
             f"{rows[0]['games']} games per point")
    chart = RateChart(path, (WIDTH, HEIGHT), (LEFT, RIGHT, TOP, BOTTOM), hards, title)
    x, y, dwg = chart.x, chart.y, chart.dwg
    for h in hards:
        chart.text(str(h), (x(h), chart.bottom_y + 18))
    chart.frame("hard cards in the deck", HEIGHT - 18)
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
    chart.save()
