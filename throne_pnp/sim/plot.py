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
    x = chart.x
    for h in hards:
        chart.text(str(h), (x(h), chart.bottom_y + 18))
    chart.frame("hard cards in the deck", HEIGHT - 18)
    chart.rates([(x(r["hard"]), r["win_rate"], *r["ci95"]) for r in rows], "#1f4e9c", 5,
                bars="black")
    chart.save()
