"""`throne resolve king|battle`: stateless answers about the King.

The fast path of the product: it loads the content and the rules engine only
(never the PDF/SVG machinery), answers, and exits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import (
    ThroneGroup,
    UserError,
    content_option,
    echo_json,
    id_list,
    json_option,
    read_position,
)

ACTIONS = ("rally", "move-castle", "move-wheat", "move-player", "uncertain")


def _card_ids(text: str | None, board: Any, option: str) -> list[int]:
    """Card ids given to `option`, each checked against the edition."""
    return [_card(board, i, option).id for i in id_list(text, option)] if text else []


def _card(board: Any, card_id: int, option: str) -> Any:
    if card_id not in board.cards:
        raise UserError(f"{option}: there is no card {card_id} in this edition "
                        f"(ids {min(board.cards)}-{max(board.cards)})")
    return board.cards[card_id]


def _territory(board: Any, t: int, option: str) -> int:
    if t not in board.adjacent:
        raise UserError(f"{option}: no territory {t} on this map "
                        f"(territories {board.numbers[0]}-{board.numbers[-1]})")
    return t


def _position(board: Any, at: Path) -> Any:
    """The --at position, refused if it cannot stand on the table (the player's
    wheat limit included, which `read_position` leaves to the caller)."""
    from throne_pnp.rules.position import check_position

    pos = read_position(board, at)
    problem = check_position(board, pos)
    if problem:
        raise UserError(f"--at {at}: {problem}")
    return pos


def _board(content_dir: Path | None) -> Any:
    from throne_pnp.cli.common import load
    from throne_pnp.rules.board import board_for

    return board_for(load(content_dir))


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
    from throne_pnp.rules.king import deal_from, resolve_king

    board = _board(content_dir)
    if card_id is not None and (actions or priority):
        raise UserError("give either --card ID or --action/--priority, not both")
    if card_id is not None:
        card = _card(board, card_id, "--card")
        actions, priority = card.king, card.priority
    elif not actions or priority is None:
        raise UserError("say what the King does: --card ID, or --action A [--action B] "
                        "with --priority rising|falling")
    elif len(actions) > 2:
        raise UserError("a card has at most 2 King actions; give --action once or twice")
    pos = _position(board, at)
    dealt = [board.cards[i] for i in _card_ids(draws, board, "--draws")]
    result = resolve_king(board, pos, actions, priority, deal_from(dealt))
    unused = len(dealt) - len(result.draws)
    if unused:
        raise UserError(f"--draws: {unused} card(s) more than Uncertain Orders needed; "
                        f"it stopped at card {result.draws[-1] if result.draws else 'none'}")
    if as_json:
        echo_json(result.to_json())
        return
    click.echo(king_text(result, board))


def king_text(result: Any, board: Any = None) -> str:
    """The King's action as a checklist for the table (the assistant's words)."""
    from throne_pnp.assistant.words import king_lines

    lines = []
    if result.draws:
        lines.append(f"Uncertain Orders: dealt {', '.join(map(str, result.draws))} "
                     "(they go to the discard pile)")
    lines += king_lines(result, board)
    lines.append(position_text(result.position))
    return "\n".join(lines)


def position_text(pos: Any) -> str:
    def side(counts: dict[int, int]) -> str:
        return ", ".join(f"{t}: {n}" for t, n in counts.items()) or "none"

    return f"Position: King {{{side(pos.compact('king'))}}}; you {{{side(pos.compact('player'))}}}"


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
    from throne_pnp.rules.battle import resolve_battle

    board = _board(content_dir)
    _territory(board, territory, "--territory")
    if withdraw_to is not None:
        _territory(board, withdraw_to, "--withdraw-to")
    pcard = _card(board, player_card, "--player-card")
    kcard = _card(board, king_card, "--king-card")
    if player_card == king_card:
        raise UserError(f"--player-card and --king-card are both {player_card}: there is one "
                        "card of each number, so each side needs its own")
    pos = _position(board, at)
    result = resolve_battle(board, pos, territory, defender, pcard, kcard, withdraw_to)
    if as_json:
        echo_json(result.to_json())
        return
    click.echo(battle_text(result))


def battle_text(result: Any) -> str:
    from throne_pnp.assistant.words import battle_lines

    return "\n".join([*battle_lines(result), position_text(result.position)])


def register(group: click.Group) -> None:
    group.add_command(resolve)
