"""The parsed-content cache: fast when nothing changed, never stale, never in the way.

Every test points XDG_CACHE_HOME at a private folder and clears the
in-process memo, so each `load_content` call behaves like a new process.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import throne_pnp
from throne_pnp.content import cache, load_content, loader
from throne_pnp.errors import ContentError

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def edition(tmp_path, monkeypatch):
    """A private copy of the edition, a private cache folder, and no memo."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("THRONE_NO_CACHE", raising=False)
    monkeypatch.setattr(loader, "_loaded", {})
    folder = tmp_path / "edition"
    shutil.copytree(REPO / "content", folder)
    return folder


def _fresh(folder: Path):
    """load_content as a new process would run it (no in-process memo)."""
    loader._loaded.clear()
    return load_content(folder)


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "throne_pnp").glob("content-*.pickle"))


def _no_check(monkeypatch) -> None:
    """Make the full YAML check fail loudly, to prove an answer came from the cache."""
    import throne_pnp.content.check as check

    def refuse(directory):
        raise AssertionError("check_content ran")

    monkeypatch.setattr(check, "check_content", refuse)


def test_second_load_comes_from_the_cache_and_equals_the_first(edition, tmp_path,
                                                               monkeypatch):
    first = _fresh(edition)
    assert len(_entries(tmp_path)) == 1
    _no_check(monkeypatch)
    second = _fresh(edition)
    assert second == first and second is not first
    assert second.directory == edition and second.fingerprints == first.fingerprints


def test_an_edit_is_seen_even_with_the_same_size_and_time(edition, tmp_path, monkeypatch):
    """A card renamed to a name of the same length, mtime put back: a new key all the same."""
    assert _fresh(edition).card(1).name == "Quiet Muster"
    path = edition / "cards.yaml"
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: Quiet Muster,", "name: Quiet Mustar,", 1),
                    encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    assert _fresh(edition).card(1).name == "Quiet Mustar"
    assert load_content(edition).card(1).name == "Quiet Mustar"   # memo too
    assert len(_entries(tmp_path)) == 2


def test_the_same_edition_elsewhere_shares_the_entry_with_its_own_directory(edition,
                                                                          tmp_path):
    _fresh(edition)
    other = tmp_path / "other"
    shutil.copytree(edition, other)
    assert _fresh(other).directory == other
    assert len(_entries(tmp_path)) == 1


def test_a_corrupt_entry_falls_back_to_a_normal_load_and_is_replaced(edition, tmp_path):
    expected = _fresh(edition)
    (entry,) = _entries(tmp_path)
    entry.write_bytes(b"not a pickle at all")
    assert _fresh(edition) == expected
    assert pickle.loads(entry.read_bytes()) == expected


def test_an_entry_of_the_wrong_type_is_ignored(edition, tmp_path):
    expected = _fresh(edition)
    (entry,) = _entries(tmp_path)
    entry.write_bytes(pickle.dumps({"map": "not content"}))
    assert _fresh(edition) == expected


def test_an_unwritable_cache_folder_is_no_problem(edition, tmp_path, monkeypatch):
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the cache folder would go\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert _fresh(edition).map.name == "Kingdom of Prydon"
    assert blocker.read_text() == "a file where the cache folder would go\n"


def test_invalid_content_is_never_cached(edition, tmp_path):
    path = edition / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("home: 1\n", "home: 2\n"),
                    encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match="home: territory 2 has no castle"):
            _fresh(edition)
    assert _entries(tmp_path) == []


def test_the_program_version_is_part_of_the_key(edition, monkeypatch):
    before = cache.content_key(edition)
    monkeypatch.setattr(cache, "_code_digest", None)
    monkeypatch.setattr(throne_pnp, "__version__", "99.0")
    assert cache.content_key(edition) != before
    monkeypatch.setattr(cache, "_code_digest", None)


def test_no_cache_variable_bypasses_it(edition, tmp_path, monkeypatch):
    monkeypatch.setenv("THRONE_NO_CACHE", "1")
    _fresh(edition)
    assert _entries(tmp_path) == []


def test_old_entries_are_pruned(edition, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEEP", 2)
    path = edition / "rules.txt"
    for i in range(4):
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"% edit {i}\n")
        _fresh(edition)
    assert len(_entries(tmp_path)) == 2


def test_cache_folder_follows_xdg_else_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "throne_pnp"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "throne_pnp"


def test_a_table_command_on_cached_content_never_imports_yaml(tmp_path):
    """`throne status` with a warm cache: no YAML module, no full check."""
    game = tmp_path / "g.json"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    env.pop("THRONE_CONTENT", None)
    env.pop("THRONE_NO_CACHE", None)
    subprocess.run([sys.executable, "-m", "throne_pnp", "new", "--seed", "2", "--game",
                    str(game)], check=True, env=env, cwd=REPO, capture_output=True)
    code = ("import sys\n"
            "from throne_pnp.cli import cli\n"
            f"cli.main(['status', '--game', {str(game)!r}], standalone_mode=False)\n"
            "print(sorted(m for m in sys.modules if m == 'yaml' or m.startswith('yaml.')"
            " or m == 'throne_pnp.content.check'))\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=REPO,
                         capture_output=True, text=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_an_entry_others_could_write_is_not_trusted(edition, tmp_path, monkeypatch):
    expected = _fresh(edition)
    (entry,) = _entries(tmp_path)
    assert (tmp_path / "cache" / "throne_pnp").stat().st_mode & 0o777 == 0o700
    entry.chmod(0o666)
    checked = []
    import throne_pnp.content.check as check

    real = check.check_content
    monkeypatch.setattr(check, "check_content",
                        lambda d: checked.append(d) or real(d))
    assert _fresh(edition) == expected
    assert checked == [edition]           # loaded normally, not from the entry
    assert entry.stat().st_mode & 0o022 == 0       # and replaced by a private one


def _board_fields(board) -> dict:
    from throne_pnp.values import field_names

    return {name: getattr(board, name) for name in field_names(board)}


def test_resolve_keeps_its_board_beside_the_content_and_never_a_stale_one(edition,
                                                                          monkeypatch):
    """`throne resolve`'s Board comes from the cache on the second call (no YAML
    check), equals the Board made from the loaded content, and follows an edit."""
    from throne_pnp.cli.resolve_answers import load_board
    from throne_pnp.rules.board import board_from

    first = load_board(edition)
    assert _board_fields(first) == _board_fields(board_from(_fresh(edition)))
    boards = sorted((edition.parent / "cache" / "throne_pnp").glob("board-*.marshal"))
    assert len(boards) == 1
    loader._loaded.clear()
    with monkeypatch.context() as m:
        _no_check(m)
        again = load_board(edition)
    assert again is not first and _board_fields(again) == _board_fields(first)
    rulings = edition / "rulings.yaml"
    rulings.write_text(rulings.read_text().replace("castle_targets: all ",
                                                   "castle_targets: not-king "))
    loader._loaded.clear()
    edited = load_board(edition)
    assert edited.rulings.castle_targets == "not-king"
    assert first.rulings.castle_targets == "all"


def test_a_cached_board_loads_without_the_content_model(edition, tmp_path):
    """The answer's fast path: the Board's entry needs only the cards and rulings
    (and no unpickling)."""
    code = ("import sys; from throne_pnp.cli.resolve_answers import load_board\n"
            "board = load_board(sys.argv[1])\n"
            "assert board.cards[2].priority in ('rising', 'falling')\n")
    check = ("loaded = sorted(m for m in sys.modules if m in "
             "('yaml', 'pickle', 'throne_pnp.content.model'))\n"
             "assert not loaded, loaded\n")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    for script in (code, code + check):    # the first run fills the cache
        done = subprocess.run([sys.executable, "-c", script, str(edition)],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xfb\x00\x00\x00"])
def test_a_damaged_board_entry_is_made_again(edition, damage):
    from throne_pnp.cli.resolve_answers import load_board

    first = load_board(edition)
    (entry,) = (edition.parent / "cache" / "throne_pnp").glob("board-*.marshal")
    entry.write_bytes(damage)
    loader._loaded.clear()
    assert _board_fields(load_board(edition)) == _board_fields(first)
    assert entry.read_bytes() != damage        # written again, whole
