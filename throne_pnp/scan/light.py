"""The light over a photographed map sheet, evened out, and the colour each cube space shows
empty (SPEC §10).

The light (the paper white's colour at every pixel) is fitted through the markers' white
margins and the land around each territory's cube spaces, its colour over the colour it
is printed in (`_land_cells`): where no cube stands, so a white cube on the player's
near-white spaces stays as much darker and bluer as it shows (a light fitted through those
spaces followed the cubes). Smooth over the sheet, then bent to the samples for glare and
shade the smooth fit cannot follow; capped at what the camera records of white (glare
clips the paper there). On a map printed without its land's hues (the ink saver), the
white land around every space gives it; a sheet with too little land, the player's
spaces. Divided out, it leaves every space's colour as the print shows it; each side's
paper is then fitted from its printed tints (`_paper`), the cubes left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.scan import evidence, photo
from throne_pnp.scan.geometry import SheetGeometry

PX = evidence.PX         # px per mm of the sheet image the photo is mapped to
INSET = 1.3              # mm of a space's edge (its printed outline) left out
PRINT_SHIFT = 10.0       # Lab units a print (and the light) may shift a tint by, at most
RIM = 1.5                # mm: the ring around a space its white is read from (ink saver)
RIM_SHARE = 0.3          # the ring's lightest share: the paper, not line art nor a cube
LAND_RING = 9.0          # mm around a territory's cube spaces its land's light is read from
CELL = 6                 # mm: the land is read in cells this wide
MIN_CELLS = 12           # cells of land enough to read the light from
EXACT = 3                # spaces showing their tint as printed: the first guess of the paper


@dataclass(frozen=True)
class Images:
    """The sheet image (BGR 0..1), the light evened out of it, that in Lab, the slope of
    its L (steps per pixel), and the glare the light shows at every pixel (`_field`)."""

    sheet: Any
    even: Any
    lab: Any
    slope: Any
    glare: Any


def px(box: Box, inset: float = 0.0) -> tuple[int, int, int, int]:
    """A box in mm as (x0, y0, x1, y1) pixels of the sheet image, shrunk by `inset` mm."""
    return (round((box.x + inset) * PX), round((box.y + inset) * PX),
            round((box.x2 - inset) * PX), round((box.y2 - inset) * PX))


def glare_over(np: Any, glare: Any, box: Box) -> float:
    """The share of glare (`_field`'s map) over a space: its median, INSET mm inside."""
    x0, y0, x1, y1 = px(box, INSET)
    return float(np.median(glare[y0:y1, x0:x1]))


def even_out(sheet: Any, geometry: SheetGeometry) -> tuple[Images, Any, Any]:
    """The sheet image (float BGR 0..1 at PX) with its light evened out; each space's median
    colour (Lab, cubes and all); and the colour each shows empty, its paper (Lab)."""
    cv2, np = photo.libraries()
    spaces = geometry.spaces
    medians = np.array([np.median(sheet[y0:y1, x0:x1].reshape(-1, 3), axis=0)
                        for x0, y0, x1, y1 in (px(s.box, INSET) for s in spaces)])
    players = [k for k, s in enumerate(spaces) if s.side == "player"]
    marks, margins = [], []
    for corners in geometry.markers.values():
        (x0, y0), (x1, y1) = corners[0], corners[2]
        for x, y in ((x0 - 1, y0 - 1), (x1 + 1, y0 - 1), (x1 + 1, y1 + 1), (x0 - 1, y1 + 1)):
            i, j = round(y * PX), round(x * PX)
            marks.append((x, y))
            margins.append(np.median(sheet[i - 2:i + 3, j - 2:j + 3].reshape(-1, 3), axis=0))
    centres = [(s.box.x + s.box.w / 2, s.box.y + s.box.h / 2) for s in spaces]
    light, glare = _field(np, marks, np.array(margins), [centres[k] for k in players],
                          medians[players], sheet.shape[:2])
    plain = _plain(np, cv2, sheet, light, geometry)
    if plain:       # the land prints white too: the light shows around every space
        rims = [_rim(np, sheet, s.box) for s in spaces]
        light, glare = _field(np, marks, np.array(margins), centres, np.array(rims),
                              sheet.shape[:2], reach=8.0)
    else:           # the land's hues printed: the light shows where no cube stands
        cells, lit = _land_cells(np, cv2, sheet, geometry)
        if len(cells) >= MIN_CELLS:
            light, glare = _field(np, marks, np.array(margins), cells, np.array(lit),
                                  sheet.shape[:2])
            light = np.minimum(light, 1.0)      # white clips at what the camera records
    images = _evened(np, cv2, sheet, light, glare)
    paper = np.zeros((len(spaces), 3), np.float32)     # what each space shows empty
    # each space's median colour, cubes and all
    looks = np.array([np.median(images.lab[y0:y1, x0:x1].reshape(-1, 3), axis=0)
                      for x0, y0, x1, y1 in (px(s.box, INSET) for s in spaces)])
    for side in ("king", "player"):
        own = [k for k, s in enumerate(spaces) if s.side == side]
        fills = [spaces[players[0] if plain else k].fill for k in own]
        seen = looks[own]
        washed = [glare_over(np, glare, spaces[k].box) for k in own]
        paper[own] = _paper(np, seen, np.array([photo.lab(fill, g)
                                                for fill, g in zip(fills, washed, strict=True)]))
    return images, looks, paper


def _field(np: Any, marks: list[tuple[float, float]], mark_values: Any,
           points: list[tuple[float, float]], values: Any, shape: tuple[int, int],
           reach: float = 16.0) -> tuple[Any, Any]:
    """The light over the sheet image and the glare in it. The light (per channel, the
    paper white's colour at every pixel): bilinear through the markers' white margins
    `marks`; quadratic through those and the `points` (the land, `_land_cells`; on an ink
    saver every space's ring, `_rim`; else the player's spaces) that are that white within
    10 % (refitted twice: the light without glare); then bent to each sample from 15 %
    darker to 80 % lighter (a normalised blur, `reach` mm wide), for glare and shade the
    quadratic cannot follow. The glare: the share of the bent light the quadratic does not
    explain (glare adds white, washing the King's tints out)."""
    import cv2

    h, w = shape
    norm = np.array([w / PX, h / PX])
    quad = lambda x, y: np.stack([np.ones_like(x), x, y, x * y, x * x, y * y], -1)  # noqa: E731
    m = np.array(marks, np.float64) / norm
    coef, *_ = np.linalg.lstsq(quad(m[:, 0], m[:, 1])[:, :4], mark_values, rcond=None)
    coef = np.vstack([coef, np.zeros((2, 3))])
    both, samples = m, mark_values
    if points:
        p = np.array(points, np.float64) / norm
        lit = lambda c: values / np.maximum(quad(p[:, 0], p[:, 1]) @ c, 1e-3)  # noqa: E731
        paper = ((lit(coef) > 0.85) & (lit(coef) < 1.8)).all(axis=1)
        for _ in range(3):
            white = (np.abs(lit(coef) - 1) < 0.1).all(axis=1)
            if white.sum() < 12:
                break
            coef, *_ = np.linalg.lstsq(quad(*np.vstack([m, p[white]]).T),
                                       np.vstack([mark_values, values[white]]), rcond=None)
        both, samples = np.vstack([m, p[paper]]), np.vstack([mark_values, values[paper]])
    cells = (round(w / PX / 4) + 1, round(h / PX / 4) + 1)      # one cell per 4 mm
    ys, xs = np.mgrid[0:cells[1], 0:cells[0]] / np.array([[[cells[1] - 1]], [[cells[0] - 1]]])
    smooth = (quad(xs, ys) @ coef).astype(np.float32)
    sums = np.zeros((cells[1], cells[0], 3), np.float32)
    weights = np.zeros((cells[1], cells[0]), np.float32)
    for (x, y), value in zip(both, samples, strict=True):
        i, j = round(y * (cells[1] - 1)), round(x * (cells[0] - 1))
        sums[i, j] += value / np.maximum(smooth[i, j], 1e-3)
        weights[i, j] += 1
    spread = lambda a: cv2.GaussianBlur(a, (0, 0), reach / 4)  # noqa: E731
    floor = 0.05 * float(spread(weights).max())
    bend = np.clip((spread(sums) + floor) / (spread(weights) + floor)[:, :, None], 0.7, 1.7)
    glare = np.clip(1 - 1 / bend.min(axis=2), 0, 0.8)
    size = (w, h)
    return (cv2.resize(smooth * bend, size, interpolation=cv2.INTER_LINEAR),
            cv2.resize(glare, size, interpolation=cv2.INTER_LINEAR))


def _land_cells(np: Any, cv2: Any, sheet: Any, geometry: SheetGeometry
                ) -> tuple[list[tuple[float, float]], list[Any]]:
    """The light (the paper white's colour, BGR) read off the land around each territory's
    cube spaces, where no cube stands: the land's colour over the colour it is printed in,
    in cells CELL mm wide within LAND_RING mm of the spaces (2 mm clear of the territory's
    border band, 1.5 mm of the spaces and 0.5 mm of its printed marks), the median of each
    (a terrain glyph or a cube's shadow darkens a few of its pixels; _field leaves out a
    cell a leaning cube covers, as far from the rest). Their points (mm) and values."""
    lands = dict(geometry.lands)
    smooth = cv2.blur(sheet, (round(PX), round(PX)))
    shape = (sheet.shape[0] // round(PX), sheet.shape[1] // round(PX))     # 1 px per mm
    clear = _cleared(np.ones(shape, np.uint8), [s.box for s in geometry.spaces], 1.5)
    clear = _cleared(clear, geometry.marks, 0.5)
    v = geometry.visible         # a tile prints only its part of the art
    if v.w > 0:
        shown = np.zeros_like(clear)
        shown[max(0, round(v.y + 1)):round(v.y2 - 1), max(0, round(v.x + 1)):round(v.x2 - 1)] = 1
        clear &= shown
    points, values = [], []
    for n, land in _lands(np, cv2, geometry, clear).items():
        own = [s.box for s in geometry.spaces if s.territory == n]
        if n not in lands or not own:
            continue
        near = np.zeros_like(land)
        x0, y0 = min(b.x for b in own), min(b.y for b in own)
        x1, y1 = max(b.x2 for b in own), max(b.y2 for b in own)
        near[max(0, round(y0 - LAND_RING)):round(y1 + LAND_RING),
             max(0, round(x0 - LAND_RING)):round(x1 + LAND_RING)] = 1
        ys, xs = np.nonzero(land & near)
        if len(ys) < 20:
            continue
        printed = photo.bgr(lands[n])
        ratio = smooth[np.round((ys + 0.5) * PX).astype(int).clip(0, sheet.shape[0] - 1),
                       np.round((xs + 0.5) * PX).astype(int).clip(0, sheet.shape[1] - 1)] / printed
        cell = (ys // CELL) * 10000 + xs // CELL
        for key in np.unique(cell):
            inside = cell == key
            if inside.sum() >= CELL * CELL / 3:
                points.append((float(xs[inside].mean() + 0.5), float(ys[inside].mean() + 0.5)))
                values.append(np.median(ratio[inside], axis=0))
    return points, values


def _rim(np: Any, sheet: Any, box: Box) -> Any:
    """The paper's white around a space (BGR): the light part (RIM_SHARE) of a ring RIM mm
    wide, RIM mm out from its outline, on a map printed without its land's hues. A cube on
    the space may lean over a side of it, and the land's line art darkens some; neither
    reaches the light part."""
    x0, y0, x1, y1 = px(box, -2 * RIM)
    ring = sheet[max(y0, 0):y1, max(x0, 0):x1].copy()
    inset = round(RIM * PX)
    ring[inset:-inset, inset:-inset] = np.nan
    pixels = ring.reshape(-1, 3)
    pixels = pixels[~np.isnan(pixels[:, 0])]
    grey = pixels.sum(axis=1)
    return pixels[grey >= np.percentile(grey, 100 * (1 - RIM_SHARE))].mean(axis=0)


def _evened(np: Any, cv2: Any, sheet: Any, light: Any, glare: Any) -> Images:
    """The sheet image with the `light` evened out of it, that in Lab, its L's slope, and
    the `glare`."""
    even = np.clip(sheet / np.maximum(light, 0.05), 0, 1.2).astype(np.float32)
    lab = cv2.cvtColor(even, cv2.COLOR_BGR2Lab)
    slope = cv2.magnitude(cv2.Sobel(lab[:, :, 0], cv2.CV_32F, 1, 0),
                          cv2.Sobel(lab[:, :, 0], cv2.CV_32F, 0, 1)) / 8
    return Images(sheet, even, lab, slope, glare)


def _plain(np: Any, cv2: Any, sheet: Any, light: Any, geometry: SheetGeometry) -> bool:
    """Is the map printed without its land's hues (the ink saver, whose King's spaces are
    as white as the player's)? Most territories' land, 3 mm clear of the spaces, is as
    white as the paper under the `light`."""
    white = photo.lab("#ffffff")
    shape = (sheet.shape[0] // round(PX), sheet.shape[1] // round(PX))     # 1 px per mm
    clear = _cleared(np.ones(shape, np.uint8), [s.box for s in geometry.spaces], 3.0)
    votes = []
    for land in _lands(np, cv2, geometry, clear).values():
        ys, xs = np.nonzero(land)
        if len(ys) >= 20:
            i, j = np.round(ys * PX).astype(int), np.round(xs * PX).astype(int)
            even = np.clip(sheet[i, j] / np.maximum(light[i, j], 0.05), 0, 1.2)
            colour = np.median(cv2.cvtColor(even[None].astype(np.float32),
                                            cv2.COLOR_BGR2Lab)[0], axis=0)
            votes.append(evidence.distance(np, colour[None], white)[0] < evidence.OFF_PAPER / 2)
    return sum(votes) * 2 > len(votes)


def _lands(np: Any, cv2: Any, geometry: SheetGeometry, clear: Any) -> dict[int, Any]:
    """Each territory's land at 1 px per mm (the shape of `clear`): 2 mm inside its
    outline, where `clear` is 1."""
    lands = {}
    for n, outline in geometry.outlines.items():
        land = np.zeros(clear.shape, np.uint8)
        cv2.fillPoly(land, [np.round(np.array(outline)).astype(np.int32)], 1)
        lands[n] = cv2.erode(land, np.ones((5, 5), np.uint8)) & clear
    return lands


def _cleared(mask: Any, boxes: Any, margin: float) -> Any:
    """`mask` (1 px per mm) with the `boxes` (mm), grown by `margin` mm, set to 0."""
    for box in boxes:
        mask[max(0, round(box.y - margin)):round(box.y2 + margin),
             max(0, round(box.x - margin)):round(box.x2 + margin)] = 0
    return mask


def _paper(np: Any, seen: Any, tints: Any) -> Any:
    """The colour each of a side's spaces shows empty, from its printed tint (`tints`, one
    per space: the King's row takes its territory's hue) through the print and the light:
    per Lab channel `seen = gain * tint + offset`, fitted to the spaces `seen` that match it
    (cubes left out). The first guess is the spaces that show their tint as printed (within
    OFF_PAPER / 2), when EXACT of them do: white cubes on most of the King's spaces show
    their tints all shifted toward white alike, and would pass for the paper. Else it shifts
    every tint alike, by the spaces whose colour lies on the way from their tint to white
    (not a coloured cube: ink saver, washed out, or not). The lightness keeps gain 1 (the
    tints are alike in it), and so do a and b when the tints are (the player's spaces).
    Once the first guess holds, refits keep to spaces within OFF_PAPER / 2 too: white cubes
    on most of the player's spaces lie within OFF_PAPER of it, and would pull it their way."""
    keep = evidence.distance(np, seen, tints) < evidence.OFF_PAPER / 2
    near = evidence.OFF_PAPER / 2 if keep.sum() >= EXACT else evidence.OFF_PAPER
    if keep.sum() < EXACT:
        keep = evidence.distance(np, seen, evidence.toward_white(np, seen, tints)) \
            < evidence.OFF_PAPER
    if keep.sum() < 3:
        keep[:] = True
    expected = tints
    for step in range(4):
        expected = tints.copy()
        for c in range(3):
            x, y = tints[keep, c], seen[keep, c]
            gain = 1.0
            if step and c and np.std(x) > 2:
                gain = float(np.clip(np.cov(x, y)[0, 1] / np.var(x, ddof=1), 0.5, 1.5))
            shift = float(np.clip(np.median(y - gain * x), -PRINT_SHIFT, PRINT_SHIFT))
            expected[:, c] = gain * tints[:, c] + shift
        matching = evidence.distance(np, seen, expected) < near
        if matching.sum() < 3 or (matching == keep).all() and step:
            break
        keep = matching
    return expected
