"""An SVG chart of the difficulty ladder: each bot's win rate per level, 95% CI bars.

One curve per measured bot (the search bot's and greedy's, from `ladder.yaml`
and the run just made), levels along the x axis at their number of hard
cards. svgwrite is imported here only, when `--plot` asks for it.
"""

from __future__ import annotations

from pathlib import Path

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
    import svgwrite

    xs = [h for h, _ in levels]
    lo_h, hi_h = min(xs), max(xs)
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
    dwg.add(dwg.text(title, insert=(WIDTH / 2, 22), text_anchor="middle", **font))
    for tick in range(0, 11):
        rate = tick / 10
        dwg.add(dwg.line((LEFT, y(rate)), (LEFT + plot_w, y(rate)),
                         stroke="#dddddd" if tick % 5 else "#aaaaaa", stroke_width=1))
        dwg.add(dwg.text(f"{tick * 10}%", insert=(LEFT - 8, y(rate) + 4), text_anchor="end",
                         **font))
    for h, name in levels:
        dwg.add(dwg.text(name, insert=(x(h), TOP + plot_h + 18), text_anchor="middle", **font))
        dwg.add(dwg.text(f"{h} hard", insert=(x(h), TOP + plot_h + 33), text_anchor="middle",
                         font_family=font["font_family"], font_size=10, fill="#555555"))
    dwg.add(dwg.rect((LEFT, TOP), (plot_w, plot_h), fill="none", stroke="black"))
    dwg.add(dwg.text("level (hard cards in the deck)", insert=(LEFT + plot_w / 2, HEIGHT - 12),
                     text_anchor="middle", **font))
    label = dwg.text("player win rate", insert=(18, TOP + plot_h / 2), text_anchor="middle",
                     **font)
    label.rotate(-90, center=(18, TOP + plot_h / 2))
    dwg.add(label)
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
    dwg.save(pretty=True)
