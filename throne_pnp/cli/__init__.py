"""The `throne` command line: a thin click layer over the library.

Commands live in small modules by theme (content, resolve, game, analysis);
each parses its options, calls one library function and formats the answer.
"""

from __future__ import annotations

import click

from throne_pnp import __version__
from throne_pnp.cli.common import ThroneGroup


@click.group(cls=ThroneGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="throne")
def cli() -> None:
    """Companion for the print-and-play solo wargame A Rusty Throne.

    Print the components, let the program run the mad King's side at your
    table, and measure the balance of the deck.

    \b
    Examples:
      throne build                 # PDFs and SVGs into output/
      throne new && throne status  # start tracking a game
      throne resolve king --at pos.yaml --card 2
    """


def _register() -> None:
    from throne_pnp.cli import analysis, content_cmds, game_cmds, resolve_cmds

    for module in (content_cmds, resolve_cmds, game_cmds, analysis):
        module.register(cli)


_register()


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="throne")
