"""A cache of parsed, validated content on disk, so table commands skip YAML.

Reading and checking the YAML edition costs more than the King's answer
itself, and it gives the same `Content` every time the files are unchanged.
So a validated `Content` is pickled into the user's cache folder
(`$XDG_CACHE_HOME/throne_pnp`, else `~/.cache/throne_pnp`), under a key made
of the bytes of every content file, the program's version, the Python
version and the source of this package's parsers. Any edit changes the key:
a stale answer is impossible, and an old entry is merely unused (the oldest
are pruned).

The cache is an optimisation and nothing else: a missing, unreadable,
corrupt or unwritable cache falls back silently to a normal load. An entry
is unpickled only when it belongs to the user and no one else can write it
(the folder is made private), so a shared `XDG_CACHE_HOME` cannot slip code
into a load. Only
valid content is stored, so a problem is always reported fresh. Set
`THRONE_NO_CACHE=1` to bypass it. The files are the user's own, in the
user's own cache folder; nothing is ever written inside the package.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from throne_pnp.content.lookup import CONTENT_FILES
from throne_pnp.userdirs import cache_dir
from throne_pnp.userfile import CONTENT_LIMIT, FileRefused, read_limited

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: see cli.quick)
    from throne_pnp.content.model import Content

KEEP = 16          # cache entries kept; older ones are removed when one is written
_SOURCES = Path(__file__).resolve().parent   # the parsers whose output is cached
_code_digest: bytes | None = None


def _code() -> bytes:
    """Digest of the program version, Python version and this package's sources."""
    global _code_digest
    if _code_digest is None:
        from throne_pnp import __version__

        h = hashlib.sha256(f"{__version__}|{sys.version_info[:2]}|".encode())
        for path in sorted(_SOURCES.glob("*.py")):
            h.update(path.name.encode() + b"\0" + path.read_bytes())
        _code_digest = h.digest()
    return _code_digest


def code_digest() -> bytes:
    """The part of every key that is the program, not the files: its version,
    the Python version and the parsers' source (for other caches' keys)."""
    return _code()


def content_key(directory: Path) -> str | None:
    """The cache key of the edition in `directory`; None when a file cannot be read."""
    h = hashlib.sha256(_code())
    for name in CONTENT_FILES:
        try:
            data = read_limited(directory / name, CONTENT_LIMIT)
        except FileRefused as exc:
            if exc.missing:
                h.update(f"{name}:absent;".encode())
                continue
            return None   # unreadable, a folder, a pipe, huge: the normal load reports it
        h.update(f"{name}:{len(data)}:".encode() + data)
    return h.hexdigest()[:32]


def _entry(key: str, kind: str = "content", suffix: str = "pickle") -> Path | None:
    folder = cache_dir()
    return folder / f"{kind}-{key}.{suffix}" if folder is not None else None


def fetch(directory: Path, key: str) -> Content | None:
    """The cached Content for `key`, placed at `directory`; None on any trouble."""
    import pickle

    from throne_pnp.content.model import Content

    data = fetch_bytes(key, "content", "pickle")
    try:
        content = pickle.loads(data) if data is not None else None
    except Exception:   # corrupt or from an incompatible build: ignore it, load normally
        return None
    if type(content) is not Content:
        return None
    return content.replace(directory=directory)


def fetch_bytes(key: str, kind: str, suffix: str) -> bytes | None:
    """The bytes of the cached `kind` entry for `key`; None when there is none
    or it is not the user's own.

    Besides the Content itself, a value made from it alone (the rules'
    Board, see `cli.resolve_answers`) can be kept under the same key, so
    that it too is recomputed exactly when the files change."""
    if os.environ.get("THRONE_NO_CACHE"):
        return None
    path = _entry(key, kind, suffix)
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            if not _trusted(os.fstat(fh.fileno())):
                return None
            return fh.read()
    except OSError:
        return None


def _trusted(st: os.stat_result) -> bool:
    """Only the user's own entry, writable by no one else, is unpickled."""
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return False
    return not st.st_mode & 0o022


def store(key: str, content: Content) -> None:
    """Write `content` under `key` atomically; silently skipped if the folder is unwritable."""
    import pickle

    store_bytes(key, "content", "pickle",
                pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL))


def store_bytes(key: str, kind: str, suffix: str, data: bytes) -> None:
    """Write a `kind` entry under `key` atomically; silently skipped if the
    folder is unwritable (or the cache is off)."""
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


def _prune(folder: Path, pattern: str = "content-*.pickle") -> None:
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
