"""Each paper's sheets remembered between builds: the same bytes as laying them
out, and laid out again whenever the content, the options, the program or the
entry says so."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from throne_pnp.content import load_content
from throne_pnp.render import booklet, layout_memo, pdf
from throne_pnp.render import build as build_module
from throne_pnp.render.build import build


@pytest.fixture
def laid_out(monkeypatch) -> list[str]:
    """The papers whose rules were really laid out (not read back)."""
    calls: list[str] = []
    real = booklet.rules_pages

    def counted(content, paper, ink_saver=False):
        calls.append(paper)
        return real(content, paper, ink_saver)

    monkeypatch.setattr(booklet, "rules_pages", counted)
    return calls


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.*"))}


def test_remembered_sheets_print_the_same_bytes(private_cache, laid_out, tmp_path,
                                                monkeypatch) -> None:
    content = load_content()
    build(content, tmp_path / "first", parallel=False)
    assert sorted(laid_out) == ["a4", "letter"]
    assert len(list(private_cache.rglob("layout-*.pickle"))) == 2
    build(content, tmp_path / "kept", parallel=False)
    monkeypatch.setattr(build_module, "_core_free", lambda: True)   # fork, busy or not
    build(content, tmp_path / "forked", parallel=True)
    assert sorted(laid_out) == ["a4", "letter"]          # both read back, here and forked
    monkeypatch.setenv("THRONE_NO_CACHE", "1")
    build(content, tmp_path / "plain", parallel=False)
    plain = _files(tmp_path / "plain")
    assert len(plain) == 45
    for name in ("first", "kept", "forked"):
        assert _files(tmp_path / name) == plain, name


def test_other_content_or_options_are_laid_out_again(private_cache, laid_out,
                                                     tmp_path) -> None:
    content = load_content()
    one = {"papers": ("a4",), "formats": ("pdf",), "parallel": False}
    build(content, tmp_path / "a", **one)
    build(content, tmp_path / "b", ink_saver=True, **one)
    build(content, tmp_path / "c", layout="fold", **one)
    renamed = dataclasses.replace(
        content, map=dataclasses.replace(content.map, name="Kingdom of Elsewhere"))
    build(renamed, tmp_path / "d", **one)
    build(content, tmp_path / "e", **one)                # the first, read back
    assert laid_out == ["a4"] * 4
    assert _files(tmp_path / "e") == _files(tmp_path / "a")
    for other in "bcd":
        assert _files(tmp_path / other) != _files(tmp_path / "a"), other


@pytest.mark.parametrize("entry", [b"", b"not a pickle", b"\x80\x05K\x01."])  # the last: 1
def test_a_damaged_or_foreign_entry_means_laying_out_again(private_cache, laid_out,
                                                           tmp_path, entry) -> None:
    content = load_content()
    one = {"papers": ("a4",), "formats": ("pdf",), "parallel": False}
    build(content, tmp_path / "a", **one)
    (found,) = private_cache.rglob("layout-*.pickle")
    found.write_bytes(entry)
    build(content, tmp_path / "b", **one)
    assert laid_out == ["a4", "a4"]
    assert _files(tmp_path / "b") == _files(tmp_path / "a")


def test_without_the_sources_nothing_is_kept(private_cache, laid_out, tmp_path,
                                             monkeypatch) -> None:
    def no_source() -> bytes:
        raise OSError("byte code only")

    monkeypatch.setattr(layout_memo, "_program_digest", no_source)
    one = {"papers": ("a4",), "formats": ("pdf",), "parallel": False}
    build(load_content(), tmp_path / "a", **one)
    build(load_content(), tmp_path / "b", **one)
    assert laid_out == ["a4", "a4"]
    assert not list(private_cache.rglob("layout-*.pickle"))


def test_the_program_digest_follows_every_source_file(tmp_path, monkeypatch) -> None:
    root = tmp_path / "throne_pnp"
    (root / "render" / "__pycache__").mkdir(parents=True)
    (root / "__init__.py").write_text("VERSION = 1\n")
    (root / "render" / "cards.py").write_text("WIDTH = 63\n")
    monkeypatch.setattr(layout_memo, "_ROOT", root)

    def digest() -> bytes:
        monkeypatch.setattr(layout_memo, "_program", None)
        return layout_memo._program_digest()

    first = digest()
    (root / "render" / "__pycache__" / "cards.cpython-311.pyc").write_bytes(b"\0")
    (root / "render" / "notes.txt").write_text("not code")
    assert digest() == first
    (root / "render" / "cards.py").write_text("WIDTH = 64\n")
    assert digest() != first
    (root / "render" / "cards.py").write_text("WIDTH = 63\n")
    assert digest() == first
    (root / "render" / "extra.py").write_text("")
    assert digest() != first                    # a module added: another program
    for source in root.rglob("*.py"):
        source.unlink()                         # byte code only
    with pytest.raises(OSError):
        digest()
    monkeypatch.undo()
    real = layout_memo._program_digest()
    assert real == layout_memo._program_digest() and len(real) == 32


@pytest.fixture
def drawn(monkeypatch) -> list[int]:
    """How many pages were drawn afresh (not replayed) as PDF operators."""
    counts: list[int] = []
    real = pdf._Painter.draw

    def counted(self, items):
        if type(items) is list:      # a page's items (groups and icons hold tuples)
            counts.append(1)
        return real(self, items)

    monkeypatch.setattr(pdf._Painter, "draw", counted)
    return counts


def test_a_kept_paper_is_not_drawn_again(private_cache, drawn, tmp_path) -> None:
    content = load_content()
    one = {"papers": ("letter",), "parallel": False}
    build(content, tmp_path / "svg", formats=("svg",), **one)      # kept without drawings
    assert drawn == []
    build(content, tmp_path / "a", formats=("pdf",), **one)
    first = len(drawn)
    assert first > 10                      # every page of the paper, once
    build(content, tmp_path / "b", formats=("pdf",), **one)
    build(content, tmp_path / "c", formats=("pdf", "svg"), **one)
    assert len(drawn) == first             # replayed from the kept drawing
    assert _files(tmp_path / "b") == _files(tmp_path / "a")


def test_a_kept_build_loads_no_layout_code(tmp_path) -> None:
    """What only laying out needs (the booklet, the map sheets, the pack and the
    rules behind the worked examples) is not even imported from a kept layout."""
    code = ("import sys; from pathlib import Path; from throne_pnp.content import load_content;"
            " from throne_pnp.render.build import build;"
            " build(load_content(), Path(sys.argv[1]), papers=('a4',), parallel=False);"
            " print(sorted(m for m in sys.modules if m.startswith('throne_pnp.')"
            " and m.rsplit('.', 1)[-1] in ('booklet', 'mapsheet', 'pack', 'worked')))")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("THRONE_NO_CACHE", None)
    loaded = [subprocess.run([sys.executable, "-c", code, str(tmp_path / name)], env=env,
                             check=True, capture_output=True, text=True).stdout.strip()
              for name in ("first", "kept")]
    assert loaded == ["['throne_pnp.assistant.worked', 'throne_pnp.render.booklet', "
                      "'throne_pnp.render.mapsheet', 'throne_pnp.render.pack']", "[]"]
