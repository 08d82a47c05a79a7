"""Benchmark: a tap on the table page against the same command at the CLI.

Sets up a game at its Player Actions, starts `throne serve` on a free port,
then alternately (the machine is shared and noisy, so both are measured side
by side in one run) gives `move 1 1 2`:

- as a tap: POST /move on the running server, then the page it redirects to
  (GET /, read whole), on one kept-alive connection, as a browser does;
- as a process: `throne move 1 1 2` (python -m throne_pnp, this tree).

After each, `undo` (not timed) puts the game back. Prints the median of each
and their ratio. Target: the tap takes at most 1/5 of the CLI (ratio <= 0.2).

    python scripts/bench_serve.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

from benchenv import ROOT, precompile, timed, user_env


def env() -> dict[str, str]:
    out = user_env()
    out["PYTHONPATH"] = str(ROOT)
    return out


def throne(*args: str) -> list[str]:
    return [sys.executable, "-m", "throne_pnp", *args]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Tapper:
    """A kept-alive connection to the page, posting forms like the browser."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.csrf = ""
        self.game = ""

    def get(self, path: str) -> str:
        self.conn.request("GET", path)
        answer = self.conn.getresponse()
        body = answer.read().decode()
        found = re.search(r'name="csrf" value="([^"]+)"', body)
        if found:
            self.csrf = found.group(1)
        shown = re.search(r'name="game" value="([^"]*)"', body)
        if shown:
            self.game = shown.group(1)   # the game version the page's forms carry
        return body

    def post(self, path: str, **fields: str) -> str:
        body = urlencode({"csrf": self.csrf, "game": self.game, **fields})
        self.conn.request("POST", path, body, {"content-type":
                                               "application/x-www-form-urlencoded"})
        answer = self.conn.getresponse()
        answer.read()
        if answer.status != 303:
            raise SystemExit(f"POST {path}: status {answer.status}")
        return self.get(answer.getheader("location") or "/")


def wait_for(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.05)


@contextmanager
def served_game(tmp: str) -> Iterator[tuple[str, Tapper]]:
    """A game a card and a battle in (seed 3), served by `throne serve` on a free
    port: (the save's path, a client that has loaded its page); the server is
    stopped afterwards."""
    game = str(Path(tmp) / "throne-game.json")
    for cmd in (("new", "--seed", "3"), ("card", "7"), ("battle", "18")):
        subprocess.run(throne(*cmd, "--game", game), check=True, env=env(),
                       stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen(throne("serve", "--port", str(port), "--game", game),
                              env=env(), stdout=subprocess.DEVNULL)
    try:
        wait_for(port, server)
        page = Tapper(port)
        page.get("/")
        yield game, page
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    precompile()
    with tempfile.TemporaryDirectory() as tmp, served_game(tmp) as (game, page):
        cli = throne("move", "1", "1", "2", "--game", game)
        undo = throne("undo", "--game", game)
        timed(cli)  # warm the file cache
        timed(undo)
        taps, runs = [], []
        for _ in range(args.rounds):
            start = time.perf_counter()
            shown = page.post("/move", count="1", **{"from": "1", "to": "2"})
            taps.append(time.perf_counter() - start)
            if "after <code>move 1 1 2</code>" not in shown:
                raise SystemExit("the tap was not accepted")
            page.post("/undo")
            runs.append(timed(cli))
            timed(undo)
    t, c = statistics.median(taps), statistics.median(runs)
    print(f"tap on the page (POST + page)   median {t * 1000:7.1f} ms")
    print(f"throne move as a process        median {c * 1000:7.1f} ms")
    print(f"ratio                           {t / c:7.3f}    (target <= 0.2)")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
