"""Fuzz: the table page's routes with garbage in every field, encoding, cookie and header.

The property (see `fuzz_kinds`): exit 0 or 2 (HTTP below 500), never a
traceback or a hang, never a save changed by a refusal. A failure prints the
case; keep it in tests/fuzz_corpus/ once fixed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from fuzz_harness import Workspace, cleanup, run_case
from fuzz_settings import budget
from fuzz_strategies import STRATEGIES
from hypothesis import given


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    workspace = Workspace(tmp_path_factory.mktemp("fuzz-web"))
    yield workspace
    cleanup(workspace)


@pytest.mark.slow
@budget(150)
@given(case=STRATEGIES["web"])
def test_fuzz_web(ws, case):
    problems = run_case("web", case, ws)
    assert not problems, "\n".join(problems)
