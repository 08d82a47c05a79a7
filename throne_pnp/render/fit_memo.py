"""The map's fit check, remembered between builds.

`mapdraw.fit_problems` (do real cubes fit the printed map's spaces?) measures
every cube space and label against its territory's outline: about 150 ms of
pure geometry, a third of a whole build, with the same answer every time the
map is unchanged. So its notes are kept in the user's cache folder (see
`content.cache`) as JSON, under a key made of the map itself (its pickled
model, so an edited map or one built in memory gets its own key), the print
scale, and the source of the code that draws and measures it. A missing,
corrupt or unwritable entry only means the check runs again.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from throne_pnp.content import Content, cache
from throne_pnp.render.mapdraw import fit_problems

_RENDER = Path(__file__).resolve().parent
# The modules whose code decides the geometry the check measures.
_SOURCES = ("mapdraw.py", "mapgeom.py", "layout.py", "fonts.py", "fit_memo.py")
_digest: bytes | None = None


def remembered_fit_problems(content: Content, scale: float) -> list[str]:
    """`fit_problems(content, scale)`, from the cache when it has the answer."""
    import json  # (here: a build without the check, as scripts run it, never needs it)

    key = _key(content, scale)
    data = cache.fetch_bytes(key, "fit", "json") if key else None
    if data is not None:
        try:
            notes = json.loads(data)
        except ValueError:
            notes = None
        if isinstance(notes, list) and all(isinstance(n, str) for n in notes):
            return notes
    notes = fit_problems(content, scale)
    if key:
        cache.store_bytes(key, "fit", "json", json.dumps(notes).encode())
    return notes


def _key(content: Content, scale: float) -> str | None:
    """The cache key of the check for this map at this scale; None when the map
    cannot be pickled or the code read (the check then simply runs)."""
    try:
        model = pickle.dumps(content.map, protocol=4)
        code = _code()
    except (pickle.PicklingError, TypeError, AttributeError, OSError):
        return None   # (OSError: the sources are not on disk, e.g. byte code only)
    h = hashlib.sha256(code)
    h.update(model)
    h.update(repr(float(scale)).encode())
    return h.hexdigest()[:32]


def _code() -> bytes:
    """Digest of the content parsers' key (`content.cache`) and the map code."""
    global _digest
    if _digest is None:
        h = hashlib.sha256(cache.code_digest())
        for name in _SOURCES:
            h.update(name.encode() + b"\0" + (_RENDER / name).read_bytes())
        _digest = h.digest()
    return _digest
