"""The repository's own text files hold no merge left half done: a conflict's markers
(`<<<<<<<`, `=======`, `>>>>>>>` at a line's start) once reached docs/scan.md unseen."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKERS = ("<<<<<<< ", ">>>>>>> ", "=======\n")
TEXT = (".py", ".md", ".txt", ".yaml", ".yml", ".toml", ".html", ".css", ".js", ".cfg", ".sh")


def _tracked() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an installed copy): nothing to check")
    return [ROOT / name for name in listed if name.endswith(TEXT)]


def test_no_file_holds_a_conflicts_markers() -> None:
    files = _tracked()
    assert files, "git ls-files listed no text file"
    bad = [f"{path.relative_to(ROOT)}:{n}" for path in files if path.is_file()
           for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                    .splitlines(keepends=True), 1)
           if line.startswith(MARKERS) or line == "======="]
    assert not bad, f"conflict markers at {', '.join(bad[:10])}"
