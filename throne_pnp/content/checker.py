"""`Checker`: typed reads out of one parsed YAML file, each returning the value or
recording a problem (file, line, key path, what to change), so one pass reports all.
"""

from __future__ import annotations

from typing import Any

from throne_pnp.content.model import Territory
from throne_pnp.numbers import LIMIT, number_words
from throne_pnp.yamlsrc import SourceDict, line_of

MAX_NAME = 200     # characters of a map, territory or card name (ours: at most 17)


class Checker:
    """Collects problems for one file while reading typed values out of it."""

    def __init__(self, filename: str, problems: list[str]):
        self.filename = filename
        self.problems = problems
        self.bad_paths: set[str] = set()  # key paths already reported, to avoid cascades

    def add(self, line: int, path: str, message: str) -> None:
        self.bad_paths.add(path)
        where = f"{self.filename}:{line}" if line else self.filename
        self.problems.append(f"{where}: {path}: {message}" if path else f"{where}: {message}")

    def mapping(self, value: Any, path: str, line: int) -> SourceDict | None:
        if isinstance(value, dict):
            return value  # type: ignore[return-value]
        self.add(line, path, f"expected a mapping of keys to values, got {describe(value)}")
        return None

    def unknown_keys(self, data: dict, allowed: tuple[str, ...], path: str) -> None:
        for key in data:
            if key not in allowed:
                import difflib  # only when a key is wrong: keeps the fast path light

                close = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                self.add(line_of(data, key), join(path, key),
                         f"unknown key; {hint}allowed here: {', '.join(allowed)}")

    def integer(self, data: dict, key: str, path: str, default: int | None, low: int,
                high: int | None = None) -> int | None:
        """Read an int in [low, high]; None (and a problem) when missing or wrong."""
        if key not in data:
            if default is None:
                self.add(line_of(data), join(path, key), "required key is missing")
            return default
        value = data[key]
        where = join(path, key)
        if not is_int(value):
            self.add(line_of(data, key), where, f"expected a whole number, got {describe(value)}")
            return None
        high = LIMIT if high is None else high
        if not low <= value <= high:
            span = f"from {low} to {high}" if high != LIMIT else f"at least {low}"
            self.add(line_of(data, key), where,
                     f"{number_words(value)} is out of range; use a number {span}")
            return None
        return value

    def boolean(self, data: dict, key: str, path: str, default: bool) -> bool:
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, bool):
            self.add(line_of(data, key), join(path, key),
                     f"expected true or false, got {describe(value)}")
            return default
        return value

    def text(self, data: dict, key: str, path: str, default: str,
             longest: int = MAX_NAME, one_line: bool = True) -> str:
        """Some text of at most `longest` characters, on one line unless not
        `one_line` (a name; an example's text is longer and may span lines)."""
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, str) or not value.strip():
            self.add(line_of(data, key), join(path, key),
                     f"expected some text, got {describe(value)}")
            return default
        value = value.strip()
        broken = one_line and "\n" in value
        if len(value) > longest or broken:
            what = "more than one line" if broken else f"{len(value)} characters"
            self.add(line_of(data, key), join(path, key),
                     f"{what}; use at most {longest} characters"
                     + (" on one line" if one_line else "") + " (it must fit in print)")
            return default
        return value

    def choice(self, data: dict, key: str, path: str, choices: tuple[str, ...],
               default: str | None) -> str | None:
        if key not in data:
            if default is None:
                self.add(line_of(data), join(path, key),
                         f"required key is missing; use one of {', '.join(choices)}")
            return default
        value = data[key]
        if value not in choices:
            self.add(line_of(data, key), join(path, key),
                     f"{describe(value)} is not allowed; use one of {', '.join(choices)}")
            return None
        return value


def join(path: str, key: Any) -> str:
    """`territories[5].wheat`; a path in words (`card 12`) reads `card 12: swords`."""
    if not path:
        return str(key)
    return f"{path}: {key}" if " " in path else f"{path}.{key}"


def describe(value: Any) -> str:
    """A value the user gave, in a message's words (`a list`, `'abc'`, `nothing`)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return number_words(value, 60)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def adjacent_ok(body: dict) -> bool:
    """True when a territory's `adjacent` list was read without a problem."""
    listed = body.get("adjacent")
    return isinstance(listed, list) and bool(listed) and all(is_int(x) for x in listed)


def adjacency_read(raw: dict, territories: dict[int, Territory]) -> bool:
    """True when every territory's `adjacent` list was read without a problem."""
    return all(adjacent_ok(raw[n]) for n in territories)

