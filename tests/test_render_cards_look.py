"""The cards' look (issue 30), checked on the shapes and read back from the output:
corner index, battle symbols of 6 mm or more, titles in the serif, no clutter, hard
cards marked twice, a back that is the same turned 180° with nothing but its lattice
near the trim, the duplex back offset, the Letter sheets' 5 mm margin, text boxes
that never overlap, fonts embedded."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from printcheck import edge_ink, gray, text_runs

from throne_pnp.content import load_content
from throne_pnp.render.backend import fonts
from throne_pnp.render.backend.layout import Group, Icon, Page, Text, find_tagged, walk
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.build import build
from throne_pnp.render.components import cards, sheets
from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W

CARDS = load_content().cards
PT_PER_MM = 72 / 25.4


def _texts(card, ink_saver: bool = False) -> list[Text]:
    return [s for s, _, _ in walk(cards.card_front(card, ink_saver)) if isinstance(s, Text)]


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.id))
def test_battle_symbols_are_6_mm_or_more_and_never_touch(card) -> None:
    icons = sorted((s for s in cards.card_front(card) if isinstance(s, Icon)
                    and s.tag == "battle"), key=lambda s: s.x)
    assert [i.name for i in icons] == sorted(
        ["bugle"] * card.bugles + ["sword"] * card.swords + ["shield"] * card.shields,
        key=["bugle", "sword", "shield"].index)
    assert all(i.size >= cards.MIN_BATTLE for i in icons), card.id
    assert all(a.x + a.size < b.x for a, b in zip(icons, icons[1:], strict=False))
    assert all(cards.SAFE <= i.x and i.x + i.size <= CARD_W - cards.SAFE for i in icons)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.id))
def test_corner_index_top_left_and_turned_bottom_right(card) -> None:
    numerals = [t.text for t in _texts(card) if t.tag == "card-index"]
    values = [str(v) for v in (card.bugles, card.swords, card.shields)]
    assert numerals == values
    turned, = (s for s in cards.card_front(card) if s.tag == "card-index-turned")
    assert [t.text for t in turned.items if isinstance(t, Text)] == values
    assert (turned.dx, turned.dy, turned.rotate) == (CARD_W, CARD_H, 180)
    x, y, w, _ = cards.INDEX
    assert all(x <= t.x <= x + w and t.size >= 11 for t in _texts(card)
               if t.tag == "card-index")
    names = {s.name for s, _, _ in walk(turned.items) if isinstance(s, Icon)}
    assert {"bugle", "sword", "shield"} <= names
    assert ("skull" in names) == card.hard


@pytest.mark.parametrize("ink_saver", [False, True])
def test_no_clutter_and_a_serif_title(ink_saver: bool) -> None:
    for card in CARDS:
        texts = _texts(card, ink_saver)
        words = " ".join(t.text for t in texts)
        for clutter in ("THE KING", "—", "HARD", "no flags", "command point"):
            assert clutter not in words, (card.id, clutter)
        title, = (t for t in texts if t.tag == "card-title")
        assert title.serif and title.bold and 10.0 <= title.size <= 11.0, (card.id, title)
        assert all(t.size >= 6.0 for t in texts)


def test_hard_cards_have_a_second_frame_rule_and_a_large_skull() -> None:
    for card in CARDS:
        shapes = cards.card_front(card)
        skulls = [s for s in shapes if isinstance(s, Icon) and s.name == "skull"]
        assert (len(skulls) == 2) == card.hard, card.id   # index and footer
        assert all(s.size >= 8 for s in skulls[1:])
        frame_rules = [s for s in shapes if type(s).__name__ == "Rect" and s.x < cards.FRAME
                       and s.style.fill is None]
        assert bool(frame_rules) == card.hard, card.id


def _back_image(style: str, ink_saver: bool, scale: float = 10.0, lattice_only: bool = False,
                tmp: Path | None = None) -> Image.Image:
    """The back with its bleed rasterised at `scale` px/mm (690 x 940 px: the centre of
    the card falls between pixels, so a 180° turn maps pixels onto pixels)."""
    shapes = cards.card_back(ink_saver, style=style)
    if lattice_only:
        shapes = shapes[:2]
    page = Page(CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, [Group(shapes, BLEED, BLEED)])
    path = render_pdf([page], tmp / f"back-{style}-{ink_saver}-{lattice_only}.pdf", "back")
    document = pdfium.PdfDocument(str(path))
    try:
        image = document[0].render(scale=scale * 25.4 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return image.crop((0, 0, 690, 940))      # pdfium rounds the page's size up


@pytest.mark.parametrize(("style", "ink_saver"), [("light", False), ("dark", False),
                                                   ("light", True)])
def test_back_is_the_same_turned_and_only_lattice_near_the_trim(style, ink_saver, tmp_path):
    image = _back_image(style, ink_saver, tmp=tmp_path)
    turned = image.rotate(180)
    # pdfium may put the page's origin a pixel off: the best of the 9 one-pixel shifts
    off = min(sum(ImageChops.difference(image, ImageChops.offset(turned, dx, dy))
                  .convert("L").crop((10, 10, 680, 930)).histogram()[24:])
              for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    assert off / (690 * 940) < 0.002, off    # antialiasing aside
    lattice = _back_image(style, ink_saver, lattice_only=True, tmp=tmp_path)
    ring = ImageChops.difference(image, lattice).convert("L")
    inner = (BLEED + cards.BACK_CLEAR + 2.0) * 10   # 7 mm: a 2 mm duplex drift stays clear
    for x in range(0, 690, 2):
        for y in range(0, 940, 2):
            if inner <= x < 690 - inner and inner <= y < 940 - inner:
                continue
            assert ring.getpixel((x, y)) < 24, (style, ink_saver, x / 10 - BLEED,
                                                 y / 10 - BLEED)
    assert ImageChops.difference(image, lattice).getbbox()    # the medallion is drawn


def test_back_offset_moves_every_back_and_nothing_else() -> None:
    content = load_content()
    for layout in ("duplex", "backs-separate"):
        plain = cards.card_pages(content, "a4", layout)
        moved = cards.card_pages(content, "a4", layout, back_offset=(1.5, -0.5))
        for before, after in zip(plain, moved, strict=True):
            for prefix, shift in (("front-", (0, 0)), ("back-", (1.5, 0.5))):
                old = {i.tag: (i.dx + x, i.dy + y) for i, x, y in find_tagged(before.items,
                                                                               prefix)}
                new = {i.tag: (i.dx + x, i.dy + y) for i, x, y in find_tagged(after.items,
                                                                               prefix)}
                assert old.keys() == new.keys()
                for tag, (x, y) in old.items():
                    assert new[tag] == pytest.approx((x + shift[0], y + shift[1])), tag
    for bad in ("", "1", "1,2,3", "a,b", "5,0", "0,-4.5", "nan,0", "inf,1"):
        with pytest.raises(ValueError, match="--back-offset wants X,Y"):
            cards.parse_back_offset(bad)
    assert cards.parse_back_offset("-1.5, 2") == (-1.5, 2.0)


@pytest.mark.parametrize("paper", list(sheets.PAPERS))
@pytest.mark.parametrize("layout", ["duplex", "fold"])
def test_card_block_keeps_5_mm_from_the_paper_edge(paper: str, layout: str) -> None:
    for page in cards.card_pages(load_content(), paper, layout, back_offset=(0, 0)):
        (block, _, _), = find_tagged(page.items, "cards")
        x, y, w, h = block.clip
        x, y = x + block.dx, y + block.dy
        assert x >= 5 and y >= 5 and x + w <= page.width - 5 and y + h <= page.height - 5
        if paper == "letter" and layout == "duplex":
            assert y == pytest.approx(5.0)          # 2.7 mm of bleed kept top and bottom


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("look")
    build(load_content(), out, formats=("pdf",), back_offset=(1.0, -1.0))
    return out


def _text_boxes(path: Path) -> list[tuple[int, str, tuple[float, float, float, float]]]:
    """(page, text, box in pt) of every text object drawn on the page."""
    return [(run.page, run.text, run.box) for run in text_runs(path)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_sheets_text_boxes_never_overlap_and_fonts_are_embedded(built, paper) -> None:
    path = built / paper / "cards.pdf"
    boxes = _text_boxes(path)
    assert len(boxes) > 27 * 6
    by_page: dict[int, list] = {}
    for page, text, box in boxes:
        by_page.setdefault(page, []).append((text, box))
    for page, items in by_page.items():
        for i, (text_a, a) in enumerate(items):
            for text_b, b in items[i + 1:]:
                w = min(a[2], b[2]) - max(a[0], b[0])
                h = min(a[3], b[3]) - max(a[1], b[1])
                assert w <= 0.05 or h <= 0.05, (page, text_a, text_b)
    runs = text_runs(path)
    assert all(r.embedded and r.size >= 6.0 - 0.01 for r in runs)
    serif = {r.font for r in runs if r.font.startswith("RustySerif")}
    assert serif == ({"RustySerif-Bold"} if fonts.serif_files() else set())
    titles = [r for r in runs if r.font == "RustySerif-Bold"]
    assert len(titles) == 27 and all(10.0 <= r.size <= 11.0 for r in titles)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mark_on_the_card_sheets_keeps_5_mm_from_the_paper_edge(built, paper) -> None:
    """Crop marks, the sideways scale bar's label (Letter), title and stamp: read from the PDF."""
    assert edge_ink(built / paper / "cards.pdf", dpi=150, margin=5.0) == []


def test_back_offset_is_printed_on_the_back_sheets(built) -> None:
    runs = text_runs(built / "a4" / "cards.pdf")
    assert any("backs 1, moved 1,-1 mm" in r.text for r in runs)


def test_the_note_when_the_serif_is_missing(monkeypatch) -> None:
    monkeypatch.setattr(fonts, "serif_files", lambda: None)
    assert fonts.face(bold=True, serif=True) == "VeraBd"
    note, = fonts.notes()
    assert fonts.SERIF in note and fonts.SERIF_PACKAGE in note


@pytest.mark.parametrize("args", [["--back-offset", "1;2"], ["--back-offset", "7,0"],
                                  ["--back-offset", "1,1", "--layout", "fold"]])
def test_a_bad_back_offset_is_one_line_exit_2_and_nothing_written(tmp_path, args) -> None:
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "--back-offset" in result.output
    assert not out.exists()


def _segments(flags: list[bool]) -> list[tuple[int, int]]:
    """(start, end) of every run of True."""
    runs, start = [], None
    for i, on in enumerate([*flags, False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            runs.append((start, i))
            start = None
    return runs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_printed_battle_symbols_measure_6_mm_and_each_card_has_its_index(built, paper) -> None:
    """Read from the rendered sheet: each battle symbol's ink spans 6 mm or more, and the
    index numerals sit in the top-left and bottom-right corners of every card."""
    path = built / paper / "cards.pdf"
    px = 300 / 25.4
    image = gray(path, 0, 300)
    grid = sheets.card_grid(paper)
    boxes = [b for b in _text_boxes(path) if b[0] == 0 and b[1] in "0123"]
    for k, card in enumerate(CARDS[:sheets.PER_PAGE]):
        x, y = grid.cell(k % 3, k // 3)
        band = image.crop((round((x + 14) * px), round((y + 10.5) * px),
                           round((x + CARD_W - 4) * px), round((y + 21) * px)))
        dark = band.point(lambda v: 255 if v < 100 else 0)
        columns = [any(dark.getpixel((i, j)) for j in range(0, dark.height, 2))
                   for i in range(dark.width)]
        marks = _segments(columns)
        assert len(marks) == card.bugles + card.swords + card.shields, card.id
        for a, b in marks:
            rows = dark.crop((a, 0, b, dark.height)).getbbox()
            assert max(b - a, rows[3] - rows[1]) / px >= 6.0, (card.id, (b - a) / px)
        page_h = image.height / px
        corner = [(t, box) for _, t, box in boxes       # pt, from the bottom: to mm, down
                  if x <= box[0] / PT_PER_MM <= x + CARD_W
                  and y <= page_h - box[3] / PT_PER_MM <= y + CARD_H]
        top_left = [t for t, box in corner if box[0] / PT_PER_MM < x + 14
                    and page_h - box[3] / PT_PER_MM < y + 20]
        bottom_right = [t for t, box in corner if box[0] / PT_PER_MM > x + CARD_W - 14
                        and page_h - box[1] / PT_PER_MM > y + CARD_H - 20]
        values = [str(v) for v in (card.bugles, card.swords, card.shields)]
        assert top_left == values and sorted(bottom_right) == sorted(values), card.id
