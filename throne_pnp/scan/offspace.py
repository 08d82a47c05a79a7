"""Cubes standing off the cube spaces, elsewhere inside a territory (SPEC §10).

A player stacks cubes beside a full row, or sets them down anywhere in the territory. On the
photo mapped onto the sheet, each territory's land (inside its border, away from its labels,
symbols and cube spaces, and from what the cubes on the spaces may cover) is compared with
the land around it (a wide blur of the land itself, so its hue, its light and the thin lines
of its terrain marks drop out); what differs in a blob wider than those lines, with edges
(glare has none), is a cube, or several. A blob the size of one cube, seen from this camera,
counts one cube of the side whose learned colour it shows; a larger blob (cubes touching), a
smaller one (half hidden), one across a border or of neither side's colour makes the
territory's count a range, marked unsure: never a guess. A side whose cube colour stands
too little off a territory's land (white cubes on its pale land) may have cubes there that
show no blob at all, and so may a side whose colour no cube on the spaces told: its count
there is left open by a row's worth (`faint`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.scan import photo, sides
from throne_pnp.scan.geometry import SheetGeometry, Space

WORK = 2.5          # px per mm the land is searched at
PX = 5.0            # px per mm of the sheet image given (the reader's)
BORDER = 2.0        # mm of land kept off a territory's border (its ink, a rough coast)
OFF = 8.0           # colour distance from the land around: not land
STROKE = 3.2        # mm: a mark thinner than this is printed (terrain lines), not a cube
CUBE = (7.5, 9.5)   # mm: the sizes a usual wooden cube comes in
EDGE = 3.0          # L steps per pixel: a cube's edges (a tenth of its blob has them)
THIN = 4.5          # mm: a blob thinner than this on the whole is a printed line's edge
NOISE = 0.25        # of one cube's area: a smaller blob is nothing
LONE = (0.7, 1.26)  # of one cube's area: one cube (smaller: perhaps; larger: perhaps two)
SHADOW = (0.12, 0.55)   # the land only darker (channels alike within 12 %, to 55 %): shade
VOTE = 0.75         # of a blob's pixels nearer one side's colour: that side's cubes
SPARSE = 0.05       # blur weight of a territory's median in its land's blur (few pixels: it)
SHARE = 0.25        # of a blob over a second territory: it stands on the border
FAINT = 12.0        # colour distance of a side's cubes from a land: below it, may go unseen


@dataclass(frozen=True, slots=True)
class OffRead:
    """One blob off the spaces: in `territory`, `low` to `high` cubes of `side` (None: its
    colour tells neither side); `where` is its box in mm of sheet `kind`. `faint`: no blob,
    but the side's cubes are too near the land's colour to be sure none stand there."""

    territory: int
    side: str | None
    low: int
    high: int
    where: Box
    kind: str = ""
    faint: bool = False

    @property
    def sure(self) -> bool:
        return self.side is not None and self.low == self.high


def read_off_spaces(sheet: Any, geometry: SheetGeometry, cam: photo.Camera,
                    spaces: Sequence[tuple[Space, str]], colours: dict[str, str]
                    ) -> list[OffRead]:
    """The blobs off the spaces of one sheet image (`sheet`: float BGR at PX px/mm), with
    `spaces` as read ((space, state) pairs) and the cube colours given (`colours`, hex)."""
    cv2, np = photo.libraries()
    image = cv2.resize(sheet, None, fx=WORK / PX, fy=WORK / PX, interpolation=cv2.INTER_AREA)
    image = np.clip(image / _light(np, image, spaces), 0, 1.2).astype(np.float32)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)
    lands = _lands(np, cv2, geometry, cam, spaces, image.shape[:2])
    everywhere = np.any(lands, axis=0)
    ground = _ground(np, cv2, image, lands)
    ratio = image / np.maximum(ground, 1e-3)
    shade = ratio.mean(axis=2)
    shadow = (np.ptp(ratio, axis=2) < SHADOW[0] * shade) & (shade > SHADOW[1]) & (shade < 1)
    far = _distance(np, lab.reshape(-1, 3), cv2.cvtColor(ground, cv2.COLOR_BGR2Lab)
                    .reshape(-1, 3)).reshape(everywhere.shape)
    off = ((far > OFF) & everywhere & ~shadow).astype(np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (round(STROKE * WORK) | 1,) * 2)
    # what is wider than a printed line, with the thin faces along it given back
    off &= cv2.dilate(cv2.morphologyEx(off, cv2.MORPH_OPEN, disc), disc)
    models = _models(np, image, spaces, colours)
    edges = cv2.magnitude(cv2.Sobel(lab[:, :, 0], cv2.CV_32F, 1, 0),
                          cv2.Sobel(lab[:, :, 0], cv2.CV_32F, 0, 1)) / 8
    count, labels, stats, centres = cv2.connectedComponentsWithStats(off, connectivity=8)
    territories = list(geometry.outlines)
    out = _faint(np, cv2, geometry, ground, lands, models)
    for k in range(1, count):
        x, y, w, h = (int(v) for v in stats[k, :4])
        blob = labels[y:y + h, x:x + w] == k
        area = stats[k, cv2.CC_STAT_AREA] / WORK ** 2
        cx, cy = centres[k] / WORK
        lone = np.mean([cv2.contourArea(cam.cube_hull(Box(cx - s / 2, cy - s / 2, s, s), s))
                        for s in CUBE])
        _, sides, _ = cv2.minAreaRect(np.argwhere(blob).astype(np.float32))
        if (area < NOISE * lone or area / max(*sides, 1.0) * WORK < THIN
                or np.percentile(edges[y:y + h, x:x + w][blob], 90) < EDGE):
            continue        # noise, a strip along a printed line, or glare (no edges)
        shares = [int((blob & land[y:y + h, x:x + w]).sum()) for land in lands]
        order = np.argsort(shares)[::-1]
        where = Box(x / WORK, y / WORK, w / WORK, h / WORK)
        side = _side(np, image[y:y + h, x:x + w][blob], models)
        low, high = _how_many(area / lone)
        if len(order) > 1 and shares[order[1]] > SHARE * shares[order[0]]:  # on a border
            out += [OffRead(territories[i], side, 0, high, where, geometry.kind)
                    for i in order[:2]]
        else:
            out.append(OffRead(territories[order[0]], side, low, high, where, geometry.kind))
    return out


def draw(picture: Any, reads: Sequence[OffRead], px: float) -> None:
    """Outline each blob on the debug picture (`px` px per mm; BGR): red the King's, blue
    the player's, yellow unsure, with its count."""
    import cv2

    for read in (r for r in reads if not r.faint):
        ink = (0, 210, 255) if not read.sure else (30, 30, 220) if read.side == "king" else (
            230, 100, 25)
        b = read.where
        cv2.rectangle(picture, (round(b.x * px), round(b.y * px)),
                      (round(b.x2 * px), round(b.y2 * px)), ink, 3)
        count = str(read.low) if read.low == read.high else f"{read.low}-{read.high}"
        cv2.putText(picture, count, (round(b.x * px), round(b.y * px) - 6),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.0, ink, 2)


def _faint(np: Any, cv2: Any, geometry: SheetGeometry, ground: Any, lands: Any,
           models: dict[str, Any]) -> list[OffRead]:
    """For each territory and side whose cube colour lies within FAINT of what its land shows
    (the median of its `ground`), or is not known, a read of 0 up to a row's worth of cubes:
    they may stand there unseen."""
    rows: dict[tuple[int, str], int] = {}
    for space in geometry.spaces:
        rows[(space.territory, space.side)] = rows.get((space.territory, space.side), 0) + 1
    lab = lambda bgr: cv2.cvtColor(np.float32(bgr)[None, None], cv2.COLOR_BGR2Lab)[0, 0]  # noqa: E731
    out = []
    for territory, land in zip(geometry.outlines, lands, strict=True):
        if not land.any():
            continue
        seen = lab(np.median(ground[land], axis=0))
        ys, xs = np.nonzero(land)
        where = Box(xs.min() / WORK, ys.min() / WORK, np.ptp(xs) / WORK, np.ptp(ys) / WORK)
        out += [OffRead(territory, side, 0, rows.get((territory, side), 1), where,
                        geometry.kind, faint=True)
                for side in ("king", "player") if side not in models
                or _distance(np, lab(models[side])[None], seen[None])[0] < FAINT]
    return out


def _how_many(ratio: float) -> tuple[int, int]:
    """(low, high) cubes in a blob `ratio` times one cube's area (as the camera sees a cube
    of the usual size there): one cube up to LONE; a range when smaller (partly hidden) or
    larger (cubes touching, or one large cube)."""
    if ratio < LONE[0]:
        return 0, 1
    if ratio <= LONE[1]:
        return 1, 1
    if ratio < 1.6:                 # a pair's blob shows at least 1.6 cubes', one 0.8 at least
        return 1, 2
    return max(2, math.floor(ratio / 1.6)), max(2, math.ceil(ratio / 0.8))


def _patch(image: Any, box: Box) -> Any:
    """The pixels of `box` (sheet mm)."""
    return image[round(box.y * WORK):round(box.y2 * WORK), round(box.x * WORK):round(box.x2 * WORK)]


def _light(np: Any, image: Any, spaces: Sequence[tuple[Space, str]]) -> Any:
    """The paper white over the image (per channel): a plane through the empty player
    spaces (the same white paper everywhere), else the image's bright end."""
    points, values = [], []
    for space, state in spaces:
        if space.side == "player" and state == "empty":
            b = space.box.grow(-2.0)
            patch = _patch(image, b)
            if patch.size:
                points.append((b.x + b.w / 2, b.y + b.h / 2))
                values.append(np.median(patch.reshape(-1, 3), axis=0))
    h, w = image.shape[:2]
    if len(points) < 4:
        return np.maximum(np.percentile(image.reshape(-1, 3), 98, axis=0), 0.05)
    p = np.array(points)
    design = np.column_stack([np.ones(len(p)), p[:, 0], p[:, 1]])
    coef, *_ = np.linalg.lstsq(design, np.array(values), rcond=None)
    ys, xs = np.mgrid[0:h, 0:w] / WORK
    return np.maximum(np.stack([np.ones_like(xs), xs, ys], -1) @ coef, 0.05).astype(np.float32)


def _lands(np: Any, cv2: Any, geometry: SheetGeometry, cam: photo.Camera,
           spaces: Sequence[tuple[Space, str]], shape: tuple[int, int]) -> Any:
    """One mask per territory (in `geometry.outlines` order) of the land searched: inside
    its border by BORDER mm, within what this sheet shows, off its labels and symbols, its
    cube spaces and what the cubes read on them (or unsure) may cover."""
    px = lambda pts: np.round(np.asarray(pts, np.float32) * WORK).astype(np.int32)  # noqa: E731
    free = np.zeros(shape, np.uint8)
    v = geometry.visible
    cv2.rectangle(free, (round(v.x * WORK), round(v.y * WORK)),
                  (round(v.x2 * WORK), round(v.y2 * WORK)), 1, -1)
    for box in [s.box.grow(0.8) for s, _ in spaces] + [m.grow(1.0) for m in geometry.marks]:
        cv2.rectangle(free, (round(box.x * WORK), round(box.y * WORK)),
                      (round(box.x2 * WORK), round(box.y2 * WORK)), 0, -1)
    for space, state in spaces:     # (a cube the spaces missed counts here instead)
        if state != "empty":
            cv2.fillConvexPoly(free, px(cam.cube_hull(space.box, CUBE[1])), 0)
    ring = round(2 * BORDER * WORK) | 1
    inner = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (ring, ring))
    lands = []
    for outline in geometry.outlines.values():
        land = np.zeros(shape, np.uint8)
        cv2.fillPoly(land, [px(outline)], 1)
        lands.append(cv2.erode(land, inner).astype(bool) & free.astype(bool))
    return np.array(lands)


def _ground(np: Any, cv2: Any, image: Any, lands: Any) -> Any:
    """What each territory's land shows with nothing on it (BGR): a wide blur (at 1 px/mm)
    of its own pixels (never across a border), leaning on their median where they are few;
    done twice, the second time without what the first found off and 3 mm around it."""
    small = cv2.resize(image, None, fx=1 / WORK, fy=1 / WORK, interpolation=cv2.INTER_AREA)
    small_lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    spread = lambda a: cv2.blur(cv2.blur(a, (15, 15)), (15, 15))  # noqa: E731  (about 9 mm)
    ground = np.zeros_like(small)
    for land in lands:
        weight = cv2.resize(land.astype(np.float32), small.shape[1::-1],
                            interpolation=cv2.INTER_AREA)
        own = cv2.dilate((weight > 0).astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
        weight = (weight > 0.99).astype(np.float32)
        for _ in range(2):
            if not weight.any():
                break
            typical = np.median(small[weight > 0], axis=0) * SPARSE
            mean = ((spread(small * weight[:, :, None]) + typical)
                    / (spread(weight) + SPARSE)[:, :, None])
            near = _distance(np, small_lab.reshape(-1, 3), cv2.cvtColor(
                mean.astype(np.float32), cv2.COLOR_BGR2Lab).reshape(-1, 3)) < OFF
            weight = weight * cv2.erode(near.reshape(weight.shape).astype(np.uint8),
                                        np.ones((7, 7), np.uint8))
        else:
            ground[own] = mean[own]
    return cv2.resize(ground, image.shape[1::-1])


def _distance(np: Any, lab: Any, reference: Any) -> Any:
    """Colour distance: a darker L at a third of its weight (a cube's shadow only darkens
    the land; a black cube is far darker), a lighter one at three quarters."""
    return photo.colour_distance(np, lab, reference, darker=0.35, chroma=1.0)


def _models(np: Any, image: Any, spaces: Sequence[tuple[Space, str]],
            colours: dict[str, str]) -> dict[str, Any]:
    """Each side's cube colour (BGR, the paper's white 1): given, or the median of the cubes
    read on its spaces."""
    models = {}
    for side in ("king", "player"):
        seen = [np.median(_patch(image, space.box.grow(-2.5)).reshape(-1, 3), axis=0)
                for space, state in spaces if state == side]
        if side in colours:
            models[side] = photo.bgr(colours[side])
        elif seen:
            models[side] = np.median(seen, axis=0)
    return models


def _side(np: Any, pixels: Any, models: dict[str, Any]) -> str | None:
    """The side whose cube colour a blob's pixels (BGR) show: each pixel is compared with
    each side's colour as some light would show it (a shaded face is the colour, darker);
    half of them must show either colour within sides.MATCH (not glare over a cube, not a thing of
    neither colour), and VOTE of those one side's (None: neither, or a colour unknown)."""
    if len(models) < 2:
        return None
    far = {side: sides.shaded_distance(np, pixels, model) for side, model in models.items()}
    near = np.minimum(far["king"], far["player"]) < sides.MATCH
    if near.mean() < 0.5:
        return None
    king = float((far["king"] < far["player"])[near].mean())
    return "king" if king >= VOTE else "player" if 1 - king >= VOTE else None
