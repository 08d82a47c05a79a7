"""Exception types shared by every layer: everything a user can cause raises a `ThroneError`,
which the CLI turns into one line on stderr and exit 2; anything else is a bug."""

from __future__ import annotations


class ThroneError(Exception):
    """A problem the user can fix; the message says what and how."""


class ContentError(ThroneError):
    """The content directory is invalid; `problems` lists every issue found."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        count = len(problems)
        head = f"the content has {count} problem{'s' if count != 1 else ''}"
        super().__init__(head + ":\n  " + "\n  ".join(problems))


class IllegalAction(ThroneError, ValueError):
    """A command breaks a rule; the message names the rule and what is legal."""


class HandConflict(IllegalAction):
    """A card refused because of the hand the record holds (which may be told wrong)."""


class PositionError(ThroneError, ValueError):
    """A position (file or dict) is not a legal table state for this map."""
