"""Tracked-game commands: new, card, battle, withdraw, move, rally, done,
status, log, undo, fix, play, show.

Each command opens the save (`assistant.session`), runs one transaction and
prints the checklist for the table followed by what is needed next
(`assistant.explain`). A refused command prints one line, exits 2 and leaves
the save file exactly as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.common import (
    UserError,
    content_option,
    echo_json,
    game_option,
    id_list,
    json_option,
    read_position,
)
from throne_pnp.cli.common import load as load_content

F = Callable[..., Any]


def tracked(func: F) -> F:
    """The options every tracked-game command shares: --game and --content."""
    return game_option(content_option(func))


def _open(game_file: Path, content_dir: Path | None):
    from throne_pnp.assistant.session import Session

    return Session.open(game_file, load_content(content_dir))


def require(session, kinds: tuple[str, ...], verb: str) -> None:
    """Refuse a command given at the wrong step, naming what is needed instead.

    `kinds` are need kinds (`card`, `battle`, `withdraw`, `actions`) or
    `deal-PURPOSE` for chance cards the player names.
    """
    from throne_pnp.assistant.explain import next_step

    need = session.game.need()
    key = f"deal-{need.purpose}" if need.kind == "deal" else need.kind
    if key in kinds:
        return
    text, command = next_step(session.game, session.physical)
    if need.kind == "actions":
        cp = session.game.command_points
        raise UserError(f"cannot {verb} now: it is your Player Actions ({cp} command "
                        f"point{'' if cp == 1 else 's'} left); finish them with `throne done`")
    if need.kind == "over":
        raise UserError(f"cannot {verb}: {text[0].lower()}{text[1:]}; start a new game with "
                        "`throne new --force`")
    raise UserError(f"cannot {verb} now: {text[0].lower()}{text[1:]} - `{command}`")


def report(session, cmd, as_json: bool, resumed_withdrawal: bool = False,
           head: list[str] | None = None) -> None:
    """Print a command's checklist and the next step (or JSON)."""
    from throne_pnp.assistant.explain import checklist, command_lines, event_json, status_json

    game = session.game
    lines = checklist(cmd.events, game, session.physical, resumed_withdrawal)
    if as_json:
        echo_json({
            "accepted": list(cmd.actions),
            "events": [event_json(e) for e in cmd.events],
            "checklist": lines,
            "notes": list(cmd.notes),
            "status": status_json(game, session.mode, session.save.seed, session.save.hard),
        })
        return
    for line in (head or []) + command_lines(session, cmd.events, cmd.notes,
                                             resumed_withdrawal):
        click.echo(line)


# --------------------------------------------------------------------------- new

def _read_position(path: Path, content):
    from throne_pnp.rules.board import board_for

    return read_position(board_for(content), path)


@click.command()
@click.option("--physical", is_flag=True,
              help="You shuffle and deal real cards and tell the program each one revealed.")
@click.option("--hard", type=click.IntRange(min=0), default=None,
              help="Shuffle in N hard cards chosen at random (by the seed).")
@click.option("--hard-cards", "hard_cards", default=None, metavar="IDS",
              help="Shuffle in these hard cards, e.g. 20,23.")
@click.option("--seed", type=int, default=None,
              help="Seed for the virtual deck and hard-card choice (default: random).")
@click.option("--at", "at", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="POS", help="Start from this position file instead of the setup.")
@click.option("--force", is_flag=True, help="Replace an existing save file.")
@json_option
@tracked
def new(physical: bool, hard: int | None, hard_cards: str | None, seed: int | None,
        at: Path | None, force: bool, as_json: bool, game_file: Path,
        content_dir: Path | None) -> None:
    """Start tracking a new game (virtual cards, or --physical for real ones).

    Virtual: the program shuffles (by --seed), deals your hand and draws every
    card for the King. Physical: you shuffle and deal the printed cards and
    tell the program each card as it is revealed.

    \b
    Example:
      throne new --seed 7 --hard 2
      throne new --physical --hard-cards 20,23
    """
    from throne_pnp.assistant.explain import new_game_lines
    from throne_pnp.assistant.session import Command, Session

    if game_file.exists() and not force:
        raise UserError(f"{game_file} already holds a game; add --force to replace it, or "
                        "use --game FILE for another save")
    content = load_content(content_dir)
    position = _read_position(at, content) if at is not None else None
    ids = id_list(hard_cards, "--hard-cards") if hard_cards is not None else None
    session = Session.start(game_file, content, physical=physical, seed=seed, hard=hard,
                            hard_cards=ids, position=position)
    session.write()
    cmd = Command(actions=list(session.save.opening), events=session.start_events)
    report(session, cmd, as_json, head=[] if as_json else new_game_lines(session))


# --------------------------------------------------------------------------- card

@click.command()
@click.argument("card_id", metavar="[ID]", type=int, required=False)
@click.option("--draws", default=None, metavar="IDS",
              help="Physical: the cards dealt for Uncertain Orders, in order, e.g. 3,5.")
@json_option
@tracked
def card(card_id: int | None, draws: str | None, as_json: bool, game_file: Path,
         content_dir: Path | None) -> None:
    """Play the phase card and resolve the King's action.

    In your card phase, ID is the card you play from your hand. In the King's
    card phase, a virtual game draws it for you (no ID); a physical game
    needs the number of the card you turned over. Uncertain Orders in a
    physical game: list the cards you dealt with --draws.

    \b
    Example:
      throne card 12
      throne card 6 --draws 3        # physical: Uncertain Orders dealt card 3
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("card", "deal-phase", "deal-uncertain"), "play a phase card")
    game = session.game
    draw_ids = id_list(draws, "--draws") if draws is not None else []
    need = game.need()
    waiting = game.describe_need(need)
    with session.command() as cmd:
        if not session.physical:
            if draws is not None:
                raise UserError("--draws is for physical games: in a virtual game the "
                                "program deals Uncertain Orders itself")
            if need.kind == "deal" and need.purpose == "phase":
                if card_id is not None:
                    raise UserError("in the King's card phase the program draws the King's "
                                    "card: run `throne card` without a number")
                session.deal_phase_card()
            elif card_id is None:
                raise UserError(f"give the card you play: `throne card ID` ({waiting})")
            else:
                session.apply(act.card(card_id))
        else:
            if need.kind == "deal" and need.purpose == "uncertain":
                if card_id is not None:
                    raise UserError("Uncertain Orders are waiting for the card you dealt: "
                                    f"`throne card --draws ID`, not a new card {card_id}")
                if not draw_ids:
                    raise UserError("Uncertain Orders: deal the top card of the deck and "
                                    "give it with `throne card --draws ID`")
            elif card_id is None:
                raise UserError(f"give the card's number: `throne card ID` ({waiting})")
            else:
                session.apply(act.card(card_id))
            for i, draw in enumerate(draw_ids):
                now = session.game.need()
                if now.kind != "deal" or now.purpose != "uncertain":
                    extra = ", ".join(map(str, draw_ids[i:]))
                    raise UserError(f"too many --draws: the King's action needed no more "
                                    f"cards after {draw_ids[i - 1] if i else card_id}; "
                                    f"leave out {extra}")
                session.apply(act.deal(draw))
    report(session, cmd, as_json)


# --------------------------------------------------------------------------- battles

@click.command()
@click.argument("card_id", metavar="CARD", type=int, required=False)
@click.option("--king-card", "king_card", type=int, default=None, metavar="K",
              help="Physical: the card you turned over for the King.")
@click.option("--withdraw-to", "withdraw_to", type=int, default=None, metavar="T",
              help="Where your cubes go if you lose and may choose.")
@json_option
@tracked
def battle(card_id: int | None, king_card: int | None, withdraw_to: int | None,
           as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Fight the next pending battle with CARD from your hand.

    A virtual game draws the King's battle card; a physical one needs it as
    --king-card. If you lose with a choice of places to go, give --withdraw-to
    now or use `throne withdraw T` next.

    \b
    Example:
      throne battle 4
      throne battle 4 --king-card 9 --withdraw-to 2   # physical
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("battle", "deal-battle"), "fight a battle")
    need = session.game.need()
    with session.command() as cmd:
        if not session.physical and king_card is not None:
            raise UserError("--king-card is for physical games: in a virtual game the "
                            "program draws the King's battle card")
        if need.kind == "deal" and need.purpose == "battle":
            if card_id is not None:
                raise UserError(f"your card for the battle in {need.territory} is already "
                                "played; give the King's card: `throne battle --king-card K`")
            if king_card is None:
                raise UserError(f"battle in {need.territory}: turn over the top card of the "
                                "deck for the King and give it: `throne battle --king-card K`")
        elif card_id is None:
            raise UserError(f"give your battle card: `throne battle CARD` "
                            f"({session.game.describe_need(need)})")
        else:
            session.apply(act.battle(card_id))
        if king_card is not None:
            session.apply(act.deal(king_card))
        if withdraw_to is not None:
            after = session.game.need()
            if after.kind == "withdraw":
                session.apply(act.withdraw(withdraw_to))
            elif after.kind == "deal":
                cmd.notes.append(f"--withdraw-to {withdraw_to} not used: the battle waits for "
                                 "the King's card")
            else:
                cmd.notes.append(f"--withdraw-to {withdraw_to} not used: you did not have "
                                 "to choose where to withdraw")
    report(session, cmd, as_json)


@click.command()
@click.argument("to", metavar="T", type=int)
@json_option
@tracked
def withdraw(to: int, as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Withdraw your cubes that lost the battle to territory T.

    \b
    Example:
      throne withdraw 2
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("withdraw",), "withdraw")
    with session.command() as cmd:
        session.apply(act.withdraw(to))
    report(session, cmd, as_json, resumed_withdrawal=True)


# --------------------------------------------------------------------------- actions

def interactive() -> bool:
    """Can we ask the user a question (a terminal on stdin)?"""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def home_warning(session) -> str:
    home = session.board.home
    return (f"this move empties your home castle {home}: if it is still empty when your "
            "actions and their battles are over, you lose")


@click.command()
@click.argument("count", type=int)
@click.argument("src", metavar="FROM", type=int)
@click.argument("dst", metavar="TO", type=int)
@click.option("--yes", is_flag=True, help="Do not ask before emptying your home castle.")
@json_option
@tracked
def move(count: int, src: int, dst: int, yes: bool, as_json: bool, game_file: Path,
         content_dir: Path | None) -> None:
    """Move COUNT of your cubes from FROM to the neighbouring TO (1 command point).

    \b
    Example:
      throne move 2 1 5
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("actions",), "move")
    if not yes and session.empties_home(count, src, dst):
        if not interactive():
            raise UserError(f"{home_warning(session)}; add --yes to make the move anyway")
        if not click.confirm(f"Warning: {home_warning(session)}. Move anyway?", default=False):
            raise UserError("move not made (your home castle keeps its cubes)")
    with session.command() as cmd:
        session.apply(act.move(count, src, dst))
    report(session, cmd, as_json)


@click.command()
@click.argument("at", metavar="T", type=int)
@json_option
@tracked
def rally(at: int, as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Add one of your cubes at castle T that you hold (2 command points).

    \b
    Example:
      throne rally 1
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("actions",), "rally")
    with session.command() as cmd:
        session.apply(act.rally(at))
    report(session, cmd, as_json)


@click.command()
@json_option
@tracked
def done(as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Finish your Player Actions; the battles you started follow.

    \b
    Example:
      throne done
    """
    from throne_pnp.rules import actions as act

    session = _open(game_file, content_dir)
    require(session, ("actions",), "finish Player Actions")
    with session.command() as cmd:
        session.apply(act.DONE)
    report(session, cmd, as_json)


@click.command()
@click.argument("at", metavar="T", type=int)
@click.option("--king", type=click.IntRange(min=0), default=None,
              help="King cubes in T on the table (default: unchanged).")
@click.option("--player", type=click.IntRange(min=0), default=None,
              help="Your cubes in T on the table (default: unchanged).")
@json_option
@tracked
def fix(at: int, king: int | None, player: int | None, as_json: bool, game_file: Path,
        content_dir: Path | None) -> None:
    """Make the record of territory T match the table (kept in the log).

    \b
    Example:
      throne fix 7 --king 2 --player 0
    """
    from throne_pnp.rules import actions as act

    if king is None and player is None:
        raise UserError("say what the table shows: --king N and/or --player M")
    session = _open(game_file, content_dir)
    pos = session.game.position
    if at not in session.board.adjacent:
        raise UserError(f"no territory {at} on this map")
    k = pos.king[at] if king is None else king
    p = pos.player[at] if player is None else player
    with session.command() as cmd:
        session.apply(act.fix(at, k, p))
    report(session, cmd, as_json)


# --------------------------------------------------------------------------- views

@click.command()
@json_option
@tracked
def status(as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Show the tracked game: phase, step, cubes, cards and what comes next.

    \b
    Example:
      throne status --json
    """
    from throne_pnp.assistant.explain import status_json, status_text

    session = _open(game_file, content_dir)
    game = session.game
    if as_json:
        echo_json(status_json(game, session.mode, session.save.seed, session.save.hard))
        return
    click.echo(status_text(session))


@click.command()
@json_option
@tracked
def log(as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """List every accepted command, in words.

    \b
    Example:
      throne log
    """
    from throne_pnp.assistant.explain import log_entries

    session = _open(game_file, content_dir)
    entries = log_entries(session)
    if as_json:
        echo_json(entries)
        return
    for entry in entries:
        click.echo(f"{entry['number']:>3}. {entry['where']}: {entry['text']}")


@click.command()
@click.argument("count", metavar="[N]", type=click.IntRange(min=1), default=1)
@json_option
@tracked
def undo(count: int, as_json: bool, game_file: Path, content_dir: Path | None) -> None:
    """Take back the last N commands (and the cards revealed with them).

    \b
    Example:
      throne undo 2
    """
    from throne_pnp.assistant.explain import hand_lines, next_line, status_json

    session = _open(game_file, content_dir)
    gone = session.undo(count)
    game = session.game
    if as_json:
        echo_json({"undone": gone, "status": status_json(game, session.mode,
                                                         session.save.seed, session.save.hard)})
        return
    for actions in gone:
        click.echo(f"Took back: `{'; '.join(actions)}`")
    cards = ("the cards go back as they were" if session.physical
             else "cards dealt go back into the deck and come up again the same way")
    click.echo(f"Put the cubes back as they were ({cards}); `throne show` has the board.")
    for line in hand_lines(session):
        click.echo(line)
    click.echo(next_line(game, session.physical))


@click.command()
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help="Draw the cubes on the map into FILE.")
@tracked
def show(svg_file: Path | None, game_file: Path, content_dir: Path | None) -> None:
    """Show the board: text in the terminal, or drawn on the map with --svg.

    \b
    Example:
      throne show
      throne show --svg board.svg
    """
    from throne_pnp.assistant.board_text import board_text

    session = _open(game_file, content_dir)
    if svg_file is not None:
        from throne_pnp.assistant.board_svg import write_board_svg

        write_board_svg(session.game, session.content, svg_file)
        click.echo(f"wrote {svg_file}")
        return
    click.echo(board_text(session.game, session.content))


@click.command()
@click.option("--physical", is_flag=True, help="For a new game: real cards at the table.")
@click.option("--hard", type=click.IntRange(min=0), default=None,
              help="For a new game: shuffle in N random hard cards.")
@click.option("--seed", type=int, default=None, help="For a new game: the deck's seed.")
@tracked
def play(physical: bool, hard: int | None, seed: int | None, game_file: Path,
         content_dir: Path | None) -> None:
    """Walk a whole game with prompts (continues the saved game, if any).

    At any prompt: undo, status, show, log, help or quit. Every accepted
    answer is saved at once, so quitting keeps the game.

    \b
    Example:
      throne play --seed 7
    """
    from throne_pnp.assistant.play import run

    run(game_file, load_content(content_dir), physical=physical, hard=hard, seed=seed)


COMMANDS = [new, card, battle, withdraw, move, rally, done, status, log, undo, fix, play, show]


def register(group: click.Group) -> None:
    for command in COMMANDS:
        group.add_command(command)
