"""The slimmed faces, remembered between builds.

`ttfslim.slim` rewrites each of reportlab's four Vera files glyph by glyph
(about 2 ms a face, half the cost of registering it) and gives the same
bytes every time for the same file. So each slimmed face is kept in the
user's cache folder (see `content.cache`) under a key made of the original
font file's bytes, the name and style it is given, the program's version
and the source of the slimming code: a reportlab with other font files, or
an edit to `ttfslim.py`, gets a key of its own. An entry carries the
SHA-256 of its font after it, and one that does not match is ignored, so a
damaged entry only means the face is slimmed again. Nothing is unpickled.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from throne_pnp.content import cache
from throne_pnp.render.ttfslim import slim

_CODE = Path(__file__).resolve().parent / "ttfslim.py"
_DIGEST = 32     # bytes of SHA-256 after each kept face


def slimmed(original: bytes, family: str, style: str) -> bytes:
    """`slim(original, family, style)`, from the cache when it has the face."""
    key = _key(original, family, style)
    data = cache.fetch_bytes(key, "font", "ttf") if key else None
    if data is not None and len(data) > _DIGEST:
        font, digest = data[:-_DIGEST], data[-_DIGEST:]
        if hashlib.sha256(font).digest() == digest:
            return font
    font = slim(original, family, style)
    if key:
        cache.store_bytes(key, "font", "ttf", font + hashlib.sha256(font).digest())
    return font


def _key(original: bytes, family: str, style: str) -> str | None:
    """The cache key of one slimmed face; None when the slimming code cannot be
    read (byte-code-only installs: the face is then simply slimmed)."""
    try:
        code = _CODE.read_bytes()
    except OSError:
        return None
    h = hashlib.sha256(cache.code_digest())
    for part in (code, original, family.encode(), style.encode()):
        h.update(len(part).to_bytes(8, "big") + part)
    return h.hexdigest()[:32]
