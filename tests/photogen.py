"""Synthetic phone photos of the printed map with cubes on it, for the scanner's tests and
scripts/scan_accuracy.py.

The map sheet is our own PDF rasterised with pypdfium2; a pinhole camera (a phone's focal
length) looks at it from up to 40 degrees off vertical, turned and rolled at random; cubes
stand on the cube spaces (and a few off them) as solid boxes with lit and shaded faces, no
drawn outline (a wooden cube's rounded edges only catch a faint highlight along the top), and
soft shadows; then uneven and coloured light, glare, blur, sensor noise and JPEG. Every photo
comes with the truth: each cube space's state.
"""

from __future__ import annotations

import dataclasses
import math
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium

from throne_pnp.content import Content
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.scan.geometry import SheetGeometry, _sheets, sheet_geometry

PPM = 6.0                       # texture pixels per sheet mm
COLOURS = {                     # BGR of painted wooden cubes
    "red": (40, 35, 185), "yellow": (40, 200, 235), "blue": (165, 85, 30),
    "black": (38, 36, 34), "wood": (125, 175, 215), "green": (60, 140, 45),
    "white": (238, 238, 236),
}


@dataclass
class Photo:
    """One generated photo: JPEG bytes, each space's truth ((territory, side, index) ->
    empty | king | player), and the conditions it was made under."""

    jpeg: bytes
    truth: dict[tuple[int, str, int], str]
    conditions: dict = field(default_factory=dict)
    off: dict[tuple[int, str], int] = field(default_factory=dict)   # cubes off the spaces
    touching: set[int] = field(default_factory=set)     # territories with a touching pair


_TEXTURES: dict[tuple[str, str, bool], np.ndarray] = {}


def texture(content: Content, kind: str, ink_saver: bool = False) -> np.ndarray:
    """The sheet of `content`'s map rasterised at PPM px/mm, BGR (kept for the session)."""
    key = (content.fingerprints.get("map.yaml", ""), kind, ink_saver)
    if key not in _TEXTURES and kind.endswith("-glued"):    # tile 2 on tile 1, trimmed
        paper = kind.split("-")[0]
        first, second = (texture(content, f"{paper}-{k}", ink_saver) for k in (1, 2))
        shift, trim = (round(v * PPM) for v in _glue(content, paper))
        glued = np.zeros((first.shape[0], shift + second.shape[1], 3), np.uint8)
        glued[:, :first.shape[1]] = first
        glued[:, shift + trim:] = second[:, trim:]
        _TEXTURES[key] = glued
    if key not in _TEXTURES:
        sheets = _sheets(content, kind)
        tile = int(kind.split("-")[1]) if "-" in kind else 1
        page = sheets[tile - 1].page
        if ink_saver:
            from throne_pnp.render.components import mapsheet
            paper = kind.split("-")[0]
            size = "tiled" if "-" in kind else ("a3" if paper in ("a3", "tabloid") else "page")
            small = {"a3": "a4", "tabloid": "letter"}.get(paper, paper)
            page = mapsheet.map_pages(content, small, size, True)[tile - 1]
        with tempfile.TemporaryDirectory() as tmp:
            pdf = render_pdf([page], Path(tmp) / "sheet.pdf", "sheet")
            document = pdfium.PdfDocument(str(pdf))
            image = document[0].render(scale=PPM * 25.4 / 72).to_numpy()
            document.close()
        _TEXTURES[key] = np.ascontiguousarray(image[:, :, :3])   # pdfium renders BGR(x)
    return _TEXTURES[key]


def _glue(content: Content, paper: str) -> tuple[float, float]:
    """(where tile 2's page starts on tile 1's, the margin trimmed off tile 2's left) in mm:
    tile 2's frame edge lies on tile 1's join, covering the strip after it."""
    first, second = _sheets(content, f"{paper}-1")
    return first.dx - second.dx, second.frame.x


def glued_geometry(content: Content, kind: str) -> SheetGeometry:
    """The glued tiled map (`a4-glued`, `letter-glued`) as one sheet in tile 1's mm: each
    tile's spaces as it shows them, the outlines and marks, both tiles' area."""
    paper = kind.split("-")[0]
    one, two = (sheet_geometry(content, f"{paper}-{k}") for k in (1, 2))
    shift, _ = _glue(content, paper)
    spaces = one.spaces + tuple(dataclasses.replace(s, box=s.box.moved(shift, 0))
                                for s in two.spaces)
    visible = Box(one.visible.x, one.visible.y, two.visible.x2 + shift - one.visible.x,
                  one.visible.h)
    return SheetGeometry(kind, (two.page[0] + shift, one.page[1]), {}, one.outlines, spaces,
                         one.marks, visible)


def _look_at(eye: np.ndarray, target: np.ndarray, roll: float) -> np.ndarray:
    """Rotation (world -> camera) of a camera at `eye` looking at `target`."""
    forward = target - eye
    forward /= np.linalg.norm(forward)
    up = np.array([0.0, -1.0, 0.0]) if abs(forward[1]) < 0.9 else np.array([1.0, 0, 0])
    right = np.cross(forward, up)
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    c, s = math.cos(roll), math.sin(roll)
    right, down = c * right + s * down, -s * right + c * down
    return np.stack([right, down, forward])


def _project(points: np.ndarray, k: np.ndarray, rot: np.ndarray, eye: np.ndarray) -> np.ndarray:
    cam = (points - eye) @ rot.T
    pix = cam @ k.T
    return pix[:, :2] / pix[:, 2:3]


def cube_corners(x: float, y: float, size: float, turn: float) -> np.ndarray:
    """The 8 corners (base then top; z is up negative) of a cube centred on (x, y)."""
    c, s = math.cos(turn), math.sin(turn)
    half = size / 2
    base = [(x + c * dx - s * dy, y + s * dx + c * dy)
            for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half))]
    return np.array([(bx, by, z) for z in (0.0, -size) for bx, by in base])


ACCURACY_KINDS = ("a4", "a4", "letter", "letter", "a3", "a4-1", "letter-2")


def accuracy_photo(content: Content, seed: int) -> Photo:
    """The photo `scripts/scan_accuracy.py` draws for `seed`: a sheet kind from
    ACCURACY_KINDS (A4 and Letter twice as often), 1600 x 1200 px (A3 2400 x 1800; a
    phone's is 4000 x 3000), an ink saver 15 % of the time, the rest as `generate` draws it."""
    rng = random.Random(seed)
    kind = rng.choice(ACCURACY_KINDS)
    return generate(content, rng, kind=kind, size=(2400, 1800) if kind == "a3" else (1600, 1200),
                    ink_saver=rng.random() < 0.15)


FACES = ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7))


def generate(content: Content, rng: random.Random, kind: str = "a4", size: tuple[int, int]
             = (1600, 1200), tilt: float | None = None, colours: tuple[str, str] | None = None,
             fill: float | None = None, blur: float | None = None, quality: int | None = None,
             light: float | None = None, noise: float | None = None,
             ink_saver: bool = False, counts: dict[tuple[int, str], int] | None = None,
             apart: int = 0, pairs: int = 0) -> Photo:
    """A random photo of sheet `kind` with random cubes (or `counts`: (territory, side) ->
    cubes, on spaces of that row picked at random); any condition can be fixed. `apart`
    cubes stand off the spaces, each alone, and `pairs` touching pairs (off the spaces too);
    with neither, no random number is drawn for them (a seed's photo stays the same)."""
    geo = glued_geometry(content, kind) if kind.endswith("-glued") else sheet_geometry(
        content, kind)
    tex = texture(content, kind, ink_saver).astype(np.float32)
    tilt = rng.uniform(0, 40) if tilt is None else tilt
    colours = colours or tuple(rng.sample(sorted(COLOURS), 2))  # type: ignore[assignment]
    fill = rng.uniform(0.1, 0.6) if fill is None else fill
    blur = rng.uniform(0, 1.6) if blur is None else blur
    quality = rng.randint(60, 95) if quality is None else quality
    light = rng.uniform(0, 0.45) if light is None else light
    noise = rng.uniform(0, 5) if noise is None else noise
    cube = rng.uniform(7.5, 9.0)
    truth: dict[tuple[int, str, int], str] = {}
    cubes: list[tuple[np.ndarray, tuple[int, int, int]]] = []
    chosen: set[tuple[int, str, int]] = set()
    for (territory, side), n in (counts or {}).items():
        row = [s.index for s in geo.spaces if (s.territory, s.side) == (territory, side)]
        chosen |= {(territory, side, i) for i in rng.sample(row, min(n, len(row)))}
    for space in geo.spaces:
        key = (space.territory, space.side, space.index)
        full = key in chosen if counts is not None else rng.random() < fill
        truth[(space.territory, space.side, space.index)] = space.side if full else "empty"
        if full:
            b = space.box
            slack = max(0.0, (b.w - cube) / 2 - 0.3)
            cx = b.x + b.w / 2 + rng.uniform(-slack, slack)
            cy = b.y + b.h / 2 + rng.uniform(-slack, slack)
            paint = COLOURS[colours[0] if space.side == "king" else colours[1]]
            cubes.append((cube_corners(cx, cy, cube, math.radians(rng.uniform(-12, 12))),
                          paint))
    off, touching = _off_spaces(geo, rng, cube, apart, pairs, colours, cubes)
    # soft shadows on the sheet, along a light from above and to one side (`sun` points
    # toward the light; z is negative upwards)
    sun = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), -1.0])
    sun /= np.linalg.norm(sun)
    shade = np.zeros(tex.shape[:2], np.float32)
    for corners, _ in cubes:
        top = corners[4:]
        cast = top[:, :2] - top[:, 2:3] * sun[:2] / sun[2]
        hull = cv2.convexHull(np.vstack([corners[:4, :2], cast]).astype(np.float32) * PPM)
        cv2.fillConvexPoly(shade, hull.astype(np.int32), 1.0)
    shade = cv2.GaussianBlur(shade, (0, 0), 1.2 * PPM)
    tex *= (1 - 0.4 * shade)[:, :, None]
    # the camera
    w, h = size
    focal = 0.8 * math.hypot(w, h)
    k = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1]])
    page_w, page_h = geo.page
    target = np.array([page_w / 2 + rng.uniform(-10, 10), page_h / 2 + rng.uniform(-10, 10), 0])
    azimuth = rng.uniform(0, 2 * math.pi)
    upright = (page_w > page_h) == (w > h)
    roll = math.radians(rng.choice((0, 180) if upright else (90, 270)) + rng.uniform(-20, 20))
    distance = focal * max(page_w, page_h) / (rng.uniform(0.72, 0.9) * max(w, h))
    corners = np.array([(0, 0, 0), (page_w, 0, 0), (page_w, page_h, 0), (0, page_h, 0)], float)
    for _ in range(40):
        direction = np.array([math.sin(math.radians(tilt)) * math.cos(azimuth),
                              math.sin(math.radians(tilt)) * math.sin(azimuth),
                              -math.cos(math.radians(tilt))])
        eye = target + distance * direction
        rot = _look_at(eye, target, roll)
        pix = _project(corners, k, rot, eye)
        if pix.min() > 0.02 * w and (pix[:, 0].max() < 0.98 * w) and pix[:, 1].max() < 0.98 * h:
            break
        distance *= 1.07
    plane = k @ np.column_stack([rot[:, 0], rot[:, 1], -rot @ eye])
    homography = plane @ np.diag([1 / PPM, 1 / PPM, 1.0])
    table = np.empty((h, w, 3), np.float32)
    table[:] = (rng.uniform(60, 110), rng.uniform(90, 130), rng.uniform(120, 170))
    image = cv2.warpPerspective(tex, homography, (w, h), dst=table, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_TRANSPARENT)
    # the cubes, farthest first, each face lit by its slant to the light
    order = sorted(cubes, key=lambda c: -np.linalg.norm(c[0].mean(axis=0) - eye))
    for corners3, paint in order:
        pix = _project(corners3, k, rot, eye)
        centre = corners3.mean(axis=0)
        faces = []
        for face in FACES[1:]:
            pts = corners3[list(face)]
            normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])
            normal /= np.linalg.norm(normal)
            if np.dot(normal, pts.mean(axis=0) - centre) < 0:
                normal = -normal
            if np.dot(normal, eye - pts.mean(axis=0)) <= 0:
                continue
            lit = 0.55 + 0.45 * max(0.0, float(np.dot(normal, sun)))   # toward the light
            faces.append((lit, pix[list(face)], face == FACES[1]))
        for lit, poly, top in faces:
            colour = tuple(min(255.0, c * lit) for c in paint)
            points = np.round(poly * 16).astype(np.int32)
            cv2.fillConvexPoly(image, points, colour, cv2.LINE_AA, shift=4)
            if top:     # no drawn outline: the rounded edges of the top catch a little light
                bevel = tuple(min(255.0, c + 0.25 * (255 - c)) for c in colour)
                cv2.polylines(image, [points], True, bevel, 1, cv2.LINE_AA, shift=4)
    # light: a slope across the photo, a colour cast, maybe a glare spot
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    slope = ((xx / w - 0.5) * math.cos(angle) + (yy / h - 0.5) * math.sin(angle))
    field = (1 - light * (slope + 0.5))[:, :, None]
    cast = np.array([rng.uniform(0.88, 1.1), 1.0, rng.uniform(0.88, 1.1)], np.float32)
    # exposed as a phone's automatic exposure does: the paper's white short of clipping
    image = image * field * cast * (rng.uniform(0.75, 0.98) / cast.max())
    if rng.random() < 0.3:
        gx, gy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        radius = rng.uniform(0.04, 0.1) * w
        glare = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius ** 2))
        image = image + (rng.uniform(40, 90) * glare)[:, :, None]
    if blur > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    image = image + np.random.default_rng(rng.getrandbits(32)).normal(0, noise, image.shape)
    image = np.clip(image, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    conditions = {"kind": kind, "tilt": tilt, "colours": colours, "blur": blur,
                  "quality": quality, "light": light, "noise": noise, "cube": cube,
                  "ink_saver": ink_saver}
    return Photo(jpeg.tobytes(), truth, conditions, off, touching)


def _off_spaces(geo: SheetGeometry, rng: random.Random, cube: float, apart: int, pairs: int,
                colours: tuple[str, str], cubes: list) -> tuple[dict[tuple[int, str], int],
                                                                set[int]]:
    """Place `apart` lone cubes and `pairs` touching pairs inside territories, clear of
    their borders, labels and cube spaces (by 10 mm: they must not hide a space) and of each
    other (a lone cube 2.4 cubes from any other); append them to `cubes`; return
    (territory, side) -> cubes placed, and the territories holding a pair."""
    off: dict[tuple[int, str], int] = {}
    touching: set[int] = set()
    placed: list[tuple[float, float]] = []
    keep_out = [s.box.grow(10.0) for s in geo.spaces] + [m.grow(2.5) for m in geo.marks]
    area = geo.visible.grow(-cube)
    for n in range(pairs + apart):      # the pairs first: they need more room
        for _ in range(1000):
            territory = rng.choice(sorted(geo.outlines))
            outline = np.array(geo.outlines[territory], np.float32)
            x0, y0 = outline.min(axis=0)
            x1, y1 = outline.max(axis=0)
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            turn = rng.uniform(0, math.pi / 2)
            second = (x + (cube + 0.2) * math.cos(turn), y + (cube + 0.2) * math.sin(turn))
            here = [(x, y)] + ([second] if n < pairs else [])
            if all(area.contains_point(p)
                   and cv2.pointPolygonTest(outline, p, True) > cube + 3.0
                   and not any(k.contains_point(p) for k in keep_out)
                   and all(math.dist(p, q) > 2.4 * cube for q in placed) for p in here):
                break
        else:
            continue
        for p in here:
            side = rng.choice(("king", "player"))
            cubes.append((cube_corners(*p, cube, turn),
                          COLOURS[colours[0] if side == "king" else colours[1]]))
            off[(territory, side)] = off.get((territory, side), 0) + 1
            placed.append(p)
        if n < pairs:
            touching.add(territory)
    return off, touching

