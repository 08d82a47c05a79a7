"""The drop family of the owned-file fuzzing (`fuzz_owned`): a real `throne serve`.

Clients send part of a POST body (or a whole one with a bad Host header) and
leave. The property: no traceback on the server's terminal (at most its one
quiet line), never a 5xx, and the server still answers `/version` after it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from fuzz_harness import ROOT, Workspace, problem_line
from hypothesis import strategies as st

ROUTES = ("/card", "/battle", "/move", "/new", "/fix", "/undo", "/done", "/hand", "/rally",
          "/withdraw", "/hint", "/version", "/")
HOSTS = ("good", "localhost:evil.com", "127.0.0.1:8000@evil.com", "127.0.0.1:99999",
         "localhost:", "evil.com", "[::1]:PORT", "localhost:PORT", "127.0.0.1:PORT:1", "")
drop_cases = st.fixed_dictionaries({
    "path": st.sampled_from(ROUTES),
    "declared": st.one_of(st.integers(1, 100), st.integers(100, 2_000_000)),
    "sent": st.integers(0, 400),
    "multipart": st.booleans(),
    "host": st.sampled_from(HOSTS),
    "pause": st.sampled_from((0.0, 0.0, 0.01, 0.05)),
    "complete": st.booleans(),
})

# ------------------------------------------------------------------ drop

def http_request(port: int, raw: bytes, timeout: float = 10) -> bytes:
    """Send the `raw` request to the local server on `port`; its whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


class Server:
    """A real `throne serve` for the drop family, its terminal kept in a file."""

    def __init__(self, ws: Workspace):
        self.folder = ws.fresh("serve")
        (self.folder / "throne-game.json").write_bytes(ws.base_save())
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.log = self.folder / "terminal.txt"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(self.folder / "st")}
        env.pop("THRONE_CONTENT", None)
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "throne_pnp", "serve", "--port", str(self.port),
                 "--game", str(self.folder / "throne-game.json")], cwd=self.folder, env=env,
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.seen = 0
        for _ in range(400):
            if self.alive():
                self.new_terminal_text()     # what it printed on starting
                return
            time.sleep(0.05)
        raise RuntimeError("throne serve did not start")

    def alive(self) -> bool:
        try:
            answer = self.request(b"GET /version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                                  b"Connection: close\r\n\r\n" % self.port)
        except OSError:
            return False
        return answer.startswith(b"HTTP/1.1 200")

    def request(self, raw: bytes, timeout: float = 10) -> bytes:
        return http_request(self.port, raw, timeout)

    def new_terminal_text(self) -> str:
        data = self.log.read_bytes()
        text = data[self.seen:].decode("utf-8", "replace")
        self.seen = len(data)
        return text

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


_servers: dict[str, Server] = {}


def server_for(ws: Workspace) -> Server:
    key = str(ws.root)
    if key not in _servers or _servers[key].process.poll() is not None:
        _servers[key] = Server(ws)
    return _servers[key]


def stop_servers() -> None:
    for server in _servers.values():
        server.stop()
    _servers.clear()


def run_drop(case: dict, ws: Workspace) -> list[str]:
    server = server_for(ws)
    port = server.port
    host = {"good": f"127.0.0.1:{port}"}.get(case["host"], case["host"].replace("PORT",
                                                                               str(port)))
    if case["multipart"]:
        kind = b"multipart/form-data; boundary=XyZ"
        body = (b"--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc\r\n"
                b"--XyZ\r\nContent-Disposition: form-data; name=\"card\"\r\n\r\n7\r\n"
                + b"x" * 400)
    else:
        kind = b"application/x-www-form-urlencoded"
        body = b"csrf=abc&card=7&game=1&" + b"x" * 400
    declared = case["declared"]
    sent = body[:min(case["sent"], declared)]
    head = (f"POST {case['path']} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {declared}\r\n"
            ).encode("latin-1") + b"Content-Type: " + kind + b"\r\n\r\n"
    problems: list[str] = []
    answer = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(head + sent)
            if case["pause"]:
                time.sleep(case["pause"])
            if case["complete"] and len(sent) == declared:
                sock.settimeout(10)
                answer = sock.recv(65536)
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    except OSError as exc:
        problems.append(problem_line("drop", case, f"other: cannot reach the server: {exc}"))
    if answer[:10].startswith(b"HTTP/1.1 5"):
        problems.append(problem_line("drop", case, f"HTTP 5xx: {answer[:200]!r}"))
    time.sleep(0.02)
    if not server.alive():
        time.sleep(1.0)
        if not server.alive():
            problems.append(problem_line("drop", case, "hang: the server stopped answering"))
            server.stop()
    said = server.new_terminal_text()
    if "Traceback" in said or "Exception in ASGI" in said:
        problems.append(problem_line("drop", case, f"traceback on the server's terminal: "
                                     f"{said[-1500:]}"))
    lines = [line for line in said.splitlines() if line.strip()]
    if len(lines) > 1:
        problems.append(problem_line("drop", case, f"other: more than one line on the "
                                     f"terminal: {said[-600:]}"))
    return problems


