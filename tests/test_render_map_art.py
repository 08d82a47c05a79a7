"""The map's art, measured from what is drawn: rough coasts that never cross themselves,
lakes that are not regular polygons, terrain glyphs clear of labels, castles and cube
spaces, `terrain:` validated, and the scale bar and stamp printed outside the art."""

from __future__ import annotations

import math
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st
from printcheck import text_runs

from throne_pnp.content import check_content, default_content_dir, load_content
from throne_pnp.render.backend.layout import Icon, find_tagged
from throne_pnp.render.backend.mapgeom import Box, centroid, segments_cross
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.components.board.shore import REACH, TAPER, _fractal, shores
from throne_pnp.render.components.board.territories import map_items, territory_geometry
from throne_pnp.render.components.mapsheet import map_sheets

CONTENT = load_content()


def _crossings(loop: list) -> list[int]:
    """Indexes of segments of a closed polyline that cross a non-adjacent one."""
    n = len(loop)
    segs = [(loop[i], loop[(i + 1) % n]) for i in range(n)]
    boxes = [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
             for a, b in segs]
    bad = []
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            p, q = boxes[i], boxes[j]
            if p[0] > q[2] or q[0] > p[2] or p[1] > q[3] or q[1] > p[3]:
                continue
            if segments_cross(*segs[i], *segs[j]):
                bad.append(i)
    return bad


def test_the_coast_is_rough_and_never_crosses_itself() -> None:
    rough = shores(CONTENT.map)
    (loop,) = rough.coasts
    corners = {p for t in CONTENT.map.territories.values() for p in t.drawing.shape}
    assert len(loop) > 5 * len(corners)            # irregular at a scale finer than the data
    assert _crossings(loop) == []
    for number, poly in rough.territories.items():
        assert _crossings(poly) == [], number


def test_the_coast_is_the_same_on_every_build() -> None:
    assert shores(load_content().map) == shores(CONTENT.map)


@given(st.floats(2.0, 400.0), st.text(min_size=1, max_size=12))
def test_a_shore_runs_forward_on_one_side_within_reach(length: float, seed: str) -> None:
    line = _fractal(length, seed)
    ts = [t for t, _ in line]
    assert ts == sorted(ts) and ts[0] == 0 and ts[-1] == 1          # no folding back
    assert all(0 <= y <= min(REACH, TAPER * length * min(t, 1 - t)) + 1e-9
               for t, y in line)             # out of its territory only, tapered at the corners
    assert line[0][1] == line[-1][1] == 0                          # ends on the corners


def test_lakes_are_irregular_not_regular_polygons() -> None:
    for lake, poly in zip(CONTENT.map.drawing.lakes, shores(CONTENT.map).lakes, strict=True):
        assert len(poly) >= 4 * len(lake.shape), lake.name
        cx, cy = centroid(poly)
        radii = [math.hypot(x - cx, y - cy) for x, y in poly]
        mean = sum(radii) / len(radii)
        spread = (sum((r - mean) ** 2 for r in radii) / len(radii)) ** 0.5 / mean
        sides = [math.dist(poly[i], poly[i - 1]) for i in range(len(poly))]
        assert spread > 0.08 and max(sides) > 2 * min(sides), lake.name
        assert _crossings(poly) == [], lake.name


def test_every_territory_of_the_edition_has_terrain_glyphs_clear_of_its_marks() -> None:
    items = map_items(CONTENT)
    glyphs = [(i, x, y) for i, x, y in find_tagged(items, "terrain-")]
    castles = [Box(i.x + x, i.y + y, i.size, i.size) for i, x, y in find_tagged(items, "castle-")]
    assert len(castles) == 4                     # every castle drawn as a landmark
    geometry = territory_geometry(CONTENT)
    marks = [b for t in geometry for b in t.spaces + t.labels + t.markers] + castles
    by_territory = {t.number: 0 for t in geometry}
    for glyph, x, y in glyphs:
        assert isinstance(glyph, Icon)
        box = Box(glyph.x + x, glyph.y + y, glyph.size, glyph.size)
        assert not any(box.overlaps(m) for m in marks), glyph
        by_territory[int(glyph.tag.split("-")[1])] += 1
    assert all(count >= 8 for count in by_territory.values()), by_territory
    assert len(glyphs) <= 600                    # cheap: each a reused form


def test_a_territory_without_terrain_gets_no_glyphs_and_a_bad_kind_is_refused(tmp_path) -> None:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    text = (target / "map.yaml").read_text()
    (target / "map.yaml").write_text(text.replace("    terrain: forest\n", "", 1))
    plain = load_content(target)
    counts = {t.number: t.terrain for t in plain.map.territories.values()}
    bare = [n for n, kind in counts.items() if not kind]
    assert len(bare) == 1
    tags = {i.tag for i, _, _ in find_tagged(map_items(plain), "terrain-")}
    assert f"terrain-{bare[0]}" not in tags and len(tags) == 8
    (target / "map.yaml").write_text(text.replace("terrain: moor", "terrain: swamp", 1))
    problems = check_content(target).problems
    assert len(problems) == 1
    assert "terrain 'swamp'; use one of fields, forest, fen, moor, hills, coast" in problems[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdf_prints_the_scale_bar_and_stamp_under_the_art(tmp_path, paper: str) -> None:
    (sheet,) = map_sheets(CONTENT, paper)
    path = render_pdf([sheet.page], tmp_path / "map.pdf", "map")
    mm = 25.4 / 72
    height = sheet.page.height
    below = [run for run in text_runs(path)
             if "Print at 100%" in run.text or "throne_pnp" in run.text]
    assert len(below) == 2
    for run in below:
        top = height - run.box[3] * mm           # the run's top, mm from the page top
        assert top > sheet.frame.y2, run.text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_sheet_2_draws_no_rule_along_its_cut_edge(paper: str) -> None:
    """Sheet 2 is cut along the map's left edge and laid on sheet 1: a rule there would
    print a line through the glued map."""
    from throne_pnp.render.backend.layout import Line, Poly, Rect

    _, two = map_sheets(CONTENT, paper, "tiled")
    left = two.frame.x
    for item in two.page.items:
        if isinstance(item, Rect) and item.style.stroke:
            assert abs(item.x - left) > 0.5, item
        if isinstance(item, Poly) and item.style.stroke:
            pts = item.points if item.closed else item.points[1:-1]
            ring = list(zip(pts, pts[1:] + (pts[:1] if item.closed else ()), strict=False))
            assert not any(abs(a[0] - left) < 1.5 and abs(b[0] - left) < 1.5 for a, b in ring)
        if isinstance(item, Line):
            assert not (abs(item.x1 - left) < 1.5 and abs(item.x2 - left) < 1.5), item
