"""The commands typed at every turn, answered before click is loaded.

`throne card`, `battle`, `withdraw`, `move`, `rally`, `done` and `status`
are typed many times a game; loading click (with what it imports) costs
about as much as the answer. So, after `cli.quick`, the console script
offers the words here: a command of this table typed plainly (its numbers
in plain digits; `--json`, `--game FILE`, `--content DIR` and `move --yes`,
each once, spelled out) runs with the same functions as the click command
(`cli.table_answers`, `assistant.commands`), under the same save lock, and
prints what click would print.

Anything else goes to click: other options and spellings, help, completion,
and every refusal. A refused command has changed nothing (a command is
saved only when accepted, see `Session.command`), so click simply runs it
again and words the refusal in its own way; likewise a `move` that empties
the home castle, which click confirms or refuses. Nothing is printed before
the answer is complete, so handing over never prints twice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from throne_pnp.cli.quick import COMPLETE_VAR, scan

GAME_VAR = "THRONE_GAME"
DEFAULT_GAME = "throne-game.json"
# command -> (fewest numbers, most numbers, its own flags)
SHAPES: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "card": (0, 1, ()), "battle": (0, 1, ()), "withdraw": (1, 1, ()), "rally": (1, 1, ()),
    "move": (3, 3, ("--yes",)), "done": (0, 0, ()), "status": (0, 0, ()),
}
VALUED = ("--game", "--content")


class Words:
    """A plainly typed table command: its name, numbers and options."""

    __slots__ = ("name", "numbers", "flags", "game", "content")

    def __init__(self, name: str, numbers: list[int], flags: set[str], game: Path,
                 content: Path | None) -> None:
        self.name, self.numbers, self.flags = name, numbers, flags
        self.game, self.content = game, content


def table_words(argv: list[str]) -> Words | None:
    """The plain words of a table command, else None (click's turn).

    The paths must pass what click's `Path` checks (a readable folder for
    `--content`; `--game` not a folder, readable when it exists), so that
    click alone words a refusal of them."""
    if not argv or argv[0] not in SHAPES:
        return None
    name = argv[0]
    fewest, most, own = SHAPES[name]
    numbers: list[int] = []
    found = scan(argv[1:], VALUED, ("--json", *own), numbers)
    if found is None:
        return None
    if not fewest <= len(numbers) <= most:
        return None
    game = found.get("--game") or os.environ.get(GAME_VAR) or DEFAULT_GAME
    if os.path.isdir(game) or (os.path.lexists(game) and not os.access(game, os.R_OK)):
        return None
    content = found.get("--content")
    if content is not None and not (os.path.isdir(content) and os.access(content, os.R_OK)):
        return None
    flags = {w for w in found if w not in VALUED}
    return Words(name, numbers, flags, Path(game), Path(content) if content else None)


def _run(words: Words) -> tuple[str, bool] | None:
    """(text, to stderr) the command prints, or None when it was refused.

    The command runs under the save's lock; a refusal leaves the save as it
    was (it is checked: a save that changed is never handed over)."""
    from throne_pnp.cli import table_answers as answers

    as_json = "--json" in words.flags
    if words.name == "status":
        try:
            return answers.status_answer(answers.opened(words.game, words.content),
                                         as_json), False
        except Exception:   # noqa: BLE001 - a refusal (or anything odd): click says it
            return None
    from throne_pnp.assistant import commands

    n = words.numbers
    play = {
        "card": lambda s: commands.play_card(s, n[0] if n else None, None),
        "battle": lambda s: commands.play_battle(s, n[0] if n else None, None, None),
        "withdraw": lambda s: commands.withdraw(s, n[0]),
        "rally": lambda s: commands.rally(s, n[0]),
        "move": lambda s: commands.move(s, *n, confirmed="--yes" in words.flags),
        "done": commands.done,
    }[words.name]
    session = None
    try:
        with answers.locked(words.game, words.content) as session:
            had = len(session.save.commands)
            cmd = play(session)
    except Exception:   # noqa: BLE001 - a refusal (or anything odd): click says it
        if session is not None and len(session.save.commands) != had:
            raise   # (saved, then failed: never run twice; cannot happen, see commands)
        return None
    return answers.report_text(session, cmd, as_json,
                               resumed_withdrawal=words.name == "withdraw")


def answered(argv: list[str]) -> bool:
    """Run and print the table command `argv` if it is plain; True when done."""
    if COMPLETE_VAR in os.environ:
        return False
    words = table_words(argv)
    if words is None:
        return False
    done = _run(words)
    if done is None:
        return False
    text, to_stderr = done
    echo(text, to_stderr)
    return True


def echo(text: str, to_stderr: bool = False) -> None:
    """Print a line as `click.echo` does: ASCII without escapes is written alike
    on any terminal or pipe; anything else goes through click itself."""
    if not text.isascii() or "\x1b" in text:
        import click

        click.echo(text, err=to_stderr)
        return
    stream = sys.stderr if to_stderr else sys.stdout
    try:
        stream.write(text + "\n")
        stream.flush()
    except BrokenPipeError:
        # As click does: the reader has gone; say nothing more, exit 1.
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 - lives until exit
        sys.exit(1)
