"""The `throne` command line: a thin click layer over the library (`cli.group`)."""

from __future__ import annotations

from throne_pnp.cli.group import HELP_SECTIONS, SUMMARIES, cli

__all__ = ["HELP_SECTIONS", "SUMMARIES", "cli", "main"]


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="throne")
