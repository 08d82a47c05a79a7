"""In a virtual game the battle prompt shows the exact odds of each card in hand."""

import json

from click.testing import CliRunner

from throne_pnp.cli import cli

TABLE_HEAD = "card   win   lose  both out"


def drive_to_battle(runner, game, physical=False):
    """Play simple legal commands until a battle waits for the player's card."""
    new = ["new", "--seed", "3", "--game", game] + (["--physical"] if physical else [])
    assert runner.invoke(cli, new).exit_code == 0
    for _ in range(60):
        status = json.loads(runner.invoke(cli, ["status", "--json", "--game", game]).output)
        step = status["step"]
        if step == "battle" and status["next"]["need"] == "battle":
            return status
        if step == "card":
            args = ["card"] + ([str(status["hand"][0])] if status["phase"] == "player-card"
                               else [])
        elif step == "actions":
            args = ["done"]
        else:  # a battle card for the King, a withdrawal...: not reached by this script
            raise AssertionError(status)
        out = runner.invoke(cli, [*args, "--game", game])
        assert out.exit_code == 0, out.output
    raise AssertionError("no battle came")


def test_virtual_battle_prompt_shows_odds_per_card(tmp_path):
    runner = CliRunner()
    game = str(tmp_path / "g.json")
    status = drive_to_battle(runner, game)
    text = runner.invoke(cli, ["status", "--game", game]).output
    assert TABLE_HEAD in text
    for card in status["hand"]:
        assert any(line.split()[:1] == [str(card)] for line in text.splitlines()
                   if "%" in line), (card, text)
    odds = json.loads(runner.invoke(cli, ["odds", "--json", "--game", game]).output)
    assert sorted(r["card"] for r in odds["cards"]) == sorted(status["hand"])
    for row in odds["cards"]:
        assert abs(row["win"] + row["lose"] + row["both_wiped_out"] - 1) < 1e-9
