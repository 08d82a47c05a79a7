"""Position files (`--at FILE`): the usual shapes read without YAML, the rest with it.

A position is most often written `{king: {3: 2}, player: {1: 2}}` on one
line, or as two lines `king: {3: 2}` and `player: {1: 2}`. `quick_position`
reads exactly those shapes without importing YAML (a hypothesis test checks
that it gives what the YAML loader gives, or nothing); anything else goes to
the content files' safe loader. No click here: a refusal is a
`PositionError`, which the command line prints as its one line, exit 2, and
the fast path of `throne resolve` (see `cli.quick`) can use this module
without loading click.
"""

from __future__ import annotations

import re
from pathlib import Path

from throne_pnp.errors import PositionError
from throne_pnp.numbers import whole

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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
        raise PositionError(f"{option} {path}: cannot read the position file ({why})") from None
    quick = quick_position(text)
    if quick is not None:
        return parse_position(board, quick, f"{option} {path}")
    from throne_pnp.yamlsrc import YamlProblem, load_text

    # The content files' loader: safe, and it notices a key given twice, which
    # plain YAML reads silently with the first value lost.
    try:
        data, twice = load_text(text, f"{option} {path}")
    except YamlProblem as exc:
        raise PositionError(f"{exc}; expected e.g. {{king: {{3: 2}}, player: {{1: 2}}}}") from None
    if twice:
        raise PositionError(twice[0])
    return parse_position(board, data, f"{option} {path}")
