"""`throne new --level NAME`: the level's cards in the save, the level in status,
refusals in one line naming the levels, and the page's new-game screen."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir, load_content
from throne_pnp.content.ladder import ladder_of

LEVELS = {lv.name: lv.hard for lv in ladder_of(load_content(default_content_dir()))}


def throne(game, *args):
    return CliRunner().invoke(cli, [*args, "--game", str(game)])


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_each_level_puts_its_cards_in_the_save(tmp_path, name):
    game = tmp_path / "g.json"
    result = throne(game, "new", "--level", name.upper(), "--seed", "4")
    assert result.exit_code == 0, result.output
    saved = json.loads(game.read_text())
    assert saved["level"] == name and saved["hard"] == sorted(LEVELS[name])
    assert saved["cards"] == [*range(1, 19), *sorted(LEVELS[name])]
    status = json.loads(throne(game, "status", "--json").output)
    assert status["level"] == name and status["hard_cards"] == sorted(LEVELS[name])
    assert f"level {name}" in throne(game, "status").output


def test_the_bundled_levels_and_their_cards():
    assert LEVELS == {"peasant": (), "squire": (23, 19), "knight": (23, 19, 24, 26),
                      "champion": (23, 19, 24, 26, 27, 22),
                      "legend": (23, 19, 24, 26, 27, 22, 21, 25, 20)}


def test_without_a_level_the_save_has_none(tmp_path):
    game = tmp_path / "g.json"
    assert throne(game, "new", "--hard-cards", "20,23", "--seed", "4").exit_code == 0
    assert "level" not in json.loads(game.read_text())
    assert json.loads(throne(game, "status", "--json").output)["level"] is None


@pytest.mark.parametrize("args, words", [
    (["--level", "baron"], "--level baron: no such level; levels: peasant, squire, knight, "
                           "champion, legend"),
    (["--level", "knight", "--hard", "2"], "give either --level NAME (peasant, squire, "
                                           "knight, champion, legend) or --hard N"),
    (["--level", "knight", "--hard-cards", "20"], "or --hard N / --hard-cards IDS, not both"),
])
def test_refusals_are_one_line_and_leave_the_save_alone(tmp_path, args, words):
    game = tmp_path / "g.json"
    assert throne(game, "new", "--seed", "4").exit_code == 0
    before = game.read_bytes()
    result = throne(game, "new", "--force", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0]
    assert game.read_bytes() == before


def test_the_page_offers_the_levels_and_starts_one(tmp_path):
    pytest.importorskip("starlette")
    from test_web_helpers import make_client, post

    client, _ = make_client(tmp_path / "g.json")
    page = client.get("/new")
    assert '<select name="level">' in page.text
    assert '<option value="peasant">Peasant (no skull cards)</option>' in page.text
    assert '<option value="legend">Legend (9 skull cards)</option>' in page.text
    for name in LEVELS:
        assert f'<option value="{name}">{name.capitalize()} (' in page.text
    made = post(client, page.text, "/new", mode="virtual", level="squire", hard="0", seed="9")
    assert made.status_code == 303 and made.headers["location"] == "/"
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["level"] == "squire" and saved["hard"] == [19, 23]
