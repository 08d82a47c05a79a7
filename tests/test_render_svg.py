"""The SVG files, read back: well formed, physical size, icons defined once."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from throne_pnp.content import load_content
from throne_pnp.render.build import build

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture(scope="module")
def svg_dir(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("svg")
    build(load_content(), directory, formats=("svg",))
    return directory / "svg"


def test_expected_files(svg_dir: Path) -> None:
    names = sorted(p.name for p in (svg_dir / "cards").glob("*.svg"))
    assert names == sorted([f"card-{i:02d}.svg" for i in range(1, 28)] + ["back.svg"])
    assert (svg_dir / "map.svg").is_file() and (svg_dir / "rules.svg").is_file()
    assert (svg_dir / "guide.svg").is_file() and (svg_dir / "extras.svg").is_file()


def test_every_svg_is_well_formed_with_physical_size(svg_dir: Path) -> None:
    from throne_pnp.render.components.booklet import rules_pages

    files = sorted(svg_dir.rglob("*.svg"))
    booklet = len(rules_pages(load_content(), "a4"))
    assert len(files) == 31 + booklet     # 27 faces, back, map, the booklet, guide, extras
    assert len(list(svg_dir.glob("rules*.svg"))) == booklet
    for path in files:
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG}svg"
        w, h = root.get("width"), root.get("height")
        assert w.endswith("mm") and h.endswith("mm")
        _, _, vw, vh = (float(v) for v in root.get("viewBox").split())
        assert (vw, vh) == (float(w[:-2]), float(h[:-2]))


def test_card_svg_is_poker_size_with_bleed(svg_dir: Path) -> None:
    root = ET.parse(svg_dir / "cards" / "card-01.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("69mm", "94mm")
    assert root.get("viewBox") == "-3 -3 69 94"


def test_icons_defined_once_and_referenced(svg_dir: Path) -> None:
    for path in sorted(svg_dir.rglob("*.svg")):
        root = ET.parse(path).getroot()
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids)), path
        assert all(i.startswith(("icon-", "clip")) for i in ids), path   # only our own ids
        symbols = {el.get("id") for el in root.iter(f"{SVG}symbol")}
        uses = {el.get(XLINK, el.get("href", "")).lstrip("#") for el in root.iter(f"{SVG}use")}
        assert uses <= symbols, path
        assert uses or path.name.startswith("rules-"), path   # a page of text may have none


def test_faces_carry_their_ids(svg_dir: Path) -> None:
    for card in load_content().cards:
        root = ET.parse(svg_dir / "cards" / f"card-{card.id:02d}.svg").getroot()
        texts = {el.text for el in root.iter(f"{SVG}text")}
        assert f"#{card.id}" in texts and card.name in texts


def test_svg_output_is_deterministic(svg_dir: Path, tmp_path: Path) -> None:
    build(load_content(), tmp_path, formats=("svg",))
    for path in sorted(svg_dir.rglob("*.svg")):
        again = tmp_path / "svg" / path.relative_to(svg_dir)
        assert again.read_bytes() == path.read_bytes()


def test_text_names_the_embedded_family_first_with_fallbacks(svg_dir: Path) -> None:
    sans = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
    serif = "'Crimson Text', Georgia, 'Times New Roman', serif"    # titles, booklet
    for path, wanted in [(svg_dir / "rules.svg", {sans, serif}),   # the cover and its bar
                         (svg_dir / "rules-8.svg", {sans, serif}),
                         (svg_dir / "cards" / "card-01.svg", {sans, serif})]:
        texts = ET.parse(path).getroot().iter(f"{SVG}text")
        families = {t.get("font-family") for t in texts}
        assert families == wanted, path
