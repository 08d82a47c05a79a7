"""The table page (`throne serve`): the tracked game on a phone or tablet.

A small Starlette app over the CLI's session, commands and save lock; needs the `web`
extra (`missing()` names a module that is not installed). Importing this loads none of it.
"""

from __future__ import annotations

INSTALL = ('pip install "throne_pnp[web]"; from the throne_pnp source folder: '
           'pip install ".[web]" (or pipx install --force ".[web,png]")')
REQUIRED = ("starlette", "uvicorn", "jinja2", "multipart", "segno")


def missing() -> str | None:
    """The first module of the `web` extra that cannot be imported, or None."""
    import importlib.util

    for name in REQUIRED:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):
            return name
    return None
