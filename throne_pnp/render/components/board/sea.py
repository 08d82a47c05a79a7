"""Free sea on a map sheet: where the cartouche, the compass rose and the notes can go,
clear of the land's plain polygons and of the rough coast's points (which bulge out of them).
"""

from __future__ import annotations

from throne_pnp.render.backend.mapgeom import Box, box_meets_polygon

AID_GAP = 2.0       # an aid from the frame and from the land


def on_page(land: list, dx: float, dy: float, scale: float) -> list[tuple[Box, tuple]]:
    """The land polygons in page mm, each with its bounding box."""
    out = []
    for poly in land:
        local = tuple((dx + x * scale, dy + y * scale) for x, y in poly)
        xs = [x for x, _ in local]
        ys = [y for _, y in local]
        out.append((Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), local))
    return out


def place(land: list[tuple[Box, tuple]], area: Box, size: tuple[float, float],
          sides: tuple[str, ...], taken: list[Box], shore: dict | None = None) -> Box | None:
    """The first spot along the edges of `area` (in the order of `sides`) where a
    box of `size` stays clear of the land, of the rough `shore`'s points (`shore_cells`) and
    of `taken`; None if there is none."""
    w, h = size
    inner = area.grow(-AID_GAP)
    if w > inner.w or h > inner.h:
        return None
    for side in sides:
        if side in ("top", "bottom"):
            y = inner.y if side == "top" else inner.y2 - h
            spots = [(inner.x + t, y) for t in _steps(inner.w - w)]
        else:
            x = inner.x if side == "left" else inner.x2 - w
            spots = [(x, inner.y + t) for t in _steps(inner.h - h)]
        for x, y in spots:
            box = Box(x, y, w, h)
            probe = box.grow(AID_GAP)
            if any(probe.overlaps(t) for t in taken):
                continue
            if not _meets_shore(probe, shore or {}) and not any(
                    probe.overlaps(bbox) and box_meets_polygon(probe, poly) for bbox, poly in land):
                return box
    return None


def shore_cells(points, cell: float = 10.0) -> dict[tuple[int, int], list]:
    """The rough shore's points in square cells of `cell` mm, for quick look-ups."""
    cells: dict[tuple[int, int], list] = {}
    for x, y in points:
        cells.setdefault((int(x // cell), int(y // cell)), []).append((x, y))
    return cells


def _meets_shore(box: Box, cells: dict, cell: float = 10.0) -> bool:
    """Whether a point of the rough shore (`shore_cells`) lies in `box`."""
    return any(box.contains_point(p)
               for i in range(int(box.x // cell), int(box.x2 // cell) + 1)
               for j in range(int(box.y // cell), int(box.y2 // cell) + 1)
               for p in cells.get((i, j), ()))


def _steps(span: float, step: float = 2.0) -> list[float]:
    """0, step, 2 step ... up to `span`, and `span` itself."""
    out = [i * step for i in range(int(span // step) + 1)]
    return out + [span] if out[-1] < span else out
