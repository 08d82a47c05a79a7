"""The page's one door into the tracked game: the save file fixed at startup.

Writes run under the CLI's save lock and only if the form's game version is the saved
one, else `Stale`, so a double tap never applies a command twice.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from throne_pnp.assistant.savefile import SaveData
from throne_pnp.assistant.session import Session
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.lines import Line, Part
from throne_pnp.web import views

FLASH_CLIENTS = 64   # messages kept at most (one per client; phones at one table)
STALE = "the game moved on since this page was shown: nothing was done"


class Stale(ThroneError):
    """A form rendered against another state of the game than the saved one."""

    def __init__(self) -> None:
        super().__init__(STALE)


def game_version(save: SaveData | None, raw: bytes | None = None) -> str:
    """What a form says it was rendered against: `none` (no save), the save's command
    count and a digest of its whole text, or a digest of an unreadable file's bytes."""
    if save is not None:
        text = save.dumps().encode("utf-8")
        return f"{len(save.commands)}-{hashlib.sha256(text).hexdigest()[:12]}"
    if raw is not None:
        return f"unreadable-{hashlib.sha256(raw).hexdigest()[:12]}"
    return "none"


@dataclass
class Snapshot:
    """One version of the save as the page shows it."""

    version: str
    session: Session | None
    recent: views.Recent | None
    problem: str | None = None      # the save exists but cannot be read
    game: str = "none"              # `game_version` of what is shown, for the forms


@dataclass
class Flash:
    """A message for the next page view, kept only while the save is unchanged."""

    version: str
    title: tuple[Part, ...]
    lines: list[Line]
    error: bool = False


class Door:
    """The save at `path` with `content`, for one server."""

    def __init__(self, path: Path, content: Content):
        self.path = path
        self.content = content
        self._cache: Snapshot | None = None
        self._flash: dict[str, Flash] = {}     # per client (the page's client cookie)
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
                snap = Snapshot(version, session, views.recent(session),
                                game=game_version(session.save))
            except ThroneError as exc:
                snap = Snapshot(version, None, None, str(exc), game=self._file_version())
        if snap.version == self.version():
            self._cache = snap
        return snap

    def run(self, command: Callable[[Session], Any], expected: str | None) -> Any:
        """Run one command function on a freshly locked session, if the form that asks
        for it was rendered against the game as it is now (`expected`); else `Stale`."""
        if expected is None:
            raise Stale()
        with self.mutex, Session.locked(self.path, self.content) as session:
            if game_version(session.save) != expected:
                raise Stale()
            return command(session)

    def _file_version(self) -> str:
        """`game_version` of the save file as it is on disk (read or not)."""
        from throne_pnp.assistant import savefile
        from throne_pnp.userfile import SAVE_LIMIT, FileRefused, read_limited

        try:
            raw = read_limited(self.path, SAVE_LIMIT)
        except FileRefused:
            return "none"
        try:
            return game_version(savefile.read(self.path))
        except ThroneError:
            return game_version(None, raw)

    def check_file(self, expected: str | None) -> None:
        """`Stale` unless the save file is still the one the form was rendered against
        (for `new`, which may replace a missing or unreadable save; hold `mutex`)."""
        if expected is None or self._file_version() != expected:
            raise Stale()

    def flash(self, client: str, title: tuple[Part, ...], lines: list[Line],
              error: bool = False) -> None:
        """Keep a message for `client`'s next page view (only that client's: a second
        phone never sees the refusal of the first one's stale form)."""
        self._flash.pop(client, None)
        self._flash[client] = Flash(self.version(), title, list(lines), error)
        while len(self._flash) > FLASH_CLIENTS:      # the oldest message goes first
            del self._flash[next(iter(self._flash))]

    def take_flash(self, client: str, errors_only: bool = False) -> Flash | None:
        """`client`'s pending message: a refusal is shown once; others (what undo asks)
        stay while the save is unchanged, on the table page only (`errors_only`)."""
        flash = self._flash.get(client)
        if flash is None or flash.version != self.version():
            self._flash.pop(client, None)
            return None
        if errors_only and not flash.error:
            return None
        if flash.error:
            del self._flash[client]
        return flash
