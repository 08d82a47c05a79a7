"""Shared pieces of the command line: error mapping and common options.

Every user-caused `ThroneError` becomes `click.ClickException` with exit
status 2 here, in one place. Options shared by many commands (`--content`,
`--json`, `--game`) are decorators so that their names and help never drift.
Heavy modules are imported inside command bodies, never at import time: the
King's answer must not pay for the PDF machinery.
"""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from throne_pnp.errors import ThroneError
from throne_pnp.numbers import number_words, whole

F = TypeVar("F", bound=Callable[..., Any])


class UserError(click.ClickException):
    """A refusal: one clear message, exit status 2."""

    exit_code = 2


class ThroneGroup(click.Group):
    """Click group that turns ThroneError, an OSError on a path the user named,
    and click's own usage errors (bad values, missing arguments, unknown
    options or commands), into one line, exit 2 (see `cli.usage`)."""

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
        from throne_pnp.cli.usage import unknown_command

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
    from throne_pnp.cli.usage import UsageLine, usage_line

    if type(exc).__name__ == "NoArgsIsHelpError":
        return exc
    return UsageLine(usage_line(exc))


def content_option(func: F) -> F:
    """`--content DIR` (or THRONE_CONTENT): which edition to load."""
    return click.option(
        "--content", "content_dir", type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Content directory. Default: $THRONE_CONTENT, else ./content when this "
             "folder holds an edition, else the bundled Prydon edition.",
    )(func)


def json_option(func: F) -> F:
    """`--json`: print the result as JSON instead of text."""
    return click.option("--json", "as_json", is_flag=True,
                        help="Print the result as JSON.")(func)


def game_option(func: F) -> F:
    """`--game FILE` (or THRONE_GAME): the tracked game's save file."""
    return click.option(
        "--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
        envvar="THRONE_GAME", default=Path("throne-game.json"), show_default=True,
        help="Save file of the tracked game (env THRONE_GAME).",
    )(func)


def load(content_dir: Path | None):
    """Load the edition the lookup picks (see `content.lookup`); errors become refusals."""
    from throne_pnp.content import find_edition, load_content

    return load_content(find_edition(content_dir).directory)


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


_NUMBER = r"(?:0|[1-9][0-9]*)"
_QUICK_ONE = r"(?:king|player)\s*:\s+\{[0-9 :,]*\}"
_QUICK_SHAPE = re.compile(rf"\s*\{{\s*(?:{_QUICK_ONE}(?:\s*,\s*{_QUICK_ONE})*\s*,?\s*)?\}}\s*")
_QUICK_SIDE = re.compile(r"(king|player)\s*:\s+\{([0-9 :,]*)\}")
_QUICK_PAIR = re.compile(rf" *({_NUMBER}) *: +({_NUMBER}) *")


_QUICK_LINE = re.compile(r"(?:king|player) *: +\{[0-9 :,]*\} *")


def _two_lines(text: str) -> bool:
    """`king: {3: 2}` and `player: {1: 2}` on lines of their own, each from
    the first column (blank lines around them allowed): a block mapping of
    two flow mappings, the other usual way to write a position."""
    lines = [line for line in text.split("\n") if line.strip(" ")]
    return bool(lines) and all(_QUICK_LINE.fullmatch(line) for line in lines)


def quick_position(text: str) -> dict[str, dict[int, int]] | None:
    """The usual position, `{king: {3: 2}, player: {1: 2}}` on one line or
    `king: {3: 2}` and `player: {1: 2}` on two, without YAML.

    Whole numbers without leading zeros, a space after each colon, no side
    or territory given twice: then the answer is exactly what the YAML
    loader gives (a hypothesis test checks it), and the table commands skip
    importing it. Anything else (comments, other block styles, JSON, a
    typo) returns None and goes to the YAML loader, which also gives the
    error messages.
    """
    if _QUICK_SHAPE.fullmatch(text) is None and not _two_lines(text):
        return None
    data: dict[str, dict[int, int]] = {}
    for side, body in _QUICK_SIDE.findall(text):
        if side in data:
            return None
        parts = body.split(",") if body.strip() else []   # {}: no cubes
        if parts and not parts[-1].strip():
            parts.pop()                       # a trailing comma, as YAML allows
        counts: dict[int, int] = {}
        for part in parts:
            pair = _QUICK_PAIR.fullmatch(part)
            terr = whole(pair.group(1)) if pair else None
            count = whole(pair.group(2)) if pair else None
            if terr is None or count is None or terr in counts:
                return None      # (a number too long to be one: the YAML path refuses it)
            counts[terr] = count
        data[side] = counts
    return data


def read_position(board: Any, path: Path, option: str = "--at") -> Any:
    """Read a YAML/JSON position file (`{king: {3: 2}, player: {1: 2}}`) and check it.

    Refused (one line, naming the file and line) when it cannot be read, is
    not YAML/JSON, gives a key twice, or is not a valid position.
    """
    from throne_pnp.rules.position import parse_position
    from throne_pnp.userfile import POSITION_LIMIT, FileRefused, read_text_limited

    try:
        text = read_text_limited(path, POSITION_LIMIT).replace("\r\n", "\n")
    except FileRefused as exc:
        why = "not found" if exc.missing else exc.why
        raise UserError(f"{option} {path}: cannot read the position file ({why})") from None
    quick = quick_position(text)
    if quick is not None:
        return parse_position(board, quick, f"{option} {path}")
    from throne_pnp.yamlsrc import YamlProblem, load_text

    # The content files' loader: safe, and it notices a key given twice, which
    # plain YAML reads silently with the first value lost.
    try:
        data, twice = load_text(text, f"{option} {path}")
    except YamlProblem as exc:
        raise UserError(f"{exc}; expected e.g. {{king: {{3: 2}}, player: {{1: 2}}}}") from None
    if twice:
        raise UserError(twice[0])
    return parse_position(board, data, f"{option} {path}")
