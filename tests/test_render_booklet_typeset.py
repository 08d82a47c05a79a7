"""The booklet as typeset, read back from its PDFs (A4 and Letter) as a reader would meet it:

- 8 pages; no two text boxes overlap; every page but the last filled to 85 %;
- no section is left mid-sentence above the next section's heading (the reading order never
  jumps); text 6 pt or more, fonts embedded; no words of the program's internals;
- the worked examples in sentences; the adjacency table from the map data; R10 shuffles;
- `--booklet a5`: the pages two a sheet in saddle order, and a bad value refused in one line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.render.backend.layout import find_tagged
from throne_pnp.render.components import booklet
from throne_pnp.render.components.booklet import (
    imposed_pages,
    lay_out,
    rules_pages,
    saddle_order,
)
from throne_pnp.render.components.sheets import stamp_text

pytest.importorskip("pypdfium2")
from printcheck import page_sizes_mm, text_runs  # noqa: E402

MM = 25.4 / 72
PAPERS = ["a4", "letter"]
INTERNALS = ("greedy", "search wins", "home_lost_when", "castle_targets", "over_limit",
             "->", "(s)", "_")      # the build stamp (the program's version) aside


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> Path:
    from throne_pnp.render.build import build

    out = tmp_path_factory.mktemp("typeset")
    build(load_content(), out, formats=("pdf",), booklet_kind="a5")
    return out


def _runs(pdfs: Path, paper: str) -> list:
    return [r for r in text_runs(pdfs / paper / "rules.pdf") if r.text.strip()]


@pytest.mark.parametrize("paper", PAPERS)
def test_eight_pages_text_6_pt_or_more_fonts_embedded(pdfs: Path, paper: str) -> None:
    runs = _runs(pdfs, paper)
    assert len(page_sizes_mm(pdfs / paper / "rules.pdf")) == 8
    assert min(r.size for r in runs) >= 6.0
    assert all(r.embedded for r in runs)


def _overlap(a: tuple, b: tuple, slack: float = 0.3) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


@pytest.mark.parametrize("paper", PAPERS)
def test_no_two_text_boxes_overlap(pdfs: Path, paper: str) -> None:
    runs = _runs(pdfs, paper)
    clashes = [(a.page, a.text, b.text) for i, a in enumerate(runs) for b in runs[i + 1:]
               if a.page == b.page and _overlap(a.box, b.box)]
    assert clashes == []


def _columns(runs: list, page: int, width_pt: float) -> list[list]:
    """The body runs of one page per column, top to bottom."""
    cols: list[list] = [[], []]
    for r in runs:
        if r.page == page and r.size >= 10.0:      # not the running head
            cols[0 if r.box[0] < width_pt / 2 else 1].append(r)
    def line_then_x(r) -> tuple:     # reading order: by line (its middle), then along it
        return -round((r.box[1] + r.box[3]) / 8), r.box[0]
    return [sorted(c, key=line_then_x) for c in cols]


@pytest.mark.parametrize("paper", PAPERS)
def test_no_section_starts_below_an_unfinished_sentence(pdfs: Path, paper: str) -> None:
    """A heading (the serif at 13 pt or more, after the cover) follows the end of a
    sentence, a label or a table row in its column: never a line that runs on."""
    runs = _runs(pdfs, paper)
    width_pt = page_sizes_mm(pdfs / paper / "rules.pdf")[0][0] / MM
    bad = []
    for page in range(1, 8):
        for column in _columns(runs, page, width_pt):
            for above, heading in zip(column, column[1:], strict=False):
                if heading.size >= 12.5 and above.size < 12.5 and \
                        not above.text.rstrip().endswith((".", ":", "?", ")", "%", "none")) \
                        and not above.text.strip()[-1:].isdigit():     # a table's last cell
                    bad.append((page, above.text, heading.text))
    assert bad == []


@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_but_the_last_is_filled(pdfs: Path, paper: str) -> None:
    from throne_pnp.render.components.booklet import block_size

    pdf = pdfs / paper / "rules.pdf"
    runs = _runs(pdfs, paper)
    width_mm, height_mm = page_sizes_mm(pdf)[0]
    height = block_size()[1]
    top = (height_mm - height) / 2
    first, foot = top + 9.0, top + height - 8.0
    fills = []
    for page in range(1, 7):     # the cover is a picture; the last page may fall short
        cols = []
        for half in (0, 1):         # every text of the column, the diagrams' numbers too
            lowest = max(height_mm - r.box[1] * MM for r in runs if r.page == page
                         and (r.box[0] * MM >= width_mm / 2) == half
                         and first < height_mm - r.box[1] * MM < foot + 1.0)
            cols.append((lowest - first) / (foot - first))
        fills.append(sum(cols) / 2)
    assert min(fills) >= 0.85, fills


def _blank_stretches(pdf: Path, page: int) -> list[float]:
    """The longest run of blank rows (mm) in each column of a page's text block."""
    from printcheck import gray

    from throne_pnp.render.components.booklet import GUTTER, block_size

    dpi, width, height = 100, *block_size()
    image = gray(pdf, page, dpi).point(lambda v: 255 if v < 200 else 0)   # ink: 255
    px = dpi / 25.4
    left, top = (image.width / px - width) / 2, (image.height / px - height) / 2
    col = (width - GUTTER) / 2
    out = []
    for x in (left, left + col + GUTTER):
        band = image.crop((int(x * px), int((top + 9) * px), int((x + col) * px),
                           int((top + height - 8) * px)))
        rows = [band.crop((0, y, band.width, y + 1)).getbbox() is not None
                for y in range(band.height)]
        longest = run = 0
        for inked in rows:
            run = 0 if inked else run + 1
            longest = max(longest, run)
        out.append(longest / px)
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_no_long_empty_stretch_and_each_examples_boards_seen_together(pdfs: Path,
                                                                      paper: str) -> None:
    """Read from the PDF: a column of pages 2-7 has at most one blank stretch over 30 mm (a
    page turn an example may not cross), none over 75 mm; each example's Before and After
    boards on one page or on facing pages (an even page and the odd one after it)."""
    pdf = pdfs / paper / "rules.pdf"
    stretches = [s for page in range(1, 7) for s in _blank_stretches(pdf, page)]
    assert sum(s > 30 for s in stretches) <= 1 and max(stretches) <= 75, stretches
    runs = _runs(pdfs, paper)
    before = [r.page + 1 for r in runs if r.text == "Before"]
    after = [r.page + 1 for r in runs if r.text == "After"]
    assert len(before) == len(after) == len(load_content().examples)
    for b, a in zip(before, after, strict=True):
        assert a == b or (a == b + 1 and b % 2 == 0), (b, a)


@pytest.mark.parametrize("paper", PAPERS)
def test_no_words_of_the_programs_internals(pdfs: Path, paper: str) -> None:
    stamp = stamp_text(load_content())
    text = " ".join(r.text for r in _runs(pdfs, paper) if r.size > 6.5 and r.text != stamp)
    assert [word for word in INTERNALS if word in text] == []
    assert "careful newcomer" in text and "expert" in text
    assert "shuffle the discard pile" in text          # R10 and the turn say it


def test_the_examples_are_told_in_sentences_and_the_borders_come_from_the_map() -> None:
    from editions import texts_of

    content = load_content()
    pages = rules_pages(content, "a4")
    text = " ".join(texts_of(page.items) for page in pages)
    assert "One King cube steps from 9 to 4" in text
    assert "Battles follow: in 5, then in 2." in text
    for n in content.map.numbers:
        terr = content.map.territories[n]
        assert terr.name in text
        neighbours = ", ".join(map(str, sorted(terr.adjacent)))
        assert neighbours in text, (n, neighbours)


def test_the_a5_booklet_is_imposed_in_saddle_order(pdfs: Path) -> None:
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert saddle_order(6)[0] == (None, 0) and saddle_order(6)[1] == (1, None)
    sheets = imposed_pages(lay_out(load_content()), "a4")
    order = [int(g.tag.rsplit("-", 1)[1]) for sheet in sheets
             for g, _, _ in find_tagged(sheet.items, "booklet-page-")]
    assert order == [8, 1, 2, 7, 6, 3, 4, 5]
    for paper in PAPERS:
        sizes = page_sizes_mm(pdfs / paper / booklet.IMPOSED_FILE)
        assert len(sizes) == 4 and all(w > h for w, h in sizes)
        runs = text_runs(pdfs / paper / booklet.IMPOSED_FILE)
        assert all(r.embedded for r in runs) and min(r.size for r in runs) >= 6.0
        assert "50 mm" in " ".join(r.text for r in runs)
        # each page keeps its number, in its own half of the sheet (the cover has none)
        for sheet, pair in enumerate(saddle_order(8)):
            for half, index in enumerate(pair):
                width = sizes[sheet][0] / MM
                assert index == 0 or any(
                    r.text == str(index + 1) and r.page == sheet
                    and half * width / 2 < r.box[0] < (half + 1) * width / 2 for r in runs)
        assert sum(r.text == stamp_text(load_content()) for r in runs) == 1   # the colophon


def test_a_bad_booklet_value_is_one_clear_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "--booklet", "a6", "--out", str(out)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "--booklet a6" in result.output
    assert not out.exists()
