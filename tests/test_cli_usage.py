"""Click's usage errors come out as one line, `throne CMD: what; what instead`, exit 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli


def one_line(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), prog_name="throne")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output and "Usage:" not in result.output
    return lines[0]


@pytest.mark.parametrize("args, expected", [
    (["card", "abc"], "throne card: ID 'abc' is not a whole number; e.g. `throne card 12` "
                      "(see `throne card --help`)"),
    (["undo", "0"], "throne undo: N must be 1 or more (got 0); e.g. `throne undo 2` "
                    "(see `throne undo --help`)"),
    (["undo", "-1"], "throne undo: -1 is a negative number; undo takes a positive number, "
                     "e.g. `throne undo 2`"),
    (["new", "--seed", "x"], "throne new: --seed 'x' is not a whole number; e.g. "
                             "`throne new --seed 7 --hard 2` (see `throne new --help`)"),
    (["withdraw"], "throne withdraw: T is missing; e.g. `throne withdraw 2` "
                   "(see `throne withdraw --help`)"),
    (["status", "--jsn"], "throne status: no option --jsn; did you mean --json? "
                          "(see `throne status --help`)"),
    (["mvoe", "1", "1", "5"], "throne mvoe: no such command; did you mean "
                              "`throne move 1 1 5`? (see `throne --help`)"),
    (["xyzzy"], "throne xyzzy: no such command; the commands are listed by `throne --help`"),
    (["--bogus"], "throne: no option --bogus; see `throne --help`"),
    (["fix", "5", "--king", "-2"], "throne fix: --king must be 0 or more (got -2); e.g. "
                                   "`throne fix 7 --king 2 --player 0` (see `throne fix --help`)"),
    (["resolve", "kong"], "throne resolve kong: no such command; did you mean "
                          "`throne resolve king`? (see `throne resolve --help`)"),
    (["resolve", "king", "--at"], "throne resolve king: option '--at' requires an argument; "
                                  "e.g. `throne resolve king --at pos.yaml --card 2` "
                                  "(see `throne resolve king --help`)"),
])
def test_usage_errors_are_one_line(args, expected):
    assert one_line(*args) == expected


def test_a_folder_given_as_the_save_file(tmp_path):
    line = one_line("status", "--game", str(tmp_path))
    assert line.startswith(f"throne status: --game file '{tmp_path}' is a directory; ")


def test_usage_errors_go_to_stderr():
    result = CliRunner().invoke(cli, ["card", "abc"])
    assert result.stdout == "" and result.stderr.startswith("throne card: ID")


def test_help_and_version_still_work():
    runner = CliRunner()
    assert runner.invoke(cli, ["card", "--help"]).exit_code == 0
    assert runner.invoke(cli, ["--version"]).exit_code == 0
