"""Whole numbers out of user text and parsed data: one parser for every layer.

`int()` takes `٣`, ` 7 `, `1_000` and numbers of any length, and `isdigit()` says
yes to `²`; every number a user gives goes through `whole` (text) or `bounded`
(parsed) instead: ASCII digits only, at most `MAX_DIGITS`, a bound per field.
"""

from __future__ import annotations

from typing import Any

MAX_DIGITS = 9           # longer than any sane count, id or seed given by hand
LIMIT = 10**MAX_DIGITS - 1
_DIGITS = frozenset("0123456789")


def whole(text: Any, *, low: int = 0, high: int = LIMIT) -> int | None:
    """The whole number `text` spells in at most MAX_DIGITS ASCII digits (no sign,
    space or underscore; leading zeros count), within [low, high]; else None."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_DIGITS:
        return None
    if not _DIGITS.issuperset(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def bounded(value: Any, *, low: int = 0, high: int = LIMIT) -> int | None:
    """An int (not a bool) already parsed from YAML/JSON, within [low, high]; else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if low <= value <= high else None


def number_words(value: Any, limit: int = 24) -> str:
    """A short, printable form of any value a user gave as a number (a huge int's
    `repr` would raise or flood the line: long values are cut)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103)} digits"
        return str(value)
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
