"""The quick path of the table's commands prints and saves exactly what click does.

Each case starts from the same saved game, runs the console entry
(`python -m throne_pnp`, quick paths first) and, from the same save again,
the click group itself on the same words, and compares stdout, stderr, the
exit status and the save file afterwards, byte for byte. Refusals (one line,
exit 2, the save unchanged) are worded by click in both.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from quick_imports import STARTED, heavy_check

from throne_pnp.cli.quick_table import table_words

BUNDLED = Path(__file__).resolve().parent.parent / "content"
CLICK = "import sys; from throne_pnp.cli import cli; cli(sys.argv[1:], prog_name='throne')"


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "cache"), **extra)
    for name in ("THRONE_CONTENT", "THRONE_GAME", "_THRONE_COMPLETE"):
        if name not in extra:
            env.pop(name, None)
    return env


def _throne(tmp: Path, *words: str) -> None:
    done = subprocess.run([sys.executable, "-c", CLICK, *words], capture_output=True,
                          cwd=tmp, env=_env(tmp))
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, bytes]:
    """Saved games at the moments the table's commands are typed (seed 1: hand
    3, 4, 14, 16, 18), and a physical one."""
    tmp = tmp_path_factory.mktemp("saves")
    game = tmp / "g.json"
    _throne(tmp, "new", "--seed", "1", "--game", str(game))
    shots = {"card": game.read_bytes()}
    _throne(tmp, "card", "16", "--game", str(game))
    shots["actions"] = game.read_bytes()
    _throne(tmp, "move", "1", "1", "2", "--game", str(game))
    _throne(tmp, "done", "--game", str(game))
    shots["battle"] = game.read_bytes()
    _throne(tmp, "battle", "3", "--game", str(game))
    shots["after-battle"] = game.read_bytes()
    _throne(tmp, "new", "--physical", "--seed", "2", "--force", "--game", str(game))
    shots["physical"] = game.read_bytes()
    return shots


def both(tmp: Path, save: bytes, words: list[str], **env: str) -> list[tuple]:
    """(stdout, stderr, status, save after) of the console entry and of click."""
    out = []
    for cmd in ([sys.executable, "-m", "throne_pnp"], [sys.executable, "-c", CLICK]):
        (tmp / "g.json").write_bytes(save)
        done = subprocess.run([*cmd, *words], capture_output=True, cwd=tmp,
                              env=_env(tmp, **env))
        out.append((done.stdout, done.stderr, done.returncode, (tmp / "g.json").read_bytes()))
    return out


G = ["--game", "g.json"]
CASES = [
    ("card", ["card", "16", *G]),
    ("card", ["card", "16", "--json", *G]),
    ("card", ["card", "--json", *G, "16"]),           # (options before the number)
    ("card", ["card", *G, "18"]),
    ("card", ["card", *G]),                           # refused: which card?
    ("card", ["card", "5", *G]),                      # refused: not in the hand
    ("card", ["card", "99", *G]),
    ("card", ["card", "016", *G]),                    # not plain: click reads it
    ("card", ["card", "16", "--json", "--json", *G]),
    ("card", ["card", "16", "--game=g.json"]),
    ("card", ["card", "16", "--draws", "3", *G]),     # an option of its own: click's
    ("card", ["card", "16", "17", *G]),
    ("card", ["card", "16", "--content", str(BUNDLED), *G]),
    ("card", ["card", "16", "--content", "no-such-folder", *G]),
    ("card", ["status", *G]),
    ("card", ["status", "--json", *G]),
    ("card", ["move", "1", "1", "2", *G]),            # refused: not Player Actions
    ("card", ["done", *G]),
    ("actions", ["move", "1", "1", "2", *G]),
    ("actions", ["move", "1", "1", "2", "--json", *G]),
    ("actions", ["move", "1", "1", "9", *G]),         # refused: not a neighbour
    ("actions", ["move", "2", "1", "2", *G]),         # empties home: click refuses
    ("actions", ["move", "2", "1", "2", "--yes", *G]),
    ("actions", ["move", "1", "1", *G]),
    ("actions", ["rally", "1", *G]),
    ("actions", ["done", *G]),
    ("actions", ["done", "--json", *G]),
    ("actions", ["status", *G]),
    ("actions", ["withdraw", "2", *G]),
    ("battle", ["battle", "3", *G]),
    ("battle", ["battle", "3", "--json", *G]),
    ("battle", ["battle", "16", *G]),                 # refused: played already
    ("battle", ["battle", *G]),
    ("battle", ["status", "--json", *G]),
    ("after-battle", ["status", *G]),
    ("after-battle", ["card", *G]),                   # the King's card (virtual draw)
    ("physical", ["card", *G]),                       # refused: give its number
    ("physical", ["card", "7", *G]),
    ("physical", ["status", *G]),
    ("card", ["status", "--game", "missing.json"]),
    ("card", ["card", "16", "--game", "missing.json"]),
    ("card", ["status", "--game", "."]),              # a folder: click's Path refuses
    ("card", ["status", "--help"]),
]


@pytest.mark.parametrize("shot,words", CASES, ids=[f"{s}: {' '.join(w)}".replace(
    str(BUNDLED), "BUNDLED") for s, w in CASES])
def test_the_console_entry_prints_and_saves_what_click_does(tmp_path, saves, shot, words):
    quick, slow = both(tmp_path, saves[shot], words)
    assert quick == slow
    if quick[2] == 2:   # a refusal: the save unchanged (and, bar content problems, one line)
        assert quick[3] == saves[shot]
        assert quick[1].count(b"\n") == 1 or b"the content has" in quick[1]


def test_the_save_named_by_the_environment(tmp_path, saves):
    quick, slow = both(tmp_path, saves["card"], ["card", "16"], THRONE_GAME="g.json")
    assert quick == slow and quick[2] == 0 and quick[3] != saves["card"]
    quick, slow = both(tmp_path, saves["card"], ["status"], THRONE_GAME="")
    assert quick == slow and quick[2] == 2   # the default throne-game.json: none here


def test_the_quick_path_waits_for_the_save_lock(tmp_path, saves):
    """A command held by another one's lock runs once it is released."""
    from throne_pnp.assistant.lock import save_lock

    game = tmp_path / "g.json"
    game.write_bytes(saves["card"])
    with save_lock(game):
        runner = subprocess.Popen([sys.executable, "-m", "throne_pnp", "card", "16", *G],
                                  cwd=tmp_path, env=_env(tmp_path), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        time.sleep(1.0)
        assert runner.poll() is None and game.read_bytes() == saves["card"]
    out, err = runner.communicate(timeout=30)
    assert runner.returncode == 0, err
    assert out.startswith(b"Phase card (from your hand): 16") and game.read_bytes() != saves["card"]


def test_the_quick_path_loads_no_click(tmp_path, saves):
    """Nor YAML (from the content cache), typing, dataclasses, inspect, tempfile."""
    code = (STARTED + "sys.argv = ['throne', 'move', '1', '1', '2', '--game', 'g.json']\n"
            "from throne_pnp.cli import main; main()\n")
    check = heavy_check(('typing', 'dataclasses', 'inspect', 'tempfile'))
    for script in (code, code + check):   # the first run fills the content cache
        (tmp_path / "g.json").write_bytes(saves["actions"])
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              cwd=tmp_path, env=_env(tmp_path))
        assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("[ ] move 1 of your cubes 1 -> 2")


def test_plain_words_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("THRONE_GAME", raising=False)
    words = table_words(["move", "1", "1", "2", "--yes", "--json"])
    assert words is not None and words.numbers == [1, 1, 2]
    assert words.flags == {"--yes", "--json"} and words.game == Path("throne-game.json")
    assert table_words(["card", "--game", "a.json"]).game == Path("a.json")
    for argv in (["card", "--yes"], ["done", "1"], ["move", "1", "2"], ["card", "1", "-1"],
                 ["card", "--game"], ["card", "--game", ""], ["card", "--game", "-x"],
                 ["status", "-h"], ["card", "1_0"], ["card", "٣"], ["hand", "3"], [],
                 ["card", "1234567890"], ["withdraw"], ["status", "--"]):
        assert table_words(argv) is None, argv
