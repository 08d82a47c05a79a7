"""One command at a time on a save: an exclusive lock held across read-replay-write.

Two `throne` commands (or a command and the table page of `throne serve`) given
at the same moment on the same save would otherwise both read the old state,
both be accepted, and the second write would silently drop the first command.
So every command that writes holds an exclusive, cross-process lock for its
whole read-replay-write; the second one waits for it (a few seconds at most,
then it is refused with a reason) and runs on the new state.

The lock is a small file beside the save, `.NAME.lock` (never the save
itself, which is replaced atomically on every write and so cannot carry a
lock). It is an OS lock (`flock`, straight from the standard library on
POSIX, through the `filelock` library elsewhere): a process that dies
releases it, so a crash never leaves a game locked. The lock file itself
stays in place (waiters must share one file), empty and harmless.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from throne_pnp.assistant.savefile import SaveError, check_path

DEFAULT_TIMEOUT = 5.0


def lock_path(path: Path) -> Path:
    """The lock file that guards the save at `path`: `.NAME.lock` beside it."""
    return path.with_name(f".{path.name}.lock")


@contextmanager
def save_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock on the save at `path` for the `with` block.

    Waits up to `timeout` seconds (None: `DEFAULT_TIMEOUT`, 5 s) for another
    command to finish; then raises `SaveError` ("another throne command is
    using SAVE; try again"). A folder where no lock can be made (missing,
    read-only) is a `SaveError` too. The lock is not re-entrant: do not nest
    two `save_lock`s on one save.
    """
    if timeout is None:
        timeout = DEFAULT_TIMEOUT
    check_path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():  # (filelock would create it)
        raise SaveError(f"cannot use {path}: there is no folder {folder}")
    busy = SaveError(f"another throne command is using {path} (waited {timeout:g} s); "
                     "try again when it has finished")
    try:
        release = _flock(lock_path(path), timeout)
    except TimeoutError:
        raise busy from None
    except OSError as exc:
        raise SaveError(f"cannot lock {path}: {exc.strerror or exc} (the folder must be "
                        "writable)") from None
    if release is None:  # no flock here (Windows, some network file systems)
        release = _filelock(lock_path(path), timeout, busy, path)
    try:
        yield
    finally:
        release()


def _flock(lock: Path, timeout: float) -> Callable[[], None] | None:
    """POSIX: `flock` the lock file directly; returns the release, or None
    where flock is not available. (Importing `filelock` costs more than the
    whole lock on every command, and the King's answer should stay quick;
    both use flock on the same file, so they exclude each other.)"""
    try:
        import fcntl
    except ImportError:
        return None
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                os.close(fd)
                if exc.errno in (errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOLCK):
                    return None
                raise
        if time.monotonic() >= deadline:
            os.close(fd)
            raise TimeoutError
        time.sleep(0.02)

    def release() -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    return release


def _filelock(lock: Path, timeout: float, busy: SaveError, path: Path) -> Callable[[], None]:
    """Elsewhere: the `filelock` library (the same lock file)."""
    from filelock import FileLock, Timeout

    held = FileLock(str(lock), timeout=timeout, preserve_lock_file=True)
    try:
        held.acquire()
    except Timeout:
        raise busy from None
    except OSError as exc:
        raise SaveError(f"cannot lock {path}: {exc.strerror or exc} (the folder must be "
                        "writable)") from None
    return held.release
