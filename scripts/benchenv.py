"""Run benchmark subprocesses as a user's machine runs them: with byte-code caching.

Some environments (CI sandboxes, this workplace) set PYTHONDONTWRITEBYTECODE,
so every start recompiles the project's sources while the libraries it is
compared against load their installed byte code. A user's install has byte
code for both, so the benchmarks compile the project once and let the
measured processes use it.
"""

from __future__ import annotations

import compileall
import os
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def user_env() -> dict[str, str]:
    """The current environment without PYTHONDONTWRITEBYTECODE."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def precompile() -> None:
    """Write byte code for the whole package (as `pip install` would)."""
    compileall.compile_dir(str(ROOT / "throne_pnp"), quiet=1)


def timed(cmd: list[str], **extra: str) -> float:
    """Wall time of one run of `cmd` in the user's environment (plus the
    variables `extra`), output discarded."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**user_env(), **extra})
    return time.perf_counter() - start
