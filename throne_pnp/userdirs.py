"""`state_dir()`: the user's XDG state folder, for what outlives a run but is no document of
the user's (the table page's secrets per save). A relative `XDG_STATE_HOME` is ignored."""

from __future__ import annotations

import os
from pathlib import Path


def state_dir() -> Path | None:
    """`$XDG_STATE_HOME/throne_pnp`, else `~/.local/state/throne_pnp`; None if no home."""
    base = os.environ.get("XDG_STATE_HOME", "")
    if base and os.path.isabs(base):
        return Path(base) / "throne_pnp"
    try:
        return Path.home().joinpath(".local", "state", "throne_pnp")
    except (RuntimeError, KeyError, OSError):   # no home directory to be found
        return None
