"""The footer stamp of every printed sheet: which edition, which program, when.

A sheet found in a drawer must say what it belongs to: the map's name, the
program version and a date: SOURCE_DATE_EPOCH when set, else the newest
content file's, never the clock, so the same content prints the same bytes.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from throne_pnp import __version__
from throne_pnp.content import Content
from throne_pnp.edition_lookup import CONTENT_FILES


def stamp_date(directory: Path | None, environ: dict[str, str] | None = None) -> str:
    """ISO date (UTC) for the stamp: SOURCE_DATE_EPOCH, else the newest content
    file's modification time, else "" when neither is known."""
    env = os.environ if environ is None else environ
    epoch = env.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.fromtimestamp(int(epoch), UTC).date().isoformat()
        except (ValueError, OverflowError, OSError):
            pass   # not a whole number of seconds: fall back to the files
    mtimes = []
    for name in CONTENT_FILES if directory else ():
        try:
            mtimes.append((Path(directory) / name).stat().st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(int(max(mtimes)), UTC).date().isoformat() if mtimes else ""


def stamp_text(content: Content, environ: dict[str, str] | None = None) -> str:
    """"Kingdom of Prydon · throne_pnp 0.1.0 · 2026-11-30" for `content`."""
    parts = [content.map.name, f"throne_pnp {__version__}"]
    date = stamp_date(getattr(content, "directory", None), environ)
    if date:
        parts.append(date)
    return " · ".join(parts)
