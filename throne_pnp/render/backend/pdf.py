"""PDF renderer: draws layout `Page`s with reportlab into one PDF file.

`render_pdf` is the one place that flips PDF's bottom-left, point-based space into
the layout's mm with y down (icon forms and text are drawn inside that frame).
reportlab owns the document (subset fonts, forms, zlib, `invariant=1` for identical
bytes); page content is PDF operators, each paint state set only when it changes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path as FsPath

from throne_pnp.render.backend import fonts
from throne_pnp.render.backend.icons import BOX, ICON_SHAPES, resolve, variant_id
from throne_pnp.render.backend.layout import (
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
    icon_variants,
    text_width,
)
from throne_pnp.writing import write_bytes

MM = 72.0 / 25.4  # points per millimetre
KAPPA = 0.5522847498  # Bézier handle length for a quarter circle
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_PATH_OPS = {"M": "m", "L": "l", "C": "c", "Z": "h"}


def _f(value: float) -> str:
    """A number as PDF wants it: rounded to 0.001, no exponent or trailing zeros ("0.5")."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _rgb(color: str) -> str:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return f"{_f(r)} {_f(g)} {_f(b)}"


NEUTRAL = 24 / 255     # channels this close together: a grey (or black), not a colour
BLACK = 0x40 / 255     # a grey this dark is the black of the text


def _text_fill(color: str) -> str:
    """The fill operator for text of `color`: near-black as pure K, a grey as its
    tint of K (four-ink small text blurs with registration), colour as RGB."""
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    if max(r, g, b) - min(r, g, b) > NEUTRAL:
        return f"{_rgb(color)} rg"
    level = (r + g + b) / 3
    k = 1.0 if level <= BLACK else 1.0 - level
    return f"0 0 0 {_f(k)} k"


class _Painter:
    """Writes shapes as PDF operators, remembering the current paint state."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.ops: list[str] = []
        self.state: dict[str, object] = {}

    def _set(self, key: str, value: object, op: str) -> None:
        if self.state.get(key) != value:
            self.state[key] = value
            self.ops.append(op)

    def paint(self, style: Style) -> str:
        """Set fill/stroke state for `style`; return the painting operator."""
        if style.fill is not None:
            self._set("fill", style.fill, f"{_rgb(style.fill)} rg")
        if style.stroke is None:
            return "f" if style.fill is not None else "n"
        self._set("stroke", style.stroke, f"{_rgb(style.stroke)} RG")
        self._set("width", style.width, f"{_f(style.width)} w")
        self._set("cap", style.cap, f"{_CAPS[style.cap]} J")
        self._set("join", style.join, f"{_JOINS[style.join]} j")
        self._set("dash", style.dash, f"[{' '.join(_f(d) for d in style.dash)}] 0 d")
        return "B" if style.fill is not None else "S"

    def draw(self, items: Iterable) -> None:
        for item in items:
            kind = type(item)
            if kind is Icon:
                s = item.size / BOX
                self.ops.append(f"q {_f(s)} 0 0 {_f(s)} {_f(item.x)} {_f(item.y)} cm")
                self.flush()
                self.canvas.doForm(variant_id(item.name, item.ink, item.paper))
                self.ops.append("Q")
            elif kind is Text:
                self.text(item)
            elif kind is Group:
                saved = dict(self.state)         # q ... Q: the paint state restored after
                self.ops.append("q")
                if item.dx or item.dy:
                    self.ops.append(f"1 0 0 1 {_f(item.dx)} {_f(item.dy)} cm")
                if item.rotate:
                    a = math.radians(item.rotate)
                    c, s = math.cos(a), math.sin(a)
                    self.ops.append(f"{_f(c)} {_f(s)} {_f(-s)} {_f(c)} 0 0 cm")
                if item.scale != 1:
                    self.ops.append(f"{_f(item.scale)} 0 0 {_f(item.scale)} 0 0 cm")
                if item.clip:
                    self.ops.append(" ".join(_f(v) for v in item.clip) + " re W n")
                self.draw(item.items)
                self.ops.append("Q")
                self.state = saved
            else:
                self.shape(item)

    def shape(self, item) -> None:
        op = self.paint(item.style)
        kind = type(item)
        ops = self.ops
        if kind is Rect:
            if item.r:
                ops.append(_round_rect(item.x, item.y, item.w, item.h, item.r) + op)
            else:
                ops.append(f"{_f(item.x)} {_f(item.y)} {_f(item.w)} {_f(item.h)} re {op}")
        elif kind is Line:
            ops.append(f"{_f(item.x1)} {_f(item.y1)} m {_f(item.x2)} {_f(item.y2)} l S")
        elif kind is Circle:
            ops.append(_circle(item.cx, item.cy, item.r) + op)
        elif kind is Poly:
            (x0, y0), *rest = item.points
            parts = [f"{_f(x0)} {_f(y0)} m", *(f"{_f(x)} {_f(y)} l" for x, y in rest)]
            if item.closed:
                parts.append("h")
            else:
                op = "S"
            ops.append(" ".join(parts) + " " + op)
        elif kind is Path:
            parts = [" ".join([*(_f(v) for v in cmd[1:]), _PATH_OPS[cmd[0]]])
                     for cmd in item.commands]
            ops.append(" ".join(parts) + " " + op)
        else:  # pragma: no cover - the layout has no other shapes
            raise TypeError(f"cannot draw {item!r}")

    def text(self, item: Text) -> None:
        self._set("fill", ("text", item.color), _text_fill(item.color))
        x = item.x
        if item.anchor != "start":
            width = text_width(item.text, item.size, item.bold, item.italic, item.mono,
                               item.serif)
            x -= width / 2 if item.anchor == "middle" else width
        self.ops.append(f"BT 1 0 0 -1 {_f(x)} {_f(item.y)} Tm "
                        f"{self._runs(item.font, _f(item.size * PT), item.text)} ET")

    def _runs(self, name: str, size: str, text: str) -> str:
        """A text's font and show operators: upright glyphs, size in mm; a run may
        switch font (subsets of up to 256 glyphs, codes in drawing order) midway."""
        from reportlab.pdfbase.pdfdoc import escapePDF

        font = fonts.font(name)
        doc = self.canvas._doc
        return " ".join(f"{font.getSubsetInternalName(subset, doc)} {size} Tf "
                        f"({escapePDF(chunk)}) Tj"
                        for subset, chunk in font.splitString(text, doc))

    def flush(self) -> None:
        """Hand the collected operators to the canvas."""
        if self.ops:
            self.canvas.addLiteral("\n".join(self.ops))
            self.ops = []


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    x2, y2 = x + w, y + h
    return (f"{_f(x + r)} {_f(y)} m {_f(x2 - r)} {_f(y)} l "
            f"{_f(x2 - k)} {_f(y)} {_f(x2)} {_f(y + k)} {_f(x2)} {_f(y + r)} c "
            f"{_f(x2)} {_f(y2 - r)} l "
            f"{_f(x2)} {_f(y2 - k)} {_f(x2 - k)} {_f(y2)} {_f(x2 - r)} {_f(y2)} c "
            f"{_f(x + r)} {_f(y2)} l "
            f"{_f(x + k)} {_f(y2)} {_f(x)} {_f(y2 - k)} {_f(x)} {_f(y2 - r)} c "
            f"{_f(x)} {_f(y + r)} l "
            f"{_f(x)} {_f(y + k)} {_f(x + k)} {_f(y)} {_f(x + r)} {_f(y)} c h ")


def _circle(cx: float, cy: float, r: float) -> str:
    k = r * KAPPA
    return (f"{_f(cx + r)} {_f(cy)} m "
            f"{_f(cx + r)} {_f(cy + k)} {_f(cx + k)} {_f(cy + r)} {_f(cx)} {_f(cy + r)} c "
            f"{_f(cx - k)} {_f(cy + r)} {_f(cx - r)} {_f(cy + k)} {_f(cx - r)} {_f(cy)} c "
            f"{_f(cx - r)} {_f(cy - k)} {_f(cx - k)} {_f(cy - r)} {_f(cx)} {_f(cy - r)} c "
            f"{_f(cx + k)} {_f(cy - r)} {_f(cx + r)} {_f(cy - k)} {_f(cx + r)} {_f(cy)} c h ")


def render_pdf(pages: list[Page], path: FsPath, title: str, duplex: bool = False,
               outline: tuple[tuple[int, str], ...] = ()) -> FsPath:
    """Write `pages` to the PDF file `path` (byte-deterministic) and return the path; print
    scaling is preset to none, with `duplex` also long-edge duplex; `outline` lists
    (0-based page, title) bookmarks, shown in a viewer's sidebar."""
    from reportlab.pdfbase.pdfdoc import PDFZCompress
    from reportlab.pdfgen.canvas import Canvas

    first = pages[0]
    # The canvas's initial font is declared on every page: make it our embedded
    # face, or reportlab declares an unembedded Helvetica that print shops flag.
    fonts.font(fonts.face())
    # The header names the version /PrintScaling (1.6) and /Duplex (1.7) need; page
    # compression is off so every stream takes the default filter, zlib without ASCII85.
    buffer = io.BytesIO()      # drawn in memory, then written whole (`writing`)
    canvas = Canvas(buffer, pagesize=(first.width * MM, first.height * MM), invariant=1,
                    pageCompression=0, initialFontName=fonts.face(),
                    pdfVersion=(1, 7) if duplex else (1, 6))
    canvas._doc.defaultStreamFilters = [PDFZCompress]
    canvas.setTitle(title)
    canvas.setAuthor("throne_pnp")
    canvas.setCreator("throne_pnp build")
    canvas.setSubject(title)
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    painter = _Painter(canvas)

    variants: set = set()
    for page in pages:
        icon_variants(page.items, variants)
    for name, ink, paper in sorted(variants):
        # forms are drawn into the page's y-down space: no flip of their own
        canvas.beginForm(variant_id(name, ink, paper), 0, 0, BOX, BOX)
        painter.state = {}
        painter.draw(tuple(replace(s, style=resolve(s.style, ink, paper))
                           for s in ICON_SHAPES[name]))
        painter.flush()
        canvas.endForm()

    marks = dict(outline)
    for index, page in enumerate(pages):
        if index in marks:
            canvas.bookmarkPage(f"part-{index}")
            canvas.addOutlineEntry(marks[index], f"part-{index}", level=0)
        canvas.setPageSize((page.width * MM, page.height * MM))
        canvas.saveState()
        canvas.translate(0, page.height * MM)   # (x, y): mm from the top-left corner
        canvas.scale(MM, -MM)
        painter.state = {}
        painter.draw(page.items)
        painter.flush()
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    write_bytes(path, buffer.getvalue())
    return path
