"""`load_content`: the validated edition of a content directory (`check`), remembered
within one process under the bytes of its files, so a long-running one sees every edit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from throne_pnp.content.check import check_content
from throne_pnp.content.model import Content
from throne_pnp.edition_lookup import CONTENT_FILES, default_content_dir
from throne_pnp.errors import ContentError
from throne_pnp.userfile import CONTENT_LIMIT, FileRefused, read_limited

_loaded: dict[tuple[str, str], Content] = {}


def files_digest(directory: Path) -> str | None:
    """A digest of the bytes of the edition's files; None when one cannot be read."""
    h = hashlib.sha256()
    for name in CONTENT_FILES:
        try:
            data = read_limited(directory / name, CONTENT_LIMIT)
        except FileRefused as exc:
            if exc.missing:
                h.update(f"{name}:absent;".encode())
                continue
            return None
        h.update(f"{name}:{len(data)}:".encode() + data)
    return h.hexdigest()


def load_content(directory: Path | str | None = None) -> Content:
    """Load a valid content directory (None: the lookup's) or raise ContentError."""
    directory = Path(directory) if directory is not None else default_content_dir()
    digest = files_digest(directory) if directory.is_dir() else None
    memo = (str(directory.resolve()), digest) if digest is not None else None
    if memo in _loaded:
        return _loaded[memo]
    report = check_content(directory)
    if report.content is None:
        raise ContentError(report.problems or [f"{directory}: no usable content"])
    if memo is not None and files_digest(directory) == digest:   # (unchanged while read)
        _loaded[memo] = report.content
    return report.content
