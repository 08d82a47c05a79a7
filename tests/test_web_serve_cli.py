"""`throne serve`: the missing extra, the printed URL and QR code, a real process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import free_port

from throne_pnp.cli import cli

pytest.importorskip("starlette")
ROOT = Path(__file__).resolve().parents[1]


def test_without_the_web_extra_it_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)   # find_spec -> None: "not installed"
    result = CliRunner().invoke(cli, ["serve", "--game", str(tmp_path / "g.json")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and 'pip install "throne_pnp[web]"' in lines[0]
    assert 'pip install ".[web]"' in lines[0] and 'pipx install --force ".[web,png]"' in lines[0]
    assert "uvicorn" in lines[0]


def test_help_has_an_example():
    out = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "Example:" in out and "throne serve --lan" in out and "--port" in out


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--game",
                                          str(tmp_path / "g.json")])
    assert result.exit_code == 2 and f"port {port} is in use" in result.output
    assert "Traceback" not in result.output


def test_lan_prints_the_url_with_its_token_and_a_qr_code(tmp_path, monkeypatch):
    from throne_pnp.web import server

    ran = {}
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.7.9")
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "run", lambda app, host, port: ran.update(
        app=app, host=host, port=port))
    result = CliRunner().invoke(cli, ["serve", "--lan", "--port", "8123", "--game",
                                      str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    token = ran["app"].page.config.access.token
    assert f"http://192.168.7.9:8123/?token={token}" in result.output
    url = f"http://192.168.7.9:8123/?token={token}"
    drawn = result.output[result.output.index("\033["):result.output.rindex("\033[0m") + 4]
    assert server.qr_modules(drawn) == code_with_quiet_zone(url)
    assert ran["host"] == "0.0.0.0" and ran["port"] == 8123


def code_with_quiet_zone(url: str) -> list[list[int]]:
    """segno's own modules for `url` with a 4-module light border, rounded up to an even
    number of rows with one more light row (as the terminal draws two rows a line)."""
    import segno

    rows = [[int(bool(v)) for v in row] for row in segno.make(url, error="l").matrix]
    width = len(rows[0]) + 8
    light = [[0] * width for _ in range(4)]
    framed = light + [[0] * 4 + row + [0] * 4 for row in rows] + light
    return framed + ([[0] * width] if len(framed) % 2 else [])


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/",
                                 "http://192.168.1.23:8000/?token=3vQx-_9aZ" + "k" * 30])
def test_the_qr_code_draws_both_colours_explicitly(url):
    from throne_pnp.web import server

    text = server.qr_text(url)
    lines = text.splitlines()
    # every cell names both its colours (never the terminal's own), each line resets
    assert all(line.endswith("\033[0m") for line in lines)
    cells = [line.count("\u2580") for line in lines]
    assert len(set(cells)) == 1
    assert sum(line.count("\033[38;5;") for line in lines) == sum(cells)
    assert sum(line.count(";48;5;") for line in lines) == sum(cells)
    assert "\033[7m" not in text and "\033[49m" not in text and "\u2588" not in text
    modules = server.qr_modules(text)
    assert modules == code_with_quiet_zone(url)
    # the quiet zone: four light modules round the code on every side
    assert all(not any(row) for row in modules[:4])
    assert all(not any(row[:4]) and not any(row[-4:]) for row in modules)
    # the three finder patterns sit just inside the quiet zone
    size = len(modules[0]) - 8
    for top, left in ((4, 4), (4, size - 3), (size - 3, 4)):
        assert modules[top][left:left + 7] == [1] * 7
        assert modules[top + 1][left:left + 7] == [1, 0, 0, 0, 0, 0, 1]


def test_without_lan_it_listens_on_loopback_only(tmp_path, monkeypatch):
    from throne_pnp.web import server

    ran = {}
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "run", lambda app, host, port: ran.update(host=host))
    result = CliRunner().invoke(cli, ["serve", "--game", str(tmp_path / "g.json")])
    assert result.exit_code == 0 and "http://127.0.0.1:8000/" in result.output
    assert "token" not in result.output and ran["host"] == "127.0.0.1"


def test_serve_as_a_process(tmp_path):
    game = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game)]).exit_code == 0
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "throne_pnp", "serve", "--port", str(port),
                             "--game", str(game)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    body = page.read().decode()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(proc.stdout.read() if proc.stdout else "") from None
                time.sleep(0.1)
        assert "Card 7" in body
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
