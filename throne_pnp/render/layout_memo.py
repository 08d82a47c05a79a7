"""Each paper's laid-out sheets, remembered between builds.

Laying out one paper's sheets (the rules booklet set line by line, the
map, the card sheets, the pack's guide and extras) is about a quarter of
what a build does for that paper, and gives the same pages every time the
content, the options and the program are unchanged; so is drawing them as
PDF operators (`pdf.DrawCache`), another quarter. So `build` keeps them,
with their drawing, in the user's cache folder (see `content.cache`),
pickled, under a key made of everything that decides them:

- the content itself (its pickled model, so an edited or in-memory edition
  gets its own key) and the footer stamp (which carries a date);
- the paper and the build's options;
- the program: the source of every `throne_pnp` module loaded, since
  layout reaches into the rules (worked examples) and the content model;
- the letters' widths: reportlab's version and the bytes of its font files;
- the Python version.

Any change to one of them is a new key, so a stale layout cannot be read;
an old entry is merely unused (the oldest are pruned). A missing, corrupt,
foreign or unwritable entry only means the sheets are laid out again; an
entry is unpickled only when it is the user's own (`content.cache`).
Without the sources (byte-code-only installs) nothing is kept.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from pathlib import Path
from typing import TypeVar

from throne_pnp.content import Content, cache

T = TypeVar("T")

_program: bytes | None = None


def fetch(key: str | None, kind: type[T]) -> T | None:
    """The remembered sheets under `key` (an instance of `kind`), or None when
    there are none (or the entry is damaged, foreign or of another kind)."""
    data = cache.fetch_bytes(key, "layout", "pickle") if key else None
    if data is None:
        return None
    try:
        laid = pickle.loads(data)
    except Exception:   # corrupt, or from classes that changed: lay out anew
        return None
    return laid if type(laid) is kind else None


def store(key: str | None, laid: object) -> None:
    """Keep `laid` under `key` (nothing when there is no key or it cannot be pickled)."""
    if not key:
        return
    try:
        data = pickle.dumps(laid, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    cache.store_bytes(key, "layout", "pickle", data)


def key(content: Content, options: tuple) -> str | None:
    """The cache key of one paper's sheets; None when the content cannot be
    pickled or the program's sources cannot be read."""
    try:
        model = pickle.dumps(content, protocol=4)
        program = _program_digest()
    except (pickle.PicklingError, TypeError, AttributeError, OSError):
        return None
    h = hashlib.sha256(program)
    h.update(len(model).to_bytes(8, "big") + model)
    h.update(repr(options).encode())
    return h.hexdigest()[:32]


def _program_digest() -> bytes:
    """Digest of the loaded `throne_pnp` modules' sources, reportlab's version and
    font files, and the Python version (OSError when a source is not on disk)."""
    global _program
    if _program is None:
        import reportlab

        from throne_pnp.render.fonts import FACES, font_dir

        h = hashlib.sha256(cache.code_digest())
        h.update(f"reportlab {reportlab.Version}|{sys.version}|".encode())
        for name in sorted(m for m in sys.modules if m.split(".")[0] == "throne_pnp"):
            path = getattr(sys.modules[name], "__file__", None)
            if path is None:
                continue   # a namespace package: no code of its own
            if not path.endswith(".py"):
                raise OSError(f"{name}: no source")
            source = Path(path).read_bytes()
            h.update(f"{name}:{len(source)}:".encode() + source)
        for face in sorted(FACES.values()):
            h.update((font_dir() / face).read_bytes())
        _program = h.digest()
    return _program
