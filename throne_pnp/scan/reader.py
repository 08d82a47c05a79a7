"""Reading the cube spaces of a photographed map sheet: empty, a King cube, a player cube, or
unsure (SPEC §10).

The photo is mapped onto the sheet (`photo`), its light evened out and each space's paper
found (scan/light.py), and each space read from the part of it that no nearer cube can
hide: a cube seen from the side covers the spaces behind it, so spaces are read nearest to
the camera first and an occupied one (or one left unsure) masks its hull in the view of
those behind it that the hull reaches. Each space is compared with its paper (the colour
the sheet prints it in, white on an ink saver, as this photo's print, light and glare show
it): the evidence and what it tells are scan/evidence.py's (of a space that shows only a
sliver, 6-10 %, only the paper tells: empty; a tinted space that glare washed out all over
is judged on all of it, where only its tint washed toward white, or not, can tell). A space
in between is unsure, never guessed. Then the photo as a whole settles some: a space of a
row whose empty spaces show their tint off the one expected is read against theirs (only
to read it empty: the light may differ along the row); faint edges (and sharp ones under a
cube's worth) tell nothing on a space whose side's cubes are far from its paper and from
white (such a cube shows off the paper); a space with a pale cube's faint edges well over
this photo's empties' is that cube; a tint washed toward white (or the paper darkened
alike) that shows its side's cube colour is a pale cube, not glare (or a shadow), and a
shadow far from it is empty, as is glare where that side's cubes are far from the paper
and from white; a space the nearer cubes' hulls hide (or half hide, left unsure) is empty
when the core any cube on it would cover (its foot, or its top seen from the camera) shows
the paper, or that top shows no cube's colour in any light (the land beyond a row); is read
again past only the nearer cubes still standing once those hiding it are read empty, or
past their faces as they show (not the most such cubes could hide: hidden.outline), where
only the paper, or a shadow far from its side's cube colour, tells it empty; and
holds its side's cube when that top, off every other space not read empty, shows the
cube's colour; and, in a blurred photo taken from straight above, an empty-looking space
darker than that side's other empties is unsure (a white cube's top face, its edges blurred
away) unless no cube can pass for the paper (on a tint, its side's); one far darker, in its
side's pale cube colour (learned, when no cube of that side was read, from its darker
spaces agreeing on one), is that cube. Where a side's cubes could pass for the paper, a
space read empty (or unsure, all of it in view) that looks as that side's read cubes' tops
do (their median look, two or more read) and lies off its paper is that cube; so is a tint
washed toward white where the light, read off the land around it, shows no glare. A cube
colour learned from a white cube's shaded faces is grey, and passes for the paper in more
light (sides.lit_to). Cube colours are learned from the photo (the cubes on each side's
spaces) or given by name or hex.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.scan import evidence, hidden, light, offspace, photo, samemap, sides
from throne_pnp.scan.geometry import SheetGeometry, Space, sheet_geometry

PX = evidence.PX         # px per mm of the sheet image the photo is mapped to
SHARP = 0.45             # the markers' edges: steepest slope over contrast, per mm
GLARE = 0.96             # a raw channel this bright has lost the paper's tint
BLURRED = 1.1           # the markers' sharpness below this, the camera tilted at most
STRAIGHT = 10.0         # this many degrees: a white cube shows no edge, only its top face
DARKER = 5.0            # this many L darker than the empties (a tilted view's spill does too)
MIN_SEEN = 0.1           # share of a space that must show to be read at all
MIN_PAPER = 0.06         # or to be read empty, when all it shows is its paper
PALE_CUBE = 6.5          # a washed-out space this near its side's cube colour: that cube
SEEN_PAST = 0.2          # share of a hidden space showing past the nearer cubes' faces
NO_GLARE = 0.05          # glare the light shows over a space, under this: none washes it


@dataclass(frozen=True, slots=True)
class SpaceRead:
    """One cube space and what it shows: empty, king, player or unsure; `evidence`, what
    that was read from (None when too little of the space showed); `colour`, a cube's
    ("#rrggbb", the light evened out) where one stands on its own side's space."""

    space: Space
    state: str
    evidence: evidence.Evidence | None = None
    colour: str | None = None


@dataclass
class Reading:
    """A photo read: the sheet kinds seen, each space's state, and the sheet images
    (for the debug picture)."""

    kinds: list[str]
    spaces: list[SpaceRead]
    sheets: list[tuple[SheetGeometry, Any]] = field(default_factory=list)
    off: list[offspace.OffRead] = field(default_factory=list)     # cubes off the spaces

    def counts(self, side: str) -> dict[int, int]:
        """Cubes of `side` read in each territory (unsure spaces not counted)."""
        out: dict[int, int] = {}
        for read in self.spaces:
            if read.state == side:
                out[read.space.territory] = out.get(read.space.territory, 0) + 1
        return out

    def unsure(self) -> list[Space]:
        return [read.space for read in self.spaces if read.state == "unsure"]


def read_photo(data: bytes, content: Content, colours: dict[str, str] | None = None
               ) -> Reading:
    """Read the photo `data` of a map sheet of `content` (refusals: `photo.ScanRefused`)."""
    if not content.map.drawable:
        raise ThroneError("this edition's map has no drawing, so it has no printed sheet "
                          "to read; use an edition whose map.yaml has a drawing")
    image = photo.decode(data)
    found = photo.find_markers(image)
    kinds = photo.sheet_kinds(found, image)
    reading = Reading(kinds, [])
    for kind in kinds:
        geometry = sheet_geometry(content, kind)
        cam = photo.camera(kind, found, (image.shape[1], image.shape[0]), geometry.markers)
        sheet = _sheet_image(image, cam, geometry)
        sharpness = _check_sheet(sheet, geometry)
        samemap.check_same_map(sheet, geometry, cam)    # this edition's drawing: samemap.py
        reading.spaces += _read_spaces(sheet, geometry, cam, colours or {}, sharpness)
        reading.off += offspace.read_off_spaces(sheet, geometry, cam, [  # scan/offspace.py
            (r.space, r.state) for r in reading.spaces[-len(geometry.spaces):]], colours or {})
        reading.sheets.append((geometry, sheet))
    return reading


def _sheet_image(image: Any, cam: photo.Camera, geometry: SheetGeometry) -> Any:
    """The photo mapped onto the sheet at PX px/mm (float BGR 0..1)."""
    cv2, np = photo.libraries()
    to_mm = np.diag([1 / PX, 1 / PX, 1.0])
    size = (round(geometry.page[0] * PX), round(geometry.page[1] * PX))
    sheet = cv2.warpPerspective(image, cam.homography @ to_mm, size,
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    return sheet.astype(np.float32) / 255


def _check_sheet(sheet: Any, geometry: SheetGeometry) -> float:
    """Refuse a sheet too dark, too blurred, or not the map of this edition (its territory
    borders are not where this map prints them); else its sharpness (see SHARP)."""
    cv2, np = photo.libraries()
    grey = cv2.cvtColor(sheet, cv2.COLOR_BGR2GRAY)
    whites, sharp = [], []
    for corners in geometry.markers.values():
        (x0, y0), (x1, y1) = corners[0], corners[2]
        ring = grey[round((y0 - 1.6) * PX):round((y1 + 1.6) * PX),
                    round((x0 - 1.6) * PX):round((x1 + 1.6) * PX)]
        whites.append(float(np.percentile(ring, 90)))
        contrast = float(np.percentile(ring, 95) - np.percentile(ring, 5))
        gradient = cv2.magnitude(cv2.Sobel(ring, cv2.CV_32F, 1, 0), cv2.Sobel(ring, cv2.CV_32F,
                                                                              0, 1))
        sharp.append(float(np.percentile(gradient, 98)) / max(contrast, 1e-3) / 8 * PX)
    if min(whites) < 0.16:
        raise photo.ScanRefused("the photo is too dark to read; turn on a light and take it "
                                "again")
    if sorted(sharp)[1] < SHARP:
        raise photo.ScanRefused("the photo is too blurred to read; hold still and take it "
                                "again")
    lines = []      # how much darker each border point is than both sides of it
    for outline in geometry.outlines.values():
        for (xa, ya), (xb, yb) in zip(outline, outline[1:] + outline[:1], strict=True):
            nx, ny = yb - ya, xa - xb
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm * 2.5, ny / norm * 2.5
            for t in (0.3, 0.5, 0.7):
                x, y = xa + (xb - xa) * t, ya + (yb - ya) * t
                ij = [(round(py * PX), round(px * PX))
                      for px, py in ((x, y), (x + nx, y + ny), (x - nx, y - ny))]
                if all(0 <= i < grey.shape[0] and 0 <= j < grey.shape[1] for i, j in ij):
                    on, *off = (float(grey[i, j]) for i, j in ij)
                    lines.append(min(off) - on)
    if not lines or np.mean(np.array(lines) > 0.02) < 0.3:
        raise photo.ScanRefused("this photo shows another map (its borders are not where this "
                                "edition prints them); photograph this edition's map")
    return sorted(sharp)[1]


def _read_spaces(sheet: Any, geometry: SheetGeometry, cam: photo.Camera,
                 colours: dict[str, str], sharpness: float) -> list[SpaceRead]:
    """Each space of the sheet read (see the module's docstring)."""
    cv2, np = photo.libraries()
    spaces = geometry.spaces
    images, looks, paper = light.even_out(sheet, geometry)
    lands = dict(geometry.lands)
    lab = images.lab
    players = [k for k, s in enumerate(spaces) if s.side == "player"]
    white = np.median(paper[players], axis=0) if players else photo.lab("#ffffff")
    tinted = evidence.distance(np, paper, white) > evidence.OFF_PAPER / 2   # off the player's
    paper_bgr = cv2.cvtColor(paper[None], cv2.COLOR_Lab2BGR)[0]
    fx, fy = cam.foot
    order = sorted(range(len(spaces)), key=lambda k: math.hypot(
        spaces[k].box.x + spaces[k].box.w / 2 - fx, spaces[k].box.y + spaces[k].box.h / 2 - fy))
    states: dict[int, str] = {}
    colour: dict[int, Any] = {}     # each space's median colour (off the paper, if any)
    told: dict[int, evidence.Evidence] = {}
    unseen: list[int] = []      # spaces too hidden by the nearer cubes' hulls to be read
    lookalike: dict[int, str] = {}  # "glare" (a tint washed toward white) or "shadow" (the
    # paper darkened alike): either, or a pale cube's top or faces
    darker = np.zeros(len(spaces), np.float32)     # how much darker than its paper each shows
    hiders: dict[int, list[int]] = {}   # the nearer spaces read not empty, near each
    hulls = [cam.cube_hull(s.box, hidden.CUBE_HEIGHT) for s in spaces]  # what a cube may hide
    for k in order:
        space = spaces[k]
        hiders[k] = [j for j, state in states.items() if state != "empty"
                     and hidden.near(space.box, spaces[j].box)
                     and hidden.reaches(hulls[j], hulls[k])]
        mask, ev, off, washed = _look(np, cv2, images, space.box,
                                      [hulls[j] for j in hiders[k]], paper[k], paper_bgr[k],
                                      bool(tinted[k]))
        verdict = evidence.judge(ev) if ev is not None else "unsure"
        if washed and verdict not in ("glare", "empty"):
            ev = None       # all of it washed out: its tint washed toward white tells, or none
        if ev is None or mask.mean() < MIN_SEEN and verdict != "empty":
            states[k] = "unsure"    # a sliver shows: paper there tells, nothing else does
            unseen.append(k)
            continue
        darker[k], told[k] = ev.darker, ev
        states[k] = _state(verdict, space.side)
        if verdict in ("glare", "shadow"):
            lookalike[k] = verdict
        colour[k] = _shown_colour(np, lab, space.box, mask, off)
    for row in _rows(spaces).values():      # a row's tint as its empty spaces show it
        empties = [k for k in row if states[k] == "empty"]
        if len(empties) < 2:
            continue
        shows = np.median(looks[empties], axis=0)
        for k in row:
            if states[k] != "unsure" or k in unseen or lookalike.get(k) == "shadow" or \
                    evidence.distance(np, shows[None], paper[k])[0] < evidence.OFF_PAPER / 2:
                continue
            _, ev, _, _ = _look(np, cv2, images, spaces[k].box, [hulls[j] for j in hiders[k]],
                                shows, cv2.cvtColor(shows[None, None], cv2.COLOR_Lab2BGR)[0, 0],
                                bool(tinted[k]))
            if ev is None or evidence.judge(ev) != "empty":
                continue    # (a cube it may show against the light of the others, not its own)
            states[k], told[k], darker[k] = "empty", ev, ev.darker
            lookalike.pop(k, None)      # lighter than the tint expected, as its row shows it
    shown = {k: c for k, c in colour.items() if states[k] == spaces[k].side}
    models = sides.cube_colours(np, spaces, shown, colours)
    for side in ("king", "player"):     # a pale cube's faint edges, against the empties'
        pale = [k for k, s in enumerate(spaces) if s.side == side   # near paper or white
                and not sides.stands_out(np, models, paper[k], side)]
        for k in set(told) - set(pale) - set(lookalike):    # faint edges: no such cube's
            if spaces[k].side == side and states[k] in (side, "unsure"):
                states[k] = _state(evidence.judge(told[k], pale=False), side)
        for k in evidence.faint_cubes(np, told, states, pale):
            states[k] = side
    shown = {k: c for k, c in colour.items() if states[k] == spaces[k].side}
    models = sides.cube_colours(np, spaces, shown, colours)
    if sharpness < BLURRED and cam.tilt <= STRAIGHT:    # a white cube's top, seen from above
        for side in ("king", "player"):
            empty = [k for k, s in enumerate(spaces) if s.side == side and states[k] == "empty"]
            usual = float(np.median(darker[empty])) if empty else 0.0
            for k in empty:     # on a tint, its own side's cubes (the other's show its hue)
                whose = (side,) if tinted[k] else ("king", "player")
                if darker[k] > usual + DARKER and not sides.unlike(
                        np, models, paper[k], sides.CLEAR, whose):
                    states[k] = "unsure"
    for side in ("king", "player"):     # a pale cube's top, darker than the empties
        own = [k for k, s in enumerate(spaces) if s.side == side]
        for k in evidence.dark_tops(np, told, states, own, colour, models.get(side), paper):
            states[k] = side
        pale = [k for k in own if not sides.stands_out(np, models, paper[k], side)]
        for k in evidence.pale_tops(np, looks, states, pale, paper, told):
            states[k] = side
    for k, verdict in lookalike.items():    # in that side's cube colour: a pale cube
        model = models.get(spaces[k].side)
        away = evidence.distance(np, colour[k][None], model)[0] if model is not None else 0.0
        if model is not None and away < PALE_CUBE:
            states[k] = spaces[k].side
        elif verdict == "shadow" and away >= evidence.OFF_PAPER:   # far from it: a shadow
            states[k] = "empty"
        elif verdict == "glare" and sides.stands_out(np, models, paper[k], spaces[k].side):
            states[k] = "empty"     # no such cube looks like its tint washed toward white
        elif verdict == "glare" and light.glare_over(np, images.glare,
                                                     spaces[k].box) < NO_GLARE:
            states[k] = spaces[k].side      # no glare there, as the land around shows
    unseen += [k for k in order if states[k] == "unsure" and hiders[k]   # half hidden
               and k not in unseen and k not in lookalike]
    for k in unseen:
        whose = {spaces[k].side} | {states[j] if states[j] in ("king", "player")
                                    else spaces[j].side for j in hiders[k]}
        if hidden.core_paper(np, cv2, lab, spaces[k].box, paper[k], models, cam,
                             tuple(sorted(whose))) or spaces[k].side in models and \
                hidden.top_absent(np, cv2, lab, k, spaces, states, list(models.values()), cam):
            states[k] = "empty"
    for k in unseen:    # read again past only the nearer cubes still standing
        nearer = [j for j in hiders[k] if states[j] != "empty"]
        if states[k] != "unsure" or len(nearer) == len(hiders[k]):
            continue
        mask, ev, _, washed = _look(np, cv2, images, spaces[k].box, [hulls[j] for j in nearer],
                                    paper[k], paper_bgr[k], bool(tinted[k]))
        verdict = evidence.judge(ev) if ev is not None and not washed else "unsure"
        if verdict == "empty" or verdict == "cube" and mask.mean() >= MIN_SEEN:
            states[k] = _state(verdict, spaces[k].side)
            hiders[k] = nearer
    for k in unseen:    # a top may show over a space beyond, once that is read empty
        if states[k] != "unsure":
            continue
        bare = (paper[k], photo.lab(lands.get(spaces[k].territory, "#ffffff")))
        if hidden.top_shows(np, cv2, lab, k, spaces, states, models.get(spaces[k].side), cam,
                            bare):
            states[k] = spaces[k].side
    shapes: dict[int, Any] = {}     # the nearer cubes as their faces show them
    for k in unseen:    # read again past those faces, not the most such cubes could hide
        nearer = [j for j in hiders[k] if states[j] != "empty"]
        if states[k] != "unsure" or not nearer or not sides.stands_out(
                np, models, paper[k], spaces[k].side):
            continue    # (a pale cube of its own could pass for the paper, or a shadow)
        for j in nearer:
            if j not in shapes and j in colour and states[j] == spaces[j].side:
                shapes[j] = hidden.outline(np, cv2, lab, hulls[j], spaces[j].box, colour[j],
                                           paper[j])
        if any(shapes.get(j) is None for j in nearer):
            continue
        mask, ev, off, washed = _look(np, cv2, images, spaces[k].box, [], paper[k],
                                      paper_bgr[k], bool(tinted[k]),
                                      tuple(shapes[j] for j in nearer))
        if ev is None or washed or mask.mean() < SEEN_PAST:
            continue
        verdict = evidence.judge(ev)
        shows = _shown_colour(np, lab, spaces[k].box, mask, off)
        if verdict == "empty" or verdict == "shadow" and evidence.distance(
                np, shows[None], models[spaces[k].side])[0] >= evidence.OFF_PAPER:
            states[k] = "empty"     # the paper, or in shadow (far from the side's cubes)
    sides.sort_sides(np, spaces, states, shown, models)
    return [SpaceRead(s, states[k], told.get(k), photo.hex_of(shown[k]) if k in shown and
                      states[k] == s.side else None) for k, s in enumerate(spaces)]


def _look(np: Any, cv2: Any, images: light.Images, box: Box, hulls: list[Any], paper: Any,
          paper_bgr: Any, tinted: bool, shapes: tuple[tuple[int, int, Any], ...] = ()
          ) -> tuple[Any, evidence.Evidence | None, Any, bool]:
    """What a space shows past the `hulls` (sheet mm) of the nearer cubes, or past their
    `shapes` (hidden.outline: x0, y0 and a mask over the sheet image): the mask of the
    part seen (over the space inset by INSET, at PX), the evidence there with the pixels
    off its paper (None, None when less than MIN_PAPER of it shows), and whether that is
    only what glare washed out (on a tint, the part left without it shows too little: then
    only its look as a whole, the tint washed toward white or not, can tell)."""
    x0, y0, x1, y1 = light.px(box, light.INSET)
    rim = np.ones((y1 - y0 + 6, x1 - x0 + 6), np.uint8)    # the space and 3 px around
    for hull in hulls:
        cv2.fillConvexPoly(rim, np.round(hull * PX - (x0 - 3, y0 - 3)).astype(np.int32), 0)
    for sx, sy, shape in shapes:
        ox, oy = sx - (x0 - 3), sy - (y0 - 3)
        a0, b0 = max(ox, 0), max(oy, 0)
        a1, b1 = min(ox + shape.shape[1], rim.shape[1]), min(oy + shape.shape[0], rim.shape[0])
        if a1 > a0 and b1 > b0:
            rim[b0:b1, a0:a1][shape[b0 - oy:b1 - oy, a0 - ox:a1 - ox] > 0] = 0
    inner = cv2.erode(rim, np.ones((7, 7), np.uint8))[3:-3, 3:-3] > 0   # off their edges
    mask = rim[3:-3, 3:-3]
    washed = False
    if tinted:   # washed out by glare: no tint to tell there
        unwashed = mask.copy()
        unwashed[images.sheet[y0:y1, x0:x1].max(axis=2) >= GLARE] = 0
        washed = unwashed.sum() < MIN_PAPER * mask.size
        mask = mask if washed else unwashed
    if mask.sum() < MIN_PAPER * mask.size:
        return mask, None, None, False
    ev, off = evidence.measure(np, cv2, images.lab[y0:y1, x0:x1], images.even[y0:y1, x0:x1],
                               images.slope[y0:y1, x0:x1], mask, inner, paper, paper_bgr,
                               tinted)
    return mask, ev, off, washed


def _shown_colour(np: Any, lab: Any, box: Box, mask: Any, off: Any) -> Any:
    """The colour (Lab) a space shows: the median of its pixels off the paper, if any, else
    of all it shows (`mask`, `off` as `_look` gives them)."""
    x0, y0, x1, y1 = light.px(box, light.INSET)
    return np.median(lab[y0:y1, x0:x1][(off if off.any() else mask) > 0], axis=0)


def _rows(spaces: tuple[Space, ...]) -> dict[tuple[int, str], list[int]]:
    """The spaces of each territory's row of each side (their indices)."""
    rows: dict[tuple[int, str], list[int]] = {}
    for k, space in enumerate(spaces):
        rows.setdefault((space.territory, space.side), []).append(k)
    return rows


def _state(verdict: str, side: str) -> str:
    """A space's state from evidence.judge's verdict: a cube is its side's; glare or a
    shadow, until the side's cube colour tells, unsure."""
    return {"cube": side, "glare": "unsure", "shadow": "unsure"}.get(verdict, verdict)


STATE_INK = {"empty": (0.2, 0.7, 0.2), "king": (0.1, 0.1, 0.9), "player": (0.9, 0.4, 0.1),
             "unsure": (0.0, 0.8, 1.0)}     # BGR outlines of the debug picture


def debug_png(reading: Reading) -> bytes:
    """The sheet(s) as the photo showed them, each space outlined by what was read (green
    empty, red King, blue player, yellow unsure) and each blob off the spaces boxed with its
    count, side by side; PNG bytes."""
    cv2, np = photo.libraries()
    pictures = []
    for geometry, sheet in reading.sheets:
        picture = (np.clip(sheet, 0, 1) * 255).astype(np.uint8)
        for read in reading.spaces:
            if read.space in geometry.spaces:
                x0, y0, x1, y1 = light.px(read.space.box)
                ink = tuple(int(255 * c) for c in STATE_INK[read.state])
                cv2.rectangle(picture, (x0, y0), (x1, y1), ink, 3)
                if read.state in ("king", "player"):
                    cv2.line(picture, (x0, y0), (x1, y1), ink, 2)
                    cv2.line(picture, (x0, y1), (x1, y0), ink, 2)
        offspace.draw(picture, [o for o in reading.off if o.kind == geometry.kind], PX)
        pictures.append(picture)
    height = max(p.shape[0] for p in pictures)
    row = np.hstack([np.pad(p, ((0, height - p.shape[0]), (0, 0), (0, 0)), constant_values=255)
                     for p in pictures])
    return cv2.imencode(".png", row)[1].tobytes()
