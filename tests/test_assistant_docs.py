"""The sample sessions in docs/assistant.md still match what the program says.

Each `$ throne ...` line is run again in an empty folder; its exit status and
the assistant's own lines (`Next:` and refusals) must be as printed in the
guide. Regenerate the transcripts by running the commands when this fails.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from throne_pnp.cli import cli

DOC = Path(__file__).resolve().parent.parent / "docs" / "assistant.md"


def sessions() -> list[list[tuple[str, list[str]]]]:
    """Each sample session: (command line, output lines) pairs."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"## A sample session.*?```text\n(.*?)```", text, re.S)
    out = []
    for block in blocks:
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ throne "):
                steps.append((line[len("$ throne "):], []))
            elif steps and line:
                steps[-1][1].append(line)
        out.append(steps)
    return out


def key_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("Next:", "Error:", "Took back"))]


def test_sample_sessions_match(tmp_path, monkeypatch):
    found = sessions()
    assert len(found) == 2 and all(len(s) >= 5 for s in found)
    for number, steps in enumerate(found):
        folder = tmp_path / str(number)
        folder.mkdir()
        monkeypatch.chdir(folder)
        monkeypatch.delenv("THRONE_GAME", raising=False)
        for command, expected in steps:
            result = CliRunner().invoke(cli, shlex.split(command))
            refused = any(line.startswith("Error:") for line in expected)
            assert result.exit_code == (2 if refused else 0), (command, result.output)
            got = result.output.splitlines()
            assert key_lines(got) == key_lines(expected), command
