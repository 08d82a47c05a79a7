"""Position files (`--at FILE`, `{king: {3: 2}, player: {1: 2}}`) read and checked
with the content files' safe loader; a refusal is a `PositionError`."""

from __future__ import annotations

from pathlib import Path

from throne_pnp.errors import PositionError
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import Position, parse_position
from throne_pnp.userfile import POSITION_LIMIT, FileRefused, read_text_limited
from throne_pnp.yamlsrc import YamlProblem, load_text


def read_position(board: Board, path: Path, option: str = "--at") -> Position:
    """Read a YAML/JSON position file and check it: refused (one line, naming the file
    and line) when unreadable, not YAML/JSON, a key twice, or not a valid position."""
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
