"""`--write-ladder`: a measurement written back into `ladder.yaml`, comments kept.

Only the measured lines change (the bot's line under `measured:` and its figures in each
level, one flow-style line each, added where missing); the designer's comments, order and
layout stay. A level written in flow style on one line is refused with what to change. The
new text must validate as an edition before the one writer replaces the file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from throne_pnp.content.check import check_content
from throne_pnp.errors import ThroneError
from throne_pnp.writing import write_text
from throne_pnp.yamlsrc import SourceDict, YamlProblem, line_of, load_text


def _num(value: float) -> str:
    return f"{round(value, 4):g}" if value not in (0, 1) else str(int(value))


def figures_line(row: dict[str, Any]) -> str:
    """A level's figures as one flow-style mapping."""
    lo, hi = row["ci95"]
    return (f"{{win_rate: {_num(row['win_rate'])}, ci95: [{_num(lo)}, {_num(hi)}], "
            f"games: {row['games']}, mean_turns: {round(row['mean_turns'], 2):g}}}")


def header_line(report: dict[str, Any]) -> str:
    """The bot's provenance line: command, seed, budget, measured game."""
    budget = report.get("budget")
    return (f"{{command: {json.dumps(report['command'])}, seed: {report['seed']}, "
            f"budget: {budget if budget is not None else 'null'}, "
            f"game: {json.dumps(report['game'])}}}")


def _end_of(lines: list[str], start: int, stop: int) -> int:
    """The last line (1-based) in [start, stop] that holds YAML, not a blank or comment."""
    end = start
    for number in range(start, stop + 1):
        text = lines[number - 1].strip()
        if text and not text.startswith("#"):
            end = number
    return end


def _span(mapping: SourceDict, key: str, stop: int, lines: list[str]) -> tuple[int, int]:
    """The lines (first, last) the value of `key` takes in a block mapping."""
    start = line_of(mapping, key)
    later = [n for k, n in mapping.key_lines.items() if n > start]
    limit = min(later) - 1 if later else stop
    return start, _end_of(lines, start, limit)


def _key_indent(lines: list[str], level: SourceDict, item_line: int) -> str:
    """The indentation of a level's keys: after `- ` when the first key shares the
    item's line (`  - name: low`), else that of the key's own line."""
    first = min(level.key_lines.values(), default=item_line)
    text = lines[first - 1]
    if first == item_line:
        return " " * (len(text) - len(text.lstrip(" -")))
    return " " * (len(text) - len(text.lstrip()))


def rewrite(text: str, report: dict[str, Any]) -> str:
    """`ladder.yaml`'s text with the report's bot measured lines replaced or added."""
    try:
        data, _ = load_text(text, "ladder.yaml")
    except YamlProblem as exc:
        raise ThroneError(str(exc)) from None
    if not isinstance(data, SourceDict) or not isinstance(data.get("levels"), list):
        raise ThroneError("ladder.yaml: no `levels` list to write the figures into")
    lines = text.splitlines()
    bot = report["bot"]
    rows = {row["level"]: row for row in report["rows"]}
    edits: list[tuple[int, int, list[str]]] = []   # (first, last, new lines); last < first: insert
    levels = data["levels"]
    top_lines = sorted(data.key_lines.values())
    after_levels = [n for n in top_lines if n > line_of(data, "levels")]
    list_end = (min(after_levels) - 1) if after_levels else len(lines)
    for i, level in enumerate(levels):
        if not isinstance(level, SourceDict) or level.get("name") not in rows:
            continue
        item_line = line_of(levels, i)
        stop = (line_of(levels, i + 1) - 1) if i + 1 < len(levels) else list_end
        new = figures_line(rows[level["name"]])
        if all(n == item_line for n in level.key_lines.values()) and "{" in lines[item_line - 1]:
            raise ThroneError(f"ladder.yaml:{item_line}: level {level['name']} is written on "
                              "one line; write it as a block (name, hard and one line per bot, "
                              "as in the bundled edition) so its figures get lines of their own")
        indent = _key_indent(lines, level, item_line)
        if bot in level:
            first, last = _span(level, bot, stop, lines)
            edits.append((first, last, [f"{indent}{bot}: {new}"]))
        else:
            end = _end_of(lines, item_line, stop)
            edits.append((end + 1, end, [f"{indent}{bot}: {new}"]))
    missing = sorted(set(rows) - {lv.get("name") for lv in levels if isinstance(lv, dict)})
    if missing:
        raise ThroneError(f"ladder.yaml has no level {missing[0]}: the report does not belong "
                          "to this ladder; measure again")
    edits.append(_header_edit(data, lines, bot, header_line(report)))
    for first, last, new_lines in sorted(edits, key=lambda e: e[0], reverse=True):
        lines[first - 1:last] = new_lines
    return "\n".join(lines) + "\n"


def _header_edit(data: SourceDict, lines: list[str], bot: str, new: str
                 ) -> tuple[int, int, list[str]]:
    header = data.get("measured")
    if "measured" not in data:
        at = line_of(data, "levels")
        return at, at - 1, ["measured:", f"  {bot}: {new}"]
    at = line_of(data, "measured")
    if not (isinstance(header, SourceDict) and header):
        return at, at, ["measured:", f"  {bot}: {new}"]
    if bot in header:
        later = [n for n in data.key_lines.values() if n > at]
        first, last = _span(header, bot, min(later) - 1 if later else len(lines), lines)
    else:
        first = min(header.key_lines.values())
        last = first - 1
    text = lines[first - 1]
    return first, last, [f"{text[:len(text) - len(text.lstrip())]}{bot}: {new}"]


def write_ladder(directory: Path, report: dict[str, Any]) -> Path:
    """Write `report` (a ladder sweep) into `directory/ladder.yaml`; the file's path."""
    path = Path(directory) / "ladder.yaml"
    try:
        old = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ThroneError(f"{path}: no ladder to write into; add a ladder.yaml with its "
                          "levels first (docs/content.md)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ThroneError(f"{path}: cannot be read ({exc})") from None
    write_text(path, rewrite(old, report), kind="edition", edition_ok=Path(directory),
               check=lambda tmp: _check_as_edition(Path(directory), tmp, check_content))
    return path


def _check_as_edition(directory: Path, candidate: Path, check: Any) -> None:
    """Validate the edition as it would be with `candidate` as its ladder.yaml."""
    with tempfile.TemporaryDirectory() as scratch:
        for entry in directory.iterdir():
            if entry.is_file() and entry.name != "ladder.yaml" and not entry.name.startswith("."):
                os.symlink(entry.resolve(), Path(scratch) / entry.name)
        os.symlink(candidate.resolve(), Path(scratch) / "ladder.yaml")
        report = check(scratch)
    if report.problems:
        raise ThroneError(f"{directory / 'ladder.yaml'}: not written, the new figures would "
                          f"not validate: {report.problems[0]}")
