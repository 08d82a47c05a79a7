"""The page's one door into the tracked game: the save file fixed at startup.

Reads: the save is replayed into a `Session` only when it changed (its
modification time, size and inode are the version), so a page view after
another page view costs a stat. Writes: every command runs under the same
exclusive save lock as the CLI (`Session.locked`), on a session opened
inside the lock, through the same command functions (`assistant.commands`);
so the CLI and the page can take turns on one save and never lose an update.

No request parameter ever becomes a path: the save path is given once, here.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from throne_pnp.assistant.session import Session
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.web import views


@dataclass
class Snapshot:
    """One version of the save as the page shows it."""

    version: str
    session: Session | None
    recent: views.Recent | None
    problem: str | None = None      # the save exists but cannot be read


@dataclass
class Flash:
    """A message for the next page view, kept only while the save is unchanged."""

    version: str
    title: str
    lines: list[str]
    error: bool = False


class Door:
    """The save at `path` with `content`, for one server."""

    def __init__(self, path: Path, content: Content):
        self.path = path
        self.content = content
        self._cache: Snapshot | None = None
        self._flash: Flash | None = None
        self.mutex = threading.Lock()

    def version(self) -> str:
        """A cheap token that changes whenever the save is replaced."""
        try:
            st = os.stat(self.path)
        except OSError:
            return "none"
        return f"{st.st_mtime_ns:x}-{st.st_size:x}-{st.st_ino:x}"

    def snapshot(self) -> Snapshot:
        """The current save, replayed (cached while its version holds)."""
        version = self.version()
        cached = self._cache
        if cached is not None and cached.version == version:
            return cached
        if version == "none":
            snap = Snapshot(version, None, None)
        else:
            try:
                session = Session.open(self.path, self.content)
                snap = Snapshot(version, session, views.recent(session))
            except ThroneError as exc:
                snap = Snapshot(version, None, None, str(exc))
        if snap.version == self.version():
            self._cache = snap
        return snap

    @contextmanager
    def locked(self) -> Iterator[Session]:
        """A session opened under the save lock, for one command."""
        with self.mutex, Session.locked(self.path, self.content) as session:
            yield session

    def run(self, command: Callable[[Session], Any]) -> Any:
        """Run one command function on a freshly locked session."""
        with self.locked() as session:
            return command(session)

    # -- the message shown once after a command

    def flash(self, title: str, lines: list[str], error: bool = False) -> None:
        self._flash = Flash(self.version(), title, list(lines), error)

    def take_flash(self, errors_only: bool = False) -> Flash | None:
        """The pending message: a refusal is shown once; other messages (what undo
        asks of the table) stay while the save is unchanged, for the table page
        only (`errors_only` for the other pages)."""
        flash = self._flash
        if flash is None or flash.version != self.version():
            self._flash = None
            return None
        if errors_only and not flash.error:
            return None
        if flash.error:
            self._flash = None
        return flash
