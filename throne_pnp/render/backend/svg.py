"""SVG renderer: writes one layout `Page` as one SVG file.

Physical size in mm with a matching `viewBox`, so shapes are written as the layout gives
them; icons are `<symbol>`s in `<defs>` placed with `<use>`, and ids are counted per file.
The markup is svgwrite's form (sorted attributes, " />", ElementTree's escapes), which
`tests/test_render_svg_markup.py` checks against svgwrite."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path as FsPath

from throne_pnp.render.backend.fonts import SVG_FAMILY, SVG_SERIF
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

HEADER = '<?xml version="1.0" encoding="utf-8" ?>\n'
NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg",
              "xmlns:ev": "http://www.w3.org/2001/xml-events",
              "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def _n(value: float) -> str:
    """A compact, stable number (0.0 and -0.0 both print "0")."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTR_ESCAPES = _TEXT_ESCAPES + (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"),
                                 ("\t", "&#09;"))


def _escape(text: str, escapes: tuple[tuple[str, str], ...] = _TEXT_ESCAPES) -> str:
    """Character data escaped as XML needs it (with `_ATTR_ESCAPES`: a one-line attribute)."""
    for char, entity in escapes:
        text = text.replace(char, entity)
    return text


def _open(tag: str, attrs: dict[str, str]) -> str:
    """`<tag a="1" b="2"` with the attributes sorted by name, empty ones left out."""
    return "<" + tag + "".join(f' {key}="{_escape(value, _ATTR_ESCAPES)}"'
                               for key, value in sorted(attrs.items()) if value)


def _element(tag: str, attrs: dict[str, str], inner: str = "") -> str:
    """A whole element; without content it closes itself."""
    head = _open(tag, attrs)
    return f"{head}>{inner}</{tag}>" if inner else head + " />"


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
    """Turns layout shapes into SVG markup, collecting the file's clip paths."""

    def __init__(self) -> None:
        self.clips: list[str] = []

    def element(self, item) -> str:
        kind = type(item)
        if kind is Group:
            parts = [f"translate({_n(item.dx)} {_n(item.dy)})"] if (item.dx or item.dy) else []
            if item.rotate:
                parts.append(f"rotate({_n(item.rotate)})")
            if item.scale != 1:
                parts.append(f"scale({_n(item.scale)})")
            # the clip is numbered before the group's content (document order)
            clip_id = self.clip_path(item.clip) if item.clip else ""
            inner = "".join(self.element(sub) for sub in item.items)
            if clip_id:
                inner = _element("g", {"clip-path": f"url(#{clip_id})"}, inner)
            return _element("g", {"transform": " ".join(parts)}, inner)
        if kind is Icon:
            return _element("use", {"xlink:href": f"#{variant_id(item.name, item.ink, item.paper)}",
                                    "x": _n(item.x), "y": _n(item.y), "width": _n(item.size),
                                    "height": _n(item.size)})
        if kind is Text:
            attrs = {"x": _n(item.x), "y": _n(item.y), "font-size": _n(item.size * PT),
                     "font-family": SVG_SERIF if item.serif else SVG_FAMILY,
                     "fill": item.color,
                     # the measured width: a substitute font cannot push into neighbours
                     "textLength": _n(text_width(item.text, item.size, item.bold,
                                                 item.italic, item.mono, item.serif)),
                     "lengthAdjust": "spacingAndGlyphs"}
            if item.anchor != "start":
                attrs["text-anchor"] = item.anchor
            if item.bold:
                attrs["font-weight"] = "bold"
            if item.italic or item.mono:
                attrs["font-style"] = "oblique"
            return _element("text", attrs, _escape(str(item.text)))
        attrs = _paint(item.style)
        if kind is Rect:
            attrs.update(x=_n(item.x), y=_n(item.y), width=_n(item.w), height=_n(item.h))
            if item.r:
                attrs["rx"] = _n(item.r)
            return _element("rect", attrs)
        if kind is Line:
            attrs.update(x1=_n(item.x1), y1=_n(item.y1), x2=_n(item.x2), y2=_n(item.y2))
            return _element("line", attrs)
        if kind is Circle:
            attrs.update(cx=_n(item.cx), cy=_n(item.cy), r=_n(item.r))
            return _element("circle", attrs)
        if kind is Poly:
            attrs["points"] = " ".join(f"{round(x, 3)},{round(y, 3)}"
                                       for x, y in item.points)
            return _element("polygon" if item.closed else "polyline", attrs)
        if kind is Path:
            attrs["d"] = " ".join(
                cmd[0] + (" " + " ".join(_n(v) for v in cmd[1:]) if len(cmd) > 1 else "")
                for cmd in item.commands)
            return _element("path", attrs)
        raise TypeError(f"cannot draw {item!r}")  # pragma: no cover

    def clip_path(self, box: tuple[float, float, float, float]) -> str:
        """Define a <clipPath> (explicit id, counted per file) of `box`; return its id."""
        clip_id = f"clip{len(self.clips) + 1}"
        self.clips.append(_element("clipPath", {"id": clip_id}, _element(
            "rect", {"x": _n(box[0]), "y": _n(box[1]), "width": _n(box[2]),
                     "height": _n(box[3])})))
        return clip_id


def _symbol(name: str, ink: str, paper: str) -> str:
    """The <symbol> of one icon colouring."""
    writer = _Writer()
    inner = "".join(writer.element(replace(shape, style=resolve(shape.style, ink, paper)))
                    for shape in ICON_SHAPES[name])
    return _element("symbol", {"id": variant_id(name, ink, paper),
                               "viewBox": f"0 0 {_n(BOX)} {_n(BOX)}"}, inner)


def render_svg(page: Page, path: FsPath, title: str) -> FsPath:
    """Write one page as an SVG file of its physical size and return the path."""
    ox, oy = page.origin
    writer = _Writer()
    body = "".join(writer.element(item) for item in page.items)
    defs = "".join(_symbol(*variant) for variant in sorted(icon_variants(page.items)))
    root = _open("svg", {**NAMESPACES, "baseProfile": "full", "version": "1.1",
                         "width": f"{_n(page.width)}mm", "height": f"{_n(page.height)}mm",
                         "viewBox": f"{_n(ox)} {_n(oy)} {_n(page.width)} {_n(page.height)}"})
    markup = (HEADER + root + ">" + _element("title", {}, _escape(str(title)))
              + _element("defs", {}, defs + "".join(writer.clips)) + body + "</svg>")
    write_bytes(path, markup.encode("utf-8"))     # whole or not at all
    return path
