"""The scanner's evidence rules on made-up numbers (scan/evidence.py) and the camera pose of a
near-straight view (scan/photo.py). Needs the [scan] extra (OpenCV); skipped without it."""

from __future__ import annotations

import dataclasses
import math

import pytest

cv2 = pytest.importorskip("cv2", reason="the [scan] extra (opencv-python-headless) is not "
                                        "installed: pip install -e '.[scan]'")
import numpy as np  # noqa: E402

from throne_pnp.scan import evidence, photo  # noqa: E402


def _space(faint: float, seen: float = 62.0, lines: float = 0.0, darker: float = 0.0
           ) -> evidence.Evidence:
    return evidence.Evidence(seen=seen, cube=min(seen, evidence.CUBE_AREA), off=0.0,
                             lines=lines, faint=faint, pale=0.0, unshaded=0.0, lit=0.5,
                             washed=False, tinted=False, darker=darker)


def test_a_pale_cubes_faint_edges_are_read_against_the_photos_empties() -> None:
    quiet = [_space(0.02) for _ in range(8)]             # this photo's empties: 0.02 mm2 each
    told = dict(enumerate(quiet + [_space(3.0), _space(1.5), _space(3.0, lines=2.0),
                                   _space(2.0, seen=25.0)]))
    states = {k: "empty" for k in range(8)} | {8: "unsure", 9: "unsure", 10: "unsure",
                                                11: "unsure"}
    # 3 mm2 of faint edges: a cube; 1.5 mm2 is under 4 % of a cube (2.24 mm2); sharp edges
    # enough for a cube are not this rule's; a space mostly hidden is held to a whole cube
    assert evidence.faint_cubes(np, told, states, list(told)) == [8]
    noisy = {k: _space(2.0) for k in range(8)}          # a blurred, noisy photo's empties
    assert evidence.faint_cubes(np, noisy | {8: told[8]}, states, list(range(9))) == []


def test_a_pale_cubes_top_darker_than_the_empties_is_that_cube() -> None:
    # a white cube as photos show it, its faces together (L about 65), its top alike; a
    # shadow is the paper darkened, far lighter
    white_paper, white_cube = photo.lab("#ffffff"), photo.lab("#9e9ea2")
    grey_top, shadow = photo.lab("#98989c"), photo.lab("#d0d0d0")
    told = {k: _space(0.0, darker=0.5 * (k % 3)) for k in range(8)}     # the empties
    told |= {8: _space(0.0, darker=10.0), 9: _space(0.0, darker=12.0),
             10: _space(0.0, darker=4.0)}
    states = {k: "empty" for k in range(11)} | {9: "unsure"}
    colour = {k: white_paper for k in range(8)} | {8: grey_top, 9: shadow, 10: grey_top}
    paper = np.array([white_paper] * 11)
    # 10 L darker in the white cube's colour: that cube; 12 darker in the paper's colour (a
    # shadow) or 4 darker (within the empties' spread): left as read
    assert evidence.dark_tops(np, told, states, list(told), colour, white_cube, paper) == [8]
    # a side whose cubes cannot pass for the paper (red), or unknown: no such cube
    red = photo.lab("#b92328")
    assert evidence.dark_tops(np, told, states, list(told), colour, red, paper) == []
    assert evidence.dark_tops(np, told, states, list(told), colour, None, paper) == []


def test_a_pale_cubes_faces_far_darker_than_the_empties_may_show_its_colour_less_closely(
        ) -> None:
    # a white cube's faces in more light than those the colour was learned from: 8 off it
    white_paper, white_cube = photo.lab("#ffffff"), photo.lab("#9e9ea2")
    lighter, shadow = photo.lab("#bcbcc0"), photo.lab("#d0d0d0")
    told = {k: _space(0.0, darker=0.5 * (k % 3)) for k in range(8)}     # the empties
    told |= {8: _space(0.0, darker=20.0), 9: _space(0.0, darker=10.0),
             10: _space(0.0, darker=20.0)}
    states = {k: "empty" for k in range(11)}
    colour = {k: white_paper for k in range(8)} | {8: lighter, 9: lighter, 10: shadow}
    paper = np.array([white_paper] * 11)
    # FAR_DARKER (13) over the empties: within OFF_PAPER of the colour; 10 darker: within
    # half of it; the paper darkened (14 off the colour) never
    assert evidence.dark_tops(np, told, states, list(told), colour, white_cube, paper) == [8]


def test_a_side_with_no_cube_read_learns_its_pale_colour_from_the_darker_spaces() -> None:
    white_paper = photo.lab("#ffffff")
    faces = [photo.lab(h) for h in ("#98989c", "#a0a0a4", "#909094", "#a8a8ac")]
    told = {k: _space(0.0, darker=0.5 * (k % 3)) for k in range(8)}     # the empties
    told |= {8 + i: _space(0.0, darker=12.0 + 4 * i) for i in range(4)}
    states = {k: "empty" for k in range(12)} | {9: "unsure"}
    colour = {k: white_paper for k in range(8)} | {8 + i: c for i, c in enumerate(faces)}
    paper = np.array([white_paper] * 12)
    # four darker spaces in one grey, no colour learned: white cubes
    assert evidence.dark_tops(np, told, states, list(told), colour, None, paper) == [
        8, 9, 10, 11]
    # shadows of different depths do not agree on a colour; nor do two spaces make a set
    shades = [photo.lab(h) for h in ("#d0d0d0", "#c0c0c0", "#a0a0a0", "#b0b0b0")]
    colour |= {8 + i: c for i, c in enumerate(shades)}
    assert evidence.dark_tops(np, told, states, list(told), colour, None, paper) == []
    two = {k: told[k] for k in range(10)}
    assert evidence.dark_tops(np, two, states, list(two), colour | {
        8: faces[0], 9: faces[1]}, None, paper) == []


def test_a_space_without_a_cubes_signs_is_empty_and_one_in_between_is_unsure() -> None:
    assert evidence.judge(_space(0.0)) == "empty"
    assert evidence.judge(_space(3.0)) == "unsure"       # faint edges, not enough alone
    assert evidence.judge(_space(0.0, lines=2.0)) == "cube"


def test_the_paper_darkened_alike_without_edges_is_a_shadow_or_a_pale_cubes_faces() -> None:
    shade = evidence.Evidence(seen=62.0, cube=56.0, off=40.0, lines=0.0, faint=0.0, pale=0.0,
                              unshaded=2.0, lit=0.0, washed=False, tinted=False, darker=20.0)
    assert evidence.judge(shade) == "shadow"        # the reader asks the side's cube colour
    # what a shadow cannot explain (a colour, or a cube's edges) is a cube
    assert evidence.judge(dataclasses.replace(shade, unshaded=30.0)) == "cube"
    assert evidence.judge(dataclasses.replace(shade, lines=3.0)) == "cube"


def test_a_tint_washed_toward_white_over_part_of_a_space_is_glare_or_a_pale_cube() -> None:
    # photo 9550's King space 4 of Rustcrown: 21 of 47 mm2 seen off its tint, all of it the
    # tint washed toward white, no edges: glare over part of it (the reader asks the side's
    # cube colour), as glare over all of it is; on white paper, or with a cube's edges, not
    part = evidence.Evidence(seen=46.7, cube=46.7, off=20.6, lines=0.0, faint=0.0, pale=5.0,
                             unshaded=20.6, lit=0.93, washed=True, tinted=True, darker=-5.2)
    assert evidence.judge(part) == "glare"
    assert evidence.judge(dataclasses.replace(part, off=40.0)) == "glare"
    assert evidence.judge(dataclasses.replace(part, tinted=False)) == "unsure"
    assert evidence.judge(dataclasses.replace(part, washed=False)) == "unsure"
    assert evidence.judge(dataclasses.replace(part, lines=0.6)) == "unsure"


def test_a_space_far_lighter_and_greyer_than_its_tint_is_glare_or_a_white_top() -> None:
    # photo 7169's King space 3 of Corvid Keep: a white cube's top, 11 L lighter than its
    # tint and greyer all over, not the tint washed toward white: the reader asks the side's
    # cube colour (it read empty, as glare-lit paper); the tint washed, or barely lighter
    # than a print may shift it, or coloured, stays empty
    top = evidence.Evidence(seen=64.0, cube=56.0, off=64.0, lines=0.0, faint=0.0, pale=60.0,
                            unshaded=64.0, lit=1.0, washed=False, tinted=True, darker=-11.4)
    assert evidence.judge(top) == "glare"
    assert evidence.judge(dataclasses.replace(top, washed=True)) == "empty"
    assert evidence.judge(dataclasses.replace(top, darker=-6.0)) == "empty"
    assert evidence.judge(dataclasses.replace(top, pale=8.0)) == "empty"
    assert evidence.judge(dataclasses.replace(top, tinted=False)) == "empty"


def test_faint_edges_tell_nothing_once_a_sides_cubes_cannot_pass_for_the_paper() -> None:
    # 4.5 mm2 of faint edges on white paper: a white cube's; but for red cubes (which would
    # show off the paper) it is the blur of the print and of the cubes around: empty, and
    # so are a few sharp edges under a cube's worth; a cube's sharp edges stay a cube
    assert evidence.judge(_space(4.5)) == "cube"
    assert evidence.judge(_space(4.5), pale=False) == "empty"
    assert evidence.judge(_space(1.0, lines=0.5)) == "unsure"
    assert evidence.judge(_space(1.0, lines=0.5), pale=False) == "empty"
    assert evidence.judge(_space(0.0, lines=2.0), pale=False) == "cube"


PHOTO = (1600, 1200)     # px: the photos the pose tests take


def _photographed(eye: np.ndarray, rot: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The homography from sheet mm to a phone photo (focal 0.8 x its diagonal) taken from
    `eye` turned `rot`, as found from a grid of sheet points a fraction of a pixel off."""
    w, h = PHOTO
    focal = 0.8 * math.hypot(w, h)
    k = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1]])
    sheet = np.array([(x, y) for x in (10.0, 100.0, 200.0, 287.0) for y in (10.0, 105.0, 200.0)])
    world = np.column_stack([sheet, np.zeros(len(sheet))])
    pix = (world - eye) @ rot.T @ k.T
    pix = pix[:, :2] / pix[:, 2:3] + rng.normal(0, 0.3, (len(sheet), 2))
    homography, _ = cv2.findHomography(sheet, pix, 0)
    return homography


@pytest.mark.parametrize("tilt", [0.5, 1.5, 3.0, 6.0])
def test_a_near_straight_view_keeps_a_phones_focal_length(tilt: float) -> None:
    """The markers' corners, a fraction of a pixel off as found in a photo, do not tell the
    focal length of a near-straight view: the camera's height must not follow them."""
    height = 400.0
    t = math.radians(tilt)
    eye = np.array([150.0 + height * math.tan(t), 105.0, -height])
    forward = np.array([-math.sin(t), 0.0, math.cos(t)])
    right = np.array([0.0, 1.0, 0.0])
    homography = _photographed(eye, np.stack([right, np.cross(forward, right), forward]),
                               np.random.default_rng(int(tilt * 10)))
    _, found_height, found_tilt = photo._pose(np, homography, PHOTO)
    assert abs(found_height - height) < 0.03 * height, found_height
    assert abs(found_tilt - tilt) < 1.0


@pytest.mark.parametrize("azimuth", range(0, 360, 15))
def test_a_tilted_views_pose_holds_at_every_turn_of_the_sheet(azimuth: int) -> None:
    """Seen 39 degrees from straight above, from any side: the focal length, and with it the
    tilt and height, come from both of the homography's equations. Taken alone, the first
    is ill-conditioned where the view tilts along a sheet axis (it put a 39 degree view at
    34, and the cubes' hulls too small)."""
    tilt, distance = 39.0, 420.0
    t, a = math.radians(tilt), math.radians(azimuth)
    target = np.array([140.0, 100.0, 0.0])
    eye = target + distance * np.array([math.sin(t) * math.cos(a), math.sin(t) * math.sin(a),
                                        -math.cos(t)])
    forward = (target - eye) / distance
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    homography = _photographed(eye, np.stack([right, np.cross(forward, right), forward]),
                               np.random.default_rng(azimuth))
    _, found_height, found_tilt = photo._pose(np, homography, PHOTO)
    assert abs(found_tilt - tilt) < 1.0, found_tilt
    assert abs(found_height - abs(eye[2])) < 0.05 * abs(eye[2]), found_height


def test_a_space_that_looks_as_its_sides_white_cubes_tops_do_is_that_cube() -> None:
    """The player's row as a land-read light shows it (photo 97321): the cream paper
    (97.9, -0.5, 4.6); two white cubes read, their spaces looking (93.0, -0.3, -0.5). A
    space read empty that looks the same is a cube; one in a neighbour's shadow (darker,
    the paper's hue kept) and one showing the paper stay empty; with one cube read only,
    nothing is learned."""
    paper = np.array([[97.9, -0.5, 4.6]] * 6, np.float32)
    looks = np.array([(93.0, -0.3, -0.5), (92.8, -0.2, -0.3), (93.2, -0.3, -0.1),
                      (84.0, -0.4, 3.9), (97.7, -0.5, 4.5), (91.5, -0.4, 0.2)], np.float32)
    told = {k: _space(0.0) for k in range(6)}
    states = {0: "player", 1: "player", 2: "empty", 3: "empty", 4: "empty", 5: "empty"}
    assert evidence.pale_tops(np, looks, states, list(range(6)), paper, told) == [2, 5]
    states[1] = "empty"
    assert evidence.pale_tops(np, looks, states, list(range(6)), paper, told) == []


def test_an_unsure_space_in_full_view_that_looks_as_the_tops_do_is_that_cube() -> None:
    """Photo 100320's player row: two white cubes read, looking (91.5, -0.7, 0.0) and
    (91.7, -0.7, -0.2); the space between, left unsure though all of it shows, looks the
    same (91.4, -0.4, -0.4) and is that cube. Half hidden by a nearer cube, its median
    mixes in that cube's face, and it stays unsure."""
    paper = np.array([[98.3, -0.9, 4.4]] * 4, np.float32)
    looks = np.array([(91.5, -0.7, 0.0), (91.4, -0.4, -0.4), (91.7, -0.7, -0.2),
                      (91.4, -0.4, -0.4)], np.float32)
    told = {0: _space(0.0, seen=62.4), 1: _space(0.0, seen=62.4), 2: _space(0.0, seen=62.4),
            3: _space(0.0, seen=30.0)}
    states = {0: "player", 1: "unsure", 2: "player", 3: "unsure"}
    assert evidence.pale_tops(np, looks, states, list(range(4)), paper, told) == [1]
