"""The map sheet's layout, measured: cube spaces for real cubes, labels clear of
them, open ground, print aids on free sea, and the tiled sheets' join."""

from __future__ import annotations

import shutil

import pytest
from editions import with_sea_crossing
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render.backend.layout import Line, find_tagged
from throne_pnp.render.backend.mapgeom import (
    Box,
    box_meets_polygon,
    clearance,
    free_square,
    point_in_polygon,
)
from throne_pnp.render.components.board.land import BORDER_W
from throne_pnp.render.components.board.territories import (
    CUBE_MM,
    cube_area,
    cube_block_size,
    territory_geometry,
)
from throne_pnp.render.components.mapsheet import (
    AID_GAP,
    CORNER,
    EDGE,
    OVERLAP,
    PAPER_MM,
    map_sheets,
)

CONTENT = load_content()
VARIANTS = [(paper, size) for paper in ("a4", "letter") for size in ("page", "a3", "tiled")]
SQUARE = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]


# --------------------------------------------------------------------------- geometry


def test_clearance_of_a_box_in_a_square_is_its_nearest_side() -> None:
    assert clearance(Box(10, 20, 30, 40), SQUARE) == pytest.approx(10)   # left side
    assert clearance(Box(50, 50, 45, 10), SQUARE) == pytest.approx(5)    # right side
    assert clearance(Box(-1, 20, 30, 40), SQUARE) == -1                  # sticks out
    assert clearance(Box(0, 20, 30, 40), SQUARE) == -1                   # touches


def test_clearance_sees_a_notch_between_the_corners() -> None:
    # a square with a V cut into its top edge down to (50, 30)
    notched = [(0.0, 0.0), (40.0, 0.0), (50.0, 30.0), (60.0, 0.0), (100.0, 0.0),
               (100.0, 100.0), (0.0, 100.0)]
    assert clearance(Box(30, 40, 40, 10), notched) == pytest.approx(10)   # under the tip
    assert clearance(Box(30, 20, 40, 10), notched) == -1                  # the tip pokes in


def test_box_meets_polygon_and_point_in_polygon() -> None:
    assert point_in_polygon((50, 50), SQUARE) and not point_in_polygon((150, 50), SQUARE)
    assert box_meets_polygon(Box(90, 90, 20, 20), SQUARE)        # corner overlap
    assert box_meets_polygon(Box(-10, 40, 200, 5), SQUARE)       # crosses it, no corner in
    assert not box_meets_polygon(Box(101, 0, 5, 5), SQUARE)


def test_free_square_finds_the_first_free_spot_and_none_when_full() -> None:
    spot = free_square(SQUARE, 20, 2, [Box(0, 0, 100, 50)], step=1)
    assert spot == Box(2, 50, 20, 20)      # may touch a taken box, not enter it
    assert free_square(SQUARE, 20, 2, [Box(0, 0, 100, 80)], step=1) is None


@given(st.floats(0, 60), st.floats(0, 60), st.floats(1, 30), st.floats(1, 30))
def test_clearance_matches_the_distance_to_the_nearest_side(x, y, w, h) -> None:
    box = Box(x + 5, y + 5, w, h)
    expected = min(box.x, box.y, 100 - box.x2, 100 - box.y2)
    got = clearance(box, SQUARE)
    if expected > 1e-9:
        assert got == pytest.approx(expected)
    else:
        assert got == -1


# --------------------------------------------------------------------------- cube spaces


def test_cube_block_by_hand() -> None:
    # 4.6 mm crown + 0.8 mm + 5 spaces of 10.5 mm with 4 gaps of 0.5 mm = 59.9 mm wide;
    # two rows of 10.5 mm with a 1 mm gap = 22 mm high
    assert cube_block_size(5) == pytest.approx((59.9, 22.0))
    area = cube_area(100, 50, 5, "cubes-1")
    assert (area.dx, area.dy) == pytest.approx((70.05, 39.0))
    spaces = [r for r in area.items if r.tag.startswith("space-")]
    assert [r.tag for r in spaces] == ["space-king"] * 5 + ["space-player"] * 5
    assert (spaces[0].x, spaces[0].y, spaces[0].w) == pytest.approx((5.4, 0, 10.5))
    assert (spaces[4].x, spaces[5].y) == pytest.approx((5.4 + 4 * 11.0, 11.5))
    marks = [i.name for i in area.items if getattr(i, "name", None)]
    assert marks == ["crown", "helmet"]


def _print_checks(sheet, geometry):
    """Print-size measurements of one territory on one sheet."""
    s = sheet.scale
    border_ink = BORDER_W * s / 2
    spaces = list(geometry.spaces)
    return {
        "sizes": [min(b.w, b.h) * s for b in spaces],
        "clearance": min(clearance(b, geometry.polygon) for b in spaces) * s - border_ink,
        "overlaps": [(i, j) for i, b in enumerate(spaces)
                     for j, lab in enumerate(geometry.labels + geometry.markers)
                     if b.overlaps(lab)],
        "label_clearance": min(clearance(b, geometry.polygon) for b in geometry.labels) * s
        - border_ink,
    }


@pytest.mark.parametrize("paper,size", VARIANTS)
def test_every_territory_has_5_plus_5_spaces_for_10_mm_cubes(paper: str, size: str) -> None:
    geometry = territory_geometry(CONTENT)
    assert len(geometry) == 9
    for sheet in map_sheets(CONTENT, paper, size):
        for terr in geometry:
            found = _print_checks(sheet, terr)
            assert len(terr.spaces) == 10, terr.number
            assert min(found["sizes"]) >= 10.0, (terr.number, found["sizes"])
            # inside the territory shrunk by 2 mm from the border's ink
            assert found["clearance"] >= 2.0, (terr.number, found["clearance"])
            assert found["overlaps"] == [], terr.number
            assert found["label_clearance"] >= 1.0, terr.number


def test_spaces_of_a_territory_never_overlap_each_other() -> None:
    for terr in territory_geometry(CONTENT):
        boxes = terr.spaces + terr.markers
        for i, a in enumerate(boxes):
            assert not any(a.overlaps(b) for b in boxes[i + 1:]), terr.number


def test_every_territory_has_open_ground_to_stack_more() -> None:
    # a 16 mm square (a stack of cubes with room to grab them) clear of spaces and
    # labels, as far inside the borders as the spaces are
    for terr in territory_geometry(CONTENT):
        taken = list(terr.spaces + terr.markers) + [b.grow(1.0) for b in terr.labels]
        assert free_square(terr.polygon, 16, 2 + BORDER_W / 2, taken, step=1.0), terr.number


def test_cube_space_drawing_size_leaves_room_on_letter() -> None:
    # the tightest paper: Letter's width sets the scale, less what the island gives up to
    # keep clear of the photo markers in the frame's corners (at most 5 %)
    (sheet,) = map_sheets(CONTENT, "letter")
    assert CUBE_MM * sheet.scale >= 10.0
    full = (279.4 - 2 * EDGE) / 268
    assert 0.95 * full <= sheet.scale <= full


# --------------------------------------------------------------------------- the page


def _page_land(sheet, content=CONTENT) -> list:
    s = sheet.scale
    return [tuple((sheet.dx + x * s, sheet.dy + y * s) for x, y in t.polygon)
            for t in territory_geometry(content)]


def _aid_box(item, x: float, y: float) -> Box:
    """Page box of a title / legend / note group (its texts and icons)."""
    from throne_pnp.render.components.mapsheet import _extent

    boxes = []
    for sub in item.items:
        box = _extent(sub)
        if box is None:   # an icon
            box = Box(sub.x, sub.y, sub.size, sub.size)
        boxes.append(box.moved(x, y))
    x1 = min(b.x for b in boxes)
    y1 = min(b.y for b in boxes)
    return Box(x1, y1, max(b.x2 for b in boxes) - x1, max(b.y2 for b in boxes) - y1)


@pytest.mark.parametrize("paper,size", VARIANTS)
def test_cartouche_and_compass_on_free_sea_and_the_aids_outside_the_art(paper: str,
                                                                        size: str) -> None:
    """The cartouche, compass rose and sheet notes sit in the art on free sea, clear of the
    frame's corners (kept for the photo markers); the scale bar, stamp and legend sit under the
    art, outside its frame, inside the printable page and clear of the corners too."""
    sheets = map_sheets(CONTENT, paper, size)
    tags = [[item.tag for item in sheet.page.items] for sheet in sheets]
    assert "title" in tags[0] and any("compass" in t for t in tags)
    assert all("scale-bar" in t and "stamp" in t for t in tags)
    assert any("legend" in t for t in tags)
    for sheet in sheets:
        land = _page_land(sheet)
        frame = sheet.frame
        inside = Box(frame.x + CORNER, frame.y, frame.w - 2 * CORNER, frame.h)
        for item in sheet.page.items:
            if item.tag not in ("title", "compass", "sheet-note", "scale-bar", "stamp",
                                "legend"):
                continue
            box = _aid_box(item, item.dx, item.dy)
            if item.tag in ("title", "compass", "sheet-note"):
                assert not any(box_meets_polygon(box.grow(AID_GAP - 0.01), p) for p in land), \
                    (item.tag, box)
                assert frame.x <= box.x and box.x2 <= frame.x2, item.tag
                assert frame.y <= box.y and box.y2 <= frame.y2, item.tag
                corners = [Box(x, y, CORNER, CORNER) for x in (frame.x, frame.x2 - CORNER)
                           for y in (frame.y, frame.y2 - CORNER)]
                assert not any(box.overlaps(c) for c in corners), item.tag
            else:
                assert box.y > frame.y2 and box.y2 <= sheet.page.height - EDGE, item.tag
                assert inside.x <= box.x and box.x2 <= inside.x2 + 1e-9, item.tag


@pytest.mark.parametrize("paper,size", VARIANTS)
def test_the_map_fills_its_frame(paper: str, size: str) -> None:
    """The island is as large as the frame allows: it touches two opposite sides
    of the printable frame (less the other sheet's share when tiled). Tiled, it
    may give up some so that the join misses every cube space and the scan markers by
    the join stay on sea."""
    width, height = CONTENT.map.drawing.size
    sheets = map_sheets(CONTENT, paper, size)
    frame = sheets[0].frame
    across = frame.w * len(sheets) - (OVERLAP if size == "tiled" else 0)
    s = sheets[0].scale
    largest = min(across / width, frame.h / height)
    if size == "tiled":
        assert 0.85 * largest <= s <= largest + 1e-9
    else:
        assert s == pytest.approx(largest)
    short, long = PAPER_MM[{"page": paper, "tiled": paper}.get(
        size, {"a4": "a3", "letter": "tabloid"}[paper])]
    page = sheets[0].page
    assert (page.width, page.height) == ((short, long) if size == "tiled" else (long, short))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_sheets_meet_at_the_join(paper: str) -> None:
    one, two = map_sheets(CONTENT, paper, "tiled")
    assert one.scale == two.scale and one.dy == two.dy
    # a drawing point shows on sheet 2 (frame.w - OVERLAP) further left
    assert one.dx - two.dx == pytest.approx(one.frame.w - OVERLAP)
    join = one.frame.x2 - OVERLAP
    ticks1 = [(i, x, y) for i, x, y in find_tagged(one.page.items, "align")]
    assert len(ticks1) >= 3
    # sheet 2 carries no marks: glued on, it hides every tick of sheet 1
    assert find_tagged(two.page.items, "align") == []
    for tick, _, _ in ticks1:
        assert isinstance(tick, Line) and tick.y1 == tick.y2
        assert tick.x1 == pytest.approx(join)               # starts on the dashed line
        assert join < tick.x2 <= one.frame.x2 - 1.0         # and runs under sheet 2 only
    # sheet 2's cut edge shows the very drawing line that sheet 1 shows at the join
    assert two.frame.x + (one.dx - two.dx) == pytest.approx(join)
    # the join (sheet 2's cut edge) passes through no cube space, on either sheet
    for sheet, seam in ((one, join), (two, two.frame.x)):
        for t in territory_geometry(CONTENT):
            for b in t.spaces:
                space = b.moved(sheet.dx, sheet.dy, sheet.scale)
                assert not space.x - 0.3 < seam < space.x2 + 0.3, (paper, t.number, space)
    assert CUBE_MM * one.scale >= 10.0


def test_a_drawing_with_no_free_corner_still_gets_title_and_bar(tmp_path) -> None:
    """Push every coast point to the drawing's edge: the island fills its
    rectangle, so title and bar get strips of their own above and below."""
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    content = load_content(target)
    owners: dict[str, int] = {}
    for terr in content.map.territories.values():
        for p in terr.drawing.shape:
            owners[p] = owners.get(p, 0) + 1
    width, height = content.map.drawing.size
    lines = (target / "map.yaml").read_text().splitlines()
    for i, line in enumerate(lines):
        name = line.strip().split(":")[0]
        if line.startswith("    ") and owners.get(name) == 1 and "[" in line:
            x, y = content.map.drawing.points[name]
            # the nearest side of the drawing
            options = [(x, (0, y)), (width - x, (width, y)), (y, (x, 0)),
                       (height - y, (x, height))]
            _, (nx, ny) = min(options)
            lines[i] = f"    {name}: [{nx:g}, {ny:g}]"
    (target / "map.yaml").write_text("\n".join(lines) + "\n")
    full = load_content(target)
    (sheet,) = map_sheets(full, "a4")
    title = next(i for i in sheet.page.items if i.tag == "title")
    bar = next(i for i in sheet.page.items if i.tag == "scale-bar")
    land = _page_land(sheet, full)
    assert title.dy < sheet.dy and bar.dy > sheet.dy + height * sheet.scale
    for item in (title, bar):
        assert item.dx >= EDGE and item.dy >= EDGE
    assert not any(box_meets_polygon(_aid_box(title, title.dx, title.dy), p) for p in land)


def test_unknown_map_size_is_refused() -> None:
    with pytest.raises(ValueError, match="page, a3, tiled"):
        map_sheets(CONTENT, "a4", "poster")


def test_build_notes_say_what_keeps_cubes_from_fitting(tmp_path) -> None:
    from throne_pnp.render.build import build
    from throne_pnp.render.components.mapsheet import fit_notes

    assert fit_notes(CONTENT, ("a4", "letter")) == []
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    text = (target / "map.yaml").read_text()
    # Middlemere's block moved onto its border with Ashford (x = 80: the block
    # starts at 90 - 61.8 / 2 = 59.1); Thornwood's moved up over its symbols
    text = text.replace("    cubes: [115, 97]\n", "    cubes: [90, 97]\n", 1)
    text = text.replace("    cubes: [192, 93]\n", "    cubes: [192, 84]\n", 1)
    (target / "map.yaml").write_text(text)
    notes: list[str] = []
    build(load_content(target), tmp_path / "out", papers=("a4",), formats=("pdf",),
          notes=notes)
    assert notes == ["map.yaml territory 5: its cube spaces reach within 2 mm of its "
                     "border; move `cubes` (the block's centre) or the shape's points",
                     "map.yaml territory 8: its cube spaces cover its label; move `cubes` "
                     "or `label`"]


def test_a_sea_crossing_runs_between_the_two_coasts_clear_of_the_spaces(tmp_path) -> None:
    from throne_pnp.render.components.board.territories import map_items

    target = with_sea_crossing(tmp_path)
    content = load_content(target)
    (route,) = [i for i in map_items(content) if i.tag == "crossing"]
    (_, x0, y0), (_, c1x, c1y, c2x, c2y, x1, y1) = route.commands
    geometry = {t.number: t for t in territory_geometry(content)}

    def on_edge(p, poly) -> bool:
        from throne_pnp.render.backend.mapgeom import segment_box_distance

        return any(segment_box_distance(poly[i], poly[(i + 1) % len(poly)],
                                        Box(p[0], p[1], 0, 0)) < 1e-6
                   for i in range(len(poly)))

    assert on_edge((x0, y0), geometry[1].polygon) and on_edge((x1, y1), geometry[3].polygon)
    spaces = [b for t in geometry.values() for b in t.spaces + t.labels]
    for k in range(21):
        t = k / 20
        x = (1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * c1x + 3 * (1 - t) * t * t * c2x \
            + t ** 3 * x1
        y = (1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * c1y + 3 * (1 - t) * t * t * c2y \
            + t ** 3 * y1
        assert not any(b.contains_point((x, y)) for b in spaces), (x, y)


def test_a_tiled_sheet_clips_the_map_to_its_frame_in_svg_too(tmp_path) -> None:
    import xml.etree.ElementTree as ET

    from throne_pnp.render.backend.svg import render_svg

    one, _ = map_sheets(CONTENT, "a4", "tiled")
    path = render_svg(one.page, tmp_path / "map-1.svg", "map, sheet 1")
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ET.parse(path).getroot()
    (clip,) = root.findall(".//svg:clipPath", ns)
    rect = clip.find("svg:rect", ns)
    assert [float(rect.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx(
        [EDGE, EDGE, 210 - 2 * EDGE, one.frame.h])
    users = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("clip-path") == f"url(#{clip.get('id')})"]
    assert len(users) == 1 and len(list(users[0])) == 1     # the map group inside
