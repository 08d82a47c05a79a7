"""One command at a time on a save: an exclusive lock held across read-replay-write.

Without it, two commands at once would both read the old state and the second write would drop
the first. The lock is an OS lock (`flock`, or `filelock` off POSIX) on `.NAME.lock` beside the
save's resolved target, opened with `O_NOFOLLOW`; a dying process releases it, the file stays.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from throne_pnp.assistant.savefile import SaveError, check_path
from throne_pnp.writing import check_target, real_target

DEFAULT_TIMEOUT = 5.0


def lock_path(path: Path) -> Path:
    """The lock file that guards the save at `path`: `.NAME.lock` beside its target."""
    target = real_target(path)
    return target.with_name(f".{target.name}.lock")


@contextmanager
def save_lock(path: Path, timeout: float | None = None) -> Iterator[Path]:
    """Hold the exclusive lock on the save at `path` for the `with` block (not re-entrant).
    Waits up to `timeout` seconds (None: `DEFAULT_TIMEOUT`), then raises `SaveError`, as for a
    folder where no lock can be made. Yields the save's real target, the path to read and write."""
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    check_path(path)
    target = real_target(path)
    check_target(target, "--game", kind="save")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():  # (filelock would create it)
        raise SaveError(f"cannot use {path}: there is no folder {folder}")
    busy = SaveError(f"another throne command is using {path} (waited {timeout:g} s); "
                     "try again when it has finished")
    with file_lock(lock_path(target), timeout, busy, path):
        yield target


@contextmanager
def file_lock(lock: Path, timeout: float, busy: SaveError, path: Path) -> Iterator[None]:
    """Hold the exclusive OS lock on the lock file `lock` (guarding `path`) for the block;
    `busy` is raised after `timeout` seconds, SaveError when no lock can be made."""
    try:
        release = _flock(lock, timeout)
    except TimeoutError:
        raise busy from None
    except LinkedLock as exc:
        raise SaveError(str(exc)) from None
    except OSError as exc:
        raise SaveError(f"cannot lock {path}: {exc.strerror or exc} (the folder must be "
                        "writable)") from None
    if release is None:  # no flock here (Windows, some network file systems)
        release = _filelock(lock, timeout, busy, path)
    try:
        yield
    finally:
        release()


def _flock(lock: Path, timeout: float) -> Callable[[], None] | None:
    """POSIX: `flock` the lock file directly (importing `filelock` costs more than the lock);
    returns the release, or None where flock is not available."""
    try:
        import fcntl
    except ImportError:
        return None
    fd = open_lock_file(lock)
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


class LinkedLock(OSError):
    """A link (or anything but a plain file) where a lock file should be."""


def open_lock_file(lock: Path) -> int:
    """Open (creating it) the lock file `lock`, never through a link: a link there
    is refused (`LinkedLock`, a line saying to remove it), as is a non-file."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
    if not hasattr(os, "O_NOFOLLOW") and os.path.islink(lock):
        raise LinkedLock(_linked(lock))
    try:
        fd = os.open(lock, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP or os.path.islink(lock):
            raise LinkedLock(_linked(lock)) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LinkedLock(f"{lock} is not a plain file, so it cannot be the lock file of "
                         "the save beside it; remove it and try again")
    return fd


def _linked(lock: Path) -> str:
    return (f"{lock} is a link; a lock file is never followed through a link: remove it "
            f"(rm {lock}) and try again")


def _filelock(lock: Path, timeout: float, busy: SaveError, path: Path) -> Callable[[], None]:
    """Elsewhere: the `filelock` library (the same lock file)."""
    from filelock import FileLock, Timeout

    if os.path.islink(lock):
        raise SaveError(_linked(lock))
    held = FileLock(str(lock), timeout=timeout, preserve_lock_file=True)
    try:
        held.acquire()
    except Timeout:
        raise busy from None
    except OSError as exc:
        raise SaveError(f"cannot lock {path}: {exc.strerror or exc} (the folder must be "
                        "writable)") from None
    return held.release
