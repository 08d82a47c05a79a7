"""Standard modules loaded when first used, for a quicker console-script start.

`dataclasses` imports `inspect` (which brings `ast`, `dis`, `tokenize`...:
about 11 ms of a table command's start here) only to describe a class that
has no docstring, which none of ours lacks. `defer` puts a stand-in for such
a module into `sys.modules`: `import inspect` then costs nothing, and the
first time one of its attributes is read the real module is imported, its
names copied into the stand-in (so later reads are plain lookups) and put in
its place in `sys.modules`. Only the `throne` console script (`cli.main`)
defers, before anything else is imported; importing the package as a
library changes nothing.

(`importlib.util.LazyLoader` cannot do this: the import statement itself
reads the module's `__spec__`, which makes a lazy module load at once when
it is imported a second time, as `dataclasses` imports `inspect`.)
"""

from __future__ import annotations

import sys
import types

DEFERRED = ("inspect",)   # imported by dataclasses, used by none of our classes


class Deferred(types.ModuleType):
    """A module's stand-in: the first attribute read imports the real one."""

    __spec__ = None   # (what `import` reads of a module already loaded)

    def __getattr__(self, attr: str) -> object:
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        import importlib

        real = importlib.import_module(name)
        self.__dict__.update(real.__dict__)
        return getattr(real, attr)


def defer(name: str) -> None:
    """Make `import name` lazy for this process (nothing if already imported)."""
    if name not in sys.modules:
        sys.modules[name] = Deferred(name)


def defer_all() -> None:
    """Defer every module of DEFERRED."""
    for name in DEFERRED:
        defer(name)
