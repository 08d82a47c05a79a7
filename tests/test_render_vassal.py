"""`throne build --format vassal`: the VASSAL module, read back with our own checks.

There is no VASSAL runtime here: the module is unzipped and its XML parsed
(well-formed), every image a piece, deck or board names is in the zip, the
decks hold the edition's cards, the territories are zones whose regions carry
their names and lie inside them, the at-start stacks are the setup, both
files carry the package's version, and a rebuild is byte for byte the same,
for the bundled edition and for one made with `throne init` and edited.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from editions import edited, without_drawing

from throne_pnp import __version__
from throne_pnp.cli import cli
from throne_pnp.content import Content, default_content_dir, load_content
from throne_pnp.render.backend.mapgeom import point_in_polygon
from throne_pnp.render.exports import vassal

M = "VASSAL.build.module."
SMALL = 2.0       # px per mm for the tests' own builds: quick, same structure


def _module(path: Path) -> tuple[dict[str, bytes], ET.Element, ET.Element]:
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        entries = {info.filename: archive.read(info) for info in archive.infolist()}
        assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in archive.infolist())
        assert [i.filename for i in archive.infolist()] == sorted(entries)
    return entries, ET.fromstring(entries["buildFile.xml"]), ET.fromstring(entries["moduledata"])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("vassal")
    result = CliRunner().invoke(cli, ["build", "--out", str(out), "--format", "vassal"])
    assert result.exit_code == 0, result.output
    assert f"wrote {out / 'vassal' / vassal.MODULE_FILE}" in result.output
    return out / "vassal" / vassal.MODULE_FILE


def _images(build: ET.Element) -> set[str]:
    """Every image file the module's XML names."""
    names = {b.get("image") for b in build.iter(M + "map.boardPicker.Board")}
    for slot in build.iter():
        if slot.tag.endswith(("PieceSlot", "CardSlot")):
            names |= set(re.findall(r"piece;;;([^;]+);", slot.text or ""))
            names |= set(re.findall(r"obs;[^;]*;([^;]+);", slot.text or ""))
    return names


def _stacks(build: ET.Element) -> dict[str, Counter]:
    """Each at-start stack's pieces by name."""
    return {s.get("name"): Counter(p.get("entryName") for p in s)
            for s in build.iter(M + "map.SetupStack")}


def check_module(path: Path, content: Content) -> ET.Element:
    """The structural checks every edition's module must pass; returns buildFile.xml."""
    entries, build, data = _module(path)
    assert build.tag == "VASSAL.build.GameModule"
    assert build.get("version") == data.findtext("version") == __version__
    assert build.get("VassalVersion") == data.findtext("VassalVersion") == vassal.VASSAL_VERSION
    assert data.findtext("name") == build.get("name") == "A Rusty Throne"
    for image in _images(build):
        assert f"images/{image}" in entries, image
    pdf = build.find(f"{M}Documentation/{M}documentation.BrowserPDFFile").get("pdfFile")
    assert entries[pdf].startswith(b"%PDF")
    piles = {p.get("name"): p for p in build.iter(M + "map.DrawPile")}
    normal, hard = piles[vassal.DECKS["normal"]], piles[vassal.DECKS["hard"]]
    assert [c.get("entryName") for c in normal] == [
        f"{c.id} {c.name}" for c in content.normal_cards]
    assert len(hard) == len(content.hard_cards) and len(piles[vassal.DISCARD]) == 0
    assert normal.get("faceDown") == hard.get("faceDown") == "Always"
    assert normal.get("shuffle") == "Always"
    discard = piles[vassal.DISCARD]
    assert discard.get("reshufflable") == "true"
    assert discard.get("reshuffleTarget") == normal.get("name")
    gpids = [int(s.get("gpid")) for s in build.iter() if s.get("gpid")]
    assert len(gpids) == len(set(gpids)) and max(gpids) < int(build.get("nextPieceSlotId"))
    for slot in build.iter():
        if slot.get("gpid"):      # the piece's own state carries its slot id
            assert slot.text.endswith(f";0;0;{slot.get('gpid')};0")
    stacks = _stacks(build)
    forces = content.map.forces
    for side, name in vassal.SIDES.items():
        total = sum(c[name] for c in stacks.values())
        assert total == forces, (side, total)
    return build


def test_bundled_module_structure(built: Path) -> None:
    content = load_content(default_content_dir())
    build = check_module(built, content)
    game_map = content.map
    zones = list(build.iter(M + "map.boardPicker.board.mapgrid.Zone"))
    assert {z.get("name") for z in zones} == {t.name for t in game_map.territories.values()}
    regions = list(build.iter(M + "map.boardPicker.board.Region"))
    assert {r.get("name") for r in regions} == {z.get("name") for z in zones}
    assert len(regions) == 2 * game_map.king_limit * len(zones)   # every cube space
    for zone in zones:
        outline = [tuple(map(int, p.split(","))) for p in zone.get("path").split(";")]
        for region in zone.iter(M + "map.boardPicker.board.Region"):
            assert region.get("name") == zone.get("name")
            assert point_in_polygon((int(region.get("originx")), int(region.get("originy"))),
                                    outline)
    origins = [(r.get("originx"), r.get("originy")) for r in regions]
    assert len(origins) == len(set(origins))        # VASSAL keys regions by their point
    stacks = _stacks(build)
    for side, setup in (("king", game_map.setup_king), ("player", game_map.setup_player)):
        name = vassal.SIDES[side]
        for n, count in setup.items():
            where = game_map.territories[n].name
            assert stacks[f"{where}: {name.lower()}s"] == Counter({name: count})
        assert stacks[f"Supply: {name.lower()}s"][name] == game_map.forces - sum(setup.values())
    report = build.find(M + "Map").get("moveWithinFormat")
    assert "$previousLocation$ → $location$" in report


def test_images_are_pngs_at_one_scale(built: Path) -> None:
    from io import BytesIO

    from PIL import Image

    entries, _, _ = _module(built)
    card = Image.open(BytesIO(entries["images/card-01.png"]))
    cube = Image.open(BytesIO(entries["images/cube-king.png"]))
    board = Image.open(BytesIO(entries["images/board.png"]))
    assert card.size == (378, 528) and cube.size == (60, 60)
    assert board.size[1] >= 2 * card.size[1] and board.mode == "RGB"


def test_rebuild_is_byte_identical(built: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    result = CliRunner().invoke(cli, ["build", "--out", str(again), "--format", "vassal"])
    assert result.exit_code == 0, result.output
    assert (again / "vassal" / vassal.MODULE_FILE).read_bytes() == built.read_bytes()


def test_an_edition_made_with_init_and_edited(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    assert CliRunner().invoke(cli, ["init", str(target)]).exit_code == 0
    data = yaml.safe_load((target / "map.yaml").read_text())
    data["territories"][5]["name"] = "Glass Hollow"
    data["setup"]["king"] = {3: 1, 9: 3}
    (target / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    cards = yaml.safe_load((target / "cards.yaml").read_text())
    cards["cards"] = [c for c in cards["cards"] if not c.get("hard") or c["id"] == 19]
    (target / "cards.yaml").write_text(yaml.safe_dump(cards, sort_keys=False))
    (target / "ladder.yaml").unlink(missing_ok=True)
    content = load_content(target)
    path = vassal.write_vassal(content, tmp_path / "out", scale=SMALL)[0]
    build = check_module(path, content)
    assert "Glass Hollow" in {r.get("name") for r in build.iter(M + "map.boardPicker.board.Region")}
    stacks = _stacks(build)
    assert stacks["Rustcrown: the king's cubes"] == Counter({"The King's cube": 3})
    assert len(next(p for p in build.iter(M + "map.DrawPile")
                    if p.get("name") == vassal.DECKS["hard"])) == 1
    assert path.read_bytes() == vassal.write_vassal(content, tmp_path / "again", scale=SMALL)[
        0].read_bytes()


def test_an_edition_without_drawing_has_no_board_map(tmp_path: Path) -> None:
    content = load_content(edited(tmp_path, without_drawing))
    notes: list[str] = []
    path = vassal.write_vassal(content, tmp_path / "out", notes=notes, scale=SMALL)[0]
    assert notes == [vassal.SKIPPED]
    build = check_module(path, content)
    assert build.find(f".//{M}map.boardPicker.board.ZonedGrid") is None
    assert set(_stacks(build)) == {"Supply: the king's cubes", "Supply: your cubes"}


def test_piece_names_cannot_break_the_encoding() -> None:
    text = vassal.piece_text("delete;Delete;68,130", "x.png", "a;b/c\td\\e,f", 7)
    assert text == "+/null/delete;Delete;68,130\tpiece;;;x.png;a b c d e f/\tnull;0;0;7;0"
