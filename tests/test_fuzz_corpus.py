"""Every input that ever crashed `throne` (tests/fuzz_corpus/*.json) still holds.

Each file is one case of a fuzz kind (see `fuzz_kinds`), with a note saying
what it once broke; the issue-21 list comes first. A new crash found by the
fuzz tests or `scripts/fuzz_long.py` is added here as a file of its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzz_harness import Workspace, cleanup, run_case

CORPUS = Path(__file__).parent / "fuzz_corpus"
FILES = sorted(CORPUS.glob("*.json"))


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    workspace = Workspace(tmp_path_factory.mktemp("corpus"))
    yield workspace
    cleanup(workspace)


def test_the_corpus_keeps_the_issue_list():
    names = {f.stem for f in FILES}
    assert len([n for n in names if n.startswith("issue21-")]) >= 200
    for kind in ("content", "save", "args", "position", "web"):
        assert any(n.startswith(f"issue21-{kind}-") for n in names), kind


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_corpus_case_holds(ws, path):
    entry = json.loads(path.read_text(encoding="utf-8"))
    if entry["kind"] == "web":
        pytest.importorskip("starlette")
    problems = run_case(entry["kind"], entry["case"], ws)
    assert not problems, f"{entry['note']}:\n" + "\n".join(problems)
