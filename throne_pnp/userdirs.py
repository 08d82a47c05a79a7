"""The user's XDG folders: `state_dir()` for what outlives a run but is no document of the
user's (the table page's secrets per save), `data_dir()` for records the user keeps (the play
history). A relative `XDG_STATE_HOME` or `XDG_DATA_HOME` is ignored."""

from __future__ import annotations

import os
from pathlib import Path


def _xdg(variable: str, *default: str) -> Path | None:
    base = os.environ.get(variable, "")
    if base and os.path.isabs(base):
        return Path(base) / "throne_pnp"
    try:
        return Path.home().joinpath(*default, "throne_pnp")
    except (RuntimeError, KeyError, OSError):   # no home directory to be found
        return None


def state_dir() -> Path | None:
    """`$XDG_STATE_HOME/throne_pnp`, else `~/.local/state/throne_pnp`; None if no home."""
    return _xdg("XDG_STATE_HOME", ".local", "state")


def data_dir() -> Path | None:
    """`$XDG_DATA_HOME/throne_pnp`, else `~/.local/share/throne_pnp`; None if no home."""
    return _xdg("XDG_DATA_HOME", ".local", "share")
