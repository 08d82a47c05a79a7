"""Helpers for the table page tests: an in-process client, a real server, form parsing."""

from __future__ import annotations

import html
import re
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from throne_pnp.content import load_content

HOST = "http://127.0.0.1:8000"
COMMAND_WORDS = ("card", "battle", "withdraw", "move", "rally", "done", "undo", "fix", "hand",
                 "new", "hint", "review", "scan")


def content():
    return load_content(None)


def make_client(game: Path, access=None, edition=None):
    """A TestClient on the app for `game` (loopback access, the bundled edition unless
    given)."""
    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # starlette 1.x prefers httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from throne_pnp.web.app import create_app

    app = create_app(game, edition or content(), access)
    return TestClient(app, base_url=HOST, follow_redirects=False), app


def csrf_of(text: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', text)
    assert found, "the page has no form with an anti-forgery token"
    return found.group(1)


def game_of(text: str) -> str:
    """The game version the page's forms were rendered against."""
    found = re.search(r'name="game" value="([^"]*)"', text)
    assert found, "the page has no form carrying the game version"
    return found.group(1)


def button_names(text: str) -> list[str]:
    """The accessible name of every <button> on a page: aria-label, else its text."""
    names = []
    for attrs, inner in re.findall(r"<button([^>]*)>(.*?)</button>", text, re.S):
        label = re.search(r'aria-label="([^"]*)"', attrs)
        name = label.group(1) if label else re.sub(r"<[^>]+>", " ", inner)
        names.append(" ".join(html.unescape(name).split()))
    return names


def post(client, page_text: str, path: str, **fields):
    """POST a form the way the page does (with its anti-forgery token and the game
    version it was rendered against)."""
    data = {"csrf": csrf_of(page_text), "game": game_of(page_text),
            **{k: str(v) for k, v in fields.items()}}
    return client.post(path, data=data)


def browser_path() -> str | None:
    """The OS Chromium for Playwright (its own browser download is not used)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(app, port: int | None = None) -> Iterator[str]:
    """uvicorn serving `app` on 127.0.0.1 (on `port`, else a free one) in a thread;
    always stopped afterwards."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
