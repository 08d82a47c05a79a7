"""The printed PDFs, read back: page sizes, crop marks, ids, determinism, size."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from throne_pnp.content import load_content
from throne_pnp.render.build import build
from throne_pnp.render.sheets import BLEED, CARD_W, MARK_GAP, card_grid

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
    assert sum(sizes.values()) <= 150 * 1024, sizes


def test_pdfs_are_byte_deterministic(out: Path, tmp_path: Path) -> None:
    build(load_content(), tmp_path, formats=("pdf",))
    for paper in ("a4", "letter"):
        for name in ("map.pdf", "cards.pdf", "rules.pdf"):
            assert (tmp_path / paper / name).read_bytes() == (out / paper / name).read_bytes()


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} (poppler) is not installed")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_face_has_its_id_and_name(out: Path, paper: str) -> None:
    _need("pdftotext")
    text = subprocess.run(["pdftotext", str(out / paper / "cards.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    content = load_content()
    ids = re.findall(r"#(\d+)\b", text)
    assert sorted(map(int, ids)) == sorted(c.id for c in content.cards)
    assert len(set(ids)) == 27
    for card in content.cards:
        assert card.name in text


def test_rules_and_map_text_extracts(out: Path) -> None:
    _need("pdftotext")
    rules = subprocess.run(["pdftotext", str(out / "a4" / "rules.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout
    for n in range(1, 13):
        assert f"R{n} " in rules
    assert "Turn sequence" in rules
    game_map = subprocess.run(["pdftotext", str(out / "a4" / "map.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout
    for terr in load_content().map.territories.values():
        assert terr.name in game_map
    assert "50 mm" in game_map


def _gray(path: Path, page: int, dpi: int, tmp: Path) -> tuple[int, int, bytes]:
    """Rasterise one page to 8-bit grey (PGM) and return width, height, pixels."""
    stem = tmp / f"p{page}"
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page),
                    str(path), str(stem)], check=True)
    pgm = next(tmp.glob(f"p{page}*.pgm"))
    data = pgm.read_bytes()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert m
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():]


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
def test_crop_marks_measure_63_by_88_mm_on_the_page(out: Path, paper: str,
                                                    tmp_path: Path) -> None:
    """Rasterise the first card sheet and find the crop marks in its margins."""
    _need("pdftoppm")
    dpi = 400
    w, h, px = _gray(out / paper / "cards.pdf", 1, dpi, tmp_path)
    mm = dpi / 25.4
    grid = card_grid(paper)
    # vertical marks: scan a row 1 mm into the top mark band
    row = int((grid.y0 - BLEED - MARK_GAP - 1.0) * mm)
    xs = _runs([px[row * w + x] < 128 for x in range(w)])
    # horizontal marks: scan a column 1 mm into the right mark band (no text there)
    col = int((grid.x0 + 3 * CARD_W + BLEED + MARK_GAP + 1.0) * mm)
    ys = _runs([px[y * w + col] < 128 for y in range(h)])
    assert len(xs) == 4 and len(ys) == 4, (xs, ys)
    for a, b in zip(xs, xs[1:], strict=False):
        assert abs((b - a) / mm - 63.0) < 0.1
    for a, b in zip(ys, ys[1:], strict=False):
        assert abs((b - a) / mm - 88.0) < 0.1


def test_serial_and_parallel_builds_write_the_same_bytes(out: Path, tmp_path: Path) -> None:
    content = load_content()
    serial = build(content, tmp_path / "serial", parallel=False)
    parallel = build(content, tmp_path / "parallel", parallel=True)
    assert [p.relative_to(tmp_path / "serial") for p in serial] == \
        [p.relative_to(tmp_path / "parallel") for p in parallel]
    for a, b in zip(serial, parallel, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    for paper in ("a4", "letter"):
        assert (tmp_path / "serial" / paper / "cards.pdf").read_bytes() == \
            (out / paper / "cards.pdf").read_bytes()
