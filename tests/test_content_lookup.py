"""Content lookup: --content, else THRONE_CONTENT, else ./content, else the bundled edition.

Each test makes editions that differ only in the map's printed name, runs a
command from a folder the test controls, and checks which one was used, by
what `validate` says first and by what a table command actually played.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import bundled_content_dir, find_edition

REPO = Path(__file__).resolve().parent.parent


def _edition(folder: Path, name: str, king_in_3: int = 2) -> Path:
    """A copy of the repository's edition named `name`, with `king_in_3` King cubes in 3."""
    shutil.copytree(REPO / "content", folder)
    text = (folder / "map.yaml").read_text(encoding="utf-8")
    assert text.count("name: Kingdom of Prydon\n") == 1
    assert text.count("king: {3: 2, 7: 2, 9: 2}") == 1
    text = text.replace("name: Kingdom of Prydon\n", f"name: {name}\n")
    text = text.replace("king: {3: 2, 7: 2, 9: 2}", f"king: {{3: {king_in_3}, 7: 2, 9: 2}}")
    (folder / "map.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def table(tmp_path, monkeypatch):
    """An empty working folder, no THRONE_CONTENT, and a private cache."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("THRONE_CONTENT", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return work


def _validate(*args: str) -> tuple[str, str]:
    """First line and the `ok` line of `throne validate`."""
    result = CliRunner().invoke(cli, ["validate", *args])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    return lines[0], lines[-1]


def test_option_wins_over_environment_and_current_folder(table, tmp_path, monkeypatch):
    option = _edition(tmp_path / "opt", "Option Land")
    monkeypatch.setenv("THRONE_CONTENT", str(_edition(tmp_path / "env", "Env Land")))
    _edition(table / "content", "Local Land")
    first, last = _validate("--content", str(option))
    assert first == f"Edition: {option} (--content)"
    assert last.endswith("ok — Option Land, 9 territories, 18 normal and 9 hard cards")


def test_environment_wins_over_current_folder(table, tmp_path, monkeypatch):
    env = _edition(tmp_path / "env", "Env Land")
    monkeypatch.setenv("THRONE_CONTENT", str(env))
    _edition(table / "content", "Local Land")
    first, last = _validate()
    assert first == f"Edition: {env} (THRONE_CONTENT)"
    assert "ok — Env Land," in last


def test_current_folder_wins_over_bundled(table):
    local = _edition(table / "content", "Local Land")
    first, last = _validate()
    assert first == f"Edition: {local} (./content in the current folder)"
    assert "ok — Local Land," in last


def test_bundled_when_the_folder_has_no_edition(table):
    (table / "content").mkdir()          # a folder called content, but no map.yaml in it
    (table / "content" / "notes.txt").write_text("not an edition\n")
    first, last = _validate()
    assert first.startswith(f"Edition: {bundled_content_dir()} (the bundled edition;")
    assert "ok — Kingdom of Prydon," in last


def test_table_commands_follow_the_same_order(table, tmp_path, monkeypatch):
    """`new` and `status` play the edition the lookup picks, not only validate."""
    _edition(table / "content", "Local Land", king_in_3=1)
    runner = CliRunner()

    def king_in_3() -> int:
        assert runner.invoke(cli, ["new", "--seed", "3"]).exit_code == 0
        status = runner.invoke(cli, ["status", "--json"])
        assert status.exit_code == 0, status.output
        (table / "throne-game.json").unlink()
        return json.loads(status.output)["position"]["king"]["3"]

    assert king_in_3() == 1                                   # ./content
    monkeypatch.setenv("THRONE_CONTENT", str(_edition(tmp_path / "env", "E", king_in_3=3)))
    assert king_in_3() == 3                                   # THRONE_CONTENT
    option = _edition(tmp_path / "opt", "O", king_in_3=4)
    assert runner.invoke(cli, ["new", "--seed", "3", "--content", str(option)]).exit_code == 0
    status = runner.invoke(cli, ["status", "--json", "--content", str(option)])
    assert json.loads(status.output)["position"]["king"]["3"] == 4   # --content


def test_build_names_the_edition_first_and_writes_to_the_current_folder(table):
    local = _edition(table / "content", "Local Land")
    result = CliRunner().invoke(cli, ["build", "--format", "svg"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == f"Edition: {local} (./content in the current folder)"
    assert "Local Land" in (table / "output" / "svg" / "map.svg").read_text(encoding="utf-8")


def test_validate_json_says_which_edition(table):
    result = CliRunner().invoke(cli, ["validate", "--json"])
    data = json.loads(result.output)
    assert (data["edition"], data["directory"]) == ("bundled", str(bundled_content_dir()))


def test_a_missing_content_option_is_one_clear_refusal(table):
    result = CliRunner().invoke(cli, ["status", "--content", "nowhere"])
    assert result.exit_code == 2
    assert "nowhere: not a content directory" in result.output
    assert "Traceback" not in result.output


def test_source_checkout_reads_the_repository_content():
    """Running from the repository (editable install, PYTHONPATH): content/ in place."""
    assert bundled_content_dir() == REPO / "content"


def test_installed_layout_reads_the_package_data(tmp_path):
    """A wheel's layout: site-packages/throne_pnp/edition, no pyproject.toml beside it."""
    site = tmp_path / "site"
    shutil.copytree(REPO / "throne_pnp", site / "throne_pnp",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "content", site / "throne_pnp" / "edition")
    code = ("from throne_pnp.content import bundled_content_dir, load_content;"
            "print(bundled_content_dir()); print(load_content().map.name)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, text=True,
                         capture_output=True,
                         env={"PYTHONPATH": str(site), "XDG_CACHE_HOME": str(tmp_path / "c"),
                              "PATH": "/usr/bin:/bin"}).stdout.splitlines()
    assert out == [str(site / "throne_pnp" / "edition"), "Kingdom of Prydon"]


def test_find_edition_treats_an_empty_environment_variable_as_unset(table, monkeypatch):
    monkeypatch.setenv("THRONE_CONTENT", "")
    assert find_edition().source == "bundled"
