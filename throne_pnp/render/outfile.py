"""Writing a printed component's file over the one an earlier build left.

A rebuild rewrites every file of the last build. Opening them the usual way
(`open(path, "wb")`) truncates each to nothing first, and some file systems
answer a truncated-then-rewritten file by writing it out to disk when it is
closed (ext4's `auto_da_alloc`, which guards against empty files after a
crash): a millisecond or two a file, for the 45 files of a build more than
the whole of reportlab's start. So `write_bytes` writes the new bytes over
the old ones and then cuts the file to their length, which leaves exactly
the same file (contents, permissions, links) as truncating first.
"""

from __future__ import annotations

import os
from pathlib import Path

_FLAGS = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0)   # (no newline translation)


def write_bytes(path: Path | str, data: bytes) -> None:
    """Make the file at `path` hold exactly `data` (created if missing)."""
    fd = os.open(path, _FLAGS, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)
