"""SVG charts of win rates (0-100 % up, hard cards along, grid every 10 %): a simulation
report's (`--plot`) and the difficulty ladder's, each bot a curve with 95% CI bars.
svgwrite is imported here only, when a chart is asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

FONT = {"font_family": "Helvetica, Arial, sans-serif", "font_size": 12}
PLOT_SIZE, PLOT_MARGINS = (640, 400), (70, 20, 40, 60)        # left, right, top, bottom
LADDER_SIZE, LADDER_MARGINS = (640, 420), (70, 45, 60, 70)
COLOURS = {"expert": "#2e7d32", "search": "#7a3420", "greedy": "#1f4e9c"}
OTHER = ("#6a1b9a", "#555555", "#b8860b")
DASHES = {"search": None, "greedy": "6,3"}

# A curve: per level (x = hard cards, level name, win rate, ci low, ci high).
Curve = list[tuple[int, str, float, float, float]]


class RateChart:
    """An SVG drawing with win-rate axes; `margins` (left, right, top, bottom) in px, `hards`
    the x values to span. Draw x tick labels, then `frame`, then the points, then `save`."""

    def __init__(self, path: Path | str, size: tuple[int, int],
                 margins: tuple[int, int, int, int], hards: list[int], title: str):
        import svgwrite

        self.width, self.height = size
        self.left, right, self.top, bottom = margins
        self.plot_w = self.width - self.left - right
        self.plot_h = self.height - self.top - bottom
        self.lo_h, self.hi_h = min(hards), max(hards)
        self.dwg = dwg = svgwrite.Drawing(str(path), size=(f"{self.width}px", f"{self.height}px"),
                                          viewBox=f"0 0 {self.width} {self.height}")
        dwg.add(dwg.rect((0, 0), (self.width, self.height), fill="white"))
        dwg.add(dwg.text(title, insert=(self.width / 2, 22), text_anchor="middle", **FONT))
        for tick in range(0, 11):
            rate = tick / 10
            dwg.add(dwg.line((self.left, self.y(rate)), (self.left + self.plot_w, self.y(rate)),
                             stroke="#dddddd" if tick % 5 else "#aaaaaa", stroke_width=1))
            dwg.add(dwg.text(f"{tick * 10}%", insert=(self.left - 8, self.y(rate) + 4),
                             text_anchor="end", **FONT))

    def x(self, h: float) -> float:
        """The x of `h` hard cards (the middle when the chart spans one value)."""
        if self.hi_h == self.lo_h:
            return self.left + self.plot_w / 2
        return self.left + (h - self.lo_h) / max(self.hi_h - self.lo_h, 1) * self.plot_w

    def y(self, rate: float) -> float:
        return self.top + (1 - rate) * self.plot_h

    @property
    def bottom_y(self) -> float:
        """The y of the plot's lower edge (x tick labels go below it)."""
        return self.top + self.plot_h

    def text(self, words: str, at: tuple[float, float], **style: Any) -> None:
        self.dwg.add(self.dwg.text(words, insert=at, text_anchor="middle", **(style or FONT)))

    def frame(self, x_title: str, x_title_y: float) -> None:
        """The plot's border, the x axis title at `x_title_y` and the y axis title."""
        dwg = self.dwg
        dwg.add(dwg.rect((self.left, self.top), (self.plot_w, self.plot_h), fill="none",
                         stroke="black"))
        self.text(x_title, (self.left + self.plot_w / 2, x_title_y))
        middle = (18, self.top + self.plot_h / 2)
        label = dwg.text("player win rate", insert=middle, text_anchor="middle", **FONT)
        label.rotate(-90, center=middle)
        dwg.add(label)

    def rates(self, points: list[tuple[float, float, float, float]], colour: str, cap: float,
              bars: str | None = None, **line_style: Any) -> None:
        """Points (x, rate, ci low, ci high): a CI bar each (`bars`: their colour if not
        `colour`), then a line through them, then dots."""
        dwg, y = self.dwg, self.y
        bars = bars or colour
        for cx, _, lo, hi in points:
            dwg.add(dwg.line((cx, y(lo)), (cx, y(hi)), stroke=bars, stroke_width=1.5))
            for end in (lo, hi):
                dwg.add(dwg.line((cx - cap, y(end)), (cx + cap, y(end)), stroke=bars,
                                 stroke_width=1.5))
        line = [(cx, y(rate)) for cx, rate, _, _ in points]
        if len(line) > 1:
            dwg.add(dwg.polyline(line, fill="none", stroke=colour, stroke_width=2, **line_style))
        for px, py in line:
            dwg.add(dwg.circle((px, py), 4, fill=colour))

    def save(self) -> None:
        """Write the chart whole (the one writer, `throne_pnp.writing`)."""
        import io

        from throne_pnp.writing import write_text

        text = io.StringIO()
        self.dwg.write(text, pretty=True)
        write_text(self.dwg.filename, text.getvalue())


def write_plot(report: dict[str, Any], path: Path | str) -> None:
    """Draw the report's rows (one point per hard-card count) into an SVG file."""
    rows = report.get("rows") or [report]
    hards = [r["hard"] for r in rows]
    title = (f"Win rate against hard cards — bot {report['bot']}, seed {report['seed']}, "
             f"{rows[0]['games']} games per point")
    chart = RateChart(path, PLOT_SIZE, PLOT_MARGINS, hards, title)
    x = chart.x
    for h in hards:
        chart.text(str(h), (x(h), chart.bottom_y + 18))
    chart.frame("hard cards in the deck", chart.height - 18)
    chart.rates([(x(r["hard"]), r["win_rate"], *r["ci95"]) for r in rows], "#1f4e9c", 5,
                bars="black")
    chart.save()


def write_ladder_plot(curves: dict[str, Curve], levels: list[tuple[int, str]], title: str,
                      path: Path | str) -> None:
    """Draw the curves (bot -> points) over the levels (hard cards, name) into an SVG."""
    chart = RateChart(path, LADDER_SIZE, LADDER_MARGINS, [h for h, _ in levels], title)
    x, dwg = chart.x, chart.dwg
    for h, name in levels:
        chart.text(name, (x(h), chart.bottom_y + 18))
        chart.text(f"{h} hard", (x(h), chart.bottom_y + 33),
                   font_family=FONT["font_family"], font_size=10, fill="#555555")
    chart.frame("level (hard cards in the deck)", chart.height - 12)
    for k, (bot, points) in enumerate(sorted(curves.items())):
        colour = COLOURS.get(bot, OTHER[k % len(OTHER)])
        offset = (k - (len(curves) - 1) / 2) * 6    # bars side by side, not on top
        extra = {"stroke_dasharray": DASHES[bot]} if DASHES.get(bot) else {}
        chart.rates([(x(h) + offset, rate, lo, hi) for h, _, rate, lo, hi in points], colour, 4,
                    **extra)
        ly = 40
        lx = chart.left + 10 + k * 150
        dwg.add(dwg.line((lx, ly), (lx + 24, ly), stroke=colour, stroke_width=2, **extra))
        dwg.add(dwg.circle((lx + 12, ly), 4, fill=colour))
        dwg.add(dwg.text(f"{bot} bot", insert=(lx + 30, ly + 4), **FONT))
    chart.save()
