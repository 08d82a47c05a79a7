"""The table page's secrets for one save, kept across server restarts.

Open pages must survive a restarted `throne serve`, so the anti-forgery secret and the access
token are kept per save in `userdirs.state_dir()/serve/` (0600 in 0700, named by a digest of
the save's path). A file that is foreign, too open or corrupt is replaced by fresh secrets; when
nothing can be written the server runs with fresh ones; `fresh=True` (`--new-token`) forces new.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from throne_pnp.errors import ThroneError
from throne_pnp.userdirs import state_dir
from throne_pnp.writing import write_bytes

_SECRET = re.compile(r"[A-Za-z0-9_-]{20,64}")
_MAX_BYTES = 4096


@dataclass(frozen=True)
class Secrets:
    """The anti-forgery secret of the forms and the `--lan` access token."""

    csrf: str
    token: str

    @classmethod
    def fresh(cls) -> Secrets:
        return cls(csrf=secrets.token_urlsafe(24), token=secrets.token_urlsafe(18))


def secrets_file(save: Path) -> Path | None:
    """Where the secrets of `save` are kept (None: no state folder is known)."""
    folder = state_dir()
    if folder is None:
        return None
    key = hashlib.sha256(str(save.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return folder / "serve" / f"{key[:24]}.json"


def secrets_for(save: Path, fresh: bool = False) -> Secrets:
    """The kept secrets of `save`, else (or with `fresh`) new ones, kept if possible."""
    path = secrets_file(save)
    if path is None:
        return Secrets.fresh()
    if not fresh:
        kept = _read(path, save)
        if kept is not None:
            return kept
    made = Secrets.fresh()
    _write(path, save, made)
    return made


def _private(st: os.stat_result) -> bool:
    """The user's own file, which no one else may read or write."""
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return False
    return not st.st_mode & 0o077


def _read(path: Path, save: Path) -> Secrets | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as fh:
            if not _private(os.fstat(fh.fileno())):
                return None
            raw = fh.read(_MAX_BYTES + 1)
    except OSError:
        return None
    try:
        data = json.loads(raw) if len(raw) <= _MAX_BYTES else None
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("save") != str(save.resolve()):
        return None
    csrf, token = data.get("csrf"), data.get("token")
    if not all(isinstance(v, str) and _SECRET.fullmatch(v) for v in (csrf, token)):
        return None
    return Secrets(csrf=csrf, token=token)


def _write(path: Path, save: Path, kept: Secrets) -> None:
    """Write whole with mode 0600 (`writing`, not through a link); silently skipped
    when it cannot be written."""
    body = json.dumps({"save": str(save.resolve()), "csrf": kept.csrf,
                       "token": kept.token}, indent=1).encode()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_bytes(path, body, private=True, follow=False)
    except (OSError, ThroneError):
        pass
