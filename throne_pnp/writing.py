"""Writing a file the user owns: one writer for every file any command writes (SPEC §12).

Every file is written whole or not at all: into `.NAME.write-PID-XXXXXXXX.tmp` beside the
target, fsynced, then renamed over it; on any failure the old file stays and the temporary
file is removed. An existing file keeps its permission bits; a new one gets 0666 less the
umask, or 0600 when `private`. `check_target` first refuses (`WriteRefused`, one line naming
the file and what to pass instead) a real target (links followed) inside the installed package
or the bundled edition; an edition's file unless `kind="edition"`; a game save unless
`kind="save"`; or anything but a regular file. A link is written through (`real_target`).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

from throne_pnp.edition_lookup import CONTENT_FILES, bundled_content_dir
from throne_pnp.errors import ThroneError
from throne_pnp.numbers import whole

PACKAGE = Path(__file__).resolve().parent            # .../throne_pnp
KINDS = ("output", "save", "edition")
_SAVE_MARK = re.compile(rb'"format"\s*:\s*"throne-game"')


class WriteRefused(ThroneError):
    """A target a command may not write: refused before anything is written."""


class WriteFailed(ThroneError):
    """The write itself failed; the old file (if any) is left as it was."""

    def __init__(self, message: str, error: OSError | None = None):
        super().__init__(message)
        self.error = error


def real_target(path: Path | str) -> Path:
    """Where a write to `path` lands: `path`, or a link's final target (the link stays)."""
    path = Path(path)
    if os.path.islink(path):
        return Path(os.path.realpath(path))
    return path


def _real(path: Path | str) -> Path:
    return Path(os.path.realpath(path))


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def protected_roots() -> list[tuple[Path, str]]:
    """The folders no command writes into: the package and the bundled edition."""
    roots = [(_real(PACKAGE), "inside the installed throne_pnp package")]
    bundled = _real(bundled_content_dir())
    if not _inside(bundled, roots[0][0]):
        roots.append((bundled, "in the edition bundled with throne"))
    return roots


def edition_file(path: Path) -> bool:
    """Is `path` (a real path) one of an edition's files (its folder holds a map.yaml)?"""
    return path.name in CONTENT_FILES and (path.parent / "map.yaml").is_file()


def holds_save(path: Path) -> bool:
    """Does the file at `path` hold a game save (its format mark, near the top)?"""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return bool(_SAVE_MARK.search(os.read(fd, 512)))
    except OSError:
        return False
    finally:
        os.close(fd)


_KINDS_OF_FILE = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                  (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                  (stat.S_ISSOCK, "a socket"))


def _kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS_OF_FILE if test(mode)), "not a regular file")


def check_target(path: Path | str, option: str = "", *, kind: str = "output",
                 saves: Iterable[Path | str | None] = (), instead: str = "",
                 edition_ok: Path | str | None = None) -> Path:
    """The real target a write to `path` would replace, else `WriteRefused` (module docstring)
    worded with `option` (`--plot`) and `instead`; `saves`: the tracked save(s); `edition_ok`:
    the one edition folder a `kind="edition"` write may go into."""
    assert kind in KINDS
    given = Path(path)
    named = f"{option} {given}" if option else str(given)
    fix = f"; {instead}" if instead else ""
    try:
        real = _real(given)
    except ValueError:           # a NUL in the name: no file can be called that
        raise WriteRefused(f"{option or 'the path'} {str(given)!r}: not a usable file "
                           f"name{fix or '; name a file to write'}") from None
    for root, where in protected_roots():
        if _inside(real, root) and not (kind == "edition" and edition_ok is not None
                                        and _real(edition_ok) == root
                                        and "package" not in where):
            raise WriteRefused(f"{named}: {_via(given, real)} {where}, which no command "
                               f"writes{fix or '; name a file of your own'}")
    try:
        info = os.stat(real)
    except OSError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise WriteRefused(f"{named}: {_via(given, real)} {_kind_of(info.st_mode)}, not a "
                           f"regular file{fix or '; name a file to write'}")
    if kind != "save":
        tracked = [_real(s) for s in saves if s is not None and str(s)]
        if real in tracked or (info is not None and holds_save(real)):
            raise WriteRefused(f"{named}: {_via(given, real)} a game save, which this "
                               f"command never writes{fix or '; name another file'}")
    if kind != "edition" and edition_file(real):
        raise WriteRefused(f"{named}: {_via(given, real)} a file of the edition in "
                           f"{real.parent}, which this command never writes"
                           f"{fix or '; name another file'}")
    return real


def _via(given: Path, real: Path) -> str:
    """The subject of a refusal: `it is`, or `its target X is` for a link."""
    if os.path.islink(given) or os.path.join(_real(given.parent), given.name) != str(real):
        return f"its target {real} is"
    return "it is"


def check_folder(folder: Path | str, option: str, instead: str = "") -> Path:
    """Refuse an output folder inside the installed package or the bundled edition
    (before anything is written into it); its real path otherwise."""
    try:
        real = _real(folder)
    except ValueError:
        raise WriteRefused(f"{option} {str(folder)!r}: not a usable folder name; name a "
                           f"folder, e.g. {option} output") from None
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise WriteRefused(f"{option} {folder}: {_via(Path(folder), real)} not a folder "
                           f"(or a link to nothing); name a folder, e.g. {option} output")
    for root, where in protected_roots():
        if _inside(real, root):
            fix = f"; {instead}" if instead else "; name a folder of your own"
            raise WriteRefused(f"{option} {folder}: {_via(Path(folder), real)} {where}, "
                               f"which no command writes{fix}")
    return real


STALE_AFTER = 600.0   # seconds: an unnamed temporary file older than this is abandoned


def temp_prefix(path: Path) -> str:
    """How the temporary files of a write to `path` begin: `.NAME.write-`."""
    return f".{path.name}.write-"


def _writer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True        # no right to signal it, or no such pid form: assume alive
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files a killed writer left beside `path`; never raises.

    Ours (`.NAME.write-PID-XXXXXXXX.tmp`) go when that process is gone or the file is
    older than STALE_AFTER; older thrones' (`.NAME.XXXXXXXX.tmp`) when older than that."""
    folder = path.parent if str(path.parent) else Path(".")
    ours, legacy = temp_prefix(path), f".{path.name}."
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(legacy) and name.endswith(".tmp")):
            continue
        middle = name[len(legacy):-len(".tmp")]
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER
            if not entry.is_file(follow_symlinks=False):
                continue
        except OSError:
            continue
        if name.startswith(ours):
            pid = whole(name[len(ours):].split("-", 1)[0])
            stale = old or pid is None or (pid != os.getpid() and not _writer_alive(pid))
        else:
            stale = old and len(middle) == 8 and set(middle) <= _MKSTEMP_CHARS
        if stale:
            with suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


_MKSTEMP_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def write_with(path: Path | str, fill: Callable[[BinaryIO], None], *, kind: str = "output",
               private: bool = False, follow: bool = True, exclusive: bool = False,
               check: Callable[[Path], None] | None = None,
               edition_ok: Path | str | None = None) -> Path:
    """Write `path` whole from `fill(handle)` (see the module docstring); returns `path`.

    `follow`: write through a link (else replace it). `exclusive`: WriteFailed when the
    target exists. `check(tmp)` vets the complete temporary file before the rename.
    `check_target` runs here too, so no caller can write where no command may."""
    target = real_target(path) if follow else Path(path)
    check_target(target, kind=kind, edition_ok=edition_ok)
    folder = target.parent if str(target.parent) else Path(".")
    mode = 0o600 if private else None
    if mode is None and not exclusive:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = None            # new: the usual bits (0666 less the umask)
    remove_stale_temps(target)
    tmp = target.with_name(f"{temp_prefix(target)}{os.getpid()}-{secrets.token_hex(4)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, 0o600 if private else 0o666)
    except OSError as exc:
        raise WriteFailed(f"cannot write {path}: {_why(exc)}", exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            fill(handle)
            handle.flush()
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        if check is not None:
            check(tmp)
        if exclusive:
            _link_new(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException as exc:
        with suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, FileExistsError) and exclusive:
            raise WriteFailed(f"{path} already exists; it is left as it was", exc) from None
        if isinstance(exc, OSError):
            raise WriteFailed(f"cannot write {path}: {_why(exc)}; it is left as it was",
                              exc) from None
        raise
    _sync_folder(folder)
    return Path(path)


def _link_new(tmp: Path, target: Path) -> None:
    """Put `tmp` at `target` only if nothing is there (a hard link, else check and rename)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "File exists", str(target)) from None
        os.replace(tmp, target)
        return
    os.unlink(tmp)


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_bytes(path: Path | str, data: bytes, **how: object) -> Path:
    """`write_with` for bytes already made."""
    return write_with(path, lambda handle: handle.write(data), **how)  # type: ignore[arg-type]


def write_text(path: Path | str, text: str, **how: object) -> Path:
    """`write_with` for text, as UTF-8 with the line ends given (never translated)."""
    return write_bytes(path, text.encode("utf-8"), **how)
