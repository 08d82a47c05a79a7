"""`throne resolve king|battle`: stateless answers about the King."""

from __future__ import annotations

import click

from throne_pnp.cli.common import UserError


@click.group()
def resolve() -> None:
    """Answer what the King does from a given position (no saved game).

    \b
    Examples:
      throne resolve king --at pos.yaml --card 2
      throne resolve battle --at pos.yaml --territory 7 --defender king \\
          --player-card 2 --king-card 3
    """


@resolve.command()
def king() -> None:
    """What the King's action does here."""
    raise UserError("throne resolve king is not implemented yet")


@resolve.command()
def battle() -> None:
    """How a battle ends."""
    raise UserError("throne resolve battle is not implemented yet")


def register(group: click.Group) -> None:
    group.add_command(resolve)
