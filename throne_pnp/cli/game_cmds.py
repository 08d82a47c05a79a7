"""Tracked-game commands: new, card, battle, withdraw, move, rally, done,
status, log, undo, fix, play, show."""

from __future__ import annotations

import click

from throne_pnp.cli.common import UserError


def _todo(name: str, summary: str, example: str) -> click.Command:
    def body(**_kwargs: object) -> None:
        raise UserError(f"throne {name} is not implemented yet")

    body.__doc__ = f"{summary}\n\n\b\nExample:\n  {example}\n"
    return click.command(name=name, context_settings={"ignore_unknown_options": True})(
        click.argument("args", nargs=-1, type=click.UNPROCESSED)(body))


COMMANDS = [
    ("new", "Start tracking a new game.", "throne new --seed 7"),
    ("card", "Play the phase card and resolve the King's action.", "throne card 12"),
    ("battle", "Fight the next pending battle.", "throne battle 4"),
    ("withdraw", "Withdraw your losing cubes.", "throne withdraw 2"),
    ("move", "Move cubes (1 command point).", "throne move 2 1 5"),
    ("rally", "Rally a cube at a castle you hold (2 command points).", "throne rally 1"),
    ("done", "End your Player Actions.", "throne done"),
    ("status", "Show the tracked game.", "throne status --json"),
    ("log", "List every accepted command.", "throne log"),
    ("undo", "Take back the last N commands.", "throne undo 2"),
    ("fix", "Make the record match the table.", "throne fix 7 --king 2 --player 0"),
    ("play", "Walk a whole game with prompts.", "throne play"),
    ("show", "Show the board.", "throne show --svg board.svg"),
]


def register(group: click.Group) -> None:
    for name, summary, example in COMMANDS:
        group.add_command(_todo(name, summary, example))
