"""Which edition a command uses, and where the bundled edition lives.

Every command looks for its content in this order: `--content DIR`, else the
`THRONE_CONTENT` environment variable, else `./content` when the current
folder holds an edition (a `map.yaml` in it), else the edition bundled with
the program.

The bundled edition is the repository's top-level `content/` folder. When the
code runs from a source checkout (an editable install, or `PYTHONPATH`) that
folder is read in place, so editing it and rebuilding just works; a wheel
carries a copy made at build time as the package data `throne_pnp/edition/`
(see setup.py). Nothing here imports YAML: finding an edition is cheap.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

# The files of an edition, in the order they are read; rulings.yaml,
# rules.txt, examples.yaml and ladder.yaml (the difficulty ladder) are optional.
CONTENT_FILES = ("map.yaml", "cards.yaml", "rulings.yaml", "rules.txt", "examples.yaml",
                 "ladder.yaml")
ENV_VAR = "THRONE_CONTENT"

_PACKAGE = Path(__file__).resolve().parents[1]   # .../throne_pnp


@dataclass(frozen=True, slots=True)
class Edition:
    """A content directory and why it was chosen (for the first line of build/validate)."""

    directory: Path
    source: str   # "option" | "env" | "cwd" | "bundled"

    def describe(self) -> str:
        """One line naming the edition and how it was found."""
        where = {
            "option": "--content",
            "env": f"{ENV_VAR}",
            "cwd": "./content in the current folder",
            "bundled": "the bundled edition; `throne init` writes an editable copy",
        }[self.source]
        return f"Edition: {self.directory} ({where})"


def bundled_content_dir() -> Path:
    """The edition that ships with the program.

    A source checkout (the package sits beside `pyproject.toml` and a
    `content/` folder) reads that folder; an installed package reads its
    package data.
    """
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
