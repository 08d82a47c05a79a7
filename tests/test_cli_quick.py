"""The quick path of `throne resolve king` prints exactly what click prints, or hands over.

Each case runs the console entry (`python -m throne_pnp`, quick path first)
and the click group itself on the same words, and compares stdout, stderr
and the exit status byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from quick_imports import STARTED, heavy_check

from throne_pnp.cli.quick import plain_words, quick_answer

MOVE_POS = "king: {3: 2, 4: 1, 7: 2, 9: 2}\nplayer: {1: 2, 2: 1, 5: 1}\n"
BUNDLED = Path(__file__).resolve().parent.parent / "content"
CLICK = "import sys; from throne_pnp.cli import cli; cli(sys.argv[1:], prog_name='throne')"


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("THRONE_CONTENT", None)
    env.pop("_THRONE_COMPLETE", None)
    return env


def both(tmp_path: Path, words: list[str]) -> tuple[subprocess.CompletedProcess, ...]:
    """(console entry, click group) run on `words` in `tmp_path`."""
    def run(cmd: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(cmd, capture_output=True, cwd=tmp_path, env=_env(tmp_path))

    return (run([sys.executable, "-m", "throne_pnp", *words]),
            run([sys.executable, "-c", CLICK, *words]))


@pytest.fixture
def pos(tmp_path: Path) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(MOVE_POS)
    return path


@pytest.mark.parametrize("words", [
    ["--card", "2"],
    ["--card", "2", "--json"],
    ["--json", "--card", "6"],                 # Uncertain Orders without --draws
    ["--card", "9", "--content", str(BUNDLED)],
    ["--card", "99"],                          # no such card: click's refusal
    ["--card", "02"],                          # not plain: click parses it
    ["--card=2"],
    ["--card", "2", "--card", "3"],
    ["--card", "2", "extra"],
    ["--card", "2", "--content", "no-such-folder"],
    ["--card", "-2"],
    ["--card", "2", "--help"],
], ids=lambda words: " ".join(words).replace(str(BUNDLED), "BUNDLED"))
def test_the_console_entry_prints_what_click_prints(tmp_path, pos, words):
    quick, full = both(tmp_path, ["resolve", "king", "--at", str(pos), *words])
    assert (quick.returncode, quick.stdout, quick.stderr) == \
        (full.returncode, full.stdout, full.stderr)


@pytest.mark.parametrize("text", [
    "{king: {5: 1}, player: {1: 3}}",          # over the player's limit
    "king: {3:2}\n",                           # YAML's 182
    "not: [a, position\n",
])
def test_refused_positions_are_worded_by_click(tmp_path, pos, text):
    pos.write_text(text)
    quick, full = both(tmp_path, ["resolve", "king", "--at", str(pos), "--card", "2"])
    assert quick.returncode == full.returncode == 2
    assert (quick.stdout, quick.stderr) == (full.stdout, full.stderr)
    assert b"Error: --at" in quick.stderr


def test_a_missing_position_file_is_worded_by_click(tmp_path):
    quick, full = both(tmp_path, ["resolve", "king", "--at", "gone.yaml", "--card", "2"])
    assert quick.returncode == full.returncode == 2
    assert quick.stderr == full.stderr
    assert b"cannot read the position file (not found)" in quick.stderr


def test_the_quick_answer_loads_neither_click_nor_yaml(tmp_path, pos):
    """Nor typing, dataclasses or inspect (see `values`)."""
    code = (STARTED + "sys.argv = ['throne', 'resolve', 'king', '--at', sys.argv[1], "
            "'--card', '2']\n"
            "from throne_pnp.cli import main; main()\n")
    check = heavy_check(('typing', 'dataclasses', 'inspect'))
    for script in (code, code + check):   # the first run fills the content cache
        done = subprocess.run([sys.executable, "-c", script, str(pos)], capture_output=True,
                              text=True, env=_env(tmp_path))
        assert done.returncode == 0, done.stderr
    assert "move 1 King cube 9 -> 4" in done.stdout


def test_plain_words_only():
    assert plain_words(["resolve", "king", "--at", "p", "--card", "2"]) == \
        {"--at": "p", "--card": "2"}
    assert plain_words(["resolve", "king", "--json", "--card", "10", "--at", "p"]) == \
        {"--json": "", "--card": "10", "--at": "p"}
    for words in (["resolve", "king", "--at", "p"],                 # no card
                  ["resolve", "king", "--card", "2"],               # no position
                  ["resolve", "battle", "--at", "p", "--card", "2"],
                  ["resolve", "king", "--at", "p", "--card", "0x2"],
                  ["resolve", "king", "--at", "p", "--card", "2" * 10],
                  ["resolve", "king", "--at", "p", "--card", "٢"],   # a digit, not ASCII
                  ["resolve", "king", "--at", "", "--card", "2"],
                  ["resolve", "king", "--at", "p", "--card", "2", "--json", "--json"],
                  ["resolve", "king", "--at", "p", "--card"],
                  ["king", "--at", "p", "--card", "2"]):
        assert plain_words(words) is None, words


def test_completion_goes_to_click(monkeypatch, pos):
    monkeypatch.setenv("_THRONE_COMPLETE", "bash_source")
    assert quick_answer(["resolve", "king", "--at", str(pos), "--card", "2"]) is None
