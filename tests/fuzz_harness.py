"""The fuzzing harness's engine: a workspace of hostile files, and running one case.

A case is a small JSON-able dict of one of five kinds (content, save, args,
position, web); `run_case(kind, case, ws)` runs it and returns the problems
found (an empty list: it held). The property everywhere: exit status 0 or 2
(HTTP below 500), never a traceback, never a hang past a time limit, never a
save changed by a refused command, and content that `validate` accepts is
built, drawn, played and simulated without a refusal or a `nan` in the output.

The CLI runs in-process (click's CliRunner) for speed; a hang is caught by an
interval timer (SIGALRM), which also stops an accidental read from a named
pipe. The kinds' generators (hypothesis strategies) are in `fuzz_strategies`;
the test files `test_fuzz_*.py`, the corpus replay and `scripts/fuzz_long.py`
all call this module. Special paths in a case are placeholders such as
`{zero}` (a link to /dev/zero), `{fifo}`, `{dir}`, `{huge}` (see `Workspace`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import tempfile
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from throne_pnp.cli import cli

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "content"
from throne_pnp.edition_lookup import CONTENT_FILES  # noqa: E402,F401 - every file of an edition

TIME_LIMIT = 30.0      # seconds for one command (a full build takes about 1 s)
BASE_SEED = 5
BASE_COMMANDS = (["card", "5"], ["battle", "1"])   # a short game to mutate


class Hang(BaseException):
    """Raised by the timer in a command that ran past its time limit."""


FIFOS: list[Path] = []     # the workspaces' named pipes


def _release_fifos() -> None:
    """Unblock any thread stuck opening one of our named pipes to read it: open it
    for writing and close it at once (the reader then sees the end of the file)."""
    for fifo in FIFOS:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass   # no reader waiting


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread after `seconds` (no limit off the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        _release_fifos()
        raise Hang(f"still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def cwd(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


class Workspace:
    """A private folder with the hostile files cases name, and a base game.

    Placeholders: {zero} {null} {fifo} {dir} {missing} {huge} {binary}
    {long} (a 300-character name) {game} (this case's save) {out} (a fresh
    path to write) {pos} (this case's position file) {content} (this
    case's content folder).
    """

    def __init__(self, root: Path | None = None):
        self.root = Path(root or tempfile.mkdtemp(prefix="throne-fuzz-"))
        self.root.mkdir(parents=True, exist_ok=True)
        fx = self.root / "fixtures"
        fx.mkdir(exist_ok=True)
        self.special = {
            "zero": fx / "zero", "null": fx / "null", "fifo": fx / "fifo", "dir": fx / "dir",
            "missing": fx / "missing" / "nothing.yaml", "huge": fx / "huge",
            "binary": fx / "binary", "long": fx / ("x" * 300),
        }
        for name, target in (("zero", "/dev/zero"), ("null", "/dev/null")):
            if not self.special[name].is_symlink():
                self.special[name].symlink_to(target)
        if not self.special["fifo"].exists():
            os.mkfifo(self.special["fifo"])
        FIFOS.append(self.special["fifo"])
        self.special["dir"].mkdir(exist_ok=True)
        with open(self.special["huge"], "wb") as fh:   # sparse: no disk used
            fh.truncate(64 * 1024 * 1024)
        self.special["binary"].write_bytes(bytes(range(256)) * 4)
        self.env = {"XDG_CACHE_HOME": str(self.root / "cache"), "THRONE_CONTENT": None,
                    "THRONE_GAME": None, "COLUMNS": "100"}
        self.counter = 0
        self._base_save: bytes | None = None

    def fresh(self, name: str) -> Path:
        """A new empty folder for one case."""
        self.counter += 1
        path = self.root / f"{name}-{self.counter}"
        path.mkdir()
        return path

    def base_save(self) -> bytes:
        """The bytes of a short real game, made once (new --seed 5, then a turn)."""
        if self._base_save is None:
            folder = self.fresh("base")
            game = folder / "g.json"
            for args in (["new", "--seed", str(BASE_SEED)], *BASE_COMMANDS):
                code, out, problem = self.invoke([*args, "--game", str(game)], folder)
                assert code == 0 and problem is None, (args, out, problem)
            self._base_save = game.read_bytes()
        return self._base_save

    def expand(self, word: str, names: dict[str, Path]) -> str:
        """`word` with its placeholders replaced by paths."""
        def one(match: re.Match) -> str:
            key = match.group(1)
            if key in names:
                return str(names[key])
            if key in self.special:
                return str(self.special[key])
            return match.group(0)
        return re.sub(r"\{([a-z]+)\}", one, word)

    def invoke(self, args: list[str], folder: Path, input: str | None = None,
               limit: float = TIME_LIMIT) -> tuple[int, str, str | None]:
        """Run `throne ARGS` in `folder`: (exit code, output, problem or None)."""
        runner = CliRunner(env=self.env)
        with cwd(folder):
            try:
                with time_limit(limit):
                    result = runner.invoke(cli, args, input=input if input is not None else "")
            except Hang as exc:   # raised outside click's own catch
                return -1, "", f"hang: {exc}"
        exc = result.exception
        if isinstance(exc, Hang):
            return -1, result.output, f"hang: {exc}"
        if exc is not None and not isinstance(exc, SystemExit):
            tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            return result.exit_code, result.output, f"traceback:\n{tb[-3000:]}"
        if result.exit_code not in (0, 2):
            return result.exit_code, result.output, f"exit status {result.exit_code}"
        if "Traceback (most recent call last)" in result.output:
            return result.exit_code, result.output, "a traceback in the output"
        return result.exit_code, result.output, None


def problem_line(kind: str, case: dict, what: str, args: Any = None) -> str:
    shown = json.dumps(case, ensure_ascii=True)
    if len(shown) > 600:
        shown = shown[:600] + "..."
    return f"[{kind}] {what}\n  args: {args!r}\n  case: {shown}"


def run_case(kind: str, case: dict, ws: Workspace) -> list[str]:
    """Run one case of `kind`; the problems found (empty: it held)."""
    from fuzz_kinds import RUNNERS

    return RUNNERS[kind](case, ws)


def cleanup(ws: Workspace) -> None:
    shutil.rmtree(ws.root, ignore_errors=True)
