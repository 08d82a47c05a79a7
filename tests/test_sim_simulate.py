"""`throne simulate`: deterministic for a seed whatever --jobs; the report's keys."""

import json

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.sim.simulate import GameResult, Row, wilson


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.slow
def test_same_seed_same_json_twice():
    # The command (the greedy bot), in two processes to keep the test quick.
    first = _run("--games", "1000", "--seed", "7", "--json", "--jobs", "2")
    assert first == _run("--games", "1000", "--seed", "7", "--json", "--jobs", "2")
    data = json.loads(first)
    for key in ("games", "wins", "win_rate", "ci95", "mean_turns", "losses", "capped"):
        assert key in data
    assert data["games"] == 1000


@pytest.mark.slow
def test_jobs_do_not_change_the_result():
    # The same 300 games as the first 300 of the run above, in one process and in two.
    args = ("--games", "300", "--seed", "7", "--json")
    one = _run(*args, "--jobs", "1")
    assert one == _run(*args, "--jobs", "2")
    data = json.loads(one)
    assert data["bot"] == "greedy" and 0 <= data["wins"] <= 300
    random_bot = ("--games", "500", "--seed", "7", "--bot", "random", "--json")
    assert _run(*random_bot) == _run(*random_bot, "--jobs", "2")
    lo, hi = data["ci95"]
    assert lo <= data["win_rate"] <= hi


def test_sweep_rows_cover_every_hard_count(tmp_path):
    svg = tmp_path / "sweep.svg"
    data = json.loads(_run("--games", "20", "--sweep", "--bot", "random", "--json",
                           "--plot", str(svg)))
    assert [r["hard"] for r in data["rows"]] == list(range(10))
    assert data["games"] == 200
    assert svg.read_text().lstrip().startswith("<?xml")


def test_bad_options_are_one_line_errors():
    runner = CliRunner()
    for args in (["--hard", "2", "--sweep"], ["--bot", "nobody"], ["--hard", "99"]):
        result = runner.invoke(cli, ["simulate", *args])
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1


def test_rows_count_the_games_lost_by_the_end_of_turn_2():
    row = Row(3)
    for result in (GameResult("lost", 1, "home-taken"), GameResult("lost", 2, "home-abandoned"),
                   GameResult("lost", 3, "home-taken"), GameResult("won", 2),
                   GameResult("capped", 200)):
        row.add(result)
    data = row.to_json()
    assert data["lost_by_turn_2"] == 2     # turns 1 and 2; not the loss on turn 3, nor the win
    assert data["losses"] == {"home-taken": 2, "home-abandoned": 1}
    assert (data["games"], data["wins"], data["capped"]) == (5, 1, 1)


@pytest.mark.slow
def test_sweep_json_sums_the_early_losses():
    data = json.loads(_run("--games", "30", "--sweep", "--seed", "3", "--json"))
    assert data["lost_by_turn_2"] == sum(r["lost_by_turn_2"] for r in data["rows"])
    for row in data["rows"]:
        assert 0 <= row["lost_by_turn_2"] <= row["games"] - row["wins"] - row["capped"]


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0
