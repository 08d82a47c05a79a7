"""One command at a time on a save: an exclusive lock held across read-replay-write.

Two `throne` commands (or a command and the table page of `throne serve`) given
at the same moment on the same save would otherwise both read the old state,
both be accepted, and the second write would silently drop the first command.
So every command that writes holds an exclusive, cross-process lock for its
whole read-replay-write; the second one waits for it (a few seconds at most,
then it is refused with a reason) and runs on the new state.

The lock is a small file beside the save, `.NAME.lock` (never the save
itself, which is replaced atomically on every write and so cannot carry a
lock). It is an OS lock (`flock` through the `filelock` library): a process
that dies releases it, so a crash never leaves a game locked. The lock file
itself stays in place (waiters must share one file), empty and harmless.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from throne_pnp.assistant.savefile import SaveError

DEFAULT_TIMEOUT = 5.0
POLL = 0.05   # seconds between two tries while another command holds the lock

try:
    import fcntl
except ImportError:   # not POSIX: filelock below
    fcntl = None  # type: ignore[assignment]


def lock_path(path: Path) -> Path:
    """The lock file that guards the save at `path`: `.NAME.lock` beside it."""
    return path.with_name(f".{path.name}.lock")


@contextmanager
def save_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock on the save at `path` for the `with` block.

    Waits up to `timeout` seconds (None: `DEFAULT_TIMEOUT`, 5 s) for another
    command to finish; then raises
    `SaveError` ("another throne command is using SAVE; try again"). A folder
    where no lock can be made (missing, read-only) is a `SaveError` too. The
    lock is not re-entrant: do not nest two `save_lock`s on one save.
    """
    if timeout is None:
        timeout = DEFAULT_TIMEOUT
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():  # (filelock would create it)
        raise SaveError(f"cannot use {path}: there is no folder {folder}")
    busy = SaveError(f"another throne command is using {path} (waited {timeout:g} s); "
                     "try again when it has finished")
    if fcntl is None:
        with _filelock(path, timeout, busy):
            yield
        return
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise _unlockable(path, exc) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise busy from None
                time.sleep(POLL)
            except OSError as exc:
                raise _unlockable(path, exc) from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _unlockable(path: Path, exc: OSError) -> SaveError:
    return SaveError(f"cannot lock {path}: {exc.strerror or exc} (the folder must be "
                     "writable)")


@contextmanager
def _filelock(path: Path, timeout: float, busy: SaveError) -> Iterator[None]:
    """The same lock through the `filelock` library, where there is no fcntl."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_path(path)), timeout=timeout, preserve_lock_file=True)
    try:
        lock.acquire()
    except Timeout:
        raise busy from None
    except OSError as exc:
        raise _unlockable(path, exc) from None
    try:
        yield
    finally:
        lock.release()
