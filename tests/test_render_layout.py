"""The layout model of the components: geometry checked before anything is drawn."""

from __future__ import annotations

import pytest
from editions import with_sea_crossing

from throne_pnp.content import load_content
from throne_pnp.render.backend.layout import (
    Circle,
    Group,
    Line,
    Path,
    Poly,
    Rect,
    find_tagged,
    walk,
)
from throne_pnp.render.components import cards, sheets
from throne_pnp.render.components.booklet import rules_pages
from throne_pnp.render.components.mapsheet import map_page
from throne_pnp.render.components.rulesheet import parse_rules, words
from throne_pnp.render.components.sheets import CARD_H, CARD_W, PAPERS

PAPER_LIST = list(PAPERS)


def _positions(page, prefix: str) -> dict[int, tuple[float, float, float]]:
    """card id -> (x, y, rotation) of every card group tagged prefix-<id>."""
    out = {}
    for item, dx, dy in find_tagged(page.items, prefix):
        out[int(item.tag.rsplit("-", 1)[1])] = (item.dx + dx, item.dy + dy, item.rotate)
    return out


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_crop_marks_cut_exact_poker_cards(paper: str) -> None:
    page = cards.card_pages(load_content(), paper)[0]
    xs = sorted({round(line.x1, 6) for line, _, _ in find_tagged(page.items, "crop-v")})
    ys = sorted({round(line.y1, 6) for line, _, _ in find_tagged(page.items, "crop-h")})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [63.00] * 3
    assert [round(b - a, 2) for a, b in zip(ys, ys[1:], strict=False)] == [88.00] * 3


def _mark_lines(grid, fold: bool = False) -> list:
    return [m for m in sheets.crop_marks(grid, fold) if m.tag in ("crop-v", "crop-h", "fold")]


def _cased(grid, line) -> bool:
    """Does this mark run across the bleed (a white casing lies under it)?"""
    return any(m.tag == line.tag + "-casing" and (m.x1, m.y1, m.x2, m.y2)
               == (line.x1, line.y1, line.x2, line.y2) for m in sheets.crop_marks(grid))


@pytest.mark.parametrize("grid", [sheets.card_grid(p) for p in PAPER_LIST]
                         + [sheets.fold_grid(p) for p in PAPER_LIST],
                         ids=["a4", "letter", "a4-fold", "letter-fold"])
def test_crop_marks_stay_off_the_cards_and_the_printers_dead_strip(grid) -> None:
    x0, y0 = grid.x0, grid.y0
    x1, y1 = x0 + grid.cols * CARD_W, y0 + grid.rows * CARD_H
    fold = grid.rows == 2
    for line in sheets.crop_marks(grid, fold):
        if line.tag.startswith("fold-line"):
            continue
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            # 4.2 mm is where home printers stop; marks leave the print shop 5 mm
            assert 5.0 - 1e-9 <= x <= grid.page_w - 5.0 + 1e-9, line
            assert 5.0 - 1e-9 <= y <= grid.page_h - 5.0 + 1e-9, line
            if not line.tag.endswith("casing") and not _cased(grid, line):
                # a mark outside the bleed: it never touches the bleed
                bx0, by0 = x0 - sheets.BLEED, y0 - sheets.BLEED
                bx1, by1 = x1 + sheets.BLEED, y1 + sheets.BLEED
                assert not (bx0 < x < bx1 and by0 < y < by1), line
        # never inside the trimmed cards (the bleed is cut away, so it may be crossed)
        mid_x, mid_y = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
        assert not (x0 < mid_x < x1 and y0 < mid_y < y1), line


@pytest.mark.parametrize("grid", [sheets.card_grid(p) for p in PAPER_LIST]
                         + [sheets.fold_grid(p) for p in PAPER_LIST],
                         ids=["a4", "letter", "a4-fold", "letter-fold"])
def test_every_cut_line_gets_a_mark_at_each_end(grid) -> None:
    """2 mm or more outside the bleed (A4's sides: 10.5 mm from the cut to the edge,
    3 of bleed, 0.5 gap, 5 left free); 2.7 mm where it must cross the bleed (Letter's
    top and bottom: 7.7 mm from the cut to the edge, 5 mm of them left free)."""
    marks = _mark_lines(grid, fold=grid.rows == 2)

    def least(m) -> float:
        return 2.7 if _cased(grid, m) else 2.0

    for x in grid.cut_xs():
        ends = [m for m in marks if m.x1 == m.x2 == x]
        assert len(ends) == 2 and {(m.y1 + m.y2) / 2 < grid.y0 for m in ends} == {True, False}
        assert all(abs(m.y2 - m.y1) >= least(m) - 1e-9 for m in ends), ends
    for y in grid.cut_ys():
        ends = [m for m in marks if m.y1 == m.y2 == y]
        assert len(ends) == 2 and {(m.x1 + m.x2) / 2 < grid.x0 for m in ends} == {True, False}
        assert all(abs(m.x2 - m.x1) >= least(m) - 1e-9 for m in ends), ends
    cased = [m for m in marks if _cased(grid, m)]
    assert bool(cased) == (grid.page_h == 279.4 and grid.rows == 3)   # Letter cards only


def test_letter_top_marks_cross_the_bleed_and_are_cased() -> None:
    """Letter leaves 7.7 mm above the grid: 3 mm bleed, and 4.2 mm no printer
    reaches, so the top marks run from 5 mm (the print shop's margin) down to the cut
    line in white casing."""
    grid = sheets.card_grid("letter")
    assert grid.y0 == pytest.approx((279.4 - 264) / 2)
    marks = sheets.crop_marks(grid)
    top = [m for m in marks if m.tag == "crop-v" and m.y1 < grid.y0 + 1]
    assert {(round(m.y1, 2), round(m.y2, 2)) for m in top} == {(7.7, 5.0)}
    casings = [m for m in marks if m.tag == "crop-v-casing" and m.y1 < grid.y0 + 1]
    assert len(casings) == 4 and all(c.style.stroke == "#ffffff" for c in casings)
    # A4 has room outside the bleed at top and bottom: plain 4 mm marks there
    a4 = sheets.card_grid("a4")
    a4_top = [m for m in sheets.crop_marks(a4) if m.tag == "crop-v" and m.y1 < a4.y0]
    assert {(round(m.y1, 2), round(m.y2, 2)) for m in a4_top} == {(13.0, 9.0)}


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_duplex_backs_sit_behind_their_fronts(paper: str) -> None:
    pages = cards.card_pages(load_content(), paper, "duplex")
    assert len(pages) == 6
    seen = set()
    for front_page, back_page in zip(pages[0::2], pages[1::2], strict=False):
        fronts = _positions(front_page, "front-")
        backs = _positions(back_page, "back-")
        assert set(fronts) == set(backs)
        for card_id, (x, y, _) in fronts.items():
            bx, by, _ = backs[card_id]
            # flipping on the long (vertical) edge mirrors x, keeps y
            assert bx == pytest.approx(front_page.width - x - CARD_W)
            assert by == pytest.approx(y)
        seen |= set(fronts)
    assert seen == set(range(1, 28))


def test_partial_last_sheet_backs_are_mirrored_too() -> None:
    grid = sheets.card_grid("a4")
    fronts = sheets.front_slots(grid, 4)
    backs = sheets.duplex_back_slots(grid, 4)
    for f, b in zip(fronts, backs, strict=False):
        assert b.x == pytest.approx(grid.page_w - f.x - CARD_W) and b.y == f.y


def test_backs_separate_puts_all_fronts_first() -> None:
    pages = cards.card_pages(load_content(), "a4", "backs-separate")
    assert [p.name for p in pages] == ["fronts-1", "fronts-2", "fronts-3",
                                       "backs-1", "backs-2", "backs-3"]


@pytest.mark.parametrize("paper", PAPER_LIST)
@pytest.mark.parametrize("ink_saver", [False, True])
def test_fold_layout_puts_four_pairs_on_a_landscape_page(paper: str, ink_saver: bool) -> None:
    pages = cards.card_pages(load_content(), paper, "fold", ink_saver)
    assert len(pages) == 7                       # 27 cards, 4 to a page
    w, h = PAPERS[paper]
    for page in pages:
        assert (page.width, page.height) == (h, w)
        pairs = len(_positions(page, "front-"))
        assert pairs == (4 if page is not pages[-1] else 3)
        lines = [m for m, _, _ in find_tagged(page.items, "fold-line")
                 if m.style.stroke == "#000000"]
        # one dashed line across every pair, on the shared edge of front and back
        assert len(lines) == pairs
        grid = sheets.fold_grid(paper)
        for line in lines:
            assert line.y1 == line.y2 == pytest.approx(grid.y0 + CARD_H)
            assert abs(line.x2 - line.x1) >= 60 and line.style.dash


def test_fold_layout_puts_each_back_under_its_front_turned() -> None:
    pages = cards.card_pages(load_content(), "letter", "fold")
    for page in pages:
        fronts = _positions(page, "front-")
        backs = _positions(page, "back-")
        assert set(fronts) == set(backs)
        for card_id, (x, y, rot) in fronts.items():
            bx, by, brot = backs[card_id]
            assert rot == 0 and brot == 180
            # a back turned 180° about its own centre: its origin is its far corner
            assert (bx - CARD_W, by - CARD_H) == pytest.approx((x, y + CARD_H))
        assert find_tagged(page.items, "fold")


def test_twenty_seven_distinct_faces() -> None:
    content = load_content()
    faces = {c.id: cards.card_front(c) for c in content.cards}
    assert len(faces) == 27
    assert len(set(faces.values())) == 27


def test_hard_cards_and_only_they_show_a_skull() -> None:
    for card in load_content().cards:
        names = {item.name for item, _, _ in walk(cards.card_front(card))
                 if type(item).__name__ == "Icon"}
        assert ("skull" in names) == card.hard
        assert card.priority in names
        assert ("flag" in names) == (card.flags > 0)


def _filled_area(item) -> float:
    if isinstance(item, Rect):
        return item.w * item.h
    if isinstance(item, Circle):
        return 3.14159 * item.r ** 2
    if isinstance(item, Poly) and item.closed:
        pts = item.points
        return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                       in zip(pts, pts[1:] + pts[:1], strict=False))) / 2
    return 0.0


def _big_fills(items, scale: float = 1.0) -> list:
    out = []
    for item in items:
        if isinstance(item, Group):
            out += _big_fills(item.items, scale * item.scale)
        elif isinstance(item, (Rect, Circle, Poly, Path)):
            style = item.style
            if style.fill not in (None, "#ffffff") and _filled_area(item) * scale ** 2 > 400:
                out.append(item)
    return out


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_ink_saver_has_no_large_filled_areas(paper: str) -> None:
    content = load_content()
    pages = (cards.card_pages(content, paper, "duplex", ink_saver=True)
             + [map_page(content, paper, ink_saver=True)]
             + rules_pages(content, paper, ink_saver=True))
    for page in pages:
        assert _big_fills(page.items) == [], page.name
    normal = cards.card_pages(content, paper)[1]
    assert _big_fills(normal.items)       # the check does see the normal backs


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_every_sheet_has_the_print_aids(paper: str) -> None:
    content = load_content()
    pages = (cards.card_pages(content, paper) + cards.card_pages(content, paper, "fold")
             + [map_page(content, paper)] + rules_pages(content, paper))
    for page in pages:
        assert find_tagged(page.items, "scale-bar"), page.name
        assert find_tagged(page.items, "title"), page.name


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_the_rules_are_a_short_booklet(paper: str) -> None:
    assert 4 <= len(rules_pages(load_content(), paper)) <= 8


def test_map_page_is_landscape_and_inside_the_paper() -> None:
    for paper, (w, h) in PAPERS.items():
        page = map_page(load_content(), paper)
        assert (page.width, page.height) == (h, w)
        (group, _, _), = find_tagged(page.items, "map")
        size = load_content().map.drawing.size
        assert group.dx + size[0] * group.scale <= page.width - 5 + 1e-9
        assert group.dy + size[1] * group.scale <= page.height - 5 + 1e-9


def test_rules_format_parses() -> None:
    text = ("% comment\n# Title\n## Head {#h1}\nA para\ncontinues.\n\n- bullet {castle}\n"
            "1. step **bold** `code`\n> note\n> more\n### Sub\n=> box one\n=> box two\n"
            "@page\n@example movement\n")
    kinds = [(b.kind, b.text) for b in parse_rules(text)]
    assert kinds == [("title", "Title"), ("heading", "Head"), ("para", "A para continues."),
                     ("bullet", "bullet {castle}"), ("step", "step **bold** `code`"),
                     ("note", "note more"), ("sub", "Sub"), ("box", "box one"),
                     ("box", "box two"), ("directive", "page"), ("directive", "example")]
    blocks = parse_rules(text)
    assert blocks[1].anchor == "h1" and blocks[-1].mark == "movement"
    pieces = words("a **b {wheat}** `c`")
    assert pieces[1][0].bold and pieces[2][0].icon == "wheat" and pieces[3][0].mono
    assert not pieces[0][0].bold and not pieces[3][0].bold


def test_a_sea_crossing_is_drawn_as_an_explicit_route(tmp_path) -> None:
    target = with_sea_crossing(tmp_path)
    page = map_page(load_content(target), "a4")
    routes = find_tagged(page.items, "crossing")
    assert len(routes) == 1 and routes[0][0].style.dash


def _segments(item) -> list[tuple[float, float, float, float]]:
    """The stroked segments of a Rect or Line (rounded corners ignored)."""
    if isinstance(item, Line):
        return [(item.x1, item.y1, item.x2, item.y2)]
    x, y, w, h = item.x, item.y, item.w, item.h
    return [(x, y, x + w, y), (x + w, y, x + w, y + h), (x, y + h, x + w, y + h),
            (x, y, x, y + h)]


def _crosses(seg, box) -> bool:
    """Does an axis-parallel segment pass through the box (x0, y0, x1, y1)?"""
    ax, ay, bx, by = seg
    x0, y0, x1, y1 = box
    if ay == by:
        return y0 < ay < y1 and min(ax, bx) < x1 and max(ax, bx) > x0
    if ax == bx:
        return x0 < ax < x1 and min(ay, by) < y1 and max(ay, by) > y0
    return False


def _struck_texts(items) -> list[str]:
    """Texts that a stroke crosses without a filled box between the two."""
    from throne_pnp.render.backend.layout import Text, text_width

    struck = []
    for i, text in enumerate(items):
        if not isinstance(text, Text):
            continue
        width = text_width(text.text, text.size, text.bold)
        left = text.x - {"start": 0, "middle": width / 2, "end": width}[text.anchor]
        box = (left, text.y - text.size * 0.35 * 0.72, left + width, text.y)   # cap height
        for j, other in enumerate(items):
            if not isinstance(other, (Rect, Line)) or other.style.stroke is None or i == j:
                continue
            if not any(_crosses(seg, box) for seg in _segments(other)):
                continue
            covered = j < i and any(
                isinstance(cover, Rect) and cover.style.fill is not None
                and cover.x <= box[0] and cover.y <= box[1]
                and cover.x + cover.w >= box[2] and cover.y + cover.h >= box[3]
                for cover in items[j + 1:i])
            if not covered:
                struck.append(text.text)
    return struck


@pytest.mark.parametrize("ink_saver", [False, True])
def test_no_card_text_is_struck_through_by_a_line(ink_saver: bool) -> None:
    for card in load_content().cards:
        assert _struck_texts(list(cards.card_front(card, ink_saver))) == [], card.id
    assert _struck_texts(list(cards.card_back(ink_saver))) == []
    # the check does see a line through text
    from throne_pnp.render.backend.layout import Text, stroke
    crossed = [Text(10, 10, "THE KING", 6.0), Line(0, 9.2, 40, 9.2, stroke())]
    assert _struck_texts(crossed) == ["THE KING"]


def test_stamp_date_is_source_date_epoch_else_the_newest_content_file(tmp_path) -> None:
    import os

    from throne_pnp.render.components.sheets import stamp_date, stamp_text

    (tmp_path / "map.yaml").write_text("x")
    (tmp_path / "cards.yaml").write_text("x")
    os.utime(tmp_path / "map.yaml", (0, 1_700_000_000))      # 2023-11-14 22:13 UTC
    os.utime(tmp_path / "cards.yaml", (0, 1_600_000_000))    # 2020-09-13
    assert stamp_date(tmp_path, {}) == "2023-11-14"
    assert stamp_date(tmp_path, {"SOURCE_DATE_EPOCH": "86400"}) == "1970-01-02"
    assert stamp_date(tmp_path, {"SOURCE_DATE_EPOCH": "soon"}) == "2023-11-14"
    assert stamp_date(tmp_path / "missing", {}) == ""
    text = stamp_text(load_content(), {"SOURCE_DATE_EPOCH": "1767225600"})
    from throne_pnp import __version__
    assert text == f"Kingdom of Prydon · throne_pnp {__version__} · 2026-01-01"


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_card_sheet_stamp_sits_in_the_margin(paper: str) -> None:
    for layout in ("duplex", "fold"):
        for page in cards.card_pages(load_content(), paper, layout, stamp="Prydon · v · d"):
            (stamp, dx, dy), = find_tagged(page.items, "stamp")
            grid = sheets.fold_grid(paper) if layout == "fold" else sheets.card_grid(paper)
            x, y = stamp.dx + dx, stamp.dy + dy
            inside_x = grid.x0 - sheets.BLEED < x < grid.x0 + grid.cols * CARD_W + sheets.BLEED
            inside_y = grid.y0 - sheets.BLEED < y < grid.y0 + grid.rows * CARD_H + sheets.BLEED
            assert not (inside_x and inside_y), (layout, page.name, x, y)


def _luminance(color: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_card_text_contrast_is_at_least_4_5_to_1() -> None:
    """Each text colour on a card, against the ground it is printed on (WCAG ratio)."""
    from throne_pnp.render.backend.layout import Text

    assert round(_contrast("#000000", "#ffffff"), 1) == 21.0       # the formula itself
    grounds = {cards.TEXT_GREY: cards.CREAM, cards.INK: cards.CREAM,
               cards.RUST: cards.CREAM, cards.HARD: cards.CREAM,
               cards.WHITE: cards.RUST}
    used = set()
    for card in load_content().cards:
        for ink_saver in (False, True):
            used |= {item.color for item, _, _ in walk(cards.card_front(card, ink_saver))
                     if isinstance(item, Text)}
    assert used <= set(grounds), used - set(grounds)
    for color in used:
        assert _contrast(color, grounds[color]) >= 4.5, color
    assert _contrast(cards.WHITE, cards.HARD) >= 4.5
    assert _contrast(cards.GREY, cards.CREAM) < 4.5       # why quiet text is no longer GREY
    # the backs: rust on the light ground, parchment on the dark one
    assert _contrast(cards.RUST, cards.BACK_TINT) >= 4.5
    assert _contrast("#e9d7b0", cards.BACK_DARK) >= 4.5


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_a_long_edition_name_is_clipped_to_its_margin(paper: str) -> None:
    from throne_pnp.render.backend.layout import Text, clip, text_width

    assert clip("short", 50, 6) == "short"
    cut = clip("x" * 200, 30, 6)
    assert cut.endswith("…") and text_width(cut, 6) <= 30
    stamp = "The Very Long Edition Name of a Most Elaborate Kingdom " * 3
    for layout in ("duplex", "fold"):
        page = cards.card_pages(load_content(), paper, layout, stamp=stamp)[0]
        (group, dx, dy), = find_tagged(page.items, "stamp")
        text, = [t for t in group.items if isinstance(t, Text)]
        length = text_width(text.text, text.size)
        assert text.text.endswith("…")
        if group.rotate:     # Letter: up the right margin, within one card row
            assert length <= CARD_H - 8.0 + 1e-9
        else:                # below the grid, clear of the scale bar
            (bar, bx, _), = find_tagged(page.items, "scale-bar")
            assert group.dx + dx + length <= bar.dx + bx - 4.0 + 1e-9
