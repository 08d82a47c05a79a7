"""The tracked-game commands: help, JSON, views, fix, virtual-mode refusals, imports."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from test_assistant_helpers import ok, refused, run, status

from throne_pnp.cli.game_cmds import COMMANDS as PLAY_COMMANDS
from throne_pnp.cli.record_cmds import COMMANDS as RECORD_COMMANDS

COMMANDS = PLAY_COMMANDS + RECORD_COMMANDS

STATUS_KEYS = {"phase", "step", "turn", "command_points", "position", "pending_battles",
               "outcome", "hand", "mode", "deck_count", "discard_count", "hand_count",
               "phase_card", "next"}


@pytest.mark.parametrize("name", [c.name for c in COMMANDS])
def test_every_command_has_help_with_an_example(tmp_path, name):
    out = ok(tmp_path / "g.json", name, "--help").output
    assert "Example:" in out and f"throne {name}" in out
    assert "--game" in out and "--content" in out


def test_status_json_keys_and_values(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    st = status(game)
    assert STATUS_KEYS <= set(st)
    assert st["next"]["command"] == "throne card ID" and st["next"]["need"] == "card"
    ok(game, "card", "7")
    st = status(game)
    assert st["step"] == "battle" and st["pending_battles"] == [1]
    assert st["defender"] == "player" and st["table"] == [7]
    assert st["next"]["command"] == "throne battle CARD"


def test_command_json_output(tmp_path):
    game = tmp_path / "g.json"
    data = json.loads(ok(game, "new", "--seed", "3", "--json").output)
    assert len(data["accepted"]) == 5 and data["status"]["hand"] == [7, 9, 11, 17, 18]
    data = json.loads(ok(game, "card", "7", "--json").output)
    assert data["accepted"] == ["card 7"]
    king = next(e for e in data["events"] if e["kind"] == "king")
    assert king["actions"] == ["move-player"] and king["battles"] == [1]
    assert {"kind": "move", "from": 3, "to": 5, "count": 1} == {
        k: v for k, v in king["steps"][0].items() if k != "why"}
    assert data["status"]["step"] == "battle"
    assert any("3 -> 5" in line for line in data["checklist"])
    data = json.loads(ok(game, "battle", "18", "--json").output)
    battle = next(e for e in data["events"] if e["kind"] == "battle")
    assert battle["territory"] == 1 and battle["defender"] == "player"
    assert data["accepted"][0] == "battle 18" and data["accepted"][1].startswith("deal ")
    undone = json.loads(ok(game, "undo", "--json").output)
    assert undone["undone"] == ["battle 18"]       # what was typed: no dealt card named
    assert undone["status"]["step"] == "battle"
    entries = json.loads(ok(game, "log", "--json").output)
    assert [e["number"] for e in entries] == [0, 1]


def test_virtual_refusals(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")              # hand 7, 9, 11, 17, 18
    refused(game, "card", contains="`throne card ID`")
    refused(game, "card", "1", contains="is not in your hand")
    refused(game, "card", "20", contains="not in this game")
    refused(game, "card", "7", "--draws", "3", contains="physical games")
    refused(game, "battle", "9", contains="cannot fight a battle now")
    refused(game, "done", contains="cannot finish Player Actions now")
    refused(game, "rally", "1", contains="cannot rally now")
    ok(game, "card", "7")
    refused(game, "battle", "9", "--king-card", "3", contains="physical games")
    refused(game, "battle", "7", contains="on the table")
    refused(game, "battle", contains="`throne battle CARD`")


def test_virtual_kings_phase_draws_itself(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "0")
    ok(game, "card", "4")
    while status(game)["phase"] != "king-card":
        st = status(game)
        assert st["outcome"] is None
        if st["step"] == "battle":
            ok(game, "battle", str(st["hand"][0]))
        elif st["step"] == "withdraw":
            ok(game, "withdraw", str(st["withdraw_options"][0]))
        else:
            ok(game, "done")
    refused(game, "card", "3", contains="without a number")
    out = ok(game, "card").output
    assert "The King's card (top of the deck)" in out


def test_fix_is_logged_and_undoable(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    refused(game, "fix", "7", contains="--king N and/or --player M")
    refused(game, "fix", "12", "--king", "1", contains="no territory 12")
    refused(game, "fix", "7", "--king", "6", contains="at most 5")
    refused(game, "fix", "7", "--player", "9", contains="you can have at most 8 cubes in 7")
    out = ok(game, "fix", "7", "--king", "1").output
    assert "Record fixed: 7 now holds King 1, you 0 (was King 2, you 0)" in out
    assert status(game)["position"]["king"]["7"] == 1
    assert "fixed 7: King 1, you 0" in ok(game, "log").output
    ok(game, "undo")
    assert status(game)["position"]["king"]["7"] == 2


def test_show_text_and_svg(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    out = ok(game, "show").output
    assert "Ashford" in out and "Castle(home)" in out and "2 KK" in out
    assert "Your limit per territory: 2" in out
    svg = tmp_path / "board.svg"
    assert "wrote" in ok(game, "show", "--svg", str(svg)).output
    text = svg.read_text()
    assert text.startswith("<?xml") and "Turn 1" in text
    assert text.count('fill="#7a1f1f"') == 6 and text.count('fill="#e8b923"') == 2
    bad = tmp_path / "no" / "such" / "dir.svg"
    result = run(game, "show", "--svg", str(bad))
    assert result.exit_code == 2 and "cannot write" in result.output


def test_game_file_from_environment(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    game = tmp_path / "env.json"
    monkeypatch.setenv("THRONE_GAME", str(game))
    result = CliRunner().invoke(cli, ["new", "--seed", "1"])
    assert result.exit_code == 0 and game.exists()


def test_game_commands_do_not_load_the_renderers(tmp_path):
    game = tmp_path / "g.json"
    code = f"""
import sys
from click.testing import CliRunner
from throne_pnp.cli import cli
r = CliRunner()
for args in (["new", "--seed", "3"], ["card", "7"], ["status", "--json"], ["show"],
             ["log"], ["undo"]):
    res = r.invoke(cli, [*args, "--game", {str(game)!r}])
    assert res.exit_code == 0, res.output
heavy = [m for m in sys.modules if m.startswith(("reportlab", "svgwrite", "throne_pnp.render"))]
assert not heavy, heavy
"""
    subprocess.run([sys.executable, "-c", code], check=True)
