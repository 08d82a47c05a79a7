"""The printed PDFs, read back: page sizes, crop marks, ids, determinism, size.

Everything is read back with pypdfium2 (tests/printcheck.py), so no check
depends on poppler being installed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from printcheck import edge_ink, gray, ink, text_runs, viewer_preferences

from throne_pnp.content import load_content
from throne_pnp.render.build import build
from throne_pnp.render.components.sheets import CARD_W, _mark_span, card_grid

PT_PER_MM = 72 / 25.4
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("build")
    build(load_content(), directory, formats=("pdf",))
    return directory


def media_boxes(path: Path) -> list[tuple[float, float]]:
    """Width and height in points of every page (MediaBox entries are not compressed)."""
    data = path.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_are_exact(out: Path, paper: str) -> None:
    w, h = SIZES[paper]
    for name in ("cards.pdf", "rules.pdf"):
        boxes = media_boxes(out / paper / name)
        assert boxes
        for bw, bh in boxes:
            assert (round(bw, 2), round(bh, 2)) == (w, h), name
    (mw, mh), = media_boxes(out / paper / "map.pdf")
    assert (round(mw, 2), round(mh, 2)) == (h, w)   # the map is landscape


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_pdf_is_small(out: Path, paper: str) -> None:
    sizes = {p.name: p.stat().st_size for p in (out / paper).glob("*.pdf")
             if p.name != "print-and-play.pdf"}     # the pack repeats them all
    assert set(sizes) == {"map.pdf", "cards.pdf", "rules.pdf"}
    assert all(size <= 150 * 1024 for size in sizes.values()), sizes
    # the booklet is set in the serif (roman and bold subsets, ~11 KB each) over 8 pages;
    # the map's art (rough coasts, water lines, terrain glyphs) takes ~15 KB more
    assert sum(sizes.values()) <= 190 * 1024, sizes


def test_pdfs_are_byte_deterministic(out: Path, tmp_path: Path) -> None:
    build(load_content(), tmp_path, formats=("pdf",))
    for paper in ("a4", "letter"):
        for name in ("map.pdf", "cards.pdf", "rules.pdf"):
            assert (tmp_path / paper / name).read_bytes() == (out / paper / name).read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_face_has_its_id_and_name(out: Path, paper: str) -> None:
    text = " ".join(run.text for run in text_runs(out / paper / "cards.pdf"))
    content = load_content()
    ids = re.findall(r"#(\d+)\b", text)
    assert sorted(map(int, ids)) == sorted(c.id for c in content.cards)
    assert len(set(ids)) == 27
    for card in content.cards:
        assert card.name in text


def test_rules_and_map_text_extracts(out: Path) -> None:
    rules = " ".join(run.text for run in text_runs(out / "a4" / "rules.pdf"))
    for n in range(1, 15):
        assert f"R{n} " in rules
    assert "The turn at a glance" in rules
    game_map = " ".join(run.text for run in text_runs(out / "a4" / "map.pdf"))
    for terr in load_content().map.territories.values():
        assert terr.name in game_map
    assert "50 mm" in game_map


def _runs(flags: list[bool]) -> list[float]:
    """Centres of consecutive True runs."""
    out, start = [], None
    for i, on in enumerate(flags + [False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_measure_63_by_88_mm_on_the_page(out: Path, paper: str) -> None:
    """Rasterise the first card sheet and find the crop marks in its margins.

    On Letter the top marks cross the bleed (in white casing), so only the
    black of the marks counts: darker than the rust of the frame."""
    dpi = 400
    image = gray(out / paper / "cards.pdf", 0, dpi)
    w, h = image.size
    px = image.load()
    mm = dpi / 25.4
    grid = card_grid(paper)
    near, far, _ = _mark_span(grid.y0)
    row = int((near + far) / 2 * mm)
    xs = _runs([px[x, row] < 40 for x in range(w)])
    # horizontal marks: a column near the outer end of the right marks (no text there)
    near, far, _ = _mark_span(grid.page_w - grid.x0 - 3 * CARD_W)
    col = int((grid.page_w - (far + 0.6)) * mm)
    ys = _runs([px[col, y] < 40 for y in range(h)])
    assert len(xs) == 4 and len(ys) == 4, (xs, ys)
    for a, b in zip(xs, xs[1:], strict=False):
        assert abs((b - a) / mm - 63.0) < 0.1
    for a, b in zip(ys, ys[1:], strict=False):
        assert abs((b - a) / mm - 88.0) < 0.1


# --------------------------------------------------------------------------- home printers

VARIANTS = {
    "duplex": {},
    "backs-separate": {"layout": "backs-separate"},
    "fold": {"layout": "fold"},
    "fold-ink-saver": {"layout": "fold", "ink_saver": True},
    "ink-saver": {"ink_saver": True},
    "dark-back": {"back": "dark"},
}


@pytest.fixture(scope="module")
def variants(tmp_path_factory) -> dict[str, Path]:
    """Every layout, ink-saver and back choice, built for both papers."""
    content = load_content()
    out = {}
    for name, options in VARIANTS.items():
        directory = tmp_path_factory.mktemp(name)
        build(content, directory, formats=("pdf",), **options)
        out[name] = directory
    return out


def _all_pdfs(variants: dict[str, Path]) -> list[Path]:
    return sorted(p for d in variants.values() for p in d.glob("*/*.pdf"))


@pytest.mark.slow
def test_nothing_prints_within_4_2_mm_of_any_paper_edge(variants: dict[str, Path]) -> None:
    pdfs = _all_pdfs(variants)
    for name in ("cards.pdf", "map.pdf", "rules.pdf"):
        assert sum(p.name == name for p in pdfs) == len(VARIANTS) * 2
    for path in pdfs:
        assert edge_ink(path) == [], path


def test_edge_check_sees_ink_in_the_strip(tmp_path: Path) -> None:
    """The check itself: a mark 3 mm from the edge is found, one at 4.5 mm is not."""
    from throne_pnp.render.backend.layout import Line, Page, stroke
    from throne_pnp.render.backend.pdf import render_pdf

    near = Page(210, 297, [Line(3.0, 100, 3.0, 110, stroke())])
    far = Page(210, 297, [Line(4.6, 100, 4.6, 110, stroke())])
    render_pdf([near, far], tmp_path / "t.pdf", "t")
    found = edge_ink(tmp_path / "t.pdf")
    assert [(f.page, f.side) for f in found] == [(0, "left")]
    assert found[0].nearest_mm == pytest.approx(2.9, abs=0.2)


@pytest.mark.slow
def test_no_text_under_6_pt_on_cards_and_rules(variants: dict[str, Path]) -> None:
    for path in _all_pdfs(variants):
        if path.name not in ("cards.pdf", "rules.pdf"):
            continue        # the map's and the pack's own tests hold them to the same floor
        runs = text_runs(path)
        assert runs, path
        small = sorted({(r.size, r.text) for r in runs if r.size < 6.0 - 0.01})
        assert small == [], (path, small[:5])


@pytest.mark.slow
def test_every_font_is_embedded(variants: dict[str, Path]) -> None:
    for path in _all_pdfs(variants):
        runs = text_runs(path)
        assert all(run.embedded for run in runs), path
        assert {run.font for run in runs} <= {
            "RustySans-Roman", "RustySans-Bold", "RustySans-Oblique", "RustySans-BoldOblique",
            "RustySerif-Roman", "RustySerif-Bold", "RustySerif-Italic", "RustySerif-BoldItalic"}
        # no font declared without being embedded either (a print shop's preflight
        # flags those even when no text uses them): every /BaseFont is a subset
        declared = set(re.findall(rb"/BaseFont\s*/([^\s/>]+)", path.read_bytes()))
        assert declared and all(re.search(rb"\+Rusty(Sans|Serif)-", name)
                                for name in declared), (path, declared)


def test_print_scaling_none_everywhere_and_long_edge_duplex_for_duplex_cards(
        variants: dict[str, Path]) -> None:
    for path in _all_pdfs(variants):
        prefs = viewer_preferences(path)
        assert prefs.get("PrintScaling") == "None", path
        duplex = path.name == "cards.pdf" and path.parent.parent in (
            variants["duplex"], variants["ink-saver"], variants["dark-back"])
        assert (prefs.get("Duplex") == "DuplexFlipLongEdge") == duplex, path


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_light_backs_use_at_most_35_percent_ink(variants: dict[str, Path], paper: str) -> None:
    path = variants["backs-separate"] / paper / "cards.pdf"
    back_pages = range(3, 6)           # fronts 1-3, then backs 1-3
    coverage = [ink(gray(path, i, 50)) for i in back_pages]
    assert all(0.10 < c <= 0.35 for c in coverage), coverage
    dark = variants["dark-back"] / paper / "cards.pdf"
    assert ink(gray(dark, 1, 50)) > 0.5          # the full-bleed option is still there


@pytest.mark.slow
def test_every_sheet_carries_the_stamp(variants: dict[str, Path]) -> None:
    from throne_pnp.render.components.sheets import stamp_text

    stamp = stamp_text(load_content())
    assert "Kingdom of Prydon" in stamp and "throne_pnp" in stamp
    for path in _all_pdfs(variants):
        runs = text_runs(path)
        pages = range(max(r.page for r in runs) + 1)
        if path.name.startswith("rules"):       # the booklet: once, as its colophon
            assert sum(stamp in r.text for r in runs) == 1, path
            continue
        rules = text_runs(path.parent / "rules.pdf")
        booklet = {frozenset(r.text for r in rules if r.page == page)
                   for page in range(max(r.page for r in rules) + 1)}
        for page in pages:
            texts = frozenset(r.text for r in runs if r.page == page)
            assert stamp in " ".join(texts) or texts in booklet, (path, page)


# --------------------------------------------------------------------------- the embedded font


def test_slimmed_font_keeps_outlines_metrics_and_drops_hinting() -> None:
    import struct
    from io import BytesIO

    from reportlab.pdfbase.ttfonts import TTFont

    from throne_pnp.render.backend.fonts import _glyphs, _tables, font_dir, slim

    original = (font_dir() / "VeraBd.ttf").read_bytes()
    slimmed = slim(original, "Rusty Sans", "Bold")
    assert len(slimmed) < len(original) * 0.6
    tables = _tables(slimmed)
    assert not {"fpgm", "prep", "cvt ", "kern", "hdmx"} & set(tables)
    # every simple glyph keeps its contours and has no instructions left
    for before, after in zip(_glyphs(_tables(original)), _glyphs(tables), strict=True):
        if before and struct.unpack(">h", before[:2])[0] >= 0:
            contours = struct.unpack(">h", after[:2])[0]
            at = 10 + 2 * contours
            assert after[:at] == before[:at]
            assert struct.unpack(">H", after[at:at + 2])[0] == 0
    # widths unchanged, family renamed (the Vera licence), copyright kept
    a, b = TTFont("orig-bd", BytesIO(original)), TTFont("slim-bd", BytesIO(slimmed))
    text = "A Rusty Throne: #27 The Mad King Rides"
    assert a.stringWidth(text, 10) == b.stringWidth(text, 10)
    assert b.face.name == b"RustySans-Bold"
    assert b"Vera" not in b.face.familyName and b"Bitstream" not in b.face.familyName
    assert "Bitstream".encode("utf-16-be") in tables["name"]


@pytest.mark.slow
def test_source_date_epoch_makes_the_stamp_independent_of_file_times(
        tmp_path: Path, monkeypatch) -> None:
    import os
    import shutil

    from throne_pnp.content import default_content_dir

    content = tmp_path / "content"
    shutil.copytree(default_content_dir(), content)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")     # 2026-01-01
    build(load_content(content), tmp_path / "one", papers=("a4",), formats=("pdf",))
    os.utime(content / "cards.yaml", (0, 1_000_000_000))         # an edit in 2001
    build(load_content(content), tmp_path / "two", papers=("a4",), formats=("pdf",))
    one = (tmp_path / "one" / "a4" / "cards.pdf").read_bytes()
    assert one == (tmp_path / "two" / "a4" / "cards.pdf").read_bytes()
    assert any("2026-01-01" in r.text for r in text_runs(tmp_path / "one" / "a4" / "cards.pdf"))
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    from throne_pnp.edition_lookup import CONTENT_FILES

    for name in CONTENT_FILES:
        if (content / name).exists():
            os.utime(content / name, (0, 1_000_000_000))       # 2001-09-09
    build(load_content(content), tmp_path / "three", papers=("a4",), formats=("pdf",))
    assert any("2001-09-09" in r.text
               for r in text_runs(tmp_path / "three" / "a4" / "cards.pdf"))
