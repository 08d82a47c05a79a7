"""Fuzz: the files the user owns (SPEC §12): outputs aimed at the save, an edition and
the package; saves and lock files behind links; writes under a file-size limit; clients
leaving a real server mid-body (the families of `fuzz_owned`).

The property: never a traceback, a 5xx or a hang; a refused command changes no file
and makes none; a success writes only the path the user named; the package, the
bundled edition, links and planted lock links are never written through.
"""

from __future__ import annotations

import pytest
from fuzz_harness import Workspace, cleanup, run_case
from fuzz_settings import budget
from fuzz_strategies import STRATEGIES
from hypothesis import given


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    workspace = Workspace(tmp_path_factory.mktemp("fuzz-owned"))
    yield workspace
    from fuzz_owned import stop_servers

    stop_servers()
    cleanup(workspace)


@pytest.mark.slow
@budget(40)
@given(case=STRATEGIES["outputs"])
def test_fuzz_outputs(ws, case):
    problems = run_case("outputs", case, ws)
    assert not problems, "\n".join(problems)


@budget(40)
@given(case=STRATEGIES["links"])
def test_fuzz_links(ws, case):
    problems = run_case("links", case, ws)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
@budget(6)
@given(case=STRATEGIES["fsize"])
def test_fuzz_fsize(ws, case):
    problems = run_case("fsize", case, ws)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
@budget(30)
@given(case=STRATEGIES["drop"])
def test_fuzz_drop(ws, case):
    pytest.importorskip("uvicorn")
    problems = run_case("drop", case, ws)
    assert not problems, "\n".join(problems)
