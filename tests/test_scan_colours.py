"""Cube colours kept from a photo of the table for later photos (SPEC §10, `scan/colours.py`):
learned only where the table agrees with the game, kept only on the player's word
(`--keep-colours`), used by later photos unless their cubes look unlike them, and held in
the save as checked "#rrggbb" values."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.assistant import savefile
from throne_pnp.cli import cli
from throne_pnp.content import load_content

CONTENT = load_content()
SETUP = {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3, (1, "player"): 2}   # seed 3, card 18


@pytest.fixture
def tracked(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    for args in (["new", "--seed", "3"], ["card", "18"]):
        assert CliRunner().invoke(cli, [*args, "--game", str(save)]).exit_code == 0
    return save


def _photo(tmp_path: Path, counts: dict, colours: tuple[str, str], seed: int = 7) -> Path:
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    import photogen

    shot = photogen.generate(CONTENT, random.Random(seed), counts=counts, tilt=20.0,
                             colours=colours)
    path = tmp_path / f"table-{seed}.jpg"
    path.write_bytes(shot.jpeg)
    return path


def _scan(*args: str) -> object:
    return CliRunner().invoke(cli, ["scan", *args])


@pytest.mark.parametrize("colours", [("black", "yellow"), ("red", "white"), ("blue", "wood")])
def test_the_setup_photo_teaches_each_sides_colour(tracked: Path, tmp_path: Path,
                                                   colours: tuple[str, str]) -> None:
    from throne_pnp.scan.colours import name_of

    before = json.loads(tracked.read_text())
    result = _scan(str(_photo(tmp_path, SETUP, colours)), "--game", str(tracked),
                   "--keep-colours")
    assert result.exit_code == 0, result.output
    assert "Cube colours kept for later photos" in result.output
    after = json.loads(tracked.read_text())
    kept = after.pop("colours")
    assert after == before                          # nothing else in the save changed
    # a white cube on white paper differs from it only by its shaded faces: grey
    named = {"wood": {"natural wood"}, "white": {"white", "grey"}}
    for side, colour in zip(("king", "player"), colours, strict=True):
        assert name_of(kept[side]) in named.get(colour, {colour})


def test_a_photo_that_shows_no_cube_where_the_game_has_one_keeps_nothing(
        tracked: Path, tmp_path: Path) -> None:
    before = tracked.read_bytes()
    for counts in ({}, {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3}):
        result = _scan(str(_photo(tmp_path, counts, ("red", "blue"))), "--game", str(tracked),
                       "--keep-colours")
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1
        assert "cannot be learned from this photo" in result.output
        assert tracked.read_bytes() == before


def test_given_colours_are_kept_as_given(tracked: Path, tmp_path: Path) -> None:
    result = _scan(str(_photo(tmp_path, {}, ("red", "blue"))), "--game", str(tracked),
                   "--colours", "king=red,you=#1e55a5", "--keep-colours", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["kept_colours"] == {"king": "#b92328", "player": "#1e55a5"}
    assert json.loads(tracked.read_text())["colours"] == {"king": "#b92328",
                                                          "player": "#1e55a5"}


def test_later_photos_use_the_kept_colours_unless_their_cubes_look_unlike_them(
        tracked: Path, tmp_path: Path) -> None:
    setup = _photo(tmp_path, SETUP, ("black", "yellow"))
    assert _scan(str(setup), "--game", str(tracked), "--keep-colours").exit_code == 0
    alike = _scan(str(_photo(tmp_path, SETUP, ("black", "yellow"), seed=8)), "--game",
                  str(tracked))
    assert alike.exit_code == 0 and "look unlike" not in alike.output
    assert alike.output.startswith("The table matches the game")
    before = tracked.read_bytes()
    other = _scan(str(_photo(tmp_path, SETUP, ("red", "yellow"), seed=9)), "--game",
                  str(tracked))
    assert other.exit_code == 0, other.output
    assert other.output.startswith("The table matches the game")   # read by its own colours
    assert "look unlike the colours kept (the King's cubes black" in other.output
    assert "yours" not in other.output.split("look unlike")[1].split(")")[0]
    assert tracked.read_bytes() == before            # a scan alone never writes the save


def _save_text(colours: object) -> str:
    data = {"format": "throne-game", "version": 1,
            "content": {"directory": "", "files": {}, "game": "", "parts": {}},
            "mode": "physical", "seed": 1, "cards": [1, 2], "hard": [], "start": {},
            "opening": [], "commands": [], "colours": colours}
    return json.dumps(data)


@given(st.dictionaries(st.sampled_from(["king", "player"]),
                       st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)))
def test_kept_colours_round_trip_through_the_save(colours: dict[str, str]) -> None:
    save = savefile.parse(_save_text(colours), Path("g.json"))
    assert save.colours == colours
    assert savefile.parse(save.dumps(), Path("g.json")).colours == colours


@given(st.one_of(st.text(max_size=8), st.integers(-10**6, 10**6), st.lists(st.text(max_size=3)),
                 st.dictionaries(st.text(max_size=7), st.text(max_size=9), min_size=1)))
def test_damaged_colours_are_named_and_refused(colours: object) -> None:
    ok = isinstance(colours, dict) and set(colours) <= {"king", "player"} and all(
        isinstance(c, str) and len(c) == 7 and c[0] == "#" and all(
            ch in "0123456789abcdef" for ch in c[1:]) for c in colours.values())
    if ok:
        assert savefile.parse(_save_text(colours), Path("g.json")).colours == colours
        return
    with pytest.raises(savefile.SaveError, match="bad colours"):
        savefile.parse(_save_text(colours), Path("g.json"))
