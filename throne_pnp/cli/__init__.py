"""The `throne` command line: a thin click layer over the library.

The click group and its commands are in `cli.group` (each command's module
loaded when that command runs). `main`, the console script, first offers the
words typed to `cli.quick`, which answers the table's most frequent question
(`throne resolve king --at FILE --card N`, typed plainly) without loading
click at all; everything else, every refusal included, goes to click. The
group's names (`cli`, `COMMAND_MODULES`, ...) are importable from here as
before, loaded on first use (PEP 562) so that the fast path never pays for
them.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_GROUP_NAMES = ("cli", "COMMAND_MODULES", "HELP_SECTIONS", "SUMMARIES", "LazyGroup")


def __getattr__(name: str) -> Any:
    if name in _GROUP_NAMES:
        from throne_pnp.cli import group

        return getattr(group, name)
    raise AttributeError(f"module 'throne_pnp.cli' has no attribute {name!r}")


def main() -> None:
    """Console-script entry point."""
    from throne_pnp.cli.quick import answered

    if answered(sys.argv[1:]):
        return
    from throne_pnp.cli import quick_table

    if quick_table.answered(sys.argv[1:]):
        return
    from throne_pnp.cli.group import cli

    cli(prog_name="throne")
