"""What is left of the on-disk cache: the byte store of render's memos.

The content is no longer cached on disk (`content.loader` reads and checks
the YAML at every start: fast enough at the table, see
scripts/bench_resolve.py). Only `render.font_memo`, `fit_memo` and
`layout_memo` still call `fetch_bytes`, `store_bytes` and `code_digest`;
issue 27 removes those memos in render/, and this module goes with them.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from throne_pnp.userdirs import cache_dir

KEEP = 16          # entries kept per kind; older ones are removed when one is written
_SOURCES = Path(__file__).resolve().parent


def code_digest() -> bytes:
    """Digest of the program version, Python version and content/'s sources."""
    from throne_pnp import __version__

    h = hashlib.sha256(f"{__version__}|{sys.version_info[:2]}|".encode())
    for path in sorted(_SOURCES.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.digest()


def _entry(key: str, kind: str, suffix: str) -> Path | None:
    folder = cache_dir()
    return folder / f"{kind}-{key}.{suffix}" if folder is not None else None


def fetch_bytes(key: str, kind: str, suffix: str) -> bytes | None:
    """The bytes of the `kind` entry for `key`; None when there is none or it is
    not the user's own (writable by no one else)."""
    if os.environ.get("THRONE_NO_CACHE"):
        return None
    path = _entry(key, kind, suffix)
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            if (hasattr(os, "getuid") and st.st_uid != os.getuid()) or st.st_mode & 0o022:
                return None
            return fh.read()
    except OSError:
        return None


def store_bytes(key: str, kind: str, suffix: str, data: bytes) -> None:
    """Write a `kind` entry under `key` atomically; skipped when the folder is
    unwritable (or THRONE_NO_CACHE is set)."""
    if os.environ.get("THRONE_NO_CACHE"):
        return
    path = _entry(key, kind, suffix)
    if path is None:
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
        _prune(path.parent, f"{kind}-*.{suffix}")
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def _prune(folder: Path, pattern: str) -> None:
    """Keep the KEEP most recently written entries matching `pattern`."""
    entries = []
    for path in folder.glob(pattern):
        try:
            entries.append((path.stat().st_mtime_ns, path))
        except OSError:
            pass
    entries.sort(reverse=True)
    for _, path in entries[KEEP:]:
        try:
            path.unlink()
        except OSError:
            pass
