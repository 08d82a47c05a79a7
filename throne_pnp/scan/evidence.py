"""What one cube space shows against its paper, and what that tells: empty, a cube (of the
space's side), or unsure (SPEC §10).

`measure` gathers the evidence from the part of the space no nearer cube can hide (the
reader, scan/reader.py, finds that part and the paper: the colour the sheet prints the space
in, as this photo's print, light and glare show it); `judge` reads it. The evidence: how much
of the space differs from the paper; a cube's sharp edges, which a white cube on white paper
shows when little else does, and its faint ones (the shading of a white cube's faces); and
whether a shadow (every channel darkened alike) or glare (none darkened, or the tint washed
toward white) explains what differs. A space in between is unsure, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from throne_pnp.scan import photo

PX = 5.0                 # px per mm of the sheet image the reader maps the photo to
OFF_PAPER = 13.0         # colour distance (L at half weight) from the paper: not paper
CUBE_AREA = 56.0         # mm2 the smallest usual cube (7.5 mm) covers
EMPTY_BELOW = 0.2        # of that area off paper in a space: at most this, empty
FULL_ABOVE = 0.5         # at least this, a cube
EDGE = 6.0               # L steps per pixel: an edge (a cube's, not the paper's)
EDGES_SEEN = 0.006       # of that area on edges: something may stand there
EDGES_CUBE = 0.023       # this much: a cube stands there (a white one shows little else)
FAINT_EDGE = 4.0         # L steps per pixel: a faint edge (a white cube's on white paper)
FAINT_SEEN = 0.04        # of that area on faint edges: maybe a white cube, not paper
FAINT_CUBE = 0.07        # this much, on an untinted space: a white cube stands there
FAINT_SURE = 0.04        # this much, FAINT_OVER times the photo's empties' (per mm2 seen)
FAINT_OVER = 3.0         # and FAINT_MARGIN of a cube's area over theirs: a pale cube
FAINT_MARGIN = 0.01
SHADE = 0.05             # channels this close in their share of the paper's: a shadow
LIT = 0.03               # a channel at most this darker than the paper: paper, or glare
LIT_PAPER = 0.95         # the share of a space that, without edges, tells it empty
LIGHTER = 9.0            # L units lighter than its tint: past a print's shift (a white top?)
DARK_TOP = 6.5           # L units darker than its side's empties: a pale cube's top, no shadow
FAR_DARKER = 13.0        # this much darker: a pale cube's faces, in its colour within OFF_PAPER
CLUSTER = 3              # darker spaces agreeing on one colour: a side's pale cubes
TOPS = 2                 # a side's cubes read: enough to learn how their tops look


@dataclass(frozen=True, slots=True)
class Evidence:
    """What a space shows, in mm2 of the part seen (`seen`) unless said otherwise. `cube`:
    the area a cube would cover there (the usual smallest cube, or all that is seen);
    `off`: differing from the paper; `lines`: on sharp edges; `faint`: on faint edges;
    `pale`: lighter and less coloured than the paper; `unshaded`: off paper and not a
    shadow; `lit`: the share (0..1) at least as light as the paper in every channel;
    `washed`: most of the off-paper part is the tint washed toward white (glare);
    `tinted`: the paper is a tint, not white; `darker`: how many L units darker than the
    paper the space's median is."""

    seen: float
    cube: float
    off: float
    lines: float
    faint: float
    pale: float
    unshaded: float
    lit: float
    washed: bool
    tinted: bool
    darker: float


def distance(np: Any, lab: Any, reference: Any) -> Any:
    """Colour distance: a darker L at half weight (shadows darken the paper), a lighter one
    at three quarters, the colour (a, b) at one and a half (a grey or white cube on the
    King's tint differs from it mostly there)."""
    return photo.colour_distance(np, lab, reference, darker=0.5, chroma=1.5)


def measure(np: Any, cv2: Any, lab: Any, even: Any, slope: Any, mask: Any, inner: Any,
            paper: Any, paper_bgr: Any, tinted: bool) -> tuple[Evidence, Any]:
    """The evidence of one space: `lab`, `even` (the light evened out, BGR) and `slope`
    (L steps per pixel) are its patches, `mask` the part seen, `inner` that part off the
    nearer cubes' edges; `paper` (Lab) and `paper_bgr` what it shows empty. Also the pixels
    off paper (a mask), whose median is a cube's colour."""
    off = ((distance(np, lab.reshape(-1, 3), paper) > OFF_PAPER)
           .reshape(mask.shape) & (mask > 0)).astype(np.uint8)
    off = cv2.morphologyEx(off, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    seen = float(mask.sum()) / PX ** 2
    shown = lab[mask > 0]
    evidence = Evidence(
        seen=seen, cube=min(seen, CUBE_AREA), off=float(off.sum()) / PX ** 2,
        lines=float((slope[inner] > EDGE).sum()) / PX ** 2,
        faint=float((slope[inner] > FAINT_EDGE).sum()) / PX ** 2,
        pale=float(_paler(np, shown, paper).sum()) / PX ** 2,
        unshaded=_unshaded(np, even, off, paper_bgr),
        lit=float((even[mask > 0] >= paper_bgr - LIT).all(axis=1).mean()),
        washed=bool(off.any()) and _washed(np, lab[off > 0], paper),
        tinted=tinted, darker=float(paper[0] - np.median(shown[:, 0])))
    return evidence, off


def judge(ev: Evidence, pale: bool = True) -> str:
    """"empty", "cube" or "unsure" from the evidence (see the module's docstring), or
    "glare": a tint washed toward white (over all of it or a part), by glare or by a pale
    cube, or "shadow": the paper darkened alike in every channel, without a cube's edges, by
    a shadow or a pale cube's shaded faces (the reader tells them apart by the side's cube
    colour). `pale`: may a cube of the space's side pass for its paper (a white cube on
    white paper)? Only such a cube shows little but faint edges; once the reader knows the
    side's cubes are far from the paper, faint edges tell nothing (the blur of the print
    and of the cubes around draws them too)."""
    faint = ev.faint if pale else 0.0
    if ev.lit >= LIT_PAPER and ev.lines <= EDGES_SEEN * ev.cube:
        if ev.tinted and not ev.washed and ev.pale >= FULL_ABOVE * ev.cube \
                and ev.darker <= -LIGHTER:
            return "glare"      # far lighter and greyer than its tint, not it washed: white?
        return "empty"          # paper, only lit up (glare): no cube is that light
    if ev.off >= FULL_ABOVE * ev.cube:
        if ev.lines <= EDGES_SEEN * ev.cube and ev.unshaded <= EMPTY_BELOW * ev.cube:
            return "shadow"     # the paper darkened alike: a shadow, or a pale cube's faces?
        glare = ev.tinted and ev.lines <= EDGES_SEEN * ev.cube and ev.washed
        return "glare" if glare else "cube"     # glare, or a white cube?
    if ev.lines >= EDGES_CUBE * ev.cube:
        return "cube"           # a cube's edges: a pale cube, off paper or not
    # a white cube on white paper shows only its faces' shading: faint edges
    if faint >= FAINT_CUBE * ev.cube and not ev.tinted:
        return "cube"
    if (faint < FAINT_SEEN * ev.cube and (ev.lines <= EDGES_SEEN * ev.cube or not pale)
            and ev.pale < FULL_ABOVE * ev.cube
            and (ev.off <= EMPTY_BELOW * ev.cube or ev.unshaded <= EMPTY_BELOW * ev.cube)):
        return "empty"          # paper, or paper in a shadow (only darker)
    if ev.tinted and ev.washed and ev.lines <= EDGES_SEEN * ev.cube \
            and faint < FAINT_SEEN * ev.cube:
        return "glare"          # glare over part of it, or a pale cube?
    return "unsure"


def faint_cubes(np: Any, told: dict[int, Evidence], states: dict[int, str],
                own: list[int]) -> list[int]:
    """The spaces of one side (`own`) left unsure that show a pale cube's faint edges well
    clear of what this photo's empty spaces of that side show: its blur, noise, JPEG and
    print draw faint edges on the paper too, alike on every space (per mm2 seen), so the
    bar is set by the spaces read empty, FAINT_OVER times theirs and FAINT_MARGIN of a
    cube's area more, and never under FAINT_SURE of a whole cube's area (a space half
    hidden may show the edge of the cube that hides it)."""
    empties = [told[k].faint / told[k].seen for k in own if states[k] == "empty" and k in told]
    if not empties:
        return []
    usual = float(np.median(empties))
    return [k for k in own if states[k] == "unsure" and k in told
            and told[k].lines < EDGES_CUBE * told[k].cube
            and told[k].faint >= max(FAINT_SURE * CUBE_AREA, FAINT_OVER * usual * told[k].seen
                                     + FAINT_MARGIN * told[k].cube)]


def dark_tops(np: Any, told: dict[int, Evidence], states: dict[int, str], own: list[int],
              colour: dict[int, Any], model: Any, paper: Any) -> list[int]:
    """The spaces of one side (`own`) read empty or unsure yet DARK_TOP darker than that
    side's empties (their median) and in that side's cube colour (`model`, Lab; within
    OFF_PAPER / 2, or OFF_PAPER when FAR_DARKER): a pale cube's top and faces, lit a little
    less than the paper and edgeless when blurred or seen from above. Only for a side whose
    cubes could pass for the paper (`paper`, per space); a neighbour's shadow darkens a
    space as much, but stays the paper's colour, far lighter than a white cube's faces seen
    together. A side with no cube read for sure has no colour learned: its darker spaces
    that show one colour together (`pale_cluster`) give it."""
    empties = [told[k].darker for k in own if states[k] == "empty" and k in told]
    if not empties:
        return []
    usual = float(np.median(empties))
    dark = [k for k in own if states[k] in ("empty", "unsure") and k in told
            and told[k].darker >= usual + DARK_TOP]
    if model is None:
        model = pale_cluster(np, [colour[k] for k in dark])
    if model is None:
        return []
    return [k for k in dark if distance(np, model[None], paper[k])[0] < 2 * OFF_PAPER
            and distance(np, colour[k][None], model)[0] < (
                OFF_PAPER if told[k].darker >= usual + FAR_DARKER else OFF_PAPER / 2)]


def pale_tops(np: Any, looks: Any, states: dict[int, str], own: list[int], paper: Any,
              told: dict[int, Evidence]) -> list[int]:
    """The spaces of one side (`own`, a side whose cubes could pass for the paper) read
    empty, or unsure with all of a cube's area in view (half hidden, its median mixes in a
    nearer cube's face), that look as its cubes' tops do: within OFF_PAPER / 2 of the
    median look (`looks`: each space's median Lab, cubes and all) of the spaces read as
    that side's cubes (at least TOPS of them), and more than OFF_PAPER / 2 off their
    paper. A white cube's top on the player's cream is a few L darker and a few b bluer
    than it, too little to be off the paper pixel by pixel; a shadow darkens the paper but
    keeps its hue, and lies far from such a top."""
    cubes = [k for k in own if states[k] not in ("empty", "unsure") and k in told]
    if len(cubes) < TOPS:
        return []
    top = np.median(looks[cubes], axis=0)
    return [k for k in own if k in told and (states[k] == "empty" or states[k] == "unsure"
                                             and told[k].seen >= CUBE_AREA)
            and distance(np, looks[k][None], top)[0] < OFF_PAPER / 2
            and distance(np, looks[k][None], paper[k])[0] > OFF_PAPER / 2]


def pale_cluster(np: Any, colours: list[Any]) -> Any:
    """The colour (Lab) that at least CLUSTER of `colours` (spaces darker than their side's
    empties) show within OFF_PAPER / 2 of their median (in L as in a and b), more than half
    of them: a side's pale cubes, none read for sure (shadows on empty spaces vary in
    depth, as the cubes casting them stand near or far); None when they do not agree."""
    if len(colours) < CLUSTER:
        return None
    middle = np.median(np.array(colours), axis=0)
    near = [c for c in colours if float(np.linalg.norm(c - middle)) < OFF_PAPER / 2]
    if len(near) < CLUSTER or 2 * len(near) <= len(colours):
        return None
    return np.median(np.array(near), axis=0)


def _paler(np: Any, lab: Any, paper: Any) -> Any:
    """Which pixels are clearly lighter and less coloured than the paper (a white cube on
    the King's tint, or glare)."""
    return ((lab[:, 0] > paper[0] + 6)
            & (np.hypot(lab[:, 1], lab[:, 2]) < np.hypot(paper[1], paper[2]) - 3))


def _unshaded(np: Any, bgr: Any, off: Any, paper: Any) -> float:
    """The area (mm2) of the pixels `off` paper that a shadow does not explain: a shadow
    darkens the paper's every channel alike (to half of it at most)."""
    ratio = bgr[off > 0] / np.maximum(paper, 0.05)
    level = ratio.mean(axis=1)
    shade = (np.abs(ratio - level[:, None]).max(axis=1) < SHADE) & (level > 0.5)
    return float((~shade).sum()) / PX ** 2


def _washed(np: Any, lab: Any, paper: Any) -> bool:
    """Do most of these pixels look like the tinted paper washed toward white (its colour
    on the way from the tint to white, as glare makes it)?"""
    return float((distance(np, lab, toward_white(np, lab, paper)) < OFF_PAPER).mean()) > 0.5


def toward_white(np: Any, lab: Any, tint: Any) -> Any:
    """The tint (one, or one per colour) washed toward white as far as each colour of `lab`
    is lighter than it: what glare, or a print lighter than meant, makes of it."""
    share = np.clip((lab[:, 0] - tint[..., 0]) / np.maximum(100.0 - tint[..., 0], 1.0), 0, 1)
    return tint + share[:, None] * (np.array([100.0, 0, 0]) - tint)
