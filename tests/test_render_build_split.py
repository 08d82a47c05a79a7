"""The build's two halves: a forked child and this process give what a serial build gives."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render import build as build_module
from throne_pnp.render.build import _can_fork, build

pytestmark = pytest.mark.skipif(not _can_fork(), reason="the build forks on Linux only")


@pytest.fixture(autouse=True)
def _fork_whatever_the_load(monkeypatch):
    """These tests are about the fork: make it whether or not the machine is busy."""
    monkeypatch.setattr(build_module, "_core_free", lambda: True)

MISPLACED = ["map.yaml territory 5: its cube spaces reach within 2 mm of its border; move "
             "`cubes` (the block's centre) or the shape's points",
             "map.yaml territory 8: its cube spaces cover its label; move `cubes` or `label`"]


@pytest.fixture(scope="module")
def misplaced(tmp_path_factory) -> Path:
    """An edition whose cube blocks were moved onto a border and over a label."""
    target = tmp_path_factory.mktemp("edition") / "content"
    shutil.copytree(default_content_dir(), target)
    text = (target / "map.yaml").read_text()
    text = text.replace("    cubes: [115, 97]\n", "    cubes: [90, 97]\n", 1)
    text = text.replace("    cubes: [192, 93]\n", "    cubes: [192, 84]\n", 1)
    (target / "map.yaml").write_text(text)
    return target


@pytest.mark.parametrize("papers, formats", [
    (("a4", "letter"), ("pdf", "svg")),    # the check runs here, beside the Letter PDFs
    (("a4",), ("pdf",)),                   # the check is the child's whole half
    (("a4", "letter"), ("pdf",)),          # the child writes the A4 PDFs
])
def test_forked_build_gives_the_serial_notes_and_files(misplaced: Path, tmp_path: Path,
                                                       papers, formats) -> None:
    content = load_content(misplaced)
    results = {}
    for parallel in (False, True):
        notes: list[str] = []
        folder = tmp_path / str(parallel)
        paths = build(content, folder, papers=papers, formats=formats, notes=notes,
                      parallel=parallel)
        results[parallel] = (notes, [p.relative_to(folder) for p in paths],
                             [p.read_bytes() for p in paths])
    assert results[False][0] == MISPLACED
    assert results[True] == results[False]


def test_an_error_in_the_child_is_raised_here(tmp_path: Path, monkeypatch) -> None:
    def broken(*_args):
        raise RuntimeError(f"guide sheet failed in {os.getpid()}")

    monkeypatch.setattr(build_module, "_pack_svg", broken)    # written by the child
    with pytest.raises(RuntimeError, match="guide sheet failed in") as raised:
        build(load_content(), tmp_path, parallel=True)
    assert str(os.getpid()) not in str(raised.value)          # it was the child's


@pytest.mark.parametrize("load, cores, fork", [
    (0.4, 2, True), (1.6, 2, True), (2.0, 2, False), (3.5, 2, False), (0.1, 1, False),
    (6.0, 8, True),
])
def test_the_child_is_forked_only_beside_a_free_core(monkeypatch, load, cores, fork) -> None:
    monkeypatch.undo()          # (the real check, not the fixture's)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(cores)))
    assert build_module._core_free() is fork


def test_without_a_load_average_the_build_forks(monkeypatch) -> None:
    monkeypatch.undo()

    def unknown():
        raise OSError("no load average here")

    monkeypatch.setattr(os, "getloadavg", unknown)
    assert build_module._core_free() is True
