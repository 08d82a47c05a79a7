"""The page's "check the table": a photo uploaded with the page's token is read and compared
with the game; the moves are recorded only on the player's yes; a bad upload is a 400 (or
413) with one line and changes nothing; a forged one is refused."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from test_web_helpers import csrf_of, game_of, make_client

from throne_pnp.cli import cli
from throne_pnp.content import load_content

pytest.importorskip("starlette")
pytest.importorskip("cv2", reason="the [scan] extra (opencv-python-headless) is not installed")


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    for args in (["new", "--seed", "3"], ["card", "18"]):   # Player Actions, 4 points
        assert CliRunner().invoke(cli, [*args, "--game", str(path)]).exit_code == 0
    return path


def _photo() -> bytes:
    import photogen

    counts = {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3, (1, "player"): 1,
              (2, "player"): 1}
    return photogen.generate(load_content(), random.Random(7), counts=counts, tilt=15.0,
                             colours=("red", "blue")).jpeg


def test_every_page_has_the_camera_button(game, tmp_path):
    client, _ = make_client(game)
    for path in ("/", "/log", "/rules"):
        text = client.get(path).text
        assert 'accept="image/*" capture="environment"' in text
        assert 'action="/scan" enctype="multipart/form-data"' in text


def test_a_photo_is_read_and_the_move_recorded_on_yes(game):
    client, _ = make_client(game)
    page = client.get("/").text
    before = game.read_bytes()
    shown = client.post("/scan", data={"csrf": csrf_of(page)},
                        files={"photo": ("table.jpg", _photo(), "image/jpeg")})
    assert shown.status_code == 200, shown.text
    assert "data:image/png;base64," in shown.text
    assert "the game has 0" in shown.text
    assert 'name="moves" value="move 1 1 2"' in shown.text
    assert game.read_bytes() == before                   # nothing recorded yet
    done = client.post("/scan/record", data={"csrf": csrf_of(shown.text),
                                             "game": game_of(shown.text),
                                             "moves": "move 1 1 2"})
    assert done.status_code == 303
    assert json.loads(game.read_text())["commands"][-1] == ["move 1 1 2"]


@pytest.mark.parametrize("body,status", [(b"not an image", 400), (b"", 400)])
def test_bad_uploads_are_refused_and_change_nothing(game, body, status):
    client, _ = make_client(game)
    page = client.get("/").text
    before = game.read_bytes()
    answer = client.post("/scan", data={"csrf": csrf_of(page)},
                         files={"photo": ("x.jpg", body, "image/jpeg")})
    assert answer.status_code == status
    assert "Refused:" in answer.text
    assert game.read_bytes() == before


def test_an_oversized_upload_is_refused_before_reading(game):
    client, _ = make_client(game)
    answer = client.post("/scan", content=b"x" * 10, headers={
        "content-length": str(30 * 2**20), "content-type": "multipart/form-data; boundary=b"})
    assert answer.status_code == 413


def test_a_forged_upload_is_refused(game):
    client, _ = make_client(game)
    answer = client.post("/scan", data={"csrf": "wrong"},
                         files={"photo": ("table.jpg", b"x", "image/jpeg")})
    assert answer.status_code == 403


def test_only_moves_and_rallies_are_recorded_from_a_photo(game):
    client, _ = make_client(game)
    page = client.get("/").text
    before = json.loads(game.read_text())["commands"]
    client.post("/scan/record", data={"csrf": csrf_of(page), "game": game_of(page),
                                      "moves": "done"})
    assert json.loads(game.read_text())["commands"] == before


def _setup_photo(colours: tuple[str, str]) -> bytes:
    """The table as the game has it after `game`'s commands (King 3 in 3, 7, 9; 2 of yours
    in 1)."""
    import photogen

    counts = {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3, (1, "player"): 2}
    return photogen.generate(load_content(), random.Random(7), counts=counts, tilt=15.0,
                             colours=colours).jpeg


def test_colours_the_photo_shows_are_kept_on_yes(game):
    from throne_pnp.scan.colours import name_of

    client, _ = make_client(game)
    page = client.get("/").text
    before = game.read_bytes()
    shown = client.post("/scan", data={"csrf": csrf_of(page)},
                        files={"photo": ("table.jpg", _setup_photo(("red", "blue")),
                                         "image/jpeg")})
    assert shown.status_code == 200, shown.text
    assert 'action="/scan/colours"' in shown.text
    assert game.read_bytes() == before                   # nothing kept yet
    king = shown.text.split('name="king" value="')[1][:7]
    player = shown.text.split('name="player" value="')[1][:7]
    assert (name_of(king), name_of(player)) == ("red", "blue")
    done = client.post("/scan/colours", data={"csrf": csrf_of(shown.text),
                                              "game": game_of(shown.text),
                                              "king": king, "player": player})
    assert done.status_code == 303
    assert json.loads(game.read_text())["colours"] == {"king": king, "player": player}
    assert "Cube colours kept" in client.get("/").text
    again = client.post("/scan", data={"csrf": csrf_of(page)},
                        files={"photo": ("table.jpg", _setup_photo(("red", "blue")),
                                         "image/jpeg")})
    assert 'action="/scan/colours"' not in again.text     # kept already: nothing to offer


def test_no_colours_are_offered_where_the_table_and_game_disagree(game):
    client, _ = make_client(game)
    page = client.get("/").text
    shown = client.post("/scan", data={"csrf": csrf_of(page)},
                        files={"photo": ("table.jpg", _photo(), "image/jpeg")})
    assert 'action="/scan/colours"' not in shown.text    # yours differ in both 1 and 2


@pytest.mark.parametrize("king,player", [("red", "#1e55a5"), ("#12345", "#1e55a5"),
                                         ("#b92328", "<script>")])
def test_colours_to_keep_must_be_hex(game, king, player):
    client, _ = make_client(game)
    page = client.get("/").text
    before = game.read_bytes()
    client.post("/scan/colours", data={"csrf": csrf_of(page), "game": game_of(page),
                                       "king": king, "player": player})
    assert game.read_bytes() == before
