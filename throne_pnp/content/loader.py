"""`load_content`: the validated edition, as fast as the files allow.

The lookup (`--content`, `THRONE_CONTENT`, `./content`, bundled) is in
`lookup`; the full check is in `check` (YAML, every rule); `cache` keeps the
checked result on disk keyed by the files' bytes. This module ties them
together and imports the YAML machinery only when the cache has no answer,
so a table command on unchanged content never parses YAML.
"""

from __future__ import annotations

from pathlib import Path

from throne_pnp.content import cache
from throne_pnp.content.lookup import default_content_dir
from throne_pnp.content.model import Content
from throne_pnp.errors import ContentError

# In-process memo by directory and the files' bytes (the cache key), so a
# long-running process (build --watch, the simulator) sees every edit.
_loaded: dict[tuple[str, str], Content] = {}


def load_content(directory: Path | str | None = None) -> Content:
    """Load a valid content directory or raise ContentError listing every problem.

    `None` applies the lookup order (THRONE_CONTENT, ./content, bundled).
    """
    directory = Path(directory) if directory is not None else default_content_dir()
    key = cache.content_key(directory) if directory.is_dir() else None
    memo = (str(directory.resolve()), key) if key is not None else None
    if memo in _loaded:
        return _loaded[memo]
    content = cache.fetch(directory, key) if key is not None else None
    if content is None:
        from throne_pnp.content.check import check_content

        report = check_content(directory)
        if report.content is None:
            raise ContentError(report.problems or [f"{directory}: no usable content"])
        content = report.content
        if key is None or cache.content_key(directory) != key:
            return content   # the files changed while being read: remember nothing
        cache.store(key, content)
    if memo is not None:
        _loaded[memo] = content
    return content

