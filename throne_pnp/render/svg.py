"""SVG renderer: draws one layout `Page` with svgwrite into one SVG file.

The file has its physical size in millimetres and a matching `viewBox`, so
one user unit is one millimetre and the y axis already points down: shapes are
written as the layout gives them. Icons are defined once each in `<defs>` as
`<symbol>`s with explicit ids and placed with `<use>`; nothing relies on
svgwrite's automatic ids (a global counter that would make output depend on
what was drawn before). Numbers are rounded to 0.001 mm.
"""

from __future__ import annotations

from pathlib import Path as FsPath

from throne_pnp.render.fonts import SVG_FAMILY
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
    text_width,
)
from throne_pnp.render.pdf import icon_variants

FONT_FAMILY = SVG_FAMILY


def _n(value: float) -> str:
    """A compact, stable number."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _paint(style: Style) -> dict[str, str]:
    attrs = {"fill": style.fill or "none"}
    if style.stroke is not None:
        attrs["stroke"] = style.stroke
        attrs["stroke-width"] = _n(style.width)
        if style.cap != "butt":
            attrs["stroke-linecap"] = style.cap
        if style.join != "miter":
            attrs["stroke-linejoin"] = style.join
        if style.dash:
            attrs["stroke-dasharray"] = " ".join(_n(d) for d in style.dash)
    return attrs


class _Writer:
    """Turns layout shapes into svgwrite elements."""

    def __init__(self, dwg) -> None:
        self.dwg = dwg
        self.clips = 0

    def element(self, item):
        dwg = self.dwg
        kind = type(item)
        if kind is Group:
            parts = [f"translate({_n(item.dx)} {_n(item.dy)})"] if (item.dx or item.dy) else []
            if item.rotate:
                parts.append(f"rotate({_n(item.rotate)})")
            if item.scale != 1:
                parts.append(f"scale({_n(item.scale)})")
            group = dwg.g(transform=" ".join(parts)) if parts else dwg.g()
            if item.clip:
                group.add(self.clip_group(item.clip))
                group = group.elements[-1]
            for sub in item.items:
                group.add(self.element(sub))
            return group
        if kind is Icon:
            return dwg.use(f"#{variant_id(item.name, item.ink, item.paper)}",
                           x=_n(item.x), y=_n(item.y), width=_n(item.size),
                           height=_n(item.size))
        if kind is Text:
            attrs = {"insert": (_n(item.x), _n(item.y)), "font-size": _n(item.size * PT),
                     "font-family": FONT_FAMILY,
                     "fill": item.color}
            # Pin the run to the width the layout measured (the embedded
            # family's metrics), so a substitute font cannot push text into
            # its neighbours.
            attrs["textLength"] = _n(text_width(item.text, item.size, item.bold, item.italic,
                                                item.mono))
            attrs["lengthAdjust"] = "spacingAndGlyphs"
            if item.anchor != "start":
                attrs["text-anchor"] = item.anchor
            if item.bold:
                attrs["font-weight"] = "bold"
            if item.italic or item.mono:
                attrs["font-style"] = "oblique"
            return dwg.text(item.text, **attrs)
        attrs = _paint(item.style)
        if kind is Rect:
            extra = {"rx": _n(item.r)} if item.r else {}
            return dwg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)),
                            **extra, **attrs)
        if kind is Line:
            return dwg.line((_n(item.x1), _n(item.y1)), (_n(item.x2), _n(item.y2)), **attrs)
        if kind is Circle:
            return dwg.circle((_n(item.cx), _n(item.cy)), _n(item.r), **attrs)
        if kind is Poly:
            make = dwg.polygon if item.closed else dwg.polyline
            return make([(round(x, 3), round(y, 3)) for x, y in item.points], **attrs)
        if kind is Path:
            return dwg.path(d=" ".join(
                cmd[0] + (" " + " ".join(_n(v) for v in cmd[1:]) if len(cmd) > 1 else "")
                for cmd in item.commands), **attrs)
        raise TypeError(f"cannot draw {item!r}")  # pragma: no cover

    def clip_group(self, box: tuple[float, float, float, float]):
        """An empty <g> clipped to `box` (a <clipPath> with an explicit id)."""
        dwg = self.dwg
        self.clips += 1
        path = dwg.defs.add(dwg.clipPath(id=f"clip{self.clips}"))
        path.add(dwg.rect(insert=(_n(box[0]), _n(box[1])), size=(_n(box[2]), _n(box[3]))))
        return dwg.g(clip_path=f"url(#clip{self.clips})")


_SYMBOLS: dict[tuple[str, str, str], object] = {}


def _symbol(writer: _Writer, name: str, ink: str, paper: str):
    """The <symbol> of one icon colouring, built once and shared by every file
    (svgwrite elements are plain trees that serialise the same in any parent)."""
    key = (name, ink, paper)
    if key not in _SYMBOLS:
        from dataclasses import replace

        symbol = writer.dwg.symbol(id=variant_id(name, ink, paper),
                                   viewBox=f"0 0 {_n(BOX)} {_n(BOX)}")
        for shape in ICON_SHAPES[name]:
            symbol.add(writer.element(replace(shape, style=resolve(shape.style, ink, paper))))
        _SYMBOLS[key] = symbol
    return _SYMBOLS[key]


def render_svg(page: Page, path: FsPath, title: str) -> FsPath:
    """Write one page as an SVG file of its physical size and return the path."""
    import svgwrite

    ox, oy = page.origin
    dwg = svgwrite.Drawing(str(path), size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
                           viewBox=f"{_n(ox)} {_n(oy)} {_n(page.width)} {_n(page.height)}",
                           profile="full", debug=False)
    dwg.set_desc(title=title)
    writer = _Writer(dwg)
    for name, ink, paper in sorted(icon_variants(page.items)):
        dwg.defs.add(_symbol(writer, name, ink, paper))
    for item in page.items:
        dwg.add(writer.element(item))
    dwg.save(pretty=False)
    return path
