"""The print-and-play pack, the print guide, the duplex test and the extras sheet.

The pack is read back from the written PDF with pypdfium2 (page order, the
guide's page numbers, blank edge strips); the aid cards and tokens are
checked on the layout, against hand-edited copies of the content.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from printcheck import edge_ink, text_runs, viewer_preferences

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render import extras, guide, pack
from throne_pnp.render.build import build
from throne_pnp.render.layout import Circle, Group, Rect, Text, find_tagged, walk
from throne_pnp.render.sheets import CARD_H, CARD_W, PAPERS


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("pack")
    build(load_content(), directory, formats=("pdf",))
    return directory


def page_texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def edited(tmp_path: Path, change) -> Path:
    """A copy of the default content with map.yaml's data changed by `change`."""
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    data = yaml.safe_load((target / "map.yaml").read_text())
    change(data)
    (target / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return target


def without_drawing(data: dict) -> None:
    data.pop("drawing", None)
    for body in data["territories"].values():
        for key in ("shape", "label", "cubes"):
            body.pop(key, None)


# --------------------------------------------------------------------------- the pack


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_is_in_print_order(out: Path, paper: str) -> None:
    texts = page_texts(out / paper / "print-and-play.pdf")
    assert len(texts) == 12   # guide, rules, map, 2 test, 3 x (fronts, backs), extras
    assert "print-and-play guide" in texts[0]
    assert "rules" in texts[1].lower() and "Turn sequence" in texts[1]
    assert "Kingdom of Prydon" in texts[2]
    assert "Duplex test, side 1 of 2" in texts[3]
    assert "Duplex test, side 2 of 2" in texts[4]
    for i, n in enumerate((1, 2, 3)):
        assert f"cards, fronts {n}" in texts[5 + 2 * i]
        assert f"cards, backs {n}" in texts[6 + 2 * i]
    assert "player aids and cube tokens" in texts[11]


def test_pack_pages_are_the_separate_sheets(out: Path) -> None:
    """Cards, rules and map in the pack are the pages of the separate PDFs."""
    pack_texts = page_texts(out / "a4" / "print-and-play.pdf")
    assert pack_texts[1] == page_texts(out / "a4" / "rules.pdf")[0]
    assert pack_texts[2] == page_texts(out / "a4" / "map.pdf")[0]
    assert pack_texts[5:11] == page_texts(out / "a4" / "cards.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_and_landscape_map(out: Path, paper: str) -> None:
    w, h = (v * 72 / 25.4 for v in PAPERS[paper])
    doc = pdfium.PdfDocument(str(out / paper / "print-and-play.pdf"))
    sizes = [doc[i].get_size() for i in range(len(doc))]
    doc.close()
    for i, (pw, ph) in enumerate(sizes):
        expect = (h, w) if i == 2 else (w, h)
        assert (round(pw, 1), round(ph, 1)) == (round(expect[0], 1), round(expect[1], 1)), i


OWN = {0, 3, 4, 11}      # guide, duplex test sides 1 and 2, extras (0-based)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_leaves_the_edge_strips_empty(out: Path, paper: str) -> None:
    """Nothing of the pack prints within 4.2 mm of the paper edge."""
    assert edge_ink(out / paper / "print-and-play.pdf", dpi=100) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_own_pages_text_is_embedded_and_legible(out: Path, paper: str) -> None:
    runs = [r for r in text_runs(out / paper / "print-and-play.pdf") if r.page in OWN]
    assert {r.page for r in runs} == OWN
    assert all(r.embedded for r in runs)
    assert [r for r in runs if r.size < 6.0 - 0.01] == []


def test_pack_presets_actual_size_and_no_duplex(out: Path) -> None:
    """Mixed single- and double-sided parts: no duplex preset, the guide says which."""
    prefs = viewer_preferences(out / "a4" / "print-and-play.pdf")
    assert prefs.get("PrintScaling") == "None" and "Duplex" not in prefs


@pytest.mark.parametrize("layout", ["fold", "backs-separate"])
def test_layouts_change_the_pack(tmp_path: Path, layout: str) -> None:
    build(load_content(), tmp_path, papers=("a4",), formats=("pdf",), layout=layout)
    texts = page_texts(tmp_path / "a4" / "print-and-play.pdf")
    cards = page_texts(tmp_path / "a4" / "cards.pdf")
    if layout == "fold":
        assert not any("Duplex test" in t for t in texts)       # nothing to align
        assert texts[3:3 + len(cards)] == cards
        assert "Everything prints single-sided" in texts[0]
    else:
        assert "Duplex test, side 1 of 2" in texts[3]
        assert texts[5:5 + len(cards)] == cards
        assert all("fronts" in t for t in texts[5:8]) and all("backs" in t for t in texts[8:11])
        assert "Action cards, backs" in texts[0]
    assert "player aids" in texts[-1]


def test_guide_table_names_the_real_page_numbers() -> None:
    content = load_content()
    from throne_pnp.render import mapsheet, rulesheet

    laid = pack.pack(content, "a4", rules=rulesheet.rules_pages(content, "a4"),
                     map_pages=[mapsheet.map_page(content, "a4")])
    names = [p.name for p in laid.pages]
    rows = {s.title: (s.first, s.last) for s in laid.sections}
    assert rows["This guide"] == (1, 1) and names[0] == "guide"
    first, last = rows["Action cards, fronts and backs"]
    assert names[first - 1] == "fronts-1" and names[last - 1] == "backs-3"
    first, last = rows["Duplex test (one sheet)"]
    assert names[first - 1:last] == ["duplex-test-1", "duplex-test-2"]
    assert names[rows["Aid cards and cube tokens"][0] - 1] == "extras" == names[-1]
    guide_text = " ".join(t.text for t, _, _ in walk(laid.pages[0].items)
                          if isinstance(t, Text))
    assert f"Print pages {rows['Action cards, fronts and backs'][0]}-" in guide_text
    assert laid.outline[0] == (0, "This guide")


def test_pack_without_map_drawing_leaves_the_map_out(tmp_path: Path) -> None:
    content = load_content(edited(tmp_path, without_drawing))
    notes: list[str] = []
    build(content, tmp_path / "out", papers=("letter",), formats=("pdf",), notes=notes)
    texts = page_texts(tmp_path / "out" / "letter" / "print-and-play.pdf")
    assert len(texts) == 11 and "Duplex test" in texts[2]
    doc = pdfium.PdfDocument(str(tmp_path / "out" / "letter" / "print-and-play.pdf"))
    assert all(doc[i].get_size()[0] < doc[i].get_size()[1] for i in range(len(doc)))
    doc.close()     # every page portrait: no map sheet
    assert any("map sheet skipped" in note for note in notes)


def test_build_writes_pack_pdfs_and_svgs(tmp_path: Path) -> None:
    written = build(load_content(), tmp_path)
    for paper in ("a4", "letter"):
        assert tmp_path / paper / "print-and-play.pdf" in written
    assert tmp_path / "svg" / "guide.svg" in written
    assert tmp_path / "svg" / "extras.svg" in written


# --------------------------------------------------------------------------- extras


def _texts(items) -> str:
    return " ".join(t.text for t, _, _ in walk(items) if isinstance(t, Text))


def test_adjacency_list_comes_from_the_content(tmp_path: Path) -> None:
    def link_1_and_3(data: dict) -> None:
        without_drawing(data)
        data["territories"][1]["adjacent"] = [2, 3, 5]
        data["territories"][3]["adjacent"] = [1, 5, 6]

    before = extras.map_aid(load_content())
    after = extras.map_aid(load_content(edited(tmp_path, link_1_and_3)))

    def row(items, n: int) -> str:
        (group, _, _), = find_tagged(items, f"adjacent-{n}")
        return _texts(group.items)

    assert row(before, 1) == "1 2, 5" and row(after, 1) == "1 2, 3, 5"
    assert row(before, 3) == "3 5, 6" and row(after, 3) == "3 1, 5, 6"
    assert row(before, 7) == row(after, 7) == "7 2, 4, 5, 8"


def test_sea_crossings_are_listed_as_such(tmp_path: Path) -> None:
    def crossing(data: dict) -> None:
        data["territories"][1]["adjacent"] = [2, 3, 5]
        data["territories"][3]["adjacent"] = [1, 5, 6]
        data["drawing"]["crossings"] = [[1, 3]]

    content = load_content(edited(tmp_path, crossing))
    items = extras.map_aid(content)
    (row1, _, _), = find_tagged(items, "adjacent-1")
    (row3, _, _), = find_tagged(items, "adjacent-3")
    assert _texts(row1.items) == "1 2, 5; sea 3"
    assert _texts(row3.items) == "3 5, 6; sea 1"
    icons = [s.name for s, _, _ in walk(row1.items) if hasattr(s, "name")]
    assert icons == ["castle"]                    # 1 is a castle, marked as such


def test_symbol_key_covers_every_icon_of_the_game() -> None:
    from throne_pnp.render.mapkey import KEY_ORDER

    assert sorted(name for name, _ in extras.SYMBOLS) == sorted(KEY_ORDER)
    items = extras.map_aid(load_content())
    assert {item.tag for item, _, _ in find_tagged(items, "key-")} == {
        f"key-{name}" for name in KEY_ORDER}


def test_aid_cards_read_setup_goal_and_hand_from_the_content(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["hand_size"] = 4
        data["setup"]["king"] = {3: 3, 7: 2, 9: 2}

    content = load_content(edited(tmp_path, change))
    turn = _texts(extras.turn_aid(content))
    setup = _texts(extras.map_aid(content))
    assert "deal 4 at once" in turn and "(1, 3, 7, 9)" in turn
    assert "2 in 7, 9; 3 in 3" in setup and "Deal yourself 4 cards" in setup
    default = _texts(extras.map_aid(load_content()))
    assert "2 in 3, 7, 9" in default and "2 in 1" in default


def test_goal_follows_the_ruling(tmp_path: Path) -> None:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "rulings.yaml").write_text("home_lost_when: king-holds\n")
    assert "once the King alone holds 1" in _texts(extras.turn_aid(load_content(target)))
    assert "when 1 has none of your cubes" in _texts(extras.turn_aid(load_content()))


def _inside(items, x0: float, y0: float, x1: float, y1: float) -> None:
    from throne_pnp.render.layout import Icon, text_width

    for item, dx, dy in walk(items):
        if isinstance(item, Text):
            w = text_width(item.text, item.size, item.bold, item.italic, item.mono)
            left = item.x + dx - {"start": 0, "middle": w / 2, "end": w}[item.anchor]
            assert x0 <= left and left + w <= x1 and y0 <= item.y + dy <= y1, item
            assert item.size >= 6.0, item
        elif isinstance(item, Icon):
            assert x0 <= item.x + dx and item.x + dx + item.size <= x1, item
            assert y0 <= item.y + dy and item.y + dy + item.size <= y1, item


def test_aid_cards_are_poker_size_with_text_inside() -> None:
    content = load_content()
    for aid in (extras.turn_aid(content), extras.map_aid(content)):
        _inside(aid, extras.AID_SAFE - 0.05, 0, CARD_W - extras.AID_SAFE + 0.05,
                CARD_H - extras.AID_SAFE)
    page = extras.extras_page(content, "a4")
    (turn, tx, ty), = find_tagged(page.items, "aid-turn")
    (card, mx, my), = find_tagged(page.items, "aid-map")
    assert (mx + card.dx) - (tx + turn.dx) == CARD_W and ty + turn.dy == my + card.dy
    assert extras.aid_overflow(content) == []


def test_an_overflowing_aid_card_gives_a_build_note(tmp_path: Path) -> None:
    def many(data: dict) -> None:       # 40 territories in a ring, no drawing
        without_drawing(data)
        data["territories"] = {n: {"name": f"Territory number {n}", "castle": n in (1, 3),
                                   "wheat": 2,
                                   "adjacent": [(n - 2) % 40 + 1, n % 40 + 1]}
                               for n in range(1, 41)}
        data["setup"] = {"player": {1: 2}, "king": {3: 2}}

    content = load_content(edited(tmp_path, many))
    notes = extras.aid_overflow(content)
    assert len(notes) == 1 and "setup and map aid card runs" in notes[0]
    build_notes: list[str] = []
    build(content, tmp_path / "out", papers=("a4",), formats=("pdf",), notes=build_notes)
    assert notes[0] in build_notes


@pytest.mark.parametrize("forces", [10, 7, 14])
def test_token_counts_follow_forces(tmp_path: Path, forces: int) -> None:
    def change(data: dict) -> None:
        data["forces"] = forces

    content = load_content(edited(tmp_path, change))
    for paper in ("a4", "letter"):
        for ink in (False, True):
            page = extras.extras_page(content, paper, ink)
            kings = find_tagged(page.items, "token-king-")
            players = find_tagged(page.items, "token-player-")
            assert len(kings) == len(players) == forces
            for group, x, y in kings + players:     # well inside the printable area
                assert 4.2 + 5 <= x + group.dx <= page.width - 4.2 - 5 - extras.TOKEN
                assert 4.2 + 5 <= y + group.dy <= page.height - 4.2 - 5 - extras.TOKEN
    assert extras.TOKEN >= 12.0


def _luminance(color: str) -> float:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_token_sides_differ_in_shape_and_tone() -> None:
    page = extras.extras_page(load_content(), "a4")
    king_fill = [i for i in page.items if isinstance(i, Rect) and i.style.fill
                 and i.style.fill != "#ffffff"]
    assert len(king_fill) == 1 and _luminance(king_fill[0].style.fill) < 0.2   # solid dark
    (player, _, _) = find_tagged(page.items, "token-player-1")[0]
    (king, _, _) = find_tagged(page.items, "token-king-1")[0]
    discs = [s for s in player.items if isinstance(s, Circle)]
    assert len(discs) == 1 and _luminance(discs[0].style.fill) > 0.85      # light, outlined
    assert discs[0].style.stroke is not None
    assert not any(isinstance(s, Circle) for s in king.items)
    assert {s.name for s in walk_icons(king)} == {"crown"}
    assert {s.name for s in walk_icons(player)} == {"helmet"}


def walk_icons(group: Group):
    from throne_pnp.render.layout import Icon

    return [s for s, _, _ in walk(group.items) if isinstance(s, Icon)]


def test_token_blocks_have_a_crop_mark_for_every_cut() -> None:
    page = extras.extras_page(load_content(), "letter")
    for side in ("king", "player"):
        marks = find_tagged(page.items, f"crop-{side}")
        # 5 x 2 tokens: 6 vertical cuts and 3 horizontal, each marked at both ends
        assert len(marks) == 2 * (6 + 3)
    assert len(find_tagged(page.items, "crop-aid")) == 2 * (3 + 2)


# --------------------------------------------------------------------------- duplex test


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_crosses_meet_after_a_long_edge_flip(paper: str) -> None:
    front, back = guide.alignment_pages(paper)
    width = front.width
    for label in "AB":
        (f, fx, fy), = find_tagged(front.items, f"duplex-cross-{label}")
        (b, bx, by), = find_tagged(back.items, f"duplex-cross-{label}")
        assert (round(width - (b.dx + bx), 6), b.dy + by) == (round(f.dx + fx, 6), f.dy + fy)
    # a flip on the short edge would not bring them together: they are off-centre in y
    (a, _, _), = find_tagged(front.items, "duplex-cross-A")
    assert abs(a.dy - front.height / 2) > 50


def test_duplex_crosses_sit_on_card_slots() -> None:
    from throne_pnp.render.sheets import card_grid

    grid = card_grid("a4")
    (x, y), _ = guide.cross_points("a4")
    assert (x, y) == (grid.x0 + CARD_W / 2, grid.y0 + CARD_H / 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_own_pages_have_no_text_under_6_pt(paper: str) -> None:
    content = load_content()
    from throne_pnp.render import mapsheet, rulesheet

    laid = pack.pack(content, paper, rules=rulesheet.rules_pages(content, paper),
                     map_pages=[mapsheet.map_page(content, paper)])
    own = [p for p in laid.pages if p.name in ("guide", "extras", "duplex-test-1",
                                               "duplex-test-2")]
    assert len(own) == 4
    for page in own:
        for shape, _, _ in walk(page.items):
            if isinstance(shape, Text):
                assert shape.size >= 6.0, (page.name, shape)


@pytest.mark.parametrize(("size", "paper", "row", "pages"), [
    ("tiled", "a4", "Map, 2 sheets to join", 13),
    ("a3", "a4", "Map, one A3 sheet", 12),
    ("a3", "letter", "Map, one Tabloid sheet", 12),
])
def test_map_sizes_in_the_pack(tmp_path: Path, size: str, paper: str, row: str,
                               pages: int) -> None:
    build(load_content(), tmp_path, papers=(paper,), formats=("pdf",), map_size=size)
    path = tmp_path / paper / "print-and-play.pdf"
    texts = page_texts(path)
    guide_words = " ".join(texts[0].split())
    assert len(texts) == pages and row in guide_words
    doc = pdfium.PdfDocument(str(path))
    sizes = [tuple(round(v * 25.4 / 72) for v in doc[i].get_size()) for i in range(len(doc))]
    doc.close()
    if size == "a3":
        assert sizes[2] == ((420, 297) if paper == "a4" else (432, 279))
        big = "A3" if paper == "a4" else "Tabloid"
        assert f"one {big} sheet for the map" in guide_words
    else:
        assert "3-4 Map" in guide_words and "glue strip" in guide_words
    assert edge_ink(path, dpi=60) == []


def test_many_cubes_continue_on_more_token_sheets(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["forces"] = 99

    content = load_content(edited(tmp_path, change))
    for paper in ("a4", "letter"):
        pages = extras.extras_pages(content, paper)
        assert len(pages) == 2 and pages[1].name == "extras-2"
        for side in ("king", "player"):
            numbers = sorted(int(g.tag.rsplit("-", 1)[1]) for page in pages
                             for g, _, _ in find_tagged(page.items, f"token-{side}-"))
            assert numbers == list(range(1, 100))
    build(content, tmp_path / "out", papers=("letter",), formats=("pdf",))
    path = tmp_path / "out" / "letter" / "print-and-play.pdf"
    texts = page_texts(path)
    assert "cube tokens (continued)" in texts[-1] and "player aids" in texts[-2]
    assert "12-13 Aid cards and cube tokens" in " ".join(texts[0].split())
    assert edge_ink(path, dpi=60) == []


def test_pack_bookmarks_each_part(out: Path) -> None:
    doc = pdfium.PdfDocument(str(out / "letter" / "print-and-play.pdf"))
    try:
        marks = [(b.get_title(), b.get_dest().get_index()) for b in doc.get_toc()]
    finally:
        doc.close()
    assert marks == [("This guide", 0), ("Rules", 1), ("Map", 2),
                     ("Duplex test (one sheet)", 3), ("Action cards, fronts and backs", 5),
                     ("Aid cards and cube tokens", 11)]


def _big_fills(items, area: float = 400.0) -> list:
    out = []
    for item, _, _ in walk(items):
        if isinstance(item, Group):      # rotated or scaled groups: look inside
            out += _big_fills(item.items, area / item.scale ** 2)
        elif isinstance(item, (Rect, Circle)) and item.style.fill not in (None, "#ffffff"):
            size = item.w * item.h if isinstance(item, Rect) else 3.1416 * item.r ** 2
            if size > area:
                out.append(item)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ink_saver_pack_pages_have_no_large_filled_areas(paper: str) -> None:
    from throne_pnp.render import mapsheet, rulesheet

    content = load_content()
    for ink_saver in (False, True):
        laid = pack.pack(content, paper, ink_saver=ink_saver,
                         rules=rulesheet.rules_pages(content, paper),
                         map_pages=[mapsheet.map_page(content, paper)])
        own = [p for p in laid.pages if p.name in ("guide", "extras", "duplex-test-1",
                                                   "duplex-test-2")]
        fills = [f for page in own for f in _big_fills(page.items)]
        assert (fills == []) == ink_saver      # the normal pack has the dark token block


def test_throne_build_writes_and_names_the_pack(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--paper", "letter",
                                      "--format", "pdf", "--layout", "fold", "--ink-saver"])
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'letter' / 'print-and-play.pdf'}" in result.output
    texts = page_texts(tmp_path / "letter" / "print-and-play.pdf")
    assert "fold and glue" in texts[0] and not any("Duplex test" in t for t in texts)
