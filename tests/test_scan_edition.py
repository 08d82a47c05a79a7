"""`throne scan` on an edition with drawing data of its own: a copy of the bundled edition
with one territory's cube spaces and one border point moved. Its geometry follows its own
map.yaml, a photo of its own printed sheet is read right, and a photo of the other map
(either way round) is refused as another map."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import load_content

BUNDLED = load_content()


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copied edition: territory 5's block 3 mm left and down, border point k58 moved."""
    folder = tmp_path_factory.mktemp("edition") / "content"
    shutil.copytree(BUNDLED.directory, folder)
    text = (folder / "map.yaml").read_text()
    for old, new in (("    cubes: [115, 97]", "    cubes: [112, 100]"),
                     ("    k58: [151, 84]", "    k58: [144, 90]")):
        assert old in text
        text = text.replace(old, new)
    (folder / "map.yaml").write_text(text)
    return folder


def _geometry(*content: str) -> dict:
    result = CliRunner().invoke(cli, ["scan", "--geometry", "--paper", "a4", "--json", *content])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_geometry_is_the_editions_own(edition: Path) -> None:
    own, bundled = _geometry("--content", str(edition)), _geometry()
    moved = {(a["territory"], a["side"], a["index"])
             for a, b in zip(own["spaces"], bundled["spaces"], strict=True) if a != b}
    assert {t for t, _, _ in moved} == {5} and len(moved) == 10
    assert own["markers"] == bundled["markers"]
    assert [t["outline"] for t in own["territories"]] != [
        t["outline"] for t in bundled["territories"]]


def test_a_photo_of_its_own_sheet_is_read_and_the_other_map_refused(edition: Path,
                                                                    tmp_path: Path) -> None:
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    import photogen

    from throne_pnp.scan.photo import ScanRefused
    from throne_pnp.scan.reader import read_photo

    other = load_content(edition)
    counts = {(5, "king"): 3, (5, "player"): 2, (8, "king"): 2, (1, "player"): 2}
    shot = photogen.generate(other, random.Random(4), counts=counts, tilt=15.0,
                             colours=("red", "blue"))
    reading = read_photo(shot.jpeg, other)
    wrong = [r.space for r in reading.spaces if r.state not in (
        "unsure", shot.truth[(r.space.territory, r.space.side, r.space.index)])]
    assert not wrong and len(reading.unsure()) <= 2
    assert reading.counts("king")[5] == 3 and reading.counts("player")[5] == 2
    with pytest.raises(ScanRefused, match="another map"):
        read_photo(shot.jpeg, BUNDLED)
    bundled_shot = photogen.generate(BUNDLED, random.Random(4), tilt=15.0)
    picture = tmp_path / "bundled.jpg"
    picture.write_bytes(bundled_shot.jpeg)
    game = tmp_path / "game.json"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "--seed", "3", "--game", str(game),
                               "--content", str(edition)]).exit_code == 0
    result = runner.invoke(cli, ["scan", str(picture), "--game", str(game),
                                 "--content", str(edition)])
    assert result.exit_code == 2 and "another map" in result.output
    assert len(result.output.strip().splitlines()) == 1
    picture.write_bytes(shot.jpeg)
    result = runner.invoke(cli, ["scan", str(picture), "--game", str(game), "--json",
                                 "--content", str(edition)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["read"]["king"]["5"] == 3
