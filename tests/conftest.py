"""Shared by every test: a private state folder, and the browser fixture.

The tests keep their state (the table page's kept secrets) in a folder of
their own, never in the user's real state folder. `browser` is the OS Chromium
driven by Playwright (`web_browser`), for the browser tests.
"""

from __future__ import annotations

import pytest
from web_browser import browser  # noqa: F401 - a fixture for the browser tests


@pytest.fixture(autouse=True, scope="session")
def _private_state_folder(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
        yield
