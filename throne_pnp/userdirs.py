"""The user's own folders for what the program keeps between runs (XDG layout).

- `state_dir()`: what must outlive a run but is no document of the user's
  (the table page's secrets per save), `$XDG_STATE_HOME/throne_pnp`, else
  `~/.local/state/throne_pnp`.

A relative `XDG_*` value is ignored, as the XDG spec says. Each returns None
when no home folder can be found; callers then keep nothing.
"""

from __future__ import annotations

import os
from pathlib import Path


def _user_dir(variable: str, default: tuple[str, ...]) -> Path | None:
    base = os.environ.get(variable, "")
    if base and os.path.isabs(base):
        return Path(base) / "throne_pnp"
    try:
        return Path.home().joinpath(*default, "throne_pnp")
    except (RuntimeError, KeyError, OSError):   # no home directory to be found
        return None


def state_dir() -> Path | None:
    """`$XDG_STATE_HOME/throne_pnp`, else `~/.local/state/throne_pnp`; None if unknown."""
    return _user_dir("XDG_STATE_HOME", (".local", "state"))
