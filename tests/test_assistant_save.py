"""The save file: atomic writes, damaged and foreign saves, changed content, --at."""

from __future__ import annotations

import json
import os
import shutil

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from test_assistant_helpers import ok, refused, run, status

from throne_pnp.assistant import savefile
from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir
from throne_pnp.content.fingerprint import changes, game_fingerprint


def test_save_holds_setup_and_commands(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "4", "--hard-cards", "20,23")
    data = json.loads(game.read_text())
    assert data["format"] == "throne-game" and data["version"] == 1
    assert data["mode"] == "virtual" and data["seed"] == 4
    assert data["hard"] == [20, 23] and 20 in data["cards"] and 19 not in data["cards"]
    assert set(data["content"]["files"]) >= {"map.yaml", "cards.yaml"}
    assert len(data["opening"]) == 5 and all(a.startswith("deal ") for a in data["opening"])
    assert data["commands"] == []
    hand = status(game)["hand"]
    ok(game, "card", str(hand[0]))
    data = json.loads(game.read_text())
    assert data["commands"][0][0] == f"card {hand[0]}"
    # no temp files left; only the (empty) lock file beside the save
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g.json.lock", "g.json"]
    assert (tmp_path / ".g.json.lock").stat().st_size == 0


def test_new_refuses_to_overwrite(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    refused(game, "new", "--seed", "2", contains="--force")
    ok(game, "new", "--seed", "2", "--force")
    assert status(game)["seed"] == 2


@pytest.mark.parametrize("text, why", [
    ("{not json", "damaged JSON"),
    ('{"hello": 1}', "not a throne game save"),
    ("[1, 2]", "not a throne game save"),
    ('{"format": "throne-game", "version": 99}', "version 99"),
    ('{"format": "throne-game", "version": 1, "mode": "virtual"}', "damaged save file"),
    (b"\xff\xfe\x00garbage", "not text"),
])
def test_damaged_or_foreign_save_is_refused_and_kept(tmp_path, text, why):
    game = tmp_path / "g.json"
    game.write_bytes(text if isinstance(text, bytes) else text.encode())
    for command in (["status"], ["card", "1"], ["undo"], ["show"], ["log"], ["done"]):
        refused(game, *command, contains=why)
    refused(game, "new", contains="--force")


def test_unreplayable_save_is_refused(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "4")
    data = json.loads(game.read_text())
    data["commands"] = [["move 9 1 2"]]
    game.write_text(json.dumps(data))
    refused(game, "status", contains="command 1 ('move 9 1 2') cannot be replayed")


def test_missing_save(tmp_path):
    refused(tmp_path / "none.json", "status", contains="throne new")


def _edition(tmp_path):
    content = tmp_path / "edition"
    shutil.copytree(default_content_dir(), content)
    return content


def _replace(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_edits_that_keep_the_game_keep_the_save(tmp_path):
    content = _edition(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1", "--content", str(content))
    # comments, a card's name, the map's drawing data, the rules text, blank lines
    cards = content / "cards.yaml"
    cards.write_text("# my own comment\n" + cards.read_text() + "\n\n# an edit\n")
    _replace(cards, "name: Quiet Muster", "name: Loud Muster")
    (content / "rules.txt").write_text((content / "rules.txt").read_text() + "\n\n")
    mapfile = content / "map.yaml"
    _replace(mapfile, "name: Kingdom of Prydon", "name: Another Kingdom")
    data = yaml.safe_load(mapfile.read_text())
    data["drawing"]["size"] = [d + 1 for d in data["drawing"]["size"]]
    mapfile.write_text(yaml.safe_dump(data, sort_keys=False))
    ok(game, "status", "--content", str(content))
    hand = status_in(game, content)["hand"]
    ok(game, "card", str(hand[0]), "--content", str(content))


def test_init_keeps_a_game_started_with_the_bundled_edition(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "2")
    made = CliRunner().invoke(cli, ["init"])   # ./content: used by every command from now on
    assert made.exit_code == 0, made.output
    assert (tmp_path / "content" / "map.yaml").exists()
    ok(game, "status")


@pytest.mark.parametrize("file, old, new, says", [
    ("cards.yaml", "id: 12, name: Watchfires, bugles: 1, swords: 1",
     "id: 12, name: Watchfires, bugles: 1, swords: 2", "cards.yaml: card 12's swords"),
    ("cards.yaml", "priority: rising, hard: true}", "priority: falling, hard: true}",
     "cards.yaml: card 19's priority"),
])
def test_a_game_change_refuses_the_save_and_names_it(tmp_path, file, old, new, says):
    content = _edition(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1", "--content", str(content))
    _replace(content / file, old, new)
    result = refused(game, "status", "--content", str(content), contains=says)
    assert "restore" in result.output and "throne new --force" in result.output
    refused(game, "card", "1", "--content", str(content), contains=says)


def test_a_map_change_is_named(tmp_path):
    content = _edition(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1", "--content", str(content))
    mapfile = content / "map.yaml"
    data = yaml.safe_load(mapfile.read_text())
    data["territories"][5]["wheat"] = 3
    data["king_limit"] = 4
    mapfile.write_text(yaml.safe_dump(data, sort_keys=False))
    result = refused(game, "status", "--content", str(content), contains="territory 5's wheat")
    assert "map.yaml: the map's king_limit" in result.output


def test_fingerprint_changes_in_words():
    then = {"map": "home=1 forces=10", "card 3": "swords=1 flags=2", "card 4": "swords=0",
            "rulings": "home_lost_when=empty castle_targets=all"}
    now = {"map": "home=1 forces=9", "card 3": "swords=2 flags=3", "card 5": "swords=0",
           "rulings": "home_lost_when=king-holds castle_targets=all"}
    assert changes(then, now) == [
        "map.yaml: the map's forces", "cards.yaml: card 3's swords and flags",
        "cards.yaml: card 4 removed", "cards.yaml: card 5 added",
        "rulings.yaml: home_lost_when"]
    assert changes(then, then) == []


def _old_style(game):
    """Make a save look as an older throne wrote it: file hashes only."""
    data = json.loads(game.read_text())
    del data["content"]["game"], data["content"]["parts"]
    game.write_text(json.dumps(data))


def test_old_saves_load_when_the_game_files_match_and_get_the_fingerprint(tmp_path):
    content = _edition(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1", "--content", str(content))
    _old_style(game)
    (content / "rules.txt").write_text((content / "rules.txt").read_text() + "\n")
    ok(game, "status", "--content", str(content))       # rules.txt never mattered
    assert "game" not in json.loads(game.read_text())["content"]   # reading writes nothing
    hand = status_in(game, content)["hand"]
    ok(game, "card", str(hand[0]), "--content", str(content))
    assert json.loads(game.read_text())["content"]["game"]         # stamped on write
    cards = content / "cards.yaml"
    cards.write_text(cards.read_text() + "\n# an edit\n")
    ok(game, "status", "--content", str(content))        # now the game is compared


def test_old_saves_with_other_game_files_are_refused(tmp_path):
    content = _edition(tmp_path)
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1", "--content", str(content))
    _old_style(game)
    cards = content / "cards.yaml"
    cards.write_text(cards.read_text() + "\n# an edit\n")
    refused(game, "status", "--content", str(content), contains="cards.yaml changed")


def status_in(game, content):
    return json.loads(ok(game, "status", "--json", "--content", str(content)).output)


def test_write_failure_leaves_old_save_and_no_temp(tmp_path, monkeypatch):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    before = game.read_bytes()
    hand = status(game)["hand"]

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefile.os, "replace", boom)
    result = run(game, "card", str(hand[0]))
    assert result.exit_code == 2 and "No space left" in result.output
    assert game.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == [".g.json.lock", "g.json"]


@pytest.mark.parametrize("text, why", [
    ("king: {3: [1\n", "--at"),
    ("- 1\n- 2\n", "expected a mapping"),
    ("king: {12: 1}\n", "no territory 12"),
    ("king: {3: 6}\n", "limit of 5"),
    ("player: {1: -1}\n", "not a cube count"),
    ("queen: {1: 1}\n", "unknown key"),
    ("player: {1: 11}\n", "only 10 exist"),
])
def test_bad_position_file(tmp_path, text, why):
    at = tmp_path / "pos.yaml"
    at.write_text(text)
    game = tmp_path / "g.json"
    refused(game, "new", "--at", str(at), contains=why)
    assert not game.exists()


def test_missing_position_file(tmp_path):
    refused(tmp_path / "g.json", "new", "--at", str(tmp_path / "nope.yaml"),
            contains="cannot read the position file")


def test_start_from_position(tmp_path):
    at = tmp_path / "pos.yaml"
    at.write_text("king: {3: 1, 7: 4}\nplayer: {1: 3, 2: 1}\n")
    game = tmp_path / "g.json"
    ok(game, "new", "--at", str(at), "--seed", "9")
    assert status(game)["position"] == {"king": {"3": 1, "7": 4},
                                        "player": {"1": 3, "2": 1}}


@pytest.mark.parametrize("args, why", [
    (["--hard", "3", "--hard-cards", "20"], "not both"),
    (["--hard", "10"], "only 9 hard cards"),
    (["--hard-cards", "5"], "not a hard card"),
    (["--hard-cards", "20,x"], "card numbers"),
    (["--hard-cards", "20,20"], "twice"),
])
def test_bad_hard_cards(tmp_path, args, why):
    refused(tmp_path / "g.json", "new", *args, contains=why)


def test_hard_n_is_seeded(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok(a, "new", "--hard", "3", "--seed", "8")
    ok(b, "new", "--hard", "3", "--seed", "8")
    assert status(a)["hard_cards"] == status(b)["hard_cards"]
    assert len(status(a)["hard_cards"]) == 3


@pytest.mark.parametrize("text, why", [
    ("player: {1: 3}\nking: {9: 1}\n", "3 of your cubes in 1, over your limit of 2 (wheat in 1)"),
    ("player: {1: 2, 3: 1, 7: 1, 9: 1}\n", "already won: you hold every castle (1, 3, 7, 9)"),
    ("player: {2: 1}\nking: {3: 1}\n", "already lost: you have no cubes in your home castle 1"),
])
def test_new_at_refuses_a_position_that_breaks_the_rules(tmp_path, text, why):
    at = tmp_path / "pos.yaml"
    at.write_text(text)
    game = tmp_path / "g.json"
    refused(game, "new", "--at", str(at), contains=why)
    assert not game.exists()


_part_names = st.sampled_from(["map", "rulings", "card 1", "card 12", "territory 5", "other"])
_part_texts = st.dictionaries(st.sampled_from(["a", "b", "swords"]), st.sampled_from(["0", "1"]),
                              max_size=3).map(lambda d: " ".join(f"{k}={v}" for k, v in d.items()))


@given(then=st.dictionaries(_part_names, _part_texts), now=st.dictionaries(_part_names,
                                                                             _part_texts))
def test_changes_are_named_exactly_when_the_game_differs(then, now):
    found = changes(then, now)
    assert (found == []) == (then == now)
    assert (found == []) == (game_fingerprint(then) == game_fingerprint(now))
