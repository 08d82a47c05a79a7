"""The build's two halves: a forked child and this process give what a serial build gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.render import build as build_module
from throne_pnp.render.build import _can_fork, build

pytestmark = pytest.mark.skipif(not _can_fork(), reason="the build forks on Linux only")

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
        raise RuntimeError("guide sheet failed")

    monkeypatch.setattr(build_module, "_pack_svg", broken)    # written by the child
    with pytest.raises(RuntimeError, match="guide sheet failed"):
        build(load_content(), tmp_path, parallel=True)
