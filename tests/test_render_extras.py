"""The extras sheet: player aid cards drawn from the content, and cube tokens.

Checked on the layout against hand-edited copies of the default edition
(`editions.edited`): the adjacency list, setup and goal follow the YAML, the
text stays on the cards, the tokens follow `forces` and differ in shape and
tone.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from editions import edited, inside, page_texts, texts_of, without_drawing
from printcheck import edge_ink

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render.backend.layout import Circle, Group, Rect, Text, find_tagged, walk
from throne_pnp.render.build import build
from throne_pnp.render.components import extras
from throne_pnp.render.components.sheets import CARD_H, CARD_W


def test_adjacency_list_comes_from_the_content(tmp_path: Path) -> None:
    def link_1_and_3(data: dict) -> None:
        without_drawing(data)
        data["territories"][1]["adjacent"] = [2, 3, 5]
        data["territories"][3]["adjacent"] = [1, 5, 6]

    before = extras.map_aid(load_content())
    after = extras.map_aid(load_content(edited(tmp_path, link_1_and_3)))

    def row(items, n: int) -> str:
        (group, _, _), = find_tagged(items, f"adjacent-{n}")
        return texts_of(group.items)

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
    assert texts_of(row1.items) == "1 2, 5; sea 3"
    assert texts_of(row3.items) == "3 5, 6; sea 1"
    icons = [s.name for s, _, _ in walk(row1.items) if hasattr(s, "name")]
    assert icons == ["castle"]                    # 1 is a castle, marked as such


def test_symbol_key_covers_every_icon_of_the_game() -> None:
    from throne_pnp.content import ICONS

    assert sorted(name for name, _ in extras.SYMBOLS) == sorted(ICONS)
    items = extras.map_aid(load_content())
    assert {item.tag for item, _, _ in find_tagged(items, "key-")} == {
        f"key-{name}" for name in ICONS}


def test_aid_cards_read_goal_and_hand_from_the_content(tmp_path: Path) -> None:
    """The quick reference reads the content; the setup moved to the booklet,
    where the start is drawn on a small map (its own figure)."""
    def change(data: dict) -> None:
        data["hand_size"] = 4

    content = load_content(edited(tmp_path, change))
    turn = texts_of(extras.turn_aid(content))
    goal = texts_of(extras.map_aid(content))
    assert "deal 4 at once" in turn and "(1, 3, 7, 9)" in goal
    assert "Turn order" in turn and "A battle" in turn and "Symbols" in goal


def test_goal_follows_the_ruling(tmp_path: Path) -> None:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "rulings.yaml").write_text("home_lost_when: king-holds\n")
    assert "once the King alone holds 1" in texts_of(extras.map_aid(load_content(target)))
    assert "when 1 has none of your cubes" in texts_of(extras.map_aid(load_content()))


def test_aid_cards_are_poker_size_with_textinside() -> None:
    content = load_content()
    for aid in (extras.turn_aid(content), extras.map_aid(content)):
        inside(aid, extras.AID_SAFE - 0.05, 0, CARD_W - extras.AID_SAFE + 0.05,
                CARD_H - extras.AID_SAFE)
    page = extras.extras_pages(content, "a4")[0]
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
    assert len(notes) == 1 and "map aid card runs" in notes[0]
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
            page = extras.extras_pages(content, paper, ink)[0]
            kings = find_tagged(page.items, "token-king-")
            players = find_tagged(page.items, "token-player-")
            assert len(kings) == len(players) == forces
            for group, x, y in kings + players:     # well inside the printable area
                assert 4.2 + 5 <= x + group.dx <= page.width - 4.2 - 5 - extras.TOKEN
                assert 4.2 + 5 <= y + group.dy <= page.height - 4.2 - 5 - extras.TOKEN



def test_tokens_sit_inside_the_maps_cube_spaces() -> None:
    """A token stands for a cube: it must fit a cube space of the printed map, on
    the smallest map (Letter), inside the space's border, with 0.5 mm to spare."""
    from throne_pnp.render.components.board.territories import CUBE_MM
    from throne_pnp.render.components.mapsheet import map_sheets

    content = load_content()
    scale = min(sheet.scale for paper in ("a4", "letter")
                for sheet in map_sheets(content, paper))
    inside = CUBE_MM * scale - 0.35         # the space's border: 0.35 mm
    assert inside == pytest.approx(10.15, abs=0.1)
    assert 8.0 <= extras.TOKEN <= inside - 0.5
    assert extras.TOKEN < CUBE_MM * scale - 0.6    # the ink saver's thicker border too


def _luminance(color: str) -> float:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_token_sides_differ_in_shape_and_tone() -> None:
    page = extras.extras_pages(load_content(), "a4")[0]
    king_fill = [i for i in page.items if isinstance(i, Rect) and i.style.fill
                 and i.style.fill != "#ffffff" and i.tag != "aid-bleed"]
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
    from throne_pnp.render.backend.layout import Icon

    return [s for s, _, _ in walk(group.items) if isinstance(s, Icon)]


def test_token_blocks_have_a_crop_mark_for_every_cut() -> None:
    page = extras.extras_pages(load_content(), "letter")[0]
    for side in ("king", "player"):
        marks = find_tagged(page.items, f"crop-{side}")
        # 5 x 2 tokens: 6 vertical cuts and 3 horizontal, each marked at both ends
        assert len(marks) == 2 * (6 + 3)
    assert len(find_tagged(page.items, "crop-aid")) == 2 * (3 + 2)


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
    found = re.search(r"(\d+)-(\d+) Aid cards and cube tokens", " ".join(texts[0].split()))
    assert found and (int(found.group(1)), int(found.group(2))) == (len(texts) - 1, len(texts))
    assert edge_ink(path, dpi=60) == []


def test_a_long_neighbour_list_wraps_instead_of_being_cut(tmp_path: Path) -> None:
    def hub(data: dict) -> None:      # territory 1 touches every other one
        without_drawing(data)
        for n, body in data["territories"].items():
            if n != 1:
                body["adjacent"] = sorted(set(body["adjacent"]) | {1})
        data["territories"][1]["adjacent"] = [n for n in data["territories"] if n != 1]

    items = extras.map_aid(load_content(edited(tmp_path, hub)))
    (row, _, _), = find_tagged(items, "adjacent-1")
    assert texts_of(row.items).replace(",", "").split() == [str(n) for n in range(1, 10)]
    lines = {t.y for t, _, _ in walk(row.items) if isinstance(t, Text)}
    assert len(lines) == 2          # wrapped onto a second line


def test_quick_reference_text_is_7_pt_or_more() -> None:
    content = load_content()
    for aid in (extras.turn_aid(content), extras.map_aid(content)):
        sizes = [t.size for t, _, _ in walk(aid) if isinstance(t, Text)]
        assert sizes and min(sizes) >= 7.0
    assert extras.AID_SIZES[-1] >= 7.0
