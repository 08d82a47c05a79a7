"""A table command on POSIX never imports `filelock` (issue #10).

Its import alone cost more than the rest of `throne move`; the save lock
takes `flock` straight from the standard library there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX flock only")


def test_a_table_command_does_not_import_filelock(tmp_path):
    game = tmp_path / "g.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("THRONE_CONTENT", None)
    subprocess.run([sys.executable, "-m", "throne_pnp", "new", "--seed", "1", "--game",
                    str(game)], check=True, env=env, cwd=tmp_path, capture_output=True)
    code = ("import sys\nfrom throne_pnp.cli import cli\n"
            f"cli.main(['card', '16', '--game', {str(game)!r}], standalone_mode=False)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'filelock'))\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=tmp_path,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[-1] == "[]"
    assert "card" in game.read_text()
