"""The print-and-play pack, its print guide and the duplex test.

The pack is read back from the written PDF with pypdfium2 (page order, the
guide's page numbers, bookmarks, blank edge strips, fonts); the guide and the
duplex test are also checked on the layout. The extras sheet has its own
tests (test_render_extras.py).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from editions import edited, inside, page_texts, without_drawing
from printcheck import edge_ink, text_runs, viewer_preferences

from throne_pnp.content import load_content
from throne_pnp.render.backend.layout import Circle, Group, Rect, Text, find_tagged, walk
from throne_pnp.render.build import build
from throne_pnp.render.components import guide
from throne_pnp.render.components.sheets import CARD_H, CARD_W, PAPERS
from throne_pnp.render.exports import pack


def rules_count(paper: str, content=None) -> int:
    """How many pages the rules booklet has on this paper (the pack's offsets)."""
    from throne_pnp.render.components import booklet

    return len(booklet.rules_pages(content or load_content(), paper))


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("pack")
    build(load_content(), directory, formats=("pdf",))
    return directory



# --------------------------------------------------------------------------- the pack


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_is_in_print_order(out: Path, paper: str) -> None:
    texts = page_texts(out / paper / "print-and-play.pdf")
    r = rules_count(paper) - 1    # the booklet's pages after its first
    assert len(texts) == 12 + r   # guide, rules, map, 2 test, 3 x (fronts, backs), extras
    assert "print-and-play guide" in texts[0]
    assert "rules" in texts[1].lower() and "In this booklet" in texts[1]    # its cover
    assert "What you play with" in texts[2] and "The King's actions" in texts[3]
    assert "Kingdom of Prydon" in texts[2 + r]
    assert "Duplex test, side 1 of 2" in texts[3 + r]
    assert "Duplex test, side 2 of 2" in texts[4 + r]
    for i, n in enumerate((1, 2, 3)):
        assert f"cards, fronts {n}" in texts[5 + r + 2 * i]
        assert f"cards, backs {n}" in texts[6 + r + 2 * i]
    assert "player aids and cube tokens" in texts[11 + r]


def test_pack_pages_are_the_separate_sheets(out: Path) -> None:
    """Cards, rules and map in the pack are the pages of the separate PDFs."""
    pack_texts = page_texts(out / "a4" / "print-and-play.pdf")
    rules = page_texts(out / "a4" / "rules.pdf")
    r = len(rules) - 1
    assert pack_texts[1:2 + r] == rules
    assert pack_texts[2 + r] == page_texts(out / "a4" / "map.pdf")[0]
    assert pack_texts[5 + r:11 + r] == page_texts(out / "a4" / "cards.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_and_landscape_map(out: Path, paper: str) -> None:
    w, h = (v * 72 / 25.4 for v in PAPERS[paper])
    doc = pdfium.PdfDocument(str(out / paper / "print-and-play.pdf"))
    sizes = [doc[i].get_size() for i in range(len(doc))]
    doc.close()
    r = rules_count(paper) - 1
    for i, (pw, ph) in enumerate(sizes):
        expect = (h, w) if i == 2 + r else (w, h)
        assert (round(pw, 1), round(ph, 1)) == (round(expect[0], 1), round(expect[1], 1)), i




@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_leaves_the_edge_strips_empty(out: Path, paper: str) -> None:
    """Nothing of the pack prints within 4.2 mm of the paper edge."""
    assert edge_ink(out / paper / "print-and-play.pdf", dpi=100) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pack_own_pages_text_is_embedded_and_legible(out: Path, paper: str) -> None:
    extra = rules_count(paper) - 1
    own = {0, 3 + extra, 4 + extra, 11 + extra}   # guide, duplex test 1 and 2, extras
    runs = [r for r in text_runs(out / paper / "print-and-play.pdf") if r.page in own]
    assert {r.page for r in runs} == own
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
    r = rules_count("a4") - 1
    if layout == "fold":
        assert not any("Duplex test" in t for t in texts)       # nothing to align
        assert texts[3 + r:3 + r + len(cards)] == cards
        assert "Everything prints single-sided" in texts[0]
    else:
        assert "Duplex test, side 1 of 2" in texts[3 + r]
        assert "turned over on its long edge" in " ".join(texts[3 + r].split())
        assert texts[5 + r:5 + r + len(cards)] == cards
        assert all("fronts" in t for t in texts[5 + r:8 + r])
        assert all("backs" in t for t in texts[8 + r:11 + r])
        assert "Action cards, backs" in texts[0]
    assert "player aids" in texts[-1]


def test_guide_table_names_the_real_page_numbers() -> None:
    content = load_content()
    from throne_pnp.render.components import booklet, mapsheet

    laid = pack.pack(content, "a4", rules=booklet.rules_pages(content, "a4"),
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
    test, cards = rows["Duplex test (one sheet)"], rows["Action cards, fronts and backs"]
    assert (f"Print pages {test[0]}-{test[1]} and {cards[0]}-{cards[1]} double-sided"
            in guide_text.replace("**", ""))
    assert laid.outline[0] == (0, "This guide")


def test_pack_without_map_drawing_leaves_the_map_out(tmp_path: Path) -> None:
    content = load_content(edited(tmp_path, without_drawing))
    notes: list[str] = []
    build(content, tmp_path / "out", papers=("letter",), formats=("pdf",), notes=notes)
    texts = page_texts(tmp_path / "out" / "letter" / "print-and-play.pdf")
    r = rules_count("letter", content) - 1
    assert len(texts) == 11 + r and "Duplex test" in texts[2 + r]
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
    from throne_pnp.render.components.sheets import card_grid

    grid = card_grid("a4")
    (x, y), _ = guide.cross_points("a4")
    assert (x, y) == (grid.x0 + CARD_W / 2, grid.y0 + CARD_H / 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_own_pages_have_no_text_under_6_pt(paper: str) -> None:
    content = load_content()
    from throne_pnp.render.components import booklet, mapsheet

    laid = pack.pack(content, paper, rules=booklet.rules_pages(content, paper),
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
    r = rules_count(paper) - 1
    assert len(texts) == pages + r and row in guide_words
    doc = pdfium.PdfDocument(str(path))
    sizes = [tuple(round(v * 25.4 / 72) for v in doc[i].get_size()) for i in range(len(doc))]
    doc.close()
    if size == "a3":
        assert sizes[2 + r] == ((420, 297) if paper == "a4" else (432, 279))
        big = "A3" if paper == "a4" else "Tabloid"
        assert f"one {big} sheet for the map" in guide_words
    else:
        assert f"{3 + r}-{4 + r} Map" in guide_words and "glue strip" in guide_words
    assert edge_ink(path, dpi=60) == []


def test_pack_bookmarks_each_part(out: Path) -> None:
    doc = pdfium.PdfDocument(str(out / "letter" / "print-and-play.pdf"))
    try:
        marks = [(b.get_title(), b.get_dest().get_index()) for b in doc.get_toc()]
    finally:
        doc.close()
    r = rules_count("letter") - 1
    assert marks == [("This guide", 0), ("Rules", 1), ("Map", 2 + r),
                     ("Duplex test (one sheet)", 3 + r),
                     ("Action cards, fronts and backs", 5 + r),
                     ("Aid cards and cube tokens", 11 + r)]


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
    from throne_pnp.render.components import booklet, mapsheet

    content = load_content()
    for ink_saver in (False, True):
        laid = pack.pack(content, paper, ink_saver=ink_saver,
                         rules=booklet.rules_pages(content, paper),
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


def test_a_very_long_edition_name_stays_on_the_guide(tmp_path: Path) -> None:
    from throne_pnp.render.components import booklet

    def rename(data: dict) -> None:
        data["name"] = "The Most Serene and Extremely Long-Winded Kingdom " * 4

    content = load_content(edited(tmp_path, rename))
    laid = pack.pack(content, "letter", rules=booklet.rules_pages(content, "letter"))
    page = laid.pages[0]
    inside(page.items, 4.2, 4.2, page.width - 4.2, page.height - 4.2)


def test_pack_is_byte_deterministic(out: Path, tmp_path: Path) -> None:
    build(load_content(), tmp_path, formats=("pdf",))
    for paper in ("a4", "letter"):
        assert (tmp_path / paper / "print-and-play.pdf").read_bytes() == \
            (out / paper / "print-and-play.pdf").read_bytes()
