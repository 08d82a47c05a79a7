"""Plane geometry for the map sheet: boxes, polygons, clearances (mm, y downwards). The layout
places labels, cube spaces and print aids with these pure functions and the tests measure the
result with the same ones, so "2 mm inside its territory" means one thing everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: top-left (x, y), width w, height h."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def corners(self) -> tuple[Point, Point, Point, Point]:
        return ((self.x, self.y), (self.x2, self.y), (self.x2, self.y2), (self.x, self.y2))

    def grow(self, d: float) -> Box:
        """The box enlarged by `d` on every side (shrunk if negative)."""
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def moved(self, dx: float, dy: float, scale: float = 1.0) -> Box:
        """The box scaled about the origin by `scale`, then moved by (dx, dy)."""
        return Box(dx + self.x * scale, dy + self.y * scale, self.w * scale, self.h * scale)

    def overlaps(self, other: Box) -> bool:
        """True when the two boxes share interior points."""
        return (self.x < other.x2 and other.x < self.x2 and self.y < other.y2 and other.y < self.y2)

    def contains_point(self, p: Point) -> bool:
        return self.x <= p[0] <= self.x2 and self.y <= p[1] <= self.y2


def bounds(boxes: list[Box]) -> Box:
    """The smallest box around all of `boxes`."""
    x1 = min(b.x for b in boxes)
    y1 = min(b.y for b in boxes)
    return Box(x1, y1, max(b.x2 for b in boxes) - x1, max(b.y2 for b in boxes) - y1)


def point_in_polygon(p: Point, poly: tuple[Point, ...] | list[Point]) -> bool:
    """Even-odd rule (points exactly on an edge may go either way)."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def _point_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    qx, qy = ax + t * dx, ay + t * dy
    return ((p[0] - qx) ** 2 + (p[1] - qy) ** 2) ** 0.5


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ab and cd intersect (touching counts)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0
            and (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True
    return any(_point_segment(p, s, e) < 1e-9
               for p, s, e in ((a, c, d), (b, c, d), (c, a, b), (d, a, b)))


def segment_box_distance(a: Point, b: Point, box: Box) -> float:
    """Shortest distance between segment ab and the (filled) box; 0 if they meet."""
    if box.contains_point(a) or box.contains_point(b):
        return 0.0
    corners = box.corners()
    for i in range(4):
        if segments_cross(a, b, corners[i], corners[(i + 1) % 4]):
            return 0.0
    return min([_point_segment(c, a, b) for c in corners]
               + [_point_segment(a, corners[i], corners[(i + 1) % 4]) for i in range(4)]
               + [_point_segment(b, corners[i], corners[(i + 1) % 4]) for i in range(4)])


def clearance(box: Box, poly: tuple[Point, ...] | list[Point]) -> float:
    """The distance from `box` to the outline of `poly` when wholly inside it, else -1:
    `clearance(box, poly) >= d` says the box lies inside the polygon shrunk by d."""
    if not all(point_in_polygon(c, poly) for c in box.corners()):
        return -1.0
    n = len(poly)
    best = min(segment_box_distance(poly[i], poly[(i + 1) % n], box) for i in range(n))
    return best if best > 0 else -1.0


def box_meets_polygon(box: Box, poly: tuple[Point, ...] | list[Point]) -> bool:
    """True when the box and the (filled) polygon share any point."""
    if any(point_in_polygon(c, poly) for c in box.corners()):
        return True
    if any(box.contains_point(p) for p in poly):
        return True
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if max(ax, bx) < box.x or min(ax, bx) > box.x2 or max(ay, by) < box.y \
                or min(ay, by) > box.y2:
            continue        # the segment's own bounds miss the box: it cannot touch it
        if segment_box_distance(poly[i], poly[(i + 1) % n], box) == 0:
            return True
    return False


def centroid(poly: tuple[Point, ...] | list[Point]) -> Point:
    """Area centroid of a simple polygon (its first point if degenerate)."""
    area = cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-9:
        return poly[0]
    return (cx / (3 * area), cy / (3 * area))


def free_square(poly: tuple[Point, ...] | list[Point], side: float, margin: float,
                taken: list[Box], step: float = 1.0) -> Box | None:
    """A `side` x `side` box at least `margin` inside `poly` and clear of every
    box in `taken`, scanning a `step` grid from the top-left; None if none fits."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    y = min(ys)
    while y + side <= max(ys):
        x = min(xs)
        while x + side <= max(xs):
            box = Box(x, y, side, side)
            if (not any(box.overlaps(t) for t in taken)
                    and clearance(box, poly) >= margin):
                return box
            x += step
        y += step
    return None
