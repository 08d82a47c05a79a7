"""Fuzz: mutated content folders: validate, then build, new, show --svg, simulate, resolve.

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
    workspace = Workspace(tmp_path_factory.mktemp("fuzz-content"))
    yield workspace
    cleanup(workspace)


@pytest.mark.slow
@budget(20)
@given(case=STRATEGIES["content"])
def test_fuzz_content(ws, case):
    problems = run_case("content", case, ws)
    assert not problems, "\n".join(problems)
