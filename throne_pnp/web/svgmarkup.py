"""Layout shapes (`render.backend.layout`) as inline SVG markup for the table page:
fragments for HTML, icons as `<symbol>`s, text left to the browser, all escaped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from html import escape

from throne_pnp.render.backend.icons import BOX, ICON_SHAPES, resolve, variant_id
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Icon,
    Line,
    Path,
    Poly,
    Rect,
    Style,
    Text,
)


def num(value: float) -> str:
    """A compact number, rounded to 0.01 mm (plenty on a screen)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def paint(style: Style) -> str:
    """The fill/stroke attributes of a style."""
    parts = [f'fill="{style.fill or "none"}"']
    if style.stroke is not None:
        parts.append(f'stroke="{style.stroke}" stroke-width="{num(style.width)}"')
        if style.cap != "butt":
            parts.append(f'stroke-linecap="{style.cap}"')
        if style.join != "miter":
            parts.append(f'stroke-linejoin="{style.join}"')
        if style.dash:
            parts.append(f'stroke-dasharray="{" ".join(num(d) for d in style.dash)}"')
    return " ".join(parts)


def shape(item, classes: bool = False) -> str:
    """One layout shape (recursively for groups) as SVG markup; with `classes`,
    a shape's tag becomes its `class` (for the page's styles and scripts)."""
    kind = type(item)
    if classes and item.tag:
        return _with_class(shape(item), item.tag)
    if kind is Group:
        moves = []
        if item.dx or item.dy:
            moves.append(f"translate({num(item.dx)} {num(item.dy)})")
        if item.rotate:
            moves.append(f"rotate({num(item.rotate)})")
        if item.scale != 1:
            moves.append(f"scale({num(item.scale)})")
        head = f'<g transform="{" ".join(moves)}">' if moves else "<g>"
        return head + "".join(shape(s) for s in item.items) + "</g>"
    if kind is Icon:
        return (f'<use href="#{variant_id(item.name, item.ink, item.paper)}" '
                f'x="{num(item.x)}" y="{num(item.y)}" width="{num(item.size)}" '
                f'height="{num(item.size)}"/>')
    if kind is Text:
        extra = ""
        if item.anchor != "start":
            extra += f' text-anchor="{item.anchor}"'
        if item.bold:
            extra += ' font-weight="bold"'
        if item.italic:
            extra += ' font-style="italic"'
        return (f'<text x="{num(item.x)}" y="{num(item.y)}" font-size="{num(item.size * PT)}"'
                f' fill="{item.color}"{extra}>{escape(item.text)}</text>')
    style = paint(item.style)
    if kind is Rect:
        corner = f' rx="{num(item.r)}"' if item.r else ""
        return (f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.w)}" '
                f'height="{num(item.h)}"{corner} {style}/>')
    if kind is Line:
        return (f'<line x1="{num(item.x1)}" y1="{num(item.y1)}" x2="{num(item.x2)}" '
                f'y2="{num(item.y2)}" {style}/>')
    if kind is Circle:
        return f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}" {style}/>'
    if kind is Poly:
        tag = "polygon" if item.closed else "polyline"
        return f'<{tag} points="{points(item.points)}" {style}/>'
    if kind is Path:
        return f'<path d="{path_data(item.commands)}" {style}/>'
    raise TypeError(f"cannot draw {item!r}")  # pragma: no cover - every shape is above


def _with_class(markup: str, name: str) -> str:
    """`markup` (one element) with `class="name"` right after its tag name."""
    end = min(i for i in (markup.find(" "), markup.find(">"), markup.find("/")) if i > 0)
    return f'{markup[:end]} class="{attr(name)}"{markup[end:]}'


def points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def path_data(commands: Iterable[tuple]) -> str:
    return " ".join(cmd[0] + " ".join(num(v) for v in cmd[1:]) for cmd in commands)


def sprite(variants: Iterable[tuple[str, str, str]]) -> str:
    """A hidden `<svg>` sprite of `<symbol>` definitions for the icon colourings."""
    out = []
    for name, ink, paper in sorted(set(variants)):
        body = "".join(shape(replace(s, style=resolve(s.style, ink, paper)))
                       for s in ICON_SHAPES[name])
        out.append(f'<symbol id="{variant_id(name, ink, paper)}" '
                   f'viewBox="0 0 {num(BOX)} {num(BOX)}">{body}</symbol>')
    return ('<svg class="sprite" aria-hidden="true" width="0" height="0">' + "".join(out)
            + "</svg>")
