"""The table page (`throne serve`): the tracked game on a phone or tablet.

A small Starlette app, rendered on the server with Jinja templates, over the
same session, commands and save lock as the CLI, so one game can move freely
between the page and the terminal.

- `app`: the routes (GET pages, POST commands, `/version` for live refresh).
- `actions`: each POST form -> one `assistant.commands` call.
- `door`: the save file fixed at startup; cached reads, locked writes.
- `views`: what the templates show, built from the replayed game.
- `board`, `svgmarkup`: the printed map and card faces as inline SVG.
- `security`: host check, the `--lan` access token, anti-forgery tokens.
- `server`: the address to listen on, the join URL and its QR code, uvicorn.

Needs the `web` extra (starlette, uvicorn, jinja2, python-multipart, segno);
`missing()` names a module that is not installed, `INSTALL` says how.
Importing this package alone loads none of it.
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
