"""`throne hint` and `throne review` on the command line: answers and refusals."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli


def run(*args: str, game=None):
    extra = ["--game", str(game)] if game is not None else []
    return CliRunner().invoke(cli, [*args, *extra])


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    assert run("new", "--seed", "4", game=path).exit_code == 0
    return path


def test_hint_json_has_the_spec_shape(game):
    before = game.read_bytes()
    result = run("hint", "--json", "--budget", "30", "--jobs", "1", game=game)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["decision"] == "card" and report["best"] == 0 and report["seed"] == 1
    first = report["options"][0]
    assert set(first) >= {"commands", "win", "ci95", "samples", "why"}
    assert first["commands"][0].startswith("card ")
    assert game.read_bytes() == before  # advice never writes the save


def test_hint_text_lists_commands_to_type(game):
    result = run("hint", "--budget", "30", "--jobs", "1", game=game)
    assert result.exit_code == 0
    assert "1. throne card" in result.output and "wins the game " in result.output


@pytest.mark.parametrize("args, words", [
    (("--budget", "0"), "--budget"),
    (("--seconds", "-1"), "--seconds"),
    (("--seconds", "0"), "--seconds"),
    (("--budget", "5", "--seconds", "1"), "either --budget"),
    (("--seed", "x"), "--seed"),
])
def test_bad_options_are_one_line(game, args, words):
    before = game.read_bytes()
    result = run("hint", *args, game=game)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and words in lines[0]
    assert game.read_bytes() == before


def test_no_game_is_one_line(tmp_path):
    for command in ("hint", "review"):
        result = run(command, game=tmp_path / "none.json")
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1


def test_hint_refuses_a_finished_game(tmp_path):
    path = tmp_path / "won.json"
    pos = tmp_path / "pos.yaml"
    pos.write_text("{king: {2: 1}, player: {1: 2, 3: 1, 7: 1, 6: 1}}")
    assert run("new", "--seed", "1", "--at", str(pos), game=path).exit_code == 0
    hand = json.loads(run("status", "--json", game=path).output)["hand"]
    for card in hand:  # a card whose King's action leaves 6 -> 9 open
        trial = tmp_path / f"t{card}.json"
        trial.write_bytes(path.read_bytes())
        if run("card", str(card), game=trial).exit_code == 0 and \
                run("move", "1", "6", "9", game=trial).exit_code == 0 and \
                run("done", game=trial).exit_code == 0:
            status = json.loads(run("status", "--json", game=trial).output)
            if status["outcome"] == "won":
                result = run("hint", game=trial)
                assert result.exit_code == 2
                assert "no decision of yours" in result.output
                assert len(result.output.strip().splitlines()) == 1
                review = run("review", "--json", "--budget", "20", "--jobs", "1", game=trial)
                assert review.exit_code == 0
                assert json.loads(review.output)["decisions"]
                return
    pytest.skip("no card of this hand lets the King leave 9 open")


def test_review_of_a_fresh_game_says_there_is_nothing_yet(game):
    result = run("review", game=game)
    assert result.exit_code == 0
    assert "No decision to review yet" in result.output
