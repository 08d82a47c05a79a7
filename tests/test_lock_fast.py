"""The save lock on POSIX: released for the next command, one clear refusal
when no lock can be made, and no `filelock` import on a table command (its
import alone cost more than the rest of `throne move`). That flock and the
filelock fallback exclude each other is tested in test_assistant_lock.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from throne_pnp.assistant.lock import save_lock
from throne_pnp.assistant.savefile import SaveError

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX flock only")


def test_the_lock_is_released_for_the_next_command(tmp_path):
    game = tmp_path / "g.json"
    for _ in range(3):
        with save_lock(game, timeout=0.1):
            pass


def test_an_unwritable_folder_is_one_clear_refusal(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / ".g.json.lock").mkdir()          # the lock file cannot be opened (even as root)
    with pytest.raises(SaveError, match=r"cannot lock .*g\.json: .*the folder must be writable"):
        with save_lock(folder / "g.json"):
            pass


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
