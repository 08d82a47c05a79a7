"""Click's own usage errors said in one line like every other refusal: `throne CMD: <what
was wrong>; <what would be right>` on stderr, exit 2."""

from __future__ import annotations

import difflib
import re

import click

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
