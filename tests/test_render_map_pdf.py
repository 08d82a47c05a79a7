"""The map PDFs read back: cube spaces measured from the drawn paths, clear of
every text and icon; nothing near the paper edge; legible, embedded text."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner
from printcheck import MM_PER_PT as MM
from printcheck import edge_ink, page_objects, page_sizes_mm, text_runs

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.components.board.markers import SPOT
from throne_pnp.render.components.mapsheet import map_pages
from throne_pnp.render.components.sheets import stamp_pages, stamp_text

VARIANTS = [("a4", "page", False), ("letter", "page", False), ("a4", "page", True),
            ("letter", "page", True), ("a4", "a3", False), ("letter", "a3", False),
            ("a4", "tiled", False), ("letter", "tiled", False)]


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> dict[tuple[str, str, bool], Path]:
    """map.pdf of every variant, as `throne build` writes it (footer stamp included)."""
    content = load_content()
    folder = tmp_path_factory.mktemp("maps")
    out: dict[tuple[str, str, bool], Path] = {}
    for paper, size, ink_saver in VARIANTS:
        pages = stamp_pages(map_pages(content, paper, size, ink_saver), stamp_text(content))
        out[(paper, size, ink_saver)] = render_pdf(
            pages, folder / f"map-{paper}-{size}-{ink_saver}.pdf", "map")
    return out


def _spaces_and_marks(path: Path, index: int) -> tuple[list[Box], list[Box]]:
    """The cube spaces (square paths with straight sides, 9-20 mm, not a scan marker's white
    square) and the box of every text, icon (form) and number disc (a round path of 8-20 mm)
    of a page."""
    objects = page_objects(path, index)
    spaces = [box for kind, box, lines in objects
              if kind == raw.FPDF_PAGEOBJ_PATH and lines >= 4 and 9 <= box.w <= 20
              and abs(box.w - box.h) < 0.01 and abs(box.w - SPOT) > 0.01]
    marks = [box for kind, box, lines in objects
             if kind in (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_FORM)
             or (kind == raw.FPDF_PAGEOBJ_PATH and lines == 0 and 8 <= box.w <= 20
                 and abs(box.w - box.h) < 0.01)]
    return spaces, marks


@pytest.mark.parametrize("paper,size,ink_saver", VARIANTS)
def test_cube_spaces_read_from_the_pdf(maps, paper: str, size: str, ink_saver: bool) -> None:
    path = maps[(paper, size, ink_saver)]
    sheets = len(page_sizes_mm(path))
    assert sheets == (2 if size == "tiled" else 1)
    for index in range(sheets):
        spaces, marks = _spaces_and_marks(path, index)
        if size != "tiled":
            assert len(spaces) == 90          # 9 territories x (5 King + 5 player)
        assert spaces, index
        assert sum(1 for m in marks if 8 <= m.w <= 20 and abs(m.w - m.h) < 0.01) >= (
            9 if size != "tiled" else 1)         # the number discs are among the marks
        for space in spaces:
            assert space.w >= 10.0, space
            assert not any(space.overlaps(mark) for mark in marks), space


@pytest.mark.parametrize("paper,size,ink_saver", VARIANTS)
def test_nothing_prints_near_the_paper_edge(maps, paper: str, size: str,
                                            ink_saver: bool) -> None:
    """Every mark, the frame's heavy rule too, at least 5 mm from the paper edge."""
    assert edge_ink(maps[(paper, size, ink_saver)], dpi=150, margin=5.0) == []


@pytest.mark.parametrize("paper,size,ink_saver", VARIANTS)
def test_map_text_is_legible_and_embedded(maps, paper: str, size: str,
                                          ink_saver: bool) -> None:
    runs = text_runs(maps[(paper, size, ink_saver)])
    assert runs
    assert min(run.size for run in runs) >= 6.0
    assert all(run.embedded for run in runs)
    texts = " ".join(run.text for run in runs)
    assert "Print at 100%" in texts and "Middlemere" in texts


@pytest.mark.parametrize("paper,size,ink_saver", VARIANTS)
def test_page_sizes(maps, paper: str, size: str, ink_saver: bool) -> None:
    expected = {("a4", "page"): [(297, 210)], ("letter", "page"): [(279.4, 215.9)],
                ("a4", "a3"): [(420, 297)], ("letter", "a3"): [(431.8, 279.4)],
                ("a4", "tiled"): [(210, 297)] * 2, ("letter", "tiled"): [(215.9, 279.4)] * 2}
    got = page_sizes_mm(maps[(paper, size, ink_saver)])
    assert got == [pytest.approx(s, abs=0.05) for s in expected[(paper, size)]]


def test_build_option_map_size(tmp_path) -> None:
    result = CliRunner().invoke(cli, ["build", "--format", "pdf", "--paper", "a4",
                                       "--map-size", "tiled", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(page_sizes_mm(tmp_path / "a4" / "map.pdf")) == 2
    bad = CliRunner().invoke(cli, ["build", "--map-size", "huge", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    assert "'huge' is not one of 'page', 'a3', 'tiled'" in bad.output


@pytest.mark.parametrize("paper,size,ink_saver", [v for v in VARIANTS if v[1] != "tiled"])
def test_no_icon_or_glyph_prints_over_a_text_or_number(maps, paper: str, size: str,
                                                       ink_saver: bool) -> None:
    """Read back from the PDF: no icon (a form: terrain glyphs, castles, symbols, the
    compass) overlaps a text run or a number disc."""
    objects = page_objects(maps[(paper, size, ink_saver)], 0)
    forms = [box for kind, box, _ in objects if kind == raw.FPDF_PAGEOBJ_FORM]
    words = [box for kind, box, lines in objects if kind == raw.FPDF_PAGEOBJ_TEXT
             or (kind == raw.FPDF_PAGEOBJ_PATH and lines == 0 and 8 <= box.w <= 20
                 and abs(box.w - box.h) < 0.01)]
    assert len(forms) > 150 and len(words) > 40
    clash = [(f, w) for f in forms for w in words if f.grow(-0.05).overlaps(w)]
    assert clash == []


def _longest_path_stroke_mm(path: Path) -> float:
    """The printed stroke width (mm) of the path with the most segments: the coast."""
    document = pdfium.PdfDocument(str(path))
    best = (0, 0.0)

    def walk(obj, scale: float) -> None:
        nonlocal best
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
        scale *= abs(m.a * m.d - m.b * m.c) ** 0.5
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            for i in range(raw.FPDFFormObj_CountObjects(obj)):
                walk(raw.FPDFFormObj_GetObject(obj, i), scale)
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            width = ctypes.c_float()
            raw.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width))
            best = max(best, (raw.FPDFPath_CountSegments(obj), width.value * scale * MM))

    try:
        page = document[0]
        for i in range(raw.FPDFPage_CountObjects(page.raw)):
            walk(raw.FPDFPage_GetObject(page.raw, i), 1.0)
    finally:
        document.close()
    return best[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ink_saver_coast_is_bolder_where_the_sea_has_no_tone(maps, paper: str) -> None:
    assert _longest_path_stroke_mm(maps[(paper, "page", True)]) == pytest.approx(0.9, abs=0.02)
    assert _longest_path_stroke_mm(maps[(paper, "page", False)]) == pytest.approx(0.6, abs=0.02)
