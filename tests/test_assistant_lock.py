"""Two commands at once on one save: no lost update, no traceback, the save loads.

The parallel tests start real processes (`python -m throne_pnp`), all at
once, against one save; each round checks that every accepted command is in
the save and that the save replays.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_assistant_helpers import ok, refused, session, status

from throne_pnp.assistant import lock
from throne_pnp.assistant.lock import lock_path, save_lock
from throne_pnp.assistant.savefile import SaveError

ROOT = Path(__file__).resolve().parent.parent


def start_all(game: Path, commands: list[list[str]]) -> list[subprocess.CompletedProcess]:
    """Start every command as its own process at once; wait for all of them."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), THRONE_GAME=str(game))
    env.pop("THRONE_CONTENT", None)
    procs = [subprocess.Popen([sys.executable, "-m", "throne_pnp", *c], env=env, cwd=game.parent,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for c in commands]
    out = []
    for p, c in zip(procs, commands, strict=True):
        stdout, stderr = p.communicate(timeout=120)
        out.append(subprocess.CompletedProcess(c, p.returncode, stdout, stderr))
    return out


@pytest.mark.slow
def test_parallel_fixes_are_all_kept(tmp_path):
    """Six processes each fix a different territory, three rounds: all 18 fixes kept."""
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "2")
    for round_ in range(3):
        odd = round_ % 2
        commands = [["fix", str(t), "--king", str(1 - odd)] for t in (2, 4, 5, 8)]
        commands += [["fix", "7", "--king", str(1 + odd)], ["fix", "1", "--player", str(1 + odd)]]
        results = start_all(game, commands)
        for r in results:
            assert r.returncode == 0, (r.args, r.stdout, r.stderr)
            assert "Traceback" not in r.stderr
        data = json.loads(game.read_text())
        assert len(data["commands"]) == 6 * (round_ + 1)      # not one update lost
        pos = status(game)["position"]
        for t in (2, 4, 5, 8):
            assert pos["king"].get(str(t), 0) == 1 - odd
        assert pos["king"]["7"] == 1 + odd and pos["player"]["1"] == 1 + odd
        session(game)                                         # the save replays


@pytest.mark.slow
def test_parallel_moves_all_recorded_or_refused(tmp_path):
    """Three `move 1 5 2` at once with cubes for all: each one recorded.

    Then four more at once with two cubes left: two accepted, two refused with
    a reason (no command points left), none lost and no traceback.
    """
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2, 2: 1, 5: 4}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "9")                   # 5 flags; the King's move does not reach us
    st = status(game)
    assert st["step"] == "actions" and st["command_points"] == 5
    before = st["position"]["player"]
    results = start_all(game, [["move", "1", "5", "2"]] * 3)
    assert [r.returncode for r in results] == [0, 0, 0], [r.stderr for r in results]
    st = status(game)
    assert st["command_points"] == 2
    assert st["position"]["player"]["2"] == before["2"] + 3
    assert st["position"]["player"]["5"] == 1
    results = start_all(game, [["move", "1", "2", "5"]] * 4)
    codes = sorted(r.returncode for r in results)
    assert codes == [0, 0, 2, 2], [r.stderr for r in results]
    for r in results:
        assert "Traceback" not in r.stderr
        if r.returncode:
            assert len(r.stderr.strip().splitlines()) == 1
            assert "no command points" in r.stderr
    st = status(game)
    assert st["command_points"] == 0 and st["position"]["player"]["5"] == 3
    assert len(json.loads(game.read_text())["commands"]) == 1 + 3 + 2


def test_lock_file_beside_the_save_never_the_save(tmp_path):
    game = tmp_path / "g.json"
    assert lock_path(game) == tmp_path / ".g.json.lock"
    ok(game, "new", "--seed", "1")
    before = game.read_bytes()
    with save_lock(game):
        assert game.read_bytes() == before


def test_a_held_lock_refuses_with_a_reason(tmp_path, monkeypatch):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    hand = status(game)["hand"]
    monkeypatch.setattr(lock, "DEFAULT_TIMEOUT", 0.2)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from pathlib import Path; "
         "from throne_pnp.assistant.lock import save_lock\n"
         "with save_lock(Path(sys.argv[1])):\n"
         "    print('held', flush=True); sys.stdin.readline()", str(game)],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        refused(game, "card", str(hand[0]), contains="another throne command is using")
        with pytest.raises(SaveError, match="try again"):
            with save_lock(game, timeout=0.1):
                pass
    finally:
        holder.communicate("\n", timeout=30)
    ok(game, "card", str(hand[0]))          # released: the command now runs


def test_lock_refusals_are_one_line(tmp_path):
    missing = tmp_path / "nowhere" / "g.json"
    with pytest.raises(SaveError, match="no folder"):
        with save_lock(missing):
            pass
    refused(tmp_path / "g.json", "move", "1", "1", "2", contains="no tracked game")
    assert not lock_path(tmp_path / "g.json").exists()   # no lock file for no game


def test_flock_and_the_filelock_library_exclude_each_other(tmp_path, monkeypatch):
    """POSIX uses flock directly, other systems the filelock library: one lock file."""
    from filelock import FileLock

    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    with FileLock(str(lock_path(game)), preserve_lock_file=True):
        with pytest.raises(SaveError, match="another throne command"):
            with save_lock(game, timeout=0.1):
                pass
    monkeypatch.setattr(lock, "_flock", lambda path, timeout: None)   # as on Windows
    with save_lock(game):
        monkeypatch.undo()
        with pytest.raises(SaveError, match="another throne command"):
            with save_lock(game, timeout=0.1):
                pass
    with save_lock(game, timeout=0.1):      # released
        pass


@pytest.mark.slow
def test_parallel_mix_of_writers_and_readers(tmp_path):
    """Fixes, undos and views at once, four rounds: every accepted command counted."""
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "5")
    for t in (2, 4, 5, 6):
        ok(game, "fix", str(t), "--king", "1")
    for round_ in range(4):
        value = str(round_ % 2)
        before = len(json.loads(game.read_text())["commands"])
        commands = [["fix", "8", "--king", value], ["undo"], ["status", "--json"],
                    ["fix", "2", "--player", "1" if round_ % 2 else "0"], ["undo"],
                    ["log"], ["show"]]
        results = start_all(game, commands)
        accepted = {"fix": 0, "undo": 0}
        for r in results:
            assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
            if r.returncode:
                assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r
            elif r.args[0] in accepted:
                accepted[r.args[0]] += 1
        after = len(json.loads(game.read_text())["commands"])
        assert after == before + accepted["fix"] - accepted["undo"]
        session(game)                                         # the save replays


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX flock only")
def test_the_lock_is_released_for_the_next_command(tmp_path):
    game = tmp_path / "g.json"
    for _ in range(3):
        with save_lock(game, timeout=0.1):
            pass


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX flock only")
def test_an_unwritable_folder_is_one_clear_refusal(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / ".g.json.lock").mkdir()          # the lock file cannot be opened (even as root)
    with pytest.raises(SaveError, match=r"cannot lock .*g\.json: .*the folder must be writable"):
        with save_lock(folder / "g.json"):
            pass
