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
    x, y, dwg = chart.x, chart.y, chart.dwg
    font = FONT
    for h, name in levels:
        chart.text(name, (x(h), chart.bottom_y + 18))
        chart.text(f"{h} hard", (x(h), chart.bottom_y + 33),
                   font_family=font["font_family"], font_size=10, fill="#555555")
    chart.frame("level (hard cards in the deck)", HEIGHT - 12)
    for k, (bot, points) in enumerate(sorted(curves.items())):
        colour = COLOURS.get(bot, OTHER[k % len(OTHER)])
        offset = (k - (len(curves) - 1) / 2) * 6    # bars side by side, not on top
        for h, _, _, lo, hi in points:
            cx = x(h) + offset
            dwg.add(dwg.line((cx, y(lo)), (cx, y(hi)), stroke=colour, stroke_width=1.5))
            for end in (lo, hi):
                dwg.add(dwg.line((cx - 4, y(end)), (cx + 4, y(end)), stroke=colour,
                                 stroke_width=1.5))
        line = [(x(h) + offset, y(rate)) for h, _, rate, _, _ in points]
        extra = {"stroke_dasharray": DASHES[bot]} if DASHES.get(bot) else {}
        if len(line) > 1:
            dwg.add(dwg.polyline(line, fill="none", stroke=colour, stroke_width=2, **extra))
        for px, py in line:
            dwg.add(dwg.circle((px, py), 4, fill=colour))
        ly = 40
        lx = LEFT + 10 + k * 150
        dwg.add(dwg.line((lx, ly), (lx + 24, ly), stroke=colour, stroke_width=2, **extra))
        dwg.add(dwg.circle((lx + 12, ly), 4, fill=colour))
        dwg.add(dwg.text(f"{bot} bot", insert=(lx + 30, ly + 4), **font))
    chart.save()
