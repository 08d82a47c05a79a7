"""The import check of the quick paths' tests: a script's prefix that notes
what the interpreter loaded before the command, and a suffix that fails when
the command loaded any of the modules it must not (click, YAML, the slow
standard modules)."""

from __future__ import annotations

STARTED = "import sys; started = set(sys.modules)\n"


def heavy_check(names: tuple[str, ...]) -> str:
    """Code that asserts no module of `names`, click or YAML was loaded since
    `STARTED` ran (an editable install's path finder may import typing at
    start-up: that is not the command's doing)."""
    return ("heavy = sorted(m for m in sys.modules if m not in started and (\n"
            "    m.split('.')[0] in ('click', 'yaml')\n"
            f"    or m in {names!r}))\n"
            "assert not heavy, heavy\n")
