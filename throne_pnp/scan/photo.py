"""A photo of the map sheet: decoded safely, its markers found, and mapped onto the sheet.

Owns the refusals that concern the photo itself (not an image, too large, too dark, markers
missing, too blurred, too oblique) and the camera: the homography from sheet millimetres to
photo pixels, and the camera's foot point and height over the sheet, which tell where a
standing cube hides its neighbours. OpenCV and numpy are imported lazily (the [scan] extra).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

from throne_pnp.errors import ThroneError
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.components.board import markers

INSTALL_HINT = ('reading photos needs OpenCV and numpy: pip install "throne_pnp[scan]" '
                '(or: pip install opencv-python-headless)')
MAX_BYTES = 40 * 1024 * 1024       # a phone photo is a few MB
MAX_PIXELS = 60_000_000            # refused before decoding anything larger
WORK_SIDE = 2000                   # the long side the photo is read at (px)
MAX_TILT = 50.0                    # degrees from straight above
FOCAL_TILT = 15.0                  # degrees: a view this straight cannot tell the focal length


class ScanRefused(ThroneError):
    """The photo cannot be read; the message says why and what to do."""


class MissingScanExtra(ThroneError):
    """OpenCV or numpy is not installed."""


def libraries() -> tuple[Any, Any]:
    """(cv2, numpy), or MissingScanExtra saying how to install them."""
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
    try:
        import cv2
        import numpy
    except ImportError as exc:
        raise MissingScanExtra(INSTALL_HINT) from exc
    return cv2, numpy


def decode(data: bytes) -> Any:
    """The photo as a BGR image at most WORK_SIDE px long; refused when not an image."""
    cv2, np = libraries()
    if not data:
        raise ScanRefused("the photo is empty (0 bytes); take the photo again")
    if len(data) > MAX_BYTES:
        raise ScanRefused(f"the photo is over {MAX_BYTES // 2**20} MB; send a smaller one")
    buffer = np.frombuffer(data, np.uint8)
    flag = cv2.IMREAD_REDUCED_COLOR_2 if len(data) > 2_500_000 else cv2.IMREAD_COLOR
    try:
        image = cv2.imdecode(buffer, flag)
    except cv2.error:
        image = None
    if image is None or image.ndim != 3 or min(image.shape[:2]) < 200:
        raise ScanRefused("this file is not a photo that can be read (JPEG or PNG, at least "
                          "200 px); take the photo again")
    scale = WORK_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image


@dataclass(frozen=True)
class Camera:
    """Where a sheet lies in the photo: `homography` maps sheet mm to photo px; the camera
    stands `height` mm over the sheet point `foot` (mm), tilted `tilt` degrees."""

    kind: str
    homography: Any
    foot: tuple[float, float]
    height: float
    tilt: float

    def cube_hull(self, box: Box, height: float, scale: float = 1.0) -> Any:
        """What a cube standing on `box` (sheet mm), `height` mm tall, covers as this camera
        sees it: the hull of its foot and of its top projected along the camera's rays, in
        sheet mm times `scale` (n x 2)."""
        cv2, np = libraries()
        corners = np.array(box.corners())
        outline = np.vstack([corners, self.lifted(corners, height)]).astype(np.float32)
        return cv2.convexHull(outline * scale).reshape(-1, 2)

    def lifted(self, points: Any, height: float) -> Any:
        """Where sheet points (n x 2, mm) raised `height` mm show on the sheet, as this
        camera sees them: pushed away from its foot point along its rays."""
        _, np = libraries()
        grow = self.height / max(self.height - height, 1.0)
        return np.asarray(self.foot) + (np.asarray(points) - np.asarray(self.foot)) * grow


def colour_distance(np: Any, lab: Any, reference: Any, darker: float, chroma: float) -> Any:
    """Lab distance of the colours `lab` (n x 3) from `reference`, a darker L weighed by
    `darker` (shadows only darken), a lighter one by three quarters, a and b by `chroma`."""
    d = lab - reference
    light = np.where(d[:, 0] < 0, darker, 0.75) * d[:, 0]
    return np.sqrt(light ** 2 + chroma ** 2 * (d[:, 1] ** 2 + d[:, 2] ** 2))


def bgr(colour: str) -> Any:
    """A "#rrggbb" colour as OpenCV holds it: blue, green, red, 0..1."""
    _, np = libraries()
    return np.array([int(colour[i:i + 2], 16) / 255 for i in (5, 3, 1)], np.float32)


def lab(colour: str, glare: float = 0.0) -> Any:
    """Lab of a "#rrggbb" colour (washed toward white by a share `glare` of glare), as the
    readers compare colours."""
    cv2, _ = libraries()
    return cv2.cvtColor(bgr(colour)[None, None] * (1 - glare) + glare, cv2.COLOR_BGR2Lab)[0, 0]


def hex_of(lab_colour: Any) -> str:
    """The "#rrggbb" of a Lab colour (`lab`'s inverse, clipped to sRGB)."""
    cv2, np = libraries()
    bgr = cv2.cvtColor(np.array([[lab_colour]], np.float32), cv2.COLOR_Lab2BGR)[0, 0]
    return "#" + "".join(f"{round(255 * min(max(float(c), 0.0), 1.0)):02x}" for c in bgr[::-1])


def find_markers(image: Any) -> dict[int, Any]:
    """The DICT_4X4_50 markers in the photo: id -> 4 x 2 corners (px)."""
    cv2, np = libraries()
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.perspectiveRemovePixelPerCell = 8            # bits read from each cell's middle:
    params.perspectiveRemoveIgnoredMarginPerCell = 0.25  # small, soft markers still decode
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    found: dict[int, Any] = {}
    for zoom in (1, 2):     # small or soft markers: once more, the photo enlarged
        big = grey if zoom == 1 else cv2.resize(grey, None, fx=zoom, fy=zoom,
                                                interpolation=cv2.INTER_CUBIC)
        corners, ids, _ = detector.detectMarkers(big)
        for i, c in zip(ids.ravel() if ids is not None else (), corners, strict=False):
            found.setdefault(int(i), c.reshape(4, 2).astype(np.float64) / zoom)
        if len(found) % 4 == 0 and max(big.shape) <= WORK_SIDE * 2:
            break
    return found


def sheet_kinds(found: dict[int, Any], image: Any) -> list[str]:
    """The sheet kinds whose four markers all show (two for a glued tiled map); refused,
    saying why, when none does."""
    cv2, np = libraries()
    counts: dict[str, int] = {}
    for marker_id in found:
        kind = markers.kind_of(marker_id)
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
    whole = [kind for kind, n in counts.items() if n == 4]
    if whole:
        return whole
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if float(np.percentile(grey, 95)) < 60:
        raise ScanRefused("the photo is too dark to read; turn on a light and take it again")
    small = cv2.resize(grey, (640, round(640 * grey.shape[0] / grey.shape[1]))).astype(float)
    if small.std() > 12 and cv2.Laplacian(small, cv2.CV_64F).var() < 0.05 * small.var():
        raise ScanRefused("the photo is too blurred to read; hold still and take it again")
    if counts:
        raise ScanRefused(f"only {max(counts.values())} of the map's four corner markers "
                          "show; take the photo again with the whole sheet in view")
    if found:
        raise ScanRefused("this is not a map sheet of this game (its markers are unknown); "
                          "photograph the printed map")
    raise ScanRefused("no map markers found in the photo; photograph the whole printed map "
                      "sheet, its four corner squares in view")


def camera(kind: str, found: dict[int, Any], image_size: tuple[int, int],
           sheet_corners: dict[int, Any]) -> Camera:
    """The camera for sheet `kind` from its four markers (refused when too oblique)."""
    cv2, np = libraries()
    ids = markers.marker_ids(kind)
    src = np.array([sheet_corners[i] for i in ids], np.float64).reshape(-1, 2)
    dst = np.array([found[i] for i in ids], np.float64).reshape(-1, 2)
    homography, _ = cv2.findHomography(src, dst, 0)
    if homography is None:
        raise ScanRefused("the map's markers do not make a flat sheet; lay the map flat")
    foot, height, tilt = _pose(np, homography, image_size)
    if tilt > MAX_TILT:
        raise ScanRefused(f"the photo is taken too much from the side ({tilt:.0f} degrees); "
                          "hold the phone more above the map")
    return Camera(kind, homography, foot, height, tilt)


def _pose(np: Any, homography: Any, image_size: tuple[int, int]
          ) -> tuple[tuple[float, float], float, float]:
    """(foot point mm, height mm, tilt degrees) of a pinhole camera with its principal
    point at the photo's centre; the focal length from the homography when it tells it,
    else a phone's usual (0.8 x the photo's diagonal). A view less tilted than FOCAL_TILT
    has too little perspective to tell it (a near-straight photo's guess comes out
    anywhere from a third to three times the truth, and the height and tilt with it).
    The sheet's axes give two equations, focal^2 * bottom = top (the axes at right angles,
    and of one length); each alone is ill-conditioned when its `bottom` is near 0 (which
    one depends on how the sheet turns in the photo: one taken alone put a 39 degree view at
    34), so both are solved together, by least squares, which weighs each by its bottom."""
    w, h = image_size
    shift = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], np.float64)
    hm = shift @ homography
    hm = hm / np.linalg.norm(hm[:, 0])
    (a, b, _), (c, d, _), (e, f, _) = hm
    diagonal = math.hypot(w, h)
    focal = 0.8 * diagonal
    usual = _solve(np, hm, focal)
    if usual[2] < FOCAL_TILT:
        return usual
    equations = ((-(a * b + c * d), e * f), (-(a * a + c * c - b * b - d * d), e * e - f * f))
    top = sum(t * bottom for t, bottom in equations)
    bottom = sum(bottom * bottom for _, bottom in equations)
    if bottom > 1e-24 and top > 0 and 0.3 * diagonal < math.sqrt(top / bottom) < 3 * diagonal:
        focal = math.sqrt(top / bottom)
    return _solve(np, hm, focal)


def _solve(np: Any, hm: Any, focal: float) -> tuple[tuple[float, float], float, float]:
    """The pose (foot mm, height mm, tilt degrees) from the centred homography `hm` and a
    focal length (px)."""
    m = np.diag([1 / focal, 1 / focal, 1.0]) @ hm
    scale = 2 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    rotation = np.column_stack([r1, r2, np.cross(r1, r2)])
    centre = -rotation.T @ t
    tilt = math.degrees(math.acos(min(1.0, abs(rotation[2, 2]))))
    return (float(centre[0]), float(centre[1])), float(abs(centre[2])), tilt
