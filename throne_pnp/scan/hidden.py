"""Spaces the nearer cubes hide (SPEC §10). A cube seen from the side covers what lies
behind it, so the reader (scan/reader.py) reads the spaces nearest the camera first and
leaves out of each the hulls of the nearer cubes: the most a cube standing there could
hide. A space those hulls hide is still told: every cube that fits it covers its core, at
its foot and at its top (cubes stand alike tall, so a row's tops all show, each pushed away
from the camera past its own space). Paper over the core tells it empty; the side's cube
colour over the top, where no other space lies (or one read empty), tells its cube; no
cube's colour there, in any light, tells it empty. A coloured nearer cube also shows how it
stands: its faces (`outline`) cover less than its hull, and past them more of a space shows.
"""

from __future__ import annotations

import math
from typing import Any

from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.scan import evidence, photo, sides
from throne_pnp.scan.geometry import Space

PX = evidence.PX         # px per mm of the sheet image
CUBE_HEIGHT = 9.0        # mm: how tall a cube may stand when hiding what lies behind it
SMALL_CUBE = 7.5         # mm: the smallest usual cube
CORE_CUBE = 6.5          # mm: the upright square inside the smallest cube (7.5 mm) turned 15 deg
CORE_PAPER = 0.6         # share of a hidden space's core showing its paper: no cube there
CORE_CLEAR = 1.5         # times OFF_PAPER: so far, no cube's core passes for the paper
HUED = 20.0              # chroma (Lab) of a cube colour whose hue tells its faces
HUE_TURN = 25.0          # degrees off that hue: still one of its faces, in any light
FACE_CHROMA = 0.4        # of the cube's chroma, at least, on its faces (not the paper's)
DARK_FACE = 15.0         # L over a grey or black cube's colour: still one of its faces
FACE_GROW = 4            # px grown around the faces: their blurred, anti-aliased edges
FOOT_INSET = 2.0         # mm inside a space's edge: its own cube's foot, not a neighbour's


def near(a: Box, b: Box) -> bool:
    """Are two spaces close enough (within three of their widths and heights) for a cube on
    one to hide part of the other?"""
    return a is not b and abs(a.x - b.x) < 3 * a.w and abs(a.y - b.y) < 3 * a.h


def reaches(hull: Any, other: Any) -> bool:
    """Does a nearer cube's hull (sheet mm, n x 2) reach over what a cube on a space may
    cover (`other`, that space's own hull), their bounding boxes overlapping? One that does
    not hides nothing there and tells nothing of what stands there."""
    return bool((hull.min(axis=0) < other.max(axis=0)).all()
                and (hull.max(axis=0) > other.min(axis=0)).all())


def _core(np: Any, box: Box) -> Any:
    """The square CORE_CUBE wide that every cube fitting the space covers, turned a little
    (4 x 2, sheet mm), or None when the space is too wide for such a square to tell."""
    margin = box.w - CORE_CUBE
    if margin * 2 >= box.w - 1.0:
        return None
    return np.array(box.grow(-margin).corners())


def _covered(np: Any, cv2: Any, places: list[Any], shape: tuple[int, ...]
             ) -> tuple[int, int, Any] | None:
    """The sheet image's pixels that every polygon of `places` (sheet mm) covers: the
    corner (x0, y0) of their bounding box and a mask over it, or None off the sheet."""
    x0, y0 = np.floor(np.min(places, axis=(0, 1)) * PX).astype(int)
    x1, y1 = np.ceil(np.max(places, axis=(0, 1)) * PX).astype(int) + 1
    if x0 < 0 or y0 < 0 or y1 > shape[0] or x1 > shape[1]:
        return None
    inside = np.ones((y1 - y0, x1 - x0), np.uint8)
    for place in places:
        one = np.zeros_like(inside)
        cv2.fillConvexPoly(one, np.round(place * PX - (x0, y0)).astype(np.int32), 1)
        inside &= one
    return int(x0), int(y0), inside


def outline(np: Any, cv2: Any, lab: Any, hull: Any, box: Box, colour: Any, paper: Any
            ) -> tuple[int, int, Any] | None:
    """Where a nearer cube shows itself: the pixels of its hull (sheet mm, the most a cube
    on `box` may cover) in any shade of its colour (`colour`, Lab: the same hue, or for a
    grey or black cube as dark), joined to its foot, grown by FACE_GROW px; as (x0, y0,
    mask) over the sheet image `lab`. The hull allows for a cube anywhere on its space, as
    tall as any; its faces show how it stands. None for a cube that may pass for paper or
    white (its faces are told from neither), or one whose faces do not show."""
    white = photo.lab("#ffffff")
    if min(evidence.distance(np, colour[None], paper)[0],
           evidence.distance(np, colour[None], white)[0]) < 1.5 * evidence.OFF_PAPER:
        return None
    poly = np.round(hull * PX).astype(np.int32)
    x0, y0 = np.maximum(poly.min(axis=0) - FACE_GROW - 1, 0)
    x1, y1 = np.minimum(poly.max(axis=0) + FACE_GROW + 2, (lab.shape[1], lab.shape[0]))
    patch = lab[y0:y1, x0:x1]
    chroma = float(np.hypot(colour[1], colour[2]))
    shows = np.hypot(patch[:, :, 1], patch[:, :, 2])
    if chroma >= HUED:
        turn = np.angle(np.exp(1j * (np.arctan2(patch[:, :, 2], patch[:, :, 1])
                                     - math.atan2(float(colour[2]), float(colour[1])))))
        faces = (np.abs(turn) < math.radians(HUE_TURN)) & (shows >= FACE_CHROMA * chroma)
    else:
        darkest = min(float(colour[0]) + DARK_FACE, float(paper[0]) - 2 * evidence.OFF_PAPER)
        faces = (patch[:, :, 0] < darkest) & (shows < HUED)
    _, parts = cv2.connectedComponents(faces.astype(np.uint8))
    foot_box = box.grow(-FOOT_INSET)
    fx0, fy0, fx1, fy1 = (round(v * PX) for v in (foot_box.x, foot_box.y, foot_box.x2,
                                                   foot_box.y2))
    foot = set(np.unique(parts[fy0 - y0:fy1 - y0, fx0 - x0:fx1 - x0]).tolist()) - {0}
    if not foot:
        return None
    shape = cv2.dilate(np.isin(parts, sorted(foot)).astype(np.uint8),
                       np.ones((2 * FACE_GROW + 1, 2 * FACE_GROW + 1), np.uint8))
    inside = np.zeros_like(shape)
    cv2.fillConvexPoly(inside, poly - (x0, y0), 1)
    return int(x0), int(y0), shape & inside


def core_paper(np: Any, cv2: Any, lab: Any, box: Box, paper: Any, models: dict[str, Any],
               cam: photo.Camera, whose: tuple[str, ...] = ("king", "player")) -> bool:
    """Does a space the nearer cubes' hulls hide show its paper where any cube on it would
    show itself? Every cube that fits the space (7.5 to 9 mm, turned a little) covers its
    core, the square CORE_CUBE wide inside any such foot, and its top face covers that core
    lifted by its height (seen from the camera, pushed away from it); no nearer cube shows
    as paper. So either showing paper (on CORE_PAPER of it) tells the space empty: the hulls
    are the most a nearer cube could hide, its true outline covers less. Only when the
    cube colours of the sides `whose` cubes matter (the space's own, and those of the nearer
    cubes hiding it) are known and far from the paper (a white cube on white paper looks
    like it); CORE_CLEAR suffices there, as the core's pixels one by one must be
    within OFF_PAPER of the paper (a wood cube on a yellowish tint stays over that)."""
    core = _core(np, box)
    if core is None or not sides.unlike(np, models, paper, CORE_CLEAR, whose):
        return False
    for places in ([core], [cam.lifted(core, h) for h in (SMALL_CUBE, CUBE_HEIGHT)]):
        covered = _covered(np, cv2, places, lab.shape)
        if covered is None:
            continue
        x0, y0, inside = covered
        shows = lab[y0:y0 + inside.shape[0], x0:x0 + inside.shape[1]][inside > 0]
        if len(shows) and (evidence.distance(np, shows, paper) < evidence.OFF_PAPER).mean() \
                >= CORE_PAPER:
            return True
    return False


def top_shows(np: Any, cv2: Any, lab: Any, k: int, spaces: tuple[Space, ...],
               states: dict[int, str], model: Any, cam: photo.Camera, ground: Any) -> bool:
    """Does a space the nearer cubes' hulls hide show a cube's top past them? Cubes stand
    alike tall, so a row's tops all show, each beyond its own space: the top of every cube
    that fits this space covers its core lifted by 7.5 to 9 mm (`_top`). Where that shows
    this side's cube colour (`model`) on CORE_PAPER of it, that cube stands here. A lit top
    shows lighter than the colour learned from the cubes' faces, so a coloured cube's is
    also matched as more light would show it (sides.shaded_distance), never as the paper's
    white; a white, grey or black cube's colour tells no light from shade. Nor as what the
    sheet shows there with no cube on it (`ground`, Lab: the space's paper and the land's
    colour, within OFF_PAPER): a wood cube in more light passes for a beige land."""
    shows = _top(np, cv2, lab, k, spaces, states, cam)
    if model is None or shows is None:
        return False
    bare = np.zeros(len(shows), bool)
    for colour in ground:
        bare |= evidence.distance(np, shows, colour) < evidence.OFF_PAPER
    lit = ((_shade_off(np, cv2, shows, model) < sides.MATCH)
           & (evidence.distance(np, shows, photo.lab("#ffffff")) >= 2 * evidence.OFF_PAPER)
           & (math.hypot(float(model[1]), float(model[2])) >= evidence.OFF_PAPER))
    return bool((((evidence.distance(np, shows, model) < evidence.OFF_PAPER) | lit) & ~bare)
                .mean() >= CORE_PAPER)


def top_absent(np: Any, cv2: Any, lab: Any, k: int, spaces: tuple[Space, ...],
               states: dict[int, str], models: list[Any], cam: photo.Camera) -> bool:
    """Does a space the nearer cubes' hulls hide show that no cube stands there? The top of
    any cube on it would cover its lifted core (`_top`), nearer the camera than anything
    behind; where that shows, on CORE_PAPER of it, colours no light makes any cube colour
    that could stand there (`models`: far from each, by OFF_PAPER twice and by
    sides.shaded_distance), no cube's top lies there: the space is empty. Over the land
    beyond a row, past the paper's colour, only this tells."""
    shows = _top(np, cv2, lab, k, spaces, states, cam)
    if not models or shows is None:
        return False
    unlike = np.ones(len(shows), bool)
    for model in models:
        unlike &= ((_shade_off(np, cv2, shows, model) >= sides.MATCH)
                   & (evidence.distance(np, shows, model) >= 2 * evidence.OFF_PAPER))
    return bool(unlike.mean() >= CORE_PAPER)


def _shade_off(np: Any, cv2: Any, shows: Any, model: Any) -> Any:
    """How far each pixel (Lab) lies from the cube colour `model` (Lab) as some light would
    show it (sides.shaded_distance, in BGR)."""
    bgr = cv2.cvtColor(np.vstack([shows, model[None]])[None].astype(np.float32),
                       cv2.COLOR_Lab2BGR)[0]
    return sides.shaded_distance(np, bgr[:-1], bgr[-1])


def _top(np: Any, cv2: Any, lab: Any, k: int, spaces: tuple[Space, ...],
         states: dict[int, str], cam: photo.Camera) -> Any:
    """What the top of any cube on space `k` would cover, as the photo shows it (Lab
    pixels): its core lifted by 7.5 to 9 mm, off the hulls of the cubes on the spaces near
    it not read empty (no other cube's foot or face stands on the rest); None when that
    leaves under half of it, or it lies off the sheet."""
    box = spaces[k].box
    core = _core(np, box)
    if core is None:
        return None
    covered = _covered(np, cv2, [cam.lifted(core, h) for h in (SMALL_CUBE, CUBE_HEIGHT)],
                       lab.shape)
    if covered is None:
        return None
    x0, y0, inside = covered
    y1, x1 = y0 + inside.shape[0], x0 + inside.shape[1]
    whole = int(inside.sum())
    for j, other in enumerate(spaces):
        if j != k and near(box, other.box) and states.get(j, "empty") != "empty":
            hull = cam.cube_hull(other.box, CUBE_HEIGHT, PX) - np.array([x0, y0])
            cv2.fillConvexPoly(inside, np.round(hull).astype(np.int32), 0)
    shows = lab[y0:y1, x0:x1][inside > 0]
    return shows if len(shows) >= whole / 2 else None
