"""Reading a file the user names, with limits: one reader for every input file.

A content file, save or position file may be `/dev/zero`, a pipe no one writes to, a folder
or gigabytes, where `read_bytes()` blocks or runs out of memory. `read_limited` opens without
blocking, reads regular files only and never more than a cap; a refusal is a `FileRefused`
saying what the file is and what is expected, ready to be prefixed with its name."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from throne_pnp.errors import ThroneError

MB = 1024 * 1024
CONTENT_LIMIT = 4 * MB      # one YAML file of an edition (the bundled ones are a few KB)
SAVE_LIMIT = 16 * MB        # a save of a very long game is well under 1 MB
POSITION_LIMIT = 1 * MB     # a position is one line


class FileRefused(ThroneError):
    """A file that cannot be read as user input; the message says why (no name)."""

    def __init__(self, why: str, missing: bool = False):
        super().__init__(why)
        self.why = why
        self.missing = missing

    def about(self, name: object) -> str:
        """The one line for the file `name`: `map.yaml: cannot be read: it is a named pipe ...`."""
        if self.why.startswith("is "):
            return f"{name}: cannot be read: it {self.why}"
        return f"{name}: {self.why}"


_KINDS_OF_FILE = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                  (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a block device"),
                  (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS_OF_FILE if test(mode)), "not a regular file")


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; FileRefused otherwise.

    Opened non-blocking (a named pipe does not wait for a writer) and checked
    on the open descriptor, so what is read is what was checked.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused("not found", missing=True) from None
    except IsADirectoryError:
        raise FileRefused("is a folder, not a file") from None
    except OSError as exc:
        raise FileRefused(f"cannot be read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"is {_kind(info.st_mode)}, not a regular file; "
                              "name a file")
        if info.st_size > limit:
            raise FileRefused(f"is too large ({info.st_size // MB + 1} MB; at most "
                              f"{limit // MB} MB is read)")
        chunks = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            except OSError as exc:
                if exc.errno == errno.EAGAIN:
                    continue
                raise FileRefused(f"cannot be read: {exc.strerror or exc}") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:   # grew while being read
                raise FileRefused(f"is too large (at most {limit // MB} MB is read)")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text_limited(path: Path | str, limit: int) -> str:
    """`read_limited` decoded as UTF-8; FileRefused when it is not UTF-8 text."""
    raw = read_limited(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused("is not UTF-8 text; save it as UTF-8") from None
