"""The save lock's cost on a command, flock directly vs the filelock library.

Each round starts, side by side, a process that imports what `throne move`
imports and takes the save lock once the way `assistant.lock` does (flock
from the standard library), and the same with the `filelock` library (its
import included, as a command would pay it). Prints the median wall time of
each and their ratio; the baseline is a process that imports the same and
takes no lock.

    python scripts/bench_lock.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from benchenv import ROOT, precompile, timed

SETUP = ("import sys; sys.path.insert(0, {root!r}); from pathlib import Path; "
         "import throne_pnp.cli.game_cmds, throne_pnp.assistant.commands; ")
VARIANTS = {
    "no lock": "pass",
    "flock (ours)": ("from throne_pnp.assistant.lock import save_lock\n"
                     "with save_lock(Path({game!r})): pass"),
    "filelock": ("from filelock import FileLock\n"
                 "with FileLock({lock!r}, preserve_lock_file=True): pass"),
}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    precompile()
    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "g.json"
        lock = Path(folder) / ".g.json.lock"
        codes = {name: SETUP.format(root=str(ROOT)) + "\n" + body.format(
            game=str(game), lock=str(lock)) for name, body in VARIANTS.items()}
        times: dict[str, list[float]] = {name: [] for name in codes}
        for _ in range(rounds):
            for name, code in codes.items():
                times[name].append(timed([sys.executable, "-c", code]))
    base = statistics.median(times["no lock"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:>13}: {median * 1000:7.1f} ms  ({median / base:.3f} x no lock)")


if __name__ == "__main__":
    main()
