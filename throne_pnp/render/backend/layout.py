"""Neutral page description: frozen shapes in millimetres, top-left origin.

`pdf.py` and `svg.py` draw the very same `Page`s, so the outputs cannot drift apart;
`text_width` reads the embedded typeface's metrics. Lengths in mm (y downwards), font sizes in
points, colours "#rrggbb".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from throne_pnp.render.backend.fonts import face, width_pt

PT = 25.4 / 72.0  # millimetres per point

BLACK = "#000000"
WHITE = "#ffffff"


@dataclass(frozen=True, slots=True)
class Style:
    """Paint of a shape: fill and stroke colours (None = none), width in mm, dash in mm."""

    fill: str | None = None
    stroke: str | None = BLACK
    width: float = 0.3
    dash: tuple[float, ...] = ()
    cap: str = "butt"      # butt | round | square
    join: str = "miter"    # miter | round | bevel


def stroke(color: str = BLACK, width: float = 0.3, dash: tuple[float, ...] = (),
           cap: str = "butt", join: str = "miter") -> Style:
    """An unfilled outline."""
    return Style(None, color, width, dash, cap, join)


def fill(color: str) -> Style:
    """A filled area without outline."""
    return Style(color, None, 0.0)


def both(fill_color: str, stroke_color: str = BLACK, width: float = 0.3,
         join: str = "miter") -> Style:
    """Filled and outlined."""
    return Style(fill_color, stroke_color, width, (), "butt", join)


@dataclass(frozen=True, slots=True)
class Rect:
    """Axis-aligned rectangle, optionally with rounded corners of radius `r`."""

    x: float
    y: float
    w: float
    h: float
    style: Style
    r: float = 0.0
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Poly:
    """Polyline (open) or polygon (closed) through `points`."""

    points: tuple[tuple[float, float], ...]
    style: Style
    closed: bool = True
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    """Circle of radius `r` around (cx, cy)."""

    cx: float
    cy: float
    r: float
    style: Style
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Path:
    """A path of commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    style: Style
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the baseline point named by `anchor`."""

    x: float
    y: float
    text: str
    size: float = 9.0            # points
    anchor: str = "start"        # start | middle | end
    bold: bool = False
    italic: bool = False
    color: str = BLACK
    tag: str = ""
    mono: bool = False
    serif: bool = False          # the titles' face (see `fonts.py`)

    @property
    def font(self) -> str:
        """The embedded face the text is set in (see `fonts.py`)."""
        return face(self.bold, self.italic, self.mono, self.serif)


@dataclass(frozen=True, slots=True)
class Icon:
    """An icon of `icons.py` drawn in the square (x, y, size, size)."""

    name: str
    x: float
    y: float
    size: float
    ink: str = BLACK
    paper: str = WHITE
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes in a local frame: moved by (dx, dy), rotated (degrees clockwise), scaled;
    `clip` (x, y, w, h, in the group's frame) hides what falls outside it."""

    items: tuple
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    tag: str = ""
    clip: tuple[float, float, float, float] | None = None


Shape = Rect | Line | Poly | Circle | Path | Text | Icon | Group


@dataclass(slots=True)
class Page:
    """One physical page (or one SVG file) of `width` x `height` mm."""

    width: float
    height: float
    items: list = field(default_factory=list)
    name: str = ""
    origin: tuple[float, float] = (0.0, 0.0)   # SVG viewBox origin (bleed beyond 0,0)

    def add(self, *shapes: Shape) -> None:
        self.items.extend(shapes)

    def extend(self, shapes) -> None:
        self.items.extend(shapes)


def icon_variants(items: Iterable, found: set | None = None) -> set[tuple[str, str, str]]:
    """Every (icon, ink, paper) colouring in `items`, for renderers to define each once."""
    found = set() if found is None else found
    for item in items:
        if type(item) is Icon:
            found.add((item.name, item.ink, item.paper))
        elif type(item) is Group:
            icon_variants(item.items, found)
    return found


MIN_TEXT = 6.0   # points: nothing is printed smaller (legible at arm's length)


def text_width(text: str, size: float, bold: bool = False, italic: bool = False,
               mono: bool = False, serif: bool = False) -> float:
    """Width in mm of `text` set in the embedded face at `size` points."""
    return width_pt(text, face(bold, italic, mono, serif), size) * PT


def fit_size(text: str, width: float, size: float, bold: bool = False,
             minimum: float = MIN_TEXT, serif: bool = False) -> float:
    """The largest size <= `size` (in 0.25 pt steps, >= minimum) at which text fits `width` mm."""
    while size > minimum and text_width(text, size, bold, serif=serif) > width:
        size -= 0.25
    return size


def clip(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if needed to fit `width` mm at `size` points."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of plain text into lines no wider than `width` mm."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def walk(items, dx: float = 0.0, dy: float = 0.0):
    """(shape, dx, dy) for every shape, offset by its untransformed ancestor
    groups (a rotated or scaled group comes as a whole)."""
    for item in items:
        if isinstance(item, Group) and item.rotate == 0 and item.scale == 1:
            yield from walk(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy


def find_tagged(items, prefix: str):
    """Every shape or group whose tag starts with `prefix`, with its page offset."""
    out = []
    for item in items:
        if item.tag.startswith(prefix):
            out.append((item, 0.0, 0.0))
        if isinstance(item, Group):
            out += [(s, x + item.dx, y + item.dy) for s, x, y in find_tagged(item.items, prefix)]
    return out
