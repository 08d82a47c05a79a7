"""Every test keeps its state (the table page's kept secrets) in its own folder,
never in the user's real state folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_state_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
