"""Our own vector icons, each defined once as shapes in a 24 x 24 box. Silhouettes differ in
outline, not only colour, to stay legible in greyscale at 4 mm. Shapes use the colour names
"ink" and "paper", substituted per placement.
"""

from __future__ import annotations

import math
from dataclasses import replace

from throne_pnp.render.backend.layout import Circle, Line, Path, Poly, Rect, Style

INK = "ink"
PAPER = "paper"
BOX = 24.0

_FILL = Style(INK, None, 0.0)
_PAPER = Style(PAPER, None, 0.0)


def _ink_line(w: float, cap: str = "round") -> Style:
    return Style(None, INK, w, (), cap, "round")


def _paper_line(w: float) -> Style:
    return Style(None, PAPER, w, (), "round", "round")


def _castle() -> tuple:
    body = Poly((
        (2, 22.5), (2, 5), (4, 5), (4, 7), (5.5, 7), (5.5, 5), (7.5, 5), (7.5, 7),
        (9, 7), (9, 5), (10.5, 5), (10.5, 10), (11.25, 10), (11.25, 8.5), (12.75, 8.5),
        (12.75, 10), (13.5, 10), (13.5, 5), (15, 5), (15, 7), (16.5, 7), (16.5, 5),
        (18.5, 5), (18.5, 7), (20, 7), (20, 5), (22, 5), (22, 22.5),
    ), _FILL)
    door = Path((("M", 9.5, 22.5), ("L", 9.5, 17), ("C", 9.5, 13.8, 14.5, 13.8, 14.5, 17),
                 ("L", 14.5, 22.5), ("Z",)), _PAPER)
    windows = (Rect(5, 11, 1.6, 3.2, _PAPER), Rect(17.4, 11, 1.6, 3.2, _PAPER))
    return (body, door, *windows)


def _grain(cx: float, cy: float, angle: float) -> Path:
    """A leaf-shaped grain centred at (cx, cy), tilted by `angle` degrees from vertical."""
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)   # along the grain (upwards)
    vx, vy = -uy, ux                     # across
    h, w = 3.4, 1.9
    tip = (cx + ux * h, cy + uy * h)
    base = (cx - ux * h, cy - uy * h)
    c1 = (cx + vx * w * 1.3 + ux * h * 0.6, cy + vy * w * 1.3 + uy * h * 0.6)
    c2 = (cx + vx * w * 1.3 - ux * h * 0.6, cy + vy * w * 1.3 - uy * h * 0.6)
    c3 = (cx - vx * w * 1.3 - ux * h * 0.6, cy - vy * w * 1.3 - uy * h * 0.6)
    c4 = (cx - vx * w * 1.3 + ux * h * 0.6, cy - vy * w * 1.3 + uy * h * 0.6)
    return Path((("M", *base), ("C", *c2, *c1, *tip), ("C", *c4, *c3, *base), ("Z",)), _FILL)


def _wheat() -> tuple:
    stem = Line(12, 23, 12, 7, _ink_line(1.5))
    grains = [_grain(12, 4.2, 0)]
    for y in (9.0, 13.5, 18.0):
        grains += [_grain(9.4, y - 0.6, -38), _grain(14.6, y - 0.6, 38)]
    return (stem, *grains)


def _bugle() -> tuple:
    horn = Path((("M", 1.5, 9.6), ("L", 3.2, 9.6), ("L", 3.4, 10.6), ("L", 13, 10.2),
                 ("C", 16.5, 9.8, 19.5, 7, 21.2, 3.6), ("L", 22.6, 3.6), ("L", 22.6, 20.4),
                 ("L", 21.2, 20.4), ("C", 19.5, 17, 16.5, 14.2, 13, 13.8), ("L", 3.4, 13.4),
                 ("L", 3.2, 14.4), ("L", 1.5, 14.4), ("Z",)), _FILL)
    loop = Path((("M", 6, 13.4), ("C", 6, 20.5, 16, 20.5, 16, 14.2)), _ink_line(1.5))
    cord = Line(9.5, 18.7, 9.5, 21.5, _ink_line(1.2))
    return (horn, loop, cord)


def _diagonal(points) -> tuple:
    """Sword points (s across, t along, tip up) laid from the box's bottom-left to top-right."""
    r = math.sqrt(0.5)
    return tuple((round(12 + r * (s + t), 3), round(12 + r * (s - t), 3)) for s, t in points)


def _sword() -> tuple:
    """A broadsword laid diagonally: a wide blade, a heavy guard and pommel."""
    blade = Poly(_diagonal(((-2.6, -4), (2.6, -4), (2.6, 10.2), (0, 15), (-2.6, 10.2))), _FILL)
    fuller = Poly(_diagonal(((0, -2.5), (0, 10))), _paper_line(0.9), closed=False)
    guard = Poly(_diagonal(((-7.4, -7), (-6, -5.8), (6, -5.8), (7.4, -7), (7.4, -3.4),
                            (6, -4.2), (-6, -4.2), (-7.4, -3.4))), _FILL)
    grip = Poly(_diagonal(((-1.5, -11.4), (1.5, -11.4), (1.5, -5), (-1.5, -5))), _FILL)
    (px, py), = _diagonal(((0, -12.9),))
    return (blade, fuller, guard, grip, Circle(px, py, 2.4, _FILL))


def _shield() -> tuple:
    outline = Path((("M", 3.5, 2.5), ("L", 20.5, 2.5), ("L", 20.5, 11),
                    ("C", 20.5, 17, 16.5, 20.6, 12, 23), ("C", 7.5, 20.6, 3.5, 17, 3.5, 11),
                    ("Z",)), _FILL)
    band = Path((("M", 12, 4.5), ("L", 12, 20.2)), _paper_line(1.3))
    bar = Path((("M", 5.5, 10), ("L", 18.5, 10)), _paper_line(1.3))
    return (outline, band, bar)


def _flag() -> tuple:
    pole = Line(4, 1.5, 4, 23, _ink_line(1.8))
    cloth = Poly(((4.5, 2.5), (21.5, 2.5), (16.5, 7.75), (21.5, 13), (4.5, 13)), _FILL)
    foot = Line(1.5, 23, 6.5, 23, _ink_line(1.5))
    return (pole, cloth, foot)


def _banner() -> tuple:
    bar = Line(2.5, 2.5, 21.5, 2.5, _ink_line(1.8))
    cloth = Poly(((5, 3), (19, 3), (19, 22.5), (12, 17.5), (5, 22.5)), _FILL)
    plus_v = Line(12, 6.5, 12, 14, _paper_line(2.0))
    plus_h = Line(8.2, 10.25, 15.8, 10.25, _paper_line(2.0))
    return (bar, cloth, plus_v, plus_h)


def _helmet() -> tuple:
    dome = Path((("M", 3, 21.5), ("L", 3, 13), ("C", 3, 6.5, 7, 3.5, 12, 3.5),
                 ("C", 17, 3.5, 21, 6.5, 21, 13), ("L", 21, 21.5), ("L", 15, 21.5),
                 ("L", 15, 17), ("L", 9, 17), ("L", 9, 21.5), ("Z",)), _FILL)
    slit = Rect(5.5, 11.2, 13, 2.2, _PAPER)
    nose = Rect(10.9, 10.5, 2.2, 7.5, _FILL)
    crest = Line(12, 1, 12, 4, _ink_line(2.2))
    return (dome, slit, nose, crest)


def _card(cx: float, cy: float, angle: float, style: Style) -> Poly:
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    return Poly(tuple((round(cx + x * ca - y * sa, 3), round(cy + x * sa + y * ca, 3))
                      for x, y in ((-4.6, -7.2), (4.6, -7.2), (4.6, 7.2), (-4.6, 7.2))), style)


def _uncertain() -> tuple:
    back = _card(12, 12, -28, Style(INK, INK, 1.2, (), "butt", "round"))
    front = _card(12, 12, 28, Style(PAPER, INK, 1.5, (), "butt", "round"))
    mark = Path((("M", 10, 9.2), ("C", 10, 6.6, 14.2, 6.6, 14.2, 9.2),
                 ("C", 14.2, 11, 12, 11, 12, 13.2)), _ink_line(1.5))
    dot = Circle(12, 15.8, 0.95, _FILL)
    return (back, front, mark, dot)


def _arrow() -> tuple:
    return (Poly(((1.5, 9), (13, 9), (13, 3.5), (23, 12), (13, 20.5), (13, 15), (1.5, 15)),
                 _FILL),)


def _skull() -> tuple:
    head = Path((("M", 6.5, 17.5), ("C", 2.5, 15, 2.5, 9.5, 4, 7),
                 ("C", 6, 2.6, 18, 2.6, 20, 7), ("C", 21.5, 9.5, 21.5, 15, 17.5, 17.5),
                 ("L", 17.5, 22), ("L", 6.5, 22), ("Z",)), _FILL)
    eyes = (Circle(8.6, 11.5, 2.6, _PAPER), Circle(15.4, 11.5, 2.6, _PAPER))
    nose = Poly(((12, 14), (13.4, 17), (10.6, 17)), _PAPER)
    teeth = tuple(Line(x, 19.2, x, 22.2, _paper_line(0.9)) for x in (9.7, 12, 14.3))
    return (head, *eyes, nose, *teeth)


def _rising() -> tuple:
    return (Poly(((12, 1), (22, 11.5), (15.5, 11.5), (15.5, 23), (8.5, 23), (8.5, 11.5),
                  (2, 11.5)), _FILL),)


def _falling() -> tuple:
    """The rising arrow turned upside down."""
    return (Poly(tuple((x, 24 - y) for x, y in _rising()[0].points), _FILL),)


_TOP = ((12, 2.5), (21, 7), (12, 11.5), (3, 7))
_LEFT = ((3, 7), (12, 11.5), (12, 21.5), (3, 17))
_RIGHT = ((21, 7), (12, 11.5), (12, 21.5), (21, 17))


def _cube() -> tuple:
    edge = Style(PAPER, INK, 1.4, (), "butt", "round")
    return (Poly(_TOP, edge), Poly(_LEFT, edge), Poly(_RIGHT, edge))


def _king_cube() -> tuple:
    solid = Style(INK, INK, 1.4, (), "butt", "round")
    faces = (Poly(_TOP, solid), Poly(_LEFT, solid), Poly(_RIGHT, solid))
    edges = (Line(12, 11.5, 12, 21, _paper_line(0.6)), Line(3.6, 7.3, 12, 11.5, _paper_line(0.6)),
             Line(12, 11.5, 20.4, 7.3, _paper_line(0.6)))
    crown = Poly(((9.3, 7.9), (9.6, 5), (10.9, 6.5), (12, 4.4), (13.1, 6.5), (14.4, 5),
                  (14.7, 7.9)), _PAPER)
    return (*faces, *edges, crown)


def _crown() -> tuple:
    band = Poly(((3, 19), (2, 7), (7.5, 12), (12, 4), (16.5, 12), (22, 7), (21, 19)), _FILL)
    base = Rect(3, 19.8, 18, 2.6, _FILL, r=0.6)
    gems = (Circle(2, 6, 1.4, _FILL), Circle(12, 3, 1.4, _FILL), Circle(22, 6, 1.4, _FILL),
            Circle(12, 15, 1.6, _PAPER))
    return (band, base, *gems)


def _throne() -> tuple:
    back = Path((("M", 6, 14), ("L", 6, 5), ("L", 8.5, 2), ("L", 10, 4), ("L", 12, 1),
                 ("L", 14, 4), ("L", 15.5, 2), ("L", 18, 5), ("L", 18, 14), ("Z",)), _FILL)
    seat = Rect(3.5, 13.5, 17, 3.2, _FILL, r=0.8)
    legs = (Rect(5, 16, 2.4, 7, _FILL), Rect(16.6, 16, 2.4, 7, _FILL))
    gem = Circle(12, 8.5, 1.7, _PAPER)
    return (back, seat, *legs, gem)


def _lattice() -> tuple:
    """One tile of the card back's lattice: a diamond touching the tile's edges, with a
    dot in its middle; tiled edge to edge, the gaps between make undotted diamonds."""
    return (Poly(((12, 0), (24, 12), (12, 24), (0, 12)), _ink_line(0.7)),
            Circle(12, 12, 1.1, _FILL))


def _tree() -> tuple:
    """Two round-crowned trees, a forest's glyph (crowns in the paper colour)."""
    edge = Style(PAPER, INK, 1.3, (), "butt", "round")
    return (Line(16.5, 15, 16.5, 21, _ink_line(1.4)), Circle(16.5, 12, 5, edge),
            Line(9, 16, 9, 23, _ink_line(1.6)), Circle(9, 10.5, 6.5, edge),
            Path((("M", 12.5, 7), ("C", 14, 9, 14, 12, 12.5, 14)), _ink_line(1.0)))


def _reeds() -> tuple:
    """Reeds over a line of water, a fen's glyph."""
    stems = tuple(Line(12 + dx, 19, 12 + dx * 2.2, 19 - h, _ink_line(1.2))
                  for dx, h in ((-3, 9), (-1.2, 14), (0.6, 12), (2.4, 8)))
    return (*stems, Circle(10.7, 6.5, 1.4, _FILL), Line(3, 21.5, 21, 21.5, _ink_line(1.2)))


def _heath() -> tuple:
    """A tuft of heather, a moor's glyph."""
    blades = tuple(Line(12, 20, 12 + dx, 20 - h, _ink_line(1.3))
                   for dx, h in ((-7, 6), (-4, 10), (0, 12), (4, 10), (7, 6)))
    return (*blades, Line(5, 20.5, 19, 20.5, _ink_line(1.3)))


def _hill() -> tuple:
    """A hill with hatching on its shaded side."""
    ridge = Path((("M", 1.5, 19), ("C", 6, 15, 8, 6, 12, 6), ("C", 16, 6, 18, 15, 22.5, 19)),
                 Style(PAPER, INK, 1.5, (), "round", "round"))
    hatch = tuple(Line(x, y, x - 2.2, 19, _ink_line(1.0))
                  for x, y in ((15, 8.8), (17.3, 12.6), (19.6, 16)))
    return (ridge, *hatch)


def _furrows() -> tuple:
    """Two strips of ploughland, their furrows crossing, a field's glyph."""
    along = tuple(Line(2.5 + 2.6 * k, 19, 4.5 + 2.6 * k, 7, _ink_line(1.1)) for k in range(4))
    across = tuple(Line(14, 8 + 3.4 * k, 22, 7 + 3.4 * k, _ink_line(1.1)) for k in range(4))
    return (*along, *across)


def _dunes() -> tuple:
    """Dune grass on sand, a coast's glyph."""
    grass = tuple(Line(9, 16, 9 + dx, 16 - h, _ink_line(1.1))
                  for dx, h in ((-3, 6), (0, 9), (3, 6)))
    dune = Path((("M", 2, 20), ("C", 8, 14, 14, 14, 22, 20)), _ink_line(1.3))
    return (*grass, dune, *(Circle(x, y, 0.9, _FILL) for x, y in ((16, 12), (19, 15), (14, 9))))


def _keep() -> tuple:
    """A castle as a landmark: a walled keep with towers, gate and pennant."""
    body = Poly(((1.5, 23), (1.5, 11), (3, 11), (3, 12.5), (4.5, 12.5), (4.5, 11), (6.5, 11),
                 (6.5, 6), (8, 6), (8, 7.5), (9.5, 7.5), (9.5, 6), (11, 6), (11, 7.5), (13, 7.5),
                 (13, 6), (14.5, 6), (14.5, 7.5), (16, 7.5), (16, 6), (17.5, 6), (17.5, 11),
                 (19.5, 11), (19.5, 12.5), (21, 12.5), (21, 11), (22.5, 11), (22.5, 23)), _FILL)
    gate = Path((("M", 9.5, 23), ("L", 9.5, 18.5), ("C", 9.5, 15.5, 14.5, 15.5, 14.5, 18.5),
                 ("L", 14.5, 23), ("Z",)), _PAPER)
    slits = tuple(Rect(x, 10, 1.2, 3, _PAPER) for x in (9.2, 13.6))
    return (body, gate, *slits, Line(12, 6, 12, 0.8, _ink_line(0.9)),
            Poly(((12.4, 0.8), (17.5, 2), (12.4, 3.3)), _FILL))


def _compass() -> tuple:
    """A compass rose: a ring, four short and four long points, each half ink, half paper."""
    out: list = [Circle(12, 12, 6.4, _ink_line(0.6))]
    for k in (1, 3, 5, 7, 0, 2, 4, 6):
        a = math.radians(45 * k)
        reach, waist = (11.6, 2.6) if k % 2 == 0 else (7.4, 1.8)
        tip = (12 + reach * math.sin(a), 12 - reach * math.cos(a))
        for side, paint in ((1, _FILL), (-1, _PAPER)):
            b = a + side * math.pi / 4
            flank = (12 + waist * math.sin(b), 12 - waist * math.cos(b))
            out.append(Poly(tuple((round(x, 3), round(y, 3))
                                  for x, y in ((12, 12), tip, flank)), paint))
    return tuple(out)


ICON_SHAPES: dict[str, tuple] = {
    "castle": _castle(),
    "wheat": _wheat(),
    "bugle": _bugle(),
    "sword": _sword(),
    "shield": _shield(),
    "flag": _flag(),
    "banner": _banner(),
    "helmet": _helmet(),
    "uncertain": _uncertain(),
    "arrow": _arrow(),
    "skull": _skull(),
    "rising": _rising(),
    "falling": _falling(),
    "cube": _cube(),
    "king-cube": _king_cube(),
    "crown": _crown(),
    "throne": _throne(),
    "lattice": _lattice(),
    "tree": _tree(),
    "reeds": _reeds(),
    "heath": _heath(),
    "hill": _hill(),
    "furrows": _furrows(),
    "dunes": _dunes(),
    "keep": _keep(),
    "compass": _compass(),
}

def resolve(style: Style, ink: str, paper: str) -> Style:
    """`style` with the colour names "ink"/"paper" replaced by real colours."""
    real = {INK: ink, PAPER: paper}
    return replace(style, fill=real.get(style.fill, style.fill),
                   stroke=real.get(style.stroke, style.stroke))


def variant_id(name: str, ink: str, paper: str) -> str:
    """A stable id for one colouring of an icon (used by both renderers)."""
    suffix = "" if (ink, paper) == ("#000000", "#ffffff") else \
        f"-{ink.lstrip('#')}-{paper.lstrip('#')}"
    return f"icon-{name}{suffix}"
