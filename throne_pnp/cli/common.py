"""Shared pieces of the command line: error mapping and common options.

Every user-caused `ThroneError`, and click's own usage errors, become one line with exit
status 2 here (`throne CMD: <what was wrong>; <what would be right>`); shared options
(`--content`, `--json`, `--game`) are decorators so their names and help never drift. Heavy
modules are imported inside command bodies: the King's answer must not pay for the PDFs."""

from __future__ import annotations

import difflib
import errno
import json
import os
import re
from pathlib import Path
from typing import Any

import click

from throne_pnp.cli.table_answers import load  # noqa: F401 (re-exported)
from throne_pnp.errors import PositionError, ThroneError
from throne_pnp.numbers import number_words, whole
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import Position, parse_position
from throne_pnp.userfile import POSITION_LIMIT, FileRefused, read_text_limited
from throne_pnp.yamlsrc import YamlProblem, load_text


class UserError(click.ClickException):
    """A refusal: one clear message, exit status 2."""

    exit_code = 2


PROG = "throne"


class UsageLine(click.ClickException):
    """A usage error already worded as one line: printed as is, exit 2."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: ANN001 (click's signature)
        click.echo(self.message, err=True)


def command_words(ctx: click.Context | None) -> str:
    """`throne resolve king` for the context of a (sub)command; `throne` for the group."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join([PROG, *reversed(names)])


def example(ctx: click.Context | None) -> str | None:
    """The first example line of the command's help (`throne card 12`), if any."""
    if ctx is None or ctx.command is None:
        return None
    words = command_words(ctx)
    for line in (ctx.command.help or "").splitlines():
        text = line.split("#")[0].strip()
        if text.startswith(words + " ") or text == words:
            return text
    return None


def _hint(ctx: click.Context | None) -> str:
    words, shown = command_words(ctx), example(ctx)
    return f"e.g. `{shown}` (see `{words} --help`)" if shown else f"see `{words} --help`"


def _param_name(param: click.Parameter | None) -> str:
    if param is None:
        return "a value"
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return (param.metavar or param.name or "value").strip("[]. ").upper()


_RANGE = re.compile(r"^(?P<value>\S+) is not in the range (?P<range>.+)\.$")


def _value_words(message: str) -> str:
    """Click's words for a bad value, plainer (`must be 1 or more (got 0)`)."""
    found = _RANGE.match(message)
    if found is not None:
        value, span = found.group("value"), found.group("range")
        low = re.fullmatch(r"x>=(-?\d+)", span)
        if low is not None:
            return f"must be {low.group(1)} or more (got {value})"
        both = re.fullmatch(r"(-?\d+)<=x<=(-?\d+)", span)
        if both is not None:
            return f"must be from {both.group(1)} to {both.group(2)} (got {value})"
    message = message.rstrip(".")
    for kind in ("integer range", "integer"):
        message = message.replace(f"is not a valid {kind}", "is not a whole number")
    return message[:1].lower() + message[1:]


def usage_line(exc: click.UsageError) -> str:
    """One line for a click usage error: `throne CMD: what; what instead`."""
    ctx = exc.ctx
    words = command_words(ctx)
    name = words.split(" ", 1)[1] if " " in words else PROG
    if isinstance(exc, click.NoSuchOption):
        option = exc.option_name
        if re.fullmatch(r"-\d+", option):
            shown = example(ctx)
            right = f", e.g. `{shown}`" if shown else f" (see `{words} --help`)"
            return (f"{words}: {option} is a negative number; {name} takes a positive "
                    f"number{right}")
        if exc.possibilities:
            return (f"{words}: no option {option}; did you mean "
                    f"{' or '.join(exc.possibilities)}? "
                    f"(see `{words} --help`)")
        return f"{words}: no option {option}; see `{words} --help`"
    if isinstance(exc, click.MissingParameter):
        return f"{words}: {_param_name(exc.param)} is missing; {_hint(ctx)}"
    if isinstance(exc, click.BadParameter):
        what = _param_name(exc.param)
        return f"{words}: {what} {_value_words(exc.message)}; {_hint(ctx)}"
    text = exc.message.rstrip(".")
    return f"{words}: {text[:1].lower() + text[1:]}; {_hint(ctx)}"


def unknown_command(group: click.Group, ctx: click.Context, args: list[str]) -> UsageLine:
    """`throne mvoe 1 1 5`: no such command, with the nearest name."""
    typed = args[0]
    words = command_words(ctx)
    names = group.list_commands(ctx)
    near = difflib.get_close_matches(typed, names, n=1)
    if near:
        again = " ".join([words, near[0], *args[1:]])
        return UsageLine(f"{words} {typed}: no such command; did you mean `{again}`? "
                         f"(see `{words} --help`)")
    return UsageLine(f"{words} {typed}: no such command; the commands are listed by "
                     f"`{words} --help`")


class ThroneGroup(click.Group):
    """Click group that turns ThroneError, an OSError on a path the user named,
    and click's own usage errors (bad values, missing arguments, unknown
    options or commands), into one line, exit 2 (`usage_line`)."""

    def invoke(self, ctx: click.Context) -> Any:
        words = [*getattr(ctx, "_protected_args", []), *ctx.args]
        try:
            return super().invoke(ctx)
        except ThroneError as exc:
            raise UserError(str(exc)) from None
        except OSError as exc:
            raise UserError(os_error_line(exc)) from None
        except click.UsageError as exc:
            if exc.ctx is None:       # raised by the option parser: find the command
                exc.ctx = self._context_for(ctx, words)
            raise _one_line(exc) from None

    def _context_for(self, ctx: click.Context, words: list[str]) -> click.Context:
        """The (sub)command's context that the typed `words` name, without parsing."""
        group: click.Command = self
        for word in words:
            if not isinstance(group, click.Group) or word.startswith("-"):
                break
            found = group.get_command(ctx, word)
            if found is None:
                break
            ctx = click.Context(found, info_name=word, parent=ctx)
            group = found
        return ctx

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        if (args and not args[0].startswith("-") and not ctx.resilient_parsing
                and self.get_command(ctx, args[0]) is None):
            raise unknown_command(self, ctx, args)
        return super().resolve_command(ctx, args)


def os_error_line(exc: OSError) -> str:
    """A path the user named that the system refuses (`build --out /dev/null`, a name
    too long, a read-only folder, /proc): one line naming it and what to do."""
    name = str(exc.filename) if exc.filename is not None else "a file"
    if len(name) > 80:
        name = name[:40] + "..." + name[-20:]
    why = exc.strerror or type(exc).__name__
    fix = ("use a shorter name (at most 255 characters per part of the path)"
           if exc.errno == errno.ENAMETOOLONG else "name a file or folder that can be used")
    return f"cannot use {name}: {why[:1].lower() + why[1:]}; {fix}"


def _one_line(exc: click.UsageError) -> click.ClickException:
    """Click's usage error as our one line (help shown for a bare `throne` stays)."""
    if type(exc).__name__ == "NoArgsIsHelpError":
        return exc
    return UsageLine(usage_line(exc))


TRACKED_SAVE = "throne-game.json"     # --game's default (env THRONE_GAME)
# `--content DIR` (or THRONE_CONTENT), `--json` and `--game FILE` (or THRONE_GAME)
content_option = click.option(
    "--content", "content_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Content directory. Default: $THRONE_CONTENT, else ./content when this "
         "folder holds an edition, else the bundled Prydon edition.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
game_option = click.option(
    "--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
    envvar="THRONE_GAME", default=Path(TRACKED_SAVE), show_default=True,
    help="Save file of the tracked game (env THRONE_GAME).")


def tracked_save(game_file: Path | None = None) -> Path:
    """The tracked save of a command: its --game, else THRONE_GAME, else the default."""
    if game_file is not None:
        return game_file
    return Path(os.environ.get("THRONE_GAME") or TRACKED_SAVE)


def output_path(path: Path, option: str, example: str, *, game_file: Path | None = None,
                kind: str = "output") -> Path:
    """Refuse, before any work, an output path a command may not write (SPEC §12:
    the tracked save, an edition's file, the installed package, or a link to one),
    saying what to pass instead (`example`); returns the path the write will replace."""
    from throne_pnp.writing import check_target

    return check_target(path, option, kind=kind, saves=[tracked_save(game_file)],
                        instead=f"name a file of your own, e.g. {option} {example}")


WRITTEN_SUFFIXES = (".pdf", ".svg", ".png", ".json", ".vmod")   # what `build` writes


def output_folder(folder: Path, option: str, names: tuple[str, ...] = ()) -> None:
    """Refuse an output folder inside the installed package, and any file already
    in `folder` (or its sub-folders `names`) that a write there may not replace."""
    from throne_pnp.writing import check_folder, check_target

    check_folder(folder, option, instead=f"name a folder of your own, e.g. {option} output")
    for sub in ("", *names):
        where = folder / sub if sub else folder
        try:
            entries = list(where.iterdir()) if where.is_dir() else []
        except OSError:
            continue
        for entry in entries:
            if entry.suffix in WRITTEN_SUFFIXES and (entry.is_symlink() or entry.is_file()):
                check_target(entry, option, saves=[tracked_save()],
                             instead="remove it or name another folder")


def echo_json(data: Any) -> None:
    """Print JSON the same way everywhere (sorted keys are not used: order is meaningful)."""
    click.echo(json.dumps(data, indent=2))


def id_list(text: str, option: str) -> list[int]:
    """Parse a `3,5` (or `3 5`) list of numbers given to `option`."""
    words = text.replace(",", " ").split()
    numbers = [whole(w) for w in words]
    if not numbers or None in numbers:
        raise UserError(f"{option} takes card numbers separated by commas, e.g. 3,5; "
                        f"got {number_words(text, 40)}")
    return numbers  # type: ignore[return-value]  # (no None left)


def read_position(board: Board, path: Path, option: str = "--at") -> Position:
    """Read a YAML/JSON position file (`{king: {3: 2}, player: {1: 2}}`) and check it:
    refused (one line, naming the file and line) when unreadable, not YAML/JSON, a key
    twice, or not a valid position."""
    try:
        text = read_text_limited(path, POSITION_LIMIT).replace("\r\n", "\n")
    except FileRefused as exc:
        why = "not found" if exc.missing else exc.why
        raise PositionError(f"{option} {path}: cannot read the position file ({why})") from None
    try:
        data, twice = load_text(text, f"{option} {path}")
    except YamlProblem as exc:
        raise PositionError(f"{exc}; expected e.g. {{king: {{3: 2}}, player: {{1: 2}}}}") from None
    if twice:
        raise PositionError(twice[0])
    return parse_position(board, data, f"{option} {path}")
