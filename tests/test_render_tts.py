"""`throne build --format tts`: the Tabletop Simulator export.

The saved object is checked against the documented save format (fields,
types, CardIDs inside their sheets, URLs naming files that exist), the
images are read back with Pillow (size, mode, each card cell against the
single-card PNG of `--format png`), the table is laid out without overlap,
a rebuild is byte-identical, and bad options are refused in one line.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml
from click.testing import CliRunner
from editions import edited, without_drawing
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render.backend.mapgeom import point_in_polygon
from throne_pnp.render.components.board.territories import territory_geometry
from throne_pnp.render.exports import tts, tts_save

SAVE = tts.SAVE_FILE
STANDARD = {  # ObjectState fields every object carries, with their JSON types
    "GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str,
    "GMNotes": str, "ColorDiffuse": dict, "Locked": bool, "Grid": bool, "Snap": bool,
    "IgnoreFoW": bool, "Autoraise": bool, "Sticky": bool, "Tooltip": bool,
    "GridProjection": bool, "HideWhenFaceDown": bool, "Hands": bool, "LuaScript": str,
    "LuaScriptState": str, "XmlUI": str,
}
TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """One default export (and the single-card PNGs beside it), shared by the checks."""
    out = tmp_path_factory.mktemp("tts")
    for fmt in ("tts", "png"):
        result = CliRunner().invoke(cli, ["build", "--out", str(out), "--format", fmt])
        assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def save(built: Path) -> dict:
    return json.loads((built / "tts" / SAVE).read_text(encoding="utf-8"))


def _objects(save: dict) -> list[dict]:
    """Every object, those inside decks included."""
    out = []
    for obj in save["ObjectStates"]:
        out.append(obj)
        out.extend(obj.get("ContainedObjects", []))
    return out


def _path(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file" and parts.netloc == "", url
    return Path(unquote(parts.path))


# --------------------------------------------------------------------------- the JSON


def test_saved_object_has_the_save_formats_fields_and_types(save: dict) -> None:
    for key, kind in (("SaveName", str), ("Date", str), ("VersionNumber", str),
                      ("GameMode", str), ("Tags", list), ("Gravity", float),
                      ("PlayArea", float), ("Table", str), ("Sky", str), ("Note", str),
                      ("TabStates", dict), ("LuaScript", str), ("LuaScriptState", str),
                      ("XmlUI", str), ("ObjectStates", list)):
        assert isinstance(save[key], kind), key
    guids = []
    for obj in _objects(save):
        for field, kind in STANDARD.items():
            assert isinstance(obj[field], kind), (obj["Name"], field)
        assert tuple(obj["Transform"]) == TRANSFORM
        assert all(isinstance(v, float) for v in obj["Transform"].values())
        assert set(obj["ColorDiffuse"]) == {"r", "g", "b"}
        assert all(0.0 <= v <= 1.0 for v in obj["ColorDiffuse"].values())
        assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"])
        guids.append(obj["GUID"])
    assert len(guids) == len(set(guids)) == 1 + 2 + 27 + 1 + 20
    names = [obj["Name"] for obj in save["ObjectStates"]]
    assert names.count("Custom_Board") == 1 and names.count("DeckCustom") == 2
    assert names.count("Notecard") == 1 and names.count("BlockSquare") == 20


def test_decks_cards_and_their_ids(save: dict) -> None:
    decks = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert [d["Nickname"] for d in decks] == ["Action cards", "Hard cards (skull)"]
    expected_ids = [list(range(1, 19)), list(range(19, 28))]
    keys = []
    for deck, ids in zip(decks, expected_ids, strict=True):
        (key, sheet), = deck["CustomDeck"].items()
        keys.append(int(key))
        assert {k: type(v) for k, v in sheet.items()} == {
            "FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
            "BackIsHidden": bool, "UniqueBack": bool, "Type": int}
        assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
        free = sheet["NumWidth"] * sheet["NumHeight"] - 1      # the last slot stays free
        cards = deck["ContainedObjects"]
        assert [c["Name"] for c in cards] == ["Card"] * len(ids)
        assert [int(c["Nickname"].split()[0]) for c in cards] == ids
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        assert deck["DeckIDs"] == [int(key) * 100 + slot for slot in range(len(ids))]
        assert all(c["CardID"] % 100 < free for c in cards)
        assert all(c["CustomDeck"] == deck["CustomDeck"] for c in cards)
        assert deck["Transform"]["rotZ"] == 180.0            # face down
    assert keys == [1, 2]
    card5 = decks[0]["ContainedObjects"][4]
    assert card5["Nickname"] == "5 Banners Raised"
    assert card5["Description"] == ("Battle: 1 bugle, 1 sword, 1 shield.\n"
                                    "The King: Rally at his castles, then Move towards your "
                                    "nearest cubes.\n5 command points, rising.")
    card19 = decks[1]["ContainedObjects"][0]
    assert card19["Nickname"] == "19 Mad Decree" and card19["Description"].endswith(
        "0 command points, rising.\nHard card (skull).")


def test_every_url_names_a_file_that_exists(save: dict, built: Path) -> None:
    urls = []
    for obj in _objects(save):
        for sheet in obj.get("CustomDeck", {}).values():
            urls += [sheet["FaceURL"], sheet["BackURL"]]
        if "CustomImage" in obj:
            urls.append(obj["CustomImage"]["ImageURL"])
    assert urls
    for url in urls:
        path = _path(url)
        assert path.is_absolute() and path.is_file(), url
        assert path.parent == (built / "tts").resolve()
    board, = (o for o in save["ObjectStates"] if o["Name"] == "Custom_Board")
    assert _path(board["CustomImage"]["ImageURL"]).name == "map.png"
    assert board["Locked"] is True and board["Nickname"] == "Kingdom of Prydon"


def test_notecard_has_setup_and_turn_order(save: dict) -> None:
    note, = (o for o in save["ObjectStates"] if o["Name"] == "Notecard")
    text = note["Description"]
    assert "Your cubes (gold): 2 in 1." in text
    assert "The King's cubes (dark red): 2 in 3, 2 in 7, 2 in 9." in text
    assert "1. Player Card Phase: a card from your hand is the phase card." in text
    assert "5. King's Card Phase: the top card of the deck" in text
    assert "**" not in text and "{" not in text


# --------------------------------------------------------------------------- the images


def test_sheets_back_and_map_sizes_and_modes(save: dict, built: Path) -> None:
    cw, ch = tts.cell_size()
    assert (cw, ch) == (504, 704)
    for deck in (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"):
        (sheet,) = deck["CustomDeck"].values()
        with Image.open(_path(sheet["FaceURL"])) as image:
            assert image.mode == "RGB"
            assert image.size == (sheet["NumWidth"] * cw, sheet["NumHeight"] * ch)
            assert max(image.size) <= 4096
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (5, 2)      # the 9 hard cards
    with Image.open(built / "tts" / "back.png") as image:
        assert (image.mode, image.size) == ("RGB", (cw, ch))
    with Image.open(built / "tts" / "map.png") as image:
        # 268 x 191 mm with the long side at 3200 px
        assert (image.mode, image.size) == ("RGB", (3200, round(191 * 3200 / 268)))


def test_each_cell_is_the_printed_card(save: dict, built: Path) -> None:
    """Each cell against the 300 dpi PNG of the same card, its 3 mm bleed cut
    off and scaled to the cell: the same drawing, so nearly the same pixels."""
    cw, ch = tts.cell_size()
    bleed = 3 / 25.4 * 300
    back = Image.open(built / "tts" / "back.png").convert("RGB")
    for deck in (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"):
        (sheet,) = deck["CustomDeck"].values()
        cols, rows = sheet["NumWidth"], sheet["NumHeight"]
        image = Image.open(_path(sheet["FaceURL"])).convert("RGB")
        for card in deck["ContainedObjects"]:
            slot = card["CardID"] % 100
            x, y = (slot % cols) * cw, (slot // cols) * ch
            cell = image.crop((x, y, x + cw, y + ch))
            number = int(card["Nickname"].split()[0])
            with Image.open(built / "png" / f"card-{number:02d}.png") as single:
                trim = single.convert("RGB").crop((bleed, bleed, 815 - bleed, 1110 - bleed))
                trim = trim.resize((cw, ch), Image.Resampling.LANCZOS)
            diff = ImageStat.Stat(ImageChops.difference(cell, trim)).mean
            # measured: a cell against its own card at most 4.06, against the next card
            # of its deck at least 5.06 (resampling softens the 8.5 pt action words)
            assert max(diff) < 4.5, (number, diff)
        last = cols * rows - 1
        x, y = (last % cols) * cw, (last // cols) * ch
        assert ImageChops.difference(image.crop((x, y, x + cw, y + ch)), back).getbbox() is None


# --------------------------------------------------------------------------- the table


def test_cubes_stand_on_the_setup_spaces(save: dict) -> None:
    content = load_content(default_content_dir())
    board, = (o for o in save["ObjectStates"] if o["Name"] == "Custom_Board")
    cubes = [o for o in save["ObjectStates"] if o["Name"] == "BlockSquare"]
    colors = {"King's cube": (0x7a, 0x1f, 0x1f), "Your cube": (0xe8, 0xb9, 0x23)}
    for nickname, rgb in colors.items():
        side = [c for c in cubes if c["Nickname"] == nickname]
        assert len(side) == 10
        assert all(tuple(round(c["ColorDiffuse"][k] * 255) for k in "rgb") == rgb for c in side)
    geometry = {g.number: g for g in territory_geometry(content)}
    u = tts_save.UNIT_PER_MM
    w, h = content.map.drawing.size
    found: dict[tuple[str, int], int] = {}
    for cube in cubes:
        match = re.fullmatch(r"Setup: territory (\d+)\.", cube["Description"])
        if not match:
            assert cube["Description"] == "Supply: off the map."
            assert cube["Transform"]["posZ"] < -h / 2 * u        # under the map
            continue
        n = int(match.group(1))
        # table (x, z) back to drawing mm: the map centred at 0, its top away (+z)
        t = cube["Transform"]
        mx, my = t["posX"] / u + w / 2, h / 2 - t["posZ"] / u
        assert point_in_polygon((mx, my), geometry[n].polygon)
        king = cube["Nickname"] == "King's cube"
        spaces = geometry[n].spaces[:5] if king else geometry[n].spaces[5:]
        assert any(b.x < mx < b.x + b.w and b.y < my < b.y + b.h for b in spaces)
        key = ("king" if king else "player", n)
        found[key] = found.get(key, 0) + 1
    assert found == {("king", 3): 2, ("king", 7): 2, ("king", 9): 2, ("player", 1): 2}
    # the cube fits a 10.5 mm space: 10 mm on the map's scale
    assert cubes[0]["Transform"]["scaleX"] * tts_save.BLOCK_UNITS == pytest.approx(10 * u,
                                                                                  abs=1e-3)
    assert board["Transform"]["scaleZ"] * tts_save.BOARD_UNITS == pytest.approx(h * u, abs=1e-3)


def _overlaps(a: tuple, b: tuple) -> bool:
    return all(a[i] < b[i + 3] and b[i] < a[i + 3] for i in range(3))


def test_nothing_overlaps_on_the_table(save: dict) -> None:
    boxes = tts_save.footprints(save)
    for i, (ga, a) in enumerate(boxes):
        for gb, b in boxes[i + 1:]:
            assert not _overlaps(a, b), (ga, gb)


# --------------------------------------------------------------------------- rebuild, options


def test_rebuild_is_byte_identical(built: Path) -> None:
    before = {p.name: p.read_bytes() for p in sorted((built / "tts").iterdir())}
    result = CliRunner().invoke(cli, ["build", "--out", str(built), "--format", "tts"])
    assert result.exit_code == 0, result.output
    after = {p.name: p.read_bytes() for p in sorted((built / "tts").iterdir())}
    assert after == before
    assert set(before) == {"back.png", "cards-normal.png", "cards-hard.png", "map.png", SAVE}


def test_url_base_names_hosted_images(tmp_path: Path) -> None:
    content = load_content(default_content_dir())
    tts.write_tts(content, tmp_path, "https://example.org/a rusty/", px_per_mm=2, map_px=300)
    save = json.loads((tmp_path / SAVE).read_text(encoding="utf-8"))
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["FaceURL"] == "https://example.org/a rusty/cards-normal.png"
    assert sheet["BackURL"] == "https://example.org/a rusty/back.png"


@pytest.mark.parametrize("url", ["ftp://example.org/x", "example.org/throne", "https://",
                                 "file:///tmp/x", "not a url"])
def test_url_base_that_is_not_http_is_refused_in_one_line(tmp_path: Path, url: str) -> None:
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path / "out"), "--format",
                                      "tts", "--tts-url-base", url])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "Traceback" not in result.output
    assert "--tts-url-base must be an http:// or https:// URL" in result.output
    assert repr(url) in result.output
    assert not (tmp_path / "out").exists()


def test_url_base_without_tts_format_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--tts-url-base",
                                      "https://example.org/"])
    assert result.exit_code == 2 and "add --format tts" in result.output
    assert not any(tmp_path.iterdir())


def test_tts_without_the_extra_names_the_pip_command(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)      # import now fails
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--format", "tts"])
    assert result.exit_code == 2
    assert 'pip install "throne_pnp[png]"' in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "tts").exists()


@given(st.text(max_size=30).filter(lambda s: not re.match(r"https?://[^/?#]", s)))
def test_only_http_urls_with_a_host_pass(url: str) -> None:
    with pytest.raises(ValueError, match="--tts-url-base"):
        tts.check_url_base(url)


# --------------------------------------------------------------------------- other editions, grids


def test_an_edition_without_map_drawing_still_exports(tmp_path: Path) -> None:
    content = load_content(edited(tmp_path, without_drawing))
    notes: list[str] = []
    written = tts.write_tts(content, tmp_path / "tts", notes=notes, px_per_mm=2)
    assert [p.name for p in written] == ["back.png", "cards-normal.png", "cards-hard.png", SAVE]
    assert notes and "TTS map skipped" in notes[0]
    save = json.loads(written[-1].read_text(encoding="utf-8"))
    names = [o["Name"] for o in save["ObjectStates"]]
    assert "Custom_Board" not in names and names.count("BlockSquare") == 20
    boxes = tts_save.footprints(save)
    assert not any(_overlaps(a, b) for i, (_, a) in enumerate(boxes) for _, b in boxes[i + 1:])


def test_an_edition_with_one_hard_card_and_a_renamed_map(tmp_path: Path) -> None:
    target = edited(tmp_path, lambda data: data.update(name="Kingdom of Smoke"))
    cards = yaml.safe_load((target / "cards.yaml").read_text())
    cards["cards"] = [c for c in cards["cards"] if not c.get("hard") or c["id"] == 19]
    (target / "cards.yaml").write_text(yaml.safe_dump(cards, sort_keys=False))
    (target / "ladder.yaml").unlink()   # its levels name the hard cards dropped here
    (tmp_path / "out" / "tts").mkdir(parents=True)
    shutil.copy(Path(__file__), tmp_path / "out" / "tts" / "cards-hard-2.png")   # stale
    tts.write_tts(load_content(target), tmp_path / "out" / "tts", px_per_mm=2, map_px=300)
    save = json.loads((tmp_path / "out" / "tts" / SAVE).read_text(encoding="utf-8"))
    by_name = {o["Nickname"]: o for o in save["ObjectStates"]}
    assert by_name["Kingdom of Smoke"]["Name"] == "Custom_Board"
    lone = by_name["19 Mad Decree"]                  # a deck of one is a single card
    assert lone["Name"] == "Card" and lone["CardID"] == 200
    assert not (tmp_path / "out" / "tts" / "cards-hard-2.png").exists()


def test_grids_hand_computed() -> None:
    cell = tts.cell_size()
    assert tts.grid_for(18, cell) == (5, 4)     # 19 slots: 5 x 4 (10 x 2 is 5040 px wide)
    assert tts.grid_for(9, cell) == (5, 2)      # 9 cards and the free slot
    assert tts.grid_for(1, cell) == (2, 2)      # TTS takes no grid under 2 x 2
    assert tts.per_sheet(cell) == 8 * 5 - 1     # 8 x 504 = 4032, 5 x 704 = 3520
    assert tts.cell_size(6.49) == (409, 571)     # the largest card of a full 10 x 7 sheet
    assert tts.per_sheet(tts.cell_size(6.49)) == 10 * 7 - 1
    assert tts.per_sheet(tts.cell_size(6.5)) == 9 * 7 - 1    # 410 px: ten would be 4100


@given(st.integers(min_value=1, max_value=200), st.floats(min_value=1.0, max_value=9.0))
def test_every_deck_fits_sheets_within_the_limits(count: int, px_per_mm: float) -> None:
    cell = tts.cell_size(px_per_mm)
    deck = tuple(range(count))
    chunks = tts.deck_chunks(deck, cell)   # type: ignore[arg-type]
    assert tuple(c for chunk in chunks for c in chunk) == deck
    for chunk in chunks:
        cols, rows = tts.grid_for(len(chunk), cell)
        assert 2 <= cols <= 10 and 2 <= rows <= 7 and cols * rows > len(chunk)
        assert cols * cell[0] <= 4096 and rows * cell[1] <= 4096


def test_a_deck_over_two_sheets_numbers_its_cards_per_sheet() -> None:
    content = load_content(default_content_dir())
    normal = content.normal_cards
    sheets = (tts_save.Sheet(1, "https://h/a.png", "https://h/b.png", 5, 3, normal[:14]),
              tts_save.Sheet(2, "https://h/a2.png", "https://h/b.png", 2, 3, normal[14:]))
    save = tts_save.saved_object(content, [tts_save.Deck("normal", "Action cards", sheets)],
                                 None)
    deck, = (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert deck["DeckIDs"] == [*range(100, 114), *range(200, 204)]
    last = deck["ContainedObjects"][-1]
    assert last["Nickname"] == "18 Call to Arms" and list(last["CustomDeck"]) == ["2"]
    assert last["CustomDeck"]["2"]["FaceURL"] == "https://h/a2.png"


def test_aid_markup_becomes_plain_words() -> None:
    plain = tts_save.plain
    assert plain("**You** spend its {flag}; then fight") == "You spend its flags; then fight"
    assert plain("**Win** holding every {castle} (1, 3).") == "Win holding every castle (1, 3)."
    assert tts_save.guid("card-1") == tts_save.guid("card-1") != tts_save.guid("card-2")
