"""The `throne` command line: a thin click layer over the library, the click group with
its commands (modules by theme) and its sectioned help.

The heavy optional parts (build, simulator, search, web page) are imported
inside the commands that need them, so the table's commands never load them.
"""

from __future__ import annotations

import click

from throne_pnp import __version__
from throne_pnp.cli import (
    advice_cmds,
    analysis,
    content_cmds,
    game_cmds,
    history_cmds,
    record_cmds,
    resolve_cmds,
    scan_cmds,
)
from throne_pnp.cli.common import ThroneGroup

# `throne --help` by section; a command not listed here appears under "More".
HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Content and printing", ("init", "validate", "build")),
    ("Playing with the King (a tracked game)",
     ("new", "card", "battle", "withdraw", "move", "rally", "done", "hand", "status", "show",
      "log", "undo", "fix", "recover", "play", "serve", "scan")),
    ("Advice and records", ("hint", "review", "history")),
    ("Answers and analysis", ("resolve", "odds", "simulate")),
)
SUMMARIES = {
    "init": "Write an editable copy of the edition (./content).",
    "validate": "Check the content; list every problem with its line.",
    "build": "Write the map, cards and rules (PDF, SVG) to ./output.",
    "new": "Start tracking a game (virtual cards, or --physical).",
    "card": "Play the phase card; the King acts, move by move.",
    "battle": "Fight the next battle with a card from your hand.",
    "withdraw": "Send your beaten cubes to a neighbouring territory.",
    "move": "Move your cubes to a neighbour (1 command point).",
    "rally": "Add a cube at a castle you hold (2 command points).",
    "done": "End your Player Actions; their battles follow.",
    "status": "Where the game stands and what comes next.",
    "show": "The board as text, or drawn on the map (--svg).",
    "log": "Every accepted command, in words.",
    "undo": "Take back the last N commands.",
    "fix": "Make the record match the table.",
    "hand": "Physical cards: tell the program your hand.",
    "recover": "Rescue a save that no longer loads.",
    "play": "A whole game with prompts.",
    "scan": "Read a photo of the table; compare it with the game.",
    "serve": "The table page: play from a phone or tablet (--lan).",
    "resolve": "What the King does from a position (no saved game).",
    "odds": "Exact battle odds for each card you could play.",
    "simulate": "Play many games headless: the balance of the deck.",
    "hint": "The best choice now, with its chance of winning.",
    "review": "Your decisions marked: inaccuracies, mistakes, blunders.",
    "history": "Your finished games, win rates; BG Stats and BGG exports.",
}


class SectionedGroup(ThroneGroup):
    """Lists its commands in the order a player meets them (HELP_SECTIONS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(self.commands)
        ordered = [n for _, section in HELP_SECTIONS for n in section if n in names]
        return ordered + sorted(names - set(ordered))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list by section, one line each (SUMMARIES, else the short help)."""
        names = self.list_commands(ctx)
        listed = {n for _, section in HELP_SECTIONS for n in section}
        for title, section in [*HELP_SECTIONS, ("More", [n for n in names if n not in listed])]:
            found = [(n, self.get_command(ctx, n)) for n in section if n in names]
            rows = [(n, SUMMARIES.get(n) or c.get_short_help_str(limit=60))
                    for n, c in found if c is not None and not c.hidden]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


@click.group(cls=SectionedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="throne")
def cli() -> None:
    """Companion for the print-and-play solo wargame A Rusty Throne.

    Print the components, let the program run the mad King's side at your
    table, and measure the balance of the deck.

    Content comes from --content DIR, else $THRONE_CONTENT, else ./content
    when this folder holds an edition, else the bundled edition.

    \b
    Examples:
      throne build                 # PDFs and SVGs into ./output
      throne new && throne status  # start tracking a game
      throne resolve king --at pos.yaml --card 2
      throne init                  # an editable copy of the cards and map

    \b
    Tab completion, bash (zsh, fish: zsh_source, fish_source):
      eval "$(_THRONE_COMPLETE=bash_source throne)"
    """


for _module in (content_cmds, resolve_cmds, game_cmds, record_cmds, analysis, advice_cmds,
                history_cmds, scan_cmds):
    for _command in _module.COMMANDS:
        cli.add_command(_command)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="throne")
