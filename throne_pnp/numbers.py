"""Whole numbers out of user text and parsed data: one parser for every layer.

`str.isdigit()` says yes to `²`, `①` or `፩`, which `int()` then refuses, and
`int()` itself takes `٣`, ` 7 `, `1_000` and numbers of any length (a
5,000-digit one even raises when printed). Every place a user's number is
read (the CLI's id lists and positions, the save's action texts, the page's
form and query fields, the content checker) goes through `whole` (text) or
`bounded` (an already parsed value) instead: ASCII digits only, at most
`MAX_DIGITS` of them, and a bound per field. Callers keep their own wording
for a refusal; `number_words` gives the usual one.
"""

from __future__ import annotations

from typing import Any

MAX_DIGITS = 9           # longer than any sane count, id or seed given by hand
LIMIT = 10**MAX_DIGITS - 1
_DIGITS = frozenset("0123456789")


def whole(text: Any, *, low: int = 0, high: int = LIMIT) -> int | None:
    """The whole number `text` spells in ASCII digits, within [low, high]; else None.

    No sign, no spaces, no underscores, no other scripts' digits, at most
    MAX_DIGITS digits (leading zeros count: `007` is 7, a thousand zeros is
    not a number a person types).
    """
    if not isinstance(text, str) or not 0 < len(text) <= MAX_DIGITS:
        return None
    if not _DIGITS.issuperset(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def is_whole(text: Any, *, high: int = LIMIT) -> bool:
    """True when `whole(text, high=high)` reads a number."""
    return whole(text, high=high) is not None


def bounded(value: Any, *, low: int = 0, high: int = LIMIT) -> int | None:
    """An int (not a bool) already parsed from YAML/JSON, within [low, high]; else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if low <= value <= high else None


def number_words(value: Any, limit: int = 24) -> str:
    """A short, printable form of any value a user gave as a number.

    `repr` of an int of thousands of digits raises (Python's int-to-text
    limit) and would flood the line anyway: long values are cut.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103)} digits"
        return str(value)
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
