"""`throne resolve king|battle`: stateless answers from a position file, loading only
content and rules; checks what was typed (a refusal is a `ThroneError`) and words the answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import ThroneGroup, content_option, id_list, json_option, read_position
from throne_pnp.content.check import load_content
from throne_pnp.content.model import KING_ACTIONS, Card
from throne_pnp.edition_lookup import find_edition
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.lines import texts
from throne_pnp.narrator.words import battle_json, battle_lines, king_json
from throne_pnp.narrator.worked import king_texts
from throne_pnp.rules.battle import resolve_battle
from throne_pnp.rules.board import Board, board_from
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import Position, check_position


def load_board(content_dir: Path | str | None) -> Board:
    """The rules' Board of the edition the lookup picks (see `edition_lookup`)."""
    return board_from(load_content(find_edition(content_dir).directory))


def card_of(board: Board, card_id: int, option: str) -> Card:
    """The edition's card `card_id`, refused naming `option` when there is none."""
    if card_id not in board.cards:
        raise ThroneError(f"{option}: there is no card {card_id} in this edition "
                          f"(ids {min(board.cards)}-{max(board.cards)})")
    return board.cards[card_id]


def territory_of(board: Board, t: int, option: str) -> int:
    """`t`, refused naming `option` when the map has no such territory."""
    if t not in board.adjacent:
        raise ThroneError(f"{option}: no territory {t} on this map "
                          f"(territories {board.numbers[0]}-{board.numbers[-1]})")
    return t


def checked_position(board: Board, at: Path) -> Position:
    """The --at position, refused if it cannot stand on the table (limits included)."""
    pos = read_position(board, at)
    problem = check_position(board, pos)
    if problem:
        raise ThroneError(f"--at {at}: {problem}")
    return pos


def king_answer(board: Board, at: Path, card_id: int | None, actions: tuple[str, ...],
                priority: str | None, draws: Callable[[], list[int]], as_json: bool) -> str:
    """What the King's action does at `at` (checklist or JSON); `draws` come after."""
    if card_id is not None and (actions or priority):
        raise ThroneError("give either --card ID or --action/--priority, not both")
    if card_id is not None:
        card = card_of(board, card_id, "--card")
        actions, priority = card.king, card.priority
    elif not actions or priority is None:
        raise ThroneError("say what the King does: --card ID, or --action A [--action B] "
                          "with --priority rising|falling")
    elif len(actions) > 2:
        raise ThroneError("a card has at most 2 King actions; give --action once or twice")
    pos = checked_position(board, at)
    dealt = [board.cards[i] for i in draws()]
    result = resolve_king(board, pos, actions, priority, dealt)
    unused = len(dealt) - len(result.draws)
    if unused:
        raise ThroneError(f"--draws: {unused} card(s) more than Uncertain Orders needed; "
                          f"it stopped at card {result.draws[-1] if result.draws else 'none'}")
    if as_json:
        return json.dumps(king_json(result, board), indent=2)
    return "\n".join([*king_texts(result, board), position_text(result.position)])


def battle_answer(board: Board, at: Path, territory: int, defender: str, player_card: int,
                  king_card: int, withdraw_to: int | None, as_json: bool) -> str:
    """How the battle in `territory` ends: the lines, or the JSON text."""
    territory_of(board, territory, "--territory")
    if withdraw_to is not None:
        territory_of(board, withdraw_to, "--withdraw-to")
    pcard = card_of(board, player_card, "--player-card")
    kcard = card_of(board, king_card, "--king-card")
    if player_card == king_card:
        raise ThroneError(f"--player-card and --king-card are both {player_card}: there is "
                          "one card of each number, so each side needs its own")
    pos = checked_position(board, at)
    result = resolve_battle(board, pos, territory, defender, pcard, kcard, withdraw_to)
    if as_json:
        return json.dumps(battle_json(result, board), indent=2)
    return "\n".join([*texts(battle_lines(result, board)), position_text(result.position)])


def position_text(pos: Position) -> str:
    """`Position: King {3: 2}; you {1: 2}`, the line that ends every answer."""
    king, you = (", ".join(f"{t}: {n}" for t, n in pos.compact(side).items()) or "none"
                 for side in ("king", "player"))
    return f"Position: King {{{king}}}; you {{{you}}}"


ACTIONS = tuple(KING_ACTIONS)


def checked_card_ids(text: str | None, board: Any, option: str) -> list[int]:
    """Card ids given to `option`, each checked against the edition."""
    return [card_of(board, i, option).id for i in id_list(text, option)] if text else []


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
                           lambda: checked_card_ids(draws, board, "--draws"), as_json))


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


COMMANDS = [resolve]
