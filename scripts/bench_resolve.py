"""Benchmark: the commands typed at the table, as a ratio to a bare Python start.

Times the installed `throne` console script (as a user runs it, with byte
code) on the commands of a turn: `resolve king` on the rulebook's movement
example, and `card`, `move`, `done`, `battle` and `status` on a tracked game
in a temporary folder (each run starts from the same saved position, put
back between runs, outside the timing). `python -c pass` runs alternately
with them (the machine is shared and noisy, so everything is measured side
by side in one run). Prints each command's median, its ratio to the bare
start and its fixed overhead (milliseconds above the bare start), with the
ratio that overhead gives where Python starts in FAST_START ms (a wheel
install on a quick machine; an editable install's start is slower, as its
path finder loads at every start): (FAST_START + overhead) / FAST_START.
Target: every ratio at or below 3, there too.

The content cache is warmed first, as it is after a player's first command;
`--cold` disables it to show what a first run costs.

    python scripts/bench_resolve.py [--rounds 15] [--cold]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchenv import precompile, timed, user_env

POSITION = "{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}\n"
TWO_LINES = "king: {3: 2, 4: 1, 7: 2, 9: 2}\nplayer: {1: 2, 2: 1, 5: 1}\n"   # same, block style
FAST_START = 20.0   # ms: `python -c pass` where Python starts fast


def throne_command() -> list[str]:
    """The installed console script, else `python -m throne_pnp` (says which).

    The script next to this Python comes first: a `throne` found on PATH may
    be a version manager's shim (pyenv's costs ~90 ms a start), which would
    be timed instead of the command."""
    beside = Path(sys.executable).with_name("throne")
    if beside.exists():
        return [str(beside)]
    throne = shutil.which("throne")
    if throne:
        return [throne]
    print("note: no `throne` console script on PATH; timing `python -m throne_pnp`")
    return [sys.executable, "-m", "throne_pnp"]


def run(cmd: list[str]) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          env=user_env()).stdout


def snapshots(throne: list[str], tmp: Path) -> dict[str, bytes]:
    """Saved games at the moments the timed commands are typed.

    `card`: turn 1, the player's card phase (seed 1: hand 3, 4, 14, 16, 18).
    `actions`: after card 16, Player Actions with 5 points.
    `battle`: after `move 1 1 2` and `done`, a battle waits in 2.
    """
    game = tmp / "game.json"
    run([*throne, "new", "--seed", "1", "--game", str(game)])
    shots = {"card": game.read_bytes()}
    run([*throne, "card", "16", "--game", str(game)])
    shots["actions"] = game.read_bytes()
    run([*throne, "move", "1", "1", "2", "--game", str(game)])
    run([*throne, "done", "--game", str(game)])
    status = json.loads(run([*throne, "status", "--json", "--game", str(game)]))
    assert status["step"] == "battle", status["next"]
    shots["battle"] = game.read_bytes()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--cold", action="store_true",
                        help="no content cache (THRONE_NO_CACHE): every run parses the YAML")
    args = parser.parse_args()
    precompile()
    throne = throne_command()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache")   # a private cache, warmed below
        os.environ.pop("THRONE_CONTENT", None)
        if args.cold:
            os.environ["THRONE_NO_CACHE"] = "1"
        os.chdir(tmp)
        pos = tmp / "pos.yaml"
        pos.write_text(POSITION)
        pos2 = tmp / "pos2.yaml"
        pos2.write_text(TWO_LINES)
        game = str(tmp / "game.json")
        shots = snapshots(throne, tmp)
        # name -> (command, snapshot to restore before each run or None)
        cases = {
            "resolve king": ([*throne, "resolve", "king", "--at", str(pos), "--card", "2"],
                             None),
            "resolve (2 lines)": ([*throne, "resolve", "king", "--at", str(pos2), "--card",
                                   "2"], None),
            "card": ([*throne, "card", "16", "--game", game], "card"),
            "move": ([*throne, "move", "1", "1", "2", "--game", game], "actions"),
            "done": ([*throne, "done", "--game", game], "actions"),
            "battle": ([*throne, "battle", "3", "--game", game], "battle"),
            "status": ([*throne, "status", "--game", game], "actions"),
        }
        bare = [sys.executable, "-c", "pass"]

        def once(name: str) -> float:
            cmd, shot = cases[name]
            if shot is not None:
                Path(game).write_bytes(shots[shot])
            return timed(cmd)

        for name in cases:
            once(name)   # warm the file cache and the content cache
        floor: list[float] = []
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.rounds):
            for name in cases:
                floor.append(timed(bare))
                times[name].append(once(name))
    f = statistics.median(floor)
    print(f"python -c pass          median {f * 1000:7.1f} ms")
    worst = worst_fast = 0.0
    for name, values in times.items():
        m = statistics.median(values)
        over = (m - f) * 1000
        fast = (FAST_START + over) / FAST_START
        worst, worst_fast = max(worst, m / f), max(worst_fast, fast)
        print(f"throne {name:<17} median {m * 1000:7.1f} ms   ratio {m / f:5.2f}x   "
              f"overhead {over:6.1f} ms   ({fast:4.2f}x at a {FAST_START:.0f} ms start)")
    print(f"worst ratio             {worst:7.2f}x   (target <= 3x)"
          + ("   [cold: no content cache]" if args.cold else ""))
    print(f"worst at a {FAST_START:.0f} ms start   {worst_fast:7.2f}x   (overhead added to a "
          f"{FAST_START:.0f} ms start; the overhead is this machine's)")

if __name__ == "__main__":
    main()
