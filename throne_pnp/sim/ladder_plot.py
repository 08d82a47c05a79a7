"""An SVG chart of the difficulty ladder: each bot's win rate per level, 95% CI bars."""

from __future__ import annotations

from pathlib import Path

from throne_pnp.sim.chart import FONT, RateChart

WIDTH, HEIGHT = 640, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 45, 60, 70
COLOURS = {"search": "#7a3420", "greedy": "#1f4e9c"}
OTHER = ("#2e7d32", "#6a1b9a", "#555555")
DASHES = {"search": None, "greedy": "6,3"}

# A curve: per level (x = hard cards, level name, win rate, ci low, ci high).
Curve = list[tuple[int, str, float, float, float]]


def write_ladder_plot(curves: dict[str, Curve], levels: list[tuple[int, str]], title: str,
                      path: Path | str) -> None:
    """Draw the curves (bot -> points) over the levels (hard cards, name) into an SVG."""
    chart = RateChart(path, (WIDTH, HEIGHT), (LEFT, RIGHT, TOP, BOTTOM),
                      [h for h, _ in levels], title)
    x, dwg = chart.x, chart.dwg
    for h, name in levels:
        chart.text(name, (x(h), chart.bottom_y + 18))
        chart.text(f"{h} hard", (x(h), chart.bottom_y + 33),
                   font_family=FONT["font_family"], font_size=10, fill="#555555")
    chart.frame("level (hard cards in the deck)", HEIGHT - 12)
    for k, (bot, points) in enumerate(sorted(curves.items())):
        colour = COLOURS.get(bot, OTHER[k % len(OTHER)])
        offset = (k - (len(curves) - 1) / 2) * 6    # bars side by side, not on top
        extra = {"stroke_dasharray": DASHES[bot]} if DASHES.get(bot) else {}
        chart.rates([(x(h) + offset, rate, lo, hi) for h, _, rate, lo, hi in points], colour, 4,
                    **extra)
        ly = 40
        lx = LEFT + 10 + k * 150
        dwg.add(dwg.line((lx, ly), (lx + 24, ly), stroke=colour, stroke_width=2, **extra))
        dwg.add(dwg.circle((lx + 12, ly), 4, fill=colour))
        dwg.add(dwg.text(f"{bot} bot", insert=(lx + 30, ly + 4), **FONT))
    chart.save()
