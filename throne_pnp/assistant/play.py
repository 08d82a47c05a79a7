"""`throne play`: walk a whole game with prompts, over the same session. Each accepted answer
is one command, saved as the single commands save it, so `throne play` and `throne card ...`
mix freely and quitting loses nothing.
"""

from __future__ import annotations

from pathlib import Path

import click

from throne_pnp.assistant import commands, explain
from throne_pnp.assistant.board_text import board_text
from throne_pnp.assistant.session import Command, Session
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.numbers import whole
from throne_pnp.rules import actions as act
from throne_pnp.rules.position import defender_words

HELP = """At any prompt you may type:
  undo [N]   take back the last N answers (default 1)
  status     where the game stands
  show       the board
  log        every answer so far
  help       this text
  quit       stop here; the game is saved (continue with `throne play`)
Player Actions: `move COUNT FROM TO` (or `m COUNT FROM TO`), `rally T` (or `r T`), `done`.
Physical cards: `hand 3 6 9 12 14` tells the cards in your hand (optional).
Any command in its text form works too, e.g. `card 12`, `battle 4 king=9 withdraw=2`."""


class Quit(Exception):
    """The player asked to stop."""


def _ask(label: str) -> str:
    try:
        return click.prompt(label, default="", show_default=False).strip()
    except click.Abort:
        raise Quit() from None


def _ids(values: list[int]) -> str:
    return "/".join(map(str, values))


def _meta(session: Session, answer: str) -> bool:
    """Handle undo/status/show/log/help/quit; True if the answer was one of them."""
    words = answer.lower().split()
    if not words:
        return False
    word = words[0]
    if word in ("quit", "q", "exit"):
        raise Quit()
    if word in ("help", "h", "?"):
        click.echo(HELP)
    elif word == "status":
        click.echo(explain.status_text(session, with_commands=False))
    elif word == "show":
        click.echo(board_text(session.game, session.content))
    elif word == "log":
        for entry in explain.log_entries(session):
            click.echo(explain.log_line(entry))
    elif word == "undo":
        count = (whole(words[1]) if len(words) > 1 else None) or 1
        try:
            with session.hold():
                gone, restore = commands.undo(session, count)
        except ThroneError as exc:
            click.echo(f"Refused: {exc}")
            return True
        for words in gone:
            click.echo(f"Took back: `{words}`")
        for line in restore:
            click.echo(line)
    else:
        return False
    return True


def _prompt_for(session: Session) -> str:
    """The prompt for what the game needs now, listing the legal answers."""
    game = session.game
    need = game.need()
    physical = session.physical
    known = game.known_hand()
    if need.kind == "card":
        return ("Your phase card (its number)" if known is None
                else f"Your phase card [{_ids(known)}]")
    if need.kind == "deal":
        if need.purpose == "phase":
            if physical:
                return "The King's card: turn over the top card of the deck; its number"
            return "Press Enter to draw the King's card"
        if need.purpose == "uncertain":
            return "Uncertain Orders: deal the top card of the deck; its number"
        if explain.fresh_hand(game):
            return (f"Battle in {need.territory}: that was your last card, so draw your new "
                    f"hand ({explain.plural(game.hand_count, 'card')}) first, then the King's "
                    "card from the top of the deck; its number")
        return f"Battle in {need.territory}: the King's card from the top of the deck; number"
    if need.kind == "battle":
        who = defender_words(game.defender)
        cards = "its number" if known is None else _ids(known)
        if game.hand_count == 1:
            then = ("draw your new hand before you turn over the King's card" if physical
                    else "your new hand is dealt before the King's card")
            return (f"Battle in {need.territory} ({who}): your last card [{cards}]; "
                    f"then {then}")
        return f"Battle in {need.territory} ({who}): your battle card [{cards}]"
    if need.kind == "withdraw":
        return f"Withdraw your cubes to [{_ids(list(need.options))}]"
    return _actions_prompt(session)


def _actions_prompt(session: Session) -> str:
    game = session.game
    moves: dict[tuple[int, int], int] = {}
    for action in game.legal_moves():
        count, src, dst = action.args
        moves[(src, dst)] = max(moves.get((src, dst), 0), count)
    parts = []
    if moves:
        listed = ", ".join(f"{s}->{d} (up to {n})" for (s, d), n in sorted(moves.items()))
        parts.append(f"move COUNT FROM TO: {listed}")
    rallies = [a.args[0] for a in game.legal_rallies()]
    if rallies:
        parts.append(f"rally {'/'.join(map(str, rallies))}")
    parts.append("done")
    return (f"{explain.plural(game.command_points, 'command point')} left. "
            + "; ".join(parts) + "\nYour action")


# Short forms of the Player Actions typed at the prompt.
ALIASES = {"m": "move", "r": "rally", "d": "done"}
# The action a number alone answers, by what the game needs.
ANSWERS = {"card": act.card, "deal": act.deal, "battle": act.battle, "withdraw": act.withdraw}


def _answer(session: Session, answer: str, confirmed: bool = False) -> Command | None:
    """One answer as one command (`said_actions` played by `commands.perform`); None if
    not understood; `NeedsConfirmation` for a move emptying home unless `confirmed`."""
    need = session.game.need()
    words = answer.lower().split()
    if (need.kind == "deal" and need.purpose == "phase" and not session.physical
            and not (words and words[0] == "hand")):
        if words and words[0] not in ("draw", "card", "d"):
            return None
        return commands.play_card(session, None)     # the program draws the King's card
    actions = said_actions(session, answer)
    return None if actions is None else commands.perform(session, actions, confirmed=confirmed)


def said_actions(session: Session, answer: str) -> list[act.Action] | None:
    """The actions an answer says (None: not understood); a number alone answers the
    prompt (`12` at "Your phase card" is `card 12`)."""
    need = session.game.need()
    words = answer.lower().split()
    if not words:
        return None
    number = whole(words[0])
    if number is not None:
        make = ANSWERS.get(need.kind)
        return [make(number)] if make else None
    head = ALIASES.get(words[0], words[0])
    if head not in act.SHAPES or (head == "hand" and not session.physical):
        return None
    return act.parse_said(" ".join([head, *words[1:]]))


def _confirm(question: str, pending: list[str]) -> bool:
    """Ask yes/no on one line; any other answer is kept for the next prompt (and counts as no)."""
    answer = _ask(f"{question} [y/N]")
    if answer.lower() in ("y", "yes"):
        return True
    if answer and answer.lower() not in ("n", "no"):
        pending.append(answer)
    return False


def run(path: Path, content: Content, *, physical: bool = False, hard: int | None = None,
        seed: int | None = None) -> None:
    """The interactive loop; returns when the game ends or the player quits."""
    if path.exists():
        session = Session.open(path, content)
        click.echo(f"Continuing the {session.mode} game in {path}. Type `help` for help.")
        click.echo(explain.status_text(session, with_commands=False))
    else:
        session, _ = commands.new_game(path, content, physical=physical, seed=seed, hard=hard)
        for line in explain.new_game_lines(session):
            click.echo(line)
        click.echo("Type `help` at any prompt for help.")
        for line in explain.command_lines(session, session.start_events, [], with_next=False):
            click.echo(line)
    try:
        _loop(session)
    except Quit:
        click.echo(f"Game saved in {path}; continue with `throne play`.")


def _loop(session: Session) -> None:
    pending: list[str] = []   # an answer typed at a yes/no question, kept for its prompt
    while True:
        if session.game.outcome is not None:
            click.echo(f"The game is over: you {session.game.outcome}. "
                       "`undo` takes back the last answer; `quit` leaves.")
        if pending:
            answer = pending.pop(0)
        else:
            answer = _ask(_prompt_for(session) if session.game.outcome is None else "Game over")
        if _meta(session, answer) or session.game.outcome is not None:
            continue
        resumed = session.game.need().kind == "withdraw"
        try:
            try:
                with session.hold():
                    cmd = _answer(session, answer)
            except commands.NeedsConfirmation as warning:
                # asked without holding the lock; then given on the state as it is then
                if not _confirm(f"Warning: {warning}. Move anyway?", pending):
                    raise ThroneError("move not made (your home castle keeps its cubes)") \
                        from None
                with session.hold():
                    cmd = _answer(session, answer, confirmed=True)
        except ThroneError as exc:
            click.echo(f"Refused: {exc}")
            continue
        if cmd is None:
            if answer:  # an empty line just asks again
                click.echo("Not understood; type `help` for the answers you can give.")
            continue
        # (no `Next:` line: the next prompt says what is needed, in its own words)
        for line in explain.command_lines(session, cmd.events, cmd.notes, resumed,
                                          with_next=False):
            click.echo(line)
