"""`load_content`: the validated edition, remembered in-process but never stale."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from throne_pnp.content import check as loader
from throne_pnp.content import load_content
from throne_pnp.errors import ContentError

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def edition(tmp_path, monkeypatch):
    """A private copy of the edition and an empty in-process memo."""
    monkeypatch.setattr(loader, "_loaded", {})
    folder = tmp_path / "edition"
    shutil.copytree(REPO / "content", folder)
    return folder


def test_a_second_load_of_unchanged_files_is_the_same_content(edition):
    first = load_content(edition)
    assert load_content(edition) is first
    loader._loaded.clear()
    again = load_content(edition)
    assert again == first and again is not first


def test_an_edit_is_seen_even_with_the_same_size_and_time(edition):
    """A card renamed to a name of the same length, mtime put back: seen all the same."""
    assert load_content(edition).card(1).name == "Quiet Muster"
    path = edition / "cards.yaml"
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: Quiet Muster,", "name: Quiet Mustar,", 1),
                    encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    assert load_content(edition).card(1).name == "Quiet Mustar"


def test_invalid_content_is_reported_every_time(edition):
    (edition / "cards.yaml").write_text("cards: [\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError):
            load_content(edition)
    assert loader._loaded == {}


def test_nothing_is_written_to_the_cache_folder(edition, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    load_content(edition)
    assert not (tmp_path / "cache").exists()

