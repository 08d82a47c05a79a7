"""What the table's commands print: a command's checklist and next step (or JSON), and
`status`, from the narrator's words (`assistant.explain`), for `game_cmds` and `record_cmds`."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from pathlib import Path

import click

from throne_pnp.assistant.explain import (
    checklist,
    command_lines,
    event_json,
    status_json,
    status_text,
)
from throne_pnp.assistant.session import Command, Session
from throne_pnp.content.check import load_content
from throne_pnp.content.model import Content
from throne_pnp.edition_lookup import find_edition
from throne_pnp.errors import ThroneError


def load(content_dir: Path | None) -> Content:
    """Load the edition the lookup picks (see `edition_lookup`); errors are refusals."""
    return load_content(find_edition(content_dir).directory)


def locked(game_file: Path, content_dir: Path | None) -> AbstractContextManager[Session]:
    """The save opened under its lock (a context manager yielding the session)."""
    return Session.locked(game_file, load(content_dir))


def opened(game_file: Path, content_dir: Path | None) -> Session:
    """The save opened without its lock, for the commands that only read it."""
    return Session.open(game_file, load(content_dir))


def report(session: Session, cmd: Command, as_json: bool, resumed_withdrawal: bool = False,
           head: list[str] | None = None, tail: list[str] | None = None) -> None:
    """Print a command's checklist and the next step (or JSON). The command is saved
    already, so a failure to explain it is a bug told on stderr, never a refusal (exit 2
    would say the save is unchanged)."""
    game = session.game
    try:
        if as_json:
            lines = checklist(cmd.events, game, session.physical, resumed_withdrawal)
            text = json.dumps({
                "accepted": list(cmd.actions),
                "events": [event_json(e, game.board) for e in cmd.events],
                "checklist": lines + list(tail or []),
                "notes": list(cmd.notes),
                "status": status_json(game, session.mode, session.save.seed,
                                      session.save.hard, session.save.level),
            }, indent=2)
        else:
            text = "\n".join((head or []) + command_lines(session, cmd.events, cmd.notes,
                                                          resumed_withdrawal, extra=tail))
    except ThroneError as exc:
        click.echo(f"Accepted and saved, but showing it failed (a bug, please report it): "
                   f"{exc}. Next: {game.describe_need()}", err=True)
        return
    click.echo(text)


def status_answer(session: Session, as_json: bool) -> str:
    """`throne status`: where the game stands and what comes next (or JSON)."""
    if as_json:
        return json.dumps(status_json(session.game, session.mode, session.save.seed,
                                      session.save.hard, session.save.level), indent=2)
    return status_text(session)
