"""Each paper's laid-out sheets, remembered between builds.

Laying out one paper's sheets (the rules booklet set line by line, the
map, the card sheets, the pack's guide and extras) is about a quarter of
what a build does for that paper, and gives the same pages every time the
content, the options and the program are unchanged; so is drawing them as
PDF operators (`pdf.DrawCache`), another quarter. So `build` keeps them,
with their drawing, in the user's cache folder (see `content.cache`),
pickled, under a key made of everything that decides them:

- the content itself (its whole model as text, so an edited or in-memory
  edition gets its own key) and the footer stamp (which carries a date);
- the paper and the build's options;
- the program: the source of every module of the package (layout reaches
  into the rules for its worked examples, and into the content model),
  read once per build (about 5 ms);
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
import os
import pickle
import sys
from pathlib import Path
from typing import TypeVar

from throne_pnp.content import Content, cache

T = TypeVar("T")

_ROOT = Path(__file__).resolve().parent.parent    # the throne_pnp package
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
    """The cache key of one paper's sheets; None when the program's sources
    cannot be read."""
    try:
        program = _program_digest()
    except OSError:
        return None
    # Its text form names every field of every value, in order; unlike its
    # pickle, it does not depend on which equal strings happen to be shared
    # (an edition parsed from YAML and one read back from the content cache).
    model = repr(content).encode()
    h = hashlib.sha256(program)
    h.update(len(model).to_bytes(8, "big") + model)
    h.update(repr(options).encode())
    return h.hexdigest()[:32]


def _program_digest() -> bytes:
    """Digest of every source file of the package, reportlab's version and font
    files, and the Python version (OSError when the sources are not on disk)."""
    global _program
    if _program is None:
        import reportlab

        from throne_pnp.render.fonts import FACES, font_dir

        h = hashlib.sha256(f"reportlab {reportlab.Version}|{sys.version}|".encode())
        sources = 0
        for folder, subfolders, files in os.walk(_ROOT):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(".py")):
                path = Path(folder, name)
                source = path.read_bytes()
                h.update(f"{path.relative_to(_ROOT)}:{len(source)}:".encode() + source)
                sources += 1
        if not sources:
            raise OSError(f"no source files under {_ROOT}")
        for face in sorted(FACES.values()):
            h.update((font_dir() / face).read_bytes())
        _program = h.digest()
    return _program
