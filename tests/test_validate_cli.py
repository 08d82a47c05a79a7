"""`throne validate --json` and a bad count that must not cascade into other problems."""

import json
import shutil

from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir


def test_validate_json_ok():
    out = CliRunner().invoke(cli, ["validate", "--json"])
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["ok"] is True and data["problems"] == []


def test_bad_home_wheat_is_reported_once_in_json(tmp_path):
    edition = tmp_path / "edition"
    shutil.copytree(default_content_dir(), edition)
    text = (edition / "map.yaml").read_text()
    start = text.index("\n  1:\n")
    line = text.index("wheat:", start)
    end = text.index("\n", line)
    (edition / "map.yaml").write_text(text[:line] + "wheat: 7" + text[end:])
    expected_line = text[:line].count("\n") + 1
    out = CliRunner().invoke(cli, ["validate", "--json", "--content", str(edition)])
    assert out.exit_code == 2
    data = json.loads(out.output)
    assert data["ok"] is False
    assert data["problems"] == [f"map.yaml:{expected_line}: territories[1].wheat: 7 is out of "
                                "range; use a number from 0 to 3"]
