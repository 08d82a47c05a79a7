"""Form fields of the table page's POSTs as numbers; a bad one is `BadForm` (refused)."""

from __future__ import annotations

from typing import Any

from throne_pnp.errors import ThroneError
from throne_pnp.numbers import whole

LIMIT = 999_999   # no field of the page takes a number of more than six digits


class BadForm(ThroneError):
    """A form field is missing or not what the page sends."""


def number(form: Any, name: str, what: str, *, optional: bool = False) -> int | None:
    """A whole number from a form field; BadForm names the field and what it takes."""
    raw = form.get(name)
    if raw is None or str(raw).strip() == "":
        if optional:
            return None
        raise BadForm(f"the form is missing {what}")
    text = str(raw).strip()
    value = whole(text, high=LIMIT)
    if value is None:
        raise BadForm(f"{what} must be a whole number, not {text[:20]!r}")
    return value


def numbers(form: Any, name: str, what: str) -> list[int]:
    """Every value of a repeated field (checkboxes), or a '3,5' list in one field."""
    out: list[int] = []
    for raw in form.getlist(name):
        for word in str(raw).replace(",", " ").split():
            value = whole(word, high=LIMIT)
            if value is None:
                raise BadForm(f"{what} must be card numbers, not {word[:20]!r}")
            out.append(value)
    return out
