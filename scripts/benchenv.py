"""Run benchmark subprocesses as a user's machine runs them: with byte-code caching.

Some environments (CI sandboxes, this workplace) set PYTHONDONTWRITEBYTECODE,
so every start recompiles the project's sources while the libraries it is
compared against load their installed byte code. A user's install has byte
code for both, so the benchmarks compile the project once and let the
measured processes use it.
"""

from __future__ import annotations

import compileall
import json
import os
import statistics
import subprocess
import sys
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


def rate_in(root: str, script: str, *args: str) -> float:
    """The "rate" that `script` (run by `python -c` in the checkout `root`) prints as JSON."""
    out = subprocess.run([sys.executable, "-c", script, *args], check=True,
                         capture_output=True, text=True, cwd=root,
                         env={**user_env(), "PYTHONPATH": root})
    return json.loads(out.stdout)["rate"]


def median_rates(script: str, args: list[str], rounds: int,
                 compare: str | None) -> dict[str, float]:
    """The median rate of `rounds` runs in this checkout and, taking turns with it, in the
    checkout `compare` (so both see the same machine load)."""
    precompile()
    roots = {"this": str(ROOT), **({"compare": compare} if compare else {})}
    rates: dict[str, list[float]] = {name: [] for name in roots}
    for _ in range(rounds):
        for name, root in roots.items():
            rates[name].append(rate_in(root, script, *args))
    return {name: statistics.median(values) for name, values in rates.items()}
