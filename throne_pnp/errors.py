"""Exception types shared by every layer.

Everything a user can cause (bad content, a bad position file, an illegal
move, a damaged save) raises a `ThroneError`; the CLI turns each into one line
on stderr and exit status 2. Anything else is a bug and may show a traceback.
"""

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
