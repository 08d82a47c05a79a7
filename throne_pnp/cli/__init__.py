"""The `throne` command line: a thin click layer over the library.

The click group and its commands are in `cli.group`; every command, the
King's answer included, goes through click. `main` is the console script.
"""

from __future__ import annotations

from throne_pnp.cli.group import HELP_SECTIONS, SUMMARIES, cli

__all__ = ["HELP_SECTIONS", "SUMMARIES", "cli", "main"]


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="throne")
