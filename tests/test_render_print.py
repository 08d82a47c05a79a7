"""What a print shop checks, read back from the built PDFs (issue 20, Print).

Header versions that match the features used, the guide's duplex pages and
sheet counts, paper for the fold layout.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from throne_pnp.content import load_content
from throne_pnp.render.build import build
from throne_pnp.render.components.guide import guide_text
from throne_pnp.render.exports.pack import pack_parts, sections

pytest.importorskip("pypdfium2")


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> dict[str, Path]:
    """The default build (duplex), and the pack of each other layout, in A4."""
    content = load_content()
    dirs = {}
    for layout in ("duplex", "backs-separate", "fold"):
        directory = tmp_path_factory.mktemp(layout)
        papers = ("a4", "letter") if layout == "duplex" else ("a4",)
        build(content, directory, papers=papers, formats=("pdf",), layout=layout)
        dirs[layout] = directory
    return dirs


def _header(path: Path) -> bytes:
    return path.read_bytes()[:9]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_headers_declare_the_features_they_use(out, paper):
    folder = out["duplex"] / paper
    for name in ("map.pdf", "rules.pdf", "print-and-play.pdf"):
        data = (folder / name).read_bytes()
        assert b"/PrintScaling /None" in data and b"/Duplex" not in data, name
        assert _header(folder / name) == b"%PDF-1.6\n", name
    data = (folder / "cards.pdf").read_bytes()
    assert b"/Duplex /DuplexFlipLongEdge" in data
    assert _header(folder / "cards.pdf") == b"%PDF-1.7\n"
    # without duplex backs, the cards need only 1.6
    assert _header(out["fold"] / "a4" / "cards.pdf") == b"%PDF-1.6\n"


def _guide(layout: str) -> tuple[list[str], list]:
    from throne_pnp.render.components.booklet import rules_pages
    from throne_pnp.render.components.cards import card_pages

    content = load_content()
    parts = pack_parts(content, "a4", layout, rules=rules_pages(content, "a4"),
                       map_pages=None, card_pages=card_pages(content, "a4", layout))
    table = sections(parts)
    return [text for _, text in guide_text(content, layout, table)], table


def test_the_guide_names_every_page_that_needs_duplex():
    words, table = _guide("duplex")
    test = next(s for s in table if s.title.startswith("Duplex test"))
    cards = next(s for s in table if s.title.startswith("Action cards"))
    line = next(w for w in words if "double-sided, flip on the long edge" in w)
    assert line.startswith(f"Print pages {test.pages} and {cards.pages} **double-sided")
    assert "Print every other page single-sided" in line and "no duplex preset" in line
    assert "cards.pdf alone comes preset for long-edge duplex" in line


def test_duplex_and_backs_separate_count_the_same_sheets():
    counts = {}
    for layout in ("duplex", "backs-separate"):
        words, _ = _guide(layout)
        counts[layout] = next(w for w in words if "sheets of card" in w).split(" (")[0]
    # cards: 3 sheets (fronts, then their backs on the same sheets) + the aid cards;
    # plain: the 8-page rules booklet + the duplex test on one sheet, both sides (the
    # map is left out here)
    assert counts["duplex"] == counts["backs-separate"] == "4 sheets of card and 9 of plain paper"


def test_the_fold_layout_asks_for_paper_that_folds():
    words, table = _guide("fold")
    cards = next(s for s in table if s.title.startswith("Action cards"))
    assert cards.paper == "plain paper of 80-120 gsm"
    fold = next(w for w in words if w.startswith("**Paper for folding:**"))
    assert "80-120 gsm" in fold and "score it along the fold" in fold
    assert "160-240 gsm" in fold
    paper = next(w for w in words if w.startswith("**Cards (fold and glue):**"))
    assert "plain paper of 80-120 gsm, never card" in paper
    # the other layouts keep card stock for the cards
    words, _ = _guide("duplex")
    assert not any("Paper for folding" in w for w in words)


def test_text_is_pure_black_ink_never_rgb_near_black(out):
    from printcheck import text_fills

    for folder in (out["duplex"] / "a4", out["duplex"] / "letter", out["fold"] / "a4"):
        for pdf in sorted(folder.glob("*.pdf")):
            fills = text_fills(pdf)
            assert ("k", (0.0, 0.0, 0.0, 1.0)) in fills, pdf.name
            for op, values in fills:
                if op == "rg":
                    # coloured text only (rust, blue...): no grey or near-black in RGB
                    assert max(values) - min(values) > 0.09, (pdf.name, values)
                else:
                    assert op == "k" and values[:3] == (0.0, 0.0, 0.0), (pdf.name, values)


def test_text_fill_maps_greys_to_black_ink_alone():
    from throne_pnp.render.backend.pdf import _text_fill

    assert _text_fill("#1f1a16") == _text_fill("#000000") == "0 0 0 1 k"
    assert _text_fill("#ffffff") == "0 0 0 0 k"
    assert _text_fill("#808080") == "0 0 0 0.498 k"
    assert _text_fill("#7a3420").endswith(" rg")    # rust stays a colour




@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aid_cards_have_bleed_and_a_frame_clear_of_the_cut(paper):
    from throne_pnp.render.backend.layout import Rect, find_tagged
    from throne_pnp.render.components import extras
    from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W

    page = extras.extras_pages(load_content(), paper)[0]
    [(ground, _, _)] = find_tagged(page.items, "aid-bleed")
    [(turn, _, _)] = find_tagged(page.items, "aid-turn")
    assert (ground.x, ground.y) == pytest.approx((turn.dx - BLEED, turn.dy - BLEED))
    assert (ground.w, ground.h) == pytest.approx((2 * CARD_W + 2 * BLEED, CARD_H + 2 * BLEED))
    for tag in ("aid-turn", "aid-map"):
        [(card, _, _)] = find_tagged(page.items, tag)
        frames = [s for s in card.items if isinstance(s, Rect) and s.style.stroke]
        assert len(frames) == 2
        for rect in frames:
            half = rect.style.width / 2
            assert rect.x - half >= 3.0 - 1e-9 and rect.y - half >= 3.0 - 1e-9
            assert CARD_W - (rect.x + rect.w + half) >= 3.0 - 1e-9
            assert CARD_H - (rect.y + rect.h + half) >= 3.0 - 1e-9
    # the crop marks start beyond the bleed
    for line, _, _ in find_tagged(page.items, "crop-aid"):
        for y in (line.y1, line.y2):
            assert not (ground.y < y < ground.y + ground.h) or \
                not (ground.x < line.x1 < ground.x + ground.w), line


def _grey(color: str, weights: tuple[float, float, float]) -> float:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return weights[0] * r + weights[1] * g + weights[2] * b


@pytest.mark.parametrize("weights", [(0.2126, 0.7152, 0.0722), (0.299, 0.587, 0.114)],
                         ids=["rec709", "rec601"])
def test_greyscale_sea_and_land_are_distinct_tones(weights):
    """A greyscale print (either usual conversion) keeps the sea darker than every
    land tone by at least 7 % of the scale, and lighter than the ink."""
    from throne_pnp.render.components.board.land import HOME, INK, LAND, SEA

    sea = _grey(SEA, weights)
    for land in (*LAND, HOME):
        assert _grey(land, weights) - sea >= 0.07, land
    assert sea - _grey(INK, weights) >= 0.5


def test_the_printed_map_shows_the_sea_darker_than_the_land(out):
    """Read back from the PDF at greyscale: a pixel of open sea (just inside the frame's
    left side, half way down: the corners hold the photo markers) and the most common land
    tone, as L*: at least 15 apart."""
    from printcheck import gray

    from throne_pnp.render.components.mapsheet import EDGE

    def lightness(level: int) -> float:     # CIE L* of an sRGB grey level
        c = level / 255
        y = c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y

    image = gray(out["duplex"] / "a4" / "map.pdf", 0, 50)
    mm = 50 / 25.4
    w, h = image.size
    sea = image.getpixel((int((EDGE + 3.0) * mm), h // 2))
    centre = image.crop((w // 3, h // 3, 2 * w // 3, 2 * h // 3)).histogram()
    land = max(range(200, 256), key=lambda level: centre[level])
    assert lightness(land) - lightness(sea) >= 15, (land, sea)
    assert 64 <= lightness(sea) <= 70, sea
