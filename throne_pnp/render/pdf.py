"""PDF renderer: draws layout `Page`s with reportlab into one PDF file.

Every page is drawn in millimetres with y growing downwards, exactly as the
layout describes it; `_y_down` is the one place that turns PDF's bottom-left,
point-based space into that frame (icon forms are drawn inside it, so they
need no flip of their own). Text
is set upright again locally. Icons become form XObjects, defined once per
colouring and placed by reference, which keeps files small. The canvas uses
`invariant=1` and fixed metadata so the same input gives the same bytes, and
only the 14 standard fonts, which every PDF reader provides.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path as FsPath

from throne_pnp.render.icons import BOX, ICON_SHAPES, resolve, variant_id
from throne_pnp.render.layout import (
    PT,
    Circle,
    Group,
    Icon,
    Line,
    Page,
    Path,
    Poly,
    Rect,
    Style,
    Text,
)

MM = 72.0 / 25.4  # points per millimetre
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _y_down(canvas, height: float, unit: float) -> None:
    """The y-flip: make (x, y) mean `unit`s from the top-left corner of a box
    `height` units tall (PDF itself counts points up from the bottom-left)."""
    canvas.translate(0, height * unit)
    canvas.scale(unit, -unit)


def _rgb(color: str) -> tuple[float, float, float]:
    return (int(color[1:3], 16) / 255, int(color[3:5], 16) / 255, int(color[5:7], 16) / 255)


class _Painter:
    """Draws shapes on a reportlab canvas, remembering the current paint state."""

    def __init__(self, canvas) -> None:
        self.c = canvas

    def paint(self, style: Style) -> tuple[int, int]:
        c = self.c
        if style.fill is not None:
            c.setFillColorRGB(*_rgb(style.fill))
        if style.stroke is not None:
            c.setStrokeColorRGB(*_rgb(style.stroke))
            c.setLineWidth(style.width)
            c.setLineCap(_CAPS[style.cap])
            c.setLineJoin(_JOINS[style.join])
            c.setDash(list(style.dash) if style.dash else [])
        return (1 if style.stroke is not None else 0, 1 if style.fill is not None else 0)

    def draw(self, items: Iterable) -> None:
        c = self.c
        for item in items:
            kind = type(item)
            if kind is Icon:
                c.saveState()
                c.translate(item.x, item.y)
                s = item.size / BOX
                c.scale(s, s)
                c.doForm(variant_id(item.name, item.ink, item.paper))
                c.restoreState()
            elif kind is Text:
                self.text(item)
            elif kind is Group:
                c.saveState()
                c.translate(item.dx, item.dy)
                if item.rotate:
                    c.rotate(item.rotate)
                if item.scale != 1:
                    c.scale(item.scale, item.scale)
                self.draw(item.items)
                c.restoreState()
            else:
                self.shape(item)

    def shape(self, item) -> None:
        c = self.c
        stroke, fill = self.paint(item.style)
        kind = type(item)
        if kind is Rect:
            if item.r:
                c.roundRect(item.x, item.y, item.w, item.h, item.r, stroke=stroke, fill=fill)
            else:
                c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif kind is Line:
            c.line(item.x1, item.y1, item.x2, item.y2)
        elif kind is Circle:
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        elif kind is Poly:
            p = c.beginPath()
            (x0, y0), *rest = item.points
            p.moveTo(x0, y0)
            for x, y in rest:
                p.lineTo(x, y)
            if item.closed:
                p.close()
            c.drawPath(p, stroke=stroke, fill=fill if item.closed else 0)
        elif kind is Path:
            p = c.beginPath()
            for cmd in item.commands:
                op = cmd[0]
                if op == "M":
                    p.moveTo(*cmd[1:])
                elif op == "L":
                    p.lineTo(*cmd[1:])
                elif op == "C":
                    p.curveTo(*cmd[1:])
                else:
                    p.close()
            c.drawPath(p, stroke=stroke, fill=fill)
        else:  # pragma: no cover - the layout has no other shapes
            raise TypeError(f"cannot draw {item!r}")

    def text(self, item: Text) -> None:
        c = self.c
        c.saveState()
        c.translate(item.x, item.y)
        c.scale(PT, -PT)      # back to points, y up, for upright glyphs
        c.setFillColorRGB(*_rgb(item.color))
        c.setFont(item.font, item.size)
        if item.anchor == "middle":
            c.drawCentredString(0, 0, item.text)
        elif item.anchor == "end":
            c.drawRightString(0, 0, item.text)
        else:
            c.drawString(0, 0, item.text)
        c.restoreState()


def icon_variants(items: Iterable, found: set | None = None) -> set[tuple[str, str, str]]:
    """Every (icon, ink, paper) colouring used in `items`, recursively."""
    found = set() if found is None else found
    for item in items:
        if type(item) is Icon:
            found.add((item.name, item.ink, item.paper))
        elif type(item) is Group:
            icon_variants(item.items, found)
    return found


def render_pdf(pages: list[Page], path: FsPath, title: str, subject: str = "") -> FsPath:
    """Write `pages` to the PDF file `path` (byte-deterministic) and return the path."""
    from reportlab.pdfgen.canvas import Canvas

    first = pages[0]
    canvas = Canvas(str(path), pagesize=(first.width * MM, first.height * MM), invariant=1,
                    pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("throne_pnp")
    canvas.setCreator("throne_pnp build")
    canvas.setSubject(subject or title)
    painter = _Painter(canvas)

    variants: set = set()
    for page in pages:
        icon_variants(page.items, variants)
    for name, ink, paper in sorted(variants):
        # Forms are drawn into the page's y-down space, so their own
        # coordinates are y-down already: no flip here.
        canvas.beginForm(variant_id(name, ink, paper), 0, 0, BOX, BOX)
        painter.draw(tuple(_resolved(ICON_SHAPES[name], ink, paper)))
        canvas.endForm()

    for page in pages:
        canvas.setPageSize((page.width * MM, page.height * MM))
        canvas.saveState()
        _y_down(canvas, page.height, MM)
        painter.draw(page.items)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return path


def _resolved(shapes: tuple, ink: str, paper: str):
    """Icon shapes with their colour names replaced."""
    for shape in shapes:
        yield _with_style(shape, resolve(shape.style, ink, paper))


def _with_style(shape, style: Style):
    from dataclasses import replace

    return replace(shape, style=style)
