"""Regenerate the sample sessions in docs/assistant.md by running them again.

Each `$ throne ...` line of a "## A sample session" block is run in a fresh
empty folder, in order, and the lines after it are replaced by what the
program prints (errors included). tests/test_assistant_docs.py checks the
`Next:` and `Error:` lines against the program; run this after changing
what the assistant says.

    python scripts/regen_assistant_docs.py
"""

from __future__ import annotations

import os
import re
import shlex
import tempfile
from pathlib import Path

from click.testing import CliRunner

from throne_pnp.cli import cli

DOC = Path(__file__).resolve().parent.parent / "docs" / "assistant.md"


def rerun(block: str) -> str:
    """The block with every command's output printed afresh."""
    commands = [line for line in block.splitlines() if line.startswith("$ throne ")]
    out: list[str] = []
    home = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            for line in commands:
                result = CliRunner().invoke(cli, shlex.split(line[len("$ throne "):]))
                out += [line, *result.output.rstrip("\n").splitlines(), ""]
        finally:
            os.chdir(home)
    return "\n".join(out).rstrip("\n") + "\n"


def main() -> None:
    os.environ.pop("THRONE_GAME", None)
    text = DOC.read_text(encoding="utf-8")
    text = re.sub(r"(## A sample session.*?```text\n)(.*?)(```)",
                  lambda m: m.group(1) + rerun(m.group(2)) + m.group(3), text, flags=re.S)
    DOC.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
