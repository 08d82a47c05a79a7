"""Fuzz: mutated position files for resolve, odds and new --at.

The property (see `fuzz_kinds`): exit 0 or 2 (HTTP below 500), never a
traceback or a hang, never a save changed by a refusal. A failure prints the
case; keep it in tests/fuzz_corpus/ once fixed.
"""

from __future__ import annotations

import pytest
from fuzz_harness import Workspace, cleanup, run_case
from fuzz_settings import budget
from fuzz_strategies import STRATEGIES
from hypothesis import given


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    workspace = Workspace(tmp_path_factory.mktemp("fuzz-position"))
    yield workspace
    cleanup(workspace)


@budget(60)
@given(case=STRATEGIES["position"])
def test_fuzz_position(ws, case):
    problems = run_case("position", case, ws)
    assert not problems, "\n".join(problems)
