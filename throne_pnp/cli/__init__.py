"""The `throne` command line: a thin click layer over the library.

Commands live in small modules by theme (content, resolve, game, analysis);
each parses its options, calls one library function and formats the answer.
A command's module is imported only when that command runs (or for the
command list in `--help`), so the King's answer loads no more than it needs.
"""

from __future__ import annotations

import importlib

import click

from throne_pnp import __version__
from throne_pnp.cli.common import ThroneGroup

# command name -> module under throne_pnp.cli that registers it
COMMAND_MODULES = {
    "validate": "content_cmds", "build": "content_cmds",
    "resolve": "resolve_cmds",
    **dict.fromkeys(("new", "card", "battle", "withdraw", "move", "rally", "done"),
                    "game_cmds"),
    **dict.fromkeys(("status", "log", "undo", "fix", "play", "show"), "record_cmds"),
    "simulate": "analysis", "odds": "analysis",
    "serve": "serve_cmds",
}


class LazyGroup(ThroneGroup):
    """Imports a command's module on first use (see COMMAND_MODULES)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMAND_MODULES) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            module = importlib.import_module(f"throne_pnp.cli.{COMMAND_MODULES[name]}")
            module.register(self)
        return self.commands.get(name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="throne")
