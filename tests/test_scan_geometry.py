"""The scan markers and the sheet geometry (`throne scan --geometry`) against the printed PDF:
marker and cube-space positions measured in the PDF match the geometry within 0.2 mm."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner
from printcheck import page_objects

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.components.board import markers
from throne_pnp.render.components.mapsheet import EDGE
from throne_pnp.scan.geometry import _sheets, sheet_geometry

CONTENT = load_content()
TOLERANCE = 0.2


def _pdf_boxes(kind: str, tmp_path: Path) -> list[Box]:
    """Every path's box on the printed page of sheet `kind`."""
    sheets = _sheets(CONTENT, kind)
    tile = int(kind.split("-")[1]) if "-" in kind else 1
    pdf = render_pdf([sheets[tile - 1].page], tmp_path / f"{kind}.pdf", "map")
    return [box for k, box, _ in page_objects(pdf, 0) if k == raw.FPDF_PAGEOBJ_PATH]


def _close(a: Box, b: Box) -> bool:
    return all(abs(p - q) <= TOLERANCE for p, q in
               ((a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)))


@pytest.mark.parametrize("kind", markers.SHEET_KINDS)
def test_markers_and_spaces_where_the_pdf_prints_them(kind: str, tmp_path: Path) -> None:
    geometry = sheet_geometry(CONTENT, kind)
    boxes = _pdf_boxes(kind, tmp_path)
    assert sorted(geometry.markers) == list(markers.marker_ids(kind))
    for marker_id, corners in geometry.markers.items():
        (x0, y0), _, (x1, y1), _ = corners
        assert (x1 - x0, y1 - y0) == pytest.approx((12.0, 12.0))
        # the black border's top row and the white quiet zone round it, as printed
        assert any(_close(b, Box(x0, y0, 12.0, 2.0)) for b in boxes), (kind, marker_id)
        spot = Box(x0 - markers.QUIET, y0 - markers.QUIET, markers.SPOT, markers.SPOT)
        assert any(_close(b, spot) for b in boxes), (kind, marker_id)
        # black ink EDGE (5 mm) from the paper edge; the white quiet zone may reach nearer
        assert x0 >= EDGE - 1e-9 and y0 >= EDGE - 1e-9
        assert x1 <= geometry.page[0] - EDGE + 1e-9 and y1 <= geometry.page[1] - EDGE + 1e-9
        assert spot.x >= 0 and spot.y >= 0
        assert spot.x2 <= geometry.page[0] and spot.y2 <= geometry.page[1]
    assert geometry.spaces
    for space in geometry.spaces:
        assert any(_close(b, space.box) for b in boxes), (kind, space)


def test_every_space_is_on_exactly_one_tile() -> None:
    for paper in ("a4", "letter"):
        tiles = [sheet_geometry(CONTENT, f"{paper}-{k}").spaces for k in (1, 2)]
        keys = [(s.territory, s.side, s.index) for tile in tiles for s in tile]
        assert len(keys) == len(set(keys)) == len(sheet_geometry(CONTENT, paper).spaces)


def test_markers_keep_off_the_land_and_the_map_aids() -> None:
    from throne_pnp.render.backend.layout import find_tagged
    from throne_pnp.render.backend.mapgeom import box_meets_polygon

    for kind in markers.SHEET_KINDS:
        geometry = sheet_geometry(CONTENT, kind)
        sheet = _sheets(CONTENT, kind)[int(kind.split("-")[1]) - 1 if "-" in kind else 0]
        spots = [Box(c[0][0] - markers.QUIET, c[0][1] - markers.QUIET, markers.SPOT,
                     markers.SPOT) for c in geometry.markers.values()]
        for spot in spots:
            assert not any(box_meets_polygon(spot, p) for p in geometry.outlines.values()), kind
        aids = [Box(x + g.dx, y + g.dy, 1, 1) for tag in ("title", "legend", "sheet-note")
                for g, x, y in find_tagged(sheet.page.items, tag)]
        assert not any(spot.contains_point((a.x, a.y)) for spot in spots for a in aids), kind


def test_the_bit_patterns_are_distinct_and_framed() -> None:
    assert len(set(markers.ARUCO_4X4)) == len(markers.ARUCO_4X4) >= 4 * len(markers.SHEET_KINDS)
    for marker_id in range(len(markers.ARUCO_4X4)):
        cells = markers.bits(marker_id)
        assert cells[0] == cells[5] == [1] * 6
        assert all(row[0] == row[5] == 1 for row in cells)
        assert markers.kind_of(marker_id) == markers.SHEET_KINDS[marker_id // 4]


def test_scan_geometry_prints_spec_json() -> None:
    result = CliRunner().invoke(cli, ["scan", "--geometry", "--paper", "letter", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["paper"] == "letter"
    assert data["page"] == [279.4, 215.9]
    assert [m["id"] for m in data["markers"]] == [4, 5, 6, 7]
    assert all(len(m["corners"]) == 4 for m in data["markers"])
    assert len(data["territories"]) == len(CONTENT.map.territories)
    assert len(data["spaces"]) == 90
    first = data["spaces"][0]
    assert set(first) == {"territory", "side", "index", "rect"} and len(first["rect"]) == 4
    assert {s["side"] for s in data["spaces"]} == {"king", "player"}


def test_scan_without_a_photo_says_what_to_give() -> None:
    result = CliRunner().invoke(cli, ["scan"])
    assert result.exit_code == 2
    assert "name the photo" in result.output
