"""Shared by every test: Hypothesis settings, a private state folder, and
the browser fixture.

Hypothesis's per-example deadline (200 ms by default) measures wall time,
which on a shared two-core machine depends on whatever else runs; a slow
example is not a wrong one, so the deadline is off (`max_examples` bounds
the time). The tests keep their state (the table page's kept secrets) and data (the
play history) in folders of their own, never in the user's real ones. `browser` is the
OS Chromium driven by Playwright (`web_browser`), for the browser tests.

The fast lane (`pytest -m "not slow"`) leaves out every test marked `slow`:
each test that uses the browser is marked here, once, by its fixture; long
simulations and builds of every output carry the mark in their own files.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from web_browser import browser  # noqa: F401 - a fixture for the browser tests

settings.register_profile("throne", deadline=None)
settings.load_profile("throne")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives the browser as slow (out of the fast lane)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="session")
def _private_state_folder(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        yield

