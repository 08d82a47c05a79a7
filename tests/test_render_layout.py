"""The layout model of the components: geometry checked before anything is drawn."""

from __future__ import annotations

import pytest

from throne_pnp.content import load_content
from throne_pnp.render import cards, sheets
from throne_pnp.render.layout import Circle, Group, Path, Poly, Rect, find_tagged, walk
from throne_pnp.render.mapsheet import map_page
from throne_pnp.render.rulesheet import parse_rules, rules_pages, words
from throne_pnp.render.sheets import CARD_H, CARD_W, PAPERS

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


@pytest.mark.parametrize("paper", PAPER_LIST)
def test_crop_marks_stay_off_the_art_and_on_the_page(paper: str) -> None:
    grid = sheets.card_grid(paper)
    left, top = grid.x0 - sheets.BLEED, grid.y0 - sheets.BLEED
    right = grid.x0 + 3 * CARD_W + sheets.BLEED
    bottom = grid.y0 + 3 * CARD_H + sheets.BLEED
    assert left > 0 and top > 0 and right < grid.page_w and bottom < grid.page_h
    for line in sheets.crop_marks(grid):
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert 0 <= x <= grid.page_w and 0 <= y <= grid.page_h
            assert not (left <= x <= right and top <= y <= bottom), line


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


def test_fold_layout_puts_each_back_under_its_front_turned() -> None:
    pages = cards.card_pages(load_content(), "letter", "fold")
    assert len(pages) == 9
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
def test_rules_fit_one_page(paper: str) -> None:
    assert len(rules_pages(load_content(), paper)) == 1


def test_map_page_is_landscape_and_inside_the_paper() -> None:
    for paper, (w, h) in PAPERS.items():
        page = map_page(load_content(), paper)
        assert (page.width, page.height) == (h, w)
        (group, _, _), = find_tagged(page.items, "map")
        size = load_content().map.drawing.size
        assert group.dx + size[0] * group.scale <= page.width - 8 + 1e-9
        assert group.dy + size[1] * group.scale <= page.height - 8 + 1e-9


def test_rules_format_parses() -> None:
    text = ("% comment\n# Title\n## Head\nA para\ncontinues.\n\n- bullet {castle}\n"
            "1. step **bold** `code`\n> note\n> more\n")
    kinds = [(b.kind, b.text) for b in parse_rules(text)]
    assert kinds == [("title", "Title"), ("heading", "Head"), ("para", "A para continues."),
                     ("bullet", "bullet {castle}"), ("step", "step **bold** `code`"),
                     ("note", "note more")]
    pieces = words("a **b {wheat}** `c`")
    assert pieces[1][0].bold and pieces[2][0].icon == "wheat" and pieces[3][0].mono
    assert not pieces[0][0].bold and not pieces[3][0].bold


def test_a_sea_crossing_is_drawn_as_an_explicit_route(tmp_path) -> None:
    import shutil

    from throne_pnp.content import default_content_dir

    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    text = (target / "map.yaml").read_text()
    text = text.replace("    adjacent: [2, 5]\n", "    adjacent: [2, 3, 5]\n", 1)
    text = text.replace("    adjacent: [5, 6]\n", "    adjacent: [1, 5, 6]\n", 1)
    text = text.replace("  lakes:\n", "  crossings: [[1, 3]]\n  lakes:\n", 1)
    (target / "map.yaml").write_text(text)
    page = map_page(load_content(target), "a4")
    routes = find_tagged(page.items, "crossing")
    assert len(routes) == 1 and routes[0][0].style.dash
