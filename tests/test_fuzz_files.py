"""Hostile files through a real `throne` process: bounded time and memory, one line.

In-process fuzzing cannot cap memory or survive a blocked read; these run
`python -m throne_pnp` in a subprocess with an address-space limit and a
timeout, on content files, saves and position files that are /dev/zero, a
named pipe nobody writes to, a folder, or a 64 MB file. A `kill -9` during a
write leaves a temporary file that the next command removes.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from throne_pnp.assistant import savefile

LIMIT_BYTES = 1024**3       # 1 GB of address space for one command
TIMEOUT = 60
CONTENT = Path(__file__).resolve().parents[1] / "content"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def throne(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cwd / "cache")}
    env.pop("THRONE_CONTENT", None)
    env.pop("THRONE_GAME", None)
    return subprocess.run([sys.executable, "-m", "throne_pnp", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT,
                          preexec_fn=_limits, stdin=subprocess.DEVNULL)


def hostile(kind: str, path: Path) -> None:
    """Make `path` a hostile file of `kind`."""
    if kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    else:
        with open(path, "wb") as fh:
            fh.truncate(64 * 1024 * 1024)


def one_line_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)


KINDS = ("zero", "fifo", "dir", "huge")
WHY = {"zero": "a device", "fifo": "a named pipe", "dir": "folder", "huge": "too large"}


@pytest.mark.parametrize("kind", KINDS)
def test_a_content_file_that_is_not_a_file(tmp_path, kind):
    folder = tmp_path / "content"
    folder.mkdir()
    for name in ("cards.yaml", "rulings.yaml", "rules.txt"):
        (folder / name).write_bytes((CONTENT / name).read_bytes())
    hostile(kind, folder / "map.yaml")
    result = throne("validate", "--content", str(folder), cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert "map.yaml" in result.stderr
    assert (WHY[kind] if kind != "dir" else "directory") in result.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_that_is_not_a_file(tmp_path, kind):
    game = tmp_path / "g.json"
    hostile(kind, game)
    one_line_refusal(throne("status", "--game", str(game), cwd=tmp_path), "g.json")
    one_line_refusal(throne("recover", "--game", str(game), cwd=tmp_path), "g.json")


@pytest.mark.parametrize("kind", KINDS)
def test_a_position_file_that_is_not_a_file(tmp_path, kind):
    pos = tmp_path / "pos.yaml"
    hostile(kind, pos)
    one_line_refusal(throne("resolve", "king", "--at", str(pos), "--card", "2", cwd=tmp_path),
                     "pos.yaml")


def test_new_never_replaces_a_device(tmp_path):
    link = tmp_path / "g.json"
    link.symlink_to("/dev/null")
    one_line_refusal(throne("new", "--force", "--game", str(link), cwd=tmp_path),
                     "not a regular file")
    assert Path("/dev/null").is_char_device() and link.is_symlink()


def test_a_killed_writer_leaves_nothing_behind(tmp_path):
    """`kill -9` during a write leaves `.NAME.write-PID-XXXX.tmp`; the next command removes it."""
    game = tmp_path / "g.json"
    assert throne("new", "--seed", "3", "--game", str(game), cwd=tmp_path).returncode == 0
    before = game.read_bytes()
    # a writer that dies between creating its temporary file and replacing the save
    code = ("import os, sys, tempfile; from pathlib import Path; "
            "from throne_pnp.assistant import savefile as s; p = Path(sys.argv[1]); "
            "fd, tmp = tempfile.mkstemp('.tmp', s._temp_prefix(p) + str(os.getpid()) + '-', "
            "p.parent); os.write(fd, b'{half'); os.kill(os.getpid(), 9)")
    killed = subprocess.run([sys.executable, "-c", code, str(game)], capture_output=True)
    assert killed.returncode == -signal.SIGKILL
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].name.startswith(".g.json.write-")
    status = throne("status", "--game", str(game), cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert game.read_bytes() == before


def test_stale_temporary_files_are_told_apart(tmp_path):
    game = tmp_path / "g.json"
    mine = tmp_path / f".g.json.write-{os.getpid()}-abcdefgh.tmp"      # a live writer: kept
    dead = tmp_path / ".g.json.write-999999999-abcdefgh.tmp"             # no such process
    old = tmp_path / ".g.json.k2j4h5g6.tmp"                              # an older throne's
    young = tmp_path / ".g.json.a1b2c3d4.tmp"                            # ... being written
    other = tmp_path / ".h.json.write-999999999-abcdefgh.tmp"            # another save's
    for path in (mine, dead, old, young, other):
        path.write_text("{")
    long_ago = time.time() - savefile.STALE_AFTER - 60
    os.utime(old, (long_ago, long_ago))
    removed = savefile.remove_stale_temps(game)
    assert sorted(removed) == sorted([dead, old])
    assert mine.exists() and young.exists() and other.exists()
