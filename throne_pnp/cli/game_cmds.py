"""The commands that play a tracked game (new, card, battle, withdraw, move, rally, done,
hand): each calls one `assistant.commands` function under the save's lock; and `serve`,
the table page (`web.server`) over the same save, once the `web` extra is found."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from throne_pnp.assistant import commands
from throne_pnp.assistant.explain import card_words, new_game_lines
from throne_pnp.assistant.session import Session
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
from throne_pnp.cli.table_answers import locked, report
from throne_pnp.numbers import whole
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for

F = Callable[..., Any]


def tracked(func: F) -> F:
    """The options every tracked-game command shares: --game and --content."""
    return game_option(content_option(func))


@click.command()
@click.option("--physical", is_flag=True,
              help="You shuffle and deal real cards and tell the program each one revealed.")
@click.option("--hard", type=click.IntRange(min=0), default=None,
              help="Shuffle in N hard cards chosen at random (by the seed).")
@click.option("--hard-cards", "hard_cards", default=None, metavar="IDS",
              help="Shuffle in these hard cards, e.g. 20,23.")
@click.option("--level", default=None, metavar="NAME",
              help="Play a level of the difficulty ladder (its hard cards), e.g. squire.")
@click.option("--seed", type=int, default=None,
              help="Seed for the virtual deck and hard-card choice (default: random).")
@click.option("--at", "at", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="POS", help="Start from this position file instead of the setup.")
@click.option("--force", is_flag=True, help="Replace an existing save file.")
@json_option
@tracked
def new(physical: bool, hard: int | None, hard_cards: str | None, level: str | None,
        seed: int | None, at: Path | None, force: bool, as_json: bool, game_file: Path,
        content_dir: Path | None) -> None:
    """Start tracking a new game (virtual cards, or --physical for real ones).

    Virtual: the program shuffles (by --seed), deals your hand and draws every
    card for the King. Physical: you shuffle and deal the printed cards and
    tell the program each card as it is revealed.

    \b
    Example:
      throne new --seed 7 --hard 2
      throne new --physical --hard-cards 20,23
      throne new --level knight
    """
    if game_file.exists() and not force:
        raise UserError(f"{game_file} already holds a game; add --force to replace it, or "
                        "use --game FILE for another save")
    content = load_content(content_dir)
    position = read_position(board_for(content), at) if at is not None else None
    ids = id_list(hard_cards, "--hard-cards") if hard_cards is not None else None
    session, cmd = commands.new_game(game_file, content, physical=physical, seed=seed, hard=hard,
                            hard_cards=ids, position=position, force=force, level=level)
    report(session, cmd, as_json, head=[] if as_json else new_game_lines(session))


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
    draw_ids = id_list(draws, "--draws") if draws is not None else None
    with locked(game_file, content_dir) as session:
        if card_id is None:    # the program draws it, or the game waits for told cards
            cmd = commands.play_card(session, None, draw_ids)
        else:
            cmd = commands.perform(session, [act.card(card_id), *map(act.deal, draw_ids or [])])
    report(session, cmd, as_json)


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
    with locked(game_file, content_dir) as session:
        if card_id is None:    # the game waits for the King's card, or a refusal
            cmd = commands.play_battle(session, None, king_card, withdraw_to)
        else:
            told = [act.deal(king_card)] if king_card is not None else []
            told += [act.withdraw(withdraw_to)] if withdraw_to is not None else []
            cmd = commands.perform(session, [act.battle(card_id), *told])
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
    with locked(game_file, content_dir) as session:
        cmd = commands.perform(session, [act.withdraw(to)])
    report(session, cmd, as_json, resumed_withdrawal=True)


def interactive() -> bool:
    """Can we ask the user a question (a terminal on stdin)?"""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


MOVE_USAGE = "usage: throne move COUNT FROM TO, e.g. `throne move 2 1 5` moves 2 cubes from 1 to 5"


def move_numbers(words: tuple[str, ...]) -> tuple[int, int, int]:
    """COUNT FROM TO as numbers, or the usage with an example."""
    numbers = [whole(w) for w in words]
    if len(words) != 3 or None in numbers:
        got = " ".join(("throne move", *words))
        got = got if len(got) <= 60 else got[:57] + "..."
        raise UserError(f"{MOVE_USAGE}; got `{got}`{_missing_words(words)}")
    return tuple(numbers)  # type: ignore[return-value]  # (three, no None)


def _missing_words(words: tuple[str, ...]) -> str:
    """Which number a short `throne move` lacks, when the words can tell."""
    if None in [whole(w) for w in words]:
        return ""
    if len(words) == 1:
        return " (FROM and TO are missing)"
    if len(words) != 2:
        return ""
    a, b = words
    if a == b:
        return f" (TO is missing: where do the cubes from {b} go?)"
    return (f" (a number is missing: the COUNT, as in `throne move 1 {a} {b}`, "
            f"or TO, as in `throne move {a} {b} TO`)")


@click.command()
@click.argument("words", nargs=-1, metavar="COUNT FROM TO")
@click.option("--yes", is_flag=True, help="Do not ask before emptying your home castle.")
@json_option
@tracked
def move(words: tuple[str, ...], yes: bool, as_json: bool, game_file: Path,
         content_dir: Path | None) -> None:
    """Move COUNT of your cubes from FROM to the neighbouring TO (1 command point).

    \b
    Example:
      throne move 2 1 5
    """
    count, src, dst = move_numbers(words)
    confirmed = yes
    for _ in range(2):
        with locked(game_file, content_dir) as session:
            try:
                cmd = commands.perform(session, [act.move(count, src, dst)], confirmed=confirmed)
                break
            except commands.NeedsConfirmation as exc:
                if not interactive():
                    raise UserError(f"{exc}; add --yes to make the move anyway") from None
                warning = str(exc)
        # Ask without holding the lock, then try again on the state as it is then.
        if not click.confirm(f"Warning: {warning}. Move anyway?", default=False):
            raise UserError("move not made (your home castle keeps its cubes)")
        confirmed = True
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
    with locked(game_file, content_dir) as session:
        cmd = commands.perform(session, [act.rally(at)])
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
    with locked(game_file, content_dir) as session:
        cmd = commands.perform(session, [act.DONE])
    report(session, cmd, as_json)


@click.command()
@click.argument("ids", nargs=-1, metavar="IDS")
@json_option
@tracked
def hand(ids: tuple[str, ...], as_json: bool, game_file: Path,
         content_dir: Path | None) -> None:
    """Physical games, optional: tell the cards in your hand (e.g. after a new hand).

    From then on a card played from elsewhere, or a King's card that is in
    your hand, is refused at once; `status` and the battle odds use the hand.
    Told again, it replaces the last telling. Never told: the hand stays
    unknown and everything works as before. Without IDS: the hand as told.

    \b
    Example:
      throne hand 3,6,9,12,14
      throne hand                  # the hand as the program knows it
    """
    if not ids:
        show_hand(game_file, content_dir, as_json)
        return
    numbers = id_list(" ".join(ids), "throne hand")
    with locked(game_file, content_dir) as session:
        cmd = commands.perform(session, [act.hand(numbers)])
    report(session, cmd, as_json)


def show_hand(game_file: Path, content_dir: Path | None, as_json: bool) -> None:
    """`throne hand` alone: the hand as told (or dealt), or that none was told."""
    session = Session.open(game_file, load_content(content_dir))
    game = session.game
    known = game.known_hand()
    if as_json:
        echo_json({"hand": known, "hand_count": game.hand_count})
        return
    if known is None:
        click.echo(f"Your hand ({game.hand_count} cards) has not been told since it was "
                   "drawn; tell it with e.g. `throne hand 3,6,9,12,14` (optional).")
        return
    if not known:
        click.echo("Your hand is empty.")
        return
    told = " (as you told it)" if session.physical else ""
    click.echo(f"Your hand{told}:")
    for card_id in known:
        click.echo("  " + card_words(game.board.cards[card_id]))


@click.command()
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="TCP port to listen on.")
@click.option("--lan", is_flag=True,
              help="Listen on the local network too, for a phone; prints a URL with a "
                   "secret token and its QR code.")
@click.option("--new-token", is_flag=True,
              help="Forget the kept token and anti-forgery secret of this save and make "
                   "new ones: open pages and phones must join again.")
@game_option
@content_option
def serve(port: int, lan: bool, new_token: bool, game_file: Path,
          content_dir: Path | None) -> None:
    """Serve the table page: play the tracked game from a phone or tablet.

    Loopback only unless --lan. The page and the CLI share the save (under
    its lock): a command given in one shows in the other at once. Stop with
    Ctrl+C. The token and the forms' secret are kept per save in your state
    folder, so a restarted server keeps every open page and phone working.

    \b
    Example:
      throne serve                 # then open http://127.0.0.1:8000/
      throne serve --lan           # scan the QR code with your phone
    """
    from throne_pnp import web

    absent = web.missing()
    if absent is not None:
        raise UserError(f"the table page needs the web extra ({absent} is not installed): "
                        f"{web.INSTALL}")
    from throne_pnp.web import server

    content = load_content(content_dir)
    game = game_file.resolve()
    app, listen, shown, access = server.build(game, content, lan, new_token)
    server.check_port(listen, port)
    url = server.join_url(access, shown, port)
    click.echo(f"The table page for {game} is at:")
    click.echo(f"  {url}")
    if lan:
        click.echo("Scan this with your phone (same Wi-Fi); anyone with the link can play:")
        # the colours are the drawing: keep them even when click would strip them
        click.echo(server.qr_text(url), color=True)
    else:
        click.echo("(this machine only; `throne serve --lan` for a phone)")
    click.echo("Stop with Ctrl+C.")
    server.run(app, listen, port)


COMMANDS = [new, card, battle, withdraw, move, rally, done, hand, serve]
