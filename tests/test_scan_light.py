"""The light over a photographed sheet, read off the land where no cube stands
(scan/light.py), and what it lets the reader tell: a white cube on the player's
near-white spaces (SPEC §10)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).parent))

import numpy as np  # noqa: E402
import photogen  # noqa: E402

from throne_pnp.content import load_content  # noqa: E402
from throne_pnp.scan import evidence, light, photo, reader  # noqa: E402
from throne_pnp.scan.geometry import SheetGeometry, sheet_geometry  # noqa: E402

CONTENT = load_content()


def _sheet(shot: photogen.Photo, kind: str) -> tuple[Any, SheetGeometry]:
    """The photo mapped onto the sheet (float BGR), with that sheet's geometry."""
    image = photo.decode(shot.jpeg)
    found = photo.find_markers(image)
    geometry = sheet_geometry(CONTENT, kind)
    cam = photo.camera(kind, found, (image.shape[1], image.shape[0]), geometry.markers)
    return reader._sheet_image(image, cam, geometry), geometry


@pytest.mark.parametrize("kind", ["a4", "letter-2"])
def test_the_land_tells_the_light_the_empty_spaces_show(kind: str) -> None:
    """A sheet without cubes under light sloping by 40 % and a colour cast: the land read
    in cells around the spaces gives the light, and evened by it every player's space shows
    the colour it is printed in, within 3 Lab units, every King's space its tint within 6."""
    shot = photogen.generate(CONTENT, random.Random(3), kind=kind, tilt=15.0, fill=0.0,
                             light=0.4, blur=0.6, quality=90, noise=2.0)
    sheet, geometry = _sheet(shot, kind)
    cv2, _ = photo.libraries()
    cells, _ = light._land_cells(np, cv2, sheet, geometry)
    assert len(cells) >= light.MIN_CELLS
    _, looks, _ = light.even_out(sheet, geometry)
    for space, look in zip(geometry.spaces, looks, strict=True):
        printed = photo.lab(space.fill)
        off = float(np.linalg.norm(look - printed))
        assert off < (3.0 if space.side == "player" else 6.0), (space, look, printed)


def test_the_player_s_paper_is_not_pulled_toward_white_cubes_on_most_of_its_spaces() -> None:
    """`_paper` on a player's row where 30 of 45 spaces show a white cube's top (5 L
    darker and 4.5 b bluer than the cream fill, within OFF_PAPER of it): the paper stays
    the fill, not a blend of the two (when its refit took every space within OFF_PAPER, it
    slid to within 3 of the cubes and they read empty)."""
    fill = photo.lab("#fbf8ef")
    top = fill + np.array([-9.0, 0.0, -4.5], np.float32)
    assert evidence.distance(np, top[None], fill)[0] < evidence.OFF_PAPER
    seen = np.array([top] * 30 + [fill] * 15, np.float32)
    paper = light._paper(np, seen, np.array([fill] * 45, np.float32))
    assert float(np.abs(paper - fill).max()) < 0.5


def test_white_player_cubes_the_old_light_followed_read_as_cubes() -> None:
    """Photo 97422 of `scripts/scan_accuracy.py` (a Letter sheet at 27 degrees, the King
    green, the player white): the light fitted through the player's spaces followed three
    white cubes there and read them empty; read off the land, the light leaves them darker
    and bluer than the paper, and the whole sheet reads right."""
    shot = photogen.accuracy_photo(CONTENT, 97422)
    assert shot.conditions["colours"] == ("green", "white")
    reading = reader.read_photo(shot.jpeg, CONTENT)
    for read in reading.spaces:
        assert read.state == shot.truth[(read.space.territory, read.space.side,
                                         read.space.index)], read.space
