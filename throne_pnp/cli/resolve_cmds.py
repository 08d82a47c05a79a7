"""`throne resolve king|battle`: stateless answers, loading only content and rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import ThroneGroup, content_option, id_list, json_option
from throne_pnp.cli.resolve_answers import (
    battle_answer,
    card_of,
    king_answer,
    load_board,
    territory_of,
)
from throne_pnp.content import KING_ACTIONS

ACTIONS = tuple(KING_ACTIONS)


def _card_ids(text: str | None, board: Any, option: str) -> list[int]:
    """Card ids given to `option`, each checked against the edition."""
    return [card_of(board, i, option).id for i in id_list(text, option)] if text else []


_territory = territory_of     # (the name `throne odds` imports)


@click.group(cls=ThroneGroup)
def resolve() -> None:
    """Answer what the King does from a given position (no saved game).

    POS is a YAML or JSON file such as `{king: {3: 2, 7: 1}, player: {1: 2}}`.

    \b
    Examples:
      throne resolve king --at pos.yaml --card 2
      throne resolve battle --at pos.yaml --territory 7 --defender king \\
          --player-card 2 --king-card 3
    """


@resolve.command()
@click.option("--at", "at", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Position file (YAML/JSON).")
@click.option("--card", "card_id", type=int, help="The phase card's id.")
@click.option("--action", "actions", multiple=True, type=click.Choice(ACTIONS),
              help="A King action (give one or two) instead of --card.")
@click.option("--priority", type=click.Choice(["rising", "falling"]),
              help="Priority with --action.")
@click.option("--draws", help="Cards dealt for Uncertain Orders, in order: 6,3")
@json_option
@content_option
def king(at: Path, card_id: int | None, actions: tuple[str, ...], priority: str | None,
         draws: str | None, as_json: bool, content_dir: Path | None) -> None:
    """What the King's action does here: every cube move, with its reason.

    \b
    Examples:
      throne resolve king --at pos.yaml --card 2
      throne resolve king --at pos.yaml --action move-castle --priority rising
      throne resolve king --at pos.yaml --card 6 --draws 14,3 --json
    """
    board = load_board(content_dir)
    click.echo(king_answer(board, at, card_id, actions, priority,
                           lambda: _card_ids(draws, board, "--draws"), as_json))


@resolve.command()
@click.option("--at", "at", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Position file (YAML/JSON).")
@click.option("--territory", type=int, required=True, help="Where the battle is.")
@click.option("--defender", type=click.Choice(["player", "king"]), required=True,
              help="player after the King's action, king after Player Actions.")
@click.option("--player-card", type=int, required=True, help="Your battle card.")
@click.option("--king-card", type=int, required=True, help="The King's battle card.")
@click.option("--withdraw-to", type=int, help="Where your cubes withdraw if you lose.")
@json_option
@content_option
def battle(at: Path, territory: int, defender: str, player_card: int, king_card: int,
           withdraw_to: int | None, as_json: bool, content_dir: Path | None) -> None:
    """How a battle ends: casualties, the winner and where the losers go.

    \b
    Example:
      throne resolve battle --at pos.yaml --territory 7 --defender king \\
          --player-card 2 --king-card 3 --json
    """
    board = load_board(content_dir)
    click.echo(battle_answer(board, at, territory, defender, player_card, king_card,
                             withdraw_to, as_json))


def register(group: click.Group) -> None:
    group.add_command(resolve)
