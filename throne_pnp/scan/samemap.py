"""Is the photographed sheet this edition's map? (SPEC §10: a photo of another map is
refused.)

The markers only tell the paper and the tile; two editions print the same markers. What
differs is the drawing: where each territory's block of cube spaces and each border lies.
Each block's printed outlines must show more edge where this edition draws them than a few
millimetres off (cubes and light change both alike, but in a steep view cubes' tops show
their edges pushed away from the camera), and each border must be darker than the land
either side of it along most of its length; a sheet where a block or a stretch of border is
elsewhere is refused.
"""

from __future__ import annotations

import math
from typing import Any

from throne_pnp.scan import photo
from throne_pnp.scan.geometry import SheetGeometry

PX = 5.0                # px per mm of the sheet image (the reader's)
MOVED = 1.5             # a block's outlines show this much more edge a few mm off: moved
CROSSED = 0.4           # a border darker along less of its length than this: not there
SHIFTS = [(dx, dy) for dx in (-4.0, 0.0, 4.0) for dy in (-4.0, 0.0, 4.0) if dx or dy]
CUBE = 9.0              # mm: the tallest usual cube
LIFTED = 3.0            # mm a cube top is pushed from the camera: may pass for a block moved


def check_same_map(sheet: Any, geometry: SheetGeometry, cam: photo.Camera | None = None
                   ) -> None:
    """Refuse the sheet image when a block of cube spaces, or two stretches of border (one
    may hide under a cube), are not where this edition draws them. Cubes on a block seen
    steeply show their tops' edges pushed away from the camera (`cam`): a block that shows
    more edge moved that way (within 60 degrees), by a push of LIFTED or more, is taken for
    moved only when a stretch of border is not where this edition draws it either."""
    crossed = sum(share < CROSSED for share in border_scores(sheet, geometry))
    moved = sorted(t for t, (here, off, shift) in block_scores(sheet, geometry).items()
                   if off > MOVED * here and (crossed or cam is None
                                              or not _lifted_edges(geometry, t, shift, cam)))
    if moved or crossed >= 2:
        raise photo.ScanRefused(
            "this photo shows another map (" + (f"the cube spaces of territory {moved[0]} are "
                                                "not where this edition prints them" if moved
                                                else "its borders are not where this edition "
                                                "prints them") + "); photograph this "
            "edition's map, or give the edition it was printed from (--content)")


def _lifted_edges(geometry: SheetGeometry, territory: int, shift: tuple[float, float],
                  cam: photo.Camera) -> bool:
    """Could the edges of cubes on this territory's block, their tops pushed away from the
    camera, be what shows along its outlines moved by `shift` (mm)?"""
    _, np = photo.libraries()
    centre = np.mean([(s.box.x + s.box.w / 2, s.box.y + s.box.h / 2)
                      for s in geometry.spaces if s.territory == territory], axis=0)
    push = cam.lifted(centre[None], CUBE)[0] - centre
    reach = float(np.hypot(*push))
    return reach >= LIFTED and float(np.dot(push, shift)) >= 0.5 * reach * float(
        np.hypot(*shift))


def block_scores(sheet: Any, geometry: SheetGeometry
                 ) -> dict[int, tuple[float, float, tuple[float, float]]]:
    """Each territory's (edge along its spaces' outlines as drawn, the most along the same
    outlines shifted by SHIFTS, that shift)."""
    cv2, np = photo.libraries()
    grey = cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY)
    edges = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    h, w = edges.shape
    out = {}
    for territory in geometry.outlines:
        points = []
        for space in (s for s in geometry.spaces if s.territory == territory):
            b = space.box
            steps = max(2, round(b.w * 2))
            for k in range(steps):
                t = k / steps
                points += [(b.x + t * b.w, b.y), (b.x + t * b.w, b.y2), (b.x, b.y + t * b.h),
                           (b.x2, b.y + t * b.h)]
        if not points:
            continue
        p = np.array(points)

        def score(dx: float, dy: float, p: Any = p) -> float:
            j = np.clip(np.round((p[:, 0] + dx) * PX).astype(int), 0, w - 1)
            i = np.clip(np.round((p[:, 1] + dy) * PX).astype(int), 0, h - 1)
            return float(edges[i, j].mean())

        shifted = {shift: score(*shift) for shift in SHIFTS}
        best = max(shifted, key=shifted.__getitem__)
        out[territory] = (score(0, 0), shifted[best], best)
    return out


def border_scores(sheet: Any, geometry: SheetGeometry) -> list[float]:
    """Each inland border segment's (one two territories share: a coast is drawn rough) share
    of points darker than the land 2.5 mm either side."""
    cv2, np = photo.libraries()
    grey = cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    v = geometry.visible
    segments: dict[frozenset, int] = {}
    for outline in geometry.outlines.values():
        for a, b in zip(outline, outline[1:] + outline[:1], strict=True):
            segments[frozenset((a, b))] = segments.get(frozenset((a, b)), 0) + 1
    out = []
    for outline in geometry.outlines.values():
        for (xa, ya), (xb, yb) in zip(outline, outline[1:] + outline[:1], strict=True):
            if segments[frozenset(((xa, ya), (xb, yb)))] < 2 or (xa, ya) > (xb, yb):
                continue        # a coast, or the second time round
            length = math.hypot(xb - xa, yb - ya)
            nx, ny = (yb - ya) / (length or 1) * 2.5, (xa - xb) / (length or 1) * 2.5
            darker = []
            for k in range(1, max(2, round(length / 2))):
                t = k / max(2, round(length / 2))
                x, y = xa + (xb - xa) * t, ya + (yb - ya) * t
                if not (v.x + 3 < x < v.x2 - 3 and v.y + 3 < y < v.y2 - 3):
                    continue
                on, a, b = (float(grey[min(h - 1, round(py * PX)), min(w - 1, round(px * PX))])
                            for px, py in ((x, y), (x + nx, y + ny), (x - nx, y - ny)))
                darker.append(on < min(a, b) - 0.02)
            if len(darker) >= 3:
                out.append(sum(darker) / len(darker))
    return out
