"""Which edition a command uses: `--content DIR`, else `$THRONE_CONTENT`, else
`./content` when it holds a `map.yaml`, else the bundled edition (the checkout's
`content/` read in place, or a wheel's package data `throne_pnp/edition/`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

# The files of an edition, in the order they are read (all but the first two optional).
CONTENT_FILES = ("map.yaml", "cards.yaml", "rulings.yaml", "rules.txt", "examples.yaml",
                 "ladder.yaml")
ENV_VAR = "THRONE_CONTENT"

_PACKAGE = Path(__file__).resolve().parent   # .../throne_pnp


@dataclass(frozen=True, slots=True)
class Edition:
    """A content directory and why it was chosen (for the first line of build/validate)."""

    directory: Path
    source: str   # "option" | "env" | "cwd" | "bundled"

    def describe(self) -> str:
        """One line naming the edition and how it was found."""
        where = {"option": "--content", "env": ENV_VAR, "cwd": "./content in the current folder",
                 "bundled": "the bundled edition; `throne init` writes an editable copy",
                 }[self.source]
        return f"Edition: {self.directory} ({where})"


def bundled_content_dir() -> Path:
    """The edition that ships with the program: a checkout's `content/`, else package data."""
    checkout = _PACKAGE.parent
    if (checkout / "pyproject.toml").is_file() and holds_edition(checkout / "content"):
        return checkout / "content"
    return _PACKAGE / "edition"


def holds_edition(directory: Path) -> bool:
    """True when `directory` looks like an edition (it has a map.yaml)."""
    return (directory / "map.yaml").is_file()


def find_edition(option: Path | str | None = None) -> Edition:
    """Apply the lookup order: option, environment, ./content, bundled."""
    if option is not None and str(option) != "":
        return Edition(Path(option), "option")
    env = os.environ.get(ENV_VAR)
    if env:
        return Edition(Path(env), "env")
    local = Path.cwd() / "content"
    if holds_edition(local):
        return Edition(local, "cwd")
    return Edition(bundled_content_dir(), "bundled")


def default_content_dir() -> Path:
    """The directory `find_edition()` picks when no `--content` is given."""
    return find_edition().directory
